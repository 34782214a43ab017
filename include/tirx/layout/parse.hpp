// The TIRx layout notation, parsed at compile time (and at run time by
// parse_layout):
//   tirx::layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">
//   tirx::layout_of<"S[(8, 2, 4, 2) : (4@laneid, 1@warpid, 1@laneid, 1)] + R[2 : 4@warpid]
//                    + 5@warpid">
//   tirx::layout_of<"S[8, 64] ^ swizzle(3, 3, 3)">   (swizzle(B, M, S): a tirx extension)
// gives the same TileLayout value as the typed builder S(...), R(...), +, ^.
// The notation is TIRx's, which is Python: integer expressions (2 * 4, 0x10,
// (2 + 3)), R[2] (row-major strides on m), and an integer before S[...] are
// accepted as TIRx accepts them. What TIRx evaluates wrongly is refused:
// a second S[...] (TIRx keeps the first), a second R[...] (TIRx keeps the
// last), extents and strides of different counts (TIRx drops the rest), a
// layout without S[...], and an axis offset before S[...] (a Python error).
#pragma once

#include <tirx/core/fixed_string.hpp>
#include <tirx/layout/parse_expr.hpp>
#include <tirx/layout/tile_layout.hpp>

namespace tirx {

struct ParseResult {
  TileLayout layout{};
  ParseError error = ParseError::none;
  int position = 0;
};

namespace detail {

struct LayoutParser {
  using V = NotationValue;
  text_view src;
  int pos = 0;
  ParseError error = ParseError::none;
  int depth = 0;    ///< inside S[...] or R[...]
  TileLayout out{}; ///< the iters of the one S[...] and the one R[...]

  TIRX_HD constexpr bool failed() const { return error != ParseError::none; }
  TIRX_HD constexpr V fail(ParseError e) {
    if (error == ParseError::none)
      error = e;
    return V{};
  }
  TIRX_HD constexpr void skip_space() {
    while (src[pos] == ' ' || src[pos] == '\t' || src[pos] == '\n' || src[pos] == '\r')
      ++pos;
  }
  TIRX_HD constexpr bool peek(char ch) {
    skip_space();
    return src[pos] == ch;
  }
  TIRX_HD constexpr bool peek2(char a, char b) { return peek(a) && src[pos + 1] == b; }
  TIRX_HD constexpr bool eat(char ch) {
    if (!peek(ch))
      return false;
    ++pos;
    return true;
  }
  TIRX_HD static constexpr bool is_ident(char ch, bool first) {
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_' ||
           (!first && ch >= '0' && ch <= '9');
  }
  TIRX_HD constexpr bool word(const char* w) {
    skip_space();
    int n = 0;
    for (; w[n] != '\0'; ++n)
      if (src[pos + n] != w[n])
        return false;
    if (is_ident(src[pos + n], false))
      return false;
    pos += n;
    return true;
  }

