// tirx's Ampere GEMM (kernels/gemm/gemm_sm80.cuh: cp.async stages, ldmatrix,
// mma.sync) behind the peer interface (peer.h), so that the same harness
// times it beside CUTLASS's Ampere GEMM (cutlass_sm80_gemm.cu) and cuBLAS.
// GEMM_PEER_CONFIG picks the tiling: default (gemm_sm80_bf16_tn's choice,
// DefaultTiling on the H200: the copies over all four k slices) or c3
// (TilingC3, the default until 2026-12-03: over three).
#include "peer.h"

#include "../../kernels/gemm/gemm_sm80.cuh"

#include <cstdlib>
#include <cstring>
#include <exception>

namespace gemm_peer {
namespace {
const __nv_bfloat16 *pa = nullptr, *pb = nullptr;
__nv_bfloat16* pd = nullptr;
int pm = 0, pn = 0, pk = 0;
bool c3() {
  const char* c = std::getenv("GEMM_PEER_CONFIG");
  return c != nullptr && std::strcmp(c, "c3") == 0;
}
} // namespace

const char* name() { return c3() ? "tirx_sm80_c3" : "tirx_sm80"; }

const char* prepare(const void* a, const void* b, void* d, int m, int n, int k) {
  const char* c = std::getenv("GEMM_PEER_CONFIG");
  if (c != nullptr && std::strcmp(c, "default") != 0 && !c3())
    return "GEMM_PEER_CONFIG is neither default nor c3";
  if (k % 8 != 0)
    return "k must be a multiple of 8";
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
    if (c3())
      return gemm_sm80_tn<gemm80::TilingC3>(pa, pb, pd, pm, pn, pk, stream);
    return gemm_sm80_bf16_tn(pa, pb, pd, pm, pn, pk, stream);
  } catch (const std::exception&) {
    return cudaErrorInvalidValue;
  }
}

} // namespace gemm_peer
