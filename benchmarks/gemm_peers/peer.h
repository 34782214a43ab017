// One GEMM behind three plain functions, so that the harness (harness.cu)
// times any of them beside cuBLAS and each kernel lives in a translation
// unit of its own, whose compile time and memory build.sh measures:
//   cutlass_gemm.cu  CUTLASS 3.x, built from the nvidia-cutlass package's headers
//   tirx_gemm.cu     tirx's Hopper GEMM (kernels/gemm/gemm_sm90.cuh)
//   cutlass_sm80_gemm.cu, tirx_sm80_gemm.cu  the Ampere GEMMs (mma.sync) of both
// The problem is the benchmark's: D (m x n) = A (m x k) B^T with B given as
// n x k, all row-major bf16, fp32 accumulation.
#pragma once

#include <cuda_runtime_api.h>

namespace gemm_peer {

/// The implementation's name in the CSV ("cutlass", "tirx").
const char* name();
/// Sets up the GEMM for these operands (a workspace, the kernel's
/// arguments); nullptr when ready, else why it cannot run them.
const char* prepare(const void* a, const void* b, void* d, int m, int n, int k);
/// Launches the GEMM set up last, asynchronously on stream.
cudaError_t launch(cudaStream_t stream);

} // namespace gemm_peer
