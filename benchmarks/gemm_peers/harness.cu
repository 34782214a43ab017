// Times one GEMM peer (peer.h, linked in from its own translation unit)
// beside cuBLAS, the way benchmarks/bench_gemm.cu times tirx: per problem,
// uniform [-1, 1] bf16 inputs, the peer's D checked against cublasGemmEx's
// (bf16 in, fp32 compute, bf16 out) before timing, |d - ref| <= |ref| / 128
// + sqrt(K) / 1024 for every element (on the GPU), then 20 warm-up launches
// of each and 3 rounds of 20 event-timed launches taken alternately (peer,
// cuBLAS), medians. Each round is queued behind a ~10 ms spin kernel that
// holds the GPU while the host enqueues it, so the events time the GPU and
// not the host's launch latency (bench_gemm.cu launches and waits one at a
// time, which adds that latency to the small problems; for problems of
// 100 us and more the two agree). One CSV line per problem on stdout:
//   M,N,K,impl,tflops,cublas_tflops,ratio,checked,start_unix,end_unix
// (checked: 1 matched, 0 mismatched and not timed, -1 the peer cannot run
// the problem; start/end: the wall clock around the timed rounds, to match
// against nvidia-smi's samples). Exit status 1 when a problem mismatched.
//   gemm_peer_<impl> [--quick] [M,N,K ...]
#include "peer.h"

#include <cublas_v2.h>
#include <cuda_bf16.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <tuple>
#include <vector>

namespace {
#define CHECK(x)                                                                                   \
  do {                                                                                             \
    if (auto e_ = (x); e_ != 0) {                                                                  \
      std::fprintf(stderr, "%s:%d: %s failed (%d)\n", __FILE__, __LINE__, #x, (int)e_);            \
      std::exit(2);                                                                                \
    }                                                                                              \
  } while (0)

__global__ void fill(__nv_bfloat16* p, size_t n, unsigned seed) {
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    unsigned x = static_cast<unsigned>(i) * 2654435761u ^ seed;
    x ^= x >> 13;
    x *= 0x5bd1e995u;
    x ^= x >> 15;
    p[i] = __float2bfloat16(static_cast<float>(x & 0xffffff) / 8388608.0f - 1.0f);
  }
}

__global__ void poison(__nv_bfloat16* p, size_t n) {
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    p[i] = __ushort_as_bfloat16(0xffff); // NaN
}

/// Counts the elements of d outside |ref| / 128 + floor of ref (NaN counts).
__global__ void count_bad(const __nv_bfloat16* d, const __nv_bfloat16* ref, size_t n, float floor,
                          unsigned long long* bad) {
  unsigned long long mine = 0;
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const float g = __bfloat162float(d[i]), w = __bfloat162float(ref[i]);
    mine += !(fabsf(g - w) <= fabsf(w) / 128.0f + floor);
  }
  if (mine)
    atomicAdd(bad, mine);
}

/// Keeps the GPU busy for about `cycles` clocks.
__global__ void spin(long long cycles) {
  const long long t0 = clock64();
  while (clock64() - t0 < cycles) {
  }
}

