// Must not compile: the GEMM of fp32 inputs (wgmma takes 16-bit A and B here).
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx_kernels::gemm: the inputs must be 16-bit (sizeof(T) == 2); pass __nv_bfloat16 or __half A and B (convert wider inputs first)}}
#include "../../../kernels/gemm/gemm_tiles.cuh"

namespace gemm_input_type {
using namespace tirx_kernels;
using namespace tirx_kernels::gemm_sm90;
#ifndef TIRX_FIXED
using In = float;
#else
using In = __nv_bfloat16;
#endif
using Cfg = Config<In, float, Major::row, Major::col, Plain, Io::any, 3, 3, false, 1>;
constexpr int rows = Cfg::a_rows;
static_assert(rows == block_m);
} // namespace gemm_input_type
