// Must not compile: a cluster of 2 CTAs with the run-time path choice (Io::any:
// split-K and D's plain stores are built and tested without clusters only).
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx_kernels::gemm: a cluster of 2 CTAs needs the TMA loads of Io::tma or Io::tma_direct; use Cluster 1 with Io::any}}
#include "../../../kernels/gemm/gemm_tiles.cuh"

namespace gemm_cluster_any {
using namespace tirx_kernels;
using namespace tirx_kernels::gemm_sm90;
#ifndef TIRX_FIXED
constexpr Io io = Io::any;
#else
constexpr Io io = Io::tma;
#endif
using Cfg = Config<__nv_bfloat16, __nv_bfloat16, Major::row, Major::col, Plain, io, 2, 4, false, 2>;
constexpr int rows = Cfg::b_rows;
static_assert(rows == block_n / 2);
} // namespace gemm_cluster_any
