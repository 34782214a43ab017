// The issue loop of tile::apply, generic over the families: for each repeat,
// one operand object per instruction operand (registers read from a tensor
// or a scalar, or the address of a memory atom), the family's issue<S, G>,
// then the registers of a register destination written back. Which operand
// is a register and which memory, their widths and the atom come from the
// Desc; the asm from the family. tile::bound and the pointer checks work on
// whichever operand the Desc says is memory.
#pragma once

#include <tirx/exec/address.hpp>
#include <tirx/exec/contract.hpp>
#include <tirx/exec/gather.hpp>
#include <tirx/ptx/emit.hpp>

namespace tirx::detail {
#if defined(__CUDACC__)
using GroupCoords = int[scope::max_group_rank];
using ptxemit::Guard;
using ptxemit::Issue;

/// The operand object of operand X for repeat R, atom elements [J0, J0 + N)
/// of an atom of Atom elements: Mem (the address, with the immediate when
/// the whole atom is issued) or Regs of class C (read when Read). live: the
/// repeat's guard (a gathered operand's index is checked only where it is on).
template <class Scope, index_t Atom, index_t R, index_t J0, int N, ptxdesc::Role Role, char C,
          bool Read, class X>
__device__ TIRX_FORCEINLINE auto operand_object(X& x, const GroupCoords& g, unsigned live = 1u) {
  using XT = bare<X>;
  if constexpr (ptxemit::is_imm_v<XT>) {
    return x; // an immediate goes into the instruction's text as it is
  } else if constexpr (is_gathered_v<XT>) {
    // the address from this repeat's index (the contract made it memory)
    constexpr long long bytes = static_cast<long long>(N * sizeof(typename XT::value_type));
    return ptxemit::Mem<0, bytes>{gathered_address<XT, Scope, Atom, R, J0>(x, g, live != 0u)};
  } else if constexpr (Role == ptxdesc::Role::mem) {
    if constexpr (J0 == 0 && N == Atom) {
      constexpr long long imm = imm_bytes<XT, Scope, Atom, R>();
      constexpr long long bytes = static_cast<long long>(Atom * sizeof(typename XT::value_type));
      return ptxemit::Mem<imm, bytes>{atom_address<XT, Scope, Atom, R>(x.data(), g)};
    } else {
      return ptxemit::Mem<0>{x.data() + elem_offset<XT, Scope, Atom, R, J0>(g)};
    }
  } else {
    using Cr = ptxemit::carrier_t<C>;
    ptxemit::Regs<C, N> r{};
    if constexpr (Read) {
      if constexpr (is_tensor_v<XT>) {
        [&]<index_t... J>(cuda::std::integer_sequence<index_t, J...>) {
          ((r.r[J] = ptxemit::to_carrier<Cr>(x.data()[elem_offset<XT, Scope, Atom, R, J0 + J>(g)])),
           ...);
        }
        (cuda::std::make_integer_sequence<index_t, N>{});
      } else {
        for (int j = 0; j < N; ++j)
          r.r[j] = ptxemit::to_carrier<Cr>(x); // a scalar broadcasts
      }
    }
    return r;
  }
}

/// The atom, in elements, of operand X of Issued when the destination's is
/// Atom: its own for a chunk-copying family (the same bytes, perhaps other
/// elements), Atom for any other.
template <class Issued, index_t Atom, class X>
inline constexpr index_t operand_atom_v =
    Issued::desc.reg_vectors ? atom_of_v<Issued, bare<X>> // a scalar: one register
    : Issued::desc.chunks > 0 && is_tensor_v<rule_tensor_t<X>> ? atom_of_v<Issued, rule_tensor_t<X>>
                                                               : Atom;

/// Writes the registers of a register operand object back into its tensor.
template <class Scope, index_t Atom, index_t R, index_t J0, int N, class Tn, class Rg>
__device__ TIRX_FORCEINLINE void write_back(Tn& t, const Rg& r, const GroupCoords& g) {
  using TT = bare<Tn>;
  using T = typename TT::value_type;
  [&]<index_t... J>(cuda::std::integer_sequence<index_t, J...>) {
    ((t.data()[elem_offset<TT, Scope, Atom, R, J0 + J>(g)] = ptxemit::from_carrier<T>(r.r[J])),
     ...);
  }
  (cuda::std::make_integer_sequence<index_t, N>{});
}

/// Issues instruction Issued (Instr itself, or its scalar form for one
/// element of a bounded atom) for repeat R at atom elements [J0, J0 + N);
/// Fl: the chunk's fill (tile::src_size, tile::ignore_src), if any.
template <class Issued, class Scope, index_t Atom, index_t R, index_t J0, int N, Guard G,
          ptxemit::Fill Fl = ptxemit::Fill::none, class Dst, class... X>
__device__ TIRX_FORCEINLINE void issue_at(const GroupCoords& g, const Issue& on, Dst& dst,
                                          X&... src) {
  using F = instr_facts<Issued, static_cast<int>(sizeof...(X))>;
  constexpr ptxdesc::Desc d = F::desc;
  constexpr int n = N;
  // a guarded register destination keeps its old value where the guard is off
  constexpr bool reg_dst = d.dst.role == ptxdesc::Role::reg;
  constexpr bool read_dst =
      reg_dst && (G == Guard::pred_preserve || (G == Guard::pred && !d.loads));
  constexpr char dcls = operand_class<Issued, bare<Dst>>(F::form.dst_class[0]);
  auto dop = operand_object<Scope, Atom, R, J0, n, d.dst.role, dcls, read_dst>(dst, g, on.on);
  using Family = typename ptxdesc::registered::template family<d.family>;
  // a source's whole atom at its own atom (a chunk's elements may differ from the destination's);
  // source k in its form's class k (the last class for the rest)
  auto source = [&]<int K, class Xs>(Xs& x) {
    constexpr index_t a = J0 == 0 && n == Atom ? operand_atom_v<Issued, Atom, Xs> : Atom;
    constexpr int m = J0 == 0 && n == Atom ? static_cast<int>(a) : n;
    constexpr char c = operand_class<Issued, bare<Xs>>(ptxdesc::source_class(F::form.src_class, K));
    constexpr ptxdesc::Role role = ptxdesc::source_operand(d, K).role; // the first one's may differ
    return operand_object<Scope, a, R, J0, m, role, c, true>(x, g, on.on);
  };
  if constexpr (ptxdesc::two_destinations(F::form)) {
    // the second destination, right after the first (Desc::dst2; the contract checked it),
    // kept like the first where a guard is off
    [&]<int... K>(cuda::std::integer_sequence<int, K...>, auto& second, auto&... rest) {
      auto pop =
          operand_object<Scope, Atom, R, J0, n, ptxdesc::Role::reg, F::form.dst_class[1], read_dst>(
              second, g);
      Family::template issue<Issued::spelling, G>(on, dop, pop,
                                                  source.template operator()<K>(rest)...);
      write_back<Scope, Atom, R, J0, n>(second, pop, g);
    }
    (cuda::std::make_integer_sequence<int, static_cast<int>(sizeof...(X)) - 1>{}, src...);
  } else {
    [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
      if constexpr (Fl == ptxemit::Fill::none)
        Family::template issue<Issued::spelling, G>(
            on, dop, source.template operator()<K>(nth_arg<K>(src...))...);
      else // a family that takes a fill (the Desc's fills) takes its kind as a third argument
        Family::template issue<Issued::spelling, G, Fl>(
            on, dop, source.template operator()<K>(nth_arg<K>(src...))...);
    }
    (cuda::std::make_integer_sequence<int, static_cast<int>(sizeof...(X))>{});
  }
  if constexpr (reg_dst)
    write_back<Scope, Atom, R, J0, n>(dst, dop, g);
}

/// The memory operand of an instruction with one (the destination, or the
/// first memory source).
template <class Instr, class Dst, class... X>
__device__ TIRX_FORCEINLINE auto& memory_operand(Dst& dst, X&... src) {
  if constexpr (Instr::desc.dst.role == ptxdesc::Role::mem)
    return dst;
  else
    return (src, ...);
}

/// The largest constant term of the calling thread's memory offsets: the
/// last element of any repeat's atom (additive layouts).
template <class Tn, class S, index_t Atom> TIRX_HD constexpr index_t max_const_term() {
  constexpr OperandSplit sp = split_operand(Tn::shape(), scope::traits<S>::group_rank, Atom);
  const index_t base = offset_at<Tn>(CoordPlan{});
  index_t m = 0;
  for (index_t rep = 0; rep < sp.repeats; ++rep) {
    const index_t o =
        offset_at<Tn>(static_coord<Tn>(sp.group_end, sp.atom_begin, rep, Atom - 1)) - base;
    m = o > m ? o : m;
  }
  return m;
}

/// The first `count` elements of repeat R's atom, one scalar instruction each.
template <class Scalar, class Scope, index_t Atom, index_t R, Guard G, class Dst, class... X>
__device__ TIRX_FORCEINLINE void issue_partial(const GroupCoords& g, const Issue& on,
                                               long long count, Dst& dst, X&... src) {
  [&]<index_t... J>(cuda::std::integer_sequence<index_t, J...>) {
    ((J < count ? issue_at<Scalar, Scope, Atom, R, J, 1, G>(g, on, dst, src...) : void()), ...);
  }
  (cuda::std::make_integer_sequence<index_t, Atom>{});
}

/// A bounded apply (tile::bound): atoms wholly inside the limit run as
/// written, an atom across it element by element with the scalar form (a
/// guarded one keeps the other registers), atoms outside not at all.
template <class Instr, class Scope, Guard G, index_t Repeats, class On, class Every, class Dst,
          class... X>
__device__ TIRX_FORCEINLINE void apply_bounded(const Bound& bd, On& on_of, Every& every_repeat,
                                               const GroupCoords& g, Dst& dst, X&... src) {
  using MT = bare<decltype(memory_operand<Instr>(dst, src...))>;
  constexpr index_t atom = atom_of_v<Instr, MT>;
  using Scalar = ptx<scalar_spelling<Instr::spelling>()>;
  constexpr Guard partial = G == Guard::none ? G : Guard::pred_preserve;
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
          if (first + atom <= limit) {
            issue_at<Instr, Scope, atom, R, 0, static_cast<int>(atom), G>(g, on_of(R), dst, src...);
          } else if (first < limit) {
            issue_partial<Scalar, Scope, atom, R, partial>(g, on_of(R), limit - first, dst, src...);
          }
        }(),
        ...);
  }
  (cuda::std::make_integer_sequence<index_t, Repeats>{});
}

