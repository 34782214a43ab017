// The values of the layout notation and their arithmetic, as TIRx (whose
// notation is Python) computes them: integers (+ - * // % **, decimal, 0x,
// 0o, 0b literals), `n@axis` terms, sums of terms (offsets), tuples, and
// layout terms S[...] / R[...]. parse.hpp reads the text; this header says
// what each operator gives and which combinations are refused.
#pragma once

#include <tirx/layout/parts.hpp>

namespace tirx {

/// Why a notation string was refused (ParseResult::error).
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
  trailing_text,
  too_many_iters,
  bad_extent,
  bad_expression,   ///< arithmetic TIRx refuses or that is not integral
  bad_stride,       ///< a stride that is a sum of terms or a tuple
  several_shards,   ///< S[...] + S[...]: TIRx keeps only the first
  several_replicas, ///< R[...] + R[...]: TIRx keeps only the last
  no_shard,         ///< no S[...], or S[()]: TIRx evaluates it to nothing
  axis_offset_first ///< 5@warpid + S[...]: TIRx cannot add a layout to it
};

namespace detail {

/// One value of the notation: what a Python expression of TIRx's notation
/// evaluates to. A layout value records which parts it holds; the iters
/// themselves are kept by the parser (a layout has one S and one R).
struct NotationValue {
  enum Kind : unsigned char { integer, term, offsets, tuple, layout };
  Kind kind = integer;
  index_t value = 0;       ///< integer; term: the amount
  Axis axis{};             ///< term
  int n = 0;               ///< offsets / tuple / layout: terms used
  Term items[max_iters]{}; ///< offsets (one per axis), tuple items, layout offsets
  bool item_is_term[max_iters]{};
  bool has_shard = false, has_replica = false;
};

TIRX_HD constexpr NotationValue int_value(index_t v) {
  NotationValue r{};
  r.value = v;
  return r;
}

/// Adds a term to an offsets list (one entry per axis, kept in order of
/// first appearance); false when the list is full.
TIRX_HD constexpr bool add_term(NotationValue& to, Term t) {
  for (int i = 0; i < to.n; ++i)
    if (to.items[i].axis == t.axis) {
      to.items[i].value += t.value;
      return true;
    }
  if (to.n == max_offsets)
    return false;
  to.items[to.n++] = t;
  return true;
}

/// The offsets a value adds: an integer is on m. False for tuples and
/// layouts, which are no offsets.
TIRX_HD constexpr bool as_offsets(const NotationValue& v, NotationValue& out) {
  out = NotationValue{};
  out.kind = NotationValue::offsets;
  if (v.kind == NotationValue::integer)
    return add_term(out, Term{v.value});
  if (v.kind == NotationValue::term)
    return add_term(out, Term{v.value, v.axis});
  if (v.kind != NotationValue::offsets)
    return false;
  out = v;
  return true;
}

/// a + b. Python's rules: integers add; terms and offsets form a sum of
/// terms; a layout takes offsets on its right, and an integer (not a term)
/// on its left; two layouts combine their parts. Sets err when refused.
TIRX_HD constexpr NotationValue add(const NotationValue& a, const NotationValue& b,
                                    ParseError& err) {
  using K = NotationValue::Kind;
  if (a.kind == K::integer && b.kind == K::integer)
    return int_value(a.value + b.value);
  if (a.kind == K::tuple || b.kind == K::tuple) {
    err = ParseError::bad_expression; // Python concatenates tuples; TIRx cannot use that
    return a;
  }
  if (a.kind != K::layout && b.kind == K::layout && a.kind != K::integer) {
    err = ParseError::axis_offset_first;
    return a;
  }
  NotationValue r{};
  if (a.kind == K::layout || b.kind == K::layout) {
    if (a.kind == K::layout && b.kind == K::layout) {
      if (a.has_shard && b.has_shard)
        err = ParseError::several_shards;
      if (a.has_replica && b.has_replica)
        err = ParseError::several_replicas;
    }
    r.kind = K::layout;
    r.has_shard = a.has_shard || b.has_shard;
    r.has_replica = a.has_replica || b.has_replica;
  } else {
    r.kind = K::offsets;
  }
  const NotationValue* parts[2] = {&a, &b};
  for (const NotationValue* p : parts) {
    NotationValue o{};
    if (p->kind == K::layout)
      o = *p;
    else
      as_offsets(*p, o);
    for (int i = 0; i < o.n; ++i)
      if (!add_term(r, o.items[i]))
        err = ParseError::too_many_iters;
  }
  return r;
}

/// Integer arithmetic: op is one of - * / % ^ (^ stands for **; / for //).
/// Python's floor division and modulo; anything but two integers, a
/// division by zero, a negative power or an overflow is refused.
TIRX_HD constexpr NotationValue arith(char op, const NotationValue& a, const NotationValue& b,
                                      ParseError& err) {
  if (a.kind != NotationValue::integer || b.kind != NotationValue::integer) {
    err = ParseError::bad_expression;
    return a;
  }
  const index_t x = a.value, y = b.value, limit = index_t{1} << 62;
  auto too_big = [&](index_t p, index_t q) {
    index_t ap = p < 0 ? -p : p, aq = q < 0 ? -q : q;
    return aq != 0 && ap > limit / aq;
  };
  switch (op) {
  case '-':
    return int_value(x - y);
  case '*':
    if (too_big(x, y))
      break;
    return int_value(x * y);
  case '/':
  case '%': {
    if (y == 0)
      break;
    index_t q = x / y;
    if ((x % y != 0) && ((x < 0) != (y < 0)))
      --q; // floor
    return int_value(op == '/' ? q : x - q * y);
  }
  case '^': {
    if (y < 0)
      break; // a float in Python
    index_t r = 1;
    for (index_t i = 0; i < y; ++i) {
      if (too_big(r, x))
        return err = ParseError::bad_expression, a;
      r *= x;
    }
    return int_value(r);
  }
  default:
    break;
  }
  err = ParseError::bad_expression;
  return a;
}

/// A Python integer literal at text[pos]: decimal (no leading zeros but
/// for 0), 0x / 0o / 0b, underscores between digits. Returns the position
/// after it, or -1 if it is malformed.
TIRX_HD constexpr int read_integer(const char* text, int size, int pos, index_t& out) {
  auto at = [&](int i) { return i < size ? text[i] : '\0'; };
  auto digit = [](char ch, int base) {
    int d = ch >= '0' && ch <= '9'   ? ch - '0'
            : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
            : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10
                                     : 99;
    return d < base ? d : -1;
  };
  int base = 10;
  if (at(pos) == '0') {
    char p = at(pos + 1);
    base = (p == 'x' || p == 'X')   ? 16
           : (p == 'o' || p == 'O') ? 8
           : (p == 'b' || p == 'B') ? 2
                                    : 10;
    if (base != 10)
      pos += 2;
  }
  bool leading_zero = base == 10 && at(pos) == '0';
  bool nonzero = false;
  index_t v = 0;
  int digits = 0;
  for (;; ++pos) {
    if (at(pos) == '_' && digits > 0 && digit(at(pos + 1), base) >= 0)
      continue;
    int d = digit(at(pos), base);
    if (d < 0)
      break;
    if (v > ((index_t{1} << 62) - d) / base)
      return -1;
    v = v * base + d;
    nonzero = nonzero || d != 0;
    ++digits;
  }
  char next = at(pos);
  bool ident = (next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z') || next == '_' ||
               (next >= '0' && next <= '9') || next == '.';
  if (digits == 0 || ident || (leading_zero && nonzero))
    return -1;
  out = v;
  return pos;
}

} // namespace detail
} // namespace tirx
