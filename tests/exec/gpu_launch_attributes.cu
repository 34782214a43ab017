// tirx::launch's attributes on the GPU (host/launch.hpp, exec/grid_sync.hpp):
//
//   pdl          two dependent kernels through LaunchConfig::programmatic_stream_serialization:
//                the dependent's first %globaltimer stamp (its prologue) comes before the
//                primary's last stamp (the primary's tail, after griddep_launch_dependents),
//                its stamp after griddep_wait() after it, and it reads what the primary wrote;
//                without the attribute its first stamp comes after the primary's last. (The
//                overlap is checked where two independent streams overlap at all: a run that
//                serializes every kernel, as compute-sanitizer may, reports it and checks the
//                order and the data only.)
//   pdl event    LaunchConfig::programmatic_event (trigger_at_block_start): a dependent in
//                another stream that waits for the event starts before the primary's last stamp
//                (where streams overlap), passes griddep_wait after it, reads the primary's data
//   cooperative  LaunchConfig::cooperative and grid_sync(): rounds of a stencil whose every
//                element reads one written by another CTA, then a grid-wide sum every element
//                needs, against the host; on the largest grid the device holds at once
//                (cudaOccupancyMaxActiveBlocksPerMultiprocessor x SMs), and in clusters of 2
//                on sm_90 (cudaOccupancyMaxActiveClusters); one CTA or cluster more is refused
//                (cudaErrorCooperativeLaunchTooLarge) and launches nothing
//   priority     LaunchConfig::priority at the greatest and the least priority: accepted, the
//                results right; create_priority_stream's stream reads its priority back; a
//                priority outside stream_priorities() is refused and launches nothing (no
//                timing claim: a priority orders the CTAs waiting for an SM, which an idle GPU
//                does not show)
//   l2_window    LaunchConfig::access_policy_window: a kernel that re-reads a 16 MiB table
//                between 64 MiB streams, with and without a persisting window over the table;
//                the sums against the host both ways, and the times printed (a measurement,
//                not a check); a window larger than the device takes is refused
//
// `gpu_launch_attributes --traps` (ctest gpu_launch_attributes_trap) runs grid_sync in a
// kernel launched without cooperative: its debug check traps with its message.
#if !defined(TIRX_DEBUG_CHECKS)
#define TIRX_DEBUG_CHECKS 1
#endif

#include "support/device_buffer.hpp"
#include "support/expect.hpp"
#include "support/gpu_check.hpp"
#include "support/trap_runner.hpp"

#include <tirx/exec/grid_sync.hpp>
#include <tirx/tile.hpp>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstring>
#include <vector>

using namespace tirx;
using tirx_test::DeviceBuffer;
using tirx_test::expect;

// -- pdl -----------------------------------------------------------------------------------------
// stamps: [0] the primary's last, [1] the dependent's first, [2] the dependent's first after
// griddep_wait, [3] the probe's start (an independent kernel in another stream)
__global__ void pdl_primary(int* data, int n, int salt, unsigned long long spin_ns,
                            unsigned long long* stamps) {
  griddep_launch_dependents(); // the dependent may start its prologue now
  const unsigned long long start = global_ns();
  while (global_ns() - start < spin_ns) { // the primary's long tail
  }
  for (int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x); i < n;
       i += static_cast<int>(gridDim.x * blockDim.x))
    data[i] = 3 * i + salt; // written late: an early read would see the poison
  __syncthreads();
  if (threadIdx.x == 0)
    atomicMax(&stamps[0], global_ns()); // after this CTA's writes
}

__global__ void pdl_dependent(const int* data, int* out, int n, unsigned long long* stamps) {
  if (threadIdx.x == 0)
    atomicMin(&stamps[1], global_ns()); // the prologue: reads nothing the primary writes
  griddep_wait();                       // the primary has finished; its writes are visible
  if (threadIdx.x == 0)
    atomicMin(&stamps[2], global_ns());
  for (int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x); i < n;
       i += static_cast<int>(gridDim.x * blockDim.x))
    out[i] = data[i] + 1;
}

__global__ void probe(unsigned long long* stamps) {
  if (threadIdx.x == 0)
    atomicMin(&stamps[3], global_ns());
}

