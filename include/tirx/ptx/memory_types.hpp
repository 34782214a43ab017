// The type axis of ld / st / ldu: every form of a bit type .bN (N = 8, 16,
// 32, 64) also exists with the integer and floating types of N bits, which
// PTX gives every qualifier class of ld and st:
//   .b8: .u8 .s8    .b16: .u16 .s16    .b32: .u32 .s32 .f32    .b64: .u64 .s64 .f64
// (ld.global.nc.v4.b32 -> ld.global.nc.v4.u32, .v4.s32, .v4.f32). The row
// files list the bit forms only; a typed spelling is the variant of its bit
// form (ptxdesc::Variant): the same oldest sm and PTX ISA, issued with the
// typed text. PTX has no .f16, .bf16 or packed type on ld/st (.b16 and .b32
// move them), and .b128 has no typed form.
// The elements each type takes (the register operand and the memory one):
//   .uN .sN  integers (int8 ... uint64, not bool) of N bits in memory; in
//            registers N bits or wider, up to 32 bits (64 for .u64/.s64): a
//            load sign-extends (.s) or zero-extends (.u) the N-bit value into
//            the register, a store writes its low N bits (the registers are
//            32 bits wide, .b32, for N <= 32)
//   .f32     float or a 32-bit integer (its bits); .f64 double or a 64-bit integer
#pragma once

#include <tirx/ptx/desc.hpp>

namespace tirx::ptxmem {

/// Whether token k of t is a type of the axis (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64).
TIRX_HD constexpr bool axis_type(const ptxdesc::Tokens& t, int k) {
  const ptxdesc::TypeKind kind = ptxdesc::type_kind(t, k);
  const int bits = ptxdesc::type_bits(t, k);
  if (kind == ptxdesc::TypeKind::integer) // (u16x2, s16x2: packed)
    return bits >= 8 && bits <= 64;
  return kind == ptxdesc::TypeKind::floating && (t.is(k, "f32") || t.is(k, "f64"));
}

/// The variant of a typed spelling: its bit form (the type token, always the
/// last, replaced by bN) and the register class it is issued with ("r" up to
/// 32 bits, "l" for 64); size 0 for any other spelling.
TIRX_HD constexpr ptxdesc::Variant type_variant(const ptxdesc::Tokens& t) {
  ptxdesc::Variant v{};
  const int k = t.n - 1;
  if (k < 1 || !axis_type(t, k) || t.b[k] + 4 > static_cast<int>(sizeof v.text))
    return v;
  const int bits = ptxdesc::type_bits(t, k);
  for (int i = 0; i < t.b[k]; ++i)
    v.text[v.size++] = t.text[i];
  v.text[v.size++] = 'b';
  if (bits >= 10)
    v.text[v.size++] = static_cast<char>('0' + bits / 10);
  v.text[v.size++] = static_cast<char>('0' + bits % 10);
  const char* reg = bits == 64 ? "l" : "r";
  if (t.is(0, "st"))
    v.src_class = reg;
  else
    v.dst_class = reg;
  return v;
}

/// The k-th typed spelling of a bit form spelled f (ld.global.b32: 0 .u32,
/// 1 .s32, 2 .f32); size 0 past the last, and for a .b128 form.
TIRX_HD constexpr ptxdesc::Variant typed_spelling(const char* f, int k) {
  ptxdesc::Variant v{};
  int n = 0;
  while (f[n] != '\0')
    ++n;
  const ptxdesc::Tokens t = ptxdesc::tokenize(text_view{f, n});
  const int bits = ptxdesc::type_bits(t, t.n - 1);
  constexpr const char* types[4][3] = {
      {"u8", "s8", nullptr}, {"u16", "s16", nullptr}, {"u32", "s32", "f32"}, {"u64", "s64", "f64"}};
  const int w = bits == 8 ? 0 : bits == 16 ? 1 : bits == 32 ? 2 : bits == 64 ? 3 : -1;
  if (w < 0 || k < 0 || k > 2 || types[w][k] == nullptr ||
      n + 2 > static_cast<int>(sizeof v.text) ||
      ptxdesc::type_kind(t, t.n - 1) != ptxdesc::TypeKind::bits)
    return v;
  for (int i = 0; i < t.b[t.n - 1]; ++i)
    v.text[v.size++] = f[i];
  for (const char* c = types[w][k]; *c != '\0'; ++c)
    v.text[v.size++] = *c;
  return v;
}

/// What the type token k says of the elements (ptxdesc::Operand::elem, wide):
/// 'i' integers, up to 32 bits in registers (64 for a 64-bit type); 'f' the
/// floating type or an integer of its width; '\0' any element (.bN).
struct ElementRule {
  char elem = '\0';
  int wide = 0;
};
TIRX_HD constexpr ElementRule element_rule(const ptxdesc::Tokens& t, int k) {
  if (k < 1 || !axis_type(t, k))
    return {};
  const int bits = ptxdesc::type_bits(t, k);
  if (ptxdesc::type_kind(t, k) == ptxdesc::TypeKind::floating)
    return {'f', bits};
  return {'i', bits < 32 ? 32 : bits};
}

/// Whether token k is a type PTX has no ld/st form of (f16, bf16, tf32,
/// f16x2, e4m3x2, pred, ...).
TIRX_HD constexpr bool foreign_type(const ptxdesc::Tokens& t, int k) {
  return k >= 1 && ptxdesc::type_bits(t, k) > 0 &&
         ptxdesc::type_kind(t, k) != ptxdesc::TypeKind::bits && !axis_type(t, k);
}

/// PTX's vector rule: .v2 and .v4 of 8- to 32-bit types and .v2 of 64-bit
/// ones (16 bytes at most); 32 bytes only as .v8 of a 32-bit type or .v4 of a
/// 64-bit one, in .global.
TIRX_HD constexpr bool vector_fits(int vec, int bits, bool global) {
  if (vec == 1)
    return true;
  if (vec == 8)
    return global && bits == 32;
  return vec * bits <= 128 || (global && vec == 4 && bits == 64);
}

} // namespace tirx::ptxmem
