// The code of docs/pipelines.md. Each region between `// [snippet:NAME]`
// and `// [/snippet]` is shown verbatim in the guide; tests/tools/check_doc_snippets.py
// keeps the two in sync. Built for sm_90a only (bulk copies, clusters,
// setmaxnreg); `ctest -L gpu` runs every kernel on seeded random data and
// checks its output against a host reference (exit 77, "skipped", without
// a GPU or on one older than sm_90).
#include <tirx/tile.hpp>

#include "../../examples/example_util.hpp"
#include <tirx/host/cuda_check.hpp>

#include <cooperative_groups.h>

#include <cstdio>
#include <vector>

using namespace tirx;

// [snippet:tma-barrier]
constexpr int box_floats = 64 * 32;                          // one 8 KiB box
constexpr unsigned box_bytes = tma_bytes<float>(box_floats); // what the barrier expects

__global__ void scale_box(const float* in, float* out, float factor) { // 128 threads
  __shared__ alignas(128) float box[box_floats];
  __shared__ alignas(8) cuda::std::uint64_t word;
  const MBarrier bar(&word);
  if (threadIdx.x == 0) {
    bar.init(1);           // one arrival: the thread that starts the copy
    fence_mbarrier_init(); // the init, seen by the copy and the other threads
  }
  cta_sync();
  if (threadIdx.x == 0) {
    const auto tma = tma_barrier<box_bytes>(bar);
    (void)tma.arrive(); // arrive.expect_tx(8192)
    bulk::copy_g2s(box, in + blockIdx.x * box_floats, tma.bytes(), bar);
  }
  bar.wait(0); // phase 0 completes when the 8192 bytes have landed
  for (int i = static_cast<int>(threadIdx.x); i < box_floats; i += 128)
    out[blockIdx.x * box_floats + i] = box[i] * factor;
}
// [/snippet]

// [snippet:barrier-of-a-copy]
// What the copies take as their barrier: an MBarrier (also a ring's
// full(stage)), a TMABarrier, or the word's uint64_t*; not the ring itself.
static_assert(is_barrier_v<MBarrier> && is_barrier_v<TMABarrier<box_bytes>> &&
              is_barrier_v<cuda::std::uint64_t*> && !is_barrier_v<BarrierRing<2>>);

// One thread copies three boxes in turn, completing on the same barrier
// given as an MBarrier, as a TMABarrier and as its word (launch 1 thread).
__global__ void three_barrier_kinds(const float* in, float* out) {
  __shared__ alignas(128) float box[box_floats];
  __shared__ alignas(8) cuda::std::uint64_t word;
  const MBarrier bar(&word);
  bar.init(1);
  fence_mbarrier_init();
  const auto tma = tma_barrier<box_bytes>(bar);
  for (int phase = 0; phase < 3; ++phase) {
    (void)tma.arrive();
    const float* src = in + phase * box_floats;
    if (phase == 0)
      bulk::copy_g2s(box, src, box_bytes, bar); // the MBarrier
    else if (phase == 1)
      bulk::copy_g2s(box, src, box_bytes, tma); // the TMABarrier: its bar
    else
      bulk::copy_g2s(box, src, box_bytes, barrier_word(bar)); // the word
    bar.wait(phase % 2);
    for (int i = 0; i < box_floats; ++i)
      out[phase * box_floats + i] = box[i];
  }
}
// [/snippet]

// [snippet:stores-and-tx]
__global__ void handoff(const float* in, float* out) { // 64 threads: a producer and a consumer warp
  __shared__ alignas(16) float data[128];
  __shared__ alignas(8) cuda::std::uint64_t words[2];
  const MBarrier filled(words), done(words + 1);
  const unsigned lane = threadIdx.x % 32;
  if (threadIdx.x == 0) {
    filled.init(1);
    done.init(64);
    fence_mbarrier_init();
  }
  cta_sync();
  if (threadIdx.x < 32) { // producer: 512 bytes announced, 16 completed by each lane
    if (lane == 0)
      (void)filled.arrive_expect_tx(512);
    for (int j = 0; j < 4; ++j)
      data[lane * 4 + j] = in[lane * 4 + j];
    fence_acq_rel<FenceScope::cta>(); // the stores before the (relaxed) complete_tx
    filled.complete_tx(16);
  } else { // consumer
    filled.wait(0);
    for (int j = 0; j < 4; ++j)
      out[lane * 4 + j] = data[lane * 4 + j] + 1.0f;
  }
  const cuda::std::uint64_t token = done.arrive(); // all 64 threads: a split barrier
  done.wait_token(token);
  if (threadIdx.x == 0) { // the words may now hold other data
    filled.inval();
    done.inval();
  }
}
// [/snippet]

