// Must not compile: each CTA of a cluster of 16 would expect 16 boxes of 256 x 64 floats (1 MiB)
// on one barrier phase (fewer than 2^20 bytes). With -DTIRX_FIXED it compiles (a cluster of 8:
// 512 KiB; test compile_fail.nvcc.fixed).
// expected-error {{tirx::tma::multicast_bytes<Map, N>: a phase takes fewer than 2^20 bytes; split the tile over more stages}}
#include <tirx/exec/tma.hpp>

namespace tma_multicast_bytes_phase {
using namespace tirx;
constexpr Shape box = shape(256, 64);
using Map = tensor_map_t<float, box>;
#ifndef TIRX_FIXED
constexpr int cluster = 16;
#else
constexpr int cluster = 8;
#endif
__global__ void kernel(unsigned* out) { *out = tma::multicast_bytes<Map, cluster>; }

} // namespace tma_multicast_bytes_phase
