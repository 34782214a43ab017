// The family list: how apply finds the description of a spelling. A family
// is a struct with
//   name                          "ld/st", for messages and docs
//   claims(Tokens)                whether the opcode is the family's
//   describe(Tokens)              the Desc: operand roles, widths, atom, options
//   forms[]                       every form it emits (its row files, ptx/rows/*.def)
//   report<I, Kind>()             a static_assert naming forms[I] (closest form, arch, PTX ISA)
//   issue<S, G>(Issue, dst, srcs...)  the instruction, given apply's operand objects
//                                 (ptxemit::register_family<F> gives it to register families)
// and families.hpp lists them. Nothing here names a family.
#pragma once

#include <tirx/layout/tile_layout.hpp>
#include <tirx/ptx/desc.hpp>

namespace tirx::ptxdesc {

template <class... F> struct family_list {};

template <int I, class F0, class... F> struct nth_family {
  using type = typename nth_family<I - 1, F...>::type;
};
template <class F0, class... F> struct nth_family<0, F0, F...> { using type = F0; };

/// The atom of an instruction as a thread-value layout over (lane, element)
/// for a warp-collective one, which element of the atom each lane holds:
/// S[(32, n) : (1@laneid, 1)] (lane l holds elements l*n .. l*n + n - 1, n
/// per lane), and S[n : 1] for one thread's atom of n elements. Printable
/// with print_layout.
TIRX_HD constexpr TileLayout atom_layout(const Desc& d, index_t elements) {
  TileLayout l{};
  if (d.lanes > 1)
    l.push_shard(Iter{d.lanes, 1, Axis{1}}); // laneid
  l.push_shard(Iter{elements, 1, Axis{0}});
  return l;
}

/// The closest form to a spelling: a family and an index into its forms.
struct Closest {
  int family = -1;
  int index = -1;
  int distance = 1 << 20;
};

template <class List> struct registry;
template <class... F> struct registry<family_list<F...>> {
  template <int I> using family = typename nth_family<I, F...>::type;

  /// The family that claims s (family = -1 if none) and its description.
  TIRX_HD static constexpr Desc describe(text_view s) {
    const Tokens t = tokenize(s);
    Desc d{};
    int i = 0;
    bool found = false;
    (
        [&] {
          if (!found && F::claims(t)) {
            d = F::describe(t);
            d.family = i;
            found = true;
          }
          ++i;
        }(),
        ...);
    return d;
  }

  /// The form of family fam spelled s with nsrc sources; spelling nullptr
  /// if the family has none.
  TIRX_HD static constexpr Form form(int fam, text_view s, int nsrc) {
    Form r{};
    int i = 0;
    (
        [&] {
          if (i++ == fam)
            for (const Form& f : F::forms)
              if (f.sources == nsrc && spelled(s, f.spelling)) {
                r = f;
                break;
              }
        }(),
        ...);
    return r;
  }

  /// The index in family fam's forms of the form spelled s with nsrc
  /// sources; -1 if none (a listed form: no edit distances to compute).
  TIRX_HD static constexpr int index_of(int fam, text_view s, int nsrc) {
    int r = -1, i = 0;
    (
        [&] {
          if (i++ == fam) {
            int k = 0;
            for (const Form& f : F::forms) {
              if (r < 0 && f.sources == nsrc && spelled(s, f.spelling))
                r = k;
              ++k;
            }
          }
        }(),
        ...);
    return r;
  }

  /// The form nearest to s (fewest character edits; a form with another
  /// number of sources counts one edit more), in family fam, or in every
  /// family when fam < 0.
  TIRX_HD static constexpr Closest closest(int fam, text_view s, int nsrc) {
    Closest c{};
    int i = 0;
    (
        [&] {
          if (fam < 0 || i == fam) {
            int k = 0;
            for (const Form& f : F::forms) {
              const int dist = edit_distance(s, f.spelling) + (f.sources == nsrc ? 0 : 1);
              if (dist < c.distance)
                c = Closest{i, k, dist};
              ++k;
            }
          }
          ++i;
        }(),
        ...);
    return c;
  }
};

} // namespace tirx::ptxdesc
