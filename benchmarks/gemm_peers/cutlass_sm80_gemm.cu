// CUTLASS's Ampere GEMM behind the peer interface (peer.h), the peer of
// tirx's sm_80 GEMM (kernels/gemm/gemm_sm80.cuh): CUTLASS 2.x's
// device::Gemm for Sm80, the same instructions (cp.async multistage,
// ldmatrix, mma.sync.m16n8k16), instantiated from the headers of the
// nvidia-cutlass Python package (build.sh finds them; nothing of CUTLASS is
// in this repository). bf16 in, fp32 accumulation, bf16 out, beta = 0,
// 64 x 64 warp tiles (8 warps), the identity tile order in groups of 8,
// 128-bit accesses. Three of CUTLASS's own bf16 Sm80 tile configurations,
// picked by GEMM_PEER_CONFIG (default the first):
//   128x256x64_3   128 x 256 CTA tiles, 3 stages (144 KB)
//   256x128x64_3   256 x 128, 3 stages
//   128x256x64_4   128 x 256, 4 stages (192 KB, as tirx's DefaultTiling)
// The problem in CUTLASS's terms: A is M x K row-major; our B (N x K
// row-major) is CUTLASS's B, K x N, column-major; D is M x N row-major.
#include "peer.h"

#include <cutlass/cutlass.h>
#include <cutlass/epilogue/thread/linear_combination.h>
#include <cutlass/gemm/device/gemm.h>

#include <cstdlib>
#include <cstring>
#include <type_traits>

namespace gemm_peer {
namespace {

using bf16 = cutlass::bfloat16_t;
using RowMajor = cutlass::layout::RowMajor;
using ColumnMajor = cutlass::layout::ColumnMajor;
using cutlass::gemm::GemmShape;

template <class Block, int Stages>
using GemmOf = cutlass::gemm::device::Gemm<
    bf16, RowMajor, bf16, ColumnMajor, bf16, RowMajor, float, cutlass::arch::OpClassTensorOp,
    cutlass::arch::Sm80, Block, GemmShape<64, 64, 64>, GemmShape<16, 8, 16>,
    cutlass::epilogue::thread::LinearCombination<bf16, 8, float, float>,
    cutlass::gemm::threadblock::GemmIdentityThreadblockSwizzle<8>, Stages, 8, 8>;

using Wide3 = GemmOf<GemmShape<128, 256, 64>, 3>;
using Tall3 = GemmOf<GemmShape<256, 128, 64>, 3>;
using Wide4 = GemmOf<GemmShape<128, 256, 64>, 4>;

Wide3 wide3;
Tall3 tall3;
Wide4 wide4;
/// The CSV names, "cutlass_sm80_" and GEMM_PEER_CONFIG's values, in the order of with_chosen.
constexpr const char* names[] = {"cutlass_sm80_128x256x64_3", "cutlass_sm80_256x128x64_3",
                                 "cutlass_sm80_128x256x64_4"};
constexpr int prefix = 13; // strlen("cutlass_sm80_")

/// GEMM_PEER_CONFIG's index in names (unset: 0), -1 when it is none of them.
int chosen() {
  static const int c = [] {
    const char* e = std::getenv("GEMM_PEER_CONFIG");
    for (int i = 0; i < 3; ++i)
      if (e == nullptr || std::strcmp(e, names[i] + prefix) == 0)
        return i;
    return -1;
  }();
  return c;
}

/// f(the chosen Gemm); chosen() must be >= 0.
template <class F> auto with_chosen(F&& f) {
  switch (chosen()) {
  case 0:
    return f(wide3);
  case 1:
    return f(tall3);
  default:
    return f(wide4);
  }
}

} // namespace

const char* name() { return chosen() < 0 ? "cutlass_sm80_unknown" : names[chosen()]; }

const char* prepare(const void* a, const void* b, void* d, int m, int n, int k) {
  if (chosen() < 0)
    return "GEMM_PEER_CONFIG is none of 128x256x64_3, 256x128x64_3, 128x256x64_4";
  return with_chosen([&](auto& gemm) -> const char* {
    using Gemm = std::remove_reference_t<decltype(gemm)>;
    const auto* pa = static_cast<const bf16*>(a);
    const auto* pb = static_cast<const bf16*>(b);
    auto* pd = static_cast<bf16*>(d);
    typename Gemm::Arguments args({m, n, k}, {pa, k}, {pb, k}, {pd, n}, {pd, n}, {1.0f, 0.0f});
    if (gemm.can_implement(args) != cutlass::Status::kSuccess)
      return "CUTLASS cannot implement this problem (can_implement)";
    if (Gemm::get_workspace_size(args) != 0)
      return "CUTLASS asks for a workspace (not expected without split-K)";
    if (gemm.initialize(args, nullptr) != cutlass::Status::kSuccess)
      return "CUTLASS could not initialize the GEMM";
    return nullptr;
  });
}

cudaError_t launch(cudaStream_t stream) {
  if (chosen() < 0)
    return cudaErrorInvalidValue;
  const cutlass::Status s = with_chosen([&](auto& gemm) { return gemm.run(stream); });
  return s == cutlass::Status::kSuccess ? cudaSuccess : cudaErrorLaunchFailure;
}

} // namespace gemm_peer
