// tirx_bench: the kernels of benchmarks/KERNELS.md, tirx (tirx_kernels::*,
// kernels/kernels.cuh) against the hand-written CUDA twins (cuda_twins::*,
// benchmarks/twins/) and, for copy, cudaMemcpyAsync. One CSV row per kernel,
// implementation and size, in the format of KERNELS.md.
//
//   tirx_bench [--out FILE] [--sizes a,b,c] [--kernels k1,k2] [--impls tirx,cuda,memcpy] [--quick]
//
// Sizes are input bytes (1048576, 64M, 64MiB, 4G; default: powers of two
// from 1 MiB to 4 GiB; --quick: 1 MiB, 16 MiB, 256 MiB). Row kernels and
// add_bias use rows of 4096; the row kernels also run cols 8192 and 16384 at
// the largest size up to 1 GiB. The transpose's x is rows x cols with cols =
// 2^ceil(log2(n) / 2). A size that does not split into whole rows is skipped.
//
// Method (KERNELS.md): inputs uniform in [-4, 4) from a hash of (seed =
// size in bytes, index), generated on the GPU; for each implementation the
// output is poisoned (0xFF bytes), one run is checked on the GPU against a
// naive reference kernel (a thread per element or per row, double
// accumulation; bit-exact or the spec's tolerances), then 3 warm-up runs and
// 20 timed runs (10 from 4 GiB on), each between two CUDA events, queued
// behind a 2 ms GPU sleep so the events time the GPU and not the host; all
// implementations are timed twice, in two rounds, and the faster of each
// one's two medians is reported. When input + output of one call is under 200 MiB,
// k = 200 MiB / bytes + 1 copies of input and output are allocated and the
// calls rotate through them, so each call reads from HBM, not from the L2.
//
// stdout (or --out): "# gpu=<name>, date=<YYYY-MM-DD>", the CSV header, the
// rows. stderr: progress, and one line per failed check (the first bad
// index, the value read and the value expected). Exit status: 0 when every
// check passed, 1 when one failed or a run could not be done, 2 on a bad
// command line, 77 when there is no GPU.
#include "kernel_list.hpp"

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

namespace {

constexpr long long KiB = 1024, MiB = 1024 * KiB, GiB = 1024 * MiB;
constexpr long long kDefaultCols = 4096;
constexpr long long kWideCols[] = {8192, 16384};
constexpr long long kWideAt = 1 * GiB;
constexpr int kWarmup = 3, kReps = 20, kRepsHuge = 10;
constexpr long long kHuge = 4 * GiB; // kRepsHuge from this input size on
constexpr long long kRotateBytes = 200 * MiB;
constexpr unsigned long long kHoldNs = 2'000'000; // GPU sleep while the host queues the timed calls
constexpr double kRel = 1e-5, kAbsFloor = 1e-6, kRmsEps = kernel_list::kRmsEps;

// -- kernels (kernel_list.hpp) ------------------------------------------------------------
using kernel_list::KernelInfo;
using kernel_list::Kid;
using kernel_list::kKernels;
using kernel_list::Layout;

enum class Impl { tirx, cuda, memcpy };
const char* impl_name(Impl i) {
  return i == Impl::tirx ? "tirx" : i == Impl::cuda ? "cuda" : "memcpy";
}

long long counted_bytes(const KernelInfo& k, long long n, long long rows, long long cols) {
  switch (k.id) {
  case Kid::to_f16:
  case Kid::to_bf16:
    return 6 * n;
  case Kid::add_bias:
    return 8 * n + 4 * cols;
  case Kid::row_sum:
  case Kid::row_max:
    return 4 * n + 4 * rows;
  case Kid::rmsnorm:
    return 8 * n + 4 * cols;
  default:
    return 8 * n;
  }
}

// -- logging --------------------------------------------------------------------------------
const auto g_start = std::chrono::steady_clock::now();

void log(const char* fmt, ...) {
  const double t =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - g_start).count();
  std::fprintf(stderr, "[bench %7.1fs] ", t);
  va_list args;
  va_start(args, fmt);
  std::vfprintf(stderr, fmt, args);
  va_end(args);
  std::fputc('\n', stderr);
  std::fflush(stderr);
}

