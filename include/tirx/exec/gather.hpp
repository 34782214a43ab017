// Gathered operands (tensor.gather<M>(indices), tensor/gather.hpp) in tile
// operations: a memory operand whose address is formed from an index per
// repeat. Every rule of a memory operand (space, vector width, alignment,
// consecutive atoms, thread axes) is checked on the tensor type that the
// view would be if the indices were a mode of the table (rule_tensor_t);
// the rules of its own are that it is memory, that an atom stays inside one
// gathered row and that every row starts vector-aligned, and that the
// indices belong to the thread that reads them. Nothing here names a family.
#pragma once

#include <tirx/exec/address.hpp>
#include <tirx/exec/contract.hpp>

namespace tirx::detail {

/// The layout of gathered view G's rule tensor: the table's iters, with the
/// gathered mode's replaced by one iter per index mode, row-major, a row
/// stride (the table's stride along the gathered mode) apart.
template <class G> TIRX_HD constexpr TileLayout gathered_rule_layout() {
  using Tb = typename G::table_type;
  using Ix = typename G::indices_type;
  const GroupedLayout t = regroup(Tb::layout(), Tb::shape());
  TileLayout out = t.layout;
  out.rank = 0;
  for (int i = 0; i < max_iters; ++i)
    out.shard[i] = Iter{};
  for (int i = t.bound[0]; i < t.bound[G::mode]; ++i)
    out.push_shard(t.layout.shard[i]);
  const Shape k = Ix::shape();
  Iter rows[max_rank] = {};
  index_t step = G::row_stride;
  for (int d = k.rank - 1; d >= 0; --d) {
    rows[d] = Iter{k.dims[d], step, Axis{0}};
    step *= k.dims[d];
  }
  for (int d = 0; d < k.rank; ++d)
    out.push_shard(rows[d]);
  for (int i = t.bound[G::mode + 1]; i < t.bound[Tb::rank]; ++i)
    out.push_shard(t.layout.shard[i]);
  return out;
}

/// The tensor type whose operand rules X follows: X itself, or for a
/// gathered view the table's element type, space and align over the view's
/// shape and rule layout.
template <class X> struct rule_tensor { using type = X; };
template <int M, class Tb, class Ix> struct rule_tensor<Gathered<M, Tb, Ix>> {
  using G = Gathered<M, Tb, Ix>;
  static constexpr TileLayout layout = gathered_rule_layout<G>();
  static constexpr Shape shp = G::shape();
  using type = Tensor<typename Tb::element_type, typename shape_type_of<shp>::type, Tb::scope,
                      Tb::align, typename layout_type_of<layout>::type>;
};
template <class X> using rule_tensor_t = typename rule_tensor<bare<X>>::type;

/// The first rule of a gathered operand that is broken.
enum class GatherRule {
  none,
  in_registers,        ///< a gathered operand where the instruction takes registers
  bounded,             ///< tile::bound with a gathered operand
  atom_across_rows,    ///< the atom reaches into the index modes
  row_misaligned,      ///< the row stride is no multiple of the atom's bytes
  index_group_axes,    ///< a register index mode in the group is not the scope's thread axis
  index_foreign_slots, ///< a register index mode among the repeats uses a thread axis
  index_thread_axes,   ///< an index tensor in memory uses thread axes
};

/// The facts of operand K (type X, gathered) of Instr: its atom, the
/// elements of one row after the indices, the row stride and the atom's
/// bytes, and the first rule it breaks.
template <class Instr, class Scope, int NSrc, int K, class X, bool HasBound> struct gather_facts {
  using R = rule_tensor_t<X>;
  using Ix = typename X::indices_type;
  static constexpr ptxdesc::Desc d = Instr::desc;
  static constexpr int gr = scope::traits<Scope>::group_rank;
  static constexpr int first_row_mode = X::mode + Ix::rank; // the view's modes after the indices
  static constexpr index_t atom = atom_of_v<Instr, R>;
  static constexpr long long value_bytes = sizeof(typename X::value_type);
  static constexpr long long vector_bytes = d.line_unaligned ? 1 : atom * value_bytes;
  static constexpr long long row_stride_bytes = X::row_stride * value_bytes;
  static constexpr long long row_elements = [] {
    long long n = 1;
    for (int m = first_row_mode; m < X::rank; ++m)
      n *= X::shape().dims[m];
    return n;
  }();

  TIRX_HD static constexpr GatherRule index_rule() {
    constexpr Shape s = Ix::shape();
    constexpr TileLayout l = Ix::layout();
    if constexpr (Ix::scope != MemScope::local) {
      return l.has_thread_axis() ? GatherRule::index_thread_axes : GatherRule::none;
    } else {
      return local_index_rule(s, l);
    }
  }
  /// A register index tile: its modes in the group on the scope's thread
  /// axes, its modes among the repeats on m.
  TIRX_HD static constexpr GatherRule local_index_rule(const Shape& s, const TileLayout& l) {
    for (int k = 0; k < Ix::rank; ++k) {
      const TileLayout m = modes_layout(l, s, k, k + 1);
      const int v = X::mode + k; // the view's mode
      if (v < gr) {
        const bool one = m.rank == 1 && m.shard[0].axis.code == scope::traits<Scope>::axis[v] &&
                         m.shard[0].stride == 1;
        if (!one && !(m.rank == 0 && s.dims[k] == 1))
          return GatherRule::index_group_axes;
      } else {
        for (int i = 0; i < m.rank; ++i)
          if (!(m.shard[i].axis == Axis{0}))
            return GatherRule::index_foreign_slots;
      }
    }
    return GatherRule::none;
  }

  TIRX_HD static constexpr GatherRule rule() {
    if (apply_operand<Instr, NSrc, K>::op.role != ptxdesc::Role::mem)
      return GatherRule::in_registers;
    if (HasBound)
      return GatherRule::bounded;
    const OperandSplit sp = split_operand(X::shape(), gr, atom);
    if (sp.ok && atom > 1)
      for (int m = sp.atom_begin; m < first_row_mode; ++m)
        if (X::shape().dims[m] > 1)
          return GatherRule::atom_across_rows;
    if (vector_bytes > 1 && row_stride_bytes % vector_bytes != 0)
      return GatherRule::row_misaligned;
    return index_rule();
  }
};

template <class Instr, class Scope, int NSrc, int K, class Xr, bool HasBound>
TIRX_HD constexpr GatherRule gather_rule() {
  using X = bare<Xr>;
  if constexpr (is_gathered_v<X>)
    return gather_facts<Instr, Scope, NSrc, K, X, HasBound>::rule();
  else
    return GatherRule::none;
}

/// The first gathered operand of an apply that breaks a rule, and the rule.
struct GatherFinding {
  GatherRule rule = GatherRule::none;
  int operand = 0;
};
template <class Instr, class Scope, int NSrc, bool HasBound, class... Ops>
TIRX_HD constexpr GatherFinding first_gather_rule() {
  return [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
    GatherFinding f{};
    const GatherRule r[] = {gather_rule<Instr, Scope, NSrc, K, Ops, HasBound>()...};
    for (int k = static_cast<int>(sizeof...(Ops)) - 1; k >= 0; --k)
      if (r[k] != GatherRule::none)
        f = GatherFinding{r[k], k};
    return f;
  }
  (cuda::std::make_integer_sequence<int, static_cast<int>(sizeof...(Ops))>{});
}

/// The messages, with the numbers in nvcc's instantiation line: Operand (0:
/// the destination), Atom (elements), RowElements (a row's elements after
/// the indices), RowStrideBytes and VectorBytes.
template <GatherRule E, int Operand, index_t Atom, long long RowElements, long long RowStrideBytes,
          long long VectorBytes>
TIRX_HD constexpr void report_gather_numbers() {
  static_assert(E != GatherRule::in_registers,
                "tirx::tile::apply: a gathered operand (tensor.gather(indices)) is memory: pass "
                "it where the instruction reads or writes memory (the source of ld, the "
                "destination of st, the address of atom and red), not as registers");
  static_assert(E != GatherRule::bounded,
                "tirx::tile::apply: tile::bound does not take a gathered operand (its addresses "
                "come from indices, not from one range of offsets); guard the repeats with "
                "tile::pred, e.g. tile::pred([=](index_t r) { return r < valid; })");
  static_assert(E != GatherRule::atom_across_rows,
                "tirx::tile::apply: a gathered operand's atom reaches across gathered rows (Atom "
                "elements, RowElements in a row after the indices); an atom must lie within one "
                "row: use a narrower vector, or gather rows of at least the atom's elements");
  static_assert(E != GatherRule::row_misaligned,
                "tirx::tile::apply: a gathered row starts at index x row stride, which is no "
                "multiple of the atom's bytes (RowStrideBytes, VectorBytes below); pad the "
                "table's rows to a multiple of the vector or use a narrower vector");
  static_assert(E != GatherRule::index_group_axes,
                "tirx::tile::apply: a register index tile's modes in the group must be the "
                "scope's thread axes, each with stride 1 (warp: laneid; cta: warpid, laneid), so "
                "that each thread reads its own indices; give the index tile such a layout or "
                "pick the scope that fits");
  static_assert(E != GatherRule::index_foreign_slots,
                "tirx::tile::apply: a register index tile's repeat modes must lie on the memory "
                "axis m (each thread reads its own index slots only); move its thread modes to "
                "the front, where they are the group modes");
  static_assert(E != GatherRule::index_thread_axes,
                "tirx::tile::apply: an index tensor in shared or global memory may not use "
                "thread axes (the group coordinates pick each thread's indices); lay it out on m "
                "only");
}

#if defined(__CUDACC__)
/// The address of element J0 of repeat R's atom of gathered operand x
/// (type XT) for the calling thread: its group coordinates g, the rest
/// static; the index is read from the thread's own indices, and checked
/// where the repeat is live (a guarded-off repeat accesses nothing).
template <class XT, class Scope, index_t Atom, index_t R, index_t J0, class X>
__device__ TIRX_FORCEINLINE auto gathered_address(const X& x, const int (&g)[scope::max_group_rank],
                                                  bool live) {
  constexpr int gr = scope::traits<Scope>::group_rank;
  constexpr OperandSplit sp = split_operand(XT::shape(), gr, Atom);
  constexpr CoordPlan plan = static_coord<XT>(sp.group_end, sp.atom_begin, R, J0);
  return [&]<int... D>(cuda::std::integer_sequence<int, D...>) {
    return x.guarded_ptr_to(
        live, (D < gr ? g[D < scope::max_group_rank ? D : 0] : static_cast<int>(plan.c[D]))...);
  }
  (cuda::std::make_integer_sequence<int, XT::rank>{});
}
#endif

} // namespace tirx::detail