struct PdlRun {
  unsigned long long stamps[4];
  bool data_ok;
};

PdlRun pdl_run(bool dependent_launch, bool with_probe, cudaStream_t s, cudaStream_t other) {
  const int n = 1 << 16, salt = 77;
  const unsigned long long spin_ns = 200000; // 200 us: far above a launch's latency
  DeviceBuffer<int> data(n), out(n);
  DeviceBuffer<unsigned long long> stamps(4);
  data.poison();
  out.poison();
  stamps.upload({0ULL, ULLONG_MAX, ULLONG_MAX, ULLONG_MAX});
  TIRX_CHECK_CUDA(cudaDeviceSynchronize()); // the setup, on the default stream, is done
  LaunchConfig primary;
  primary.grid = 4;
  primary.block = 128;
  primary.stream = s;
  TIRX_CHECK_CUDA(launch(primary, pdl_primary, data.ptr, n, salt, spin_ns, stamps.ptr));
  if (with_probe) {
    LaunchConfig p;
    p.stream = other;
    TIRX_CHECK_CUDA(launch(p, probe, stamps.ptr));
  } else {
    LaunchConfig dependent = primary;
    dependent.programmatic_stream_serialization = dependent_launch;
    TIRX_CHECK_CUDA(launch(dependent, pdl_dependent, static_cast<const int*>(data.ptr), out.ptr, n,
                           stamps.ptr));
  }
  TIRX_CHECK_CUDA(cudaDeviceSynchronize());
  PdlRun r{};
  const std::vector<unsigned long long> st = stamps.download();
  std::copy(st.begin(), st.end(), r.stamps);
  r.data_ok = true;
  if (!with_probe) {
    const std::vector<int> o = out.download();
    for (int i = 0; i < n && r.data_ok; ++i)
      r.data_ok = o[static_cast<size_t>(i)] == 3 * i + salt + 1;
  }
  return r;
}

double us_between(unsigned long long later, unsigned long long earlier) {
  return (static_cast<double>(later) - static_cast<double>(earlier)) / 1000.0;
}

// Whether two independent streams overlap here (a probe in another stream starts before the
// primary's last stamp): false where every kernel is serialized, as compute-sanitizer may.
bool streams_overlap(cudaStream_t s, cudaStream_t other) {
  const PdlRun control = pdl_run(false, true, s, other);
  return control.stamps[3] < control.stamps[0];
}

bool check_pdl(const cudaDeviceProp& prop) {
  cudaStream_t s = nullptr, other = nullptr;
  TIRX_CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  TIRX_CHECK_CUDA(cudaStreamCreateWithFlags(&other, cudaStreamNonBlocking));
  const bool concurrent = streams_overlap(s, other);
  const PdlRun with = pdl_run(true, false, s, other);
  const PdlRun without = pdl_run(false, false, s, other);
  const unsigned long long p_last = with.stamps[0], d_first = with.stamps[1],
                           d_wait = with.stamps[2];
  if (!expect(with.data_ok && without.data_ok))
    std::printf("FAIL pdl: the dependent read data the primary had not written (with PDL: %s, "
                "without: %s)\n",
                with.data_ok ? "right" : "WRONG", without.data_ok ? "right" : "WRONG");
  if (!expect(d_wait >= p_last))
    std::printf("FAIL pdl: the dependent passed griddep_wait %.1f us before the primary's last "
                "stamp\n",
                us_between(p_last, d_wait));
  if (!expect(without.stamps[1] >= without.stamps[0]))
    std::printf("FAIL pdl: without the attribute the dependent started %.1f us before the "
                "primary's end\n",
                us_between(without.stamps[0], without.stamps[1]));
  std::printf("pdl: without the attribute the dependent starts %.1f us after the primary's last "
              "stamp\n",
              us_between(without.stamps[1], without.stamps[0]));
  if (prop.major < 9) {
    std::printf("pdl: sm_%d%d has no programmatic dependent launch: order and data checked\n",
                prop.major, prop.minor);
  } else if (!concurrent) {
    std::printf("pdl: two independent streams do not overlap here (kernels serialized, e.g. by "
                "compute-sanitizer): the overlap is not measurable, order and data checked\n");
  } else {
    if (!expect(d_first < p_last))
      std::printf("FAIL pdl: the dependent's prologue started %.1f us after the primary's last "
                  "stamp: no overlap\n",
                  us_between(d_first, p_last));
    else
      std::printf("pdl: the dependent's prologue starts %.1f us before the primary's last stamp "
                  "(overlap of the primary's 200 us tail); it passes griddep_wait %.1f us after "
                  "it\n",
                  us_between(p_last, d_first), us_between(d_wait, p_last));
  }
  TIRX_CHECK_CUDA(cudaStreamDestroy(s));
  TIRX_CHECK_CUDA(cudaStreamDestroy(other));
  return concurrent;
}

