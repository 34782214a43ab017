// GPU test of the timers and the profiler (exec/timer.hpp, exec/profiler.hpp,
// host/profile.hpp), label gpu. 4 CTAs of 4 warps each record six events:
// four in sequence (ids 0, 1, 0, 1: busy loops of 20000 + 5000 * warp
// cycles) and an outer event (2) around an inner one (3). Against the
// decoded buffer (poisoned before the run): every warp's count is 6; each
// record names its own CTA and warp, one SM below the device's count for
// all of a warp's records, the ids in the order the warp ended them; the
// sequence is ordered on the global timer (each start at or after the
// previous end), the inner event lies inside the outer one, every event took
// at least its busy loop's cycles, and its nanoseconds agree with its cycles
// at the SM's clock rate (within throttling and the timer's resolution).
// With capacity 4 the same kernel keeps 4 records per warp and counts 6; with
// no buffer it writes nothing. The timeline is written to gpu_profile.svg.
// Exit 0: all passed; 1: a check failed; 77: no GPU (ctest: skipped).
#include "support/gpu_check.hpp"

#include <tirx/host/profile.hpp>
#include <tirx/tile.hpp>

#include <cstdio>
#include <cstring>
#include <vector>

namespace {

using namespace tirx;

constexpr unsigned blocks = 4, warps = 4, spin = 20000;

__global__ void profiled(ProfileBuffer buf) {
  auto prof = WarpProfiler::init(buf);
  for (unsigned k = 0; k < 4; ++k) {
    const ProfileMark m = prof.start(k % 2);
    spin_cycles(spin + 5000ull * warp_index());
    prof.end(m);
  }
  const ProfileMark outer = prof.start(2);
  spin_cycles(spin);
  const ProfileMark inner = prof.start(3);
  spin_cycles(spin);
  prof.end(inner);
  spin_cycles(spin);
  prof.end(outer);
  prof.finalize();
}

int failures = 0;
void expect(bool ok, const char* what, unsigned slot = 0, unsigned k = 0) {
  if (!ok) {
    std::printf("FAIL %s (slot %u, record %u)\n", what, slot, k);
    ++failures;
  }
}

} // namespace

int main() {
  if (int rc = tirx_test_require_gpu())
    return rc;
  int sms = 0, clock_khz = 0;
  TIRX_CHECK_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  TIRX_CHECK_CUDA(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0));
  // at the reported clock (0: unknown, the check is left out), within 30% and the timer's
  // resolution below, throttling to a quarter above
  const double ns_per_cycle = clock_khz > 0 ? 1e6 / clock_khz : 0.0;
  constexpr unsigned capacity = 8;
  const unsigned long long bytes = profile_bytes(blocks * warps, capacity);
  void* dev = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&dev, bytes));
  std::vector<unsigned long long> host(bytes / 8 + 1);

  // -- the full run -------------------------------------------------------------------
  TIRX_CHECK_CUDA(cudaMemset(dev, 0xFF, bytes));
  profiled<<<blocks, warps * 32>>>(profile_buffer(dev, blocks, warps, capacity));
  TIRX_CHECK_LAUNCH("profiled");
  TIRX_CHECK_CUDA(cudaMemcpy(host.data(), dev, bytes, cudaMemcpyDeviceToHost));
  const ProfileBuffer copy = profile_buffer(host.data(), blocks, warps, capacity);
  const unsigned order[6] = {0, 1, 0, 1, 3, 2}; // the inner event ends first
  for (unsigned s = 0; s < copy.slots; ++s) {
    expect(copy.counts[s] == 6, "count", s);
    const ProfileRecord* r = copy.records + s * capacity;
    for (unsigned k = 0; k < 6; ++k) {
      expect(r[k].event == order[k], "event id in end order", s, k);
      expect(r[k].block == s / warps && r[k].warp == s % warps, "CTA and warp", s, k);
      expect(r[k].sm < static_cast<unsigned>(sms) && r[k].sm == r[0].sm, "one SM", s, k);
      expect(r[k].start_ns <= r[k].end_ns, "start <= end", s, k);
      const unsigned long long loop =
          k < 4 ? spin + 5000ull * (s % warps) : (k == 4 ? spin : 3ull * spin);
      expect(r[k].cycles >= loop, "at least the busy loop's cycles", s, k);
      const double ns = static_cast<double>(r[k].end_ns - r[k].start_ns);
      const double at_clock = static_cast<double>(r[k].cycles) * ns_per_cycle;
      expect(clock_khz <= 0 || (ns + 2000.0 >= 0.7 * at_clock && ns <= 4.0 * at_clock + 5000.0),
             "nanoseconds agree with cycles", s, k);
      if (k > 0 && k < 4)
        expect(r[k - 1].end_ns <= r[k].start_ns, "the sequence in order", s, k);
    }
    expect(r[5].start_ns <= r[4].start_ns && r[4].end_ns <= r[5].end_ns &&
               r[3].end_ns <= r[5].start_ns,
           "the inner event inside the outer one", s, 5);
  }
  unsigned long long dropped = 1;
  const std::vector<ProfileRecord> events = decode_profile(copy, &dropped);
  expect(events.size() == blocks * warps * 6 && dropped == 0, "decode_profile: every event");
  if (FILE* f = std::fopen("gpu_profile.svg", "w")) {
    std::fputs(profile_svg(events, {"even step", "odd step", "outer", "inner"}).c_str(), f);
    std::fclose(f);
  }

  // -- capacity 4: 4 kept, 6 counted --------------------------------------------------------
  const unsigned long long small = profile_bytes(blocks * warps, 4);
  TIRX_CHECK_CUDA(cudaMemset(dev, 0xFF, bytes));
  profiled<<<blocks, warps * 32>>>(profile_buffer(dev, blocks, warps, 4));
  TIRX_CHECK_LAUNCH("profiled (capacity 4)");
  TIRX_CHECK_CUDA(cudaMemcpy(host.data(), dev, small, cudaMemcpyDeviceToHost));
  const std::vector<ProfileRecord> kept =
      decode_profile(profile_buffer(host.data(), blocks, warps, 4), &dropped);
  expect(kept.size() == blocks * warps * 4 && dropped == blocks * warps * 2,
         "capacity 4: kept and dropped");
  for (const ProfileRecord& e : kept)
    expect(e.event <= 1, "capacity 4: the first four events");

  // -- no buffer: nothing written -----------------------------------------------------------
  TIRX_CHECK_CUDA(cudaMemset(dev, 0xFF, bytes));
  profiled<<<blocks, warps * 32>>>(ProfileBuffer{});
  TIRX_CHECK_LAUNCH("profiled (no buffer)");
  TIRX_CHECK_CUDA(cudaMemcpy(host.data(), dev, bytes, cudaMemcpyDeviceToHost));
  bool untouched = true;
  const unsigned char* b = reinterpret_cast<const unsigned char*>(host.data());
  for (unsigned long long i = 0; i < bytes; ++i)
    untouched = untouched && b[i] == 0xFF;
  expect(untouched, "no buffer: nothing written");

  cudaFree(dev);
  std::printf("%s: %zu events, %d failures\n", failures == 0 ? "ok" : "FAIL", events.size(),
              failures);
  return failures == 0 ? 0 : 1;
}
