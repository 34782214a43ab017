// GPU size sweep of the kernels of kernels/kernels.cuh (tirx_gpu_test,
// label gpu): every launcher over many sizes and shapes, with base pointers
// offset by 0..3 elements (odd offsets: not 8- or 16-byte aligned), each
// output element checked against a host reference, and guard regions around
// every buffer that must come back unchanged.
//
//   gpu_kernels_sweep [--impl tirx|cuda] [--quick] [--kernels k1,k2] [SEED]
//
//   --impl cuda   sweeps the hand-written CUDA twins (benchmarks/twins/)
//                 instead of tirx: the benchmarks' baseline (ctest
//                 gpu_kernels_sweep.twins)
//   --quick       a small sweep, for compute-sanitizer; also when the
//                 environment has TIRX_SWEEP_QUICK=1 (scripts/gpu_suite.sh
//                 sets it for its sanitizer runs)
//   SEED          of the inputs (default 2026), printed in the first line
//
// Each case puts its buffers in one device arena: [4 KiB guard] x [guard]
// bias or w [guard] y [4 KiB guard], each buffer at a 256-byte boundary plus
// its offset (elements), every byte that is not input data a sentinel
// pattern, y poisoned (0xFF bytes: NaN). The whole arena goes up in one copy
// and comes back in one; every byte but y's must be what was sent (guards,
// gaps, and the inputs, which are const), and every element of y must match
// the reference: bit-exact for copy, add_one, affine_relu, to_f16, to_bf16,
// add_bias, row_max, transpose; within 1e-5 relative (1e-6 absolute floor)
// for silu, softmax, rmsnorm; row sums within 1e-5 * (sum of |x| of the row).
// Inputs are uniform in [-4, 4) (the benchmarks' range).
//
// What is covered (full sweep; --quick in brackets):
//   copy, add_one, affine_relu, silu, to_f16, to_bf16: n = 1..256, then every
//     37th size up to 10000, and every n in [m - 32, m + 32) for m = 1024,
//     2048, ..., 9216 (the multiples of the 1024/2048/4096-element tiles),
//     with x and y offset by the same 0..3 elements; x and y offset
//     differently ((0,1) (1,0) (0,2) (2,0) (3,1) (0,3)) for n = 1..40 and
//     n around 1024 and 4096; n = 1048579 and 9000001 at offsets 0 and 1.
//     [n = 1..9, 15..17, 31..33, 63..65, 255..257, 1023..1025, 2047..2049,
//     4095..4097, 8191..8193 at offsets 0..3; (0,1) (1,0) for a few]
//   add_bias, row_sum, row_max, softmax, rmsnorm: rows x cols for cols in
//     {1, 2, 3, 31, 32, 33, 127, 128, 129, 1000, 1023, 1024, 1025, 4095,
//     4096, 4097, 8192, 8193, 12289, 16383, 16384, 16385, 20000} (past 8192:
//     RMSNorm's cluster pairs) and rows in {1, 2, 3, 17}, with (x, y,
//     bias or w) offset by (0,0,0) (1,1,1) (2,2,2) (3,3,3) (1,0,2) (0,3,0);
//     and 9001 x {1, 33, 1025}, 4500 x 4096, 1000 x {16384, 12289} (many rows: the
//     warp-per-row paths) at (0,0,0) and (1,1,1).
//     [cols {1, 3, 33, 129, 1025, 4097, 12289, 16384, 20000}, rows {1, 3},
//     offsets (0,0,0) (1,1,1) (3,0,2)]
//   transpose: rows, cols each in {1, 2, 31, 32, 33, 63, 64, 65, 100, 127, 257} with
//     (x, y) offsets (0,0) (1,1) (2,3) (3,0); and 1025 x 1023, 2049 x 4097,
//     3 x 70001, 70001 x 3, 4200000 x 1, 1 x 4200000 (more than 65535 row
//     tiles of 64) at (0,0) and (1,3).
//     [rows, cols in {1, 33, 65} at (0,0) (1,3); 100 x 257]
//
// Exit 0: every case passed; 1: a mismatch, a changed guard byte or a CUDA
// error (the first mismatches of each failing case are printed: kernel,
// shape, offsets, index, value read, value expected); 77: no GPU (ctest:
// skipped).
#include "support/device_buffer.hpp"
#include "support/gpu_check.hpp"

