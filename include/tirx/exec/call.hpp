// ptx_call<"add.rn.f32">(d, a, b): one PTX instruction on one thread's
// scalars, for the one-off instruction inside scalar code. The spelling is
// resolved as tile::apply resolves it (the family that claims the opcode, its
// Desc and its listed forms, their oldest sm and PTX ISA: exec/contract.hpp),
// and the family's own issue step writes the asm, so both forms accept the
// same spellings and emit the same instruction. The operands are the
// instruction's in PTX order: the destination (a variable the instruction
// writes; a second one right after it for a d|p form), then the sources
// (values, or tile::imm<V> where the instruction takes an immediate). A
// memory operand (ld, st, ldu, atom, red, cp.async, ...) is a pointer to the
// atom (its generic address; the family converts it to the state space's
// window as tile::apply does) or a one-element tensor; a vector's registers
// (.v2, .v4, .v8) are an array of that many scalars:
//   ptx_call<"ld.global.nc.v4.b32">(regs, p)   unsigned regs[4]; const uint4* or const unsigned* p
//   ptx_call<"atom.shared::cta.add.u32">(old, p, v)  old = *p, *p += v
//   ptx_call<"cp.async.cg.shared.global">(dst, src)  16 bytes: pointers to 16-byte types
// The whole-fragment families (wgmma, mma.sync, ldmatrix, stmatrix,
// movmatrix, tcgen05) are refused: their operands are a warp's or
// warpgroup's fragments, which tile::apply takes as tensors. The
// .L2::cache_hint forms, whose policy is a tile:: option, go through
// tile::apply too.
// A warp-collective instruction (shfl.sync, vote.sync, ...) is called by
// every lane of its member mask, each with its own scalars.
#pragma once

#include <tirx/exec/messages.hpp>

