// tile::apply<ptx<"spelling">>(dst, srcs..., scope [, options]) and
// tile::ewise(f, dst, srcs..., scope): one instruction (or one call of f)
// per repeat, unrolled at compile time in row-major order. No barrier, no
// election, no completion wait is added.
#pragma once

#include <tirx/exec/operand.hpp>
#include <tirx/ptx/arith.hpp>
#include <tirx/ptx/cvt.hpp>
#include <tirx/ptx/memory.hpp>
#include <tirx/ptx/mov.hpp>
#include <tirx/ptx/spelling.hpp>

#include <cuda/std/tuple>

namespace tirx::tile {

/// Guard every instruction of an apply by a run-time condition: tile::pred(i < n).
/// A callable pred([](auto... repeat_index) { ... }) is asked per repeat.
template <class P>
struct Pred {
  P p;
};
template <class P>
TIRX_HD constexpr Pred<P> pred(P p) {
  return Pred<P>{p};
}
/// With a predicate: a predicated-off load keeps the destination's old value.
struct PreserveDst {};
inline constexpr PreserveDst preserve_dst{};

} // namespace tirx::tile

namespace tirx::detail {

template <class T>
inline constexpr bool is_pred_v = false;
template <class P>
inline constexpr bool is_pred_v<tile::Pred<P>> = true;

template <class T>
using bare = cuda::std::remove_cvref_t<T>;

/// Is this argument an option or the scope (i.e. not an operand)?
template <class T>
inline constexpr bool is_tail_v = scope::is_scope_v<bare<T>> || is_pred_v<bare<T>> ||
                                  cuda::std::is_same_v<bare<T>, tile::PreserveDst>;

template <class... A>
TIRX_HD constexpr int count_operands() {
  constexpr bool tail[] = {is_tail_v<A>..., true};
  int n = 0;
  while (!tail[n]) ++n;
  return n;
}

/// The static coordinate of repeat Rep (row-major over modes [b, e)) and of
/// atom element J (row-major over [e, rank)).
struct CoordPlan {
  index_t c[max_rank] = {};
};
template <class Tn>
TIRX_HD constexpr CoordPlan static_coord(int group_end, int atom_begin, index_t rep, index_t j) {
  constexpr Shape s = Tn::shape();
  CoordPlan p{};
  for (int d = s.rank - 1; d >= atom_begin; --d) {
    p.c[d] = j % s.dims[d];
    j /= s.dims[d];
  }
  for (int d = atom_begin - 1; d >= group_end; --d) {
    p.c[d] = rep % s.dims[d];
    rep /= s.dims[d];
  }
  return p;
}

/// Whether the spelling of Instr is one tirx emits, with nsrc sources.
template <class Instr, int NSrc>
inline constexpr bool supported_v = [] {
  constexpr ptxdesc::Desc d = Instr::desc;
  text_view t{Instr::spelling.chars, Instr::spelling.size()};
  if (d.op == ptxdesc::Op::ld || d.op == ptxdesc::Op::st) return ptxmem::supports(t);
  if (d.op == ptxdesc::Op::cvt) return ptxcvt::supports(t);
  if (d.op == ptxdesc::Op::mov) return ptxmov::supports(t);
  return ptxarith::supports(t, NSrc);
}();

template <class A, class... R>
TIRX_HD TIRX_FORCEINLINE auto& pick_pred(A& a, R&... r) {
  if constexpr (is_pred_v<bare<A>>) return a;
  else return pick_pred(r...);
}

/// The value type an ewise source contributes: a tensor's element, or the scalar.
template <class X>
struct ewise_arg {
  using type = bare<X>;
};
template <class X>
  requires is_tensor_v<bare<X>>
struct ewise_arg<X> {
  using type = typename bare<X>::value_type;
};
template <class X>
using ewise_arg_t = typename ewise_arg<X>::type;

template <class F, class Tuple, class Seq>
struct ewise_result;
template <class F, class Tuple, int... K>
struct ewise_result<F, Tuple, cuda::std::integer_sequence<int, K...>> {
  using type = cuda::std::invoke_result_t<F&, ewise_arg_t<cuda::std::tuple_element_t<K + 1, Tuple>>...>;
};

/// Parameter types of a non-generic callable (lambda, functor, function).
template <class F>
struct params_of {
  static constexpr bool known = false;
};
template <class R, class... P>
struct params_of<R (*)(P...)> {
  static constexpr bool known = true;
  template <class... A>
  static constexpr bool match = (sizeof...(A) == sizeof...(P)) && (cuda::std::is_same_v<bare<P>, A> && ...);
};
template <class R, class... P>
struct params_of<R(P...)> : params_of<R (*)(P...)> {};
template <class C, class R, class... P>
struct params_of<R (C::*)(P...) const> : params_of<R (*)(P...)> {};
template <class C, class R, class... P>
struct params_of<R (C::*)(P...)> : params_of<R (*)(P...)> {};
template <class F>
  requires requires { &F::operator(); }
struct params_of<F> : params_of<decltype(&F::operator())> {};

/// True when F's parameters are exactly A... (or F is generic: unknowable).
template <class F, class... A>
TIRX_HD constexpr bool params_match() {
  if constexpr (params_of<F>::known) return params_of<F>::template match<A...>;
  else return true;
}

#if defined(__CUDACC__)
/// Offset on m of (group coordinate g, repeat Rep, atom element J).
template <class Tn, class S, index_t Atom, index_t Rep, index_t J>
__device__ TIRX_FORCEINLINE typename Tn::index_type elem_offset(const int (&g)[4]) {
  constexpr OperandSplit sp = split_operand(Tn::shape(), scope::traits<S>::group_rank, Atom);
  constexpr CoordPlan plan = static_coord<Tn>(sp.group_end, sp.atom_begin, Rep, J);
  using I = typename Tn::index_type;
  return [&]<int... D>(cuda::std::integer_sequence<int, D...>) {
    return Tn::offset_of((D < scope::traits<S>::group_rank ? static_cast<I>(g[D < 4 ? D : 0]) : static_cast<I>(plan.c[D]))...);
  }(cuda::std::make_integer_sequence<int, Tn::rank>{});
}

/// The value a source contributes to repeat Rep, element J.
template <class X, class S, index_t Atom, index_t Rep, index_t J>
__device__ TIRX_FORCEINLINE auto source_value(const X& x, const int (&g)[4]) {
  if constexpr (is_tensor_v<bare<X>>) return x.data()[elem_offset<bare<X>, S, Atom, Rep, J>(g)];
  else return x;
}

template <class S>
__device__ TIRX_FORCEINLINE void group_coords(int (&g)[4]) {
  [&]<int... G>(cuda::std::integer_sequence<int, G...>) {
    ((g[G] = group_coord<S, G>()), ...);
  }(cuda::std::make_integer_sequence<int, scope::traits<S>::group_rank>{});
}

/// Debug check of the launch against the scope: 1-D blocks, and at cta
/// scope as many threads as the operand's (warps, 32) group.
template <class S, class Tn>
__device__ TIRX_FORCEINLINE void check_launch() {
  TIRX_CHECK(blockDim.y == 1 && blockDim.z == 1,
             "tirx::tile: tile operations read thread coordinates from threadIdx.x; launch 1-D blocks");
  if constexpr (cuda::std::is_same_v<S, scope::cta_t> && is_tensor_v<Tn>) {
    constexpr index_t threads = Tn::shape().dims[0] * 32;
    TIRX_CHECK(blockDim.x == threads,
               "tirx::tile: at cta scope the launch's block size must equal warps x 32 of the operands' group");
  }
}
#endif

} // namespace tirx::detail

