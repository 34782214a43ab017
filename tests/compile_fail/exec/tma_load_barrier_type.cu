// Must not compile: tma::load given the whole BarrierRing instead of one stage's barrier.
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed): ring.full(stage).
// expected-error {{tirx::tma::load: the barrier is not an mbarrier; pass a tirx::MBarrier (ring.full(stage), bars[i]), a TMABarrier or the barrier word's cuda::std::uint64_t*}}
#include <tirx/tile.hpp>

namespace tma_load_barrier_type {
using namespace tirx;

constexpr Shape box = shape(64, 64);
using Map = tensor_map_t<bfloat16, box>;

__global__ void kernel(const __grid_constant__ Map map) {
  auto pool = SMEMPool::dynamic();
  auto tile = pool.alloc<bfloat16, box, row_major(box), Map::smem_align>();
  const auto ring = BarrierRing<2>::alloc(pool);
  pool.commit();
#if __CUDA_ARCH__ >= 900
#ifndef TIRX_FIXED
  tma::load(tile, map, ring, 0, 0);
#else
  tma::load(tile, map, ring.full(0), 0, 0);
#endif
#else
  (void)map, (void)tile, (void)ring;
#endif
}

} // namespace tma_load_barrier_type
