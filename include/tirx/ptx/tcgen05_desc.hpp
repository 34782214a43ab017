// The two descriptors of tcgen05.mma (sm_100a), built by tirx and never by
// the user: the 32-bit instruction descriptor (the shape, the element types,
// transposes and negates of one MMA) and the 64-bit shared-memory matrix
// descriptor of a shared operand (what SmemMatrix, ptx/wgmma_layout.hpp,
// reads off the tile's tirx layout, in the sm_100 bit layout). Also the MMA
// kinds, the types each accepts and the shapes PTX allows.
//
// Instruction descriptor (kind::f16, tf32, f8f6f4, i8; PTX ISA "Instruction
// descriptor"): bits 0-1 sparsity selector, 2 sparse, 3 saturate (i8), 4-5
// D type (f16 0, f32 1, s32 2), 7-9 A type, 10-12 B type (f16 0 / bf16 1;
// tf32 2; e4m3 0 / e5m2 1; u8 0 / s8 1), 13 negate A, 14 negate B, 15
// transpose A, 16 transpose B (MN-major), 17-22 N >> 3, 24-28 M >> 4, 30-31
// the .ws shift (0).
//
// Shared-memory descriptor (sm_100): bits 0-13 start address >> 4, 16-29
// leading byte offset >> 4, 32-45 stride byte offset >> 4, 46-48 the fixed
// version 0b001, 49-51 base offset (0: tiles start on their swizzle atom),
// 52 LBO mode (0: relative), 61-63 swizzle (0 none, 2 128B, 4 64B, 6 32B; 1
// is 128B with 32-byte atoms, which tirx does not emit). wgmma's descriptor
// holds the same offsets with a 2-bit swizzle at bits 62-63 and no version.
#pragma once

#include <tirx/ptx/wgmma_layout.hpp>
#include <tirx/tensor/dtype.hpp>

#include <tirx/core/cccl.hpp>

namespace tirx {

/// The .kind of a tcgen05.mma (the dense kinds without block scaling).
enum class MmaKind { f16, tf32, f8f6f4, i8 };

namespace ptxtcgen05 {

/// K of one MMA of a kind: 32 bytes of A and B elements (tf32: 8).
TIRX_HD constexpr int mma_k(MmaKind k) {
  return k == MmaKind::f16 ? 16 : k == MmaKind::tf32 ? 8 : 32;
}

/// The descriptor's type code of an A or B element of kind k (-1: not a
/// type of the kind). tf32 elements are held as float.
template <class T> TIRX_HD constexpr int ab_code(MmaKind k) {
  using E = cuda::std::remove_cv_t<T>;
  if (k == MmaKind::f16)
    return cuda::std::is_same_v<E, half> ? 0 : cuda::std::is_same_v<E, nv_bfloat16> ? 1 : -1;
  if (k == MmaKind::tf32)
    return cuda::std::is_same_v<E, float> ? 2 : -1;
  if (k == MmaKind::f8f6f4)
    return cuda::std::is_same_v<E, __nv_fp8_e4m3>   ? 0
           : cuda::std::is_same_v<E, __nv_fp8_e5m2> ? 1
                                                    : -1;
  return cuda::std::is_same_v<E, unsigned char> ? 0 : cuda::std::is_same_v<E, signed char> ? 1 : -1;
}

/// The descriptor's type code of the accumulator element of kind k (-1:
/// none): f16 half 0 / float 1; tf32 float 1; f8f6f4 half 0 / float 1; i8 int 2.
template <class T> TIRX_HD constexpr int d_code(MmaKind k) {
  using E = cuda::std::remove_cv_t<T>;
  if (k == MmaKind::i8)
    return cuda::std::is_same_v<E, int> ? 2 : -1;
  if (cuda::std::is_same_v<E, float>)
    return 1;
  return k != MmaKind::tf32 && cuda::std::is_same_v<E, half> ? 0 : -1;
}

/// Whether a kind takes the negate bits (not i8).
TIRX_HD constexpr bool negates(MmaKind k) { return k != MmaKind::i8; }

/// Whether M x N is a shape of kind k with cta_group::CtaGroup (M the
/// instruction's M: both CTAs' rows with cta_group::2). The rule TIRx
/// applies: cta_group::1 M = 64 takes N = 8 .. 256 in steps of 8 and M =
/// 128 steps of 16 (i8: steps of 16 and N = 8, 24); cta_group::2 M = 128
/// or 256, N = 32 .. 256 in steps of 32.
TIRX_HD constexpr bool mma_shape_ok(MmaKind k, int cta_group, long long m, long long n) {
  if (n < 8 || n > 256)
    return false;
  if (cta_group == 1) {
    if (m != 64 && m != 128)
      return false;
    if (k == MmaKind::i8)
      return n % 16 == 0 || n == 8 || n == 24;
    return n % (m == 64 ? 8 : 16) == 0;
  }
  return cta_group == 2 && (m == 128 || m == 256) && n % 32 == 0;
}

/// The fields of one instruction descriptor.
struct InstrDesc {
  int m = 0, n = 0;
  int d_type = 0, a_type = 0, b_type = 0; ///< the type codes above
  bool trans_a = false, trans_b = false;  ///< MN-major A, B
  bool neg_a = false, neg_b = false;
  bool saturate = false; ///< i8: saturate D
};

/// The 32-bit instruction descriptor.
TIRX_HD constexpr cuda::std::uint32_t instr_desc(const InstrDesc& f) {
  using U = cuda::std::uint32_t;
  return (U(f.saturate) << 3) | (U(f.d_type & 3) << 4) | (U(f.a_type & 7) << 7) |
         (U(f.b_type & 7) << 10) | (U(f.neg_a) << 13) | (U(f.neg_b) << 14) | (U(f.trans_a) << 15) |
         (U(f.trans_b) << 16) | (U((f.n >> 3) & 0x3F) << 17) | (U((f.m >> 4) & 0x1F) << 24);
}

/// The swizzle field (bits 61-63) of a shared operand with facts m.
TIRX_HD constexpr unsigned smem_layout_code(const SmemMatrix& m) {
  return m.mode == SwizzleMode::b128  ? 2u
         : m.mode == SwizzleMode::b64 ? 4u
         : m.mode == SwizzleMode::b32 ? 6u
                                      : 0u;
}

/// The 64-bit shared-memory descriptor of a shared operand with facts m
/// whose element (0, 0) is at shared address `addr` (the tile's address
/// plus m.start).
TIRX_HD constexpr cuda::std::uint64_t smem_desc(cuda::std::uint32_t addr, const SmemMatrix& m) {
  using U = cuda::std::uint64_t;
  return U((addr & 0x3FFFFu) >> 4) | (U((m.lbo >> 4) & 0x3FFF) << 16) |
         (U((m.sbo >> 4) & 0x3FFF) << 32) | (U(1) << 46) | (U(smem_layout_code(m)) << 61);
}

} // namespace ptxtcgen05
} // namespace tirx
