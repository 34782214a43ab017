// Device compilation test of the mixed-precision forms (tests/ptx/CMakeLists.txt:
// device_compile_sm100_mixed, built for sm_100a only when nvcc has it, and
// ptx_text_sm100_mixed, which finds every spelling of ptx/rows/f32_mixed.def
// in the PTX nvcc writes for this file): add/sub/fma .f32.f16 and .f32.bf16
// with every rounding and .sat, each applied once through tile::apply on a
// warp, the 16-bit sources (32, 2) halves or bfloat16s, the f32 addend a
// tensor (add/sub) or a scalar (fma, its last source), the result written
// out. Nothing here runs (no sm_100 GPU in the suite); the refusal below
// sm_100 is the compile-fail test mixed_needs_sm100.
#include <tirx/tile.hpp>

namespace dc100x {

using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(32, 2) : (1@laneid, 1)]">;

/// One form of spelling Instr with NSrc sources; T: the 16-bit source type.
template <class Instr, int NSrc, class T>
__device__ void mixed_case(const T* in, const float* c, float* out) {
  auto a = alloc_local<T, shape(32, 2), reg>();
  auto wide = alloc_local<float, shape(32, 2), reg>();
  auto d = alloc_local<float, shape(32, 2), reg>();
  for (int j = 0; j < 2; ++j) {
    a.data()[j] = in[2 * threadIdx.x + j];
    wide.data()[j] = c[2 * threadIdx.x + j];
  }
  if constexpr (NSrc == 2)
    tile::apply<Instr>(d, a, wide, scope::warp);
  else
    tile::apply<Instr>(d, a, a, c[0], scope::warp);
  for (int j = 0; j < 2; ++j)
    out[2 * threadIdx.x + j] = d.data()[j];
}

template <fixed_string SP> TIRX_HD constexpr bool bf16_form() {
  return SP.chars[SP.size() - 4] == 'b'; // "...bf16"
}

__global__ void mixed_forms(const __half* h, const __nv_bfloat16* b, const float* c, float* out) {
#if defined(__CUDA_ARCH__)
#define TIRX_ROW(SP, NSRC, REGS, SM, PTX, DC, SC)                                                  \
  if constexpr (bf16_form<SP>())                                                                   \
    mixed_case<ptx<SP>, NSRC>(b, c, out);                                                          \
  else                                                                                             \
    mixed_case<ptx<SP>, NSRC>(h, c, out);
#include <tirx/ptx/rows/f32_mixed.def>
#undef TIRX_ROW
#else
  (void)h, (void)b, (void)c, (void)out;
#endif
}

} // namespace dc100x