// [snippet:warp-specialized]
constexpr int stages = 4, stage_floats = 4096; // 16 KiB stages
using Ring = BarrierRing<stages>;

struct Plan {
  Ring ring;
  float* stage;
};
TIRX_HD constexpr Plan plan(SMEMPool& pool) {
  Ring ring = Ring::alloc(pool);
  auto stage =
      pool.alloc<float, shape(stages, stage_floats), row_major(shape(stages, stage_floats)), 128>();
  pool.commit();
  return Plan{ring, stage.data()};
}

// 3 warpgroups: warpgroup 0 loads stages with bulk copies, 1 and 2 each
// transform half of every stage.
__global__ void __launch_bounds__(384, 1) pipelined_axpb(const float* in, float* out, int count) {
  auto pool = SMEMPool::dynamic();
  const auto [ring, stage] = plan(pool);
  const int group = static_cast<int>(threadIdx.x / 128), tid = static_cast<int>(threadIdx.x % 128);
  if (threadIdx.x == 0) {
    ring.init(1, 2); // full: the producer's one arrive; empty: one per consumer warpgroup
    fence_mbarrier_init();
  }
  cta_sync();
  Ring::State st; // stage 0, phase 0, for both roles
  if (group == 0) {
    setmaxnreg_dec<40>(); // the producer needs few registers
    if (threadIdx.x < 32) {
      const Elected one = elect_sync();
      for (int i = 0; i < count; ++i, st.advance()) {
        ring.producer_acquire(st); // the consumers freed this stage
        if (one.elected) {
          ring.producer_commit_tx<stage_floats * 4>(st);
          bulk::copy_g2s(stage + st.index * stage_floats, in + i * stage_floats, stage_floats * 4,
                         ring.full(st.index));
        }
      }
    }
  } else {
    setmaxnreg_inc<232>(); // the consumers take them
    const int half = (group - 1) * (stage_floats / 2);
    for (int i = 0; i < count; ++i, st.advance()) {
      ring.consumer_wait(st);
      const float* s = stage + st.index * stage_floats + half;
      for (int k = tid; k < stage_floats / 2; k += 128)
        out[i * stage_floats + half + k] = 2.0f * s[k] + 1.0f;
      named_barrier_sync(group, 128); // this warpgroup is done with the stage
      if (tid == 0)
        ring.consumer_release(st);
    }
  }
}
// [/snippet]

// [snippet:cluster-ring]
// A cluster of 2: warp 0 of CTA 0 writes every stage into both CTAs' shared
// memory; warp 1 of each CTA consumes its copy and frees the stage on CTA 0.
constexpr int cstages = 2, cstage_floats = 128;
using ClusterRing = BarrierRing<cstages>;

__global__ void cluster_broadcast(const float* in, float* out, int count) { // 64 threads
  namespace cg = cooperative_groups;
  __shared__ alignas(16) float stage[cstages][cstage_floats];
  __shared__ alignas(8) cuda::std::uint64_t words[2 * cstages];
  const ClusterRing ring(words);
  const int rank = cluster_rank(), lane = static_cast<int>(threadIdx.x % 32);
  if (threadIdx.x == 0) {
    ring.init(32, 2);      // full: 32 producer lanes; empty: one consumer warp per CTA
    fence_mbarrier_init(); // the inits, seen by the other CTA
  }
  cluster_arrive_relaxed(); // both CTAs have started and initialized their rings
  cluster_wait();
  ClusterRing::State st;
  if (rank == 0 && threadIdx.x < 32) { // the producer
    float* peer = cg::this_cluster().map_shared_rank(&stage[0][0], 1);
    for (int i = 0; i < count; ++i, st.advance()) {
      ring.producer_acquire_cluster(st); // both consumers freed the stage
      for (int j = 0; j < 4; ++j) {
        const float v = in[i * cstage_floats + lane * 4 + j];
        stage[st.index][lane * 4 + j] = v;
        peer[st.index * cstage_floats + lane * 4 + j] = v;
      }
      ring.producer_commit(st);             // CTA 0's full barrier
      ring.full(st.index).remote_arrive(1); // CTA 1's
    }
  } else if (threadIdx.x >= 32) { // a consumer, in each CTA
    for (int i = 0; i < count; ++i, st.advance()) {
      ring.consumer_wait_cluster(st);
      for (int j = 0; j < 4; ++j)
        out[(rank * count + i) * cstage_floats + lane * 4 + j] =
            stage[st.index][lane * 4 + j] + static_cast<float>(rank);
      __syncwarp();
      if (lane == 0) {
        if (rank == 0)
          ring.consumer_release(st);
        else
          ring.consumer_release_remote(st, 0);
      }
    }
  }
  cluster_arrive(); // no CTA leaves while the other may still reach its memory
  cluster_wait();
}
// [/snippet]