  // --- expressions, Python's precedence: + -  <  * // % @  <  unary  <  ** ---
  /// sum := product (('+' | '-') product)*
  TIRX_HD constexpr V sum() {
    V acc = product();
    while (!failed()) {
      if (eat('+'))
        acc = add(acc, product(), error);
      else if (eat('-'))
        acc = arith('-', acc, product(), error);
      else
        break;
    }
    return acc;
  }
  /// product := unary (('*' | '//' | '%' | '@' axis) unary)*
  TIRX_HD constexpr V product() {
    V acc = unary();
    while (!failed()) {
      if (peek2('*', '*')) {
        break; // handled by power()
      } else if (eat('*')) {
        acc = arith('*', acc, unary(), error);
      } else if (peek2('/', '/')) {
        pos += 2;
        acc = arith('/', acc, unary(), error);
      } else if (peek('/')) {
        return fail(ParseError::bad_expression); // true division gives a float
      } else if (eat('%')) {
        acc = arith('%', acc, unary(), error);
      } else if (eat('@')) {
        acc = at_axis(acc);
      } else {
        break;
      }
    }
    return acc;
  }
  TIRX_HD constexpr V at_axis(const V& v) {
    skip_space();
    int begin = pos;
    if (!is_ident(src[pos], true))
      return fail(ParseError::expected_axis_name);
    while (is_ident(src[pos], false))
      ++pos;
    if (v.kind != V::integer)
      return fail(ParseError::bad_expression); // 4@laneid@warpid, (1, 2)@laneid
    V r = int_value(v.value);
    r.kind = V::term;
    r.axis = axis_named(src.data + begin, pos - begin);
    return r;
  }
  /// unary := ('-' | '+') unary | power
  TIRX_HD constexpr V unary() {
    if (eat('-'))
      return arith('-', int_value(0), unary(), error);
    if (eat('+')) {
      V v = unary();
      return v.kind == V::integer ? v : fail(ParseError::bad_expression);
    }
    V base = primary();
    if (!failed() && peek2('*', '*')) {
      pos += 2;
      base = arith('^', base, unary(), error);
    }
    return base;
  }
  /// primary := integer | '(' [sum (',' sum)* [',']] ')' | S[...] | R[...]
  TIRX_HD constexpr V primary() {
    skip_space();
    char ch = src[pos];
    if (ch >= '0' && ch <= '9') {
      index_t v = 0;
      int end = read_integer(src.data, src.size, pos, v);
      if (end < 0)
        return fail(ParseError::bad_expression);
      pos = end;
      return int_value(v);
    }
    if (eat('(')) {
      // (a) is a, (a,) and (a, b) are tuples, () is the empty tuple
      V t{};
      t.kind = V::tuple;
      if (eat(')'))
        return t;
      V first = sum();
      if (failed() || eat(')'))
        return first;
      if (!eat(','))
        return fail(ParseError::expected_close_paren);
      push_item(t, first);
      while (!failed() && !peek(')')) {
        push_item(t, sum());
        if (!eat(','))
          break;
      }
      if (!failed() && !eat(')'))
        return fail(ParseError::expected_close_paren);
      return t;
    }
    if (depth == 0 && word("S"))
      return bracketed(false);
    if (depth == 0 && word("R"))
      return bracketed(true);
    // a name where a number belongs (inside S[...]), or no term at all
    return fail(depth > 0 ? ParseError::expected_number : ParseError::expected_term);
  }
  TIRX_HD constexpr void push_item(V& t, const V& item) {
    if (item.kind != V::integer && item.kind != V::term) {
      fail(item.kind == V::offsets ? ParseError::bad_stride : ParseError::bad_expression);
      return;
    }
    if (t.n == max_iters) {
      fail(ParseError::too_many_iters);
      return;
    }
    t.item_is_term[t.n] = item.kind == V::term;
    t.items[t.n++] = Term{item.value, item.kind == V::term ? item.axis : Axis{0}};
  }
  TIRX_HD constexpr V as_tuple(const V& v) {
    if (v.kind == V::tuple)
      return v;
    V t{};
    t.kind = V::tuple;
    push_item(t, v);
    return t;
  }

  // --- S[...] and R[...] ------------------------------------------------------
  /// `extents : strides`, `extents` or a bare list `a, b, ...` (extents).
  TIRX_HD constexpr V bracketed(bool replica) {
    if (!eat('['))
      return fail(ParseError::expected_open_bracket);
    ++depth;
    V ext = sum();
    V str{};
    bool strides = false;
    if (!failed() && eat(':')) {
      strides = true;
      str = as_tuple(sum());
      ext = as_tuple(ext);
    } else if (!failed() && peek(',')) {
      ext = as_tuple(ext);
      while (!failed() && eat(',') && !peek(']'))
        push_item(ext, sum());
    } else {
      ext = as_tuple(ext);
    }
    if (failed())
      return V{};
    --depth;
    if (!eat(']'))
      return fail(ParseError::expected_close_bracket);
    if (strides && str.n != ext.n)
      return fail(ParseError::count_mismatch);
    if (ext.n == 0 && !replica)
      return fail(ParseError::no_shard);
    index_t stride = 1;
    Iter iters[max_iters] = {};
    for (int i = ext.n - 1; i >= 0; --i) {
      if (ext.item_is_term[i])
        return fail(ParseError::bad_expression);
      if (ext.items[i].value < 1)
        return fail(ParseError::bad_extent);
      iters[i] = Iter{ext.items[i].value, strides ? str.items[i].value : stride,
                      strides ? str.items[i].axis : Axis{0}};
      stride *= ext.items[i].value;
    }
    if (replica ? out.nreplica > 0 : out.rank > 0)
      return fail(replica ? ParseError::several_replicas : ParseError::several_shards);
    for (int i = 0; i < ext.n; ++i)
      replica ? out.push_replica(iters[i]) : out.push_shard(iters[i]);
    if (out.overflow)
      return fail(ParseError::too_many_iters);
    V r{};
    r.kind = V::layout;
    r.has_shard = !replica;
    r.has_replica = replica;
    return r;
  }

