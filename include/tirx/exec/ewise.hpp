// tile::ewise(f, dst, srcs..., scope): one call of f per element (the atom
// is one element), unrolled at compile time in row-major order, with f's
// parameter and result types checked against the operands' elements.
#pragma once

#include <tirx/exec/issue.hpp>
#include <tirx/exec/messages.hpp>

namespace tirx::detail {

/// The value type an ewise source contributes: a tensor's element, or the scalar.
template <class X> struct ewise_arg { using type = bare<X>; };
template <class X>
requires is_tensor_v<bare<X>>
struct ewise_arg<X> {
  using type = typename bare<X>::value_type;
};
template <class X> using ewise_arg_t = typename ewise_arg<X>::type;

template <class F, class Seq, class... Args> struct ewise_result;
template <class F, int... K, class... Args>
struct ewise_result<F, cuda::std::integer_sequence<int, K...>, Args...> {
  using type = cuda::std::invoke_result_t<F&, ewise_arg_t<pack_element_t<K + 1, Args...>>...>;
};

/// Parameter types of a non-generic callable (lambda, functor, function).
template <class F> struct params_of { static constexpr bool known = false; };
template <class R, class... P> struct params_of<R (*)(P...)> {
  static constexpr bool known = true;
  template <class... A>
  static constexpr bool match = (sizeof...(A) == sizeof...(P)) &&
                                (cuda::std::is_same_v<bare<P>, A> && ...);
};
template <class R, class... P> struct params_of<R(P...)> : params_of<R (*)(P...)> {};
template <class C, class R, class... P>
struct params_of<R (C::*)(P...) const> : params_of<R (*)(P...)> {};
template <class C, class R, class... P>
struct params_of<R (C::*)(P...)> : params_of<R (*)(P...)> {};
template <class F>
requires requires { &F::operator(); }
struct params_of<F> : params_of<decltype(&F::operator())> {};

/// True when F's parameters are exactly A... (or F is generic: unknowable).
template <class F, class... A> TIRX_HD constexpr bool params_match() {
  if constexpr (params_of<F>::known)
    return params_of<F>::template match<A...>;
  else
    return true;
}

#if defined(__CUDACC__)
/// The value a source contributes to repeat Rep, element J.
template <class X, class S, index_t Atom, index_t Rep, index_t J>
__device__ TIRX_FORCEINLINE auto source_value(const X& x, const int (&g)[scope::max_group_rank]) {
  if constexpr (is_tensor_v<bare<X>>)
    return x.data()[elem_offset<bare<X>, S, Atom, Rep, J>(g)];
  else
    return x;
}

template <class Scope, index_t R, class F, class Dst, class... X>
__device__ TIRX_FORCEINLINE void ewise_repeat(F& f, const GroupCoords& g, Dst& dst, X&... src) {
  using DT = bare<Dst>;
  dst.data()[elem_offset<DT, Scope, 1, R, 0>(g)] =
      f(source_value<bare<X>, Scope, 1, R, 0>(src, g)...);
}
template <class Scope, index_t Repeats, class F, class Dst, class... X>
__device__ TIRX_FORCEINLINE void ewise_all(F& f, const GroupCoords& g, Dst& dst, X&... src) {
  [&]<index_t... R>(cuda::std::integer_sequence<index_t, R...>) {
    (ewise_repeat<Scope, R>(f, g, dst, src...), ...);
  }
  (cuda::std::make_integer_sequence<index_t, Repeats>{});
}
#endif

} // namespace tirx::detail