std::string size_label(long long bytes) {
  const struct {
    const char* unit;
    long long scale;
  } units[] = {{"GiB", GiB}, {"MiB", MiB}, {"KiB", KiB}};
  for (const auto& u : units)
    if (bytes >= u.scale && bytes % u.scale == 0)
      return std::to_string(bytes / u.scale) + " " + u.unit;
  return std::to_string(bytes) + " B";
}

/// A CUDA error that leaves the context unusable (or any error where none
/// is expected): report and stop.
void fatal_cuda(cudaError_t err, const char* what) {
  log("FATAL: %s: %s (%s)", what, cudaGetErrorName(err), cudaGetErrorString(err));
  std::exit(1);
}
#define BENCH_CUDA(call)                                                                           \
  do {                                                                                             \
    const cudaError_t bench_err_ = (call);                                                         \
    if (bench_err_ != cudaSuccess)                                                                 \
      fatal_cuda(bench_err_, #call);                                                               \
  } while (0)

// -- device buffers -------------------------------------------------------------------------
struct DeviceMemory {
  void* ptr = nullptr;
  DeviceMemory() = default;
  DeviceMemory(const DeviceMemory&) = delete;
  DeviceMemory& operator=(const DeviceMemory&) = delete;
  ~DeviceMemory() { release(); }
  bool allocate(long long bytes) {
    release();
    if (cudaMalloc(&ptr, static_cast<std::size_t>(bytes < 256 ? 256 : bytes)) != cudaSuccess) {
      (void)cudaGetLastError(); // out of memory is not sticky
      ptr = nullptr;
      return false;
    }
    return true;
  }
  void release() {
    if (ptr)
      BENCH_CUDA(cudaFree(ptr));
    ptr = nullptr;
  }
  template <class T> T* as(long long byte_offset = 0) const {
    return reinterpret_cast<T*>(static_cast<char*>(ptr) + byte_offset);
  }
};

long long round_up(long long v, long long m) { return (v + m - 1) / m * m; }

// -- input generation -----------------------------------------------------------------------
__host__ __device__ inline std::uint64_t splitmix64(std::uint64_t z) {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/// p[i] = -4 + k * 2^-21 with k the top 24 bits of a hash of (seed, i):
/// uniform in [-4, 4), every value exact in float.
__global__ void fill_uniform_kernel(float* p, long long n, std::uint64_t seed) {
  const std::uint64_t key = splitmix64(seed);
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long long>(gridDim.x) * blockDim.x) {
    const auto k = static_cast<unsigned>(splitmix64(key + static_cast<std::uint64_t>(i)) >> 40);
    p[i] = static_cast<float>(k) * 0x1p-21f - 4.0f;
  }
}

unsigned grid_stride_blocks(long long count) {
  const long long b = (count + 255) / 256;
  return static_cast<unsigned>(std::clamp(b, 1LL, 132LL * 64));
}

void fill_uniform(float* p, long long n, std::uint64_t seed, cudaStream_t s) {
  fill_uniform_kernel<<<grid_stride_blocks(n), 256, 0, s>>>(p, n, seed);
  BENCH_CUDA(cudaGetLastError());
}

/// Holds the GPU for `ns` nanoseconds (the timed calls queue up behind it).
__global__ void hold_kernel(unsigned long long ns) {
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do {
    __nanosleep(20000);
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  } while (t - t0 < ns);
}

// -- the reference checks, on the GPU ------------------------------------------------------------
struct CheckState {
  unsigned long long bad;
  unsigned long long first; // smallest bad index
  double got, want;         // at index `report`
};

/// c(i, got, want) -> ok, for i < count (elements, or rows for row_sum/row_max).
template <class C>
__global__ void check_kernel(C c, long long count, CheckState* st, long long report) {
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<long long>(gridDim.x) * blockDim.x) {
    double got = 0, want = 0;
    if (!c(i, got, want)) {
      atomicAdd(&st->bad, 1ull);
      atomicMin(&st->first, static_cast<unsigned long long>(i));
    }
    if (i == report)
      st->got = got, st->want = want;
  }
}

