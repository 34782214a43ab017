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
const __nv_bfloat16 *pa = nullptr, *pb = nullptr;
__nv_bfloat16* pd = nullptr;
int pm = 0, pn = 0, pk = 0;
} // namespace

const char* name() { return "tirx"; }

const char* prepare(const void* a, const void* b, void* d, int m, int n, int k) {
  if (n % 8 != 0 || k % 8 != 0)
    return "n and k must be multiples of 8";
  pa = static_cast<const __nv_bfloat16*>(a);
  pb = static_cast<const __nv_bfloat16*>(b);
  pd = static_cast<__nv_bfloat16*>(d);
  pm = m;
  pn = n;
  pk = k;
  return nullptr;
}

cudaError_t launch(cudaStream_t stream) {
  try {
    using namespace tirx_kernels;
    if (gemm_heuristic::fast_cluster(pm, pn, pk, gemm_sm90::sm_count()))
      return gemm_bf16_tn<4, (TIRX_GEMM_CLUSTER_OVERLAP != 0), 2>(pa, pb, pd, pm, pn, pk, stream);
    return gemm_bf16_tn<3, false, 1>(pa, pb, pd, pm, pn, pk, stream);
  } catch (const std::exception&) {
    return cudaErrorInvalidValue;
  }
}

} // namespace gemm_peer
