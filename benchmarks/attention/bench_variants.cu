// The forward kernel's configurations side by side (KV block, stages), on
// the FlashAttention-3 paper's shapes (batch * seqlen = 16k, heads * head dim
// = 2048, bf16): the sweep behind attention.cuh's DefaultFwd. CUDA events,
// the median of 5 rounds of alternating launches; TFLOP/s = 4 B H S^2 D,
// halved when causal. Every variant's output is compared with the first's.
//   bench_attention_variants [--quick]
#include "../../kernels/attention/attention.cuh"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

using namespace tirx_kernels;
using bf16 = __nv_bfloat16;

#define CHECK(x)                                                                                   \
  do {                                                                                             \
    cudaError_t e_ = (x);                                                                          \
    if (e_ != cudaSuccess) {                                                                       \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__);         \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

struct Variant {
  const char* name;
  int d;
  cudaError_t (*run)(const AttentionArgs&);
};
template <int D, int BN, int Stages> cudaError_t run_variant(const AttentionArgs& a) {
  return a.causal
             ? attention::launch_forward<attention::FwdConfig<bf16, D, BN, Stages, true>>(a, 0)
             : attention::launch_forward<attention::FwdConfig<bf16, D, BN, Stages, false>>(a, 0);
}

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  const Variant variants[] = {
      {"d64 bn128 s3", 64, run_variant<64, 128, 3>},
      {"d64 bn128 s2", 64, run_variant<64, 128, 2>},
      {"d64 bn192 s2", 64, run_variant<64, 192, 2>},
      {"d128 bn128 s2", 128, run_variant<128, 128, 2>},
      {"d128 bn176 s2", 128, run_variant<128, 176, 2>},
      {"d128 bn96 s3", 128, run_variant<128, 96, 3>},
      {"d256 bn64 s2", 256, run_variant<256, 64, 2>},
      {"d256 bn80 s2", 256, run_variant<256, 80, 2>},
  };
  const int seqs_full[] = {1024, 4096, 16384}, seqs_quick[] = {4096};
  std::mt19937 rng(3);
  std::normal_distribution<float> nd;
  for (int d : {64, 128, 256})
    for (bool causal : {false, true})
      for (int s : quick ? std::vector<int>(seqs_quick, seqs_quick + 1)
                         : std::vector<int>(seqs_full, seqs_full + 3)) {
        const int b = 16384 / s, h = 2048 / d;
        const size_t n = static_cast<size_t>(b) * s * h * d;
        std::vector<bf16> hx(n);
        for (auto& x : hx)
          x = __float2bfloat16(nd(rng));
        bf16 *q, *k, *v, *o;
        CHECK(cudaMalloc(&q, n * 2));
        CHECK(cudaMalloc(&k, n * 2));
        CHECK(cudaMalloc(&v, n * 2));
        CHECK(cudaMalloc(&o, n * 2));
        CHECK(cudaMemcpy(q, hx.data(), n * 2, cudaMemcpyHostToDevice));
        std::rotate(hx.begin(), hx.begin() + 7, hx.end());
        CHECK(cudaMemcpy(k, hx.data(), n * 2, cudaMemcpyHostToDevice));
        std::rotate(hx.begin(), hx.begin() + 7, hx.end());
        CHECK(cudaMemcpy(v, hx.data(), n * 2, cudaMemcpyHostToDevice));
        AttentionArgs a{};
        a.q = q, a.k = k, a.v = v, a.o = o, a.batch = b, a.seqlen_q = a.seqlen_k = s;
        a.heads_q = a.heads_kv = h, a.head_dim = d, a.causal = causal;
        contiguous_bshd(a);
        const double flops = 4.0 * b * h * s * double(s) * d / (causal ? 2 : 1);
        std::vector<const Variant*> vs;
        for (const Variant& x : variants)
          if (x.d == d)
            vs.push_back(&x);
        std::vector<bf16> first(n), got(n);
        std::vector<std::vector<float>> ms(vs.size());
        cudaEvent_t e0, e1;
        CHECK(cudaEventCreate(&e0));
        CHECK(cudaEventCreate(&e1));
        const int iters = std::max(3, static_cast<int>(2e12 / flops));
        for (size_t i = 0; i < vs.size(); ++i) { // check
          CHECK(vs[i]->run(a));
          CHECK(cudaDeviceSynchronize());
          CHECK(cudaMemcpy(i ? got.data() : first.data(), o, n * 2, cudaMemcpyDeviceToHost));
          if (i) {
            float worst = 0;
            for (size_t j = 0; j < n; ++j)
              worst =
                  std::max(worst, std::abs(__bfloat162float(got[j]) - __bfloat162float(first[j])));
            if (worst > 2e-2)
              std::printf("  %s differs from %s by %g\n", vs[i]->name, vs[0]->name, worst);
          }
        }
        for (int round = 0; round < 5; ++round)
          for (size_t i = 0; i < vs.size(); ++i) {
            CHECK(vs[i]->run(a));
            CHECK(cudaEventRecord(e0));
            for (int it = 0; it < iters; ++it)
              CHECK(vs[i]->run(a));
            CHECK(cudaEventRecord(e1));
            CHECK(cudaEventSynchronize(e1));
            float t = 0;
            CHECK(cudaEventElapsedTime(&t, e0, e1));
            ms[i].push_back(t / iters);
          }
        std::printf("D %3d %-6s S %5d:", d, causal ? "causal" : "full", s);
        for (size_t i = 0; i < vs.size(); ++i) {
          std::sort(ms[i].begin(), ms[i].end());
          std::printf("  %s %.1f", vs[i]->name, flops / ms[i][2] / 1e9);
        }
        std::printf("\n");
        cudaFree(q), cudaFree(k), cudaFree(v), cudaFree(o);
      }
  return 0;
}