/// The debug check that every memory operand's pointer is aligned to its
/// atom's bytes (the layout keeps atoms aligned relative to data(); the
/// tensor type's align claims the rest, which only run time can check).
template <class Instr, ptxdesc::Role Role, class X>
__device__ TIRX_FORCEINLINE void check_pointer(const X& x) {
  using XT = rule_tensor_t<X>; // a gathered operand: its table's pointer
  if constexpr (Role == ptxdesc::Role::mem && is_tensor_v<XT>) {
    [[maybe_unused]] const unsigned long long vbytes =
        static_cast<unsigned long long>(atom_of_v<Instr, XT>) * sizeof(typename XT::value_type);
    if constexpr (Instr::desc.line_bytes > 0) {
      if constexpr (!Instr::desc.line_unaligned)
        TIRX_CHECK(reinterpret_cast<unsigned long long>(x.data()) % vbytes == 0,
                   "tirx::tile::apply: discard/applypriority: the tensor's pointer is not aligned "
                   "to the 128-byte line (its type claims an align the pointer does not have); "
                   "make the tensor with decl_tensor, which checks, at a line-aligned address");
    } else if constexpr (Instr::desc.chunks > 0)
      TIRX_CHECK(reinterpret_cast<unsigned long long>(x.data()) % vbytes == 0,
                 "tirx::tile::apply: cp.async: a tensor's pointer is not aligned to the chunk's "
                 "bytes (its type claims an align the pointer does not have); make the tensor "
                 "with decl_tensor, which checks, or copy smaller chunks");
    else if (vbytes > 1)
      TIRX_CHECK(reinterpret_cast<unsigned long long>(x.data()) % vbytes == 0,
                 "tirx::tile::apply: the memory tensor's pointer is not aligned to the vector's "
                 "bytes (its type "
                 "claims an align the pointer does not have); make the tensor with decl_tensor, "
                 "which checks, or "
                 "declare a smaller align");
  }
}

