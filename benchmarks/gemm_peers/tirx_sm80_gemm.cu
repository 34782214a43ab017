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
Operands<__nv_bfloat16> ops;
/// 0: default, 1: c3, -1: GEMM_PEER_CONFIG names neither.
int chosen() {
  const char* c = std::getenv("GEMM_PEER_CONFIG");
  return c == nullptr || std::strcmp(c, "default") == 0 ? 0 : std::strcmp(c, "c3") == 0 ? 1 : -1;
}
} // namespace

const char* name() { return chosen() == 1 ? "tirx_sm80_c3" : "tirx_sm80"; }

const char* prepare(const void* a, const void* b, void* d, int m, int n, int k) {
  if (chosen() < 0)
    return "GEMM_PEER_CONFIG is neither default nor c3";
  if (k % 8 != 0)
    return "k must be a multiple of 8";
  ops.keep(a, b, d, m, n, k);
  return nullptr;
}

cudaError_t launch(cudaStream_t stream) {
  try {
    using namespace tirx_kernels;
    const auto& o = ops;
    if (chosen() == 1)
      return gemm_sm80_tn<gemm80::TilingC3>(o.a, o.b, o.d, o.m, o.n, o.k, stream);
    return gemm_sm80_bf16_tn(o.a, o.b, o.d, o.m, o.n, o.k, stream);
  } catch (const std::exception&) {
    return cudaErrorInvalidValue;
  }
}

} // namespace gemm_peer