// The programmatic event: the primary in one stream records it as its CTAs start
// (trigger_at_block_start); another stream waits for it and runs the dependent, which waits in
// griddep_wait for the primary's end and memory
void check_programmatic_event(const cudaDeviceProp& prop, bool concurrent) {
  if (prop.major < 9) {
    std::printf("pdl event: sm_%d%d has no programmatic events: skipped\n", prop.major, prop.minor);
    return;
  }
  const int n = 1 << 16, salt = 91;
  cudaStream_t s = nullptr, other = nullptr;
  TIRX_CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  TIRX_CHECK_CUDA(cudaStreamCreateWithFlags(&other, cudaStreamNonBlocking));
  cudaEvent_t event = nullptr;
  TIRX_CHECK_CUDA(cudaEventCreateWithFlags(&event, cudaEventDisableTiming));
  DeviceBuffer<int> data(n), out(n);
  DeviceBuffer<unsigned long long> stamps(4);
  data.poison();
  out.poison();
  stamps.upload({0ULL, ULLONG_MAX, ULLONG_MAX, ULLONG_MAX});
  TIRX_CHECK_CUDA(cudaDeviceSynchronize()); // the setup, on the default stream, is done
  LaunchConfig primary;
  primary.grid = 4;
  primary.block = 128;
  primary.stream = s;
  primary.programmatic_event = ProgrammaticEvent{event, true};
  TIRX_CHECK_CUDA(launch(primary, pdl_primary, data.ptr, n, salt, 200000ULL, stamps.ptr));
  TIRX_CHECK_CUDA(cudaStreamWaitEvent(other, event, 0));
  LaunchConfig dependent;
  dependent.grid = 4;
  dependent.block = 128;
  dependent.stream = other;
  TIRX_CHECK_CUDA(
      launch(dependent, pdl_dependent, static_cast<const int*>(data.ptr), out.ptr, n, stamps.ptr));
  TIRX_CHECK_CUDA(cudaDeviceSynchronize());
  const std::vector<unsigned long long> st = stamps.download();
  const std::vector<int> o = out.download();
  bool data_ok = true;
  for (int i = 0; i < n && data_ok; ++i)
    data_ok = o[static_cast<size_t>(i)] == 3 * i + salt + 1;
  if (!expect(data_ok))
    std::printf("FAIL pdl event: the dependent read data the primary had not written\n");
  if (!expect(st[2] >= st[0]))
    std::printf("FAIL pdl event: the dependent passed griddep_wait %.1f us before the primary's "
                "last stamp\n",
                us_between(st[0], st[2]));
  if (!concurrent)
    std::printf("pdl event: kernels are serialized here: order and data checked\n");
  else if (!expect(st[1] < st[0]))
    std::printf("FAIL pdl event: the dependent in the other stream started %.1f us after the "
                "primary's last stamp: the event did not release it early\n",
                us_between(st[1], st[0]));
  else
    std::printf("pdl event: the dependent in the other stream starts %.1f us before the "
                "primary's last stamp; it passes griddep_wait %.1f us after it\n",
                us_between(st[0], st[1]), us_between(st[2], st[0]));
  TIRX_CHECK_CUDA(cudaEventDestroy(event));
  TIRX_CHECK_CUDA(cudaStreamDestroy(s));
  TIRX_CHECK_CUDA(cudaStreamDestroy(other));
}