__device__ inline bool relatively(double got, double want) {
  return fabs(got - want) <= fmax(kRel * fabs(want), kAbsFloor); // NaN fails
}
__device__ inline bool same_bits(float got, float want, double& g, double& w) {
  g = got, w = want;
  return __float_as_uint(got) == __float_as_uint(want);
}

/// Elementwise maps, add_bias, transpose: one thread per output element.
struct MapCheck {
  Kid id;
  const float* x;
  const float* aux; // add_bias: bias
  const void* y;
  long long rows, cols;
  __device__ bool operator()(long long i, double& g, double& w) const {
    const float* yf = static_cast<const float*>(y);
    switch (id) {
    case Kid::copy:
      return same_bits(yf[i], x[i], g, w);
    case Kid::add_one:
      return same_bits(yf[i], static_cast<float>(static_cast<double>(x[i]) + 1.0), g, w);
    case Kid::affine_relu: // 2x is exact: one rounding of 2x + 1 in double -> float is the fma's
      return same_bits(yf[i], static_cast<float>(fmax(static_cast<double>(x[i]) * 2.0 + 1.0, 0.0)),
                       g, w);
    case Kid::silu: {
      const double xd = x[i];
      g = yf[i], w = xd / (1.0 + exp(-xd));
      return relatively(g, w);
    }
    case Kid::to_f16: {
      const __half got = static_cast<const __half*>(y)[i],
                   want = __double2half(static_cast<double>(x[i]));
      g = __half2float(got), w = __half2float(want);
      return __half_as_ushort(got) == __half_as_ushort(want);
    }
    case Kid::to_bf16: {
      const __nv_bfloat16 got = static_cast<const __nv_bfloat16*>(y)[i],
                          want = __double2bfloat16(static_cast<double>(x[i]));
      g = __bfloat162float(got), w = __bfloat162float(want);
      return __bfloat16_as_ushort(got) == __bfloat16_as_ushort(want);
    }
    case Kid::add_bias:
      return same_bits(
          yf[i], static_cast<float>(static_cast<double>(x[i]) + static_cast<double>(aux[i % cols])),
          g, w);
    case Kid::transpose:
    case Kid::transpose_swizzled: { // y is cols x rows: y[c, r] = x[r, c]
      const long long c = i / rows, r = i % rows;
      return same_bits(yf[i], x[r * cols + c], g, w);
    }
    default:
      return false;
    }
  }
};

/// row_sum, row_max: one thread per row.
struct RowReduceCheck {
  bool is_sum;
  const float* x;
  const float* y;
  long long cols;
  __device__ bool operator()(long long r, double& g, double& w) const {
    const float* row = x + r * cols;
    if (is_sum) {
      double s = 0, a = 0;
      for (long long c = 0; c < cols; ++c)
        s += row[c], a += fabs(static_cast<double>(row[c]));
      g = y[r], w = s;
      return fabs(g - w) <= kRel * a; // NaN fails
    }
    float m = -INFINITY;
    for (long long c = 0; c < cols; ++c)
      m = row[c] > m ? row[c] : m;
    return same_bits(y[r], m, g, w);
  }
};