// [snippet:scheduler]
// A persistent grid adds 1 to a (64 m_tiles) x (64 n_tiles) matrix, one
// 64 x 64 tile at a time, in the grouped order.
using Scheduler = TileScheduler<TileOrder::grouped, 4>;

__global__ void add_one_tiles(const float* in, float* out, int m_tiles, int n_tiles) {
  for (auto s = Scheduler::persistent(m_tiles, n_tiles); !s.done(); s.next()) {
    const long long row0 = s.tile_m() * 64LL, col0 = s.tile_n() * 64LL, ld = n_tiles * 64LL;
    for (int k = static_cast<int>(threadIdx.x); k < 64 * 64; k += static_cast<int>(blockDim.x)) {
      const long long at = (row0 + k / 64) * ld + col0 + k % 64;
      out[at] = in[at] + 1.0f;
    }
  }
}

// On the host, the same walk: the first CTA of a grid of 3 over 8 x 2 tiles
// takes items 0, 3, 6, ...: down column 0 of the first group of 4 rows first.
constexpr bool first_cta_walk() {
  Scheduler s(8, 2, 1, /*start=*/0, /*step=*/3);
  const int want[][2] = {{0, 0}, {3, 0}, {2, 1}, {5, 0}, {4, 1}, {7, 1}};
  for (const auto& w : want) {
    if (s.done() || s.tile_m() != w[0] || s.tile_n() != w[1])
      return false;
    s.next();
  }
  return s.done();
}
static_assert(first_cta_walk());
// [/snippet]

// [snippet:pipeline-state]
constexpr PipelineState<3> after(int n) {
  PipelineState<3> st;
  for (int i = 0; i < n; ++i)
    st.advance();
  return st;
}
static_assert(after(2).index == 2 && after(2).phase == 0);
static_assert(after(3).index == 0 && after(3).phase == 1); // wrapped: the phase flips
static_assert(after(7) == PipelineState<3>{}.advanced(7) && after(7).next() == after(8));
// [/snippet]

// [snippet:griddep]
__global__ void producer_grid(float* buf, int n) {
  griddep_launch_dependents(); // the next kernel may start its prologue now
  for (int i = static_cast<int>(threadIdx.x); i < n; i += static_cast<int>(blockDim.x))
    buf[i] = static_cast<float>(i) * 0.5f;
}

__global__ void consumer_grid(const float* buf, float* out, int n) {
  // ...a prologue that does not read buf...
  griddep_wait(); // producer_grid has finished; its writes are visible
  for (int i = static_cast<int>(threadIdx.x); i < n; i += static_cast<int>(blockDim.x))
    out[i] = buf[i] + 1.0f;
}

cudaError_t launch_pair(float* buf, float* out, int n) {
  producer_grid<<<1, 256>>>(buf, n);
  cudaLaunchAttribute early{};
  early.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  early.val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t cfg{};
  cfg.gridDim = dim3(1);
  cfg.blockDim = dim3(256);
  cfg.attrs = &early;
  cfg.numAttrs = 1;
  return cudaLaunchKernelEx(&cfg, consumer_grid, static_cast<const float*>(buf), out, n);
}
// [/snippet]

namespace {
void check(const char* what, const std::vector<float>& got, const std::vector<float>& want) {
  bool ok = got.size() == want.size();
  for (std::size_t i = 0; ok && i < want.size(); ++i)
    ok = got[i] == want[i];
  example::expect(ok, what);
}
} // namespace

