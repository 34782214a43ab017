// GPU test of the GEMM through tirx::kernels (kernels/gemm/gemm_api.cuh,
// sm_90a): this translation unit includes the light header alone, so every
// call goes to the instantiations compiled into the library. Each compiled
// (input, D) pair and each (MajorA, MajorB) layout runs on ragged sizes
// (fast-path TN shapes, padded leading dimensions, alpha / beta with C, a
// strided batch) against a host reference in double precision on seeded
// uniform [-1, 1] inputs; D is poisoned (NaN) first and its padding must
// stay poisoned. An element passes when |D - ref| <= 2 u |ref| + 2^-13 S
// (S = sum_k |a b| + |beta c|; u the output type's unit roundoff). Exit 0:
// all passed; 1: a case failed; 77: no sm_90 GPU.
#include "gpu_check.hpp"

#include "kernels/gemm/gemm_api.cuh"

#include <cmath>
#include <cstdio>
#include <random>
#include <type_traits>
#include <vector>

namespace {

using tirx_kernels::GemmArgs;
using tirx_kernels::Major;

int failures = 0;

template <class T> float to_float(T x) {
  if constexpr (std::is_same_v<T, float>)
    return x;
  else if constexpr (std::is_same_v<T, __half>)
    return __half2float(x);
  else
    return __bfloat162float(x);
}
template <class T> T from_float(float x) {
  if constexpr (std::is_same_v<T, float>)
    return x;
  else if constexpr (std::is_same_v<T, __half>)
    return __float2half_rn(x);
  else
    return __float2bfloat16_rn(x);
}

template <class T> T* to_device(const std::vector<T>& h) {
  T* d = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&d, h.size() * sizeof(T)));
  TIRX_CHECK_CUDA(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}

template <Major MA, Major MB, class T, class Out>
void run_case(int m, int n, int k, int pad, float alpha, float beta, int batch, std::mt19937& rng) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  const long long lda = (MA == Major::row ? k : m) + pad, ldb = (MB == Major::row ? n : k) + pad;
  const long long ldd = n + pad, rows_a = MA == Major::row ? m : k,
                  rows_b = MB == Major::row ? k : n;
  const long long sa = rows_a * lda, sb = rows_b * ldb, sd = m * ldd;
  std::vector<T> ha(sa * batch), hb(sb * batch);
  std::vector<Out> hc(sd * batch);
  for (auto& x : ha)
    x = from_float<T>(u(rng));
  for (auto& x : hb)
    x = from_float<T>(u(rng));
  for (auto& x : hc)
    x = from_float<Out>(u(rng));
  T *da = to_device(ha), *db = to_device(hb);
  Out *dc = to_device(hc), *dd = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&dd, sd * batch * sizeof(Out)));
  TIRX_CHECK_CUDA(cudaMemset(dd, 0xff, sd * batch * sizeof(Out)));
  GemmArgs<T, Out> g{};
  g.m = m, g.n = n, g.k = k, g.a = da, g.lda = lda, g.b = db, g.ldb = ldb, g.d = dd, g.ldd = ldd;
  g.alpha = alpha, g.beta = beta, g.c = beta != 0.0f ? dc : nullptr, g.ldc = ldd;
  g.batch = batch, g.stride_a = sa, g.stride_b = sb, g.stride_c = sd, g.stride_d = sd;
  const cudaError_t e = tirx_kernels::gemm<MA, MB>(g);
  TIRX_CHECK_CUDA(e);
  TIRX_CHECK_LAUNCH("tirx_kernels::gemm (tirx::kernels)");
  std::vector<Out> hd(sd * batch);
  TIRX_CHECK_CUDA(cudaMemcpy(hd.data(), dd, hd.size() * sizeof(Out), cudaMemcpyDeviceToHost));
  cudaFree(da), cudaFree(db), cudaFree(dc), cudaFree(dd);

  const double unit = std::is_same_v<Out, float>    ? 0x1p-24
                      : std::is_same_v<Out, __half> ? 0x1p-11
                                                    : 0x1p-8;
  int bad = 0;
  double worst = 0;
  for (int bi = 0; bi < batch; ++bi)
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < ldd; ++j) {
        const float got = to_float(hd[bi * sd + i * ldd + j]);
        if (j >= n) { // padding keeps its poison
          if (!std::isnan(got) && bad++ < 5)
            std::printf("  padding (%d, %d, %d) written\n", bi, i, j);
          continue;
        }
        double ref = 0, s = 0;
        for (int p = 0; p < k; ++p) {
          const double x = to_float(ha[bi * sa + (MA == Major::row ? i * lda + p : p * lda + i)]);
          const double y = to_float(hb[bi * sb + (MB == Major::row ? p * ldb + j : j * ldb + p)]);
          ref += x * y, s += std::abs(x * y);
        }
        ref *= alpha, s *= std::abs(alpha);
        if (beta != 0.0f) {
          const double c = to_float(hc[bi * sd + i * ldd + j]);
          ref += beta * c, s += std::abs(beta * c);
        }
        const double err = std::abs(got - ref);
        worst = std::max(worst, std::isnan(got) ? INFINITY : err);
        if (!(err <= 2 * unit * std::abs(ref) + 0x1p-13 * s + 0x1p-24) && bad++ < 5)
          std::printf("  D(%d, %d, %d) = %g, want %g\n", bi, i, j, got, ref);
      }
  std::printf("%s %s%s %-4s -> %-4s m %4d n %4d k %4d pad %d alpha %.1f beta %.1f batch %d  max "
              "err %.2e\n",
              bad ? "FAIL" : "ok  ", MA == Major::row ? "N" : "T", MB == Major::row ? "N" : "T",
              std::is_same_v<T, __half> ? "fp16" : "bf16",
              std::is_same_v<Out, float>    ? "fp32"
              : std::is_same_v<Out, __half> ? "fp16"
                                            : "bf16",
              m, n, k, pad, alpha, beta, batch, worst);
  failures += bad > 0;
}

} // namespace

