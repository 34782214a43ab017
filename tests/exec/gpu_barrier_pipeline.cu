// GPU test of exec/barrier.hpp, pipeline.hpp, sync.hpp, specialize.hpp and
// scheduler.hpp (label gpu), built for sm_90a only; on seeded random data,
// the outputs poisoned first, every element checked against a host
// reference:
//   - tx: an mbarrier completed by transaction bytes: a producer warp's
//     plain stores + fence + complete_tx against arrive_expect_tx, and
//     against expect_tx + arrive(count); an arrive/wait_token barrier of the
//     whole CTA; inval and init again with another count;
//   - ring: a 4-stage full/empty BarrierRing over 96 stages (24 phase flips
//     per barrier), one producer warp and two consumer warps, the stages
//     filled by a bulk copy (cp.async.bulk, completing a TMABarrier), by
//     stores + complete_tx, or by stores + producer_commit;
//   - ws: a warp-specialized kernel of 3 warpgroups (384 threads), the
//     producer at setmaxnreg_dec<40>, the consumers at setmaxnreg_inc<232>,
//     a 4-stage ring over 80 stages, each consumer warpgroup syncing on its
//     own named barrier before one thread releases the stage;
//   - named: two warpgroups handing a buffer back and forth with
//     named_barrier_arrive / named_barrier_sync, and each syncing on its own;
//   - reduce: named_barrier_or / named_barrier_and over each of two
//     warpgroups, on rounds with no true predicate, one (on a random
//     thread), random ones, and all, every thread's result against its
//     warpgroup's OR and AND;
//   - elect: elect_sync elects exactly one lane per warp, the same for all
//     lanes, and one of the mask's lanes for a partial mask;
//   - cluster: clusters of 2 and 4, each CTA writing into every CTA's shared
//     memory and arriving on its barrier (remote_arrive), 16 rounds
//     separated by cluster_arrive / cluster_wait;
//   - scheduler: TileScheduler::persistent on the device (grouped, ClusterM 1
//     and 2 in clusters of 2), every tile once, owned by the CTA the host
//     walk predicts;
//   - griddep: a dependent kernel launched early (programmatic stream
//     serialization) waits in griddep_wait for the whole primary.
// Debug checks are on (a wait that never completes traps after 60 s
// instead of hanging). Exit 0: all passed; 1: a case failed; 77: no GPU or
// one older than sm_90 (ctest: skipped).
#define TIRX_DEBUG_CHECKS 1
#define TIRX_WAIT_TIMEOUT_NS 60000000000ull

#include "support/device_buffer.hpp"
#include "support/expect.hpp"
#include "support/gpu_check.hpp"

#include <tirx/tile.hpp>

#include <cooperative_groups.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

