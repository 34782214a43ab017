// CUTLASS's Hopper GEMM behind the peer interface (peer.h), instantiated
// from the headers of the nvidia-cutlass Python package (CUTLASS 3.x API;
// build.sh finds them, nothing of CUTLASS is in this repository): the
// warp-specialized cooperative kernel (one producer warpgroup, two consumer
// warpgroups sharing each 128 x 256 tile), 64-wide K blocks, clusters of
// 2 x 1 CTAs with the TMA multicast, as many shared-memory stages as fit
// beside the epilogue, the TMA epilogue, the default persistent tile
// scheduler. bf16 in, fp32 accumulation, bf16 out, no C operand (beta = 0).
//
// The problem in CUTLASS's terms: A is M x K row-major; our B (N x K
// row-major) is CUTLASS's B, K x N, column-major; D is M x N row-major.
#include "peer.h"

#include <cute/tensor.hpp>
#include <cutlass/cutlass.h>
#include <cutlass/epilogue/collective/collective_builder.hpp>
#include <cutlass/gemm/collective/collective_builder.hpp>
#include <cutlass/gemm/device/gemm_universal_adapter.h>
#include <cutlass/gemm/kernel/gemm_universal.hpp>
#include <cutlass/util/packed_stride.hpp>

namespace gemm_peer {
namespace {

using bf16 = cutlass::bfloat16_t;
using LayoutA = cutlass::layout::RowMajor;
using LayoutB = cutlass::layout::ColumnMajor;
using LayoutD = cutlass::layout::RowMajor;
constexpr int align = 8; // elements of 16 bytes: what TMA needs
using Tile = cute::Shape<cute::_128, cute::_256, cute::_64>;
using Cluster = cute::Shape<cute::_2, cute::_1, cute::_1>;

using Epilogue = typename cutlass::epilogue::collective::CollectiveBuilder<
    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, Tile, Cluster,
    cutlass::epilogue::collective::EpilogueTileAuto, float, float, void, LayoutD, align, bf16,
    LayoutD, align, cutlass::epilogue::TmaWarpSpecializedCooperative>::CollectiveOp;

using Mainloop = typename cutlass::gemm::collective::CollectiveBuilder<
    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, bf16, LayoutA, align, bf16, LayoutB, align,
    float, Tile, Cluster,
    cutlass::gemm::collective::StageCountAutoCarveout<static_cast<int>(
        sizeof(typename Epilogue::SharedStorage))>,
    cutlass::gemm::KernelTmaWarpSpecializedCooperative>::CollectiveOp;

using Kernel =
    cutlass::gemm::kernel::GemmUniversal<cute::Shape<int, int, int, int>, Mainloop, Epilogue>;
using Gemm = cutlass::gemm::device::GemmUniversalAdapter<Kernel>;

Gemm gemm;
void* workspace = nullptr;
size_t workspace_bytes = 0;

} // namespace

const char* name() { return "cutlass"; }

const char* prepare(const void* a, const void* b, void* d, int m, int n, int k) {
  const auto stride_a = cutlass::make_cute_packed_stride(typename Kernel::StrideA{}, {m, k, 1});
  const auto stride_b = cutlass::make_cute_packed_stride(typename Kernel::StrideB{}, {n, k, 1});
  const auto stride_d = cutlass::make_cute_packed_stride(typename Kernel::StrideD{}, {m, n, 1});
  cutlass::KernelHardwareInfo hw;
  hw.device_id = 0;
  hw.sm_count = cutlass::KernelHardwareInfo::query_device_multiprocessor_count(0);
  typename Gemm::Arguments args{
      cutlass::gemm::GemmUniversalMode::kGemm,
      {m, n, k, 1},
      {static_cast<const bf16*>(a), stride_a, static_cast<const bf16*>(b), stride_b},
      {{1.0f, 0.0f}, nullptr, stride_d, static_cast<bf16*>(d), stride_d},
      hw};
  if (gemm.can_implement(args) != cutlass::Status::kSuccess)
    return "CUTLASS cannot implement this problem (can_implement)";
  const size_t bytes = Gemm::get_workspace_size(args);
  if (bytes > workspace_bytes) {
    if (workspace != nullptr && cudaFree(workspace) != cudaSuccess)
      return "cudaFree of the workspace failed";
    workspace = nullptr;
    workspace_bytes = 0;
    if (cudaMalloc(&workspace, bytes) != cudaSuccess)
      return "cudaMalloc of the workspace failed";
    workspace_bytes = bytes;
  }
  if (gemm.initialize(args, workspace) != cutlass::Status::kSuccess)
    return "CUTLASS could not initialize the GEMM";
  return nullptr;
}

cudaError_t launch(cudaStream_t stream) {
  return gemm.run(stream) == cutlass::Status::kSuccess ? cudaSuccess : cudaErrorLaunchFailure;
}

} // namespace gemm_peer
