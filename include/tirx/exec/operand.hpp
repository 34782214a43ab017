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

/// The canonical iters of modes [b, e) of a layout grouped by its shape,
/// without iters of extent 1 (rank 0 for modes of extent 1).
TIRX_HD constexpr TileLayout modes_layout(const TileLayout& l, const Shape& s, int b, int e) {
  GroupedLayout g = regroup(l, s);
  TileLayout out{};
  if (!g.ok)
    return out;
  for (int i = g.bound[b]; i < g.bound[e]; ++i)
    if (g.layout.shard[i].extent > 1)
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
  chunk_size,              ///< apply: a chunk (the last mode's bytes) no form of the family copies
  chunk_form,       ///< apply: a chunk another form copies, not this one (4 or 8 bytes for .cg)
  chunk_align,      ///< apply: the tensor's align is below its chunk's bytes
  chunk_misaligned, ///< apply: a layout stride or offset puts a chunk off its alignment
  imm_required,     ///< apply: the instruction's immediate source is not a tile::imm<V>
  imm_not_taken,    ///< apply: a tile::imm<V> where the instruction takes a register
  imm_range,        ///< apply: tile::imm<V> outside the instruction's range (Desc::imm_limit)
  pred_not_bool,    ///< apply: a predicate operand (Operand::pred) that is not bool
  second_dst,       ///< apply: a form's second destination that is no register tensor of its type
  line_shape,       ///< apply: a line-covering operand's trailing modes are not one line's elements
  line_align,       ///< apply: the tensor's align is below the line's bytes
  line_misaligned,  ///< apply: a layout stride or offset puts a line off its alignment
  element_kind,     ///< apply: an element the type does not take (Operand::elem: float for .s32)
  element_too_wide, ///< apply: an integer register element wider than Operand::wide
};

/// Checks one tensor operand. reg: the operand lives in the issuing thread's
/// registers (else memory of the given space); bits: the element width the
/// instruction reads or writes (0: any); atom: elements per atom; aligned: a
/// memory atom must start at a multiple of its bytes (false: anywhere).
template <class Tn, class S>
TIRX_HD constexpr OperandError check_operand(bool reg, ptxdesc::Space space, int bits, index_t atom,
                                             bool aligned = true) {
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
  if (!regroup(l, s).ok)
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
  index_t vbytes = aligned ? atom * index_t{sizeof(typename Tn::value_type)} : 1;
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

/// Which operation reports: the messages name it (exec/operand_messages.hpp).
enum class TileOp { apply, ewise };

} // namespace tirx::detail
