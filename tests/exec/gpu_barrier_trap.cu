// GPU test of the barriers' run-time debug checks (label gpu, trap), built
// for sm_90a: what only run time knows. Each broken launch must trap with
// its check's message on stdout; the matching correct launch must finish.
//   - an MBarrier::wait whose phase never completes (nobody arrives, or the
//     waiter names the wrong parity: phase misuse) traps after
//     TIRX_WAIT_TIMEOUT_NS (200 ms here);
//   - MBarrier::init with count 0; arrive_expect_tx of 2^20 bytes;
//   - named barriers with a thread count that is not whole warps, or an id
//     past 15;
//   - TileScheduler::persistent with ClusterM 2 in a launch without clusters.
// Built with TIRX_DEBUG_CHECKS=1 whatever the build type. Every case runs in
// a child process (trap_runner.hpp). Exit 0: all passed; 1: a case failed;
// 77: no GPU, or one older than sm_90 (ctest: skipped).
#define TIRX_DEBUG_CHECKS 1
#define TIRX_WAIT_TIMEOUT_NS 200000000ull

#include "support/device_buffer.hpp"
#include "support/trap_runner.hpp"

#include <tirx/tile.hpp>

#include <cstdio>
#include <cstring>

namespace {

using namespace tirx;

/// mode 0: arrive then wait(0); 1: wait(0) with no arrive; 2: arrive, wait(0),
/// then wait(1), a phase nobody completes; 3: init(0); 4: arrive_expect_tx(2^20).
__global__ void wait_kernel(int mode, int* out) {
  __shared__ alignas(8) cuda::std::uint64_t word;
  const MBarrier bar(&word);
  if (threadIdx.x == 0)
    bar.init(mode == 3 ? 0u : 1u);
  cta_sync();
  if (threadIdx.x == 0) {
    if (mode == 0 || mode == 2)
      (void)bar.arrive();
    if (mode == 4)
      (void)bar.arrive_expect_tx(1u << 20);
  }
  bar.wait(0);
  if (mode == 2)
    bar.wait(1);
  out[threadIdx.x] = 1;
}

__global__ void named_kernel(unsigned id, unsigned threads, int* out) {
  if (threadIdx.x < threads)
    named_barrier_sync(id, threads);
  out[threadIdx.x] = 1;
}

__global__ void sched_kernel(int* out) {
  auto s = TileScheduler<TileOrder::grouped, 8, 2>::persistent(4, 4);
  out[blockIdx.x] = s.tile_m();
}

constexpr TrapCase cases[] = {
    {"wait_ok", false, nullptr},
    {"wait_no_arrive", true, "tirx::MBarrier::wait: the phase did not complete"},
    {"wait_wrong_parity", true, "tirx::MBarrier::wait: the phase did not complete"},
    {"init_count_zero", true, "tirx::MBarrier::init: the arrival count must be in [1, 2^20)"},
    {"expect_tx_too_many", true,
     "tirx::MBarrier::arrive_expect_tx: a phase takes fewer than 2^20 bytes"},
    {"named_ok", false, nullptr},
    {"named_count", true,
     "tirx::named_barrier: the thread count must be a positive multiple of 32"},
    {"named_id", true, "tirx::named_barrier: the barrier id must be in [0, 16)"},
    {"sched_cluster_ok", false, nullptr},
    {"sched_no_cluster", true, "tirx::TileScheduler::persistent: launch clusters of ClusterM CTAs"},
};

int child(const char* name) {
  tirx_test::DeviceBuffer<int> out(128);
  out.fill_bytes(0);
  const auto is = [&](const char* n) { return std::strcmp(name, n) == 0; };
  if (is("wait_ok") || is("wait_no_arrive") || is("wait_wrong_parity") || is("init_count_zero") ||
      is("expect_tx_too_many")) {
    const int mode = is("wait_ok")             ? 0
                     : is("wait_no_arrive")    ? 1
                     : is("wait_wrong_parity") ? 2
                     : is("init_count_zero")   ? 3
                                               : 4;
    wait_kernel<<<1, 64>>>(mode, out.ptr);
  } else if (is("named_ok") || is("named_count") || is("named_id")) {
    const unsigned id = is("named_id") ? 16u : 1u, threads = is("named_count") ? 48u : 64u;
    named_kernel<<<1, 64>>>(id, threads, out.ptr);
  } else if (is("sched_cluster_ok") || is("sched_no_cluster")) {
    LaunchConfig cfg;
    cfg.grid = dim3(2);
    cfg.block = dim3(32);
    cfg.cluster = dim3(is("sched_cluster_ok") ? 2 : 1);
    TIRX_CHECK_CUDA(launch(cfg, sched_kernel, out.ptr));
  } else {
    std::printf("unknown case %s\n", name);
    return 2;
  }
  if (int rc = tirx_trap_wait(name))
    return rc;
  const auto v = out.download();
  if (is("sched_cluster_ok"))
    return v[0] == 0 && v[1] == 1 ? tirx_trap_finished(name) : 4; // ranks 0 and 1 of column 0
  for (int t = 0; t < 64; ++t)
    if (v[static_cast<size_t>(t)] != 1) {
      std::printf("child %s: thread %d did not finish\n", name, t);
      return 4;
    }
  return tirx_trap_finished(name);
}

} // namespace

int main(int argc, char** argv) {
  if (argc <= 1 || std::strcmp(argv[1], "--clean-cases") != 0) {
    if (int rc = tirx_test_require_gpu())
      return rc;
    cudaDeviceProp prop{};
    TIRX_CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
    if (prop.major < 9) {
      std::printf("gpu_barrier_trap: sm_%d%d is older than sm_90: test skipped\n", prop.major,
                  prop.minor);
      return 77;
    }
  }
  return tirx_trap_main(argc, argv, "gpu_barrier_trap", cases, child);
}