/// softmax: stats[2r] = max, stats[2r + 1] = sum of exp(x - max);
/// rmsnorm: stats[2r] = 1 / sqrt(mean(x^2) + eps). One thread per row, in double.
__global__ void row_stats_kernel(bool softmax, const float* x, double* stats, long long rows,
                                 long long cols) {
  for (long long r = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; r < rows;
       r += static_cast<long long>(gridDim.x) * blockDim.x) {
    const float* row = x + r * cols;
    if (softmax) {
      double m = -INFINITY, s = 0;
      for (long long c = 0; c < cols; ++c)
        m = fmax(m, static_cast<double>(row[c]));
      for (long long c = 0; c < cols; ++c)
        s += exp(static_cast<double>(row[c]) - m);
      stats[2 * r] = m, stats[2 * r + 1] = s;
    } else {
      double ss = 0;
      for (long long c = 0; c < cols; ++c)
        ss += static_cast<double>(row[c]) * row[c];
      stats[2 * r] = 1.0 / sqrt(ss / static_cast<double>(cols) + kRmsEps);
    }
  }
}

/// softmax, rmsnorm elements, from the row statistics.
struct RowNormCheck {
  bool softmax;
  const float* x;
  const float* w; // rmsnorm
  const float* y;
  const double* stats;
  long long cols;
  __device__ bool operator()(long long i, double& g, double& want) const {
    const long long r = i / cols, c = i % cols;
    g = y[i];
    want = softmax ? exp(static_cast<double>(x[i]) - stats[2 * r]) / stats[2 * r + 1]
                   : static_cast<double>(x[i]) * stats[2 * r] * static_cast<double>(w[c]);
    return relatively(g, want);
  }
};

struct Shape {
  long long n, rows, cols;
};

class Checker {
public:
  Checker() { BENCH_CUDA(cudaMalloc(&state_, sizeof(CheckState))); }
  ~Checker() { cudaFree(state_); }
  Checker(const Checker&) = delete;
  Checker& operator=(const Checker&) = delete;

  /// Compares y with the reference of kernel k on x (and aux); returns the
  /// number of bad elements (rows for row_sum/row_max), logs the first.
  unsigned long long run(const KernelInfo& k, const Shape& sh, const float* x, const float* aux,
                         const void* y, const char* label, cudaStream_t s) {
    DeviceMemory stats;
    long long count = k.reduces ? sh.rows : sh.n;
    auto launch = [&](long long report) {
      const CheckState init{0, ~0ull, 0, 0};
      BENCH_CUDA(cudaMemcpyAsync(state_, &init, sizeof init, cudaMemcpyHostToDevice, s));
      const unsigned blocks = grid_stride_blocks(count);
      switch (k.id) {
      case Kid::row_sum:
      case Kid::row_max:
        check_kernel<<<blocks, 256, 0, s>>>(
            RowReduceCheck{k.id == Kid::row_sum, x, static_cast<const float*>(y), sh.cols}, count,
            state_, report);
        break;
      case Kid::softmax:
      case Kid::rmsnorm:
        check_kernel<<<blocks, 256, 0, s>>>(RowNormCheck{k.id == Kid::softmax, x, aux,
                                                         static_cast<const float*>(y),
                                                         stats.as<double>(), sh.cols},
                                            count, state_, report);
        break;
      default:
        check_kernel<<<blocks, 256, 0, s>>>(MapCheck{k.id, x, aux, y, sh.rows, sh.cols}, count,
                                            state_, report);
      }
      BENCH_CUDA(cudaGetLastError());
      CheckState st;
      BENCH_CUDA(cudaMemcpyAsync(&st, state_, sizeof st, cudaMemcpyDeviceToHost, s));
      BENCH_CUDA(cudaStreamSynchronize(s));
      return st;
    };
    if (k.id == Kid::softmax || k.id == Kid::rmsnorm) {
      if (!stats.allocate(16 * sh.rows))
        fatal_cuda(cudaErrorMemoryAllocation, "reference statistics");
      row_stats_kernel<<<grid_stride_blocks(sh.rows), 256, 0, s>>>(
          k.id == Kid::softmax, x, stats.as<double>(), sh.rows, sh.cols);
      BENCH_CUDA(cudaGetLastError());
    }
    const CheckState st = launch(-1);
    if (st.bad == 0)
      return 0;
    const CheckState at = launch(static_cast<long long>(st.first));
    log("CHECK FAILED %s: %llu of %lld %s differ from the reference; first at index %llu: got "
        "%.9g, want %.9g",
        label, st.bad, count, k.reduces ? "rows" : "elements", st.first, at.got, at.want);
    return st.bad;
  }

private:
  CheckState* state_ = nullptr;
};

