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

// [snippet:mixed-precision]
// y = a * b + y for half a and b and float y, with one rounding: the
// halves are widened exactly inside the instruction (fma.rn.f32.f16, sm_100).
__global__ void fma_halves(const __half* A, const __half* B, float* Y) {
  auto a = alloc_local<__half, shape(1)>();
  auto b = alloc_local<__half, shape(1)>();
  auto y = alloc_local<float, shape(1)>();
  a(0) = A[threadIdx.x], b(0) = B[threadIdx.x], y(0) = Y[threadIdx.x];
#if __CUDA_ARCH__ >= 1000
  tile::apply<ptx<"fma.rn.f32.f16">>(y, a, b, y, scope::thread);
#endif
  Y[threadIdx.x] = y(0);
}
// [/snippet]

} // namespace dc100x