// -- cooperative ---------------------------------------------------------------------------------
// rounds of x[i] <- 3 x[i] + x[(i + n/2 + 1) % n] + r (the second read is another CTA's), a
// grid_sync after each; then the sum of every element, which every element needs
__global__ void coop_rounds(unsigned* a, unsigned* b, unsigned* out, unsigned* total, int n,
                            int rounds) {
  const int tid = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const int stride = static_cast<int>(gridDim.x * blockDim.x);
  const int shift = n / 2 + 1;
  for (int r = 0; r < rounds; ++r) {
    const unsigned* src = r % 2 == 0 ? a : b;
    unsigned* dst = r % 2 == 0 ? b : a;
    for (int i = tid; i < n; i += stride)
      dst[i] = 3u * src[i] + src[(i + shift) % n] + static_cast<unsigned>(r);
    grid_sync(); // every element of dst is written before any thread reads it
  }
  const unsigned* last = rounds % 2 == 0 ? a : b;
  unsigned part = 0;
  for (int i = tid; i < n; i += stride)
    part += last[i];
  atomicAdd(total, part);
  grid_sync(); // the sum is complete
  const unsigned sum = *static_cast<volatile unsigned*>(total);
  for (int i = tid; i < n; i += stride)
    out[i] = last[i] ^ sum;
}

std::vector<unsigned> coop_reference(std::vector<unsigned> x, int rounds) {
  const int n = static_cast<int>(x.size()), shift = n / 2 + 1;
  std::vector<unsigned> y(x.size());
  for (int r = 0; r < rounds; ++r) {
    for (int i = 0; i < n; ++i)
      y[static_cast<size_t>(i)] = 3u * x[static_cast<size_t>(i)] +
                                  x[static_cast<size_t>((i + shift) % n)] +
                                  static_cast<unsigned>(r);
    std::swap(x, y);
  }
  unsigned sum = 0;
  for (unsigned v : x)
    sum += v;
  for (unsigned& v : x)
    v ^= sum;
  return x;
}

void coop_case(const char* what, dim3 grid, dim3 cluster) {
  const int n = 1 << 20, rounds = 6;
  std::vector<unsigned> init(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i)
    init[static_cast<size_t>(i)] = static_cast<unsigned>(i) * 2654435761u;
  DeviceBuffer<unsigned> a(static_cast<size_t>(n)), b(static_cast<size_t>(n)),
      out(static_cast<size_t>(n)), total(1);
  a.upload(init);
  b.poison();
  out.poison();
  total.fill_bytes(0);
  LaunchConfig cfg;
  cfg.grid = grid;
  cfg.block = 256;
  cfg.cluster = cluster;
  cfg.cooperative = true;
  if (const cudaError_t e = launch(cfg, coop_rounds, a.ptr, b.ptr, out.ptr, total.ptr, n, rounds);
      !expect(e == cudaSuccess)) {
    std::printf("FAIL cooperative %s: the launch of %u CTAs failed: %s\n", what, grid.x,
                cudaGetErrorName(e));
    return;
  }
  TIRX_CHECK_CUDA(cudaDeviceSynchronize());
  if (!expect(out.download() == coop_reference(init, rounds)))
    std::printf("FAIL cooperative %s: the result differs from the host's\n", what);
  else
    std::printf("cooperative %s: %u CTAs (clusters of %u), %d rounds with grid_sync: right\n", what,
                grid.x, cluster.x, rounds);
  // one CTA (cluster) more than the device holds at once: refused, nothing launched
  cfg.grid = dim3(grid.x + cluster.x);
  const cudaError_t e = launch(cfg, coop_rounds, a.ptr, b.ptr, out.ptr, total.ptr, n, rounds);
  if (!expect(e == cudaErrorCooperativeLaunchTooLarge && cudaGetLastError() == cudaSuccess))
    std::printf("FAIL cooperative %s: a grid of %u CTAs was not refused (%s)\n", what, cfg.grid.x,
                cudaGetErrorName(e));
}

