// Host references of the integer and bits-and-logic families (ptx/int_arith.hpp,
// ptx/bits.hpp), bit-exact as PTX ISA 9.7.1, 9.7.9 and 9.7.10.7 define each
// result, written from the ISA's semantics text: ref(spelling, x, lut) is
// the destination's bits (zero-extended to 64) for sources x[0..3] (each
// holding its own width's bits; lop3's LUT in lut). sane() narrows the
// inputs where PTX leaves a result unspecified (a zero divisor, INT_MIN / -1,
// fns with base > 31, mul24 factors beyond 24 bits).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace int_bits_ref {

using u64 = unsigned long long;
using i64 = long long;
using u128 = unsigned __int128;
using i128 = __int128;

inline std::vector<std::string> tokens(const std::string& s) {
  std::vector<std::string> t;
  std::string cur;
  for (char ch : s) {
    if (ch == '.') {
      t.push_back(cur);
      cur.clear();
    } else {
      cur += ch;
    }
  }
  t.push_back(cur);
  return t;
}
inline bool has(const std::vector<std::string>& t, const char* w) {
  for (const auto& x : t)
    if (x == w)
      return true;
  return false;
}
inline u64 mask(int w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }
/// v's low w bits as a signed value.
inline i64 sx(u64 v, int w) {
  v &= mask(w);
  return w < 64 && (v >> (w - 1)) & 1 ? static_cast<i64>(v | ~mask(w)) : static_cast<i64>(v);
}
/// The width and signedness of a type token (s32: 32, true); pairs: 16 each.
inline int width_of(const std::string& ty) {
  if (ty.size() > 2 && ty.substr(ty.size() - 2) == "x2")
    return 16;
  return std::stoi(ty.substr(1));
}
inline i64 clamp32(i64 v) {
  return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? static_cast<i64>(INT32_MIN) : v;
}

/// The integer family's operation on one lane of w bits (signed sg).
inline u64 int_lane(const std::vector<std::string>& t, int w, bool sg, u64 a, u64 b, u64 c) {
  const std::string& op = t[0];
  const u64 m = mask(w);
  const bool sat = has(t, "sat");
  const i64 sa = sx(a, w), sb = sx(b, w), sc = sx(c, w);
  const u64 ua = a & m, ub = b & m, uc = c & m;
  auto prod = [&]() -> u128 { // the 2w-bit product, as 128 bits
    return sg ? static_cast<u128>(static_cast<i128>(sa) * static_cast<i128>(sb))
              : static_cast<u128>(ua) * static_cast<u128>(ub);
  };
  if (op == "add")
    return sat ? static_cast<u64>(clamp32(sa + sb)) & m : (ua + ub) & m;
  if (op == "sub")
    return sat ? static_cast<u64>(clamp32(sa - sb)) & m : (ua - ub) & m;
  if (op == "mul" || op == "mad") {
    const u128 p = prod();
    const u64 addend = op == "mad" ? (has(t, "wide") ? c & mask(2 * w) : uc) : 0;
    if (has(t, "wide"))
      return (static_cast<u64>(p) + addend) & mask(2 * w);
    if (has(t, "lo"))
      return (static_cast<u64>(p) + addend) & m;
    const u64 hi = static_cast<u64>(p >> w) & m;
    if (sat) // mad.hi.sat.s32
      return static_cast<u64>(clamp32(sx(hi, 32) + sc)) & m;
    return (hi + addend) & m;
  }
  if (op == "mul24" || op == "mad24") {
    // 24-bit factors (sane() keeps them in range), a 48-bit product
    const i64 p = sg ? sx(a, 24) * sx(b, 24) : static_cast<i64>((a & 0xffffff) * (b & 0xffffff));
    const u64 part = has(t, "hi") ? static_cast<u64>(p >> 16) & m : static_cast<u64>(p) & m;
    if (op == "mul24")
      return part;
    if (sat)
      return static_cast<u64>(clamp32(sx(part, 32) + sc)) & m;
    return (part + uc) & m;
  }
  if (op == "sad") {
    const bool less = sg ? sa < sb : ua < ub;
    return (uc + (less ? ub - ua : ua - ub)) & m;
  }
  if (op == "div")
    return sg ? static_cast<u64>(sa / sb) & m : (ua / ub) & m;
  if (op == "rem")
    return sg ? static_cast<u64>(sa % sb) & m : (ua % ub) & m;
  if (op == "min" || op == "max") {
    const bool a_first = op == "min" ? (sg ? sa < sb : ua < ub) : (sg ? sa > sb : ua > ub);
    u64 r = a_first ? ua : ub;
    if (has(t, "relu") && sx(r, w) < 0)
      r = 0;
    return r;
  }
  if (op == "abs")
    return static_cast<u64>(sa < 0 ? -static_cast<u64>(sa) : static_cast<u64>(sa)) & m;
  if (op == "neg")
    return (0 - ua) & m;
  return 0xBADull;
}