/// tile::pred(mask): one mask element per repeat, with the numbers in the
/// instantiation line (Repeats of the apply, MaskElements of the thread).
template <index_t Repeats, index_t MaskElements> TIRX_HD constexpr void report_mask_repeats() {
  static_assert(Repeats == MaskElements,
                "tirx::tile::pred(mask): the mask must hold one bool per repeat of the apply "
                "(Repeats below) in each thread, and it holds MaskElements; compute the mask over "
                "the operands' (group, repeat) modes, e.g. setp on a view without the atom mode");
}

/// The fill kind of a tile::src_size or tile::ignore_src type (void: none).
template <class Fo> inline constexpr ptxemit::Fill fill_kind_v = ptxemit::Fill::none;
template <class N>
inline constexpr ptxemit::Fill fill_kind_v<tile::SrcSize<N>> = ptxemit::Fill::src_size;
template <class C>
inline constexpr ptxemit::Fill fill_kind_v<tile::IgnoreSrc<C>> = ptxemit::Fill::ignore_src;

/// The fill value of repeat r: src_size's bytes (checked against the chunk
/// in debug builds) or ignore_src's condition, each a value or a callable.
template <class Fo, index_t ChunkBytes>
__device__ TIRX_FORCEINLINE unsigned fill_value(const Fo* fo, index_t r) {
  if constexpr (fill_kind_v<Fo> == ptxemit::Fill::src_size) {
    long long n;
    if constexpr (cuda::std::is_invocable_v<decltype(fo->bytes), index_t>)
      n = static_cast<long long>(fo->bytes(r));
    else
      n = static_cast<long long>(fo->bytes);
    TIRX_CHECK(n >= 0 && n <= ChunkBytes,
               "tirx::tile::apply: tile::src_size is negative or more bytes than the chunk "
               "holds; clamp it to [0, chunk bytes], e.g. min(max(end - first, 0), 16)");
    return static_cast<unsigned>(n);
  } else if constexpr (fill_kind_v<Fo> == ptxemit::Fill::ignore_src) {
    if constexpr (cuda::std::is_invocable_v<decltype(fo->c), index_t>)
      return fo->c(r) ? 1u : 0u;
    else
      return fo->c ? 1u : 0u;
  } else {
    (void)fo;
    (void)r;
    return 0u;
  }
}