namespace tirx {

namespace detail {

/// The first rule of a ptx_call operand that is broken (besides the
/// scalar rules of exec/contract.hpp, OperandError, which it reuses).
enum class CallError {
  none,
  no_destination, ///< no operand at all
  scope_given,    ///< a scope or a tile:: option among the operands
  whole,          ///< a whole-fragment instruction (wgmma, mma.sync, ldmatrix, ...)
  tensor,         ///< a tensor operand (beyond a one-element memory tensor)
  memory,         ///< a memory operand that is no pointer and no one-element tensor
  pointer_width,  ///< a pointer to a type of another size than the atom's or an element's
  vector_count,   ///< a register array (or scalar) of another count than the vector's
  dst_not_lvalue, ///< a destination that is no modifiable variable
  operand,        ///< a scalar rule (OperandError)
};

template <class A>
inline constexpr bool call_tail_v =
    scope::is_scope_v<bare<A>> || is_pred_v<bare<A>> || is_bound_v<A> || is_hint_v<A> ||
    is_accumulate_v<A> || is_negate_v<A> || is_fill_v<A> ||
    cuda::std::is_same_v<bare<A>, tile::PreserveDst>;

/// Operand K (0: the destination) of Instr called with NSrc sources, passed
/// as A: the first broken rule and, for a scalar rule, which one.
struct CallOperandError {
  CallError e = CallError::none;
  OperandError oe = OperandError::none;
};
/// The type a memory operand X points to: the pointee of a pointer, the
/// element of a tensor (void for neither).
template <class X> struct call_pointee { using type = void; };
template <class T> struct call_pointee<T*> { using type = cuda::std::remove_cv_t<T>; };
template <class X>
requires is_tensor_v<X>
struct call_pointee<X> {
  using type = cuda::std::remove_cv_t<typename X::value_type>;
};
template <class X> using call_pointee_t = typename call_pointee<X>::type;
template <class X> inline constexpr index_t call_elements_v = 1; ///< a tensor's elements
template <class X>
requires is_tensor_v<X>
inline constexpr index_t call_elements_v<X> = X::size();

/// The registers of one register operand of Instr: the vector's count.
template <class Instr> inline constexpr int call_regs_v = Instr::desc.vec > 1 ? Instr::desc.vec : 1;

/// Whether a memory operand's pointee P fits: an element (op.bits) or the
/// whole vector, or for a chunk-copying family (cp.async) a chunk it copies.
template <class Instr, class P> TIRX_HD constexpr bool call_pointee_fits(int bits) {
  if constexpr (cuda::std::is_void_v<P>) {
    return Instr::desc.chunks == 0;
  } else {
    constexpr int b = static_cast<int>(8 * sizeof(P));
    if (Instr::desc.chunks > 0)
      return chunk_in(Instr::desc.chunks, sizeof(P));
    return b == bits || b == bits * call_regs_v<Instr>;
  }
}

/// A typed ld/st register element (Operand::elem): an integer of N to
/// `wide` bits for 'i', the float of the width or its bits for 'f'.
template <class E> TIRX_HD constexpr OperandError typed_register_error(ptxdesc::Operand op) {
  constexpr int b = static_cast<int>(8 * sizeof(E));
  if (!dtype_traits<E>::known || !cuda::std::is_trivially_copyable_v<E>)
    return OperandError::scalar_type;
  if (op.elem == 'i' && (!cuda::std::is_integral_v<E> || cuda::std::is_same_v<E, bool>))
    return OperandError::element_kind;
  if (op.elem == 'i' && (b < op.bits || b > op.wide))
    return b > op.wide ? OperandError::element_too_wide : OperandError::scalar_width;
  if (op.elem == 'f' && b != op.bits)
    return OperandError::scalar_width;
  return OperandError::none;
}

template <class Instr, int NSrc, int K, class A>
TIRX_HD constexpr CallOperandError call_operand_error() {
  using X = bare<A>;
  using O = apply_operand<Instr, NSrc, K>;
  constexpr ptxdesc::Operand op = O::op;
  constexpr bool dst = K == 0 || O::second_dst;
  if constexpr (op.role == ptxdesc::Role::mem) {
    if constexpr (!cuda::std::is_pointer_v<X> && !is_tensor_v<X>)
      return {CallError::memory};
    else if constexpr (call_elements_v<X> != 1)
      return {CallError::tensor};
    else if constexpr (!call_pointee_fits<Instr, call_pointee_t<X>>(op.bits))
      return {CallError::pointer_width};
    else if constexpr (is_tensor_v<X>) {
      constexpr OperandError oe = apply_operand_error<Instr, scope::thread_t, NSrc, K, X>();
      if constexpr (oe == OperandError::none)
        return {};
      else
        return {CallError::operand, oe};
    } else
      return {};
  } else if constexpr (is_tensor_v<X>) {
    return {CallError::tensor};
  } else if constexpr (call_regs_v<Instr> > 1 && !O::second_dst &&
                       (!cuda::std::is_array_v<X> ||
                        sizeof(X) / sizeof(cuda::std::remove_all_extents_t<X>) !=
                            static_cast<unsigned>(call_regs_v<Instr>))) {
    return {CallError::vector_count};
  } else if constexpr (call_regs_v<Instr> == 1 && cuda::std::is_array_v<X>) {
    return {CallError::vector_count};
  } else if constexpr (dst && (!cuda::std::is_lvalue_reference_v<A> ||
                               cuda::std::is_const_v<cuda::std::remove_reference_t<A>>)) {
    return {CallError::dst_not_lvalue};
  } else if constexpr (O::second_dst) {
    // the second destination: a bool for a predicate, else a scalar of its width
    if constexpr (op.pred && !cuda::std::is_same_v<X, bool>)
      return {CallError::operand, OperandError::pred_not_bool};
    else if constexpr (!dtype_traits<X>::known || !cuda::std::is_trivially_copyable_v<X>)
      return {CallError::operand, OperandError::scalar_type};
    else if constexpr (!op.pred && 8 * sizeof(X) != static_cast<unsigned>(op.bits))
      return {CallError::operand, OperandError::scalar_width};
    else
      return {};
  } else if constexpr (op.elem != '\0') { // a typed ld/st register (ptx/memory_types.hpp)
    constexpr OperandError oe = typed_register_error<cuda::std::remove_all_extents_t<X>>(op);
    if constexpr (oe == OperandError::none)
      return {};
    else
      return {CallError::operand, oe};
  } else {
    using E = cuda::std::remove_all_extents_t<X>;
    constexpr OperandError oe = apply_operand_error<Instr, scope::thread_t, NSrc, K, E>();
    if constexpr (oe == OperandError::none)
      return {};
    else
      return {CallError::operand, oe};
  }
}

/// The instruction's threads for the contract: one thread, or the lanes of
/// a warp for a warp-collective instruction (each lane its own scalars).
template <class Instr>
using call_scope_t =
    cuda::std::conditional_t<(Instr::desc.lanes > 1), scope::warp_t, scope::thread_t>;

/// The rules of a ptx_call with arguments A..., in order: arguments,
/// instruction (apply's), whole-fragment families, then each operand.
template <class Instr, class... A> TIRX_HD constexpr ApplyError call_apply_error() {
  constexpr int nsrc = static_cast<int>(sizeof...(A)) - 1;
  // dst_not_tensor is apply's rule for its destination; ptx_call's are below
  constexpr ApplyError e =
      check_apply<Instr, nsrc, false, false, int, false, false, call_scope_t<Instr>>();
  return e == ApplyError::dst_not_tensor ? ApplyError::none : e;
}

/// Operand K's message, with the numbers in the instantiation line nvcc
/// prints under it: Operand (0: the destination, then the rest in PTX
/// order), OperandBits (the scalar's width) and InstructionBits.
template <CallError E, OperandError OE, int Operand, int OperandBits, int InstructionBits>
TIRX_HD constexpr void report_call_operand() {
  static_assert(E != CallError::tensor,
                "tirx::ptx_call: takes scalars (one thread's values) and, for a memory operand, "
                "a pointer or a one-element tensor; for tensor operands call "
                "tile::apply<ptx<\"...\">>(dst, sources..., scope)");
  static_assert(E != CallError::memory,
                "tirx::ptx_call: this operand is the instruction's memory (Operand below), which "
                "ptx_call takes as a pointer to the atom or a one-element tensor; pass its "
                "address (e.g. &x[i]), not a value");
  static_assert(E != CallError::pointer_width,
                "tirx::ptx_call: the memory operand points to a type whose size is neither an "
                "element's nor the whole vector's (cp.async: no chunk size it copies; "
                "OperandBits and InstructionBits below); point to the element or vector type "
                "(const float* or const float4* for ld.global.v4.f32, const uint4* for a "
                "16-byte cp.async)");
  static_assert(E != CallError::vector_count,
                "tirx::ptx_call: a vector instruction (.v2, .v4, .v8) takes an array of that "
                "many registers for each register operand, and a scalar instruction a scalar; "
                "pass unsigned r[4] for ld.global.v4.b32");
  static_assert(OE != OperandError::element_kind,
                "tirx::ptx_call: a register of another kind than the type's: .uN/.sN take "
                "integers, .f32/.f64 the float of the width or its bits; pass one of those");
  static_assert(OE != OperandError::element_too_wide,
                "tirx::ptx_call: an integer register wider than the type's registers (32 bits up "
                "to .u32/.s32, 64 for .u64/.s64); pass a narrower variable");
  static_assert(E != CallError::dst_not_lvalue,
                "tirx::ptx_call: a destination (the first operand, and a second one right after "
                "it: setp's p|q, shfl.sync's d|p) must be a modifiable variable, which the "
                "instruction writes; pass a non-const variable, not a value");
  static_assert(OE != OperandError::scalar_width,
                "tirx::ptx_call: an operand's width differs from the instruction's (Operand, "
                "OperandBits and InstructionBits below; Operand 0: the destination); pass a "
                "variable of that width (e.g. 1.0f, not 1.0, for .f32)");
  static_assert(OE != OperandError::scalar_type,
                "tirx::ptx_call: an operand is no scalar type tirx knows (an integer, float, "
                "double, half, bf16, their pairs or bool); pass one of those");
  static_assert(OE != OperandError::scalar_int_for_float,
                "tirx::ptx_call: a signed integer for a floating-point operand (1 for 1.0f); "
                "write the floating-point value, or pass raw bits as an unsigned integer");
  static_assert(OE != OperandError::scalar_float_for_int,
                "tirx::ptx_call: a floating-point value for an integer operand (.s32, .u32, "
                ".b32); convert it first, or pass its bits (cuda::std::bit_cast<unsigned>)");
  static_assert(OE != OperandError::scalar_float_for_packed,
                "tirx::ptx_call: a floating-point value for a packed operand (.f16x2, .bf16x2); "
                "pass the pair (__half2, __nv_bfloat162) or its 32 bits as unsigned");
  static_assert(OE != OperandError::pred_not_bool,
                "tirx::ptx_call: a predicate operand (.pred) takes a bool; pass a bool variable");
  static_assert(OE != OperandError::imm_required,
                "tirx::ptx_call: this source is an immediate written into the instruction (e.g. "
                "lop3's LUT); pass tile::imm<V>");
  static_assert(OE != OperandError::imm_range,
                "tirx::ptx_call: the immediate tile::imm<V> is outside the values the "
                "instruction takes (see docs/instruction-reference.md); pass one inside them");
  static_assert(OE != OperandError::imm_not_taken,
                "tirx::ptx_call: tile::imm<V> where the instruction takes a register; pass the "
                "value as a scalar");
  static_assert(E != CallError::operand || OE == OperandError::scalar_width ||
                    OE == OperandError::scalar_type || OE == OperandError::scalar_int_for_float ||
                    OE == OperandError::scalar_float_for_int ||
                    OE == OperandError::scalar_float_for_packed ||
                    OE == OperandError::pred_not_bool || OE == OperandError::imm_required ||
                    OE == OperandError::imm_range || OE == OperandError::imm_not_taken ||
                    OE == OperandError::element_kind || OE == OperandError::element_too_wide,
                "tirx::ptx_call: an operand breaks a rule of the instruction; see "
                "docs/instruction-reference.md for its operands");
}

/// source_count for ptx_call: Given sources where the opcode takes Min to Max.
template <int Given, int Min, int Max> TIRX_HD constexpr void report_call_sources() {
  static_assert(Given >= Min && Given <= Max,
                "tirx::ptx_call: wrong number of sources for the opcode (Given sources below, "
                "where it takes Min to Max after the destination); pass the operands in PTX "
                "order: ptx_call<\"...\">(d, a, b, ...)");
}

#if defined(__CUDACC__)
/// One register of class C holding scalar x, or an immediate as it is.
template <char C, class X> __device__ TIRX_FORCEINLINE auto call_register(const X& x) {
  if constexpr (ptxemit::is_imm_v<X>) {
    return x;
  } else {
    ptxemit::Regs<C, 1> r{};
    r.r[0] = ptxemit::to_carrier<ptxemit::carrier_t<C>>(x);
    return r;
  }
}

/// The operand object of ptx_call operand x (the destination when Dst) of
/// role M and class C: Mem (its address) for memory, else Regs of N
/// registers read from a scalar or an array (not read for a destination).
template <bool IsMem, bool Dst, char C, int N, class X>
__device__ TIRX_FORCEINLINE auto call_object(const X& x) {
  if constexpr (IsMem) {
    if constexpr (is_tensor_v<X>)
      return ptxemit::Mem<0, sizeof(typename X::value_type)>{x.data()};
    else
      return ptxemit::Mem<0, sizeof(call_pointee_t<X>) * !cuda::std::is_void_v<call_pointee_t<X>>>{
          x};
  } else if constexpr (N > 1 || cuda::std::is_array_v<X>) {
    ptxemit::Regs<C, N> r{};
    if constexpr (!Dst)
      for (int j = 0; j < N; ++j)
        r.r[j] = ptxemit::to_carrier<ptxemit::carrier_t<C>>(x[j]);
    return r;
  } else if constexpr (Dst) {
    return ptxemit::Regs<C, 1>{};
  } else {
    return call_register<C>(x);
  }
}

/// Writes a register destination object back into its scalar or array.
template <class D, class R> __device__ TIRX_FORCEINLINE void call_write_back(D& d, const R& r) {
  if constexpr (cuda::std::is_array_v<D>) {
    for (int j = 0; j < R::size; ++j)
      d[j] = ptxemit::from_carrier<cuda::std::remove_all_extents_t<D>>(r.r[j]);
  } else {
    d = ptxemit::from_carrier<D>(r.r[0]);
  }
}

/// Issues Instr (checked) on destination d and, for a d|p form, the second
/// destination first of xs; the sources after them.
template <class Instr, int NSrc, class D, class... X>
__device__ TIRX_FORCEINLINE void call_issue(D& d, X&... xs) {
  using F = instr_facts<Instr, NSrc>;
  using Family = typename ptxdesc::registered::template family<F::desc.family>;
  constexpr int nr = call_regs_v<Instr>;
  const ptxemit::Issue on{};
  if constexpr (ptxdesc::two_destinations(F::form)) {
    ptxemit::Regs<F::form.dst_class[0], 1> dop{};
    auto source = [&]<int K, class Xs>(const Xs& x) {
      return call_register<ptxdesc::source_class(F::form.src_class, K)>(x);
    };
    [&]<int... K>(cuda::std::integer_sequence<int, K...>, auto& second, auto&... rest) {
      ptxemit::Regs<F::form.dst_class[1], 1> pop{};
      Family::template issue<Instr::spelling, ptxemit::Guard::none>(
          on, dop, pop, source.template operator()<K>(rest)...);
      second = ptxemit::from_carrier<bare<decltype(second)>>(pop.r[0]);
    }
    (cuda::std::make_integer_sequence<int, NSrc - 1>{}, xs...);
    d = ptxemit::from_carrier<D>(dop.r[0]);
  } else {
    constexpr bool dmem = F::desc.dst.role == ptxdesc::Role::mem;
    auto dop = call_object<dmem, true, F::form.dst_class[0], nr>(d);
    [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
      Family::template issue<Instr::spelling, ptxemit::Guard::none>(
          on, dop,
          call_object<apply_operand<Instr, NSrc, K + 1>::op.role == ptxdesc::Role::mem, false,
                      ptxdesc::source_class(F::form.src_class, K), nr>(nth_arg<K>(xs...))...);
    }
    (cuda::std::make_integer_sequence<int, NSrc>{});
    if constexpr (!dmem)
      call_write_back(d, dop);
  }
}
#endif

} // namespace detail

#if defined(__CUDACC__)
/// Runs the PTX instruction Spelling once, on the calling thread's scalars:
/// ptx_call<"add.rn.f32">(d, a, b) is `add.rn.f32 d, a, b;`. The operands
/// are in PTX order: the destination variable (and a second destination
/// right after it for a d|p form such as setp's p|q), then the sources
/// (scalars of the instruction's width, bool for a predicate, tile::imm<V>
/// for an immediate, an array of N scalars for a .vN vector, a pointer or
/// a one-element tensor for memory). The same spellings and checks as
/// tile::apply; no scope and no options.
template <fixed_string Spelling, class... Args>
__device__ TIRX_FORCEINLINE void ptx_call(Args&&... args) {
  using Instr = ptx<Spelling>;
  constexpr int nops = static_cast<int>(sizeof...(Args));
  constexpr int nsrc = nops - 1;
  if constexpr (nops == 0) {
    static_assert(nops > 0, "tirx::ptx_call: give the destination, then the sources, in PTX "
                            "order: ptx_call<\"add.f32\">(d, a, b)");
  } else if constexpr ((detail::call_tail_v<Args> || ...)) {
    static_assert(!(detail::call_tail_v<Args> || ...),
                  "tirx::ptx_call: takes no scope and no tile:: options (it runs on the calling "
                  "thread's scalars, unguarded); drop them, or call tile::apply");
  } else if constexpr (Instr::desc.family >= 0 && Instr::desc.whole) {
    static_assert(!Instr::desc.whole,
                  "tirx::ptx_call: this instruction works on whole fragments of a warp or "
                  "warpgroup (wgmma, mma.sync, ldmatrix, tcgen05, ...); call tile::apply on the "
                  "fragments");
  } else if constexpr (constexpr detail::ApplyError e = detail::call_apply_error<Instr, Args...>();
                       e == detail::ApplyError::source_count) {
    detail::report_call_sources<nsrc, Instr::desc.min_srcs, Instr::desc.max_srcs>();
  } else if constexpr (e != detail::ApplyError::none) {
    detail::report_apply<e, Instr, nsrc>(); // the instruction's rules: apply's messages
  } else {
    constexpr int k = [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
      int first = -1;
      ((first = first < 0 && detail::call_operand_error<Instr, nsrc, K, Args>().e !=
                                 detail::CallError::none
                    ? K
                    : first),
       ...);
      return first;
    }
    (cuda::std::make_integer_sequence<int, nops>{});
    if constexpr (k >= 0) {
      using A = detail::pack_element_t<k, Args...>;
      constexpr detail::CallOperandError ce = detail::call_operand_error<Instr, nsrc, k, A>();
      detail::report_call_operand<ce.e, ce.oe, k, detail::element_bits_v<detail::bare<A>>,
                                  detail::apply_operand<Instr, nsrc, k>::op.bits>();
    } else {
      detail::call_issue<Instr, nsrc>(args...);
    }
  }
}
#endif

} // namespace tirx