namespace tirx::detail {
#if defined(__CUDACC__)
using GroupCoords = int[4];

/// Checks one source operand of apply; true when its group and repeat
/// shapes agree with the destination's.
template <class Instr, class Scope, class Dst, class Xr>
TIRX_HD constexpr bool apply_source_ok() {
  using X = bare<Xr>;
  constexpr ptxdesc::Desc d = Instr::desc;
  constexpr index_t atom = d.vec;
  if constexpr (is_tensor_v<X>) {
    constexpr OperandError e = check_operand<X, Scope>(!d.memory_src, d.space, d.src_bits, atom);
    report_operand<e>();
    if constexpr (e == OperandError::none) {
      constexpr OperandSplit xs = split_operand(X::shape(), scope::traits<Scope>::group_rank, atom);
      constexpr OperandSplit ds = split_operand(Dst::shape(), scope::traits<Scope>::group_rank, d.memory_dst ? atom : (d.vec));
      bool ok = xs.repeat_shape == ds.repeat_shape;
      for (int gi = 0; gi < scope::traits<Scope>::group_rank; ++gi) ok = ok && X::shape().dims[gi] == Dst::shape().dims[gi];
      return ok;
    }
    return true;
  } else {
    static_assert(!d.memory_src, "tirx::tile::apply: a load's source must be a tensor");
    static_assert(sizeof(X) * 8 == static_cast<unsigned>(d.src_bits),
                  "tirx::tile::apply: dtype width must match the instruction: a scalar source has the wrong width");
    return true;
  }
}

/// Whether the destination slots of a load are all distinct.
template <class Dst, index_t Atom>
TIRX_HD constexpr bool distinct_slots() {
  constexpr OperandSplit sp = split_operand(Dst::shape(), 0, 1);
  (void)sp;
  constexpr Shape s = Dst::shape();
  constexpr TileLayout l = Dst::layout();
  // every element of one thread: the group modes are fixed at 0 (they lie
  // on thread axes), everything else must land on distinct slots
  index_t slots[1024] = {};
  int n = 0;
  for (index_t flat = 0; flat < s.size(); ++flat) {
    Coord c = apply(l, flat);
    bool thread0 = true;
    for (int i = 0; i < c.n; ++i)
      if (!c.axis[i].is_memory() && c.value[i] != l.offset_on(c.axis[i])) thread0 = false;
    if (!thread0) continue;
    index_t m = c[Axis{0}];
    for (int q = 0; q < n; ++q)
      if (slots[q] == m) return false;
    if (n < 1024) slots[n++] = m;
  }
  return true;
}

template <class Instr, class Scope, index_t R, ptxmem::Guard G, class Dst, class... X>
__device__ TIRX_FORCEINLINE void apply_repeat(const GroupCoords& gc, unsigned on, Dst& dst, X&... src) {
  constexpr ptxdesc::Desc d = Instr::desc;
  constexpr index_t atom = d.vec;
  using DT = bare<Dst>;
  using T = typename DT::value_type;
  const int(&g)[4] = gc;
  if constexpr (d.op == ptxdesc::Op::ld) {
    constexpr int N = static_cast<int>(atom);
    ptxregs::raw_t<d.dst_bits> r[N];
    T* slot[N];
    [&]<index_t... J>(cuda::std::integer_sequence<index_t, J...>) {
      ((slot[J] = dst.data() + elem_offset<DT, Scope, atom, R, J>(g)), ...);
    }(cuda::std::make_integer_sequence<index_t, atom>{});
    if constexpr (G == ptxmem::Guard::pred_preserve)
      for (int j = 0; j < N; ++j) r[j] = ptxregs::to_raw(*slot[j]);
    auto& s0 = (src, ...);
    using ST = bare<decltype(s0)>;
    const auto* addr = s0.data() + elem_offset<ST, Scope, atom, R, 0>(g);
    ptxmem::load<Instr::spelling, N, d.dst_bits, G>(r, addr, on);
    for (int j = 0; j < N; ++j) *slot[j] = ptxregs::from_raw<T>(r[j]);
  } else if constexpr (d.op == ptxdesc::Op::st) {
    constexpr int N = static_cast<int>(atom);
    auto& s0 = (src, ...);
    using ST = bare<decltype(s0)>;
    ptxregs::raw_t<d.src_bits> r[N];
    [&]<index_t... J>(cuda::std::integer_sequence<index_t, J...>) {
      ((r[J] = ptxregs::to_raw(s0.data()[elem_offset<ST, Scope, atom, R, J>(g)])), ...);
    }(cuda::std::make_integer_sequence<index_t, atom>{});
    auto* addr = dst.data() + elem_offset<DT, Scope, atom, R, 0>(g);
    ptxmem::store<Instr::spelling, N, d.src_bits, G>(addr, r, on);
  } else {
    T& out = dst.data()[elem_offset<DT, Scope, 1, R, 0>(g)];
    if constexpr (d.op == ptxdesc::Op::cvt)
      out = ptxcvt::run<Instr::spelling, T>(source_value<X, Scope, 1, R, 0>(src, g)...);
    else if constexpr (d.op == ptxdesc::Op::mov)
      out = ptxmov::run<Instr::spelling, T>(cuda::std::bit_cast<T>(source_value<X, Scope, 1, R, 0>(src, g))...);
    else
      out = ptxarith::run<Instr::spelling, T>(source_value<X, Scope, 1, R, 0>(src, g)...);
  }
}

template <class Instr, class Scope, ptxmem::Guard G, class P, class Dst, class... X>
__device__ TIRX_FORCEINLINE void apply_all(const P* pr, Dst& dst, X&... src) {
  using DT = bare<Dst>;
  constexpr OperandSplit ds = split_operand(DT::shape(), scope::traits<Scope>::group_rank, Instr::desc.vec);
  check_launch<Scope, DT>();
  GroupCoords g{};
  group_coords<Scope>(g);
  [&]<index_t... R>(cuda::std::integer_sequence<index_t, R...>) {
    (
        [&] {
          unsigned on = 1;
          if constexpr (!cuda::std::is_same_v<P, void>) {
            if constexpr (cuda::std::is_invocable_v<decltype(pr->p), index_t>) on = pr->p(R) ? 1u : 0u;
            else on = pr->p ? 1u : 0u;
          }
          apply_repeat<Instr, Scope, R, G>(g, on, dst, src...);
        }(),
        ...);
  }(cuda::std::make_integer_sequence<index_t, ds.repeats>{});
}

template <class Scope, index_t R, class F, class Dst, class... X>
__device__ TIRX_FORCEINLINE void ewise_repeat(F& f, const GroupCoords& g, Dst& dst, X&... src) {
  using DT = bare<Dst>;
  dst.data()[elem_offset<DT, Scope, 1, R, 0>(g)] = f(source_value<bare<X>, Scope, 1, R, 0>(src, g)...);
}
template <class Scope, index_t Repeats, class F, class Dst, class... X>
__device__ TIRX_FORCEINLINE void ewise_all(F& f, const GroupCoords& g, Dst& dst, X&... src) {
  [&]<index_t... R>(cuda::std::integer_sequence<index_t, R...>) {
    (ewise_repeat<Scope, R>(f, g, dst, src...), ...);
  }(cuda::std::make_integer_sequence<index_t, Repeats>{});
}

template <class... A>
__device__ TIRX_FORCEINLINE const void* find_pred(const A&... a) {
  const void* p = nullptr;
  ((p = is_pred_v<bare<A>> ? static_cast<const void*>(&a) : p), ...);
  return p;
}
template <class... A>
struct pred_type {
  using type = void;
};
template <class A, class... R>
struct pred_type<A, R...> {
  using type = cuda::std::conditional_t<is_pred_v<bare<A>>, bare<A>, typename pred_type<R...>::type>;
};
#endif
} // namespace tirx::detail