void check_cooperative(const cudaDeviceProp& prop) {
  int per_sm = 0;
  TIRX_CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, coop_rounds, 256, 0));
  coop_case("whole device", dim3(static_cast<unsigned>(per_sm * prop.multiProcessorCount)),
            dim3(1));
  if (prop.major >= 9) {
    cudaLaunchAttribute cluster{};
    cluster.id = cudaLaunchAttributeClusterDimension;
    cluster.val.clusterDim.x = 2;
    cluster.val.clusterDim.y = 1;
    cluster.val.clusterDim.z = 1;
    cudaLaunchConfig_t c{};
    c.gridDim = dim3(2);
    c.blockDim = dim3(256);
    c.attrs = &cluster;
    c.numAttrs = 1;
    int clusters = 0;
    TIRX_CHECK_CUDA(cudaOccupancyMaxActiveClusters(&clusters, coop_rounds, &c));
    coop_case("clusters of 2", dim3(static_cast<unsigned>(2 * clusters)), dim3(2));
  }
}

// -- priority ------------------------------------------------------------------------------------
__global__ void scale(const int* in, int* out, int n, int k) {
  for (int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x); i < n;
       i += static_cast<int>(gridDim.x * blockDim.x))
    out[i] = in[i] * k;
}

void check_priority() {
  const StreamPriorities range = stream_priorities();
  std::printf("priority: the device's range is [%d, %d] (greatest, least)\n", range.greatest,
              range.least);
  if (!expect(range.greatest <= range.least))
    std::printf("FAIL priority: greatest %d above least %d\n", range.greatest, range.least);
  const int n = 4096;
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i)
    h[static_cast<size_t>(i)] = i - 1000;
  DeviceBuffer<int> in(n), out(n);
  in.upload(h);
  for (int p : {range.greatest, range.least}) {
    cudaStream_t s = nullptr;
    TIRX_CHECK_CUDA(create_priority_stream(&s, p));
    int back = 12345;
    TIRX_CHECK_CUDA(cudaStreamGetPriority(s, &back));
    if (!expect(back == p))
      std::printf("FAIL priority: a stream created at %d reads back %d\n", p, back);
    for (cudaStream_t stream : {static_cast<cudaStream_t>(nullptr), s}) {
      out.poison();
      TIRX_CHECK_CUDA(cudaDeviceSynchronize()); // s does not wait for the default stream
      LaunchConfig cfg;
      cfg.grid = 8;
      cfg.block = 128;
      cfg.stream = stream;
      cfg.priority = p;
      TIRX_CHECK_CUDA(launch(cfg, scale, static_cast<const int*>(in.ptr), out.ptr, n, p - 3));
      TIRX_CHECK_CUDA(cudaDeviceSynchronize());
      const std::vector<int> o = out.download();
      bool ok = true;
      for (int i = 0; i < n; ++i)
        ok = ok && o[static_cast<size_t>(i)] == h[static_cast<size_t>(i)] * (p - 3);
      if (!expect(ok))
        std::printf("FAIL priority: a launch at priority %d gave a wrong result\n", p);
    }
    TIRX_CHECK_CUDA(cudaStreamDestroy(s));
  }
  // outside the range: refused by tirx (CUDA would clamp), nothing launched
  out.poison();
  LaunchConfig cfg;
  cfg.grid = 8;
  cfg.block = 128;
  cfg.priority = range.greatest - 1;
  const cudaError_t e = launch(cfg, scale, static_cast<const int*>(in.ptr), out.ptr, n, 2);
  TIRX_CHECK_CUDA(cudaDeviceSynchronize());
  const std::vector<int> o = out.download();
  if (!expect(e == cudaErrorInvalidValue && o[0] == -1))
    std::printf("FAIL priority: priority %d was not refused (%s)\n", range.greatest - 1,
                cudaGetErrorName(e));
  cudaStream_t none = nullptr;
  if (!expect(create_priority_stream(&none, range.least + 1) == cudaErrorInvalidValue))
    std::printf("FAIL priority: create_priority_stream took %d\n", range.least + 1);
}

// -- l2_window -----------------------------------------------------------------------------------
// reps x (the whole table, then the rep's own chunk of the stream): the table's reuse distance
// (16 + 64 MiB) is above L2, so without a window the stream evicts it every rep
__global__ void fill(unsigned* x, size_t n, unsigned mul) {
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += static_cast<size_t>(gridDim.x) * blockDim.x)
    x[i] = static_cast<unsigned>(i) * mul;
}

