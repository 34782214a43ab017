// The TIRx layout notation, parsed at compile time:
//   tirx::layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">
//   tirx::layout_of<"S[(8, 2, 4, 2) : (4@laneid, 1@warpid, 1@laneid, 1)] + R[2 : 4@warpid] +
//   5@warpid"> tirx::layout_of<"S[8, 64] ^ swizzle(3, 3, 3)">      (swizzle(B, M, S), a tirx
//   extension)
// gives the same TileLayout value as the typed builder S(...), R(...), +, ^.
#pragma once

#include <tirx/core/fixed_string.hpp>
#include <tirx/layout/tile_layout.hpp>

namespace tirx {

enum class ParseError {
  none,
  empty,
  expected_term,
  expected_open_bracket,
  expected_close_bracket,
  expected_close_paren,
  expected_number,
  expected_axis_name,
  count_mismatch,
  replica_needs_stride,
  trailing_text,
  too_many_iters,
  bad_extent,
};

struct ParseResult {
  TileLayout layout{};
  ParseError error = ParseError::none;
  int position = 0;
};

namespace detail {

struct LayoutParser {
  text_view src;
  int pos = 0;
  ParseError error = ParseError::none;

  TIRX_HD constexpr bool failed() const { return error != ParseError::none; }
  TIRX_HD constexpr void fail(ParseError e) {
    if (error == ParseError::none)
      error = e;
  }
  TIRX_HD constexpr void skip_space() {
    while (src[pos] == ' ' || src[pos] == '\t' || src[pos] == '\n')
      ++pos;
  }
  TIRX_HD constexpr bool eat(char ch) {
    skip_space();
    if (src[pos] != ch)
      return false;
    ++pos;
    return true;
  }
  TIRX_HD constexpr bool peek(char ch) {
    skip_space();
    return src[pos] == ch;
  }
  TIRX_HD static constexpr bool is_ident(char ch, bool first) {
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_' ||
           (!first && ch >= '0' && ch <= '9');
  }
  TIRX_HD constexpr bool word(const char* w) {
    skip_space();
    int n = 0;
    while (w[n] != '\0') {
      if (src[pos + n] != w[n])
        return false;
      ++n;
    }
    if (is_ident(src[pos + n], false))
      return false;
    pos += n;
    return true;
  }
  TIRX_HD constexpr index_t number() {
    skip_space();
    bool negative = false;
    if (src[pos] == '-') {
      negative = true;
      ++pos;
      skip_space();
    }
    if (!(src[pos] >= '0' && src[pos] <= '9')) {
      fail(ParseError::expected_number);
      return 0;
    }
    index_t v = 0;
    while (src[pos] >= '0' && src[pos] <= '9')
      v = v * 10 + (src[pos++] - '0');
    return negative ? -v : v;
  }
  /// `n` or `n@axis`.
  TIRX_HD constexpr Term term() {
    index_t v = number();
    if (!eat('@'))
      return Term{v, Axis{0}};
    skip_space();
    int begin = pos;
    if (!is_ident(src[pos], true)) {
      fail(ParseError::expected_axis_name);
      return Term{v};
    }
    while (is_ident(src[pos], false))
      ++pos;
    return Term{v, axis_named(src.data + begin, pos - begin)};
  }
  /// `(a, b, ...)` or `a, b` (inside brackets) or `a`.
  template <class F> TIRX_HD constexpr int list(F&& item, bool bare_allowed) {
    int count = 0;
    if (eat('(')) {
      do {
        if (peek(')'))
          break; // trailing comma
        item(count++);
        if (failed())
          return count;
      } while (eat(','));
      if (!eat(')'))
        fail(ParseError::expected_close_paren);
      return count;
    }
    do {
      item(count++);
      if (failed())
        return count;
    } while (bare_allowed && !peek(':') && eat(','));
    return count;
  }
  /// The inside of S[...] or R[...].
  TIRX_HD constexpr void iters(TileLayout& l, bool replica) {
    index_t ext[max_iters + 1] = {};
    Term str[max_iters + 1] = {};
    int n = list(
        [&](int i) {
          index_t e = number();
          if (i <= max_iters)
            ext[i] = e;
        },
        true);
    if (failed())
      return;
    if (n > max_iters)
      return fail(ParseError::too_many_iters);
    for (int i = 0; i < n; ++i)
      if (ext[i] < 1)
        return fail(ParseError::bad_extent);
    if (eat(':')) {
      int k = list(
          [&](int i) {
            Term t = term();
            if (i <= max_iters)
              str[i] = t;
          },
          true);
      if (failed())
        return;
      if (k != n)
        return fail(ParseError::count_mismatch);
    } else if (replica) {
      return fail(ParseError::replica_needs_stride);
    } else { // row-major contiguous on m
      index_t s = 1;
      for (int i = n - 1; i >= 0; --i) {
        str[i] = Term{s};
        s *= ext[i];
      }
    }
    for (int i = 0; i < n; ++i) {
      Iter it{ext[i], str[i].value, str[i].axis};
      if (replica)
        l.push_replica(it);
      else
        l.push_shard(it);
    }
    if (l.overflow)
      fail(ParseError::too_many_iters);
  }
  TIRX_HD constexpr void bracketed(TileLayout& l, bool replica) {
    if (!eat('['))
      return fail(ParseError::expected_open_bracket);
    iters(l, replica);
    if (failed())
      return;
    if (!eat(']'))
      fail(ParseError::expected_close_bracket);
  }
  TIRX_HD constexpr void summand(TileLayout& l) {
    skip_space();
    if (word("S"))
      return bracketed(l, false);
    if (word("R"))
      return bracketed(l, true);
    char ch = src[pos];
    if ((ch >= '0' && ch <= '9') || ch == '-') {
      l.add_offset(term());
      if (l.overflow)
        fail(ParseError::too_many_iters);
      return;
    }
    fail(ParseError::expected_term);
  }
  TIRX_HD constexpr ParseResult run() {
    TileLayout l{};
    skip_space();
    if (src[pos] == '\0')
      return ParseResult{l, ParseError::empty, pos};
    bool wrapped = word("TileLayout");
    if (wrapped && !eat('('))
      fail(ParseError::expected_term);
    summand(l);
    while (!failed() && eat('+'))
      summand(l);
    if (!failed() && eat('^')) {
      if (!word("swizzle") || !eat('(')) {
        fail(ParseError::expected_term);
      } else {
        Swizzle s{};
        s.bits = static_cast<int>(number());
        if (!eat(','))
          fail(ParseError::expected_number);
        s.base = static_cast<int>(number());
        if (!eat(','))
          fail(ParseError::expected_number);
        s.shift = static_cast<int>(number());
        if (!eat(')'))
          fail(ParseError::expected_close_paren);
        l.swz = s;
      }
    }
    if (!failed() && wrapped && !eat(')'))
      fail(ParseError::expected_close_paren);
    skip_space();
    if (!failed() && src[pos] != '\0')
      fail(ParseError::trailing_text);
    return ParseResult{l, error, pos};
  }
};

} // namespace detail

/// Parses the notation; reports the first error and where it happened.
TIRX_HD constexpr ParseResult parse_layout(text_view text) {
  return detail::LayoutParser{text}.run();
}
template <int N> TIRX_HD constexpr ParseResult parse_layout(const char (&text)[N]) {
  return parse_layout(text_view{text, N - 1});
}

namespace detail {
template <fixed_string Src> TIRX_HD constexpr TileLayout checked_layout() {
  constexpr ParseResult r = parse_layout(text_view{Src.chars, Src.size()});
  constexpr ParseError e = r.error;
  static_assert(e != ParseError::empty,
                "tirx::layout_of: the notation is empty; write e.g. \"S[(4, 8) : (8, 1)]\"");
  static_assert(
      e != ParseError::expected_term,
      "tirx::layout_of: expected S[...], R[...] or an offset n@axis; terms are joined by +");
  static_assert(e != ParseError::expected_open_bracket,
                "tirx::layout_of: expected '[' after S or R");
  static_assert(e != ParseError::expected_close_bracket,
                "tirx::layout_of: expected ']' to close S[...] or R[...]");
  static_assert(e != ParseError::expected_close_paren,
                "tirx::layout_of: expected ')' to close a tuple");
  static_assert(e != ParseError::expected_number, "tirx::layout_of: expected an integer");
  static_assert(e != ParseError::expected_axis_name,
                "tirx::layout_of: expected an axis name after '@', e.g. 1@laneid");
  static_assert(
      e != ParseError::count_mismatch,
      "tirx::layout_of: extents and strides differ in number; give one stride per extent");
  static_assert(e != ParseError::replica_needs_stride,
                "tirx::layout_of: a replica needs its stride, e.g. R[2 : 4@warpid]");
  static_assert(e != ParseError::trailing_text,
                "tirx::layout_of: unexpected text after the layout; join terms with +");
  static_assert(e != ParseError::too_many_iters,
                "tirx::layout_of: more than 16 shard, 4 replica or 4 offset terms");
  static_assert(e != ParseError::bad_extent, "tirx::layout_of: every extent must be at least 1");
  if constexpr (e == ParseError::none) {
    static_assert(check_layout<r.layout>());
    return r.layout;
  } else {
    return TileLayout{};
  }
}
} // namespace detail

/// The layout written in TIRx notation, checked at compile time.
template <fixed_string Src> inline constexpr TileLayout layout_of = detail::checked_layout<Src>();

} // namespace tirx
