// PTX-text test (ptx_text_fences, sm_90a; nothing runs): one kernel per row
// of the "which fence when" table of docs/pipelines.md, each written as the
// table says, and each kernel's PTX holds its fence between the accesses it
// orders (`// ptx-entry: KERNEL REGEX`, tests/ptx/check_ptx_text.cmake; [^~]*
// spans any text, so each pattern is an order of instructions):
// clang-format off
// ptx-entry: after_mbarrier_init mbarrier\.init\.shared\.b64[^~]*fence\.mbarrier_init\.release\.cluster[^~]*bar\.sync[^~]*cp\.async\.bulk\.tensor\.2d\.shared::cluster\.global[^~]*mbarrier\.try_wait\.parity
// ptx-entry: before_tma_store st\.shared[^~]*fence\.proxy\.async\.shared::cta[^~]*bar\.sync[^~]*cp\.async\.bulk\.tensor\.2d\.global\.shared::cta
// ptx-entry: before_bulk_store st\.shared[^~]*fence\.proxy\.async\.shared::cta[^~]*bar\.sync[^~]*cp\.async\.bulk\.global\.shared::cta
// ptx-entry: before_wgmma st\.shared[^~]*fence\.proxy\.async\.shared::cta[^~]*bar\.sync[^~]*wgmma\.fence\.sync\.aligned[^~]*wgmma\.mma_async
// ptx-entry: before_tma_load_of_global_writes st\.global[^~]*fence\.proxy\.async\.global[^~]*cp\.async\.bulk\.tensor\.2d\.shared::cluster\.global
// ptx-entry: cluster_mbarrier_init mbarrier\.init\.shared\.b64[^~]*fence\.mbarrier_init\.release\.cluster[^~]*barrier\.cluster\.arrive\.relaxed[^~]*barrier\.cluster\.wait[^~]*mbarrier\.arrive\.shared::cluster\.b64
// ptx-entry: cluster_writes st\.f32[^~]*barrier\.cluster\.arrive\.release[^~]*barrier\.cluster\.wait\.acquire[^~]*ld\.shared\.f32
// ptx-entry: cluster_flag st\.f32[^~]*fence\.acq_rel\.cluster[^~]*st\.volatile\.u32
// clang-format on
#include <tirx/tile.hpp>

#include <cooperative_groups.h>