  // --- the whole layout ---------------------------------------------------------
  TIRX_HD constexpr ParseResult run() {
    skip_space();
    if (src[pos] == '\0')
      return ParseResult{out, ParseError::empty, pos};
    bool wrapped = word("TileLayout");
    if (wrapped && !eat('('))
      fail(ParseError::expected_term);
    V v = failed() ? V{} : sum();
    if (!failed() && eat('^')) {
      if (!word("swizzle") || !eat('(')) {
        fail(ParseError::expected_term);
      } else {
        index_t arg[3] = {};
        ++depth; // numbers only
        for (int i = 0; i < 3 && !failed(); ++i) {
          V a = sum();
          if (!failed() && a.kind != V::integer)
            fail(ParseError::expected_number);
          arg[i] = a.value;
          if (!failed() && i < 2 && !eat(','))
            fail(ParseError::expected_number);
        }
        if (!failed() && !eat(')'))
          fail(ParseError::expected_close_paren);
        out.swz =
            Swizzle{static_cast<int>(arg[0]), static_cast<int>(arg[1]), static_cast<int>(arg[2])};
      }
    }
    if (!failed() && wrapped && !eat(')'))
      fail(ParseError::expected_close_paren);
    skip_space();
    if (!failed() && src[pos] != '\0')
      fail(ParseError::trailing_text);
    if (!failed() && (v.kind != V::layout || !v.has_shard))
      fail(v.kind == V::layout || v.kind == V::integer || v.kind == V::offsets || v.kind == V::term
               ? ParseError::no_shard
               : ParseError::expected_term);
    if (!failed())
      for (int i = 0; i < v.n; ++i)
        out.add_offset(v.items[i]);
    if (!failed() && out.overflow)
      fail(ParseError::too_many_iters);
    return ParseResult{out, error, pos};
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
  static_assert(e != ParseError::count_mismatch,
                "tirx::layout_of: extents and strides differ in number (TIRx would drop the "
                "rest); give one stride per extent");
  static_assert(e != ParseError::trailing_text,
                "tirx::layout_of: unexpected text after the layout; join terms with +");
  static_assert(e != ParseError::too_many_iters,
                "tirx::layout_of: more than 16 shard, 8 replica or 8 offset terms");
  static_assert(e != ParseError::bad_extent, "tirx::layout_of: every extent must be at least 1");
  static_assert(e != ParseError::bad_expression,
                "tirx::layout_of: not an integer expression of + - * // % ** and n@axis; e.g. "
                "(2 * 4)@laneid, not 4@laneid * 2");
  static_assert(e != ParseError::bad_stride,
                "tirx::layout_of: a stride is one term n or n@axis, not a sum of terms");
  static_assert(e != ParseError::several_shards,
                "tirx::layout_of: one S[...] per layout (TIRx keeps only the first); put every "
                "iter in one S[...]");
  static_assert(e != ParseError::several_replicas,
                "tirx::layout_of: one R[...] per layout (TIRx keeps only the last); put every "
                "replica iter in one R[...]");
  static_assert(e != ParseError::no_shard,
                "tirx::layout_of: a layout needs an S[...] with at least one iter (TIRx "
                "evaluates a layout without shard iters to nothing)");
  static_assert(e != ParseError::axis_offset_first,
                "tirx::layout_of: an offset on an axis cannot come before S[...] or R[...] "
                "(TIRx cannot add a layout to it); write S[...] + 5@warpid");
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