int main() {
  if (int rc = tirx_test_require_gpu())
    return rc;
  cudaDeviceProp prop{};
  TIRX_CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  if (prop.major != 9) {
    std::printf("skipped: tirx::kernels' GEMM is built for sm_90a (this GPU is sm_%d%d)\n",
                prop.major, prop.minor);
    return 77;
  }
  std::mt19937 rng(20261207);
  using bf16 = __nv_bfloat16;
  run_case<Major::row, Major::col, bf16, bf16>(512, 1024, 256, 0, 1.0f, 0.0f, 1, rng); // fast path
  run_case<Major::row, Major::col, bf16, bf16>(129, 520, 1000, 8, 1.0f, 0.0f, 1, rng);
  run_case<Major::row, Major::row, bf16, bf16>(65, 136, 257, 0, 0.5f, 1.5f, 2, rng);
  run_case<Major::col, Major::col, bf16, float>(200, 72, 64, 8, 1.0f, -1.0f, 1, rng);
  run_case<Major::col, Major::row, bf16, float>(7, 264, 520, 0, 1.0f, 0.0f, 3, rng);
  run_case<Major::row, Major::col, __half, __half>(300, 264, 136, 0, 2.0f, 0.0f, 1, rng);
  run_case<Major::col, Major::row, __half, __half>(64, 8, 4104, 8, 1.0f, 1.0f, 1, rng);
  run_case<Major::row, Major::row, __half, float>(129, 136, 72, 0, 1.0f, 0.0f, 2, rng);
  run_case<Major::col, Major::col, __half, float>(1, 520, 1000, 0, 1.0f, 0.0f, 1, rng);
  std::printf("%s\n", failures ? "FAILED" : "all passed");
  return failures ? 1 : 0;
}