namespace tirx::tile {

#if defined(__CUDACC__)
/// Applies f to every element: one call per repeat (the atom is one
/// element). f's parameter and result types must be the elements' types.
/// Checked like apply: the first broken rule is the only message. Like
/// apply, it takes the destination by reference and the sources by value (a
/// constexpr constant as a scalar is read, never odr-used), register tiles
/// by reference (as apply does: they are never copied).
template <class F, class Dst, class... Args>
requires(!(is_owning_tensor_v<Args> || ...)) __device__ TIRX_FORCEINLINE
    void ewise(F&& f, Dst&& dst, Args... args);
template <class F> __device__ TIRX_FORCEINLINE void ewise(F&& f);

namespace impl {
template <class F, class... Args> __device__ TIRX_FORCEINLINE void ewise(F&& f, Args&&... args) {
  using detail::ArgsError;
  constexpr ArgsError ae = detail::check_args<false, Args...>();
  if constexpr (ae != ArgsError::none) {
    detail::report_args<ae, detail::TileOp::ewise>();
  } else {
    constexpr int nops = detail::count_operands<Args...>();
    constexpr int nsrc = nops - 1;
    using Scope = detail::bare<detail::pack_element_t<nops, Args...>>;
    using Dst = detail::bare<detail::pack_element_t<0, Args...>>;
    constexpr bool gathered = (is_gathered_v<detail::bare<Args>> || ...);
    if constexpr (gathered) {
      static_assert(!gathered, "tirx::tile::ewise: a gathered operand (tensor.gather(indices)) is "
                               "moved by tile::apply only; load it into registers with ld (or "
                               "store the registers with st) and call ewise on the registers");
    } else if constexpr (!is_tensor_v<Dst>) {
      static_assert(is_tensor_v<Dst>, "tirx::tile::ewise: the destination must be a tirx tensor "
                                      "(f's results are written into it); pass "
                                      "it right after f");
    } else {
      constexpr detail::OperandError oe = [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
        detail::OperandError r = detail::ewise_operand_error<Scope, Dst>();
        ((r = r != detail::OperandError::none
                  ? r
                  : detail::ewise_operand_error<Scope, detail::pack_element_t<K + 1, Args...>>()),
         ...);
        return r;
      }
      (cuda::std::make_integer_sequence<int, nsrc>{});
      constexpr bool shapes_agree = [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
        return (detail::same_repeats<Scope, 1, Dst, detail::pack_element_t<K + 1, Args...>>() &&
                ...);
      }
      (cuda::std::make_integer_sequence<int, nsrc>{});
      constexpr bool params_ok = [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
        return detail::params_match<
            detail::bare<F>, detail::ewise_arg_t<detail::pack_element_t<K + 1, Args...>>...>();
      }
      (cuda::std::make_integer_sequence<int, nsrc>{});
      constexpr bool invocable = [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
        return cuda::std::is_invocable_v<
            F&, detail::ewise_arg_t<detail::pack_element_t<K + 1, Args...>>...>;
      }
      (cuda::std::make_integer_sequence<int, nsrc>{});
      if constexpr (oe != detail::OperandError::none) {
        detail::report_operand<oe, detail::TileOp::ewise>();
      } else if constexpr (!shapes_agree) {
        static_assert(shapes_agree, "tirx::tile::ewise: group and repeat shapes must agree across "
                                    "operands (extent-1 modes aside); "
                                    "view<...>() the sources to the destination's shape");
      } else if constexpr (!params_ok) {
        static_assert(
            params_ok,
            "tirx::tile::ewise: f's parameter types must be the source element types, one per "
            "source "
            "(nothing is converted); take e.g. half for a half tensor and convert inside f");
      } else if constexpr (!invocable) {
        static_assert(invocable, "tirx::tile::ewise: f cannot be called with the source element "
                                 "types; give it one parameter per "
                                 "source, in order");
      } else {
        using Result = typename detail::ewise_result<F, cuda::std::make_integer_sequence<int, nsrc>,
                                                     Args...>::type;
        using T = typename Dst::value_type;
        if constexpr (!cuda::std::is_same_v<Result, T>) {
          static_assert(
              cuda::std::is_same_v<Result, T>,
              "tirx::tile::ewise: f's result type must be the destination's element type (nothing "
              "is "
              "converted); convert inside f, e.g. return __float2half(y) for a half destination");
        } else {
          constexpr detail::OperandSplit ds =
              detail::split_operand(Dst::shape(), scope::traits<Scope>::group_rank, 1);
          detail::check_launch<Scope, Dst>();
          detail::GroupCoords gc{};
          detail::group_coords<Scope>(gc);
          [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
            detail::ewise_all<Scope, ds.repeats>(f, gc, detail::nth_arg<0>(args...),
                                                 detail::nth_arg<K + 1>(args...)...);
          }
          (cuda::std::make_integer_sequence<int, nsrc>{});
        }
      }
    }
  }
}
} // namespace impl

template <class F, class Dst, class... Args>
requires(!(is_owning_tensor_v<Args> || ...)) __device__ TIRX_FORCEINLINE
    void ewise(F&& f, Dst&& dst, Args... args) {
  impl::ewise(f, dst, args...);
}
/// With register tiles among the sources: the arguments up to the last
/// register tile by reference, the rest by value.
#define TIRX_EWISE_REFS(CLASSES, PARAMS, NAMES, LAST)                                              \
  template <class F, class Dst, TIRX_UNPAREN CLASSES, class... Args>                               \
  requires(is_owning_tensor_v<LAST> && !(is_owning_tensor_v<Args> || ...))                         \
      __device__ TIRX_FORCEINLINE void                                                             \
      ewise(F&& f, Dst&& dst, TIRX_UNPAREN PARAMS, Args... args) {                                 \
    impl::ewise(f, dst, TIRX_UNPAREN NAMES, args...);                                              \
  }
#define TIRX_UNPAREN(...) __VA_ARGS__
TIRX_EWISE_REFS((class S1), (S1 && s1), (s1), S1)
TIRX_EWISE_REFS((class S1, class S2), (S1 && s1, S2&& s2), (s1, s2), S2)
TIRX_EWISE_REFS((class S1, class S2, class S3), (S1 && s1, S2&& s2, S3&& s3), (s1, s2, s3), S3)
TIRX_EWISE_REFS((class S1, class S2, class S3, class S4), (S1 && s1, S2&& s2, S3&& s3, S4&& s4),
                (s1, s2, s3, s4), S4)
#undef TIRX_EWISE_REFS
#undef TIRX_UNPAREN
template <class F> __device__ TIRX_FORCEINLINE void ewise(F&& f) { impl::ewise(f); }
#endif

} // namespace tirx::tile
