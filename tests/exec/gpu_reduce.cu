// GPU test of the reductions (label gpu): thread_reduce, warp_reduce,
// cta_reduce<W> for W = 1..32 and cluster_reduce<Ctas, W> over clusters of
// 2, 4 and 8 CTAs walking items with cluster_stride, on seeded random
// integers held as floats (sums are exact in any order) and every thread's
// result checked against a host reference; then the debug checks: a block
// of the wrong size must trap in cta_reduce and a launch without the
// cluster in cluster_reduce, each with its message.
//
// Built with TIRX_DEBUG_CHECKS=1 whatever the build type. A trap ruins the
// CUDA context, so every case runs in a child process (`gpu_reduce --child
// CASE`, see trap_runner.hpp).
// Exit 0: all passed; 1: a case failed; 77: no GPU (ctest: skipped).
#define TIRX_DEBUG_CHECKS 1

#include "support/device_buffer.hpp"
#include "support/random.hpp"
#include "support/trap_runner.hpp"

#include <tirx/tile.hpp>

#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace tirx;

struct Plus {
  __device__ float operator()(float a, float b) const { return a + b; }
};
struct Max {
  __device__ float operator()(float a, float b) const { return fmaxf(a, b); }
};

constexpr int per_thread = 4; // each thread folds 4 registers first

/// Item it of a CTA group: Ctas * W * 32 threads x 4 values. Every thread
/// writes the sum and the maximum it got, for every item it visits.
template <int Ctas, int W>
__global__ void reduce_items(const float* in, float* sums, float* maxes, long long items) {
  __shared__ float scratch[W + Ctas];
  constexpr TileLayout layout = S({per_thread}, {1});
  auto v = alloc_local<float, shape(per_thread), layout>();
  const int rank = cluster_rank();
  for (long long it : cluster_stride(items)) {
    const long long thread = (it * Ctas + rank) * W * 32 + threadIdx.x;
    for (int k = 0; k < per_thread; ++k)
      v.data()[k] = in[thread * per_thread + k];
    const float mine_sum = thread_reduce(Plus{}, 0.0f, v);
    const float mine_max = thread_reduce(Max{}, -1e30f, v);
    if constexpr (Ctas == 1 && W == 1) {
      sums[thread] = warp_reduce(Plus{}, mine_sum);
      maxes[thread] = warp_reduce(Max{}, mine_max);
    } else if constexpr (Ctas == 1) {
      sums[thread] = cta_reduce<W>(Plus{}, mine_sum, scratch);
      maxes[thread] = cta_reduce<W>(Max{}, mine_max, scratch);
    } else {
      sums[thread] = cluster_reduce<Ctas, W>(Plus{}, mine_sum, scratch);
      maxes[thread] = cluster_reduce<Ctas, W>(Max{}, mine_max, scratch);
    }
  }
}

/// Runs reduce_items<Ctas, W> over `items` items with `clusters` clusters
/// (fewer than items: cluster_stride walks) and checks every thread's
/// results. Returns the number of wrong values (printing the first).
template <int Ctas, int W> int check_items(long long items, unsigned clusters, unsigned seed) {
  const long long threads = items * Ctas * W * 32;
  std::mt19937 rng(seed);
  const std::vector<float> in =
      tirx_test::whole_floats(rng, static_cast<size_t>(threads * per_thread), -1000, 1000);
  tirx_test::DeviceBuffer<float> d_in(in.size()), d_sums(static_cast<size_t>(threads)),
      d_maxes(static_cast<size_t>(threads));
  d_in.upload(in);
  d_sums.poison(); // NaN: a thread that writes nothing fails
  d_maxes.poison();
  LaunchConfig cfg;
  cfg.grid = dim3(clusters * Ctas);
  cfg.block = dim3(W * 32);
  cfg.cluster = dim3(Ctas);
  TIRX_CHECK_CUDA(launch(cfg, reduce_items<Ctas, W>, static_cast<const float*>(d_in.ptr),
                         d_sums.ptr, d_maxes.ptr, items));
  TIRX_CHECK_CUDA(cudaDeviceSynchronize());
  const std::vector<float> sums = d_sums.download(), maxes = d_maxes.download();
  // a group: a warp for warp_reduce (W == 1, Ctas == 1), else the item's threads
  const long long group = Ctas * W * 32;
  int wrong = 0;
  for (long long g = 0; g < threads / group; ++g) {
    double want_sum = 0;
    float want_max = -1e30f;
    for (long long i = g * group * per_thread; i < (g + 1) * group * per_thread; ++i) {
      want_sum += in[static_cast<size_t>(i)];
      want_max = std::max(want_max, in[static_cast<size_t>(i)]);
    }
    for (long long t = g * group; t < (g + 1) * group; ++t) {
      const float s = sums[static_cast<size_t>(t)], m = maxes[static_cast<size_t>(t)];
      if (s != static_cast<float>(want_sum) || m != want_max) {
        if (wrong++ == 0)
          std::printf("  Ctas=%d W=%d: thread %lld got sum %g max %g, want %g %g\n", Ctas, W, t, s,
                      m, want_sum, want_max);
      }
    }
  }
  return wrong;
}

