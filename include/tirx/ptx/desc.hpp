// What one PTX spelling tells apply: the facts a family's description gives
// (operand roles, widths, atom, memory spaces, options it takes, the oldest
// architecture and PTX ISA of the form). Families fill a Desc from the
// spelling's tokens; apply and its checks read only the Desc, never a family
// by name. The tokenizer and the type tokens live here too, so that every
// family parses a spelling the same way.
#pragma once

#include <tirx/core/fixed_string.hpp>

namespace tirx::ptxdesc {

enum class Space { none, global, shared, local };
/// What a type token says about the bits: raw (b32), an integer (s32, u16),
/// one floating-point value (f32, f16, bf16), or a packed pair (f16x2, e4m3x2).
enum class TypeKind { none, bits, integer, floating, packed };
/// How an operand is held: in the issuing thread's registers, or in memory
/// (the instruction takes its address).
enum class Role { reg, mem };

/// Architecture codes: 10 x the sm number, + 1 for an arch-specific target
/// ("a": sm_90a). A form of code c runs on target t when t's sm is at least
/// c's and, for an arch-specific c, t is that same arch-specific target.
inline constexpr int sm_any = 0;
inline constexpr int sm_61 = 610;
inline constexpr int sm_70 = 700;
inline constexpr int sm_75 = 750;
inline constexpr int sm_80 = 800;
inline constexpr int sm_86 = 860;
inline constexpr int sm_89 = 890;
inline constexpr int sm_90 = 900;
inline constexpr int sm_90a = 901;
inline constexpr int sm_100 = 1000;
inline constexpr int sm_100a = 1001;

/// Whether a form of architecture code `need` assembles for target `have`.
TIRX_HD constexpr bool arch_ok(int need, int have) {
  if (need % 10 == 1)
    return have == need;
  return have - have % 10 >= need;
}

/// One operand role of an instruction.
struct Operand {
  Role role = Role::reg;
  Space space = Space::none; ///< mem: the state space of the address
  int bits = 0;              ///< width of one element (0: any width)
  char reg_class = 'r';      ///< reg: the asm constraint letter (h r l q f d)
  /// A predicate (PTX .pred, which no asm constraint names): bool elements
  /// (a bool tensor or a bool scalar), each carried as 0 or 1 in a 32-bit
  /// "r" register; the family turns it into a .pred inside its asm block
  /// (setp.ne.b32 p, %n, 0 for a source, selp.u32 %n, 1, 0, p for a
  /// destination). bits is 8 (bool's width), reg_class 'r'.
  bool pred = false;
  /// What an element must be besides its width ('\0': any element of `bits`
  /// bits): 'i' an integer (not bool), 'f' the floating-point type of `bits`
  /// bits or an integer of that width (its bits). wide > bits: a register
  /// element of an 'i' operand may be up to `wide` bits wide (the instruction
  /// extends into it or writes its low bits: ld/st .s8 into int32).
  char elem = '\0';
  int wide = 0;
};

/// A predicate operand (Operand::pred).
inline constexpr Operand pred_operand{Role::reg, Space::none, 8, 'r', true};

/// What apply needs to know about one instruction.
struct Desc {
  int family = -1; ///< index in the family list; -1: no family has the opcode
  Operand dst{};   ///< the destination
  Operand src{};   ///< every source (a scalar source is always a register value)
  int vec = 1;     ///< elements per atom (the .vN of ld/st, else 1)
  /// > 0: the atom is a chunk of bytes, each operand's last mode (cp.async),
  /// and these are the sizes this spelling copies, as a mask of the byte
  /// counts (4 | 8 | 16; 16 alone for cp.async.cg); family_chunks: the sizes
  /// of any form of the family.
  int chunks = 0;
  int family_chunks = 0;
  TypeKind src_kind = TypeKind::none; ///< what the sources' type token says (cvt: the source type)
  int min_srcs = 0;                   ///< sources, not counting the destination
  int max_srcs = 0;
  bool loads =
      false; ///< writes registers from memory (no overlapping destinations); preserve_dst applies
  bool cache_hint = false; ///< takes a 64-bit cache policy (tile::cache_hint)
  bool guards = true;      ///< takes tile::pred
  bool bounds = false;     ///< takes tile::bound (one memory operand, with a scalar form)
  int lanes =
      1; ///< 1: one thread's instruction; 32: warp-collective (every lane of the warp takes part)
  /// The family takes its operands whole (a warp's or warpgroup's fragments
  /// and shared tiles, not atoms per thread): apply checks the instruction
  /// and the scope (exactly `lanes` threads: 32 scope::warp, 128
  /// scope::warpgroup) and hands the tensors to the family's issue_whole,
  /// which checks their layouts itself.
  bool whole = false;
  bool accumulates = false; ///< takes tile::accumulate (D = A B + D, or D = A B when off)
  bool fills = false; ///< takes tile::src_size or tile::ignore_src (zeros for the rest of a chunk)
  bool parsed =
      false; ///< the tokens are a form of the family's grammar (else: an unknown type or shape)
  /// A form whose Form::dst_class names two classes writes two destinations:
  /// the first operand and the second one, right after it, in PTX's order
  /// (the p of shfl.sync's `d|p`, of match.all's and elect.sync's, the q of
  /// setp's `p|q`), described by dst2. bits 0: no form of the spelling's
  /// family has one.
  Operand dst2{};
  /// The width a scalar source must have where it differs from src.bits
  /// (0: src.bits): match.sync.b64 compares 64-bit values under a 32-bit mask.
  int scalar_bits = 0;
  /// Sources whose width is not src's: src_bits[k] is source k's (0: src.bits), e.g. the
  /// 32-bit shift of shl.b64 or the wide addend of mad.wide.s32 (source_bits reads it).
  int src_bits[4] = {};
  /// The source that is a compile-time immediate (tile::imm<V>; -1: none), e.g. lop3's LUT,
  /// and the values it takes: 0 <= V < imm_limit.
  int imm_src = -1;
  long long imm_limit = 0;
  /// Sources described by `alt` instead of `src`: bit k for source k (0:
  /// the first source), e.g. atom's memory operand in d, [a], b, c (bit 0),
  /// the predicate c of selp d, a, b, c (bit 2), slct's s32/f32 selector;
  /// alt_kind: what alt's type token says (for a scalar given there).
  unsigned alt_mask = 0;
  Operand alt{};
  TypeKind alt_kind = TypeKind::none;
  /// > 0: an unlisted spelling breaks rule number `rule` of its family's
  /// grammar (ld.relaxed without a scope, red with .acquire, ...): apply
  /// reports it with the family's rule<rule>() instead of the closest form.
  int rule = 0;
  /// A register operand may be a brace vector ({lo, hi}): a tensor whose
  /// element is narrower than the type (16 bits or wider, 2 or 4 of them in
  /// it) is read or written as that many registers, element 0 first, and its
  /// atom is that many elements; scalars and full-width tensors stay one
  /// register (mov.b64 d, {lo, hi}; mov.b64 {lo, hi}, d).
  bool reg_vectors = false;
  /// > 0: the memory operand (the destination, with no sources) is covered line by line
  /// (prefetch, discard, applypriority): its atom is one line of line_bytes bytes, line_bytes /
  /// the element's bytes consecutive elements, one instruction each. line_unaligned: a line may
  /// start anywhere (the family covers each cache line it touches); else every line starts at a
  /// multiple of line_bytes (the tensor's align and layout say so; debug builds check the pointer).
  int line_bytes = 0;
  bool line_unaligned = false;
};

/// Whether source k (0: the first source) is described by d.alt.
TIRX_HD constexpr bool alt_source(const Desc& d, int k) {
  return k >= 0 && k < 32 && ((d.alt_mask >> k) & 1u) != 0;
}

/// The operand of source k (0: the first source).
TIRX_HD constexpr Operand source_operand(const Desc& d, int k) {
  return alt_source(d, k) ? d.alt : d.src;
}

/// What a scalar given as source k must be (the type token's kind).
TIRX_HD constexpr TypeKind source_kind(const Desc& d, int k) {
  return alt_source(d, k) ? d.alt_kind : d.src_kind;
}

/// The width of source k of d (its own, or src's).
TIRX_HD constexpr int source_bits(const Desc& d, int k) {
  return k >= 0 && k < 4 && d.src_bits[k] != 0 ? d.src_bits[k] : d.src.bits;
}

/// How many operands a form's class string names (one letter each).
TIRX_HD constexpr int class_count(const char* c) {
  int n = 0;
  while (c[n] != '\0')
    ++n;
  return n;
}

/// The asm class of source k of a form: its letter in src_class, the last
/// letter for the sources past the string's end (most forms name one class
/// for every source; match.sync.b64 names "lr": a 64-bit value, a 32-bit mask).
/// A second destination (Desc::dst2) is not counted: its class is dst_class's.
TIRX_HD constexpr char source_class(const char* c, int k) {
  const int n = class_count(c);
  return c[k < n ? k : n - 1];
}

/// One form a family emits (one row of its row files): its spelling, number
/// of sources, the oldest architecture code and PTX ISA version (x10: 83
/// for PTX 8.3) that have it, and the asm classes of its operands.
struct Form {
  const char* spelling = nullptr;
  int sources = 0;
  int min_sm = 0;
  int min_ptx = 0;
  const char* dst_class = "r"; ///< the asm constraint of the destination (register or address)
  const char* src_class = "r"; ///< the asm constraint of the sources
};

/// A spelling a family lists under another form (ld.global.v4.s32 under
/// ld.global.v4.b32): the listed form's text, and the register classes it is
/// issued with where they differ from the form's (nullptr: the form's). A
/// family with such spellings has `static constexpr Variant variant(const
/// Tokens&)` (size 0: the spelling is no variant); registry::form finds them.
struct Variant {
  char text[112] = {};
  int size = 0;
  const char* dst_class = nullptr;
  const char* src_class = nullptr;
};

/// Whether form f writes two destinations (Desc::dst2): its dst_class
/// names two classes, and apply's second operand is the second destination.
TIRX_HD constexpr bool two_destinations(const Form& f) {
  return f.spelling != nullptr && class_count(f.dst_class) == 2;
}

/// The tokens of a spelling, split at '.': ld, global, v4, b32.
struct Tokens {
  text_view text{};
  int b[16] = {};
  int e[16] = {};
  int n = 0;
  TIRX_HD constexpr bool is(int k, const char* w) const {
    if (k >= n)
      return false;
    int i = 0;
    for (; w[i] != '\0'; ++i)
      if (b[k] + i >= e[k] || text[b[k] + i] != w[i])
        return false;
    return b[k] + i == e[k];
  }
  /// Whether any token is w.
  TIRX_HD constexpr bool has(const char* w) const {
    for (int k = 0; k < n; ++k)
      if (is(k, w))
        return true;
    return false;
  }
};

TIRX_HD constexpr Tokens tokenize(text_view t) {
  Tokens r{};
  r.text = t;
  for (int i = 0, b = 0; i <= t.size; ++i) {
    if (i == t.size || t[i] == '.') {
      if (r.n < 16) {
        r.b[r.n] = b;
        r.e[r.n] = i;
        ++r.n;
      }
      b = i + 1;
    }
  }
  return r;
}

/// Width in bits of a PTX type token (b32, f16x2, e4m3x2, ...); 0 if not a type.
TIRX_HD constexpr int type_bits(const Tokens& t, int k) {
  struct T {
    const char* n;
    int bits;
  };
  constexpr T types[] = {
      {"b8", 8},      {"b16", 16},    {"b32", 32},    {"b64", 64},     {"b128", 128},
      {"u8", 8},      {"u16", 16},    {"u32", 32},    {"u64", 64},     {"s8", 8},
      {"s16", 16},    {"s32", 32},    {"s64", 64},    {"f16", 16},     {"f32", 32},
      {"f64", 64},    {"bf16", 16},   {"f16x2", 32},  {"bf16x2", 32},  {"f32x2", 64},
      {"e4m3x2", 16}, {"e5m2x2", 16}, {"tf32", 32},   {"pred", 1},     {"u16x2", 32},
      {"s16x2", 32},  {"e2m3x2", 16}, {"e3m2x2", 16}, {"ue8m0x2", 16}, {"e2m1x2", 8}};
  for (const T& ty : types)
    if (t.is(k, ty.n))
      return ty.bits;
  return 0;
}

/// The kind of a type token (see TypeKind); none if not a type.
TIRX_HD constexpr TypeKind type_kind(const Tokens& t, int k) {
  if (type_bits(t, k) == 0)
    return TypeKind::none;
  const int b = t.b[k], e = t.e[k];
  if (e - b > 2 && t.text[e - 2] == 'x' && t.text[e - 1] == '2')
    return TypeKind::packed;
  if (t.text[b] == 'b' && t.text[b + 1] != 'f')
    return TypeKind::bits;
  if (t.text[b] == 's' || t.text[b] == 'u')
    return TypeKind::integer;
  return TypeKind::floating; // f16 f32 f64 bf16 tf32
}

/// The index of the last type token at or before token `before` (exclusive
/// bound), 0 if none (token 0 is the opcode).
TIRX_HD constexpr int last_type(const Tokens& t, int before = 16) {
  int last = 0;
  for (int k = 1; k < t.n && k < before; ++k)
    if (type_bits(t, k) > 0)
      last = k;
  return last;
}

/// Whether a spelling's last token names an integer type (s16, u32, s16x2, or
/// a misspelt s33): the integer families claim such add/min/..., the
/// floating-point family the rest.
TIRX_HD constexpr bool integer_typed(const Tokens& t) {
  if (t.n < 2 || t.e[t.n - 1] == t.b[t.n - 1])
    return false;
  const char c = t.text[t.b[t.n - 1]];
  return c == 's' || c == 'u';
}

/// The asm register class of an element of `bits` raw bits: h (8, 16), r
/// (32), l (64), q (128).
TIRX_HD constexpr char raw_class(int bits) {
  return bits <= 16 ? 'h' : bits == 32 ? 'r' : bits == 64 ? 'l' : 'q';
}

/// Whether text t equals the NUL-terminated s.
TIRX_HD constexpr bool spelled(text_view t, const char* s) {
  int i = 0;
  while (i < t.size && s[i] == t.data[i])
    ++i;
  return i == t.size && s[i] == '\0';
}

/// Whether two NUL-terminated strings are equal.
TIRX_HD constexpr bool same_text(const char* a, const char* b) {
  int i = 0;
  while (a[i] != '\0' && a[i] == b[i])
    ++i;
  return a[i] == b[i];
}

/// How many single-character edits turn a into b (for "the closest form"),
/// or `limit` if that many or more: only the cells within `limit` of the
/// diagonal are computed, and a row whose every cell reaches the limit
/// stops the count (a near miss among hundreds of long wgmma spellings
/// stays within the compiler's constexpr budget).
TIRX_HD constexpr int edit_distance(text_view a, text_view b, int limit = 1000) {
  const int nb = b.size;
  if (nb > 96 || a.size > 96)
    return 1000 < limit ? 1000 : limit;
  if (limit > 97)
    limit = 97; // no distance here exceeds 96
  const int gap = nb > a.size ? nb - a.size : a.size - nb;
  if (gap >= limit)
    return limit;
  int row[97] = {};
  for (int j = 0; j <= nb; ++j)
    row[j] = j < limit ? j : limit;
  for (int i = 1; i <= a.size; ++i) {
    const int lo = i - limit + 1 > 1 ? i - limit + 1 : 1;
    const int hi = i + limit - 1 < nb ? i + limit - 1 : nb;
    int diag = row[lo - 1];
    row[lo - 1] = lo - 1 == 0 && i < limit ? i : limit;
    int least = row[lo - 1];
    for (int j = lo; j <= hi; ++j) {
      const int up = row[j];
      const int sub = diag + (a[i - 1] == b[j - 1] ? 0 : 1);
      const int del = up + 1, ins = row[j - 1] + 1;
      int v = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
      v = v < limit ? v : limit;
      row[j] = v;
      least = v < least ? v : least;
      diag = up;
    }
    if (hi < nb)
      row[hi + 1] = limit; // outside the band
    if (least >= limit)
      return limit;
  }
  return row[nb] < limit ? row[nb] : limit;
}
TIRX_HD constexpr int edit_distance(text_view a, const char* b, int limit = 1000) {
  int nb = 0;
  while (b[nb] != '\0')
    ++nb;
  return edit_distance(a, text_view{b, nb}, limit);
}

/// The opcode of a spelling: its text up to the first '.'.
TIRX_HD constexpr text_view opcode_of(text_view s) {
  int n = 0;
  while (n < s.size && s[n] != '.')
    ++n;
  return text_view{s.data, n};
}

} // namespace tirx::ptxdesc
