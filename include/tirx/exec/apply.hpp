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
#include <tirx/ptx/policy.hpp>
#include <tirx/ptx/spelling.hpp>
#include <tirx/tensor/grid_tensor.hpp>

#include <cuda/std/cstdint>
#include <cuda/std/type_traits>
#include <cuda/std/utility>

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
/// An enumeration, like the scopes: `tile::preserve_dst` is a constant, not
/// an object that device code would have to reach (a namespace-scope
/// constexpr object is "undefined in device code" when apply binds it to
/// its forwarding reference).
enum PreserveDst { preserve_dst };

/// The 64-bit L2 cache policy of a .L2::cache_hint spelling (which needs
/// it, and no other spelling takes it): tile::cache_hint(policy::evict_last())
/// (tirx/ptx/policy.hpp), any 64-bit unsigned integer, or a class that
/// converts explicitly to one, such as CCCL's cuda::access_property:
/// tile::cache_hint(cuda::access_property(cuda::access_property::streaming{})).
struct CacheHint {
  unsigned long long policy;
};
template <class P>
TIRX_HD constexpr CacheHint cache_hint(const P& policy) {
  using U64 = cuda::std::uint64_t;
  constexpr bool integer = cuda::std::is_integral_v<P> && cuda::std::is_unsigned_v<P> && sizeof(P) == 8;
  // a class with an explicit conversion only: the property tags
  // (cuda::access_property::streaming, ...) convert implicitly to an enum
  constexpr bool property = cuda::std::is_class_v<P> && cuda::std::is_constructible_v<U64, const P&> &&
                            !cuda::std::is_convertible_v<const P&, U64>;
  static_assert(integer || property,
                "tirx::tile::cache_hint: a cache policy is a 64-bit unsigned integer (policy::evict_last(), ...) or a "
                "cuda::access_property; a property tag is not one: write cuda::access_property(cuda::access_property::"
                "streaming{}), not cuda::access_property::streaming{}");
  if constexpr (integer) return CacheHint{policy};
  else if constexpr (property) return CacheHint{static_cast<unsigned long long>(static_cast<U64>(policy))};
  else return CacheHint{0};
}

/// Keep a load or store inside the data: only elements of the memory
/// operand whose offset from its data() lies in [0, limit) are accessed.
/// An atom wholly inside runs as written; one across the limit runs
/// element by element with the scalar form of the instruction (ld.global.b32
/// for ld.global.v4.b32); one wholly outside is skipped (a load leaves its
/// registers as they were). When every atom of the calling thread is inside,
/// one comparison selects the unguarded code. GridTile::bound() gives it.
TIRX_HD constexpr Bound bound(long long limit) {
  return Bound{limit};
}

} // namespace tirx::tile