namespace {

using namespace tirx;
using tirx_test::DeviceBuffer;
using tirx_test::expect;

// -- tx: transaction bytes and arrival tokens --------------------------------------
__global__ void tx_kernel(const float* in, float* out, int* flags) {
  __shared__ alignas(16) float data[3][128];
  __shared__ alignas(8) cuda::std::uint64_t words[3];
  const MBarrier a(words + 0), b(words + 1), c(words + 2);
  const unsigned t = threadIdx.x, lane = t % 32;
  if (t == 0) {
    a.init(1);
    b.init(32);
    c.init(64);
  }
  cta_sync();
  if (t < 32) { // producer warp
    // a: one arrival announcing 512 bytes, then 32 x 16 bytes completed
    if (lane == 0)
      (void)a.arrive_expect_tx(512);
    __syncwarp();
    for (int j = 0; j < 4; ++j)
      data[0][lane * 4 + j] = in[lane * 4 + j];
    fence_acq_rel<FenceScope::cta>(); // the stores before the relaxed complete_tx
    a.complete_tx(16);
    // b: 512 bytes announced without arriving, then 32 arrivals at once
    if (lane == 0)
      b.expect_tx(512);
    __syncwarp();
    for (int j = 0; j < 4; ++j)
      data[1][lane * 4 + j] = in[128 + lane * 4 + j];
    fence_acq_rel<FenceScope::cta>();
    b.complete_tx(16);
    __syncwarp();
    if (lane == 0)
      (void)b.arrive(32);
    for (int j = 0; j < 4; ++j)
      data[2][lane * 4 + j] = in[256 + lane * 4 + j];
  } else { // consumer warp
    a.wait(0);
    for (int j = 0; j < 4; ++j)
      out[lane * 4 + j] = data[0][lane * 4 + j];
    b.wait(0);
    for (int j = 0; j < 4; ++j)
      out[128 + lane * 4 + j] = data[1][lane * 4 + j];
  }
  // c: every thread arrives and waits on its token
  const cuda::std::uint64_t token = c.arrive();
  c.wait_token(token);
  flags[t] = c.test_wait(token) ? 1 : 0;
  if (t >= 32)
    for (int j = 0; j < 4; ++j)
      out[256 + lane * 4 + j] = data[2][lane * 4 + j];
  // inval, then the same word as a barrier of count 2
  cta_sync();
  if (t == 0) {
    a.inval();
    a.init(2);
  }
  cta_sync();
  if (lane == 0)
    (void)a.arrive(); // lanes 0 of both warps
  a.wait(0);
  // phase 0 complete, phase 1 (parity 1) open
  flags[64 + t] = (a.test_wait_parity(0) ? 1 : 0) + (a.test_wait_parity(1) ? 0 : 2);
}

// -- ring: a 4-stage full/empty ring, three ways to fill a stage -------------------
constexpr int ring_stages = 4, stage_floats = 256;
enum class Fill { bulk_copy, complete_tx, commit };

struct RingPlan {
  BarrierRing<ring_stages> ring;
  float* stages;
};
/// The ring's barriers and its stages (1024 bytes each), in the kernel and in
/// smem_bytes(ring_plan) for the launch.
TIRX_HD constexpr RingPlan ring_plan(SMEMPool& pool) {
  auto ring = BarrierRing<ring_stages>::alloc(pool);
  auto stages = pool.alloc<float, shape(ring_stages, stage_floats),
                           row_major(shape(ring_stages, stage_floats)), 128>();
  pool.commit();
  return RingPlan{ring, stages.data()};
}
constexpr unsigned long long ring_bytes = smem_bytes(ring_plan);
static_assert(ring_bytes == 128 + ring_stages * stage_floats * 4);

template <Fill F> __global__ void ring_kernel(const float* in, float* out, int iters) {
  auto pool = SMEMPool::dynamic();
  const auto [ring, stages] = ring_plan(pool);
  const unsigned t = threadIdx.x, warp = t / 32, lane = t % 32;
  if (t == 0) {
    ring.init(F == Fill::commit ? 32 : 1, 2); // full: the producer's arrivals; empty: 2 warps
    fence_mbarrier_init();                    // the inits, seen by the bulk copies
  }
  cta_sync();
  PipelineState<ring_stages> st;
  if (warp == 0) {
    for (int it = 0; it < iters; ++it, st.advance()) {
      ring.producer_acquire(st);
      float* stage = stages + st.index * stage_floats;
      const float* src = in + static_cast<long long>(it) * stage_floats;
      if constexpr (F == Fill::bulk_copy) {
        if (lane == 0) {
          ring.producer_commit_tx<stage_floats * 4>(st);
          cuda::ptx::cp_async_bulk(cuda::ptx::space_cluster, cuda::ptx::space_global, stage, src,
                                   stage_floats * 4, ring.full(st.index).ptr());
        }
      } else {
        if (F == Fill::complete_tx && lane == 0)
          ring.producer_commit_tx<stage_floats * 4>(st);
        for (int j = 0; j < 8; ++j)
          stage[lane * 8 + j] = src[lane * 8 + j];
        if constexpr (F == Fill::complete_tx) {
          fence_acq_rel<FenceScope::cta>();
          ring.full(st.index).complete_tx(32);
        } else {
          ring.producer_commit(st);
        }
      }
    }
  } else {
    const int half = static_cast<int>(warp) - 1;
    for (int it = 0; it < iters; ++it, st.advance()) {
      ring.consumer_wait(st);
      const float* stage = stages + st.index * stage_floats + half * 128;
      float* dst = out + static_cast<long long>(it) * stage_floats + half * 128;
      for (int j = 0; j < 4; ++j)
        dst[lane * 4 + j] = stage[lane * 4 + j] * 3.0f + static_cast<float>(it);
      __syncwarp();
      if (lane == 0)
        ring.consumer_release(st);
    }
  }
}

// -- ws: three warpgroups, setmaxnreg, named barriers per consumer warpgroup -------
__global__ void __launch_bounds__(384, 1) ws_kernel(const float* in, float* out, int iters) {
  auto pool = SMEMPool::dynamic();
  const auto [ring, stages] = ring_plan(pool);
  const unsigned t = threadIdx.x, group = t / 128, tt = t % 128;
  if (t == 0)
    ring.init(128, 2);
  cta_sync();
  PipelineState<ring_stages> st;
  if (group == 0) {
    setmaxnreg_dec<40>();
    for (int it = 0; it < iters; ++it, st.advance()) {
      ring.producer_acquire(st);
      float* stage = stages + st.index * stage_floats;
      for (int j = 0; j < 2; ++j)
        stage[tt * 2 + j] = in[static_cast<long long>(it) * stage_floats + tt * 2 + j];
      ring.producer_commit(st);
    }
  } else {
    setmaxnreg_inc<232>();
    const int half = static_cast<int>(group) - 1;
    for (int it = 0; it < iters; ++it, st.advance()) {
      ring.consumer_wait(st);
      const float v = stages[st.index * stage_floats + half * 128 + tt];
      out[static_cast<long long>(it) * stage_floats + half * 128 + tt] =
          v * 2.0f - static_cast<float>(it);
      named_barrier_sync(1 + half, 128); // the warpgroup has read the stage
      if (tt == 0)
        ring.consumer_release(st);
    }
  }
}

// -- named: two warpgroups hand a buffer back and forth -----------------------------
// [snippet:named-barrier-reduce]
/// Round r: thread t passes pred[r * 256 + t] to named_barrier_or and to
/// named_barrier_and on barriers of its own warpgroup (1 + t / 128 and
/// 3 + t / 128); every thread of the warpgroup gets the same answer.
__global__ void reduce_kernel(const int* pred, int* any, int* all, int rounds) {
  const unsigned t = threadIdx.x, group = t / 128;
  for (int r = 0; r < rounds; ++r) {
    const bool p = pred[r * 256 + t] != 0;
    any[r * 256 + t] = named_barrier_or(1 + group, 128, p) ? 1 : 0;
    all[r * 256 + t] = named_barrier_and(3 + group, 128, p) ? 1 : 0;
  }
}
// [/snippet]

__global__ void named_kernel(const float* in, float* out, float* own, int rounds) {
  __shared__ float buf[128];
  __shared__ float mine[256];
  const unsigned t = threadIdx.x, group = t / 128, tt = t % 128;
  for (int r = 0; r < rounds; ++r) {
    if (group == 0) {
      if (r > 0)
        named_barrier_sync(3, 256); // warpgroup 1 has read the previous round
      buf[tt] = in[r * 128 + tt];
      named_barrier_arrive(1, 256);
    } else {
      named_barrier_sync(1, 256);
      const float v = buf[127 - tt];
      if (r + 1 < rounds)
        named_barrier_arrive(3, 256);
      out[r * 128 + tt] = v;
    }
    // each warpgroup on its own barrier: a neighbour's value of this round
    mine[t] = static_cast<float>(r * 1000 + static_cast<int>(t));
    named_barrier_sync(5 + group, 128);
    own[r * 256 + t] = mine[group * 128 + (tt + 1) % 128];
    named_barrier_sync(5 + group, 128);
  }
}

// -- elect -------------------------------------------------------------------------
__global__ void elect_kernel(int* lanes, int* counts, int* lanes_odd, int* counts_odd) {
  const unsigned t = threadIdx.x, warp = t / 32, lane = t % 32;
  const Elected e = elect_sync();
  lanes[t] = static_cast<int>(e.lane) + (e.elected && e.lane == lane ? 1000 : 0);
  if (e.elected)
    atomicAdd(&counts[warp], 1);
  if (lane % 2 == 1) {
    const Elected o = elect_sync(0xAAAAAAAAu);
    lanes_odd[t] = static_cast<int>(o.lane) + (o.elected && o.lane == lane ? 1000 : 0);
    if (o.elected)
      atomicAdd(&counts_odd[warp], 1);
  }
}

// -- cluster: remote arrive, barrier.cluster ----------------------------------------
__global__ void cluster_kernel(const int* in, int* out, int rounds) {
  namespace cg = cooperative_groups;
  __shared__ int slots[16];
  __shared__ alignas(8) cuda::std::uint64_t word;
  const MBarrier bar(&word);
  const unsigned ctas = cuda::ptx::get_sreg_cluster_nctarank();
  const unsigned rank = static_cast<unsigned>(cluster_rank());
  const unsigned cluster = blockIdx.x / ctas, t = threadIdx.x;
  if (t == 0) {
    bar.init(ctas); // every CTA, this one too, arrives once per round
    fence_mbarrier_init();
  }
  cluster_arrive_relaxed(); // every CTA has started and initialized its barrier
  cluster_wait();
  cg::cluster_group group = cg::this_cluster();
  for (int r = 0; r < rounds; ++r) {
    if (r > 0)
      cluster_wait(); // every CTA has read its slots of the previous round
    if (t < ctas) {   // thread k writes this CTA's value into CTA k, then arrives there
      int* remote = group.map_shared_rank(slots, t);
      remote[rank] = in[(static_cast<int>(cluster) * rounds + r) * 16 + static_cast<int>(rank)];
      bar.remote_arrive(t);
    }
    bar.wait_cluster(static_cast<unsigned>(r) & 1u);
    if (t < ctas)
      out[((static_cast<int>(cluster) * rounds + r) * 16 + static_cast<int>(rank)) * 16 +
          static_cast<int>(t)] = slots[t];
    cluster_arrive();
  }
  cluster_wait(); // no CTA leaves while another may still write its slots
}

// -- scheduler on the device -------------------------------------------------------
template <int ClusterM>
__global__ void sched_kernel(int* visits, int* owner, int m_tiles, int n_tiles, int batch) {
  if (threadIdx.x != 0)
    return;
  for (auto s = TileScheduler<TileOrder::grouped, 8, ClusterM>::persistent(m_tiles, n_tiles, batch);
       !s.done(); s.next()) {
    const int tile = (s.batch_index() * m_tiles + s.tile_m()) * n_tiles + s.tile_n();
    atomicAdd(&visits[tile], 1);
    owner[tile] = static_cast<int>(blockIdx.x);
  }
}

// -- griddepcontrol ----------------------------------------------------------------
__global__ void primary_kernel(int* buf, int n, int salt) {
  griddep_launch_dependents(); // the dependent may start now; griddep_wait holds it
  for (int i = static_cast<int>(threadIdx.x); i < n; i += static_cast<int>(blockDim.x)) {
    int v = i;
    for (int k = 0; k < 2000; ++k) // slow on purpose
      v = v * 1664525 + 1013904223 + salt;
    buf[i] = v;
  }
}
__global__ void dependent_kernel(const int* buf, int* out, int n) {
  griddep_wait();
  for (int i = static_cast<int>(threadIdx.x); i < n; i += static_cast<int>(blockDim.x))
    out[i] = buf[i] + 1;
}

std::vector<float> whole_floats(std::mt19937& rng, size_t n) {
  std::uniform_int_distribution<int> d(-2000, 2000);
  std::vector<float> v(n);
  for (float& x : v)
    x = static_cast<float>(d(rng)) * 0.5f;
  return v;
}

void check_floats(const char* what, const std::vector<float>& got, const std::vector<float>& want) {
  int shown = 0;
  for (size_t i = 0; i < want.size(); ++i)
    if (!expect(got[i] == want[i]) && shown++ < 8)
      std::printf("FAIL %s: element %zu is %g, expected %g\n", what, i, got[i], want[i]);
}

template <Fill F> void run_ring(std::mt19937& rng, const char* what) {
  const int iters = 96;
  const auto in = whole_floats(rng, static_cast<size_t>(iters) * stage_floats);
  DeviceBuffer<float> din(in.size()), dout(in.size());
  din.upload(in);
  dout.poison();
  LaunchConfig cfg;
  cfg.block = dim3(96);
  cfg.smem = ring_bytes;
  TIRX_CHECK_CUDA(launch(cfg, ring_kernel<F>, din.ptr, dout.ptr, iters));
  TIRX_CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<float> want(in.size());
  for (size_t i = 0; i < in.size(); ++i)
    want[i] = in[i] * 3.0f + static_cast<float>(i / stage_floats);
  check_floats(what, dout.download(), want);
}

void run_cluster(std::mt19937& rng, int ctas) {
  const int clusters = 4, rounds = 16;
  std::vector<int> in(static_cast<size_t>(clusters) * rounds * 16);
  for (int& x : in)
    x = static_cast<int>(rng() % 1000000);
  DeviceBuffer<int> din(in.size()), dout(in.size() * 16);
  din.upload(in);
  dout.poison();
  LaunchConfig cfg;
  cfg.grid = dim3(clusters * ctas);
  cfg.block = dim3(64);
  cfg.cluster = dim3(ctas);
  TIRX_CHECK_CUDA(launch(cfg, cluster_kernel, din.ptr, dout.ptr, rounds));
  TIRX_CHECK_CUDA(cudaDeviceSynchronize());
  const auto out = dout.download();
  int shown = 0;
  for (int c = 0; c < clusters; ++c)
    for (int r = 0; r < rounds; ++r)
      for (int k = 0; k < ctas; ++k)     // the CTA that read
        for (int s = 0; s < ctas; ++s) { // the CTA that wrote slot s
          const int got = out[static_cast<size_t>(((c * rounds + r) * 16 + k) * 16 + s)];
          const int want = in[static_cast<size_t>((c * rounds + r) * 16 + s)];
          if (!expect(got == want) && shown++ < 8)
            std::printf(
                "FAIL cluster of %d: cluster %d round %d CTA %d slot %d is %d, expected %d\n", ctas,
                c, r, k, s, got, want);
        }
}

template <int ClusterM> void run_sched(int m_tiles, int n_tiles, int batch, int grid) {
  const size_t tiles = static_cast<size_t>(m_tiles) * n_tiles * batch;
  DeviceBuffer<int> visits(tiles), owner(tiles);
  visits.fill_bytes(0);
  owner.poison();
  LaunchConfig cfg;
  cfg.grid = dim3(grid);
  cfg.block = dim3(32);
  cfg.cluster = dim3(ClusterM);
  TIRX_CHECK_CUDA(
      launch(cfg, sched_kernel<ClusterM>, visits.ptr, owner.ptr, m_tiles, n_tiles, batch));
  TIRX_CHECK_CUDA(cudaDeviceSynchronize());
  // the host walk of the same scheduler says which CTA owns which tile
  std::vector<int> want(tiles, -1);
  for (int cta = 0; cta < grid; ++cta)
    for (TileScheduler<TileOrder::grouped, 8, ClusterM> s(m_tiles, n_tiles, batch, cta / ClusterM,
                                                          grid / ClusterM, cta % ClusterM);
         !s.done(); s.next())
      want[static_cast<size_t>((s.batch_index() * m_tiles + s.tile_m()) * n_tiles + s.tile_n())] =
          cta;
  const auto v = visits.download(), o = owner.download();
  int shown = 0;
  for (size_t i = 0; i < tiles; ++i)
    if (!expect(v[i] == 1 && o[i] == want[i]) && shown++ < 8)
      std::printf("FAIL scheduler ClusterM %d grid %d: tile %zu visited %d times, by CTA %d, "
                  "expected once by %d\n",
                  ClusterM, grid, i, v[i], o[i], want[i]);
}

} // namespace

