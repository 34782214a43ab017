// Device compilation test of the sm_100a ldmatrix forms (tests/ptx/CMakeLists.txt:
// device_compile_sm100_matrix, built for sm_100a only when nvcc has it, and
// ptx_text_sm100_matrix, which finds every sm_100a spelling of
// ptx/rows/ldmatrix.def in the PTX nvcc writes for this file): m16n16 .x1
// and .x2 .trans .b8, m8n16 .x1, .x2, .x4 .b8x16.b6x16_p32 and .b4x16_p64.
// Each is applied once through tile::apply on a warp: the fragment is (32, R)
// 32-bit words over the lanes, the shared tile (rows, 16) bytes. Nothing here
// runs (no sm_100 GPU in the suite); the refusal below sm_100a is the
// compile-fail test ldmatrix_needs_sm100a.
#include <tirx/tile.hpp>

namespace dc100m {

using namespace tirx;

/// One load of spelling Instr into R words per lane from a (Rows, 16)
/// byte tile, the words written out.
template <class Instr, int R> __device__ void load_case(unsigned* out) {
  constexpr int rows = 8 * R;
  __shared__ __align__(16) unsigned char bytes[32 * 16];
  using Tile = Tensor<unsigned char, ShapeT<rows, 16>, MemScope::shared, 16>;
  Tile tile{bytes};
  for (int i = static_cast<int>(threadIdx.x); i < rows * 16; i += 32)
    bytes[i] = static_cast<unsigned char>(i);
  __syncwarp();
  auto words = alloc_local<unsigned, shape(32, R), S({32, R}, {1 * laneid, 1})>();
  tile::apply<Instr>(words, tile, scope::warp);
  for (int r = 0; r < R; ++r)
    out[threadIdx.x * R + r] = words.data()[r];
}

__global__ void sm100_loads(unsigned* out) {
#if defined(__CUDA_ARCH__)
#define TIRX_ROW(SP, NSRC, REGS, SM, PTX, DC, SC)                                                  \
  if constexpr (::tirx::ptxdesc::SM == ::tirx::ptxdesc::sm_100a)                                   \
    load_case<ptx<SP>, REGS>(out);
#include <tirx/ptx/rows/ldmatrix.def>
#undef TIRX_ROW
#else
  (void)out;
#endif
}

} // namespace dc100m
