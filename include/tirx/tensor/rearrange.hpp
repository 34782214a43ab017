// einops-style patterns for Tensor::rearrange, parsed at compile time:
//   "(warp lane) value -> warp lane value" with sizes "warp=2 lane=32"
// Splits and merges modes and reorders them; the result is a view.
#pragma once

#include <tirx/core/fixed_string.hpp>
#include <tirx/layout/shape.hpp>

namespace tirx {

enum class RearrangeError {
  none,
  no_arrow,
  bad_character,
  unbalanced_parens,
  nested_parens,
  empty_group,
  duplicate_name,
  name_on_one_side,
  rank_mismatch,
  too_many_unknown,
  size_mismatch,
  bad_sizes,
  unused_size,
  too_many_names,
};

struct RearrangeResult {
  RearrangeError error = RearrangeError::none;
  Shape elementary{};      ///< the input split into one mode per name (left order)
  int perm[max_rank] = {}; ///< right-side name k is elementary mode perm[k]
  Shape out{};             ///< the result shape (right-side groups)
};

namespace detail {

struct PatternSide {
  int nnames = 0;
  int start[max_rank] = {};
  int len[max_rank] = {};
  int group_of[max_rank] = {};
  int ngroups = 0;
};

TIRX_HD constexpr bool name_char(char c, bool first) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
         (!first && c >= '0' && c <= '9');
}

TIRX_HD constexpr bool same_name(text_view t, int s1, int l1, text_view u, int s2, int l2) {
  if (l1 != l2)
    return false;
  for (int i = 0; i < l1; ++i)
    if (t[s1 + i] != u[s2 + i])
      return false;
  return true;
}

TIRX_HD constexpr RearrangeError parse_side(text_view t, int begin, int end, PatternSide& side) {
  bool in_group = false;
  int group_names = 0;
  for (int i = begin; i < end;) {
    char c = t[i];
    if (c == ' ' || c == '\t') {
      ++i;
    } else if (c == '(') {
      if (in_group)
        return RearrangeError::nested_parens;
      in_group = true;
      group_names = 0;
      ++i;
    } else if (c == ')') {
      if (!in_group)
        return RearrangeError::unbalanced_parens;
      if (group_names == 0)
        return RearrangeError::empty_group;
      in_group = false;
      ++side.ngroups;
      ++i;
    } else if (name_char(c, true)) {
      int s = i;
      while (i < end && name_char(t[i], false))
        ++i;
      if (side.nnames == max_rank)
        return RearrangeError::too_many_names;
      for (int k = 0; k < side.nnames; ++k)
        if (same_name(t, side.start[k], side.len[k], t, s, i - s))
          return RearrangeError::duplicate_name;
      side.start[side.nnames] = s;
      side.len[side.nnames] = i - s;
      side.group_of[side.nnames] = side.ngroups;
      ++side.nnames;
      if (in_group)
        ++group_names;
      else
        ++side.ngroups;
    } else {
      return RearrangeError::bad_character;
    }
  }
  if (in_group)
    return RearrangeError::unbalanced_parens;
  return RearrangeError::none;
}

} // namespace detail