int main(int argc, char** argv) {
  if (!tirx::cuda_device_present())
    return 77; // no GPU: ctest reports the test skipped
  cudaDeviceProp prop{};
  EXAMPLE_CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  if (prop.major < 9) {
    std::printf("docs pipelines: sm_%d%d is older than sm_90: skipped\n", prop.major, prop.minor);
    return 77;
  }
  const unsigned seed = example::seed_from_args(argc, argv);
  std::printf("docs pipelines: seed %u (replay: docs_pipelines_gpu %u)\n", seed, seed);
  { // scale_box: 5 boxes
    const auto a = example::random_floats(5 * box_floats, seed);
    example::Buffer<float> in(a.size()), out(a.size());
    in.upload(a);
    out.poison();
    scale_box<<<5, 128>>>(in.dev, out.dev, 3.0f);
    example::sync_and_check("scale_box");
    std::vector<float> want(a.size());
    for (std::size_t i = 0; i < a.size(); ++i)
      want[i] = a[i] * 3.0f;
    check("scale_box", out.download(), want);
  }
  { // three_barrier_kinds: 3 boxes, one per kind of barrier
    const auto a = example::random_floats(3 * box_floats, seed + 7);
    example::Buffer<float> in(a.size()), out(a.size());
    in.upload(a);
    out.poison();
    three_barrier_kinds<<<1, 1>>>(in.dev, out.dev);
    example::sync_and_check("three_barrier_kinds");
    check("three_barrier_kinds", out.download(), a);
  }
  { // handoff
    const auto a = example::random_floats(128, seed + 1);
    example::Buffer<float> in(128), out(128);
    in.upload(a);
    out.poison();
    handoff<<<1, 64>>>(in.dev, out.dev);
    example::sync_and_check("handoff");
    std::vector<float> want(128);
    for (int i = 0; i < 128; ++i)
      want[i] = a[i] + 1.0f;
    check("handoff", out.download(), want);
  }
  { // pipelined_axpb: 40 stages through 4 slots
    const int count = 40;
    const auto a = example::random_floats(static_cast<std::size_t>(count) * stage_floats, seed + 2);
    example::Buffer<float> in(a.size()), out(a.size());
    in.upload(a);
    out.poison();
    LaunchConfig cfg;
    cfg.block = dim3(384);
    cfg.smem = smem_bytes(plan);
    EXAMPLE_CHECK_CUDA(
        launch(cfg, pipelined_axpb, static_cast<const float*>(in.dev), out.dev, count));
    example::sync_and_check("pipelined_axpb");
    std::vector<float> want(a.size());
    for (std::size_t i = 0; i < a.size(); ++i)
      want[i] = 2.0f * a[i] + 1.0f;
    check("pipelined_axpb", out.download(), want);
  }
  { // cluster_broadcast: 24 stages through 2 slots, in each CTA of the cluster
    const int count = 24;
    const auto a =
        example::random_floats(static_cast<std::size_t>(count) * cstage_floats, seed + 3);
    example::Buffer<float> in(a.size()), out(2 * a.size());
    in.upload(a);
    out.poison();
    LaunchConfig cfg;
    cfg.grid = dim3(2);
    cfg.block = dim3(64);
    cfg.cluster = dim3(2);
    EXAMPLE_CHECK_CUDA(
        launch(cfg, cluster_broadcast, static_cast<const float*>(in.dev), out.dev, count));
    example::sync_and_check("cluster_broadcast");
    std::vector<float> want(2 * a.size());
    for (std::size_t i = 0; i < want.size(); ++i)
      want[i] = a[i % a.size()] + static_cast<float>(i / a.size());
    check("cluster_broadcast", out.download(), want);
  }
  { // add_one_tiles: 10 x 6 tiles on 7 CTAs
    const int m_tiles = 10, n_tiles = 6;
    const auto a =
        example::random_floats(static_cast<std::size_t>(m_tiles) * n_tiles * 4096, seed + 4);
    example::Buffer<float> in(a.size()), out(a.size());
    in.upload(a);
    out.poison();
    add_one_tiles<<<7, 128>>>(in.dev, out.dev, m_tiles, n_tiles);
    example::sync_and_check("add_one_tiles");
    std::vector<float> want(a.size());
    for (std::size_t i = 0; i < a.size(); ++i)
      want[i] = a[i] + 1.0f;
    check("add_one_tiles", out.download(), want);
  }
  { // griddep
    const int n = 2048;
    example::Buffer<float> buf(n), out(n);
    buf.poison();
    out.poison();
    EXAMPLE_CHECK_CUDA(launch_pair(buf.dev, out.dev, n));
    example::sync_and_check("launch_pair");
    std::vector<float> want(n);
    for (int i = 0; i < n; ++i)
      want[i] = static_cast<float>(i) * 0.5f + 1.0f;
    check("launch_pair", out.download(), want);
  }
  return example::exit_code();
}
