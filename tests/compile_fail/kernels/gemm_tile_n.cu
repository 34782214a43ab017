// Must not compile: a CTA tile N other than 256, 224, 176 or 128 (the wgmma
// and the epilogue are written for those four).
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx_kernels::gemm: the CTA tile is 128 x 256, 128 x 224, 128 x 176 or 128 x 128 (BlockN 256, 224, 176 or 128)}}
#include "../../../kernels/gemm/gemm_tiles.cuh"

namespace gemm_tile_n {
using namespace tirx_kernels;
using namespace tirx_kernels::gemm_sm90;
#ifndef TIRX_FIXED
constexpr int tile = 192;
#else
constexpr int tile = 128;
#endif
using Cfg = Config<__nv_bfloat16, __nv_bfloat16, Major::row, Major::col, Plain, Io::any, 3, 5,
                   false, 1, tile>;
constexpr int rows = Cfg::b_rows;
static_assert(rows == tile);
} // namespace gemm_tile_n