// -- launching one implementation -------------------------------------------------------------
cudaError_t launch(Impl impl, const KernelInfo& k, const Shape& sh, const float* x,
                   const float* aux, void* y, cudaStream_t s) {
  switch (impl) {
  case Impl::tirx:
    return kernel_list::launch_tirx(k, x, aux, y, sh.n, sh.rows, sh.cols, s);
  case Impl::cuda:
    return kernel_list::launch_twin(k, x, aux, y, sh.n, sh.rows, sh.cols, s);
  case Impl::memcpy:
    return cudaMemcpyAsync(y, x, 4 * sh.n, cudaMemcpyDeviceToDevice, s);
  }
  return cudaErrorInvalidValue;
}

// -- the sweep --------------------------------------------------------------------------------
struct Options {
  std::string out;
  std::vector<long long> sizes;
  std::vector<const KernelInfo*> kernels;
  std::vector<Impl> impls{Impl::tirx, Impl::cuda, Impl::memcpy};
};

struct Point {
  const KernelInfo* k;
  long long size; // input bytes asked for
  long long cols; // asked for (row kernels)
};

long long ceil_log2(long long n) {
  long long l = 0;
  while ((1LL << l) < n)
    ++l;
  return l;
}

/// (rows, cols) of x; (0, 0) for flat kernels; false when n does not split into rows.
bool shape_of(const KernelInfo& k, long long n, long long cols_asked, Shape& sh) {
  sh = {n, 0, 0};
  if (k.layout == Layout::flat)
    return n > 0;
  long long cols = cols_asked;
  if (k.layout == Layout::bias)
    cols = kDefaultCols;
  if (k.layout == Layout::square)
    cols = 1LL << ((ceil_log2(n) + 1) / 2);
  if (n <= 0 || n % cols != 0)
    return false;
  sh.rows = n / cols;
  sh.cols = cols;
  return true;
}

class Csv {
public:
  explicit Csv(const std::string& path)
      : file_(path.empty() ? stdout : std::fopen(path.c_str(), "w")) {}
  ~Csv() {
    if (file_ && file_ != stdout)
      std::fclose(file_);
  }
  Csv(const Csv&) = delete;
  Csv& operator=(const Csv&) = delete;
  bool ok() const { return file_ != nullptr; }
  void line(const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    std::vfprintf(file_, fmt, args);
    va_end(args);
    std::fflush(file_);
  }

private:
  std::FILE* file_;
};

struct Sweep {
  Csv& csv;
  cudaStream_t stream;
  Checker checker;
  std::vector<cudaEvent_t> starts, stops;
  bool all_ok = true;

  Sweep(Csv& c, cudaStream_t s) : csv(c), stream(s) {
    starts.resize(kReps), stops.resize(kReps);
    for (int i = 0; i < kReps; ++i) {
      BENCH_CUDA(cudaEventCreate(&starts[i]));
      BENCH_CUDA(cudaEventCreate(&stops[i]));
    }
  }
  ~Sweep() {
    for (int i = 0; i < kReps; ++i)
      cudaEventDestroy(starts[i]), cudaEventDestroy(stops[i]);
  }
  Sweep(const Sweep&) = delete;
  Sweep& operator=(const Sweep&) = delete;

