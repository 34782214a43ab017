// The kernels of kernels/kernels.cuh as data, for the programs that run them
// all (benchmarks/bench.cu, tests/kernels/gpu_kernels_sweep.cu): an id, a name, the
// shape of the input, and one launcher per source. The launchers are
// compiled once, in two translation units side by side (launch_tirx.cu:
// tirx's kernels; launch_twins.cu: the hand-written CUDA twins), into the
// library tirx_kernel_launchers; this header needs no CUDA compiler.
#pragma once

#include <cuda_runtime.h>

namespace kernel_list {

enum class Kid {
  copy,
  add_one,
  affine_relu,
  silu,
  to_f16,
  to_bf16,
  add_bias,
  row_sum,
  row_max,
  softmax,
  rmsnorm,
  transpose,
  transpose_swizzled
};

/// The input: n floats (flat), rows x cols with a bias of cols floats
/// (bias), rows x cols (rows), or a square matrix (square).
enum class Layout { flat, bias, rows, square };

struct KernelInfo {
  Kid id;
  const char* name;
  Layout layout;
  int out_elem_bytes; ///< bytes of one output element
  bool reduces;       ///< one output per row
  bool has_aux;       ///< bias (add_bias) or w (rmsnorm): cols floats
};

inline constexpr KernelInfo kKernels[] = {
    {Kid::copy, "copy", Layout::flat, 4, false, false},
    {Kid::add_one, "add_one", Layout::flat, 4, false, false},
    {Kid::affine_relu, "affine_relu", Layout::flat, 4, false, false},
    {Kid::silu, "silu", Layout::flat, 4, false, false},
    {Kid::to_f16, "to_f16", Layout::flat, 2, false, false},
    {Kid::to_bf16, "to_bf16", Layout::flat, 2, false, false},
    {Kid::add_bias, "add_bias", Layout::bias, 4, false, true},
    {Kid::row_sum, "row_sum", Layout::rows, 4, true, false},
    {Kid::row_max, "row_max", Layout::rows, 4, true, false},
    {Kid::softmax, "softmax", Layout::rows, 4, false, false},
    {Kid::rmsnorm, "rmsnorm", Layout::rows, 4, false, true},
    {Kid::transpose, "transpose", Layout::square, 4, false, false},
    {Kid::transpose_swizzled, "transpose_swizzled", Layout::square, 4, false, false},
};

/// RMSNorm's epsilon in every run.
inline constexpr float kRmsEps = 1e-6f;

/// One launch of kernel k: n elements (flat) or rows x cols; y is float*,
/// __half* or __nv_bfloat16* as k.out_elem_bytes says; aux is the bias or
/// the weights. Returns the launcher's error.
cudaError_t launch_tirx(const KernelInfo& k, const float* x, const float* aux, void* y, long long n,
                        long long rows, long long cols, cudaStream_t s);
cudaError_t launch_twin(const KernelInfo& k, const float* x, const float* aux, void* y, long long n,
                        long long rows, long long cols, cudaStream_t s);

} // namespace kernel_list

// The body of launch_tirx and launch_twin: the switch over the kernels for
// the launchers of namespace NS (tirx_kernels or cuda_twins).
#define KERNEL_LIST_DISPATCH(NS)                                                                   \
  switch (k.id) {                                                                                  \
  case Kid::copy:                                                                                  \
    return NS::copy(x, static_cast<float*>(y), n, s);                                              \
  case Kid::add_one:                                                                               \
    return NS::add_one(x, static_cast<float*>(y), n, s);                                           \
  case Kid::affine_relu:                                                                           \
    return NS::affine_relu(x, static_cast<float*>(y), n, s);                                       \
  case Kid::silu:                                                                                  \
    return NS::silu(x, static_cast<float*>(y), n, s);                                              \
  case Kid::to_f16:                                                                                \
    return NS::to_f16(x, static_cast<__half*>(y), n, s);                                           \
  case Kid::to_bf16:                                                                               \
    return NS::to_bf16(x, static_cast<__nv_bfloat16*>(y), n, s);                                   \
  case Kid::add_bias:                                                                              \
    return NS::add_bias(x, aux, static_cast<float*>(y), rows, cols, s);                            \
  case Kid::row_sum:                                                                               \
    return NS::row_sum(x, static_cast<float*>(y), rows, cols, s);                                  \
  case Kid::row_max:                                                                               \
    return NS::row_max(x, static_cast<float*>(y), rows, cols, s);                                  \
  case Kid::softmax:                                                                               \
    return NS::softmax(x, static_cast<float*>(y), rows, cols, s);                                  \
  case Kid::rmsnorm:                                                                               \
    return NS::rmsnorm(x, aux, static_cast<float*>(y), rows, cols, kRmsEps, s);                    \
  case Kid::transpose:                                                                             \
    return NS::transpose(x, static_cast<float*>(y), rows, cols, s);                                \
  case Kid::transpose_swizzled:                                                                    \
    return NS::transpose_swizzled(x, static_cast<float*>(y), rows, cols, s);                       \
  }                                                                                                \
  return cudaErrorInvalidValue
