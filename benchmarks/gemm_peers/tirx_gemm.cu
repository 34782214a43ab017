// tirx's Hopper GEMM behind the peer interface (peer.h): the translation
// unit whose compile time and memory stand beside CUTLASS's (build.sh),
// one instantiation of the launcher with its defaults.
#include "peer.h"

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
    return tirx_kernels::gemm_bf16_tn(pa, pb, pd, pm, pn, pk, stream);
  } catch (const std::exception&) {
    return cudaErrorInvalidValue;
  }
}

} // namespace gemm_peer
