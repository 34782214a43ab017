// Timer reads: the SM's cycle counter (%clock64), the GPU's nanosecond
// clock (%globaltimer) and the SM the thread runs on (%smid), through CCCL's
// cuda::ptx special-register reads. %clock64 counts the cycles of one SM:
// compare two reads of the same thread, not reads of two SMs. %globaltimer
// is one clock for the whole GPU, in nanoseconds: it orders events across
// SMs, at a coarser resolution (the hardware updates it every few tens of
// nanoseconds to a microsecond, depending on the GPU).
#pragma once

#include <tirx/core/config.hpp>

#include <tirx/core/cccl.hpp>

namespace tirx {

#if defined(__CUDACC__)
/// The calling SM's cycle counter (%clock64).
__device__ TIRX_FORCEINLINE unsigned long long clock_cycles() {
  return static_cast<unsigned long long>(cuda::ptx::get_sreg_clock64());
}

/// The GPU's global nanosecond timer (%globaltimer).
__device__ TIRX_FORCEINLINE unsigned long long global_ns() {
  return static_cast<unsigned long long>(cuda::ptx::get_sreg_globaltimer());
}

/// The SM the calling thread runs on (%smid, below %nsmid).
__device__ TIRX_FORCEINLINE unsigned sm_id() {
  return static_cast<unsigned>(cuda::ptx::get_sreg_smid());
}

/// Waits until `cycles` cycles of %clock64 have passed since the call (a
/// busy loop, for tests and for spacing work out on a timeline).
__device__ TIRX_FORCEINLINE void spin_cycles(unsigned long long cycles) {
  const unsigned long long start = clock_cycles();
  while (clock_cycles() - start < cycles) {
  }
}
#endif

} // namespace tirx