namespace tirx::detail {

template <class T>
inline constexpr bool is_pred_v = false;
template <class P>
inline constexpr bool is_pred_v<tile::Pred<P>> = true;

/// Whether P can be called at all (any arity, a generic or mutable lambda, a
/// function pointer): such a P is never read as a bool condition, although
/// a captureless lambda converts to one (always true).
template <class P>
inline constexpr bool callable_like_v =
    requires { &P::operator(); } || cuda::std::is_function_v<cuda::std::remove_pointer_t<P>> ||
    cuda::std::is_member_pointer_v<P> || cuda::std::is_invocable_v<P&> || cuda::std::is_invocable_v<P&, index_t> ||
    cuda::std::is_invocable_v<P&, index_t, index_t> || cuda::std::is_invocable_v<P&, index_t, index_t, index_t> ||
    cuda::std::is_invocable_v<P&, index_t, index_t, index_t, index_t>;

/// The forms tile::pred accepts: a callable of one parameter, the repeat
/// index, called as const and returning something bool-convertible; or a
/// value that is no callable and converts to bool. true for other arguments.
template <class T>
inline constexpr bool pred_form_ok_v = true;
template <class P>
inline constexpr bool pred_form_ok_v<tile::Pred<P>> = [] {
  if constexpr (cuda::std::is_invocable_v<const P&, index_t>)
    return cuda::std::is_convertible_v<cuda::std::invoke_result_t<const P&, index_t>, bool>;
  else if constexpr (callable_like_v<P>) return false;
  else return cuda::std::is_constructible_v<bool, const P&>;
}();

template <class T>
using bare = cuda::std::remove_cvref_t<T>;

/// Is this argument an option or the scope (i.e. not an operand)?
template <class T>
inline constexpr bool is_bound_v = cuda::std::is_same_v<bare<T>, Bound>;
template <class T>
inline constexpr bool is_hint_v = cuda::std::is_same_v<bare<T>, tile::CacheHint>;

template <class T>
inline constexpr bool is_tail_v = scope::is_scope_v<bare<T>> || is_pred_v<bare<T>> ||
                                  cuda::std::is_same_v<bare<T>, tile::PreserveDst> || is_bound_v<T> || is_hint_v<T>;

template <class... A>
TIRX_HD constexpr int count_operands() {
  constexpr bool tail[] = {is_tail_v<A>..., true};
  int n = 0;
  while (!tail[n]) ++n;
  return n;
}

/// The first rule an argument list (operands, scope, options) breaks.
enum class ArgsError { none, no_destination, missing_scope, not_an_option, two_preds, two_bounds, two_hints, pred_form };

template <bool OptionsAllowed, class... A>
TIRX_HD constexpr ArgsError check_args() {
  constexpr int n = static_cast<int>(sizeof...(A));
  const int nops = count_operands<A...>();
  const bool scope_at[] = {scope::is_scope_v<bare<A>>..., false};
  const bool option_at[] = {(OptionsAllowed && (is_pred_v<bare<A>> || is_bound_v<A> || is_hint_v<A> ||
                                                 cuda::std::is_same_v<bare<A>, tile::PreserveDst>))...,
                            false};
  if (nops == 0) return ArgsError::no_destination;
  if (nops == n || !scope_at[nops]) return ArgsError::missing_scope;
  for (int i = nops + 1; i < n; ++i)
    if (!option_at[i]) return ArgsError::not_an_option;
  if ((0 + ... + (is_pred_v<bare<A>> ? 1 : 0)) > 1) return ArgsError::two_preds;
  if ((0 + ... + (is_bound_v<A> ? 1 : 0)) > 1) return ArgsError::two_bounds;
  if ((0 + ... + (is_hint_v<A> ? 1 : 0)) > 1) return ArgsError::two_hints;
  if (!(pred_form_ok_v<bare<A>> && ...)) return ArgsError::pred_form;
  return ArgsError::none;
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

/// The first rule of apply's instruction and options that is broken.
enum class ApplyError {
  none,
  unknown_instruction,
  source_count,
  unsupported_memory,
  unsupported_arith,
  unsupported_cvt,
  unsupported_mov,
  preserve_without_pred,
  preserve_not_load,
  pred_not_memory,
  bound_not_memory,
  dst_not_tensor,
  needs_sm100,     ///< a device compilation for a target older than the spelling's min_sm
  hint_missing,    ///< a .L2::cache_hint spelling without tile::cache_hint
  hint_not_taken,  ///< tile::cache_hint with a spelling that has no .L2::cache_hint
};

/// TargetSm: the target of the device compilation (__CUDA_ARCH__ / 10), 0
/// in the host pass (which emits no device code and is not checked).
template <class Instr, int NSrc, bool HasPred, bool Preserve, class Dst, bool HasBound = false, bool HasHint = false,
          int TargetSm = 0>
TIRX_HD constexpr ApplyError check_apply() {
  constexpr ptxdesc::Desc d = Instr::desc;
  if (d.op == ptxdesc::Op::invalid) return ApplyError::unknown_instruction;
  if (NSrc < d.min_srcs || NSrc > d.max_srcs) return ApplyError::source_count;
  if (!supported_v<Instr, NSrc>) {
    if (d.op == ptxdesc::Op::ld || d.op == ptxdesc::Op::st) return ApplyError::unsupported_memory;
    if (d.op == ptxdesc::Op::cvt) return ApplyError::unsupported_cvt;
    if (d.op == ptxdesc::Op::mov) return ApplyError::unsupported_mov;
    return ApplyError::unsupported_arith;
  }
  if (TargetSm != 0 && TargetSm < ptxdesc::min_sm(d, NSrc)) return ApplyError::needs_sm100;
  if (d.cache_hint && !HasHint) return ApplyError::hint_missing;
  if (HasHint && !d.cache_hint) return ApplyError::hint_not_taken;
  if (Preserve && !HasPred) return ApplyError::preserve_without_pred;
  if (Preserve && d.op != ptxdesc::Op::ld) return ApplyError::preserve_not_load;
  if (HasPred && d.op != ptxdesc::Op::ld && d.op != ptxdesc::Op::st) return ApplyError::pred_not_memory;
  if (HasBound && d.op != ptxdesc::Op::ld && d.op != ptxdesc::Op::st) return ApplyError::bound_not_memory;
  if (!is_tensor_v<Dst>) return ApplyError::dst_not_tensor;
  return ApplyError::none;
}

/// The first error of apply's operand K (0: the destination).
template <class Instr, class Scope, int K, class Xr>
TIRX_HD constexpr OperandError apply_operand_error() {
  using X = bare<Xr>;
  constexpr ptxdesc::Desc d = Instr::desc;
  constexpr bool memory = K == 0 ? d.memory_dst : d.memory_src;
  constexpr int bits = K == 0 ? d.dst_bits : d.src_bits;
  if constexpr (is_tensor_v<X>) {
    using T = cuda::std::remove_cv_t<typename X::value_type>;
    // first the element type: the checks below and the code read its width and bits
    if constexpr (!dtype_traits<T>::known) return OperandError::element_unknown;
    else if constexpr (!cuda::std::is_trivially_copyable_v<T>) return OperandError::element_not_raw;
    else return check_operand<X, Scope>(!memory, d.space, bits, d.vec);
  } else {
    // a scalar's bits are used as they are: its kind must fit the type's
    // (unsigned integers are carriers of raw bits for any type)
    constexpr ptxdesc::TypeKind kind = K == 0 ? ptxdesc::TypeKind::none : d.src_kind;
    constexpr bool integral = cuda::std::is_integral_v<X>;
    if (memory) return OperandError::scalar_memory;
    if (!dtype_traits<X>::known || !cuda::std::is_trivially_copyable_v<X>) return OperandError::scalar_type;
    if (kind == ptxdesc::TypeKind::floating && integral && cuda::std::is_signed_v<X>)
      return OperandError::scalar_int_for_float;
    if (kind == ptxdesc::TypeKind::integer && !integral) return OperandError::scalar_float_for_int;
    if (kind == ptxdesc::TypeKind::packed && !integral) return OperandError::scalar_float_for_packed;
    if (sizeof(X) * 8 != static_cast<unsigned>(bits)) return OperandError::scalar_width;
    return OperandError::none;
  }
}

/// The first error of an ewise operand: a distributed local tensor is read
/// as registers, any other tensor as memory; scalars broadcast.
template <class Scope, class Xr>
TIRX_HD constexpr OperandError ewise_operand_error() {
  using X = bare<Xr>;
  if constexpr (!is_tensor_v<X>) {
    return OperandError::none;
  } else if constexpr (!dtype_traits<cuda::std::remove_cv_t<typename X::value_type>>::known) {
    return OperandError::element_unknown; // before check_operand, which reads the width
  } else {
    constexpr bool reg = X::scope == ::tirx::Scope::local && X::layout().has_thread_axis();
    return check_operand<X, Scope>(reg, ptxdesc::Space::none, 0, 1);
  }
}

/// Whether operand X has Dst's group modes and repeat shape (extent-1 modes
/// aside). Scalars broadcast.
template <class Scope, index_t Atom, class Dst, class Xr>
TIRX_HD constexpr bool same_repeats() {
  using X = bare<Xr>;
  if constexpr (!is_tensor_v<X>) {
    return true;
  } else {
    constexpr int gr = scope::traits<Scope>::group_rank;
    OperandSplit xs = split_operand(X::shape(), gr, Atom);
    OperandSplit ds = split_operand(Dst::shape(), gr, Atom);
    bool ok = xs.repeat_shape == ds.repeat_shape;
    for (int g = 0; g < gr; ++g) ok = ok && X::shape().dims[g] == Dst::shape().dims[g];
    return ok;
  }
}

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

/// The I-th type of a pack, as cuda::std::tuple_element_t<I, tuple<Ts...>>
/// gives it, without instantiating a tuple. Each cuda::std::tuple of
/// apply's or ewise's argument types (tensor types with long layout
/// arguments) cost the device front end more the more of them a translation
/// unit held (15 ms for the first, 170 ms for the 280th: about 22 of the
/// 62 s of front end for kernels/rows.cuh's 63 kernels). One base per
/// element; overload resolution picks index I.
template <int I, class T>
struct pack_slot {
  using type = T;
};
template <class Seq, class... Ts>
struct pack_slots;
template <int... I, class... Ts>
struct pack_slots<cuda::std::integer_sequence<int, I...>, Ts...> : pack_slot<I, Ts>... {};
template <int I, class T>
pack_slot<I, T> pack_select(const pack_slot<I, T>&); // unevaluated only
template <int I, class... Ts>
using pack_element_t = typename decltype(pack_select<I>(
    cuda::std::declval<const pack_slots<cuda::std::make_integer_sequence<int, sizeof...(Ts)>, Ts...>&>()))::type;

/// The I-th of a pack of arguments, as an lvalue (what get<I> of
/// forward_as_tuple(args...) gives).
template <int I, class A, class... R>
TIRX_HD TIRX_FORCEINLINE auto& nth_arg(A& a, R&... r) {
  if constexpr (I == 0) return a;
  else return nth_arg<I - 1>(r...);
}

template <class F, class Seq, class... Args>
struct ewise_result;
template <class F, int... K, class... Args>
struct ewise_result<F, cuda::std::integer_sequence<int, K...>, Args...> {
  using type = cuda::std::invoke_result_t<F&, ewise_arg_t<pack_element_t<K + 1, Args...>>...>;
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

/// Whether Tn's offset is a sum of one term per mode (a grouped layout
/// without swizzle): then the group modes' term (known at run time) and the
/// repeat and atom modes' term (a constant) can be computed apart.
template <class Tn>
TIRX_HD constexpr bool additive_offset() {
  return group(Tn::layout(), Tn::shape()).ok && !Tn::layout().swz.active();
}

/// Tn's offset at a coordinate (one entry per mode), for constant evaluation.
template <class Tn>
TIRX_HD constexpr index_t offset_at(const CoordPlan& p) {
  return [&]<int... D>(cuda::std::integer_sequence<int, D...>) {
    return static_cast<index_t>(Tn::offset_of(static_cast<typename Tn::index_type>(p.c[D])...));
  }(cuda::std::make_integer_sequence<int, Tn::rank>{});
}

/// Whether mode M of Tn adds stride * coordinate for every coordinate.
struct LinearMode {
  bool ok = false;
  index_t stride = 0;
};
template <class Tn, int M>
TIRX_HD constexpr LinearMode linear_mode() {
  const index_t base = offset_at<Tn>(CoordPlan{});
  CoordPlan p{};
  p.c[M] = 1;
  const index_t s = offset_at<Tn>(p) - base;
  for (index_t c = 2; c < Tn::shape().dims[M]; ++c) {
    p.c[M] = c;
    if (offset_at<Tn>(p) - base != c * s) return {};
  }
  return {true, s};
}

/// When the scope's last two group modes are (warp, lane) and Tn's offset
/// on them is s * (32 * warp + lane), i.e. linear in the thread index: s.
template <class Tn, class S>
TIRX_HD constexpr LinearMode warp_lane_stride() {
  constexpr int gr = scope::traits<S>::group_rank;
  if constexpr (gr < 2 || !additive_offset<Tn>()) {
    return {};
  } else {
    constexpr index_t wax = scope::traits<S>::axis[gr - 2];
    if (scope::traits<S>::axis[gr - 1] != 1 || (wax != 2 && wax != 5)) return {};
    constexpr LinearMode w = linear_mode<Tn, gr - 2>(), l = linear_mode<Tn, gr - 1>();
    if (!w.ok || !l.ok || w.stride != 32 * l.stride) return {};
    return l;
  }
}

#if defined(__CUDACC__)
/// 32 * warp + lane for the scope's (warp, lane) group modes: the thread
/// index in the CTA (warpid, laneid) or in the warpgroup (wid_in_wg, laneid).
template <class S>
__device__ TIRX_FORCEINLINE int warp_lane_index() {
  constexpr int gr = scope::traits<S>::group_rank;
  if constexpr (scope::traits<S>::axis[gr - 2] == 5) return static_cast<int>(threadIdx.x % 128);
  else return static_cast<int>(threadIdx.x);
}

/// The group modes' term of Tn's offset (an additive layout), the same for
/// every repeat, without the (warp, lane) pair when warp_lane_stride
/// applies to it.
template <class Tn, class S>
__device__ TIRX_FORCEINLINE index_t group_rest(const int (&g)[4]) {
  constexpr int gr = scope::traits<S>::group_rank;
  using I = typename Tn::index_type;
  constexpr int outer = warp_lane_stride<Tn, S>().ok ? gr - 2 : gr; // group modes read one by one
  return static_cast<index_t>([&]<int... D>(cuda::std::integer_sequence<int, D...>) {
    return Tn::offset_of((D < outer ? static_cast<I>(g[D < 4 ? D : 0]) : I{0})...);
  }(cuda::std::make_integer_sequence<int, Tn::rank>{}));
}

/// The group modes' whole term. A (warp, lane) pair that is linear in the
/// thread index is read as one index, as hand-written code would: tid * s,
/// not (tid / 32) * 32s + (tid % 32) * s.
template <class Tn, class S>
__device__ TIRX_FORCEINLINE index_t group_offset(const int (&g)[4]) {
  constexpr LinearMode wl = warp_lane_stride<Tn, S>();
  if constexpr (wl.ok) return group_rest<Tn, S>(g) + wl.stride * static_cast<index_t>(warp_lane_index<S>());
  else return group_rest<Tn, S>(g);
}

/// One thread's step through memory, as a type: pointer arithmetic on it
/// scales the thread index to bytes in the multiply itself (mul.wide tid,
/// bytes), as indexing a float4* does.
template <index_t Bytes>
struct ThreadStep {
  char bytes[Bytes];
};

/// The constant term of an additive operand's offset at (repeat Rep, atom
/// element J); 0 for other layouts.
template <class Tn, class S, index_t Atom, index_t Rep, index_t J>
TIRX_HD constexpr index_t const_term() {
  if constexpr (!additive_offset<Tn>()) {
    return 0;
  } else {
    constexpr OperandSplit sp = split_operand(Tn::shape(), scope::traits<S>::group_rank, Atom);
    constexpr CoordPlan plan = static_coord<Tn>(sp.group_end, sp.atom_begin, Rep, J); // group coords 0
    return offset_at<Tn>(plan) - offset_at<Tn>(CoordPlan{});
  }
}

/// The bytes of repeat Rep's address that a memory instruction takes as an
/// immediate offset ([%rd+imm]): the constant term when it fits, else 0.
template <class Tn, class S, index_t Atom, index_t Rep>
TIRX_HD constexpr long long imm_bytes() {
  constexpr index_t bytes = const_term<Tn, S, Atom, Rep, 0>() * index_t{sizeof(typename Tn::value_type)};
  return bytes >= 0 && bytes < (index_t{1} << 24) ? bytes : 0;
}

/// Offset on m of (group coordinate g, repeat Rep, atom element J). For an
/// additive layout: the group term, the same for every repeat (computed
/// once), plus a constant, in 64 bits. (ld/st addresses: atom_address.)
template <class Tn, class S, index_t Atom, index_t Rep, index_t J>
__device__ TIRX_FORCEINLINE auto elem_offset(const int (&g)[4]) {
  constexpr OperandSplit sp = split_operand(Tn::shape(), scope::traits<S>::group_rank, Atom);
  constexpr CoordPlan plan = static_coord<Tn>(sp.group_end, sp.atom_begin, Rep, J);
  using I = typename Tn::index_type;
  if constexpr (additive_offset<Tn>()) {
    return group_offset<Tn, S>(g) + const_term<Tn, S, Atom, Rep, J>();
  } else {
    return static_cast<index_t>([&]<int... D>(cuda::std::integer_sequence<int, D...>) {
      return Tn::offset_of((D < scope::traits<S>::group_rank ? static_cast<I>(g[D < 4 ? D : 0]) : static_cast<I>(plan.c[D]))...);
    }(cuda::std::make_integer_sequence<int, Tn::rank>{}));
  }
}

/// The address of repeat Rep's atom of memory operand Tn (data: its
/// data()), less imm_bytes, which the instruction adds as an immediate.
template <class Tn, class S, index_t Atom, index_t Rep, class P>
__device__ TIRX_FORCEINLINE P* atom_address(P* data, const int (&g)[4]) {
  constexpr index_t size = sizeof(typename Tn::value_type);
  constexpr index_t imm = imm_bytes<Tn, S, Atom, Rep>();
  constexpr bool is_const = cuda::std::is_const_v<P>;
  using B = cuda::std::conditional_t<is_const, const char, char>;
  B* p = reinterpret_cast<B*>(data);
  if constexpr (additive_offset<Tn>()) {
    constexpr LinearMode wl = warp_lane_stride<Tn, S>();
    if constexpr (wl.ok && wl.stride > 0) {
      using Step = cuda::std::conditional_t<is_const, const ThreadStep<wl.stride * size>, ThreadStep<wl.stride * size>>;
      p = reinterpret_cast<B*>(reinterpret_cast<Step*>(p) + warp_lane_index<S>());
      p += group_rest<Tn, S>(g) * size + (const_term<Tn, S, Atom, Rep, 0>() * size - imm);
    } else {
      p += group_offset<Tn, S>(g) * size + (const_term<Tn, S, Atom, Rep, 0>() * size - imm);
    }
  } else {
    p += elem_offset<Tn, S, Atom, Rep, 0>(g) * size - imm;
  }
  return reinterpret_cast<P*>(p);
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

/// Whether the slots one thread holds of a load destination are distinct
/// (no stride-0 iter or other overlap among its repeat and atom modes).
/// Operands of more than 8192 slots per thread are not checked.
template <class Dst, class Scope>
TIRX_HD constexpr bool distinct_slots() {
  constexpr Shape s = Dst::shape();
  const TileLayout rest = modes_layout(Dst::layout(), s, scope::traits<Scope>::group_rank, s.rank);
  const index_t n = rest.size();
  index_t lo = 0, hi = 0;
  for (index_t i = 0; i < n; ++i) {
    const index_t m = apply(rest, i)[Axis{0}];
    lo = i == 0 || m < lo ? m : lo;
    hi = i == 0 || m > hi ? m : hi;
  }
  constexpr index_t limit = 8192;
  if (hi - lo + 1 > limit) return true;
  bool seen[limit] = {};
  for (index_t i = 0; i < n; ++i) {
    const index_t m = apply(rest, i)[Axis{0}] - lo;
    if (seen[m]) return false;
    seen[m] = true;
  }
  return true;
}

template <class Instr, class Scope, index_t R, ptxmem::Guard G, class Dst, class... X>
__device__ TIRX_FORCEINLINE void apply_repeat(const GroupCoords& gc, ptxmem::Issue on, Dst& dst, X&... src) {
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
    // the group term in a register, the constant term as an immediate
    constexpr long long imm = imm_bytes<ST, Scope, atom, R>();
    const auto* addr = atom_address<ST, Scope, atom, R>(s0.data(), g);
    ptxmem::load<Instr::spelling, N, d.dst_bits, G, imm>(r, addr, on);
    for (int j = 0; j < N; ++j) *slot[j] = ptxregs::from_raw<T>(r[j]);
  } else if constexpr (d.op == ptxdesc::Op::st) {
    constexpr int N = static_cast<int>(atom);
    auto& s0 = (src, ...);
    using ST = bare<decltype(s0)>;
    ptxregs::raw_t<d.src_bits> r[N];
    [&]<index_t... J>(cuda::std::integer_sequence<index_t, J...>) {
      ((r[J] = ptxregs::to_raw(s0.data()[elem_offset<ST, Scope, atom, R, J>(g)])), ...);
    }(cuda::std::make_integer_sequence<index_t, atom>{});
    constexpr long long imm = imm_bytes<DT, Scope, atom, R>();
    auto* addr = atom_address<DT, Scope, atom, R>(dst.data(), g);
    ptxmem::store<Instr::spelling, N, d.src_bits, G, imm>(addr, r, on);
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

/// The memory operand of an ld (its first source) or st (the destination).
template <class Instr, class Dst, class... X>
__device__ TIRX_FORCEINLINE auto& memory_operand(Dst& dst, X&... src) {
  if constexpr (Instr::desc.op == ptxdesc::Op::st) return dst;
  else return (src, ...);
}

/// The largest constant term of the calling thread's memory offsets: the
/// last element of any repeat's atom (additive layouts).
template <class Tn, class S, index_t Atom>
TIRX_HD constexpr index_t max_const_term() {
  constexpr OperandSplit sp = split_operand(Tn::shape(), scope::traits<S>::group_rank, Atom);
  const index_t base = offset_at<Tn>(CoordPlan{});
  index_t m = 0;
  for (index_t rep = 0; rep < sp.repeats; ++rep) {
    const index_t o = offset_at<Tn>(static_coord<Tn>(sp.group_end, sp.atom_begin, rep, Atom - 1)) - base;
    m = o > m ? o : m;
  }
  return m;
}

/// Repeat R of a bounded ld/st whose atom crosses the limit: the first
/// `count` elements, one scalar instruction each.
template <class Instr, class Scope, index_t R, ptxmem::Guard G, class Dst, class... X>
__device__ TIRX_FORCEINLINE void apply_repeat_partial(const GroupCoords& g, ptxmem::Issue on, long long count, Dst& dst,
                                                      X&... src) {
  static constexpr auto scalar = scalar_spelling<Instr::spelling>();
  using DT = bare<Dst>;
  [&]<index_t... J>(cuda::std::integer_sequence<index_t, J...>) {
    (
        [&] {
          if (J >= count) return;
          if constexpr (Instr::desc.op == ptxdesc::Op::ld) {
            using T = typename DT::value_type;
            auto& s0 = (src, ...);
            using ST = bare<decltype(s0)>;
            T& slot = dst.data()[elem_offset<DT, Scope, Instr::desc.vec, R, J>(g)];
            ptxregs::raw_t<Instr::desc.dst_bits> r[1] = {ptxregs::to_raw(slot)};
            const auto* addr = s0.data() + elem_offset<ST, Scope, Instr::desc.vec, R, J>(g);
            ptxmem::load<scalar, 1, Instr::desc.dst_bits, G == ptxmem::Guard::none ? G : ptxmem::Guard::pred_preserve>(r, addr, on);
            slot = ptxregs::from_raw<T>(r[0]);
          } else {
            auto& s0 = (src, ...);
            using ST = bare<decltype(s0)>;
            const ptxregs::raw_t<Instr::desc.src_bits> r[1] = {ptxregs::to_raw(s0.data()[elem_offset<ST, Scope, Instr::desc.vec, R, J>(g)])};
            ptxmem::store<scalar, 1, Instr::desc.src_bits, G>(dst.data() + elem_offset<DT, Scope, Instr::desc.vec, R, J>(g), r, on);
          }
        }(),
        ...);
  }(cuda::std::make_integer_sequence<index_t, Instr::desc.vec>{});
}

/// A bounded ld/st (tile::bound): see tile::bound.
template <class Instr, class Scope, ptxmem::Guard G, index_t Repeats, class On, class Every, class Dst, class... X>
__device__ TIRX_FORCEINLINE void apply_bounded(const Bound& bd, On& on_of, Every& every_repeat, const GroupCoords& g,
                                               Dst& dst, X&... src) {
  // bounded: atoms wholly inside run as written, an atom across the limit
  // element by element, atoms outside not at all
  using MT = bare<decltype(memory_operand<Instr>(dst, src...))>;
  constexpr index_t atom = Instr::desc.vec;
  const long long limit = bd.limit;
  if constexpr (additive_offset<MT>()) {
    // every atom of this thread inside: one comparison, then the plain code
    constexpr index_t top = max_const_term<MT, Scope, atom>();
    if (static_cast<long long>(group_offset<MT, Scope>(g)) + top < limit) {
      every_repeat();
      return;
    }
  }
  [&]<index_t... R>(cuda::std::integer_sequence<index_t, R...>) {
    (
        [&] {
          const long long first = static_cast<long long>(elem_offset<MT, Scope, atom, R, 0>(g));
          if (first + atom <= limit) apply_repeat<Instr, Scope, R, G>(g, on_of(R), dst, src...);
          else if (first < limit) apply_repeat_partial<Instr, Scope, R, G>(g, on_of(R), limit - first, dst, src...);
        }(),
        ...);
  }(cuda::std::make_integer_sequence<index_t, Repeats>{});
}

/// policy: the cache policy of a .L2::cache_hint spelling (else unused).
template <class Instr, class Scope, ptxmem::Guard G, class P, bool HasBound, class Dst, class... X>
__device__ TIRX_FORCEINLINE void apply_all(const P* pr, const Bound* bd, unsigned long long policy, Dst& dst,
                                           X&... src) {
  using DT = bare<Dst>;
  constexpr OperandSplit ds = split_operand(DT::shape(), scope::traits<Scope>::group_rank, Instr::desc.vec);
  check_launch<Scope, DT>();
  if constexpr (Instr::desc.op == ptxdesc::Op::ld || Instr::desc.op == ptxdesc::Op::st) {
    // the layout keeps every atom vector-aligned relative to data(); the
    // tensor type's align claims the rest, which only run time can check
    const void* base = nullptr;
    if constexpr (Instr::desc.op == ptxdesc::Op::st) base = dst.data();
    else base = (src.data(), ...);
    [[maybe_unused]] constexpr unsigned long long vbytes =
        Instr::desc.vec * (Instr::desc.op == ptxdesc::Op::st ? Instr::desc.dst_bits : Instr::desc.src_bits) / 8;
    TIRX_CHECK(reinterpret_cast<unsigned long long>(base) % vbytes == 0,
               "tirx::tile::apply: the memory tensor's pointer is not aligned to the vector's bytes (its type "
               "claims an align the pointer does not have); make the tensor with decl_tensor, which checks, or "
               "declare a smaller align");
    (void)base;
  }
  GroupCoords g{};
  group_coords<Scope>(g);
  auto on_of = [&](index_t r) -> ptxmem::Issue {
    if constexpr (!cuda::std::is_same_v<P, void>) {
      if constexpr (cuda::std::is_invocable_v<decltype(pr->p), index_t>) return {pr->p(r) ? 1u : 0u, policy};
      else return {pr->p ? 1u : 0u, policy};
    } else {
      (void)r;
      return {1u, policy};
    }
  };
  auto every_repeat = [&] {
    [&]<index_t... R>(cuda::std::integer_sequence<index_t, R...>) {
      (apply_repeat<Instr, Scope, R, G>(g, on_of(R), dst, src...), ...);
    }(cuda::std::make_integer_sequence<index_t, ds.repeats>{});
  };
  if constexpr (!HasBound) {
    (void)bd;
    every_repeat();
  } else {
    apply_bounded<Instr, Scope, G, ds.repeats>(*bd, on_of, every_repeat, g, dst, src...);
  }
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
__device__ TIRX_FORCEINLINE const void* find_bound(const A&... a) {
  const void* p = nullptr;
  ((p = is_bound_v<A> ? static_cast<const void*>(&a) : p), ...);
  return p;
}
/// The policy of the tile::cache_hint among the arguments (0 without one).
template <class... A>
__device__ TIRX_FORCEINLINE unsigned long long find_policy(const A&... a) {
  unsigned long long policy = 0;
  ((policy = [&] {
     if constexpr (is_hint_v<A>) return a.policy;
     else return policy;
   }()),
   ...);
  return policy;
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
/// (pred(...), preserve_dst, bound(...), cache_hint(...)). A broken
/// contract stops compilation with one static_assert naming the rule and
/// its fix; the checks run in order
/// (arguments, instruction, options, operands, shapes) and each one guards
/// the next, so the first broken rule is the only message.
template <class Instr, class... Args>
__device__ TIRX_FORCEINLINE void apply(Args&&... args) {
  using detail::ArgsError;
  using detail::ApplyError;
  constexpr ArgsError ae = detail::check_args<true, Args...>();
  if constexpr (!is_ptx_v<Instr>) {
    static_assert(is_ptx_v<Instr>,
                  "tirx::tile::apply: the instruction must be tirx::ptx<\"spelling\">, e.g. apply<ptx<\"add.f32\">>(...)");
  } else if constexpr (ae != ArgsError::none) {
    static_assert(ae != ArgsError::no_destination,
                  "tirx::tile::apply: the destination comes first: apply<ptx<\"...\">>(dst, sources..., scope, options...)");
    static_assert(ae != ArgsError::missing_scope,
                  "tirx::tile::apply: missing scope: pass scope::thread, warp, warpgroup, cta or cluster right after "
                  "the operands, e.g. apply<ptx<\"add.f32\">>(d, a, b, scope::cta)");
    static_assert(ae != ArgsError::not_an_option,
                  "tirx::tile::apply: only options (tile::pred, tile::bound, tile::cache_hint, tile::preserve_dst) may "
                  "follow the scope; put "
                  "every operand before it");
    static_assert(ae != ArgsError::two_preds, "tirx::tile::apply: give at most one tile::pred(...); combine the conditions");
    static_assert(ae != ArgsError::two_bounds,
                  "tirx::tile::apply: give at most one tile::bound(...); the memory operand has one limit");
    static_assert(ae != ArgsError::two_hints,
                  "tirx::tile::apply: give at most one tile::cache_hint(...); an instruction takes one cache policy");
    static_assert(ae != ArgsError::pred_form,
                  "tirx::tile::apply: tile::pred takes a bool condition or a callable of exactly one parameter, "
                  "the flat repeat index, returning bool and callable as const, e.g. tile::pred([=](index_t r) "
                  "{ return base + 4 * r < n; }); for several repeat modes split r inside it (r / 4, r % 4)");
  } else {
    constexpr ptxdesc::Desc d = Instr::desc;
    constexpr int nops = detail::count_operands<Args...>();
    constexpr int nsrc = nops - 1;
    using Scope = detail::bare<detail::pack_element_t<nops, Args...>>;
    using Dst = detail::bare<detail::pack_element_t<0, Args...>>;
    using PredT = typename detail::pred_type<Args...>::type;
    constexpr bool has_pred = !cuda::std::is_same_v<PredT, void>;
    constexpr bool preserve = (cuda::std::is_same_v<detail::bare<Args>, PreserveDst> || ...);
    constexpr bool has_bound = (detail::is_bound_v<Args> || ...);
    constexpr bool has_hint = (detail::is_hint_v<Args> || ...);
#if defined(__CUDA_ARCH__)
    constexpr int target_sm = __CUDA_ARCH__ / 10; // this device compilation's target
#else
    constexpr int target_sm = 0; // the host pass: no device code, nothing to check
#endif
    constexpr ApplyError e =
        detail::check_apply<Instr, nsrc, has_pred, preserve, Dst, has_bound, has_hint, target_sm>();
    if constexpr (e != ApplyError::none) {
      static_assert(e != ApplyError::unknown_instruction,
                    "tirx::tile::apply: unknown instruction: the spelling needs one of the opcodes ld st mov add sub mul "
                    "div rcp sqrt min max fma ex2 lg2 abs neg cvt and a type, e.g. \"fma.rn.f32\" or \"ld.global.v4.b32\"");
      static_assert(e != ApplyError::source_count,
                    "tirx::tile::apply: wrong number of sources: after the destination, ld st mov rcp sqrt ex2 lg2 abs "
                    "neg and cvt take 1, add sub mul div min max 2, fma 3, and cvt to a packed x2 type from f32 takes 2");
      static_assert(e != ApplyError::unsupported_memory,
                    "tirx::tile::apply: unsupported ld/st spelling (a qualifier, vector width or type tirx does not "
                    "emit); the supported spellings are listed at the top of tirx/ptx/memory.hpp");
      static_assert(e != ApplyError::unsupported_arith,
                    "tirx::tile::apply: unsupported arithmetic spelling (a rounding, qualifier, type or source count "
                    "tirx does not emit); the supported spellings are listed at the top of tirx/ptx/arith.hpp");
      static_assert(e != ApplyError::unsupported_cvt,
                    "tirx::tile::apply: unsupported cvt spelling; the supported conversions are listed at the top of "
                    "tirx/ptx/cvt.hpp");
      static_assert(e != ApplyError::unsupported_mov,
                    "tirx::tile::apply: unsupported mov spelling; the supported ones are listed at the top of "
                    "tirx/ptx/mov.hpp");
      static_assert(e != ApplyError::needs_sm100,
                    "tirx::tile::apply: this spelling needs sm_100 or newer (256-bit ld/st .v8.b32/.v4.b64, f32x2 "
                    "arithmetic, min/max of three sources); compile it for sm_100a (e.g. -arch=sm_100a), or keep it "
                    "out of older targets with #if __CUDA_ARCH__ >= 1000");
      static_assert(e != ApplyError::hint_missing,
                    "tirx::tile::apply: a .L2::cache_hint spelling takes a 64-bit cache policy: add "
                    "tile::cache_hint(policy), e.g. tile::cache_hint(policy::evict_last()), or drop .L2::cache_hint");
      static_assert(e != ApplyError::hint_not_taken,
                    "tirx::tile::apply: tile::cache_hint needs a spelling with .L2::cache_hint (e.g. "
                    "\"ld.global.L2::cache_hint.v4.b32\"); add it to the spelling or drop tile::cache_hint");
      static_assert(e != ApplyError::preserve_without_pred,
                    "tirx::tile::apply: preserve_dst needs a predicate: add tile::pred(condition), or drop preserve_dst");
      static_assert(e != ApplyError::preserve_not_load,
                    "tirx::tile::apply: preserve_dst keeps the registers of a predicated-off load; it applies to ld only");
      static_assert(e != ApplyError::bound_not_memory,
                    "tirx::tile::apply: tile::bound limits ld and st only (registers have no edge); bound the loads "
                    "and stores around the arithmetic");
      static_assert(e != ApplyError::pred_not_memory,
                    "tirx::tile::apply: tile::pred guards ld and st only; for arithmetic, branch around the apply");
      static_assert(e != ApplyError::dst_not_tensor,
                    "tirx::tile::apply: the destination must be a tirx tensor (registers from alloc_local, or memory for "
                    "st); pass it first");
    } else {
      constexpr detail::OperandError oe = [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
        detail::OperandError r = detail::apply_operand_error<Instr, Scope, 0, Dst>();
        ((r = r != detail::OperandError::none
                  ? r
                  : detail::apply_operand_error<Instr, Scope, K + 1, detail::pack_element_t<K + 1, Args...>>()),
         ...);
        return r;
      }(cuda::std::make_integer_sequence<int, nsrc>{});
      constexpr bool shapes_agree = [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
        return (detail::same_repeats<Scope, d.vec, Dst, detail::pack_element_t<K + 1, Args...>>() && ...);
      }(cuda::std::make_integer_sequence<int, nsrc>{});
      if constexpr (oe != detail::OperandError::none) {
        detail::report_operand<oe, detail::TileOp::apply>();
      } else if constexpr (!shapes_agree) {
        static_assert(shapes_agree,
                      "tirx::tile::apply: group and repeat shapes must agree across operands (extent-1 modes aside); "
                      "view<...>() the operands to the same (group, repeat, atom) shape");
      } else if constexpr (d.loads && !detail::distinct_slots<Dst, Scope>()) {
        static_assert(!d.loads,
                      "tirx::tile::apply: load destinations overlap: two elements of the destination share a register "
                      "slot (e.g. a stride-0 iter); give it a layout with distinct slots");
      } else {
        constexpr ptxmem::Guard guard =
            !has_pred ? ptxmem::Guard::none : (preserve ? ptxmem::Guard::pred_preserve : ptxmem::Guard::pred);
        const PredT* pr = static_cast<const PredT*>(detail::find_pred(args...));
        const Bound* bd = static_cast<const Bound*>(detail::find_bound(args...));
        [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
          detail::apply_all<Instr, Scope, guard, PredT, has_bound>(pr, bd, detail::find_policy(args...),
                                                                  detail::nth_arg<0>(args...),
                                                                  detail::nth_arg<K + 1>(args...)...);
        }(cuda::std::make_integer_sequence<int, nsrc>{});
      }
    }
  }
}

/// Applies f to every element: one call per repeat (the atom is one
/// element). f's parameter and result types must be the elements' types.
/// Checked like apply: the first broken rule is the only message.
template <class F, class... Args>
__device__ TIRX_FORCEINLINE void ewise(F&& f, Args&&... args) {
  using detail::ArgsError;
  constexpr ArgsError ae = detail::check_args<false, Args...>();
  if constexpr (ae != ArgsError::none) {
    static_assert(ae != ArgsError::no_destination,
                  "tirx::tile::ewise: the destination comes right after f: ewise(f, dst, sources..., scope)");
    static_assert(ae != ArgsError::missing_scope,
                  "tirx::tile::ewise: missing scope: pass scope::thread, warp, warpgroup, cta or cluster right after "
                  "the operands, e.g. ewise(f, d, a, scope::cta)");
    static_assert(ae != ArgsError::not_an_option && ae != ArgsError::two_preds,
                  "tirx::tile::ewise: nothing may follow the scope (ewise takes no tile::pred or preserve_dst); put "
                  "every operand before it");
  } else {
    constexpr int nops = detail::count_operands<Args...>();
    constexpr int nsrc = nops - 1;
    using Scope = detail::bare<detail::pack_element_t<nops, Args...>>;
    using Dst = detail::bare<detail::pack_element_t<0, Args...>>;
    if constexpr (!is_tensor_v<Dst>) {
      static_assert(is_tensor_v<Dst>,
                    "tirx::tile::ewise: the destination must be a tirx tensor (f's results are written into it); pass "
                    "it right after f");
    } else {
      constexpr detail::OperandError oe = [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
        detail::OperandError r = detail::ewise_operand_error<Scope, Dst>();
        ((r = r != detail::OperandError::none
                  ? r
                  : detail::ewise_operand_error<Scope, detail::pack_element_t<K + 1, Args...>>()),
         ...);
        return r;
      }(cuda::std::make_integer_sequence<int, nsrc>{});
      constexpr bool shapes_agree = [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
        return (detail::same_repeats<Scope, 1, Dst, detail::pack_element_t<K + 1, Args...>>() && ...);
      }(cuda::std::make_integer_sequence<int, nsrc>{});
      constexpr bool params_ok = [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
        return detail::params_match<detail::bare<F>, detail::ewise_arg_t<detail::pack_element_t<K + 1, Args...>>...>();
      }(cuda::std::make_integer_sequence<int, nsrc>{});
      constexpr bool invocable = [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
        return cuda::std::is_invocable_v<F&, detail::ewise_arg_t<detail::pack_element_t<K + 1, Args...>>...>;
      }(cuda::std::make_integer_sequence<int, nsrc>{});
      if constexpr (oe != detail::OperandError::none) {
        detail::report_operand<oe, detail::TileOp::ewise>();
      } else if constexpr (!shapes_agree) {
        static_assert(shapes_agree,
                      "tirx::tile::ewise: group and repeat shapes must agree across operands (extent-1 modes aside); "
                      "view<...>() the sources to the destination's shape");
      } else if constexpr (!params_ok) {
        static_assert(params_ok,
                      "tirx::tile::ewise: f's parameter types must be the source element types, one per source "
                      "(nothing is converted); take e.g. half for a half tensor and convert inside f");
      } else if constexpr (!invocable) {
        static_assert(invocable,
                      "tirx::tile::ewise: f cannot be called with the source element types; give it one parameter per "
                      "source, in order");
      } else {
        using Result = typename detail::ewise_result<F, cuda::std::make_integer_sequence<int, nsrc>, Args...>::type;
        using T = typename Dst::value_type;
        if constexpr (!cuda::std::is_same_v<Result, T>) {
          static_assert(cuda::std::is_same_v<Result, T>,
                        "tirx::tile::ewise: f's result type must be the destination's element type (nothing is "
                        "converted); convert inside f, e.g. return __float2half(y) for a half destination");
        } else {
          constexpr detail::OperandSplit ds = detail::split_operand(Dst::shape(), scope::traits<Scope>::group_rank, 1);
          detail::check_launch<Scope, Dst>();
          detail::GroupCoords gc{};
          detail::group_coords<Scope>(gc);
          [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
            detail::ewise_all<Scope, ds.repeats>(f, gc, detail::nth_arg<0>(args...), detail::nth_arg<K + 1>(args...)...);
          }(cuda::std::make_integer_sequence<int, nsrc>{});
        }
      }
    }
  }
}
#endif

} // namespace tirx::tile
