// Must not compile: the slices of a cluster of 4 over a (16, 64) bf16 tile, 128-byte swizzled,
// are 4 rows (512 bytes): each must start on a swizzle atom (1024 bytes). With -DTIRX_FIXED it
// compiles (a cluster of 2: 8 rows each; test compile_fail.nvcc.fixed).
// expected-error {{tirx::tma::multicast_slice<N>: a slice must start on a swizzle atom (1024 bytes for b128, 128 unswizzled); give each CTA more rows or use fewer CTAs}}
#include <tirx/exec/tma.hpp>
#include <tirx/tile.hpp>

namespace tma_multicast_slice_atom {
using namespace tirx;

#ifndef TIRX_FIXED
constexpr int cluster = 4;
#else
constexpr int cluster = 2;
#endif
constexpr Shape whole = shape(16, 64);
constexpr Shape box = shape(16 / cluster, 64);
using Map = tensor_map_t<bfloat16, box, row_major(box) ^ swizzle_for(SwizzleMode::b128, 2)>;
__global__ void kernel(const __grid_constant__ Map map, cuda::std::uint64_t* bar) {
  auto pool = SMEMPool::dynamic();
  auto tile =
      pool.alloc<bfloat16, whole, row_major(whole) ^ swizzle_for(SwizzleMode::b128, 2), 1024>();
  const int rank = cluster_rank();
  tma::load_multicast(tma::multicast_slice<cluster>(tile, rank), map, bar,
                      tma::cluster_mask<cluster>(), rank * (16 / cluster), 0);
}

} // namespace tma_multicast_slice_atom
