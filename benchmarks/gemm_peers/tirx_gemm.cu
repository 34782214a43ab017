// tirx's Hopper GEMM behind the peer interface (peer.h): the translation
// unit whose compile time and memory stand beside CUTLASS's (build.sh).
// The fast path as tirx_kernels::gemm runs it: 3 stages alone, or 4 in
// clusters of 2 (one stage's wgmmas in flight) where
// gemm_heuristic::fast_cluster says: two kernels.
#include "peer.h"

#include "../../kernels/gemm/gemm_device.cuh"
#include "../../kernels/gemm/gemm_heuristic.cuh"
#include "../../kernels/gemm/gemm_sm90.cuh"

#include <exception>

namespace gemm_peer {
namespace {
Operands<__nv_bfloat16> ops;
} // namespace

const char* name() { return "tirx"; }

const char* prepare(const void* a, const void* b, void* d, int m, int n, int k) {
  if (n % 8 != 0 || k % 8 != 0)
    return "n and k must be multiples of 8";
  ops.keep(a, b, d, m, n, k);
  return nullptr;
}

cudaError_t launch(cudaStream_t stream) {
  try {
    using namespace tirx_kernels;
    const auto& o = ops;
    if (gemm_heuristic::fast_cluster(o.m, o.n, o.k, gemm_sm90::sm_count()))
      return gemm_bf16_tn<4, (TIRX_GEMM_CLUSTER_OVERLAP != 0), 2>(o.a, o.b, o.d, o.m, o.n, o.k,
                                                                  stream);
    return gemm_bf16_tn<3, false, 1>(o.a, o.b, o.d, o.m, o.n, o.k, stream);
  } catch (const std::exception&) {
    return cudaErrorInvalidValue;
  }
}

} // namespace gemm_peer
