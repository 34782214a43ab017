// Must not compile: a TMA barrier expecting bytes that are no whole 16-byte units.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::TMABarrier<Bytes>: TMA boxes are whole 16-byte units; the byte count must be a multiple of 16}}
#include <tirx/tile.hpp>

namespace tma_barrier_bytes {

__global__ void kernel(unsigned long long* out) {
  __shared__ cuda::std::uint64_t word;
#ifdef TIRX_FIXED
  out[0] = tirx::tma_barrier<64 * 64 * 2>(tirx::MBarrier(&word)).arrive();
#else
  out[0] = tirx::tma_barrier<63 * 63 * 2>(tirx::MBarrier(&word)).arrive();
#endif
}

} // namespace tma_barrier_bytes
