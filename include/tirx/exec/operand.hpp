// Tile operands: each operand of apply/ewise is read as (group, repeat,
// atom). The scope fixes the group modes, the instruction the atom modes,
// and the modes between them are repeats, one instruction each. This header
// computes that split and checks every contract that the types decide.
#pragma once

#include <tirx/exec/scope.hpp>
#include <tirx/ptx/spelling.hpp>
#include <tirx/tensor/tensor.hpp>

namespace tirx::detail {

/// Where an operand's modes split: [0, group_end) group, [group_end,
/// atom_begin) repeat, [atom_begin, rank) atom.
struct OperandSplit {
  bool ok = false;
  int group_end = 0;
  int atom_begin = 0;
  index_t repeats = 1;
  Shape repeat_shape{}; ///< without extent-1 modes, for comparing operands
};

TIRX_HD constexpr OperandSplit split_operand(const Shape& s, int group_rank, index_t atom) {
  OperandSplit r{};
  if (s.rank < group_rank)
    return r;
  int a = s.rank;
  index_t p = 1;
  while (a > group_rank && p < atom)
    p *= s.dims[--a];
  if (p != atom)
    return r;
  r.group_end = group_rank;
  r.atom_begin = a;
  for (int d = group_rank; d < a; ++d) {
    r.repeats *= s.dims[d];
    if (s.dims[d] != 1)
      r.repeat_shape.dims[r.repeat_shape.rank++] = s.dims[d];
  }
  r.ok = true;
  return r;
}

/// The canonical iters of modes [b, e) of a layout grouped by its shape.
TIRX_HD constexpr TileLayout modes_layout(const TileLayout& l, const Shape& s, int b, int e) {
  GroupedLayout g = group(l, s);
  TileLayout out{};
  if (!g.ok)
    return out;
  for (int i = g.bound[b]; i < g.bound[e]; ++i)
    out.push_shard(g.layout.shard[i]);
  return canonicalize(out);
}

enum class OperandError {
  none,
  not_a_tensor_shape, ///< rank too small or trailing modes do not hold one atom
  group_extent,       ///< group mode extents differ from the scope's
  cta_flat_threads,   ///< cta scope, first mode > 32: a flat thread mode, not (warps, 32)
  group_axes,         ///< a register operand's group modes are not the scope's thread axes
  memory_thread_axes, ///< a memory operand's layout uses thread axes
  foreign_slots,      ///< a register atom or repeat uses a thread axis
  atom_not_consecutive,
  atom_misaligned,
  pointer_align,
  wrong_space,        ///< a memory operand in another space than the instruction's
  register_not_local, ///< a register operand that is not a local tensor
  width,
  ungroupable,
  scalar_memory,        ///< a scalar where the instruction reads or writes memory
  scalar_width,         ///< a scalar source of another width than the instruction's
  element_unknown,      ///< a tensor's element type that tensor/dtype.hpp does not know
  element_not_raw,      ///< apply: an element type without a trivial copy (half2, nv_bfloat162)
  scalar_type,          ///< apply: a scalar that is no dtype with a trivial copy
  scalar_int_for_float, ///< apply: a signed integer scalar for a floating-point type (1 for 1.0f)
  scalar_float_for_int, ///< apply: a floating-point scalar for an integer type (.s32, .u32)
  scalar_float_for_packed, ///< apply: a floating-point scalar for a packed type (.f16x2)
};

/// Checks one tensor operand. reg: the operand lives in the issuing thread's
/// registers (else memory of the given space); bits: the element width the
/// instruction reads or writes (0: any); atom: elements per atom.
template <class Tn, class S>
TIRX_HD constexpr OperandError check_operand(bool reg, ptxdesc::Space space, int bits,
                                             index_t atom) {
  constexpr Shape s = Tn::shape();
  constexpr TileLayout l = Tn::layout();
  constexpr int gr = scope::traits<S>::group_rank;
  // a CTA has at most 32 warps: a larger first mode counts threads
  if (scope::traits<S>::cta_warps && s.rank >= 1 && s.dims[0] > 32)
    return OperandError::cta_flat_threads;
  OperandSplit sp = split_operand(s, gr, atom);
  if (!sp.ok)
    return OperandError::not_a_tensor_shape;
  for (int g = 0; g < gr; ++g)
    if (scope::traits<S>::extent[g] != 0 && s.dims[g] != scope::traits<S>::extent[g])
      return OperandError::group_extent;
  if (bits != 0 && dtype_bits<typename Tn::value_type> != bits)
    return OperandError::width;
  if (!group(l, s).ok)
    return OperandError::ungroupable;
  if (reg && Tn::scope != MemScope::local)
    return OperandError::register_not_local;
  if (reg) {
    for (int g = 0; g < gr; ++g) {
      TileLayout m = modes_layout(l, s, g, g + 1);
      bool one = m.rank == 1 && m.shard[0].axis.code == scope::traits<S>::axis[g] &&
                 m.shard[0].stride == 1;
      bool trivial = m.rank == 0 && s.dims[g] == 1;
      if (!one && !trivial)
        return OperandError::group_axes;
    }
    TileLayout rest = modes_layout(l, s, gr, s.rank);
    for (int i = 0; i < rest.rank; ++i)
      if (!(rest.shard[i].axis == Axis{0}))
        return OperandError::foreign_slots;
    return OperandError::none;
  }
  // memory operand
  bool space_ok = (space == ptxdesc::Space::global && Tn::scope == MemScope::global) ||
                  (space == ptxdesc::Space::shared &&
                   (Tn::scope == MemScope::shared || Tn::scope == MemScope::shared_dyn)) ||
                  (space == ptxdesc::Space::local && Tn::scope == MemScope::local) ||
                  (space == ptxdesc::Space::none && Tn::scope != MemScope::tmem);
  if (!space_ok)
    return OperandError::wrong_space;
  if (l.has_thread_axis())
    return OperandError::memory_thread_axes;
  TileLayout a = modes_layout(l, s, sp.atom_begin, s.rank);
  if (atom > 1 && !(a.rank == 1 && a.shard[0].stride == 1))
    return OperandError::atom_not_consecutive;
  index_t vbytes = atom * index_t{sizeof(typename Tn::value_type)};
  if (Tn::align < vbytes)
    return OperandError::pointer_align;
  TileLayout outer = modes_layout(l, s, 0, sp.atom_begin);
  for (int i = 0; i < outer.rank; ++i)
    if ((outer.shard[i].stride * index_t{sizeof(typename Tn::value_type)}) % vbytes != 0)
      return OperandError::atom_misaligned;
  if ((l.offset_on(Axis{0}) * index_t{sizeof(typename Tn::value_type)}) % vbytes != 0)
    return OperandError::atom_misaligned;
  if (l.swz.active()) {
    // the swizzle moves whole chunks of 2^M elements; an atom must fit in one
    if (atom > (index_t{1} << l.swz.base))
      return OperandError::atom_not_consecutive;
  }
  return OperandError::none;
}

/// Which operation reports: the messages name it.
enum class TileOp { apply, ewise };

// One static_assert per operation, so that each message names its operation.
#define TIRX_OPERAND_RULE(ERR, TEXT)                                                               \
  static_assert(Op != TileOp::apply || E != OperandError::ERR, "tirx::tile::apply: " TEXT);        \
  static_assert(Op != TileOp::ewise || E != OperandError::ERR, "tirx::tile::ewise: " TEXT)

/// One readable line per broken rule: the operation, the rule, the fix.
/// Instantiate it only with E != none; exactly one message fires.
template <OperandError E, TileOp Op> TIRX_HD constexpr void report_operand() {
  TIRX_OPERAND_RULE(
      not_a_tensor_shape,
      "an operand must read as (group modes, repeat modes, atom modes): the scope's group modes "
      "first, then trailing modes that hold exactly one instruction atom (a last mode of 4 for "
      ".v4); view<...>() the operand to such a shape");
  TIRX_OPERAND_RULE(
      group_extent,
      "the leading (group) modes must match the scope: warp (32, ...), warpgroup (4, 32, ...), "
      "cta (warps, 32, ...), cluster (ctas, warps, 32, ...); view<...>() the operand or pick the "
      "scope that fits");
  TIRX_OPERAND_RULE(
      cta_flat_threads,
      "at cta scope the group modes are (warps, 32 lanes) and a CTA has at most 32 warps, so a "
      "first mode above 32 counts threads; split it, e.g. view<2, 32, ...>() for 64 threads");
  TIRX_OPERAND_RULE(
      group_axes,
      "a register operand's group modes must be the scope's thread axes, each with stride 1 "
      "(warp: laneid; warpgroup: wid_in_wg, laneid; cta: warpid, laneid); give the register tile "
      "such a layout or pick the scope that fits");
  TIRX_OPERAND_RULE(
      memory_thread_axes,
      "a memory operand's layout may not use thread axes (the scope's group modes already pick "
      "each thread's part); lay the memory tensor out on m only");
  TIRX_OPERAND_RULE(
      foreign_slots,
      "register slots must be owned by the issuing thread: the repeat and atom modes of a "
      "register operand may use the memory axis m only; move its thread modes to the front as "
      "group modes, or pick the scope that has them");
  TIRX_OPERAND_RULE(
      atom_not_consecutive,
      "a memory atom must be consecutive elements (the atom modes stride 1 on m, inside one "
      "swizzle chunk); use a narrower vector or a layout whose last mode is contiguous");
  TIRX_OPERAND_RULE(
      atom_misaligned,
      "every memory atom must start at a multiple of the vector's bytes, but a layout stride or "
      "offset breaks that; use a narrower vector or pad the layout");
  TIRX_OPERAND_RULE(
      pointer_align,
      "the memory tensor's align is smaller than the vector's bytes; declare it with a larger "
      "align (e.g. GlobalTensor<float, Shape, 16> for .v4.b32) or use a narrower vector");
  TIRX_OPERAND_RULE(
      wrong_space,
      "the memory operand's scope does not match the instruction: .global needs a global tensor, "
      ".shared a shared one, .local a local one; pick the spelling for the tensor's memory");
  TIRX_OPERAND_RULE(
      register_not_local,
      "register operands (the destination of ld, the source of st, every operand of arithmetic, "
      "cvt and mov) must be local tensors from alloc_local; check the order: destination first");
  TIRX_OPERAND_RULE(
      width,
      "dtype width must match the instruction: each operand's element width must be the width "
      "of the instruction's type for it (cvt.rn.f16.f32: 16-bit destination, 32-bit source); "
      "pick the matching type or view<U>() the tensor, e.g. .view<uint32>() for .b32 over halves");
  TIRX_OPERAND_RULE(
      ungroupable,
      "the operand's layout does not split along its shape's modes; view<...>() it to a shape "
      "that follows the layout");
  TIRX_OPERAND_RULE(
      scalar_memory,
      "a memory operand (the source of ld, the destination of st) must be a tensor, not a scalar");
  TIRX_OPERAND_RULE(
      scalar_width,
      "a scalar source must have the width of the instruction's type (e.g. 1.0f, not 1.0, for "
      ".f32); convert it first");
  TIRX_OPERAND_RULE(
      element_unknown,
      "an operand's element type is not a tirx dtype (tirx/tensor/dtype.hpp: float, half, "
      "nv_bfloat16, double, the int and uint types, fp8, ...); declare the tensor with one of "
      "them, e.g. uint32 carriers for packed f16x2/bf16x2 pairs");
  TIRX_OPERAND_RULE(
      element_not_raw,
      "half2 and nv_bfloat162 elements cannot be operands: apply moves raw register bits, and "
      "their copy is not trivial; hold packed f16x2/bf16x2 pairs in uint32 carriers "
      "(alloc_local<uint32, ...>) or view<uint32>() the tensor");
  TIRX_OPERAND_RULE(
      scalar_type,
      "a scalar source must be a tirx dtype with a trivial copy (tirx/tensor/dtype.hpp; not "
      "half2 or nv_bfloat162); for .f16x2/.bf16x2 pass a uint32 holding both halves, e.g. "
      "0x3C003C00u for (1.0, 1.0) in f16x2");
  TIRX_OPERAND_RULE(
      scalar_int_for_float,
      "a signed integer scalar for a floating-point type (.f32, .f16, .bf16) is not converted, "
      "its bits would be read as the float (1 as 1.4e-45); write a floating-point literal, "
      "e.g. 1.0f, not 1, for .f32 (or an unsigned carrier for raw bits, 0x3f800000u)");
  TIRX_OPERAND_RULE(
      scalar_float_for_int,
      "a floating-point scalar for an integer type (.s32, .u32, .u16, ...) is not converted, "
      "its bits would be read as the integer; write an integer literal, e.g. 1, not 1.0f");
  TIRX_OPERAND_RULE(
      scalar_float_for_packed,
      "a scalar for a packed type (.f16x2, .bf16x2, .e4m3x2, .e5m2x2) is an unsigned carrier "
      "holding both values, not a float; write e.g. 0x3C003C00u for (1.0, 1.0) in f16x2, "
      "0x3F803F80u in bf16x2");
}
#undef TIRX_OPERAND_RULE

} // namespace tirx::detail
