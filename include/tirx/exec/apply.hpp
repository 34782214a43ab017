// tile::apply<ptx<"spelling">>(dst, srcs..., scope [, options]): one
// instruction per repeat, unrolled at compile time in row-major order. No
// barrier, no election, no completion wait is added. The checks run in
// order (arguments, instruction, options, operands, shapes) and each one
// guards the next, so the first broken rule is the only message. Nothing
// here names a PTX family: the spelling's Desc says what each operand is.
#pragma once

#include <tirx/exec/issue.hpp>
#include <tirx/exec/messages.hpp>
#include <tirx/ptx/policy.hpp>

namespace tirx::tile {

#if defined(__CUDACC__)
/// Runs one PTX instruction per repeat. Arguments: the destination, the
/// sources (tensors, or scalars that broadcast), the scope, then options
/// (pred(...), preserve_dst, bound(...), cache_hint(...), accumulate(...),
/// negate_a, negate_b, src_size(...), ignore_src(...)).
/// A whole-operand instruction (wgmma, ldmatrix, mma.sync: its Desc says
/// `whole`) is issued once by the scope's threads on whole fragments and
/// shared tiles, which its family checks.
/// The destination is taken by reference, every other argument by value, so
/// that a constexpr constant (namespace or class scope) passed as a scalar
/// is read, never odr-used: device code may use its value, not its address.
/// A register tile (alloc_local) is never copied: as the first source it is
/// taken by reference alone; as a later source every argument is (a
/// namespace-scope constexpr scalar in that call is then odr-used: pass a
/// local copy of it).
template <class Instr, class Dst, class... Args>
requires(!(is_owning_tensor_v<Args> || ...)) __device__ TIRX_FORCEINLINE
    void apply(Dst&& dst, Args... args);
template <class Instr> __device__ TIRX_FORCEINLINE void apply();

namespace impl {
template <class Instr, class... Args> __device__ TIRX_FORCEINLINE void apply(Args&&... args) {
  using detail::ApplyError;
  using detail::ArgsError;
  constexpr ArgsError ae = detail::check_args<true, Args...>();
  if constexpr (!is_ptx_v<Instr>) {
    static_assert(is_ptx_v<Instr>, "tirx::tile::apply: the instruction must be "
                                   "tirx::ptx<\"spelling\">, e.g. apply<ptx<\"add.f32\">>(...)");
  } else if constexpr (ae != ArgsError::none) {
    detail::report_args<ae, detail::TileOp::apply>();
  } else {
    constexpr ptxdesc::Desc d = Instr::desc;
    constexpr int nops = detail::count_operands<Args...>();
    constexpr int nsrc = nops - 1;
    using Scope = detail::bare<detail::pack_element_t<nops, Args...>>;
    // a gathered operand follows the rules of its rule tensor (exec/gather.hpp)
    using Dst = detail::rule_tensor_t<detail::pack_element_t<0, Args...>>;
    using PredT = typename detail::pred_type<Args...>::type;
    constexpr bool has_pred = !cuda::std::is_same_v<PredT, void>;
    constexpr bool preserve = (cuda::std::is_same_v<detail::bare<Args>, PreserveDst> || ...);
    constexpr bool has_bound = (detail::is_bound_v<Args> || ...);
    constexpr bool has_hint = (detail::is_hint_v<Args> || ...);
    using FillT = typename detail::fill_type<Args...>::type;
    constexpr bool has_fill = !cuda::std::is_same_v<FillT, void>;
    constexpr bool has_accumulate =
        (detail::is_accumulate_v<Args> || ...) || (detail::is_negate_v<Args> || ...);
    constexpr unsigned negates =
        ((cuda::std::is_same_v<detail::bare<Args>, NegateA> ? 1u : 0u) | ...) |
        ((cuda::std::is_same_v<detail::bare<Args>, NegateB> ? 2u : 0u) | ...);
    constexpr ApplyError e =
        detail::check_apply<Instr, nsrc, has_pred, preserve, Dst, has_bound, has_hint, Scope,
                            detail::target_sm, has_accumulate, has_fill>();
    if constexpr (detail::row_reported(e)) {
      constexpr detail::RowReport r = detail::row_report<e, Instr, nsrc>;
      ptxdesc::registered::template family<r.family>::template report<r.index, r.kind>();
    } else if constexpr (e != ApplyError::none) {
      detail::report_apply<e, Instr, nsrc>();
    } else if constexpr (d.whole) {
      // fragments and shared tiles of the whole warp or warpgroup: the family
      // checks their layouts and issues the instruction once (on a launch
      // that holds the scope's threads: debug builds check it, at warpgroup
      // scope in wgmma_fence(), outside the sequence of wgmmas)
      if constexpr (!cuda::std::is_same_v<Scope, scope::warpgroup_t>)
        detail::check_launch<Scope, Dst>();
      const tile::Accumulate* acc = static_cast<const tile::Accumulate*>(
          detail::find_option<detail::is_accumulate_arg>(args...));
      const ptxemit::Issue on{1u, 0ull, acc ? (acc->on ? 1u : 0u) : 1u};
      using Family = typename ptxdesc::registered::template family<d.family>;
      [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
        Family::template issue_whole<Instr::spelling, negates>(on, detail::nth_arg<K>(args...)...);
      }
      (cuda::std::make_integer_sequence<int, nops>{});
    } else {
      constexpr detail::OperandError oe = [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
        detail::OperandError r = detail::apply_operand_error<Instr, Scope, nsrc, 0, Dst>();
        ((r = r != detail::OperandError::none
                  ? r
                  : detail::apply_operand_error<
                        Instr, Scope, nsrc, K + 1,
                        detail::rule_tensor_t<detail::pack_element_t<K + 1, Args...>>>()),
         ...);
        return r;
      }
      (cuda::std::make_integer_sequence<int, nsrc>{});
      constexpr bool shapes_agree = [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
        return (detail::apply_same_repeats<
                    Instr, Scope, Dst,
                    detail::rule_tensor_t<detail::pack_element_t<K + 1, Args...>>>() &&
                ...);
      }
      (cuda::std::make_integer_sequence<int, nsrc>{});
      // a gathered operand's own rules first (exec/gather.hpp)
      constexpr detail::GatherFinding gf = [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
        return detail::first_gather_rule<Instr, Scope, nsrc, has_bound,
                                         detail::pack_element_t<K, Args...>...>();
      }
      (cuda::std::make_integer_sequence<int, nops>{});
      if constexpr (gf.rule != detail::GatherRule::none) {
        using G = detail::gather_facts<Instr, Scope, nsrc, gf.operand,
                                       detail::bare<detail::pack_element_t<gf.operand, Args...>>,
                                       has_bound>;
        detail::report_gather_numbers<gf.rule, gf.operand, G::atom, G::row_elements,
                                      G::row_stride_bytes, G::vector_bytes>();
      } else if constexpr (oe != detail::OperandError::none) {
        // the numbers: which operand (0: the destination), its element width,
        // the instruction's width for it, and its first mode's extent
        constexpr int k = [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
          int first = -1, i = 0;
          ((first = first < 0 && detail::apply_operand_error<
                                     Instr, Scope, nsrc, K,
                                     detail::rule_tensor_t<detail::pack_element_t<K, Args...>>>() !=
                                     detail::OperandError::none
                        ? i
                        : first,
            ++i),
           ...);
          return first;
        }
        (cuda::std::make_integer_sequence<int, nsrc + 1>{});
        using X = detail::rule_tensor_t<detail::pack_element_t<k, Args...>>;
        detail::report_apply_operand<oe, k, Instr, nsrc, X>();
      } else if constexpr (!shapes_agree) {
        static_assert(shapes_agree,
                      "tirx::tile::apply: group and repeat shapes must agree across operands "
                      "(extent-1 modes aside); "
                      "view<...>() the operands to the same (group, repeat, atom) shape");
      } else if constexpr (d.loads && !detail::distinct_slots<Dst, Scope>()) {
        static_assert(!d.loads,
                      "tirx::tile::apply: load destinations overlap: two elements of the "
                      "destination share a register "
                      "slot (e.g. a stride-0 iter); give it a layout with distinct slots");
      } else {
        constexpr detail::Guard guard =
            !has_pred ? detail::Guard::none
                      : (preserve ? detail::Guard::pred_preserve : detail::Guard::pred);
        const PredT* pr =
            static_cast<const PredT*>(detail::find_option<detail::is_pred_arg>(args...));
        const Bound* bd =
            static_cast<const Bound*>(detail::find_option<detail::is_bound_arg>(args...));
        const tile::CacheHint* hint =
            static_cast<const tile::CacheHint*>(detail::find_option<detail::is_hint_arg>(args...));
        const FillT* fill =
            static_cast<const FillT*>(detail::find_option<detail::is_fill_arg>(args...));
        [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
          detail::apply_all<Instr, Scope, guard, PredT, has_bound>(
              pr, bd, hint ? hint->policy : 0ull, fill, detail::nth_arg<0>(args...),
              detail::nth_arg<K + 1>(args...)...);
        }
        (cuda::std::make_integer_sequence<int, nsrc>{});
      }
    }
  }
}
} // namespace impl

template <class Instr, class Dst, class... Args>
requires(!(is_owning_tensor_v<Args> || ...)) __device__ TIRX_FORCEINLINE
    void apply(Dst&& dst, Args... args) {
  impl::apply<Instr>(dst, args...);
}
/// The same when the first source is a register tensor: taken by reference,
/// because a form with two destinations (d|p, Desc::dst2) writes its second
/// one there (a register tensor's storage is its value: a copy would take
/// the write). Every other argument is taken by value, as above (so that
/// namespace-scope constexpr scalars are read, never referenced).
template <class Instr, class Dst, class T, class Shp, int A, class L, class St, class... Args>
requires(!(is_owning_tensor_v<Args> || ...)) __device__ TIRX_FORCEINLINE
    void apply(Dst&& dst, Tensor<T, Shp, MemScope::local, A, L, St>& first, Args... args) {
  impl::apply<Instr>(dst, first, args...);
}
/// The same with a register tile among the later sources (or a const or
/// temporary one first): the arguments up to the last register tile by
/// reference, since register tiles are not copied; the rest by value.
#define TIRX_APPLY_REFS(CLASSES, PARAMS, NAMES, LAST)                                              \
  template <class Instr, class Dst, TIRX_UNPAREN CLASSES, class... Args>                           \
  requires(is_owning_tensor_v<LAST> && !(is_owning_tensor_v<Args> || ...))                         \
      __device__ TIRX_FORCEINLINE void                                                             \
      apply(Dst&& dst, TIRX_UNPAREN PARAMS, Args... args) {                                        \
    impl::apply<Instr>(dst, TIRX_UNPAREN NAMES, args...);                                          \
  }
#define TIRX_UNPAREN(...) __VA_ARGS__
template <class Instr, class Dst, class S1, class... Args>
requires(is_owning_tensor_v<S1> &&
         (!cuda::std::is_lvalue_reference_v<S1> ||
          cuda::std::is_const_v<cuda::std::remove_reference_t<S1>>)&&!(is_owning_tensor_v<Args> ||
                                                                       ...))
    __device__ TIRX_FORCEINLINE void apply(Dst&& dst, S1&& s1, Args... args) {
  impl::apply<Instr>(dst, s1, args...);
}
TIRX_APPLY_REFS((class S1, class S2), (S1 && s1, S2&& s2), (s1, s2), S2)
TIRX_APPLY_REFS((class S1, class S2, class S3), (S1 && s1, S2&& s2, S3&& s3), (s1, s2, s3), S3)
TIRX_APPLY_REFS((class S1, class S2, class S3, class S4), (S1 && s1, S2&& s2, S3&& s3, S4&& s4),
                (s1, s2, s3, s4), S4)
// clang-format off
TIRX_APPLY_REFS((class S1, class S2, class S3, class S4, class S5),
                (S1&& s1, S2&& s2, S3&& s3, S4&& s4, S5&& s5), (s1, s2, s3, s4, s5), S5)
TIRX_APPLY_REFS((class S1, class S2, class S3, class S4, class S5, class S6),
                (S1&& s1, S2&& s2, S3&& s3, S4&& s4, S5&& s5, S6&& s6), (s1, s2, s3, s4, s5, s6), S6)
// clang-format on
#undef TIRX_APPLY_REFS
#undef TIRX_UNPAREN
template <class Instr> __device__ TIRX_FORCEINLINE void apply() { impl::apply<Instr>(); }
#endif

} // namespace tirx::tile
