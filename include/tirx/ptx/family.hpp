// The family list: how apply finds the description of a spelling. A family
// is a struct with
//   name                          "ld/st", for messages and docs
//   claims(Tokens)                whether the opcode is the family's
//   describe(Tokens)              the Desc: operand roles, widths, atom, options
//   forms[]                       every form it emits (its row files, ptx/rows/*.def)
//   report<I, Kind>()             a static_assert naming forms[I] (closest form, arch, PTX ISA)
//   issue<S, G>(Issue, dst, srcs...)  the instruction, given apply's operand objects
//                                 (ptxemit::register_family<F> gives it to register families)
//   variant(Tokens), variants(Form, k)  (optional) spellings a form stands for besides its own
//                                 (ptxdesc::Variant: ld/st's typed forms of each bit form)
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

  /// The index in Fa's forms of the form spelled s with nsrc sources, or of
  /// the form that lists s (Fa::variant: ld.global.v4.s32 under
  /// ld.global.v4.b32); -1 if none.
  template <class Fa> TIRX_HD static constexpr int find(text_view s, int nsrc) {
    int k = 0;
    for (const Form& f : Fa::forms) {
      if (f.sources == nsrc && spelled(s, f.spelling))
        return k;
      ++k;
    }
    if constexpr (requires { Fa::variant(Tokens{}); }) {
      const Variant v = Fa::variant(tokenize(s));
      if (v.size > 0)
        return find<Fa>(text_view{v.text, v.size}, nsrc);
    }
    return -1;
  }

  /// The form of family fam spelled s with nsrc sources (a variant's: its
  /// listed form, with the variant's register classes); spelling nullptr if
  /// the family has none.
  TIRX_HD static constexpr Form form(int fam, text_view s, int nsrc) {
    Form r{};
    int i = 0;
    (
        [&] {
          if (i++ == fam) {
            const int k = find<F>(s, nsrc);
            if (k >= 0) {
              r = F::forms[k];
              if constexpr (requires { F::variant(Tokens{}); }) {
                const Variant v = F::variant(tokenize(s));
                if (v.size > 0) {
                  r.dst_class = v.dst_class ? v.dst_class : r.dst_class;
                  r.src_class = v.src_class ? v.src_class : r.src_class;
                }
              }
            }
          }
        }(),
        ...);
    return r;
  }

  /// The index in family fam's forms of the form spelled s with nsrc
  /// sources (or listing s); -1 if none (a listed form: no edit distances to
  /// compute).
  TIRX_HD static constexpr int index_of(int fam, text_view s, int nsrc) {
    int r = -1, i = 0;
    (
        [&] {
          if (i++ == fam)
            r = find<F>(s, nsrc);
        }(),
        ...);
    return r;
  }

  /// An upper bound on the distance closest() finds: the least distance to
  /// the first form of the run of forms whose opcode is nearest to s's, and
  /// to the forms sharing the longest head and the longest tail with s.
  TIRX_HD static constexpr int closest_bound(int fam, text_view s, int nsrc) {
    const text_view op = opcode_of(s);
    int best = 1 << 20, bound = 1 << 20, i = 0;
    (
        [&] {
          if (fam < 0 || i == fam) {
            text_view last{};
            for (const Form& f : F::forms) {
              int n = 0;
              while (f.spelling[n] != '\0')
                ++n;
              const text_view fop = opcode_of(text_view{f.spelling, n});
              if (fop == last)
                continue; // the forms of one opcode come in runs
              last = fop;
              const int d = edit_distance(op, fop, best);
              if (d < best) {
                best = d;
                bound = edit_distance(s, f.spelling) + (f.sources == nsrc ? 0 : 1);
              }
            }
            // and the forms that share the longest head or tail with s (a typo
            // late or early in a long spelling: a bound of a few edits)
            const Form* head = nullptr;
            const Form* tail = nullptr;
            int most_head = -1, most_tail = -1;
            for (const Form& f : F::forms) {
              int n = 0;
              while (f.spelling[n] != '\0')
                ++n;
              int h = 0, t = 0;
              while (h < n && h < s.size && f.spelling[h] == s[h])
                ++h;
              while (t < n && t < s.size && f.spelling[n - 1 - t] == s[s.size - 1 - t])
                ++t;
              if (h > most_head) {
                most_head = h;
                head = &f;
              }
              if (t > most_tail) {
                most_tail = t;
                tail = &f;
              }
            }
            for (const Form* f : {head, tail})
              if (f != nullptr) {
                const int d = edit_distance(s, f->spelling, bound) + (f->sources == nsrc ? 0 : 1);
                bound = d < bound ? d : bound;
              }
          }
          ++i;
        }(),
        ...);
    return bound;
  }

  /// The form nearest to s (fewest character edits; a form with another
  /// number of sources counts one edit more; the first of equals), in
  /// family fam, or in every family when fam < 0. Starting from
  /// closest_bound, only distances that can match it are computed in full:
  /// no form is closer than the length difference, and edit_distance stops
  /// at its limit (wgmma's hundreds of long spellings would otherwise
  /// exceed the compiler's constexpr budget).
  TIRX_HD static constexpr Closest closest(int fam, text_view s, int nsrc) {
    Closest c{};
    c.distance = closest_bound(fam, s, nsrc) + 1;
    int i = 0;
    (
        [&] {
          if (fam < 0 || i == fam) {
            int k = 0;
            for (const Form& f : F::forms) {
              const int extra = f.sources == nsrc ? 0 : 1;
              int len = 0;
              while (f.spelling[len] != '\0')
                ++len;
              const int gap = len > s.size ? len - s.size : s.size - len;
              if (gap + extra < c.distance) {
                const int dist = edit_distance(s, f.spelling, c.distance - extra) + extra;
                if (dist < c.distance)
                  c = Closest{i, k, dist};
              }
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
