// What the GEMM's host code asks of the current device: its SM count, once
// per device (gemm's heuristic, its tail split's slots, split-K's
// reduction and the operand copies all size themselves by it).
#pragma once

#include <cuda_runtime.h>

#include <atomic>

namespace tirx_kernels::gemm_sm90 {

/// The SMs of the current device (0 when the runtime cannot say), asked of
/// the runtime once per device (of the first 64; later ones every call).
inline int sm_count() {
  static std::atomic<int> known[64]{};
  int dev = 0, sms = 0;
  if (cudaGetDevice(&dev) != cudaSuccess || dev < 0)
    return 0;
  if (dev < 64 && (sms = known[dev].load(std::memory_order_relaxed)) > 0)
    return sms;
  if (cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess)
    return 0;
  if (dev < 64)
    known[dev].store(sms, std::memory_order_relaxed);
  return sms;
}

} // namespace tirx_kernels::gemm_sm90
