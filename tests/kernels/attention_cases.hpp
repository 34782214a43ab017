// What the attention GPU tests (gpu_attention.cu, gpu_attention_bwd.cu)
// share: a case's shapes, the padded BSHD strides of its tensors, 16-bit
// conversions on the host, and the skip without an sm_90 GPU.
#pragma once

#include "gpu_check.hpp"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdio>
#include <type_traits>

namespace attention_test {

struct Case {
  int batch, sq, sk, hq, hkv, d;
  bool causal;
  int pad; ///< extra elements per head and per row of every tensor (strided layouts)
};

/// BSHD strides with padding: head stride d + pad, row stride heads * (d +
/// pad) + pad, batch stride seq * row + pad.
inline void padded_strides(const Case& c, long long (&s)[3], int seq, int heads) {
  s[2] = c.d + c.pad;
  s[1] = heads * s[2] + c.pad;
  s[0] = seq * s[1] + c.pad;
}

template <class T> double to_double(T x) {
  if constexpr (std::is_same_v<T, half>)
    return __half2float(x);
  else
    return __bfloat162float(x);
}
template <class T> T from_float(float x) {
  if constexpr (std::is_same_v<T, half>)
    return __float2half_rn(x);
  else
    return __float2bfloat16_rn(x);
}

/// 0 on an sm_90 GPU; else the exit code of a skipped test (77), said why.
inline int skip_unless_sm90() {
  if (int rc = tirx_test_require_gpu())
    return rc;
  cudaDeviceProp prop{};
  TIRX_CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  if (prop.major != 9) {
    std::printf("skipped: the attention kernels need sm_90 (this GPU is sm_%d%d)\n", prop.major,
                prop.minor);
    return 77;
  }
  return 0;
}

} // namespace attention_test