inline u64 bit(u64 v, int i) { return (v >> i) & 1; }

/// The bits family's operation.
inline u64 bits_op(const std::vector<std::string>& t, int w, bool sg, const u64* x, unsigned lut) {
  const std::string& op = t[0];
  const u64 m = mask(w), a = x[0] & m, b = x[1], c = x[2], dd = x[3];
  const int msb = w - 1;
  if (op == "and")
    return a & b & m;
  if (op == "or")
    return (a | b) & m;
  if (op == "xor")
    return (a ^ b) & m;
  if (op == "not")
    return ~a & m;
  if (op == "cnot")
    return a == 0 ? 1 : 0;
  if (op == "lop3") {
    u64 r = 0;
    for (int i = 0; i < 32; ++i)
      r |= static_cast<u64>((lut >> ((bit(a, i) << 2) | (bit(b, i) << 1) | bit(c, i))) & 1) << i;
    return r;
  }
  if (op == "shl" || op == "shr") {
    const unsigned n = static_cast<unsigned>(b); // 32-bit amount, clamped to the width
    if (op == "shl")
      return n >= static_cast<unsigned>(w) ? 0 : (a << n) & m;
    if (sg) {
      const i64 v = sx(a, w);
      return static_cast<u64>(n >= static_cast<unsigned>(w) ? (v < 0 ? -1 : 0) : v >> n) & m;
    }
    return n >= static_cast<unsigned>(w) ? 0 : a >> n;
  }
  if (op == "shf") {
    const unsigned cc = static_cast<unsigned>(c);
    const unsigned n = has(t, "clamp") ? (cc > 32 ? 32 : cc) : cc & 31;
    const u64 v = ((b & 0xffffffffull) << 32) | a;
    return t[1] == "l" ? static_cast<u64>((static_cast<u128>(v) << n) >> 32) & 0xffffffffull
                       : (v >> n) & 0xffffffffull;
  }
  if (op == "bfe") {
    const int pos = static_cast<int>(b & 0xff), len = static_cast<int>(c & 0xff);
    const u64 sbit = sg && len != 0 ? bit(a, pos + len - 1 > msb ? msb : pos + len - 1) : 0;
    u64 r = 0;
    for (int i = 0; i <= msb; ++i)
      r |= (i < len && pos + i <= msb ? bit(a, pos + i) : sbit) << i;
    return r;
  }
  if (op == "bfi") {
    const int pos = static_cast<int>(c & 0xff), len = static_cast<int>(dd & 0xff);
    u64 f = b & m;
    for (int i = 0; i < len && pos + i <= msb; ++i)
      f = (f & ~(1ull << (pos + i))) | (bit(a, i) << (pos + i));
    return f;
  }
  if (op == "brev") {
    u64 r = 0;
    for (int i = 0; i < w; ++i)
      r |= bit(a, i) << (msb - i);
    return r;
  }
  if (op == "popc") {
    u64 n = 0;
    for (int i = 0; i < w; ++i)
      n += bit(a, i);
    return n;
  }
  if (op == "clz") {
    u64 n = 0;
    for (int i = msb; i >= 0 && !bit(a, i); --i)
      ++n;
    return n;
  }
  if (op == "bfind") {
    u64 d = 0xffffffffull;
    for (int i = msb; i >= 0; --i)
      if (sg ? bit(a, i) != bit(a, msb) : bit(a, i) == 1) {
        d = static_cast<u64>(i);
        break;
      }
    if (has(t, "shiftamt") && d != 0xffffffffull)
      d = static_cast<u64>(msb) - d;
    return d;
  }
  if (op == "fns") {
    const int base = static_cast<int>(b & 0xffffffffull);
    const int offset = static_cast<int>(static_cast<unsigned>(c));
    u64 d = 0xffffffffull;
    if (offset == 0) {
      if (bit(a, base))
        d = static_cast<u64>(base);
    } else {
      long long count =
          (offset > 0 ? static_cast<long long>(offset) : -static_cast<long long>(offset)) - 1;
      const int inc = offset > 0 ? 1 : -1;
      for (int pos = base; pos >= 0 && pos < 32; pos += inc)
        if (bit(a, pos)) {
          if (count == 0) {
            d = static_cast<u64>(pos);
            break;
          }
          --count;
        }
    }
    return d;
  }
  if (op == "bmsk") {
    const u64 ar = a & 0xffffffffull, br = b & 0xffffffffull;
    const u64 a1 = ar & 0x1f, b1 = br & 0x1f, sum = a1 + b1;
    u64 mask0 = (~0ull << a1) & 0xffffffffull;
    u64 mask1 = sum >= 32 ? 0 : (~0ull << sum) & 0xffffffffull;
    bool overflow = sum >= 32;
    if (has(t, "clamp")) {
      if (ar >= 32) {
        overflow = true;
        mask0 = 0;
      }
      if (br >= 32)
        overflow = true;
    }
    if (overflow)
      mask1 = 0;
    else if (b1 == 0)
      mask1 = 0xffffffffull;
    return mask0 & ~mask1 & 0xffffffffull;
  }
  if (op == "szext") {
    const u64 br = b & 0xffffffffull, b1 = br & 0x1f;
    const bool too_large = br >= 32 && has(t, "clamp");
    const u64 msk = too_large ? 0 : (0xffffffffull << b1) & 0xffffffffull;
    const u64 sign_pos = (b1 - 1) & 0x1f;
    const bool sign = !(b1 == 0 || too_large || !sg) && bit(a, static_cast<int>(sign_pos));
    return ((a & ~msk) | (sign ? msk : 0)) & 0xffffffffull;
  }
  if (op == "prmt") {
    const u64 tmp = ((b & 0xffffffffull) << 32) | a;
    const std::string mode = t.size() > 2 ? t[2] : "";
    static const int tables[6][4][4] = {
        {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}}, // f4e: d.b0 .. d.b3
        {{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}}, // b4e
        {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}}, // rc8
        {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}}, // ecl
        {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}}, // ecr
        {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}}, // rc16
    };
    static const char* modes[6] = {"f4e", "b4e", "rc8", "ecl", "ecr", "rc16"};
    u64 r = 0;
    for (int i = 0; i < 4; ++i) {
      u64 byte;
      if (mode.empty()) {
        const unsigned sel = static_cast<unsigned>(c >> (4 * i)) & 0xf;
        byte = (tmp >> (8 * (sel & 7))) & 0xff;
        if (sel & 8)
          byte = (byte & 0x80) ? 0xff : 0;
      } else {
        int k = 0;
        while (mode != modes[k])
          ++k;
        byte = (tmp >> (8 * tables[k][c & 3][i])) & 0xff;
      }
      r |= byte << (8 * i);
    }
    return r;
  }
  if (op == "dp4a" || op == "dp2a") {
    const bool as = t[t.size() - 2] == "s32", bs = t[t.size() - 1] == "s32";
    i64 d = static_cast<i64>(c & 0xffffffffull);
    if (op == "dp4a") {
      for (int i = 0; i < 4; ++i)
        d += (as ? sx(a >> (8 * i), 8) : static_cast<i64>((a >> (8 * i)) & 0xff)) *
             (bs ? sx(b >> (8 * i), 8) : static_cast<i64>((b >> (8 * i)) & 0xff));
    } else {
      const int sel = t[1] == "lo" ? 0 : 2;
      for (int i = 0; i < 2; ++i)
        d += (as ? sx(a >> (16 * i), 16) : static_cast<i64>((a >> (16 * i)) & 0xffff)) *
             (bs ? sx(b >> (8 * (sel + i)), 8) : static_cast<i64>((b >> (8 * (sel + i))) & 0xff));
    }
    return static_cast<u64>(d) & 0xffffffffull;
  }
  return 0xBADull;
}