__global__ void cta_reduce_4_warps(float* out) {
  __shared__ float scratch[4];
  out[threadIdx.x] = cta_reduce<4>(Plus{}, 1.0f, scratch);
}
__global__ void cluster_reduce_2x4(float* out) {
  __shared__ float scratch[4 + 2];
  out[blockIdx.x * 128 + threadIdx.x] = cluster_reduce<2, 4>(Plus{}, 1.0f, scratch);
}

constexpr const char* block_size = "tirx::cta_reduce: the block must have Warps * 32 threads";
constexpr const char* cluster_size =
    "tirx::cluster_reduce: the launch's cluster must have Ctas CTAs";

constexpr TrapCase cases[] = {
    {"warp_and_cta", false, nullptr},       // warp_reduce, cta_reduce<1..32>: exact
    {"cluster", false, nullptr},            // cluster_reduce<2, 4, 8 CTAs>: exact, all CTAs agree
    {"cta_reduce_ok", false, nullptr},      // 128 threads for cta_reduce<4>
    {"cta_reduce_block", true, block_size}, // 96 threads for cta_reduce<4>
    {"cluster_reduce_ok", false, nullptr},  // clusters of 2 for cluster_reduce<2, 4>
    {"cluster_reduce_no_cluster", true, cluster_size}, // no cluster launch
};

int child(const char* name) {
  const std::string n = name;
  int wrong = 0;
  if (n == "warp_and_cta") {
    wrong += check_items<1, 1>(40, 40, 1); // warp_reduce over each warp
    wrong += check_items<1, 2>(50, 13, 2);
    wrong += check_items<1, 4>(50, 13, 3);
    wrong += check_items<1, 8>(50, 13, 4);
    wrong += check_items<1, 16>(30, 7, 5);
    wrong += check_items<1, 32>(30, 7, 6);
  } else if (n == "cluster") {
    wrong += check_items<2, 1>(60, 11, 7);
    wrong += check_items<2, 16>(40, 9, 8);
    wrong += check_items<4, 8>(40, 9, 9);
    wrong += check_items<8, 4>(24, 5, 10);
  } else if (n == "cta_reduce_ok" || n == "cta_reduce_block" || n == "cluster_reduce_ok" ||
             n == "cluster_reduce_no_cluster") {
    tirx_test::DeviceBuffer<float> out(2 * 128);
    out.fill_bytes(0);
    float want = 128.0f;
    int count = 128;
    if (n == "cta_reduce_ok")
      cta_reduce_4_warps<<<1, 128>>>(out.ptr);
    else if (n == "cta_reduce_block")
      cta_reduce_4_warps<<<1, 96>>>(out.ptr);
    else {
      LaunchConfig cfg;
      cfg.grid = dim3(2);
      cfg.block = dim3(128);
      cfg.cluster = dim3(n == "cluster_reduce_ok" ? 2 : 1);
      (void)launch(cfg, cluster_reduce_2x4, out.ptr);
      want = 256.0f;
      count = 256;
    }
    if (int rc = tirx_trap_wait(name))
      return rc;
    const std::vector<float> host = out.download(); // (the first count are the kernel's)
    for (int i = 0; i < count; ++i)
      wrong += host[static_cast<size_t>(i)] != want;
  } else {
    std::printf("unknown case %s\n", name);
    return 2;
  }
  if (int rc = tirx_trap_wait(name))
    return rc;
  if (wrong) {
    std::printf("child %s: %d wrong values\n", name, wrong);
    return 4;
  }
  return tirx_trap_finished(name);
}

} // namespace

int main(int argc, char** argv) { return tirx_trap_main(argc, argv, "gpu_reduce", cases, child); }