int main(int argc, char** argv) {
  if (int rc = tirx_test_require_gpu())
    return rc;
  cudaDeviceProp prop{};
  TIRX_CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  if (prop.major < 9) {
    std::printf("gpu_barrier_pipeline: sm_%d%d is older than sm_90: test skipped\n", prop.major,
                prop.minor);
    return 77;
  }
  const unsigned seed =
      argc > 1 ? static_cast<unsigned>(std::strtoul(argv[1], nullptr, 10)) : std::random_device{}();
  std::printf("gpu_barrier_pipeline: seed %u (replay: gpu_barrier_pipeline %u)\n", seed, seed);
  std::mt19937 rng(seed);

  { // tx
    const auto in = whole_floats(rng, 384);
    DeviceBuffer<float> din(384), dout(384);
    DeviceBuffer<int> flags(128);
    din.upload(in);
    dout.poison();
    flags.poison();
    tx_kernel<<<1, 64>>>(din.ptr, dout.ptr, flags.ptr);
    TIRX_CHECK_LAUNCH("tx_kernel");
    check_floats("tx (complete_tx, expect_tx + arrive(count), arrive/wait_token)", dout.download(),
                 in);
    const auto f = flags.download();
    for (int t = 0; t < 128; ++t)
      if (!expect(f[static_cast<size_t>(t)] == (t < 64 ? 1 : 3)))
        std::printf("FAIL tx flags: thread %d flag %d is %d\n", t % 64, t / 64,
                    f[static_cast<size_t>(t)]);
  }
  run_ring<Fill::bulk_copy>(rng, "ring, bulk copy + TMABarrier");
  run_ring<Fill::complete_tx>(rng, "ring, stores + complete_tx");
  run_ring<Fill::commit>(rng, "ring, stores + producer_commit");
  { // ws
    const int iters = 80;
    const auto in = whole_floats(rng, static_cast<size_t>(iters) * stage_floats);
    DeviceBuffer<float> din(in.size()), dout(in.size());
    din.upload(in);
    dout.poison();
    LaunchConfig cfg;
    cfg.block = dim3(384);
    cfg.smem = ring_bytes;
    TIRX_CHECK_CUDA(launch(cfg, ws_kernel, din.ptr, dout.ptr, iters));
    TIRX_CHECK_CUDA(cudaDeviceSynchronize());
    std::vector<float> want(in.size());
    for (size_t i = 0; i < in.size(); ++i)
      want[i] = in[i] * 2.0f - static_cast<float>(i / stage_floats);
    check_floats("ws (setmaxnreg, 3 warpgroups)", dout.download(), want);
  }
  { // named
    const int rounds = 32;
    const auto in = whole_floats(rng, static_cast<size_t>(rounds) * 128);
    DeviceBuffer<float> din(in.size()), dout(in.size()), down(static_cast<size_t>(rounds) * 256);
    din.upload(in);
    dout.poison();
    down.poison();
    named_kernel<<<1, 256>>>(din.ptr, dout.ptr, down.ptr, rounds);
    TIRX_CHECK_LAUNCH("named_kernel");
    std::vector<float> want(in.size()), want_own(static_cast<size_t>(rounds) * 256);
    for (int r = 0; r < rounds; ++r) {
      for (int i = 0; i < 128; ++i)
        want[static_cast<size_t>(r * 128 + i)] = in[static_cast<size_t>(r * 128 + 127 - i)];
      for (int t = 0; t < 256; ++t)
        want_own[static_cast<size_t>(r * 256 + t)] =
            static_cast<float>(r * 1000 + (t / 128) * 128 + (t % 128 + 1) % 128);
    }
    check_floats("named barriers between warpgroups", dout.download(), want);
    check_floats("named barriers within a warpgroup", down.download(), want_own);
  }
  { // reduce
    const int rounds = 64;
    std::vector<int> pred(static_cast<size_t>(rounds) * 256);
    std::uniform_int_distribution<int> thread(0, 255), coin(0, 1);
    for (int r = 0; r < rounds; ++r) {
      const int one = thread(rng); // round kinds: none, one thread, random, all
      for (int t = 0; t < 256; ++t)
        pred[static_cast<size_t>(r * 256 + t)] = r % 4 == 0   ? 0
                                                 : r % 4 == 1 ? t == one
                                                 : r % 4 == 2 ? coin(rng)
                                                              : 1;
    }
    DeviceBuffer<int> dpred(pred.size()), dany(pred.size()), dall(pred.size());
    dpred.upload(pred);
    dany.poison();
    dall.poison();
    reduce_kernel<<<1, 256>>>(dpred.ptr, dany.ptr, dall.ptr, rounds);
    TIRX_CHECK_LAUNCH("reduce_kernel");
    const auto any = dany.download(), all = dall.download();
    int wrong = 0;
    for (int r = 0; r < rounds; ++r)
      for (int g = 0; g < 2; ++g) {
        int want_any = 0, want_all = 1;
        for (int t = 0; t < 128; ++t) {
          want_any |= pred[static_cast<size_t>(r * 256 + g * 128 + t)];
          want_all &= pred[static_cast<size_t>(r * 256 + g * 128 + t)];
        }
        for (int t = 0; t < 128; ++t) {
          const size_t at = static_cast<size_t>(r * 256 + g * 128 + t);
          if (any[at] != want_any || all[at] != want_all)
            ++wrong;
        }
      }
    if (!expect(wrong == 0))
      std::printf("FAIL named_barrier_or / named_barrier_and: %d results wrong\n", wrong);
    else
      std::printf("PASS named_barrier_or / named_barrier_and (%d rounds, 2 warpgroups)\n", rounds);
  }
  { // elect
    DeviceBuffer<int> lanes(128), counts(4), lanes_odd(128), counts_odd(4);
    lanes.poison();
    lanes_odd.poison();
    counts.fill_bytes(0);
    counts_odd.fill_bytes(0);
    elect_kernel<<<1, 128>>>(lanes.ptr, counts.ptr, lanes_odd.ptr, counts_odd.ptr);
    TIRX_CHECK_LAUNCH("elect_kernel");
    const auto l = lanes.download(), c = counts.download(), lo = lanes_odd.download(),
               co = counts_odd.download();
    for (int w = 0; w < 4; ++w) {
      if (!expect(c[static_cast<size_t>(w)] == 1 && co[static_cast<size_t>(w)] == 1))
        std::printf("FAIL elect: warp %d elected %d lanes (odd mask: %d), expected 1\n", w,
                    c[static_cast<size_t>(w)], co[static_cast<size_t>(w)]);
      const int leader = l[static_cast<size_t>(w * 32)] % 1000;
      const int leader_odd = lo[static_cast<size_t>(w * 32 + 1)] % 1000;
      expect(leader >= 0 && leader < 32 && leader_odd % 2 == 1);
      for (int lane = 0; lane < 32; ++lane) {
        const int got = l[static_cast<size_t>(w * 32 + lane)];
        const int want = leader + (lane == leader ? 1000 : 0); // the elected lane says so itself
        if (!expect(got == want))
          std::printf("FAIL elect: warp %d lane %d says %d, expected %d\n", w, lane, got, want);
        if (lane % 2 == 1) {
          const int got_odd = lo[static_cast<size_t>(w * 32 + lane)];
          const int want_odd = leader_odd + (lane == leader_odd ? 1000 : 0);
          if (!expect(got_odd == want_odd))
            std::printf("FAIL elect odd mask: warp %d lane %d says %d, expected %d\n", w, lane,
                        got_odd, want_odd);
        }
      }
    }
  }
  run_cluster(rng, 2);
  run_cluster(rng, 4);
  run_sched<1>(24, 10, 2, 7);
  run_sched<1>(16, 16, 1, 132);
  run_sched<2>(24, 10, 2, 8);
  run_sched<2>(32, 7, 1, 132);
  { // griddep
    const int n = 4096;
    const int salt = static_cast<int>(rng() % 1000);
    DeviceBuffer<int> buf(n), out(n);
    buf.poison();
    out.poison();
    primary_kernel<<<1, 256>>>(buf.ptr, n, salt);
    cudaLaunchConfig_t cfg{};
    cfg.gridDim = dim3(1);
    cfg.blockDim = dim3(256);
    cudaLaunchAttribute attr{};
    attr.id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attr.val.programmaticStreamSerializationAllowed = 1;
    cfg.attrs = &attr;
    cfg.numAttrs = 1;
    TIRX_CHECK_CUDA(
        cudaLaunchKernelEx(&cfg, dependent_kernel, static_cast<const int*>(buf.ptr), out.ptr, n));
    TIRX_CHECK_CUDA(cudaDeviceSynchronize());
    const auto o = out.download();
    int shown = 0;
    for (int i = 0; i < n; ++i) {
      int v = i;
      for (int k = 0; k < 2000; ++k)
        v = v * 1664525 + 1013904223 + salt;
      if (!expect(o[static_cast<size_t>(i)] == v + 1) && shown++ < 8)
        std::printf("FAIL griddep: element %d is %d, expected %d\n", i, o[static_cast<size_t>(i)],
                    v + 1);
    }
  }
  return tirx_test::summary("gpu_barrier_pipeline");
}
