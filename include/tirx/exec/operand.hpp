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
  if (s.rank < group_rank) return r;
  int a = s.rank;
  index_t p = 1;
  while (a > group_rank && p < atom) p *= s.dims[--a];
  if (p != atom) return r;
  r.group_end = group_rank;
  r.atom_begin = a;
  for (int d = group_rank; d < a; ++d) {
    r.repeats *= s.dims[d];
    if (s.dims[d] != 1) r.repeat_shape.dims[r.repeat_shape.rank++] = s.dims[d];
  }
  r.ok = true;
  return r;
}

/// The canonical iters of modes [b, e) of a layout grouped by its shape.
TIRX_HD constexpr TileLayout modes_layout(const TileLayout& l, const Shape& s, int b, int e) {
  GroupedLayout g = group(l, s);
  TileLayout out{};
  if (!g.ok) return out;
  for (int i = g.bound[b]; i < g.bound[e]; ++i) out.push_shard(g.layout.shard[i]);
  return canonicalize(out);
}

enum class OperandError {
  none,
  not_a_tensor_shape,  ///< rank too small or trailing modes do not hold one atom
  group_extent,        ///< group mode extents differ from the scope's
  group_axes,          ///< a register operand's group modes are not the scope's thread axes
  foreign_slots,       ///< a register atom or repeat uses a thread axis
  atom_not_consecutive,
  atom_misaligned,
  pointer_align,
  wrong_space,
  width,
  ungroupable,
};

/// Checks one tensor operand. reg: the operand lives in the issuing thread's
/// registers (else memory of the given space); bits: the element width the
/// instruction reads or writes; atom: elements per atom.
template <class Tn, class S>
TIRX_HD constexpr OperandError check_operand(bool reg, ptxdesc::Space space, int bits, index_t atom) {
  constexpr Shape s = Tn::shape();
  constexpr TileLayout l = Tn::layout();
  OperandSplit sp = split_operand(s, scope::traits<S>::group_rank, atom);
  if (!sp.ok) return OperandError::not_a_tensor_shape;
  if constexpr (scope::traits<S>::group_rank > 0) {
    for (int g = 0; g < scope::traits<S>::group_rank; ++g)
      if (scope::traits<S>::extent[g] != 0 && s.dims[g] != scope::traits<S>::extent[g]) return OperandError::group_extent;
  }
  if (bits != 0 && dtype_bits<typename Tn::value_type> != bits) return OperandError::width;
  if (!group(l, s).ok) return OperandError::ungroupable;
  if (reg) {
    if (Tn::scope != Scope::local) return OperandError::wrong_space;
    if constexpr (scope::traits<S>::group_rank > 0) {
      for (int g = 0; g < scope::traits<S>::group_rank; ++g) {
        TileLayout m = modes_layout(l, s, g, g + 1);
        bool one = m.rank == 1 && m.shard[0].axis.code == scope::traits<S>::axis[g] && m.shard[0].stride == 1;
        bool trivial = m.rank == 0 && s.dims[g] == 1;
        if (!one && !trivial) return OperandError::group_axes;
      }
    }
    TileLayout rest = modes_layout(l, s, scope::traits<S>::group_rank, s.rank);
    for (int i = 0; i < rest.rank; ++i)
      if (!(rest.shard[i].axis == Axis{0})) return OperandError::foreign_slots;
    return OperandError::none;
  }
  // memory operand
  bool space_ok = (space == ptxdesc::Space::global && Tn::scope == Scope::global) ||
                  (space == ptxdesc::Space::shared && (Tn::scope == Scope::shared || Tn::scope == Scope::shared_dyn)) ||
                  (space == ptxdesc::Space::local && Tn::scope == Scope::local) ||
                  (space == ptxdesc::Space::none && Tn::scope != Scope::tmem);
  if (!space_ok) return OperandError::wrong_space;
  if (l.has_thread_axis()) return OperandError::group_axes;
  TileLayout a = modes_layout(l, s, sp.atom_begin, s.rank);
  if (atom > 1 && !(a.rank == 1 && a.shard[0].stride == 1)) return OperandError::atom_not_consecutive;
  index_t vbytes = atom * index_t{sizeof(typename Tn::value_type)};
  if (Tn::align < vbytes) return OperandError::pointer_align;
  TileLayout outer = modes_layout(l, s, 0, sp.atom_begin);
  for (int i = 0; i < outer.rank; ++i)
    if ((outer.shard[i].stride * index_t{sizeof(typename Tn::value_type)}) % vbytes != 0) return OperandError::atom_misaligned;
  if ((l.offset_on(Axis{0}) * index_t{sizeof(typename Tn::value_type)}) % vbytes != 0) return OperandError::atom_misaligned;
  if (l.swz.active()) {
    // the swizzle moves whole chunks of 2^M elements; an atom must fit in one
    if (atom > (index_t{1} << l.swz.base)) return OperandError::atom_not_consecutive;
  }
  return OperandError::none;
}

/// One readable line per broken rule. Op names the operation.
template <OperandError E>
TIRX_HD constexpr void report_operand() {
  static_assert(E != OperandError::not_a_tensor_shape,
                "tirx::tile: an operand must read as (group modes, repeat modes, atom modes): it needs "
                "the scope's group modes first and trailing modes that hold exactly one instruction "
                "atom; view<...>() or rearrange<...>() it");
  static_assert(E != OperandError::group_extent,
                "tirx::tile: the group modes do not match the scope: warp needs (32, ...), warpgroup "
                "(4, 32, ...), cta (warps, 32, ...), cluster (ctas, warps, 32, ...)");
  static_assert(E != OperandError::group_axes,
                "tirx::tile: group axes must match the scope: a register operand's group modes must "
                "lie on the scope's thread axes (cta: 1@warpid then 1@laneid), and a memory operand's "
                "layout may not use thread axes");
  static_assert(E != OperandError::foreign_slots,
                "tirx::tile: register slots must be owned by the issuing thread: repeat and atom modes "
                "of a register operand may only use the memory axis m");
  static_assert(E != OperandError::atom_not_consecutive,
                "tirx::tile: a memory atom must be consecutive elements (stride 1 on m, within one "
                "swizzle chunk); pick a narrower vector or a layout whose last mode is contiguous");
  static_assert(E != OperandError::atom_misaligned,
                "tirx::tile: every memory atom must start at a multiple of the vector's bytes; the "
                "layout's strides or offset break that, so use a narrower vector");
  static_assert(E != OperandError::pointer_align,
                "tirx::tile: the memory tensor's align is smaller than the vector's bytes; declare the "
                "tensor with a larger align (e.g. GlobalTensor<float, Shape, 16>) or use a narrower vector");
  static_assert(E != OperandError::wrong_space,
                "tirx::tile: the operand's memory scope does not match the instruction (ld.global needs a "
                "global tensor, ld.shared a shared one, register operands a local tensor)");
  static_assert(E != OperandError::width,
                "tirx::tile: dtype width must match the instruction: view the tensor as a container of "
                "the instruction's width, e.g. .view<uint16>() for .b16 or uint32 for f16x2");
  static_assert(E != OperandError::ungroupable,
                "tirx::tile: the operand's layout does not split along its shape's modes; view<...>() it "
                "to a shape that follows the layout");
}

} // namespace tirx::detail
