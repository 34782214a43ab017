// Device-compile test (building is the test, for sm_80, sm_90a and sm_100a):
// every barrier, pipeline, fence, specialization and scheduler call compiles
// for each target, the sm_90-only ones behind #if __CUDA_ARCH__ >= 900 (for
// sm_80 they are compile-time errors: tests/compile_fail/exec/*_sm80.cu).
#include <tirx/tile.hpp>

namespace barrier_device_compile {

using namespace tirx;

TIRX_HD constexpr BarrierRing<4> plan(SMEMPool& pool) {
  auto ring = BarrierRing<4>::alloc(pool);
  pool.commit();
  return ring;
}

__global__ void __launch_bounds__(384, 1) every_call(int* out, unsigned long long* tokens) {
  auto pool = SMEMPool::dynamic();
  const BarrierRing<4> ring = plan(pool);
  __shared__ cuda::std::uint64_t words[2];
  const MBarrier bar(words), other(words + 1);
  if (threadIdx.x == 0) {
    ring.init(1, 2);
    bar.init(384);
    other.init(1);
    fence_mbarrier_init(); // every target (empty below sm_90)
  }
  cta_sync();
  PipelineState<4> st;
  ring.producer_acquire(st);
  ring.producer_commit(st);
  ring.consumer_wait(st);
  ring.consumer_release(st);
  st.advance();
  const cuda::std::uint64_t token = bar.arrive();
  tokens[threadIdx.x] = token + bar.smem_addr();
  bar.wait_token(token);
  out[threadIdx.x] =
      bar.test_wait(token) + bar.try_wait(token) + bar.test_wait_parity(0) + bar.try_wait_parity(1);
  bar.wait(0);
  const Elected e = elect_sync();
  named_barrier_sync(1, 384);
  named_barrier_arrive(2, 64);
  fence_acq_rel<FenceScope::cta>();
  fence_acq_rel<FenceScope::gpu>();
  fence_acq_rel<FenceScope::sys>();
  griddep_wait();
  griddep_launch_dependents();
  auto sched = TileScheduler<TileOrder::grouped, 8>::persistent(16, 16, 2);
  out[threadIdx.x] += static_cast<int>(e.lane) + sched.tile_m() + sched.tile_n();
#if __CUDA_ARCH__ >= 900
  if (threadIdx.x < 128) {
    setmaxnreg_dec<40>();
    ring.producer_commit_tx<1024>(st);
    ring.producer_acquire_cluster(st);
  } else {
    setmaxnreg_inc<232>();
    ring.consumer_wait_cluster(st);
    ring.consumer_release_remote(st, 0);
    ring.consumer_release_remote_cta(st, 1);
  }
  (void)other.arrive(1);
  (void)other.arrive_expect_tx(64);
  other.expect_tx(16);
  other.complete_tx(16);
  other.wait_cluster(0);
  other.remote_arrive(0);
  other.remote_arrive_cta(1, 2);
  tokens[0] = other.cluster_addr(0);
  (void)tma_barrier<tma_bytes<float>(64 * 64)>(other).arrive();
  fence_proxy_async();
  fence_proxy_async_shared();
  fence_proxy_async_global();
  fence_acq_rel<FenceScope::cluster>();
  cluster_arrive();
  cluster_wait();
  cluster_arrive_relaxed();
  cluster_wait();
  auto clustered = TileScheduler<TileOrder::linear, 1, 2>::persistent(16, 16);
  out[0] = clustered.tile_m();
#endif
  if (threadIdx.x == 0)
    bar.inval();
}

} // namespace barrier_device_compile