/// Parses a pattern against an input shape with named sizes "a=2 b=4".
TIRX_HD constexpr RearrangeResult parse_rearrange(text_view pattern, text_view sizes,
                                                  const Shape& in) {
  RearrangeResult r{};
  int arrow = -1;
  for (int i = 0; i + 1 < pattern.size; ++i)
    if (pattern[i] == '-' && pattern[i + 1] == '>')
      arrow = i;
  if (arrow < 0) {
    r.error = RearrangeError::no_arrow;
    return r;
  }
  detail::PatternSide lhs{}, rhs{};
  if ((r.error = detail::parse_side(pattern, 0, arrow, lhs)) != RearrangeError::none)
    return r;
  if ((r.error = detail::parse_side(pattern, arrow + 2, pattern.size, rhs)) != RearrangeError::none)
    return r;
  if (lhs.nnames != rhs.nnames) {
    r.error = RearrangeError::name_on_one_side;
    return r;
  }
  // named sizes
  index_t size_of[max_rank] = {};
  bool sized[max_rank] = {};
  for (int i = 0; i < sizes.size;) {
    char c = sizes[i];
    if (c == ' ' || c == ',' || c == '\t') {
      ++i;
      continue;
    }
    if (!detail::name_char(c, true)) {
      r.error = RearrangeError::bad_sizes;
      return r;
    }
    int s = i;
    while (i < sizes.size && detail::name_char(sizes[i], false))
      ++i;
    int l = i - s;
    while (sizes[i] == ' ')
      ++i;
    if (sizes[i] != '=') {
      r.error = RearrangeError::bad_sizes;
      return r;
    }
    ++i;
    while (sizes[i] == ' ')
      ++i;
    if (!(sizes[i] >= '0' && sizes[i] <= '9')) {
      r.error = RearrangeError::bad_sizes;
      return r;
    }
    index_t v = 0;
    while (sizes[i] >= '0' && sizes[i] <= '9')
      v = v * 10 + (sizes[i++] - '0');
    int k = 0;
    while (k < lhs.nnames && !detail::same_name(pattern, lhs.start[k], lhs.len[k], sizes, s, l))
      ++k;
    if (k == lhs.nnames) {
      r.error = RearrangeError::unused_size;
      return r;
    }
    size_of[k] = v;
    sized[k] = true;
  }
  if (lhs.ngroups != in.rank) {
    r.error = RearrangeError::rank_mismatch;
    return r;
  }
  // infer unknown sizes, group by group
  for (int g = 0; g < lhs.ngroups; ++g) {
    index_t known = 1;
    int unknown = -1, nunknown = 0;
    for (int k = 0; k < lhs.nnames; ++k) {
      if (lhs.group_of[k] != g)
        continue;
      if (sized[k])
        known *= size_of[k];
      else {
        unknown = k;
        ++nunknown;
      }
    }
    if (nunknown > 1) {
      r.error = RearrangeError::too_many_unknown;
      return r;
    }
    if (nunknown == 1) {
      if (known == 0 || in.dims[g] % known != 0) {
        r.error = RearrangeError::size_mismatch;
        return r;
      }
      size_of[unknown] = in.dims[g] / known;
    } else if (known != in.dims[g]) {
      r.error = RearrangeError::size_mismatch;
      return r;
    }
  }
  for (int k = 0; k < lhs.nnames; ++k)
    r.elementary.dims[r.elementary.rank++] = size_of[k];
  for (int j = 0; j < rhs.nnames; ++j) {
    int k = 0;
    while (k < lhs.nnames &&
           !detail::same_name(pattern, lhs.start[k], lhs.len[k], pattern, rhs.start[j], rhs.len[j]))
      ++k;
    if (k == lhs.nnames) {
      r.error = RearrangeError::name_on_one_side;
      return r;
    }
    r.perm[j] = k;
  }
  for (int g = 0; g < rhs.ngroups; ++g) {
    index_t p = 1;
    for (int j = 0; j < rhs.nnames; ++j)
      if (rhs.group_of[j] == g)
        p *= size_of[r.perm[j]];
    r.out.dims[r.out.rank++] = p;
  }
  return r;
}

namespace detail {
template <fixed_string Pattern, fixed_string Sizes>
TIRX_HD constexpr RearrangeResult checked_rearrange(const Shape& in) {
  return parse_rearrange(text_view{Pattern.chars, Pattern.size()},
                         text_view{Sizes.chars, Sizes.size()}, in);
}
} // namespace detail

namespace detail {
/// Tensor::rearrange's rules: one static_assert per error; true when none broke.
template <RearrangeError e> TIRX_HD constexpr bool rearrange_checked() {
  static_assert(
      e != RearrangeError::no_arrow,
      "tirx::Tensor::rearrange: the pattern needs '->' between the input and output modes");
  static_assert(e != RearrangeError::bad_character,
                "tirx::Tensor::rearrange: a pattern holds names, spaces and parentheses only");
  static_assert(e != RearrangeError::unbalanced_parens,
                "tirx::Tensor::rearrange: unbalanced parentheses in the pattern");
  static_assert(e != RearrangeError::nested_parens,
                "tirx::Tensor::rearrange: parentheses cannot nest; list the names of one merged "
                "mode in one group");
  static_assert(e != RearrangeError::empty_group,
                "tirx::Tensor::rearrange: an empty group () has no names");
  static_assert(e != RearrangeError::duplicate_name,
                "tirx::Tensor::rearrange: a name appears twice on one side of the pattern");
  static_assert(e != RearrangeError::name_on_one_side,
                "tirx::Tensor::rearrange: every name must appear on both sides of '->'");
  static_assert(e != RearrangeError::rank_mismatch,
                "tirx::Tensor::rearrange: the left side must have one entry (a name or a group) "
                "per mode of the tensor");
  static_assert(e != RearrangeError::too_many_unknown,
                "tirx::Tensor::rearrange: a group may leave at most one size unknown; give the "
                "others, e.g. \"warp=2\"");
  static_assert(e != RearrangeError::size_mismatch,
                "tirx::Tensor::rearrange: the sizes of a group must multiply to its mode's extent");
  static_assert(e != RearrangeError::bad_sizes,
                "tirx::Tensor::rearrange: sizes are written \"name=integer\", separated by "
                "spaces or commas");
  static_assert(e != RearrangeError::unused_size,
                "tirx::Tensor::rearrange: a size names something the pattern does not contain");
  static_assert(e != RearrangeError::too_many_names, "tirx::Tensor::rearrange: at most 8 names");
  return e == RearrangeError::none;
}
} // namespace detail

} // namespace tirx