  void run(const Point& p, const std::vector<Impl>& impls) {
    const KernelInfo& k = *p.k;
    std::string label = std::string(k.name) + " " + size_label(p.size);
    if (k.layout == Layout::rows)
      label += " cols=" + std::to_string(p.cols);
    Shape sh;
    if (!shape_of(k, p.size / 4, p.cols, sh)) {
      log("%s: skipped, %lld elements do not split into rows of %lld", label.c_str(), p.size / 4,
          k.layout == Layout::bias ? kDefaultCols : p.cols);
      return;
    }
    const long long in_bytes = 4 * sh.n;
    const long long out_bytes = (k.reduces ? sh.rows : sh.n) * k.out_elem_bytes;
    const long long counted = counted_bytes(k, sh.n, sh.rows, sh.cols);
    const long long copies = counted >= kRotateBytes ? 1 : kRotateBytes / counted + 1;
    const long long in_stride = round_up(in_bytes, 256), out_stride = round_up(out_bytes, 256);
    const int reps = 4 * sh.n >= kHuge ? kRepsHuge : kReps;

    DeviceMemory xs, ys, aux;
    if (!xs.allocate(in_stride * copies) || !ys.allocate(out_stride * copies) ||
        (k.has_aux && !aux.allocate(4 * sh.cols))) {
      log("%s: FAILED, out of memory for %lld copies of %s in + %s out", label.c_str(), copies,
          size_label(in_bytes).c_str(), size_label(out_bytes).c_str());
      all_ok = false;
      return;
    }
    const auto seed = static_cast<std::uint64_t>(p.size);
    for (long long c = 0; c < copies; ++c)
      fill_uniform(xs.as<float>(c * in_stride), sh.n, seed, stream);
    if (k.has_aux)
      fill_uniform(aux.as<float>(), sh.cols, seed ^ 0xA5A5A5A5ull, stream);

    std::string summary;
    auto call_of = [&](Impl impl) {
      return [&, impl](long long i) {
        const long long c = i % copies;
        return launch(impl, k, sh, xs.as<const float>(c * in_stride), aux.as<const float>(),
                      ys.as<void>(c * out_stride), stream);
      };
    };
    // warm-up, then the timed calls queued behind a GPU sleep; the median
    auto timed_median = [&](Impl impl) {
      auto call = call_of(impl);
      for (int i = 1; i <= kWarmup; ++i)
        BENCH_CUDA(call(i));
      hold_kernel<<<1, 1, 0, stream>>>(kHoldNs);
      BENCH_CUDA(cudaGetLastError());
      for (int i = 0; i < reps; ++i) {
        BENCH_CUDA(cudaEventRecord(starts[i], stream));
        BENCH_CUDA(call(1 + kWarmup + i));
        BENCH_CUDA(cudaEventRecord(stops[i], stream));
      }
      BENCH_CUDA(cudaStreamSynchronize(stream));
      std::vector<double> us(reps);
      for (int i = 0; i < reps; ++i) {
        float ms = 0;
        BENCH_CUDA(cudaEventElapsedTime(&ms, starts[i], stops[i]));
        us[i] = ms * 1e3;
      }
      std::sort(us.begin(), us.end());
      return reps % 2 ? us[reps / 2] : 0.5 * (us[reps / 2 - 1] + us[reps / 2]);
    };
    struct Timed {
      Impl impl;
      bool ok;
      double median;
    };
    std::vector<Timed> timed;
    for (Impl impl : impls) {
      if (impl == Impl::memcpy && k.id != Kid::copy)
        continue;
      auto call = call_of(impl);
      // checked run on copy 0, its output poisoned first
      BENCH_CUDA(cudaMemsetAsync(ys.as<void>(), 0xFF, out_bytes, stream));
      if (const cudaError_t err = call(0); err != cudaSuccess) {
        log("%s %s: FAILED, the launcher returned %s (%s)", label.c_str(), impl_name(impl),
            cudaGetErrorName(err), cudaGetErrorString(err));
        (void)cudaGetLastError();
        BENCH_CUDA(cudaStreamSynchronize(stream));
        summary += std::string(summary.empty() ? "" : ", ") + impl_name(impl) + " FAILED";
        all_ok = false;
        continue;
      }
      BENCH_CUDA(cudaStreamSynchronize(stream));
      const std::string what = label + " " + impl_name(impl);
      const bool ok = checker.run(k, sh, xs.as<const float>(), aux.as<const float>(),
                                  ys.as<const void>(), what.c_str(), stream) == 0;
      all_ok &= ok;
      timed.push_back({impl, ok, timed_median(impl)});
    }
    // A second round over the implementations, the faster median of the two
    // kept: on the H200 the implementation timed first ran up to 12% slow
    // at some shapes (rows of 8192), an effect of the order, not of the
    // kernel (ncu gave equal durations; timed second, it was as fast).
    for (Timed& t : timed)
      t.median = std::min(t.median, timed_median(t.impl));
    for (const Timed& t : timed) {
      const double gbps = static_cast<double>(counted) / (t.median * 1e-6) / 1e9;
      csv.line("%s,%s,%lld,%lld,%lld,%lld,%.3f,%.1f,%d\n", k.name, impl_name(t.impl), 4 * sh.n,
               sh.n, sh.rows, sh.cols, t.median, gbps, t.ok ? 1 : 0);
      char part[96];
      std::snprintf(part, sizeof part, "%s%s %8.1f GB/s%s", summary.empty() ? "" : ", ",
                    impl_name(t.impl), gbps, t.ok ? "" : " CHECK FAILED");
      summary += part;
    }
    log("%s (x%lld): %s", label.c_str(), copies, summary.c_str());
  }
};

