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

/// The operands of the problem set up last, as T, for the peers whose
/// prepare() only keeps them (tirx's: their launchers take the pointers).
template <class T> struct Operands {
  const T* a = nullptr;
  const T* b = nullptr;
  T* d = nullptr;
  int m = 0, n = 0, k = 0;
  void keep(const void* a_, const void* b_, void* d_, int m_, int n_, int k_) {
    a = static_cast<const T*>(a_), b = static_cast<const T*>(b_), d = static_cast<T*>(d_);
    m = m_, n = n_, k = k_;
  }
};

} // namespace gemm_peer
