// Must not compile: the 128 x 176 tile with a row-major (MN-major) B, whose
// 176 rows are no whole number of its 64-wide boxes.
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx_kernels::gemm: a 128 x 224 or 128 x 176 tile reads B K-major (column-major B): its rows are no whole number of the 64-wide MN-major boxes; use BlockN 256 or 128}}
#include "../../../kernels/gemm/gemm_tiles.cuh"

namespace gemm_tile_176_b_row {
using namespace tirx_kernels;
using namespace tirx_kernels::gemm_sm90;
#ifndef TIRX_FIXED
constexpr Major major_b = Major::row;
#else
constexpr Major major_b = Major::col;
#endif
using Cfg =
    Config<__nv_bfloat16, __nv_bfloat16, Major::row, major_b, Plain, Io::any, 3, 4, false, 1, 176>;
constexpr int rows = Cfg::b_rows;
static_assert(rows == 176);
} // namespace gemm_tile_176_b_row