// -- command line ---------------------------------------------------------------------------
void usage(std::FILE* f) {
  std::fprintf(f, "usage: tirx_bench [--out FILE] [--sizes a,b,c] [--kernels k1,k2] [--impls "
                  "tirx,cuda,memcpy] [--quick]\n"
                  "  --out FILE     CSV output (default: stdout)\n"
                  "  --sizes LIST   input sizes in bytes: 1048576, 64M, 64MiB, 4G (default: 1 MiB "
                  ".. 4 GiB, powers of 2)\n"
                  "  --kernels LIST a subset of:");
  for (const auto& k : kKernels)
    std::fprintf(f, " %s", k.name);
  std::fprintf(f, "\n"
                  "  --impls LIST   a subset of: tirx cuda memcpy (memcpy: copy only)\n"
                  "  --quick        sizes 1 MiB, 16 MiB, 256 MiB only\n");
}

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= s.size()) {
    const std::size_t end = s.find(',', start);
    const std::string item =
        s.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (!item.empty())
      out.push_back(item);
    if (end == std::string::npos)
      break;
    start = end + 1;
  }
  return out;
}

/// "1048576", "64M", "64MiB", "4G", "4GB" -> bytes; -1 when not a size.
long long parse_size(const std::string& text) {
  std::size_t i = 0;
  long long v = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
    v = v * 10 + (text[i] - '0');
    if (v > (1LL << 50))
      return -1;
    ++i;
  }
  if (i == 0)
    return -1;
  std::string unit = text.substr(i);
  for (char& c : unit)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  long long scale = 1;
  if (!unit.empty() && (unit[0] == 'k' || unit[0] == 'm' || unit[0] == 'g')) {
    scale = unit[0] == 'k' ? KiB : unit[0] == 'm' ? MiB : GiB;
    unit = unit.substr(1);
  }
  if (!(unit.empty() || unit == "b" || unit == "ib"))
    return -1;
  return v * scale;
}

