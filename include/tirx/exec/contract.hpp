// The contracts of tile::apply that the types decide: which rule of the
// instruction, its options and its operands is broken first. Every rule
// reads the Desc of the spelling (ptx/desc.hpp) and the form the family
// lists for it; none names a family. The messages are in exec/messages.hpp.
#pragma once

#include <tirx/exec/args.hpp>
#include <tirx/exec/operand.hpp>
#include <tirx/ptx/families.hpp>

namespace tirx::detail {

/// The PTX ISA version (x10) this CUDA toolkit emits: 13.0 emits 9.0.
/// -DTIRX_TOOLKIT_PTX=NN pretends another (to keep code within an older
/// toolkit's ISA, or to test the rule).
#if defined(TIRX_TOOLKIT_PTX)
inline constexpr int toolkit_ptx = TIRX_TOOLKIT_PTX;
#elif defined(__CUDACC_VER_MAJOR__)
inline constexpr int toolkit_ptx = [] {
  constexpr int major = __CUDACC_VER_MAJOR__, minor = __CUDACC_VER_MINOR__;
  constexpr int cuda12[] = {80, 81, 82, 83, 84, 85, 85, 85, 87, 88}; // 12.0 .. 12.9
  if (major >= 13)
    return 90 + minor;
  if (major == 12)
    return cuda12[minor < 10 ? minor : 9];
  return 70 + minor; // 11.x: PTX 7.x
}();
#else
inline constexpr int toolkit_ptx = 1000; // a host compiler: nothing to check
#endif

/// The architecture code (ptx/desc.hpp) of this device compilation; 0 in
/// the host pass, which emits no device code and is not checked.
#if defined(__CUDA_ARCH__)
#if defined(__CUDA_ARCH_FEAT_SM90_ALL) || defined(__CUDA_ARCH_FEAT_SM100_ALL) ||                   \
    defined(__CUDA_ARCH_SPECIFIC__)
inline constexpr int target_sm = __CUDA_ARCH__ + 1;
#else
inline constexpr int target_sm = __CUDA_ARCH__;
#endif
#else
inline constexpr int target_sm = 0;
#endif

/// The facts of instruction Instr called with NSrc sources: its Desc and
/// the form its family lists (spelling nullptr if none).
template <class Instr, int NSrc> struct instr_facts {
  static constexpr ptxdesc::Desc desc = Instr::desc;
  static constexpr text_view text{Instr::spelling.chars, Instr::spelling.size()};
  static constexpr ptxdesc::Form form =
      desc.family < 0 ? ptxdesc::Form{} : ptxdesc::registered::form(desc.family, text, NSrc);
  static constexpr bool listed = form.spelling != nullptr;
};

/// The extent of operand X's last mode (1 for a scalar or a rank-0 tensor).
template <class X>
inline constexpr index_t last_extent_v = [] {
  if constexpr (is_tensor_v<X>)
    return X::shape().rank > 0 ? X::shape().dims[X::shape().rank - 1] : index_t{1};
  else
    return index_t{1};
}();

/// Elements per atom of Instr on operand X (a tensor type or a scalar): the
/// spelling's vector width, or, for a family that copies chunks (the Desc's
/// chunks: cp.async), the operand's last mode, whose bytes are the chunk.
/// TIRx's cp.async tile pattern reads the chunk from the operand's last axis
/// too, and takes a chunk_bytes parameter that must equal it; tirx reads it
/// from the layout alone.
template <class Instr, class X>
inline constexpr index_t vector_lanes_v = [] {
  if constexpr (Instr::desc.reg_vectors && is_tensor_v<X>) {
    using T = cuda::std::remove_cv_t<typename X::value_type>;
    if constexpr (dtype_traits<T>::known) {
      constexpr int eb = dtype_bits<T>, tb = Instr::desc.dst.bits;
      if constexpr (eb >= 16 && eb < tb && tb % eb == 0 && tb / eb <= 4)
        return static_cast<index_t>(tb / eb);
    }
  }
  return index_t{1};
}();
/// The elements of one line of a line-covering Instr (Desc::line_bytes) on operand X.
template <class Instr, class X>
inline constexpr index_t line_elements_v = [] {
  if constexpr (is_tensor_v<X>)
    return static_cast<index_t>(Instr::desc.line_bytes) /
           static_cast<index_t>(sizeof(typename X::value_type));
  else
    return index_t{1};
}();
/// A brace vector operand (Desc::reg_vectors) is that many elements, a
/// register each; a line-covering operand one line (Desc::line_bytes).
template <class Instr, class X>
inline constexpr index_t atom_of_v = Instr::desc.chunks > 0       ? last_extent_v<X>
                                     : Instr::desc.reg_vectors    ? vector_lanes_v<Instr, X>
                                     : Instr::desc.line_bytes > 0 ? line_elements_v<Instr, X>
                                                                  : Instr::desc.vec;
/// The asm register class of operand X, given its form's: a brace vector's
/// registers are of the element's raw width.
template <class Instr, class X> TIRX_HD constexpr char operand_class(char form_class) {
  if constexpr (constexpr index_t lanes = vector_lanes_v<Instr, X>; lanes > 1)
    return ptxdesc::raw_class(dtype_bits<typename X::value_type>);
  else
    return form_class;
}

/// The chunk's bytes of a tensor operand X of a chunk-copying Instr: its
/// last mode's bytes.
template <class X>
inline constexpr index_t chunk_bytes_v = [] {
  if constexpr (is_tensor_v<X>)
    return last_extent_v<X> * static_cast<index_t>(sizeof(typename X::value_type));
  else
    return index_t{0};
}();

/// The first rule of apply's instruction and options that is broken.
enum class ApplyError {
  none,
  unknown_instruction, ///< no family claims the opcode
  source_count,        ///< fewer or more sources than the opcode takes
  unsupported,         ///< the family has no such form
  family_rule,         ///< no such form: it breaks a rule of its family (Desc::rule)
  needs_newer_sm,      ///< a device compilation for a target older than the form's min_sm
  needs_newer_ptx,     ///< the toolkit's PTX ISA is older than the form's min_ptx
  hint_missing,        ///< a .L2::cache_hint spelling without tile::cache_hint
  hint_not_taken,      ///< tile::cache_hint with a spelling that has no .L2::cache_hint
  preserve_without_pred,
  preserve_not_load,
  pred_not_taken,   ///< tile::pred on an instruction that takes none (warp-collective)
  bound_not_taken,  ///< tile::bound on an instruction without one memory operand
  collective_scope, ///< a warp-collective instruction at thread scope
  whole_scope,      ///< a whole-operand instruction at a scope other than its lanes' (thread, warp,
                    ///< warpgroup)
  accumulate_not_taken, ///< tile::accumulate on an instruction without an accumulator
  fill_not_taken,       ///< tile::src_size or tile::ignore_src on an instruction without a fill
  dst_not_tensor,
};

/// Whether Scope is exactly the threads of a whole-operand instruction of
/// `lanes` threads: scope::thread for 1 (one thread issues it: tcgen05.mma,
/// tcgen05.cp), scope::warp for 32, scope::warpgroup for 128.
template <class Scope> TIRX_HD constexpr bool scope_threads_are(int lanes) {
  if (lanes == 1)
    return cuda::std::is_same_v<Scope, scope::thread_t>;
  if (lanes == 32)
    return cuda::std::is_same_v<Scope, scope::warp_t>;
  if (lanes == 128)
    return cuda::std::is_same_v<Scope, scope::warpgroup_t>;
  return false;
}

template <class Instr, int NSrc, bool HasPred, bool Preserve, class Dst, bool HasBound,
          bool HasHint, class Scope, int TargetSm = target_sm, bool HasAccumulate = false,
          bool HasFill = false>
TIRX_HD constexpr ApplyError check_apply() {
  using F = instr_facts<Instr, NSrc>;
  constexpr ptxdesc::Desc d = F::desc;
  if (d.family < 0)
    return ApplyError::unknown_instruction;
  if (d.parsed && (NSrc < d.min_srcs || NSrc > d.max_srcs))
    return ApplyError::source_count;
  if (!F::listed)
    return d.rule > 0 ? ApplyError::family_rule : ApplyError::unsupported;
  if (TargetSm != 0 && !ptxdesc::arch_ok(F::form.min_sm, TargetSm))
    return ApplyError::needs_newer_sm;
  if (TargetSm != 0 && toolkit_ptx < F::form.min_ptx)
    return ApplyError::needs_newer_ptx;
  if (d.cache_hint && !HasHint)
    return ApplyError::hint_missing;
  if (HasHint && !d.cache_hint)
    return ApplyError::hint_not_taken;
  if (Preserve && !HasPred)
    return ApplyError::preserve_without_pred;
  if (Preserve && !d.loads)
    return ApplyError::preserve_not_load;
  if (HasPred && !d.guards)
    return ApplyError::pred_not_taken;
  if (HasBound && !d.bounds)
    return ApplyError::bound_not_taken;
  if (d.whole && !scope_threads_are<Scope>(d.lanes))
    return ApplyError::whole_scope;
  if (d.lanes > 1 && scope::traits<Scope>::group_rank == 0)
    return ApplyError::collective_scope;
  if (HasAccumulate && !d.accumulates)
    return ApplyError::accumulate_not_taken;
  if (HasFill && !d.fills)
    return ApplyError::fill_not_taken;
  if (!is_tensor_v<Dst>)
    return ApplyError::dst_not_tensor;
  return ApplyError::none;
}

/// Whether a chunk of `bytes` is one of the sizes of `mask` (Desc::chunks).
TIRX_HD constexpr bool chunk_in(int mask, index_t bytes) {
  return bytes > 0 && bytes <= 1024 && (bytes & (bytes - 1)) == 0 &&
         (mask & static_cast<int>(bytes)) != 0;
}

/// What apply's operand K (0: the destination) of Instr called with NSrc
/// sources is: a destination (the first, or a form's second, Desc::dst2),
/// or source `source` (0: the first; the second destination does not count),
/// and its description (a source of a width of its own: Desc::src_bits).
template <class Instr, int NSrc, int K> struct apply_operand {
  static constexpr ptxdesc::Desc d = Instr::desc;
  static constexpr bool second_dst =
      K == 1 && ptxdesc::two_destinations(instr_facts<Instr, NSrc>::form);
  static constexpr int source =
      K - 1 - (ptxdesc::two_destinations(instr_facts<Instr, NSrc>::form) ? 1 : 0);
  static constexpr ptxdesc::Operand op = [] {
    if (K == 0)
      return d.dst;
    if (second_dst)
      return d.dst2;
    ptxdesc::Operand o = ptxdesc::source_operand(d, source);
    o.bits = ptxdesc::alt_source(d, source) ? o.bits : ptxdesc::source_bits(d, source);
    return o;
  }();
};

/// The first error of apply's operand K (0: the destination) of Instr
/// called with NSrc sources.
template <class Instr, class Scope, int NSrc, int K, class Xr>
TIRX_HD constexpr OperandError apply_operand_error() {
  using X = bare<Xr>;
  using O = apply_operand<Instr, NSrc, K>;
  constexpr ptxdesc::Desc d = Instr::desc;
  constexpr ptxdesc::Operand op = O::op;
  constexpr bool memory = op.role == ptxdesc::Role::mem;
  if constexpr (K > 0 && !O::second_dst && d.imm_src == O::source) {
    // an immediate source: tile::imm<V>, V in the instruction's range
    if constexpr (!ptxemit::is_imm_v<X>)
      return OperandError::imm_required;
    else if constexpr (X::value < 0 || X::value >= d.imm_limit)
      return OperandError::imm_range;
    else
      return OperandError::none;
  } else if constexpr (ptxemit::is_imm_v<X>) {
    return OperandError::imm_not_taken;
  } else if constexpr (is_tensor_v<X>) {
    using T = cuda::std::remove_cv_t<typename X::value_type>;
    constexpr index_t chunk = chunk_bytes_v<X>;
    // first the element type: the checks below and the code read its width and bits
    if constexpr (!dtype_traits<T>::known) {
      return OperandError::element_unknown;
    } else if constexpr (!cuda::std::is_trivially_copyable_v<T>) {
      return OperandError::element_not_raw;
    } else if constexpr (op.pred && !cuda::std::is_same_v<T, bool>) {
      return O::second_dst ? OperandError::second_dst : OperandError::pred_not_bool;
    } else if constexpr (O::second_dst &&
                         (X::scope != ::tirx::MemScope::local || dtype_bits<T> != op.bits)) {
      return OperandError::second_dst; // a register tensor of the predicate's elements
    } else if constexpr (d.chunks > 0 && !chunk_in(d.family_chunks, chunk)) {
      return OperandError::chunk_size; // a size no form of the family copies
    } else if constexpr (d.chunks > 0 && !chunk_in(d.chunks, chunk)) {
      return OperandError::chunk_form; // a size another form copies (.ca, not .cg)
    } else {
      // a brace vector's registers are its elements' width
      constexpr index_t lanes = vector_lanes_v<Instr, X>;
      constexpr int bits = lanes > 1 ? op.bits / static_cast<int>(lanes) : op.bits;
      constexpr bool lines = d.line_bytes > 0;
      // an integer register element may be wider than the type (Operand::wide: ld.s8 into int32)
      constexpr int eb = dtype_bits<T>;
      constexpr bool widens = op.elem == 'i' && !memory && eb > bits && eb <= op.wide;
      constexpr OperandError e = check_operand<X, Scope>(!memory, op.space, widens ? eb : bits,
                                                         atom_of_v<Instr, X>, !d.line_unaligned);
      constexpr bool integer = cuda::std::is_integral_v<T> && !cuda::std::is_same_v<T, bool>;
      constexpr bool fits =
          op.elem == '\0' || integer || (op.elem == 'f' && cuda::std::is_floating_point_v<T>);
      if constexpr ((e == OperandError::none || e == OperandError::width) && !fits)
        return OperandError::element_kind; // Operand::elem: integers, or the float type
      else if constexpr (e == OperandError::width && op.elem == 'i' && !memory && eb > bits)
        return OperandError::element_too_wide;
      // a chunk's alignment rules, with the chunk's words; a line's shape and alignment
      else if constexpr (d.chunks > 0 && e == OperandError::pointer_align)
        return OperandError::chunk_align;
      else if constexpr (d.chunks > 0 && e == OperandError::atom_misaligned)
        return OperandError::chunk_misaligned;
      else if constexpr (lines && e == OperandError::not_a_tensor_shape)
        return OperandError::line_shape;
      else if constexpr (lines && e == OperandError::pointer_align)
        return OperandError::line_align;
      else if constexpr (lines && e == OperandError::atom_misaligned)
        return OperandError::line_misaligned;
      else
        return e;
    }
  } else {
    // a scalar's bits are used as they are: its kind must fit the type's
    // (unsigned integers are carriers of raw bits for any type)
    constexpr ptxdesc::TypeKind kind =
        K == 0 || O::second_dst ? ptxdesc::TypeKind::none : ptxdesc::source_kind(d, O::source);
    constexpr bool integral = cuda::std::is_integral_v<X>;
    if (O::second_dst)
      return OperandError::second_dst;
    if (memory)
      return OperandError::scalar_memory;
    if (op.pred && !cuda::std::is_same_v<X, bool>)
      return OperandError::pred_not_bool;
    if (!dtype_traits<X>::known || !cuda::std::is_trivially_copyable_v<X>)
      return OperandError::scalar_type;
    if (kind == ptxdesc::TypeKind::floating && integral && cuda::std::is_signed_v<X>)
      return OperandError::scalar_int_for_float;
    if (kind == ptxdesc::TypeKind::integer && !integral)
      return OperandError::scalar_float_for_int;
    if (kind == ptxdesc::TypeKind::packed && !integral)
      return OperandError::scalar_float_for_packed;
    const int bits = K != 0 && d.scalar_bits != 0 ? d.scalar_bits : op.bits;
    if (sizeof(X) * 8 != static_cast<unsigned>(bits))
      return OperandError::scalar_width;
    return OperandError::none;
  }
}

/// The first error of an ewise operand: a distributed local tensor is read
/// as registers, any other tensor as memory; scalars broadcast.
template <class Scope, class Xr> TIRX_HD constexpr OperandError ewise_operand_error() {
  using X = bare<Xr>;
  if constexpr (!is_tensor_v<X>) {
    return OperandError::none;
  } else if constexpr (!dtype_traits<cuda::std::remove_cv_t<typename X::value_type>>::known) {
    return OperandError::element_unknown; // before check_operand, which reads the width
  } else {
    constexpr bool reg = X::scope == ::tirx::MemScope::local && X::layout().has_thread_axis();
    return check_operand<X, Scope>(reg, ptxdesc::Space::none, 0, 1);
  }
}

/// Whether operand X has Dst's group modes and repeat shape (extent-1 modes
/// aside), Dst's atom being Atom elements and X's XAtom. Scalars broadcast.
template <class Scope, index_t Atom, class Dst, class Xr, index_t XAtom = Atom>
TIRX_HD constexpr bool same_repeats() {
  using X = bare<Xr>;
  if constexpr (!is_tensor_v<X>) {
    return true;
  } else {
    constexpr int gr = scope::traits<Scope>::group_rank;
    OperandSplit xs = split_operand(X::shape(), gr, XAtom);
    OperandSplit ds = split_operand(Dst::shape(), gr, Atom);
    bool ok = xs.repeat_shape == ds.repeat_shape;
    for (int g = 0; g < gr; ++g)
      ok = ok && X::shape().dims[g] == Dst::shape().dims[g];
    return ok;
  }
}

/// same_repeats for apply's instruction Instr: each operand split at its own
/// atom (the same for every operand but a chunk's, whose elements may differ).
template <class Instr, class Scope, class Dst, class Xr>
TIRX_HD constexpr bool apply_same_repeats() {
  return same_repeats<Scope, atom_of_v<Instr, Dst>, Dst, Xr, atom_of_v<Instr, bare<Xr>>>();
}

/// Whether the slots one thread holds of a load destination are distinct
/// (no stride-0 iter or other overlap among its repeat and atom modes).
/// Operands of more than 8192 slots per thread are not checked.
template <class Dst, class Scope> TIRX_HD constexpr bool distinct_slots() {
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
  if (hi - lo + 1 > limit)
    return true;
  bool seen[limit] = {};
  for (index_t i = 0; i < n; ++i) {
    const index_t m = apply(rest, i)[Axis{0}] - lo;
    if (seen[m])
      return false;
    seen[m] = true;
  }
  return true;
}

} // namespace tirx::detail