/// check_pointer of source operand K. The Desc is copied into a constexpr
/// local before the call: `source_operand(Instr::desc, K)` written in a
/// template argument costs cudafe++ 65 MB at every include of tile.hpp,
/// though nothing instantiates it (docs/build-times.md).
template <class Instr, int K, class X>
__device__ TIRX_FORCEINLINE void check_source_pointer(const X& x) {
  constexpr ptxdesc::Desc d = Instr::desc;
  check_pointer<Instr, ptxdesc::source_operand(d, K).role>(x);
}

/// Every repeat of an apply. policy: the cache policy of a .L2::cache_hint
/// spelling (else unused); fo: the tile::src_size or tile::ignore_src
/// option (Fo void: none).
template <class Instr, class Scope, Guard G, class P, bool HasBound, class Fo, class Dst,
          class... X>
__device__ TIRX_FORCEINLINE void apply_all(const P* pr, const Bound* bd, unsigned long long policy,
                                           const Fo* fo, Dst& dst, X&... src) {
  using DT = rule_tensor_t<Dst>; // a gathered destination's shape and atom
  constexpr index_t atom = atom_of_v<Instr, DT>;
  constexpr ptxemit::Fill fill = fill_kind_v<Fo>;
  constexpr index_t chunk = atom * static_cast<index_t>(sizeof(typename DT::value_type));
  constexpr OperandSplit ds = split_operand(DT::shape(), scope::traits<Scope>::group_rank, atom);
  if constexpr (mask_elements_v<P> >= 0)
    report_mask_repeats<ds.repeats, mask_elements_v<P>>();
  (void)fo;
  check_launch<Scope, DT>();
  check_pointer<Instr, Instr::desc.dst.role>(dst);
  [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
    (check_source_pointer<Instr, K>(nth_arg<K>(src...)), ...);
  }
  (cuda::std::make_integer_sequence<int, static_cast<int>(sizeof...(X))>{});
  GroupCoords g{};
  group_coords<Scope>(g);
  auto on_of = [&](index_t r) -> Issue {
    Issue is{1u, policy};
    if constexpr (!cuda::std::is_same_v<P, void>) {
      if constexpr (cuda::std::is_invocable_v<decltype(pr->p), index_t>)
        is.on = pr->p(r) ? 1u : 0u;
      else
        is.on = pr->p ? 1u : 0u;
    }
    if constexpr (fill != ptxemit::Fill::none)
      is.fill = fill_value<Fo, chunk>(fo, r);
    (void)r;
    return is;
  };
  auto every_repeat = [&] {
    [&]<index_t... R>(cuda::std::integer_sequence<index_t, R...>) {
      (issue_at<Instr, Scope, atom, R, 0, static_cast<int>(atom), G, fill>(g, on_of(R), dst,
                                                                           src...),
       ...);
    }
    (cuda::std::make_integer_sequence<index_t, ds.repeats>{});
  };
  if constexpr (!HasBound) {
    (void)bd;
    every_repeat();
  } else {
    apply_bounded<Instr, Scope, G, ds.repeats>(*bd, on_of, every_repeat, g, dst, src...);
  }
}
#endif
} // namespace tirx::detail