int parse_args(int argc, char** argv, Options& o) {
  bool quick = false;
  std::vector<std::string> kernel_names;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "tirx_bench: %s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "-h" || a == "--help") {
      usage(stdout);
      std::exit(0);
    } else if (a == "--out") {
      o.out = value();
    } else if (a == "--quick") {
      quick = true;
    } else if (a == "--sizes") {
      for (const auto& s : split(value())) {
        const long long b = parse_size(s);
        if (b <= 0 || b % 4) {
          std::fprintf(stderr,
                       "tirx_bench: size '%s' is not a positive multiple of 4 bytes (e.g. 1048576, "
                       "64M, 4GiB)\n",
                       s.c_str());
          return 2;
        }
        o.sizes.push_back(b);
      }
    } else if (a == "--kernels") {
      for (const auto& s : split(value()))
        kernel_names.push_back(s);
    } else if (a == "--impls") {
      o.impls.clear();
      for (const auto& s : split(value())) {
        if (s == "tirx")
          o.impls.push_back(Impl::tirx);
        else if (s == "cuda")
          o.impls.push_back(Impl::cuda);
        else if (s == "memcpy")
          o.impls.push_back(Impl::memcpy);
        else {
          std::fprintf(stderr, "tirx_bench: unknown impl '%s' (tirx, cuda, memcpy)\n", s.c_str());
          return 2;
        }
      }
    } else {
      std::fprintf(stderr, "tirx_bench: unknown argument '%s'\n", a.c_str());
      usage(stderr);
      return 2;
    }
  }
  if (o.sizes.empty()) {
    if (quick)
      o.sizes = {1 * MiB, 16 * MiB, 256 * MiB};
    else
      for (int i = 0; i <= 12; ++i)
        o.sizes.push_back(MiB << i);
  }
  std::sort(o.sizes.begin(), o.sizes.end());
  o.sizes.erase(std::unique(o.sizes.begin(), o.sizes.end()), o.sizes.end());
  for (const auto& name : kernel_names) {
    bool known = false;
    for (const auto& k : kKernels)
      known |= name == k.name;
    if (!known) {
      std::fprintf(stderr, "tirx_bench: unknown kernel '%s'\n", name.c_str());
      usage(stderr);
      return 2;
    }
  }
  for (const auto& k : kKernels)
    if (kernel_names.empty() ||
        std::find(kernel_names.begin(), kernel_names.end(), k.name) != kernel_names.end())
      o.kernels.push_back(&k);
  return 0;
}

} // namespace

int main(int argc, char** argv) {
  Options opt;
  if (const int rc = parse_args(argc, argv, opt))
    return rc;

  int devices = 0;
  const cudaError_t err = cudaGetDeviceCount(&devices);
  if (err != cudaSuccess || devices == 0) {
    std::fprintf(stderr, "tirx_bench: no CUDA GPU (%s); nothing to time\n", cudaGetErrorName(err));
    return 77;
  }
  cudaDeviceProp prop{};
  BENCH_CUDA(cudaGetDeviceProperties(&prop, 0));

  Csv csv(opt.out);
  if (!csv.ok()) {
    std::fprintf(stderr, "tirx_bench: cannot write %s\n", opt.out.c_str());
    return 2;
  }
  char date[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
  csv.line("# gpu=%s, date=%s\n", prop.name, date);
  csv.line("kernel,impl,size_bytes,n,rows,cols,median_us,gbps,checked\n");

  std::vector<Point> points;
  long long wide_at = opt.sizes.front();
  for (long long s : opt.sizes)
    if (s <= kWideAt)
      wide_at = s;
  for (const KernelInfo* k : opt.kernels) {
    for (long long s : opt.sizes)
      points.push_back({k, s, kDefaultCols});
    if (k->layout == Layout::rows)
      for (long long c : kWideCols)
        points.push_back({k, wide_at, c});
  }
  log("%s, %zu points, %zu kernels, sizes %s .. %s", prop.name, points.size(), opt.kernels.size(),
      size_label(opt.sizes.front()).c_str(), size_label(opt.sizes.back()).c_str());

  cudaStream_t stream;
  BENCH_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  bool ok = true;
  {
    Sweep sweep(csv, stream);
    for (const Point& p : points)
      sweep.run(p, opt.impls);
    ok = sweep.all_ok;
  }
  BENCH_CUDA(cudaStreamDestroy(stream));
  log("done: %s", ok ? "every check passed" : "FAILURES (see above)");
  return ok ? 0 : 1;
}