namespace fence_device_compile {

using namespace tirx;

constexpr Shape box = shape(64, 64);
constexpr TileLayout swizzled = row_major(box) ^ swizzle_for(SwizzleMode::b128, 2);
using Map = tensor_map_t<bfloat16, box, swizzled>;

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
// after mbarrier init: fence_mbarrier_init(), then cta_sync(), then the
// copies and the other threads use the barrier.
__global__ void after_mbarrier_init(const __grid_constant__ Map map, bfloat16* out) {
  auto pool = SMEMPool::dynamic();
  auto tile = pool.alloc<bfloat16, box, swizzled, Map::smem_align>();
  const MBarrier bar = alloc_barriers<1>(pool)[0];
  pool.commit();
  if (threadIdx.x == 0) {
    bar.init(1);
    fence_mbarrier_init();
  }
  cta_sync();
  if (threadIdx.x == 0) {
    (void)bar.arrive_expect_tx(Map::box_bytes);
    tma::load(tile, map, bar, 0, 0);
  }
  bar.wait(0);
  out[threadIdx.x] = tile(threadIdx.x / 64, threadIdx.x % 64);
}

// st.shared before a TMA store reads the tile: fence_proxy_async_shared()
// by every writing thread, then cta_sync(), then one thread stores.
__global__ void before_tma_store(const __grid_constant__ Map map, const bfloat16* in) {
  auto pool = SMEMPool::dynamic();
  auto tile = pool.alloc<bfloat16, box, swizzled, Map::smem_align>();
  pool.commit();
  for (int i = threadIdx.x; i < 64 * 64; i += blockDim.x)
    tile(i / 64, i % 64) = in[i];
  fence_proxy_async_shared();
  cta_sync();
  if (threadIdx.x == 0) {
    tma::store(map, tile, 0, 0);
    tma::store_commit();
    tma::store_wait<0>();
  }
}

// The same before a bulk copy to global memory reads the buffer.
__global__ void before_bulk_store(float* out) {
  __shared__ alignas(16) float buf[256];
  buf[threadIdx.x] = static_cast<float>(threadIdx.x);
  fence_proxy_async_shared();
  cta_sync();
  if (threadIdx.x == 0) {
    bulk::copy_s2g(out, buf, sizeof(buf));
    bulk::commit();
    bulk::wait<0>();
  }
}

// st.shared before wgmma reads the tiles: fence_proxy_async_shared() by
// every writing thread, a barrier of the threads, then wgmma_fence().
constexpr TileLayout stage = wgmma_smem_layout(shape(64, 64), MatrixMajor::k, SwizzleMode::b128, 2);
using Stage = Tensor<nv_bfloat16, ShapeT<64, 64>, MemScope::shared_dyn, 1024, layout_type<stage>>;
using Wgmma = ptx<"wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16">;

__global__ void before_wgmma(const nv_bfloat16* A, float* D) { // 128 threads
  extern __shared__ __align__(1024) unsigned char smem[];
  Stage a = decl_tensor<Stage>(reinterpret_cast<nv_bfloat16*>(smem));
  for (int i = threadIdx.x; i < 64 * 64; i += 128)
    a(i / 64, i % 64) = A[i];
  fence_proxy_async_shared();
  cta_sync();
  auto acc = alloc_wgmma_accumulator<float, 64>();
  wgmma_fence();
  tile::apply<Wgmma>(acc, a.sub(_, range<0, 16>), a.sub(_, range<0, 16>), scope::warpgroup,
                     tile::accumulate(false));
  wgmma_commit_group();
  wgmma_wait_group<0>(acc);
  D[threadIdx.x] = acc.data()[0];
}

// st.global before a TMA load of the same data (in this kernel):
// fence_proxy_async_global() between the writes and the load.
__global__ void before_tma_load_of_global_writes(const __grid_constant__ Map map, bfloat16* data) {
  auto pool = SMEMPool::dynamic();
  auto tile = pool.alloc<bfloat16, box, swizzled, Map::smem_align>();
  const MBarrier bar = alloc_barriers<1>(pool)[0];
  pool.commit();
  if (threadIdx.x == 0) {
    data[0] = bfloat16(1.0f); // the map's tensor
    bar.init(1);
    fence_mbarrier_init();
    fence_proxy_async_global();
    (void)bar.arrive_expect_tx(Map::box_bytes);
    tma::load(tile, map, bar, 0, 0);
    bar.wait(0);
    data[1] = tile(0, 0);
  }
}

// Across a cluster, barrier inits: fence_mbarrier_init(), then
// cluster_arrive_relaxed() and cluster_wait() before another CTA arrives.
__global__ void cluster_mbarrier_init(int* out) {
  __shared__ cuda::std::uint64_t word;
  const MBarrier bar(&word);
  if (threadIdx.x == 0) {
    bar.init(2);
    fence_mbarrier_init();
  }
  cluster_arrive_relaxed();
  cluster_wait();
  if (threadIdx.x == 0)
    bar.remote_arrive_cta(cluster_rank() ^ 1);
  bar.wait(0);
  out[threadIdx.x] = 1;
  cluster_arrive(); // no CTA leaves while the other may still arrive on its barrier
  cluster_wait();
}

// Across a cluster, plain writes into another CTA's shared memory, read
// there: cluster_arrive() (release) and cluster_wait() (acquire).
__global__ void cluster_writes(float* out) {
  namespace cg = cooperative_groups;
  __shared__ float value[128];
  float* peer = cg::this_cluster().map_shared_rank(value, cluster_rank() ^ 1);
  peer[threadIdx.x] = static_cast<float>(threadIdx.x);
  cluster_arrive();
  cluster_wait();
  out[threadIdx.x] = value[threadIdx.x];
  cluster_arrive();
  cluster_wait();
}

// Across a cluster, writes published by a relaxed flag:
// fence_acq_rel<FenceScope::cluster>() between the data and the flag.
__global__ void cluster_flag(float v) {
  namespace cg = cooperative_groups;
  __shared__ float data;
  __shared__ unsigned flag;
  const unsigned peer = cluster_rank() ^ 1;
  *cg::this_cluster().map_shared_rank(&data, peer) = v;
  fence_acq_rel<FenceScope::cluster>();
  *static_cast<volatile unsigned*>(cg::this_cluster().map_shared_rank(&flag, peer)) = 1u;
}
#endif

} // namespace fence_device_compile
