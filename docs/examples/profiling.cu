// The code of docs/profiling.md. Each region between `// [snippet:NAME]` and
// `// [/snippet]` is shown verbatim in the guide;
// tests/tools/check_doc_snippets.py keeps them identical. Test
// docs_profiling_gpu runs the kernel, checks its output and its events, and
// writes the timeline to profiling.svg; it exits 77 (ctest: skipped)
// without a GPU.
#include <tirx/host/cuda_check.hpp>

#include <tirx/host/profile.hpp>
#include <tirx/tile.hpp>

#include <cstdio>
#include <fstream>
#include <random>
#include <vector>

using namespace tirx;

// [snippet:timers]
// The raw reads: %clock64 (one SM's cycles), %globaltimer (the GPU's
// nanoseconds) and %smid, through cuda::ptx.
__global__ void time_a_loop(unsigned long long* out) {
  const unsigned long long c0 = clock_cycles(), t0 = global_ns();
  spin_cycles(10000); // a busy loop of at least 10000 cycles
  const unsigned long long c1 = clock_cycles(), t1 = global_ns();
  if (threadIdx.x == 0) {
    out[0] = c1 - c0; // >= 10000
    out[1] = t1 - t0; // the same time in nanoseconds
    out[2] = sm_id();
  }
}
// [/snippet]

// [snippet:profiled-kernel]
// Three events per tile, written by each warp into its own slot of the
// profile buffer. An event measures what its warp did between start() and
// end(): a load's latency shows in the first instruction that waits for its
// registers (here the multiply), since ld returns before the data arrive.
enum Event : unsigned { load, compute, store };
using Tile = GlobalTensor<float, ShapeT<4, 32, 4>, 16>;
using ConstTile = GlobalTensor<const float, ShapeT<4, 32, 4>, 16>;
constexpr TileLayout regs = layout_of<"S[(4, 32, 4) : (1@warpid, 1@laneid, 1)]">;

__global__ void scaled_copy(const float* in, float* out, long long tiles, ProfileBuffer buf) {
  WarpProfiler prof = WarpProfiler::init(buf);
  for (long long t : grid_stride(tiles)) {
    auto r = alloc_local<float, shape(4, 32, 4), regs>();
    ProfileMark m = prof.start(load);
    tile::apply<ptx<"ld.global.v4.b32">>(r, ConstTile{in + t * 512}, scope::cta);
    prof.end(m);
    m = prof.start(compute);
    tile::apply<ptx<"mul.rn.f32">>(r, r, 2.0f, scope::cta);
    prof.end(m);
    m = prof.start(store);
    tile::apply<ptx<"st.global.v4.b32">>(Tile{out + t * 512}, r, scope::cta);
    prof.end(m);
  }
  prof.finalize();
}
// [/snippet]

// [snippet:group-kernel]
// A CTA of two warpgroups: group 0 the CTA, groups 1 and 2 the warpgroups.
enum GroupEvent : unsigned { step, work, done };

__global__ void grouped(ProfileBuffer buf) { // profile_buffer(dev, blocks, 3, capacity)
  const unsigned wg = threadIdx.x / 128;
  GroupProfiler cta = GroupProfiler::init(buf, 0, threadIdx.x == 0);
  GroupProfiler mine = GroupProfiler::init(buf, 1 + wg, threadIdx.x % 128 == 0);
  __syncthreads();
  const ProfileMark all = cta.start(step);
  __syncthreads(); // the CTA's range opens before the warpgroups'
  named_barrier_sync(1 + wg, 128);
  const ProfileMark m = mine.start(work, wg); // payload: the warpgroup
  spin_cycles(1000);                          // the warpgroup's work
  named_barrier_sync(1 + wg, 128);
  mine.end(m);
  mine.instant(done, wg);
  __syncthreads();
  cta.end(all);
  mine.finalize();
  cta.finalize();
}
// [/snippet]

namespace {

int failures = 0;
void expect(bool ok, const char* what) {
  std::printf("%s %s\n", ok ? "ok  " : "FAIL", what);
  failures += !ok;
}

} // namespace

int main() {
  if (!tirx::cuda_device_present())
    return 77; // no GPU: ctest reports the test skipped
  unsigned long long* dt = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&dt, 3 * 8));
  time_a_loop<<<1, 32>>>(dt);
  TIRX_CHECK_LAUNCH("time_a_loop");
  unsigned long long t[3];
  TIRX_CHECK_CUDA(cudaMemcpy(t, dt, 3 * 8, cudaMemcpyDeviceToHost));
  int sms = 0;
  TIRX_CHECK_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  expect(t[0] >= 10000 && t[2] < static_cast<unsigned long long>(sms),
         "time_a_loop: at least 10000 cycles, an SM of the device");
  cudaFree(dt);

  constexpr long long tiles = 32;
  std::vector<float> a(tiles * 512);
  std::mt19937 rng(20261207);
  for (float& x : a)
    x = static_cast<float>(static_cast<int>(rng() % 2001) - 1000);
  float *in = nullptr, *out = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&in, a.size() * 4));
  TIRX_CHECK_CUDA(cudaMalloc(&out, a.size() * 4));
  TIRX_CHECK_CUDA(cudaMemcpy(in, a.data(), a.size() * 4, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(out, 0xFF, a.size() * 4));
  // [snippet:profile-host]
  // One slot per warp of the grid, room for every event of a warp: 8 CTAs of
  // 4 warps, 4 tiles per CTA, 3 events per tile. Zeroed, so that a warp that
  // never finalizes reads as no events.
  constexpr unsigned blocks = 8, warps = 4, capacity = 4 * 3;
  const unsigned long long bytes = profile_bytes(blocks * warps, capacity);
  void* dev = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&dev, bytes));
  TIRX_CHECK_CUDA(cudaMemset(dev, 0, bytes));
  scaled_copy<<<blocks, warps * 32>>>(in, out, tiles, profile_buffer(dev, blocks, warps, capacity));
  TIRX_CHECK_LAUNCH("scaled_copy");

  std::vector<unsigned long long> copy(bytes / 8 + 1); // 8-byte aligned host memory
  TIRX_CHECK_CUDA(cudaMemcpy(copy.data(), dev, bytes, cudaMemcpyDeviceToHost));
  unsigned long long dropped = 0;
  const std::vector<ProfileRecord> events =
      decode_profile(profile_buffer(copy.data(), blocks, warps, capacity), &dropped);
  std::ofstream("profiling.svg") << profile_svg(events, {"load", "compute", "store"});
  // [/snippet]

  std::vector<float> got(a.size());
  TIRX_CHECK_CUDA(cudaMemcpy(got.data(), out, a.size() * 4, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (std::size_t i = 0; i < a.size(); ++i)
    ok = ok && got[i] == 2.0f * a[i];
  expect(ok, "scaled_copy: every element doubled");
  bool ordered = events.size() == blocks * warps * capacity && dropped == 0;
  for (unsigned b = 0; b < blocks && ordered; ++b)
    for (unsigned w = 0; w < warps; ++w) { // each warp: load, compute, store, one after the other
      unsigned next = load;
      unsigned long long last_end = 0;
      for (const ProfileRecord& e : events)
        if (e.block == b && e.warp == w) {
          ordered = ordered && e.event == next && e.start_ns >= last_end && e.end_ns >= e.start_ns;
          next = (next + 1) % 3;
          last_end = e.end_ns;
        }
    }
  expect(ordered, "scaled_copy: 12 events per warp, in order, none dropped");
  cudaFree(dev);
  cudaFree(in);
  cudaFree(out);
  return failures == 0 ? 0 : 1;
}