__global__ void table_and_stream(const unsigned* table, size_t table_n, const unsigned* stream,
                                 size_t chunk_n, int reps, unsigned* out) {
  const size_t tid = blockIdx.x * blockDim.x + threadIdx.x;
  const size_t stride = static_cast<size_t>(gridDim.x) * blockDim.x;
  unsigned acc = 0;
  for (int r = 0; r < reps; ++r) {
    for (size_t i = tid; i < table_n; i += stride)
      acc += table[i];
    for (size_t i = tid; i < chunk_n; i += stride)
      acc += stream[static_cast<size_t>(r) * chunk_n + i] ^ static_cast<unsigned>(r);
  }
  out[tid] = acc;
}

void check_l2_window(const cudaDeviceProp& prop) {
  int max_window = 0, max_persisting = 0;
  TIRX_CHECK_CUDA(cudaDeviceGetAttribute(&max_window, cudaDevAttrMaxAccessPolicyWindowSize, 0));
  TIRX_CHECK_CUDA(cudaDeviceGetAttribute(&max_persisting, cudaDevAttrMaxPersistingL2CacheSize, 0));
  if (max_window <= 0 || max_persisting <= 0) {
    std::printf("l2_window: the device has no access-policy windows: skipped\n");
    return;
  }
  const size_t table_n = size_t{4} << 20, chunk_n = size_t{16} << 20; // 16 MiB, 64 MiB
  const int reps = 8;
  const unsigned grid = static_cast<unsigned>(prop.multiProcessorCount) * 4, block = 256;
  const size_t threads = size_t{grid} * block;
  DeviceBuffer<unsigned> table(table_n), stream(chunk_n * reps), out(threads);
  fill<<<1024, 256>>>(table.ptr, table_n, 2654435761u);
  fill<<<1024, 256>>>(stream.ptr, chunk_n * reps, 40503u);
  TIRX_CHECK_LAUNCH("fill");
  // the reference: thread t's sum
  std::vector<unsigned> want(threads, 0u);
  for (int r = 0; r < reps; ++r) {
    for (size_t i = 0; i < table_n; ++i)
      want[i % threads] += static_cast<unsigned>(i) * 2654435761u;
    for (size_t i = 0; i < chunk_n; ++i)
      want[i % threads] += (static_cast<unsigned>(static_cast<size_t>(r) * chunk_n + i) * 40503u) ^
                           static_cast<unsigned>(r);
  }
  const size_t set_aside = std::min(table.bytes(), static_cast<size_t>(max_persisting));
  TIRX_CHECK_CUDA(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, set_aside));
  cudaEvent_t start = nullptr, stop = nullptr;
  TIRX_CHECK_CUDA(cudaEventCreate(&start));
  TIRX_CHECK_CUDA(cudaEventCreate(&stop));
  float best[2] = {1e30f, 1e30f};
  for (int round = 0; round < 5; ++round)
    for (int windowed = 0; windowed < 2; ++windowed) {
      LaunchConfig cfg;
      cfg.grid = grid;
      cfg.block = block;
      if (windowed)
        cfg.access_policy_window =
            AccessPolicyWindow{table.ptr, table.bytes(), L2Policy{1.0, L2Access::persisting}};
      out.poison();
      TIRX_CHECK_CUDA(cudaCtxResetPersistingL2Cache()); // each run starts cold
      TIRX_CHECK_CUDA(cudaEventRecord(start));
      TIRX_CHECK_CUDA(launch(cfg, table_and_stream, static_cast<const unsigned*>(table.ptr),
                             table_n, static_cast<const unsigned*>(stream.ptr), chunk_n, reps,
                             out.ptr));
      TIRX_CHECK_CUDA(cudaEventRecord(stop));
      TIRX_CHECK_CUDA(cudaEventSynchronize(stop));
      float ms = 0;
      TIRX_CHECK_CUDA(cudaEventElapsedTime(&ms, start, stop));
      best[windowed] = std::min(best[windowed], ms);
      if (round == 0 && !expect(out.download() == want))
        std::printf("FAIL l2_window: the sums differ from the host's (%s the window)\n",
                    windowed ? "with" : "without");
    }
  std::printf("l2_window: %d reps of a 16 MiB table between 64 MiB streams: %.1f us without the "
              "window, %.1f us with a persisting window over the table (%zu bytes set aside; "
              "best of 5, measured, not checked)\n",
              reps, 1000.0 * best[0], 1000.0 * best[1], set_aside);
  TIRX_CHECK_CUDA(cudaCtxResetPersistingL2Cache());
  TIRX_CHECK_CUDA(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 0));
  TIRX_CHECK_CUDA(cudaEventDestroy(start));
  TIRX_CHECK_CUDA(cudaEventDestroy(stop));
  // a window above the device's largest: refused, nothing launched
  LaunchConfig cfg;
  cfg.grid = grid;
  cfg.block = block;
  cfg.access_policy_window =
      AccessPolicyWindow{stream.ptr, static_cast<size_t>(max_window) + 1, L2Policy{}};
  const cudaError_t e =
      launch(cfg, table_and_stream, static_cast<const unsigned*>(table.ptr), table_n,
             static_cast<const unsigned*>(stream.ptr), chunk_n, reps, out.ptr);
  if (!expect(e == cudaErrorInvalidValue && cudaGetLastError() == cudaSuccess))
    std::printf("FAIL l2_window: a window of %d + 1 bytes was not refused (%s)\n", max_window,
                cudaGetErrorName(e));
}