#include "benchmarks/kernel_list.hpp"

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace {

using kernel_list::KernelInfo;
using kernel_list::Kid;
using kernel_list::kKernels;
using kernel_list::Layout;

/// Which sweep a kernel takes: maps (flat), rows (bias, rows) or transposes (square).
bool is_map(const KernelInfo& k) { return k.layout == Layout::flat; }
bool is_rows(const KernelInfo& k) { return k.layout == Layout::bias || k.layout == Layout::rows; }

constexpr long long kGuard = 4096;
constexpr double kRel = 1e-5, kAbsFloor = 1e-6, kRmsEps = kernel_list::kRmsEps;

/// One launch: n elements (maps) or rows x cols; offsets in elements.
struct Case {
  long long n = 0, rows = 0, cols = 0;
  int ox = 0, oy = 0, oa = 0; // x, y, aux (bias / w)
};

// -- launching ----------------------------------------------------------------------------------
cudaError_t launch_tirx(const KernelInfo& k, const Case& c, const float* x, const float* aux,
                        void* y) {
  return kernel_list::launch_tirx(k, x, aux, y, c.n, c.rows, c.cols, nullptr);
}
cudaError_t launch_cuda(const KernelInfo& k, const Case& c, const float* x, const float* aux,
                        void* y) {
  return kernel_list::launch_twin(k, x, aux, y, c.n, c.rows, c.cols, nullptr);
}

// -- host references --------------------------------------------------------------------------
std::uint32_t bits(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
std::uint16_t half_bits(__half h) {
  std::uint16_t u;
  std::memcpy(&u, &h, 2);
  return u;
}
std::uint16_t bf16_bits(__nv_bfloat16 h) {
  std::uint16_t u;
  std::memcpy(&u, &h, 2);
  return u;
}
bool relatively(double got, double want) {
  return std::fabs(got - want) <= std::max(kRel * std::fabs(want), kAbsFloor);
}

// -- the sweep ----------------------------------------------------------------------------------
class Sweep {
public:
  Sweep(bool twins, std::uint32_t seed) : twins_(twins), rng_(seed) {}
  Sweep(const Sweep&) = delete;
  Sweep& operator=(const Sweep&) = delete;

  long long cases() const { return cases_; }
  long long failed() const { return failed_; }

  /// Runs one case; false (and a report) when it failed.
  bool run(const KernelInfo& k, const Case& c) {
    ++cases_;
    const long long n_in = is_map(k) ? c.n : c.rows * c.cols;
    const long long n_out = k.reduces ? c.rows : n_in;
    const long long n_aux = k.has_aux ? c.cols : 0;

    // the arena: guard, x, guard, aux, guard, y, guard (each at 256 bytes + offset)
    long long cursor = kGuard;
    auto place = [&](long long bytes, int offset_bytes) {
      const long long start = cursor + offset_bytes;
      cursor = (start + bytes + 255) / 256 * 256 + kGuard;
      return start;
    };
    const long long x_at = place(4 * n_in, 4 * c.ox);
    const long long a_at = k.has_aux ? place(4 * n_aux, 4 * c.oa) : 0;
    const long long y_bytes = n_out * k.out_elem_bytes;
    const long long y_at = place(y_bytes, k.out_elem_bytes * c.oy);
    const long long total = cursor;

    while (static_cast<long long>(pattern_.size()) < total) // the sentinel bytes
      pattern_.push_back(static_cast<unsigned char>(0x5A ^ ((pattern_.size() * 131) >> 3) ^
                                                    (pattern_.size() % 251)));
    image_.assign(pattern_.begin(), pattern_.begin() + total);
    x_.resize(n_in);
    aux_.resize(n_aux);
    for (auto& v : x_)
      v = uniform();
    for (auto& v : aux_)
      v = uniform();
    std::memcpy(image_.data() + x_at, x_.data(), 4 * n_in);
    if (n_aux)
      std::memcpy(image_.data() + a_at, aux_.data(), 4 * n_aux);
    std::memset(image_.data() + y_at, 0xFF, y_bytes);

    if (total > static_cast<long long>(arena_.n))
      arena_.resize(static_cast<std::size_t>(total));
    unsigned char* const dev = arena_.ptr;
    TIRX_CHECK_CUDA(cudaMemcpy(dev, image_.data(), total, cudaMemcpyHostToDevice));
    const auto* x = reinterpret_cast<const float*>(dev + x_at);
    const auto* aux = k.has_aux ? reinterpret_cast<const float*>(dev + a_at) : nullptr;
    void* y = dev + y_at;
    const cudaError_t launched =
        twins_ ? launch_cuda(k, c, x, aux, y) : launch_tirx(k, c, x, aux, y);
    const cudaError_t synced = cudaDeviceSynchronize();
    if (launched != cudaSuccess || synced != cudaSuccess) {
      std::fprintf(stderr, "FAIL %s: the launcher returned %s, the kernel %s\n",
                   describe(k, c).c_str(), cudaGetErrorName(launched), cudaGetErrorName(synced));
      if (synced != cudaSuccess)
        std::exit(1); // the context is gone
      (void)cudaGetLastError();
      ++failed_;
      return false;
    }
    back_.resize(total);
    TIRX_CHECK_CUDA(cudaMemcpy(back_.data(), dev, total, cudaMemcpyDeviceToHost));

    bool ok = check_untouched(k, c, 0, y_at, x_at, a_at) &&
              check_untouched(k, c, y_at + y_bytes, total, x_at, a_at);
    ok &= check_output(k, c, back_.data() + y_at);
    if (!ok)
      ++failed_;
    return ok;
  }

private:
  float uniform() { return static_cast<float>(rng_() >> 8) * 0x1p-21f - 4.0f; }

  std::string describe(const KernelInfo& k, const Case& c) const {
    char buf[160];
    if (is_map(k))
      std::snprintf(buf, sizeof buf, "%s (%s) n=%lld offsets x=%d y=%d", k.name,
                    twins_ ? "cuda" : "tirx", c.n, c.ox, c.oy);
    else
      std::snprintf(buf, sizeof buf, "%s (%s) %lld x %lld offsets x=%d y=%d%s%d", k.name,
                    twins_ ? "cuda" : "tirx", c.rows, c.cols, c.ox, c.oy,
                    k.has_aux ? (k.id == Kid::add_bias ? " bias=" : " w=") : "",
                    k.has_aux ? c.oa : 0);
    return buf;
  }

  /// Bytes [from, to) of the arena must be as sent.
  bool check_untouched(const KernelInfo& k, const Case& c, long long from, long long to,
                       long long x_at, long long a_at) {
    if (from >= to || std::memcmp(image_.data() + from, back_.data() + from, to - from) == 0)
      return true;
    long long i = from;
    while (image_[i] == back_[i])
      ++i;
    const long long x_end = x_at + 4 * (is_map(k) ? c.n : c.rows * c.cols);
    const char* where = (i >= x_at && i < x_end) ? "inside x (an input)"
                        : (k.has_aux && i >= a_at && i < a_at + 4 * c.cols)
                            ? "inside bias/w (an input)"
                            : "in a guard region or gap";
    std::fprintf(stderr, "FAIL %s: arena byte %lld %s changed: 0x%02x, was 0x%02x\n",
                 describe(k, c).c_str(), i, where, back_[i], image_[i]);
    return false;
  }

  /// Records a mismatch; prints the first few of the case.
  void mismatch(const KernelInfo& k, const Case& c, long long& count, long long index, double got,
                double want) {
    if (count++ < 3) {
      std::fprintf(stderr, "FAIL %s: y[%lld] = %.9g, want %.9g\n", describe(k, c).c_str(), index,
                   got, want);
    }
  }

  bool check_output(const KernelInfo& k, const Case& c, const unsigned char* yb) {
    long long bad = 0;
    auto yf = [&](long long i) {
      float v;
      std::memcpy(&v, yb + 4 * i, 4);
      return v;
    };
    auto y16 = [&](long long i) {
      std::uint16_t v;
      std::memcpy(&v, yb + 2 * i, 2);
      return v;
    };
    const long long rows = c.rows, cols = c.cols;
    switch (k.id) {
    case Kid::copy:
    case Kid::add_one:
    case Kid::affine_relu:
      for (long long i = 0; i < c.n; ++i) {
        const float x = x_[i];
        const float want = k.id == Kid::copy      ? x
                           : k.id == Kid::add_one ? x + 1.0f
                                                  : std::fmax(std::fma(x, 2.0f, 1.0f), 0.0f);
        if (bits(yf(i)) != bits(want))
          mismatch(k, c, bad, i, yf(i), want);
      }
      break;
    case Kid::silu:
      for (long long i = 0; i < c.n; ++i) {
        const double x = x_[i], want = x / (1.0 + std::exp(-x));
        if (!relatively(yf(i), want))
          mismatch(k, c, bad, i, yf(i), want);
      }
      break;
    case Kid::to_f16:
      for (long long i = 0; i < c.n; ++i) {
        const __half want = __float2half_rn(x_[i]);
        if (y16(i) != half_bits(want)) {
          __half_raw got;
          got.x = y16(i);
          mismatch(k, c, bad, i, __half2float(__half(got)), __half2float(want));
        }
      }
      break;
    case Kid::to_bf16:
      for (long long i = 0; i < c.n; ++i) {
        const __nv_bfloat16 want = __float2bfloat16_rn(x_[i]);
        if (y16(i) != bf16_bits(want)) {
          __nv_bfloat16_raw got;
          got.x = y16(i);
          mismatch(k, c, bad, i, __bfloat162float(__nv_bfloat16(got)), __bfloat162float(want));
        }
      }
      break;
    case Kid::add_bias:
      for (long long r = 0; r < rows; ++r)
        for (long long j = 0; j < cols; ++j) {
          const long long i = r * cols + j;
          const float want = x_[i] + aux_[j];
          if (bits(yf(i)) != bits(want))
            mismatch(k, c, bad, i, yf(i), want);
        }
      break;
    case Kid::row_sum:
    case Kid::row_max:
      for (long long r = 0; r < rows; ++r) {
        double s = 0, a = 0;
        float m = -INFINITY;
        for (long long j = 0; j < cols; ++j) {
          const float v = x_[r * cols + j];
          s += v, a += std::fabs(v), m = std::max(m, v);
        }
        if (k.id == Kid::row_sum ? !(std::fabs(yf(r) - s) <= kRel * a) : bits(yf(r)) != bits(m))
          mismatch(k, c, bad, r, yf(r), k.id == Kid::row_sum ? s : m);
      }
      break;
    case Kid::softmax:
    case Kid::rmsnorm:
      for (long long r = 0; r < rows; ++r) {
        const float* xr = x_.data() + r * cols;
        double m = -INFINITY, s = 0, ss = 0;
        for (long long j = 0; j < cols; ++j)
          m = std::max(m, static_cast<double>(xr[j]));
        for (long long j = 0; j < cols; ++j) {
          s += std::exp(xr[j] - m);
          ss += static_cast<double>(xr[j]) * xr[j];
        }
        const double inv_rms = 1.0 / std::sqrt(ss / static_cast<double>(cols) + kRmsEps);
        for (long long j = 0; j < cols; ++j) {
          const long long i = r * cols + j;
          const double want =
              k.id == Kid::softmax ? std::exp(xr[j] - m) / s : xr[j] * inv_rms * aux_[j];
          if (!relatively(yf(i), want))
            mismatch(k, c, bad, i, yf(i), want);
        }
      }
      break;
    case Kid::transpose: // y is cols x rows
    case Kid::transpose_swizzled:
      for (long long j = 0; j < cols; ++j)
        for (long long r = 0; r < rows; ++r) {
          const long long i = j * rows + r;
          const float want = x_[r * cols + j];
          if (bits(yf(i)) != bits(want))
            mismatch(k, c, bad, i, yf(i), want);
        }
      break;
    }
    if (bad > 3)
      std::fprintf(stderr, "FAIL %s: %lld mismatches in all\n", describe(k, c).c_str(), bad);
    return bad == 0;
  }

  bool twins_;
  std::mt19937 rng_;
  tirx_test::DeviceBuffer<unsigned char> arena_; // grows to the largest case so far
  std::vector<unsigned char> pattern_, image_, back_;
  std::vector<float> x_, aux_;
  long long cases_ = 0, failed_ = 0;
};

// -- the cases ----------------------------------------------------------------------------------
std::vector<Case> map_cases(bool quick) {
  std::vector<Case> out;
  auto add = [&](const std::set<long long>& sizes,
                 std::initializer_list<std::pair<int, int>> offsets) {
    for (long long n : sizes)
      for (auto [ox, oy] : offsets)
        out.push_back({n, 0, 0, ox, oy, 0});
  };
  const auto same = {std::pair{0, 0}, std::pair{1, 1}, std::pair{2, 2}, std::pair{3, 3}};
  std::set<long long> sizes, mixed;
  if (quick) {
    for (long long m : {1, 16, 32, 64, 256, 1024, 2048, 4096, 8192})
      for (long long n = m - 1; n <= m + 1; ++n)
        if (n >= 1)
          sizes.insert(n);
    for (long long n = 1; n <= 9; ++n)
      sizes.insert(n);
    add(sizes, same);
    add({1, 2, 3, 4, 5, 1025, 4097}, {{0, 1}, {1, 0}});
    return out;
  }
  for (long long n = 1; n <= 256; ++n)
    sizes.insert(n);
  for (long long n = 256 + 37; n <= 10000; n += 37)
    sizes.insert(n);
  for (long long m = 1024; m <= 10000; m += 1024)
    for (long long n = m - 32; n < m + 32; ++n)
      sizes.insert(n);
  add(sizes, same);
  for (long long n = 1; n <= 40; ++n)
    mixed.insert(n);
  for (long long n = 1016; n <= 1032; ++n)
    mixed.insert(n);
  for (long long n = 4088; n <= 4104; ++n)
    mixed.insert(n);
  add(mixed, {{0, 1}, {1, 0}, {0, 2}, {2, 0}, {3, 1}, {0, 3}});
  add({1048579, 9000001}, {{0, 0}, {1, 1}});
  return out;
}

std::vector<Case> row_cases(bool quick) {
  std::vector<Case> out;
  struct Off {
    int x, y, a;
  };
  auto add = [&](std::initializer_list<long long> rows, std::initializer_list<long long> cols,
                 std::initializer_list<Off> offsets) {
    for (long long c : cols)
      for (long long r : rows)
        for (Off o : offsets)
          out.push_back({0, r, c, o.x, o.y, o.a});
  };
  if (quick) {
    add({1, 3}, {1, 3, 33, 129, 1025, 4097, 12289, 16384, 20000},
        {{0, 0, 0}, {1, 1, 1}, {3, 0, 2}});
    return out;
  }
  add({1, 2, 3, 17}, {1,    2,    3,    31,   32,   33,   127,   128,   129,   1000,  1023, 1024,
                      1025, 4095, 4096, 4097, 8192, 8193, 12289, 16383, 16384, 16385, 20000},
      {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}, {3, 3, 3}, {1, 0, 2}, {0, 3, 0}});
  add({9001}, {1, 33, 1025}, {{0, 0, 0}, {1, 1, 1}});
  add({4500}, {4096}, {{0, 0, 0}, {1, 1, 1}});
  add({1000}, {16384, 12289}, {{0, 0, 0}, {1, 1, 1}});
  return out;
}

std::vector<Case> transpose_cases(bool quick) {
  std::vector<Case> out;
  auto add = [&](long long r, long long c, std::initializer_list<std::pair<int, int>> offsets) {
    for (auto [ox, oy] : offsets)
      out.push_back({0, r, c, ox, oy, 0});
  };
  if (quick) {
    for (long long r : {1, 33, 65})
      for (long long c : {1, 33, 65})
        add(r, c, {{0, 0}, {1, 3}});
    add(100, 257, {{0, 0}});
    return out;
  }
  for (long long r : {1, 2, 31, 32, 33, 63, 64, 65, 100, 127, 257})
    for (long long c : {1, 2, 31, 32, 33, 63, 64, 65, 100, 127, 257})
      add(r, c, {{0, 0}, {1, 1}, {2, 3}, {3, 0}});
  for (auto [r, c] :
       {std::pair{1025LL, 1023LL}, std::pair{2049LL, 4097LL}, std::pair{3LL, 70001LL},
        std::pair{70001LL, 3LL}, std::pair{4200000LL, 1LL}, std::pair{1LL, 4200000LL}})
    add(r, c, {{0, 0}, {1, 3}});
  return out;
}

} // namespace

