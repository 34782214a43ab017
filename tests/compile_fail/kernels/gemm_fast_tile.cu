// Must not compile: the fast path's kernel (Io::tma) with a 128 x 128 tile
// (its tiles are 128 x 256 and 128 x 224; the general kernel runs the others).
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx_kernels::gemm: the fast path's kernel (Io::tma, Io::tma_direct) runs the 128 x 256 or 128 x 224 tile; use Io::any for 176 or 128}}
#include "../../../kernels/gemm/gemm_tiles.cuh"

namespace gemm_fast_tile {
using namespace tirx_kernels;
using namespace tirx_kernels::gemm_sm90;
#ifndef TIRX_FIXED
constexpr int tile = 128;
#else
constexpr int tile = 224;
#endif
using Cfg = Config<__nv_bfloat16, __nv_bfloat16, Major::row, Major::col, Plain, Io::tma, 2, 3,
                   false, 1, tile>;
constexpr int rows = Cfg::b_rows;
static_assert(rows == tile);
} // namespace gemm_fast_tile
