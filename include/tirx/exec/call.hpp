// ptx_call<"add.rn.f32">(d, a, b): one PTX instruction on one thread's
// scalars, for the one-off instruction inside scalar code. The spelling is
// resolved as tile::apply resolves it (the family that claims the opcode, its
// Desc and its listed forms, their oldest sm and PTX ISA: exec/contract.hpp),
// and the family's own issue step writes the asm, so both forms accept the
// same spellings and emit the same instruction. The operands are the
// instruction's in PTX order: the destination (a variable the instruction
// writes; a second one right after it for a d|p form), then the sources
// (values, or tile::imm<V> where the instruction takes an immediate).
// Registers only: a memory operand goes through tile::apply on a tensor.
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
  tensor,         ///< a tensor operand
  memory,         ///< the instruction reads or writes memory
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
template <class Instr, int NSrc, int K, class A>
TIRX_HD constexpr CallOperandError call_operand_error() {
  using X = bare<A>;
  using O = apply_operand<Instr, NSrc, K>;
  constexpr ptxdesc::Operand op = O::op;
  constexpr bool dst = K == 0 || O::second_dst;
  if constexpr (is_tensor_v<X>) {
    return {CallError::tensor};
  } else if constexpr (op.role == ptxdesc::Role::mem) {
    return {CallError::memory};
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
  } else {
    constexpr OperandError oe = apply_operand_error<Instr, scope::thread_t, NSrc, K, X>();
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
                "tirx::ptx_call: takes scalars (one thread's values); for tensor operands call "
                "tile::apply<ptx<\"...\">>(dst, sources..., scope)");
  static_assert(E != CallError::memory,
                "tirx::ptx_call: this instruction reads or writes memory, and ptx_call takes "
                "registers and immediates only; call tile::apply on a memory tensor "
                "(e.g. a GlobalTensor or a shared tensor)");
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
                    OE == OperandError::imm_range || OE == OperandError::imm_not_taken,
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

/// Issues Instr (checked) on destination d and, for a d|p form, the second
/// destination first of xs; the sources after them.
template <class Instr, int NSrc, class D, class... X>
__device__ TIRX_FORCEINLINE void call_issue(D& d, X&... xs) {
  using F = instr_facts<Instr, NSrc>;
  using Family = typename ptxdesc::registered::template family<F::desc.family>;
  ptxemit::Regs<F::form.dst_class[0], 1> dop{};
  const ptxemit::Issue on{};
  auto source = [&]<int K, class Xs>(const Xs& x) {
    return call_register<ptxdesc::source_class(F::form.src_class, K)>(x);
  };
  if constexpr (ptxdesc::two_destinations(F::form)) {
    [&]<int... K>(cuda::std::integer_sequence<int, K...>, auto& second, auto&... rest) {
      ptxemit::Regs<F::form.dst_class[1], 1> pop{};
      Family::template issue<Instr::spelling, ptxemit::Guard::none>(
          on, dop, pop, source.template operator()<K>(rest)...);
      second = ptxemit::from_carrier<bare<decltype(second)>>(pop.r[0]);
    }
    (cuda::std::make_integer_sequence<int, NSrc - 1>{}, xs...);
  } else {
    [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
      Family::template issue<Instr::spelling, ptxemit::Guard::none>(
          on, dop, source.template operator()<K>(nth_arg<K>(xs...))...);
    }
    (cuda::std::make_integer_sequence<int, NSrc>{});
  }
  d = ptxemit::from_carrier<D>(dop.r[0]);
}
#endif

} // namespace detail

#if defined(__CUDACC__)
/// Runs the PTX instruction Spelling once, on the calling thread's scalars:
/// ptx_call<"add.rn.f32">(d, a, b) is `add.rn.f32 d, a, b;`. The operands
/// are in PTX order: the destination variable (and a second destination
/// right after it for a d|p form such as setp's p|q), then the sources
/// (scalars of the instruction's width, bool for a predicate, tile::imm<V>
/// for an immediate). The same spellings and checks as tile::apply; no
/// scope and no options; registers only.
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
