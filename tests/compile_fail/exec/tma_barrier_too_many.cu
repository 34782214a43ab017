// Must not compile: a TMA barrier expecting 2^20 bytes (a phase takes fewer).
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::TMABarrier<Bytes>: a phase expects 1 to 2^20 - 1 bytes; split the boxes over more stages}}
#include <tirx/tile.hpp>

namespace tma_barrier_too_many {

__global__ void kernel(unsigned long long* out) {
  __shared__ cuda::std::uint64_t word;
#ifdef TIRX_FIXED
  out[0] = tirx::tma_barrier<256 * 256 * 2>(tirx::MBarrier(&word)).arrive();
#else
  out[0] = tirx::tma_barrier<1024 * 512 * 2>(tirx::MBarrier(&word)).arrive();
#endif
}

} // namespace tma_barrier_too_many