// -- the trap cases ------------------------------------------------------------------------------
__global__ void sync_twice(unsigned* counter) {
  atomicAdd(counter, 1u);
  grid_sync();
  if (blockIdx.x == 0 && threadIdx.x == 0 && *static_cast<volatile unsigned*>(counter) != 1024u)
    *counter = 0xdeadu; // the barrier let a thread through early
}

constexpr TrapCase trap_cases[] = {
    {"grid_sync_cooperative", false, nullptr},
    {"grid_sync_plain", true,
     "tirx::grid_sync: the kernel was not launched cooperatively, so its CTAs need not be "
     "resident at once; launch it with LaunchConfig::cooperative = true (tirx::launch)"},
};

int trap_child(const char* name) {
  DeviceBuffer<unsigned> counter(1);
  counter.fill_bytes(0);
  LaunchConfig cfg;
  cfg.grid = 8;
  cfg.block = 128;
  cfg.cooperative = std::strcmp(name, "grid_sync_cooperative") == 0;
  if (!cfg.cooperative && std::strcmp(name, "grid_sync_plain") != 0) {
    std::printf("unknown case %s\n", name);
    return 2;
  }
  if (cudaError_t e = launch(cfg, sync_twice, counter.ptr); e != cudaSuccess) {
    std::printf("child %s: launch refused: %s\n", name, cudaGetErrorString(e));
    return 4;
  }
  if (int rc = tirx_trap_wait(name))
    return rc;
  if (counter.download()[0] != 1024u) {
    std::printf("child %s: the counter is %u, not 1024\n", name, counter.download()[0]);
    return 5;
  }
  return tirx_trap_finished(name);
}

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "--traps") == 0)
    return tirx_trap_main(1, argv, "gpu_launch_attributes_trap", trap_cases, trap_child);
  if (argc > 1 && (std::strcmp(argv[1], "--child") == 0 ||
                   std::strcmp(argv[1], "--clean-cases") == 0)) // the trap runner's children
    return tirx_trap_main(argc, argv, "gpu_launch_attributes_trap", trap_cases, trap_child);
  if (int rc = tirx_test_require_gpu())
    return rc;
  cudaDeviceProp prop{};
  TIRX_CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  std::printf("device: %s (sm_%d%d, %d SMs)\n", prop.name, prop.major, prop.minor,
              prop.multiProcessorCount);
  const bool concurrent = check_pdl(prop);
  check_programmatic_event(prop, concurrent);
  check_cooperative(prop);
  check_priority();
  check_l2_window(prop);
  return tirx_test::summary("gpu_launch_attributes");
}