/// Whether the spelling is the integer family's (else the bits family's).
inline bool is_integer_family(const std::string& op) {
  for (const char* o : {"add", "sub", "mul", "mad", "mul24", "mad24", "sad", "div", "rem", "min",
                        "max", "abs", "neg"})
    if (op == o)
      return true;
  return false;
}

/// The destination's bits for sources x (each of its own width).
inline u64 ref(const std::string& sp, const u64* x, unsigned lut = 0) {
  const std::vector<std::string> t = tokens(sp);
  // the type token: the last one, but prmt's mode follows its .b32
  const std::string& ty = t[0] == "prmt" ? t[1] : t.back();
  if (!is_integer_family(t[0]))
    return bits_op(t, width_of(ty), ty[0] == 's', x, lut);
  const int w = width_of(ty);
  if (ty.size() > 3 && ty.substr(ty.size() - 2) == "x2") { // two 16-bit lanes
    u64 r = 0;
    for (int h = 0; h < 2; ++h)
      r |= int_lane(t, 16, ty[0] == 's', x[0] >> (16 * h), x[1] >> (16 * h), 0) << (16 * h);
    return r;
  }
  return int_lane(t, w, ty[0] == 's', x[0], x[1], x[2]);
}

/// Narrows inputs to where PTX defines the result (see the top).
inline void sane(const std::string& sp, u64* x) {
  const std::vector<std::string> t = tokens(sp);
  const std::string& ty = t.back();
  const std::string& op = t[0];
  if (op == "div" || op == "rem") {
    const int w = width_of(ty);
    if ((x[1] & mask(w)) == 0)
      x[1] = 1;
    if (ty[0] == 's' && sx(x[1], w) == -1 && (x[0] & mask(w)) == (1ull << (w - 1)))
      x[1] = 1; // INT_MIN / -1 overflows
  }
  if (op == "mul24" || op == "mad24")
    for (int k = 0; k < 2; ++k)
      x[k] = ty[0] == 's' ? static_cast<u64>(sx(x[k], 24)) & 0xffffffffull : x[k] & 0xffffff;
  if (op == "fns") {
    x[1] &= 31;
    if ((x[2] & 0xffffffffull) == 0x80000000ull)
      x[2] = 0x80000001ull; // offset INT_MIN: the H200 returns 0, the reference's count overflows
  }
  if ((op == "bfe" || op == "bfi") && width_of(ty) == 64) {
    // the operands' documented range, 0..255: the H200's 64-bit emulation reads
    // whole 32-bit positions and lengths beyond it (bfe.u64 with length 0x80000000
    // extracts every bit from the position), where the reference takes the low byte
    const int k = op == "bfe" ? 1 : 2;
    x[k] &= 0xff, x[k + 1] &= 0xff;
  }
}

} // namespace int_bits_ref