float median_ms(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

double unix_now() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

bool problem(cublasHandle_t h, int m, int n, int k) {
  __nv_bfloat16 *a, *b, *d, *ref;
  unsigned long long* bad_dev;
  CHECK(cudaMalloc(&a, size_t(m) * k * 2));
  CHECK(cudaMalloc(&b, size_t(n) * k * 2));
  CHECK(cudaMalloc(&d, size_t(m) * n * 2));
  CHECK(cudaMalloc(&ref, size_t(m) * n * 2));
  CHECK(cudaMalloc(&bad_dev, sizeof(unsigned long long)));
  fill<<<1024, 256>>>(a, size_t(m) * k, 1u);
  fill<<<1024, 256>>>(b, size_t(n) * k, 2u);
  poison<<<1024, 256>>>(d, size_t(m) * n);
  bool ok = true;
  const char* why = gemm_peer::prepare(a, b, d, m, n, k);
  if (why != nullptr) {
    std::fprintf(stderr, "%s %dx%dx%d: %s\n", gemm_peer::name(), m, n, k, why);
    std::printf("%d,%d,%d,%s,,,,-1,,\n", m, n, k, gemm_peer::name());
  } else {
    const float one = 1.0f, zero = 0.0f;
    auto run_peer = [&] { CHECK(gemm_peer::launch(nullptr)); };
    // column-major cuBLAS: D^T (n x m) = B (n x k, as k x n col-major, transposed) * A^T
    auto run_cublas = [&](__nv_bfloat16* out) {
      CHECK(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, n, m, k, &one, b, CUDA_R_16BF, k, a,
                         CUDA_R_16BF, k, &zero, out, CUDA_R_16BF, n, CUBLAS_COMPUTE_32F,
                         CUBLAS_GEMM_DEFAULT));
    };
    run_peer();
    run_cublas(ref);
    CHECK(cudaMemset(bad_dev, 0, sizeof(unsigned long long)));
    count_bad<<<1024, 256>>>(d, ref, size_t(m) * n, std::sqrt(float(k)) / 1024.0f, bad_dev);
    unsigned long long bad = 0;
    CHECK(cudaMemcpy(&bad, bad_dev, sizeof bad, cudaMemcpyDeviceToHost));
    if (bad) {
      std::fprintf(stderr, "%s %dx%dx%d: MISMATCH, %llu elements differ from cuBLAS\n",
                   gemm_peer::name(), m, n, k, bad);
      std::printf("%d,%d,%d,%s,,,,0,,\n", m, n, k, gemm_peer::name());
      ok = false;
    } else {
      std::vector<cudaEvent_t> ev(40);
      for (auto& e : ev)
        CHECK(cudaEventCreate(&e));
      auto time = [&](auto f) {
        spin<<<1, 1>>>(20'000'000);
        for (int i = 0; i < 20; ++i) {
          CHECK(cudaEventRecord(ev[2 * i]));
          f();
          CHECK(cudaEventRecord(ev[2 * i + 1]));
        }
        CHECK(cudaEventSynchronize(ev.back()));
        std::vector<float> t(20);
        for (int i = 0; i < 20; ++i)
          CHECK(cudaEventElapsedTime(&t[i], ev[2 * i], ev[2 * i + 1]));
        return t;
      };
      time(run_peer);
      time([&] { run_cublas(ref); });
      const double start = unix_now();
      std::vector<float> tp, tc;
      for (int round = 0; round < 3; ++round) {
        auto x = time(run_peer);
        auto y = time([&] { run_cublas(ref); });
        tp.insert(tp.end(), x.begin(), x.end());
        tc.insert(tc.end(), y.begin(), y.end());
      }
      const double end = unix_now();
      const double flop = 2.0 * m * n * double(k);
      const double fp = flop / (median_ms(tp) * 1e-3) / 1e12;
      const double fc = flop / (median_ms(tc) * 1e-3) / 1e12;
      std::printf("%d,%d,%d,%s,%.1f,%.1f,%.3f,1,%.3f,%.3f\n", m, n, k, gemm_peer::name(), fp, fc,
                  fp / fc, start, end);
      std::fprintf(stderr, "%s %dx%dx%d: %.1f TFLOP/s, cuBLAS %.1f (%.3fx)\n", gemm_peer::name(), m,
                   n, k, fp, fc, fp / fc);
      for (auto& e : ev)
        CHECK(cudaEventDestroy(e));
    }
  }
  std::fflush(stdout);
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  CHECK(cudaFree(d));
  CHECK(cudaFree(ref));
  CHECK(cudaFree(bad_dev));
  return ok;
}
} // namespace

int main(int argc, char** argv) {
  bool quick = false;
  std::vector<std::tuple<int, int, int>> ps;
  for (int i = 1; i < argc; ++i) {
    int m = 0, n = 0, k = 0;
    if (std::strcmp(argv[i], "--quick") == 0) {
      quick = true;
    } else if (std::sscanf(argv[i], "%d,%d,%d", &m, &n, &k) == 3 && m > 0 && n > 0 && k > 0) {
      ps.emplace_back(m, n, k);
    } else {
      std::fprintf(stderr, "usage: %s [--quick] [M,N,K ...]\n", argv[0]);
      return 2;
    }
  }
  if (ps.empty() && quick) {
    ps = {{4096, 4096, 4096}, {8192, 8192, 8192}};
  } else if (ps.empty()) { // the problems of bench_gemm.cu
    for (int s : {1024, 2048, 4096, 8192, 16384})
      ps.emplace_back(s, s, s);
    for (int m : {1, 16, 128, 1024, 4096, 16384})
      for (auto [n, k] : {std::pair{4096, 4096}, std::pair{14336, 4096}, std::pair{4096, 14336}})
        ps.emplace_back(m, n, k);
    ps.emplace_back(4095, 4104, 4096);
    ps.emplace_back(8191, 8200, 8192);
  }
  cublasHandle_t h;
  CHECK(cublasCreate(&h));
  std::printf("M,N,K,impl,tflops,cublas_tflops,ratio,checked,start_unix,end_unix\n");
  bool ok = true;
  for (auto [m, n, k] : ps)
    ok &= problem(h, m, n, k);
  CHECK(cublasDestroy(h));
  return ok ? 0 : 1;
}
