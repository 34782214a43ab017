// Must not compile: the ctaMask of a cluster of 32 (ctaMask has 16 bits). With -DTIRX_FIXED it
// compiles (a cluster of 16; test compile_fail.nvcc.fixed).
// expected-error {{tirx::tma::cluster_mask: a cluster has at most 16 CTAs (the ctaMask of a multicast has 16 bits, one per %cluster_ctarank); name ranks 0..15}}
#include <tirx/exec/tma.hpp>

namespace tma_cluster_mask_size {
#ifndef TIRX_FIXED
constexpr int cluster = 32;
#else
constexpr int cluster = 16;
#endif
__global__ void kernel(cuda::std::uint16_t* out) { *out = tirx::tma::cluster_mask<cluster>(); }

} // namespace tma_cluster_mask_size