namespace tirx::tile {

#if defined(__CUDACC__)
/// Runs one PTX instruction per repeat. Arguments: the destination, the
/// sources (tensors, or scalars that broadcast), the scope, then options
/// (pred(...), preserve_dst).
template <class Instr, class... Args>
__device__ TIRX_FORCEINLINE void apply(Args&&... args) {
  static_assert(is_ptx_v<Instr>, "tirx::tile::apply: the instruction must be tirx::ptx<\"spelling\">");
  constexpr ptxdesc::Desc d = Instr::desc;
  constexpr int nops = detail::count_operands<Args...>();
  static_assert(nops >= 1 && nops < static_cast<int>(sizeof...(Args)),
                "tirx::tile::apply: arguments are the destination, the sources, the scope (scope::thread, warp, warpgroup, cta, cluster), then options");
  using ArgTuple = cuda::std::tuple<Args...>;
  using Scope = detail::bare<cuda::std::tuple_element_t<(nops < static_cast<int>(sizeof...(Args)) ? nops : 0), ArgTuple>>;
  static_assert(scope::is_scope_v<Scope>, "tirx::tile::apply: the scope must follow the operands");
  static_assert(d.op != ptxdesc::Op::invalid,
                "tirx::tile::apply: unsupported instruction spelling (unknown opcode or type); see docs/instruction-reference.md");
  constexpr int nsrc = nops - 1;
  constexpr bool supported = detail::supported_v<Instr, nsrc>;
  static_assert(supported || d.op == ptxdesc::Op::invalid,
                "tirx::tile::apply: unsupported instruction spelling or operand count; see the spellings listed in docs/instruction-reference.md");
  static_assert(nsrc >= d.min_srcs && nsrc <= d.max_srcs,
                "tirx::tile::apply: wrong number of sources for this instruction (dst first, then its sources)");
  using PredT = typename detail::pred_type<Args...>::type;
  constexpr bool has_pred = !cuda::std::is_same_v<PredT, void>;
  constexpr bool preserve = (cuda::std::is_same_v<detail::bare<Args>, PreserveDst> || ...);
  static_assert(!preserve || has_pred, "tirx::tile::apply: preserve_dst needs a predicate, tile::pred(...)");
  static_assert(!has_pred || d.op == ptxdesc::Op::ld || d.op == ptxdesc::Op::st,
                "tirx::tile::apply: predicates apply to ld/st instructions");
  using Dst = detail::bare<cuda::std::tuple_element_t<0, ArgTuple>>;
  static_assert(is_tensor_v<Dst>, "tirx::tile::apply: the destination must be a tensor");
  constexpr detail::OperandError de = detail::check_operand<Dst, Scope>(!d.memory_dst, d.space, d.dst_bits, d.vec);
  detail::report_operand<de>();
  constexpr bool sources_ok = [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
    return (detail::apply_source_ok<Instr, Scope, Dst, cuda::std::tuple_element_t<K + 1, ArgTuple>>() && ...);
  }(cuda::std::make_integer_sequence<int, nsrc>{});
  static_assert(sources_ok, "tirx::tile::apply: group and repeat shapes must agree across operands "
                            "(extent-1 modes aside); view<...>() the operands to the same (group, repeat, atom) shape");
  if constexpr (d.loads && de == detail::OperandError::none) {
    static_assert(detail::distinct_slots<Dst, d.vec>(),
                  "tirx::tile::apply: load destinations overlap: two elements of the destination share a register "
                  "slot; give it a layout with distinct slots");
  }
  if constexpr (de == detail::OperandError::none && sources_ok) {
    constexpr ptxmem::Guard guard =
        !has_pred ? ptxmem::Guard::none : (preserve ? ptxmem::Guard::pred_preserve : ptxmem::Guard::pred);
    const PredT* pr = static_cast<const PredT*>(detail::find_pred(args...));
    [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
      auto all = cuda::std::forward_as_tuple(args...);
      detail::apply_all<Instr, Scope, guard, PredT>(pr, cuda::std::get<0>(all), cuda::std::get<K + 1>(all)...);
    }(cuda::std::make_integer_sequence<int, nsrc>{});
  }
}

/// Applies f to every element: one call per repeat (the atom is one
/// element). f's parameter and result types must be the elements' types.
template <class F, class... Args>
__device__ TIRX_FORCEINLINE void ewise(F&& f, Args&&... args) {
  constexpr int nops = detail::count_operands<Args...>();
  static_assert(nops >= 1 && nops < static_cast<int>(sizeof...(Args)),
                "tirx::tile::ewise: arguments are f, the destination, the sources, then the scope");
  using ArgTuple = cuda::std::tuple<Args...>;
  using Scope = detail::bare<cuda::std::tuple_element_t<(nops < static_cast<int>(sizeof...(Args)) ? nops : 0), ArgTuple>>;
  static_assert(scope::is_scope_v<Scope>, "tirx::tile::ewise: the scope must follow the operands");
  using Dst = detail::bare<cuda::std::tuple_element_t<0, ArgTuple>>;
  static_assert(is_tensor_v<Dst>, "tirx::tile::ewise: the destination must be a tensor");
  constexpr bool dreg = Dst::scope == ::tirx::Scope::local && Dst::layout().has_thread_axis();
  constexpr detail::OperandError de = detail::check_operand<Dst, Scope>(dreg, ptxdesc::Space::none, 0, 1);
  detail::report_operand<de>();
  constexpr int nsrc = nops - 1;
  using T = typename Dst::value_type;
  static_assert([]<int... K>(cuda::std::integer_sequence<int, K...>) {
    return detail::params_match<detail::bare<F>, detail::ewise_arg_t<cuda::std::tuple_element_t<K + 1, ArgTuple>>...>();
  }(cuda::std::make_integer_sequence<int, nsrc>{}),
                "tirx::tile::ewise: the function's parameter types must be the source element types (nothing is cast)");
  using Result = typename detail::ewise_result<F, ArgTuple, cuda::std::make_integer_sequence<int, nsrc>>::type;
  static_assert(cuda::std::is_same_v<Result, T>,
                "tirx::tile::ewise: the function's result type must be the destination's element type (nothing is cast)");
  if constexpr (de == detail::OperandError::none) {
    constexpr detail::OperandSplit ds = detail::split_operand(Dst::shape(), scope::traits<Scope>::group_rank, 1);
    detail::check_launch<Scope, Dst>();
    detail::GroupCoords gc{};
    detail::group_coords<Scope>(gc);
    auto all = cuda::std::forward_as_tuple(args...);
    [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
      detail::ewise_all<Scope, ds.repeats>(f, gc, cuda::std::get<0>(all), cuda::std::get<K + 1>(all)...);
    }(cuda::std::make_integer_sequence<int, nsrc>{});
  }
}
#endif

} // namespace tirx::tile