int main(int argc, char** argv) {
  bool twins = false, quick = false;
  std::uint32_t seed = 2026;
  std::vector<std::string> only;
  if (const char* q = std::getenv("TIRX_SWEEP_QUICK"); q && *q && std::strcmp(q, "0") != 0)
    quick = true;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--impl" && i + 1 < argc) {
      const std::string v = argv[++i];
      if (v != "tirx" && v != "cuda") {
        std::fprintf(stderr, "gpu_kernels_sweep: --impl is tirx or cuda, not %s\n", v.c_str());
        return 2;
      }
      twins = v == "cuda";
    } else if (a == "--quick") {
      quick = true;
    } else if (a == "--kernels" && i + 1 < argc) {
      std::string list = argv[++i];
      for (std::size_t p = 0; p <= list.size();) {
        const std::size_t e = std::min(list.find(',', p), list.size());
        if (e > p)
          only.push_back(list.substr(p, e - p));
        p = e + 1;
      }
    } else if (!a.empty() && a.find_first_not_of("0123456789") == std::string::npos) {
      seed = static_cast<std::uint32_t>(std::strtoul(a.c_str(), nullptr, 10));
    } else {
      std::fprintf(
          stderr,
          "usage: gpu_kernels_sweep [--impl tirx|cuda] [--quick] [--kernels k1,k2] [SEED]\n");
      return 2;
    }
  }
  for (const auto& name : only)
    if (std::none_of(std::begin(kKernels), std::end(kKernels),
                     [&](const KernelInfo& k) { return name == k.name; })) {
      std::fprintf(stderr, "gpu_kernels_sweep: unknown kernel %s\n", name.c_str());
      return 2;
    }
  std::printf("gpu_kernels_sweep: impl %s, %s sweep, seed %u\n", twins ? "cuda (twins)" : "tirx",
              quick ? "quick" : "full", seed);
  std::fflush(stdout);
  if (const int rc = tirx_test_require_gpu())
    return rc;

  const auto start = std::chrono::steady_clock::now();
  Sweep sweep(twins, seed);
  const std::vector<Case> maps = map_cases(quick), rows = row_cases(quick),
                          transposes = transpose_cases(quick);
  for (const KernelInfo& k : kKernels) {
    if (!only.empty() && std::find(only.begin(), only.end(), k.name) == only.end())
      continue;
    const auto& list = is_map(k) ? maps : is_rows(k) ? rows : transposes;
    const long long failed_before = sweep.failed();
    const auto t0 = std::chrono::steady_clock::now();
    for (const Case& c : list)
      sweep.run(k, c);
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%-12s %5zu cases, %lld failed (%.1f s)\n", k.name, list.size(),
                sweep.failed() - failed_before, secs);
    std::fflush(stdout);
  }
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s: %lld cases, %lld failed, %.1f s\n", sweep.failed() ? "FAILED" : "PASSED",
              sweep.cases(), sweep.failed(), secs);
  return sweep.failed() ? 1 : 0;
}
