// GPU test of the fragment row operations (exec/fragment.hpp) and the
// online softmax (exec/softmax.hpp), label gpu, sm_90a:
//  - on the wgmma accumulator (64 x 64, a warpgroup) and on a warp's
//    m16n8 mma.sync accumulator layout (16 x 8): coord_map's coordinates
//    (each element set to a code of its row and column, stored with
//    store_fragment and compared exactly), row_reduce (max and sum) and
//    row_map against the host, fragment_row_coords;
//  - store_fragment on a tile's edge: only the elements inside rows x cols
//    are written (the rest stays poisoned), pairs and single elements;
//  - convert to bf16 (bit for bit against the host's round to nearest even);
//  - the register A of a wgmma as K slices of a converted accumulator:
//    P (64 x 64, small integers) times V from shared memory, exact;
//  - OnlineSoftmax over three blocks with masked entries and a fully
//    masked row, against a double-precision host softmax.
// Inputs are seeded random; outputs poisoned first. Exit 0: all passed;
// 1: a case failed; 77: no GPU or not sm_90 (ctest: skipped).
#include "gpu_check.hpp"

#include <tirx/exec/softmax.hpp>
#include <tirx/tile.hpp>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

namespace {

using namespace tirx;
using bf16 = nv_bfloat16;

constexpr TileLayout mma_acc = layout_of<"S[(2, 8, 4, 2) : (2, 4@laneid, 1@laneid, 1)]">;

struct fmax_ {
  __device__ float operator()(float a, float b) const { return fmaxf(a, b); }
};
struct fadd_ {
  __device__ float operator()(float a, float b) const { return a + b; }
};

/// Fills a fragment from in (row-major rows x cols), then writes: codes
/// (row * 1000 + col via coord_map), the row max and sum per element's row
/// (row_reduce + row_map), and the rows the thread reports.
template <class Frag>
__device__ void rows_case(Frag& x, const float* in, int cols, float* codes, float* maxes,
                          float* sums, int* rows_seen) {
  coord_map([&](float, int r, int c) { return in[r * cols + c]; }, x);
  const auto mx = row_reduce(fmax_{}, -INFINITY, x);
  const auto sm = row_reduce(fadd_{}, 0.0f, x);
  const auto rows = fragment_row_coords<Frag>();
  for (int j = 0; j < fragment_rows<Frag>; ++j)
    atomicAdd(&rows_seen[rows[j]], 1);
  auto y = alloc_like<float>(x);
  coord_map([](float, int r, int c) { return static_cast<float>(r * 1000 + c); }, y);
  store_fragment(y, codes, cols, 0, 0, 1 << 30, cols);
  row_map([](float, float m) { return m; }, y, mx);
  store_fragment(y, maxes, cols, 0, 0, 1 << 30, cols);
  row_map([](float, float s) { return s; }, y, sm);
  store_fragment(y, sums, cols, 0, 0, 1 << 30, cols);
}

__global__ void wgmma_rows(const float* in, float* codes, float* maxes, float* sums,
                           int* rows_seen) {
  auto s = alloc_wgmma_accumulator<float, 64>();
  rows_case(s, in, 64, codes, maxes, sums, rows_seen);
}
__global__ void mma_rows(const float* in, float* codes, float* maxes, float* sums, int* rows_seen) {
  auto s = alloc_local<float, shape(16, 8), mma_acc>();
  rows_case(s, in, 8, codes, maxes, sums, rows_seen);
}

/// convert to bf16 and store on an edge: rows x cols of a 64 x 64 tile
/// placed at (row0, col0) of a ld-wide matrix.
__global__ void convert_edge(const float* in, bf16* out, int ld, int row0, int col0, int rows,
                             int cols) {
  auto s = alloc_wgmma_accumulator<float, 64>();
  coord_map([&](float, int r, int c) { return in[r * 64 + c]; }, s);
  auto p = alloc_like<bf16>(s);
  convert(p, s);
  store_fragment(p, out, ld, row0, col0, rows, cols);
}

/// O (64 x 64) = P V with P = convert(S) in registers, S (64 x 64) small
/// integers, V (64 K x 64 N) from shared memory, MN-major.
constexpr TileLayout v_layout =
    wgmma_smem_layout(shape(64, 64), MatrixMajor::mn, SwizzleMode::b128, 2);
using VTile = Tensor<bf16, ShapeT<64, 64>, MemScope::shared_dyn, 1024, layout_type<v_layout>>;
__global__ void pv_product(const float* s_in, const bf16* v_in, float* out) {
  extern __shared__ __align__(1024) unsigned char smem[];
  auto v = decl_tensor<VTile>(reinterpret_cast<bf16*>(smem));
  for (int i = threadIdx.x; i < 64 * 64; i += blockDim.x)
    v(i % 64, i / 64) = v_in[i]; // v_in row-major (k, n): element (n, k) of the (N, K) view
  fence_proxy_async_shared();
  __syncthreads();
  auto s = alloc_wgmma_accumulator<float, 64>();
  coord_map([&](float, int r, int c) { return s_in[r * 64 + c]; }, s);
  auto p = alloc_like<bf16>(s);
  convert(p, s);
  auto o = alloc_wgmma_accumulator<float, 64>();
  wgmma_fence(o, p);
  detail::static_for<4>([&](auto j) {
    constexpr int k0 = 16 * decltype(j)::value;
    tile::apply<ptx<"wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16">>(
        o, p.sub(_, range<k0, k0 + 16>), v.sub(_, range<k0, k0 + 16>), scope::warpgroup,
        tile::accumulate(k0 > 0));
  });
  wgmma_commit_group();
  wgmma_wait_group<0>(o, p);
  store_fragment(o, out, 64, 0, 0, 64, 64);
}

/// Three 64 x 64 blocks of scores (a 64 x 192 row-major matrix, -inf where
/// masked) through OnlineSoftmax, the way attention folds them: block b's
/// probabilities are kept in o_b, rescaled by every later step's factors
/// and by 1 / sum at the end, so that o_0 | o_1 | o_2 is the softmax of the
/// whole rows; and the logsumexp of scale * scores.
__global__ void softmax_blocks(const float* scores, float scale, float* probs, float* lse) {
  auto s = alloc_wgmma_accumulator<float, 64>();
  auto o0 = alloc_like<float>(s), o1 = alloc_like<float>(s), o2 = alloc_like<float>(s);
  OnlineSoftmax<decltype(s)> sm;
  const float scale_log2 = scale * 1.4426950408889634f;
  auto times = [](float x, float f) { return x * f; };
  auto load = [&](int b) {
    coord_map([&](float, int r, int c) { return scores[r * 192 + 64 * b + c]; }, s);
  };
  load(0);
  (void)sm.step<true>(s, scale_log2);
  convert(o0, s);
  load(1);
  auto f = sm.step(s, scale_log2);
  row_map(times, o0, f);
  convert(o1, s);
  load(2);
  f = sm.step(s, scale_log2);
  row_map(times, o0, f);
  row_map(times, o1, f);
  convert(o2, s);
  const auto inv = sm.finish();
  row_map(times, o0, inv);
  row_map(times, o1, inv);
  row_map(times, o2, inv);
  store_fragment(o0, probs, 192, 0, 0, 64, 192);
  store_fragment(o1, probs, 192, 0, 64, 64, 192);
  store_fragment(o2, probs, 192, 0, 128, 64, 192);
  const auto rows = fragment_row_coords<decltype(s)>();
  if (fragment_origin<decltype(s)>()[1] == 0)
    for (int j = 0; j < fragment_rows<decltype(s)>; ++j)
      lse[rows[j]] = sm.lse(j, scale);
}

int failures = 0;
void expect(bool ok, const char* what) {
  std::printf("%s %s\n", ok ? "ok  " : "FAIL", what);
  failures += !ok;
}

template <class T> T* upload(const std::vector<T>& h) {
  T* d;
  TIRX_CHECK_CUDA(cudaMalloc(&d, h.size() * sizeof(T)));
  TIRX_CHECK_CUDA(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}
template <class T> std::vector<T> download(const T* d, size_t n) {
  std::vector<T> h(n);
  TIRX_CHECK_CUDA(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}
template <class T> T* poisoned(size_t n) {
  T* d;
  TIRX_CHECK_CUDA(cudaMalloc(&d, n * sizeof(T)));
  TIRX_CHECK_CUDA(cudaMemset(d, 0xff, n * sizeof(T)));
  return d;
}

template <class Kernel>
void rows_test(Kernel kernel, int rows, int cols, int threads, std::mt19937& rng,
               const char* name) {
  std::uniform_real_distribution<float> ud(-4.0f, 4.0f);
  std::vector<float> in(rows * cols);
  for (float& x : in)
    x = ud(rng);
  float* din = upload(in);
  float *codes = poisoned<float>(in.size()), *maxes = poisoned<float>(in.size()),
        *sums = poisoned<float>(in.size());
  int* seen;
  TIRX_CHECK_CUDA(cudaMalloc(&seen, rows * sizeof(int)));
  TIRX_CHECK_CUDA(cudaMemset(seen, 0, rows * sizeof(int)));
  kernel<<<1, threads>>>(din, codes, maxes, sums, seen);
  TIRX_CHECK_LAUNCH(name);
  const auto hc = download(codes, in.size()), hm = download(maxes, in.size()),
             hs = download(sums, in.size());
  const auto hseen = download(seen, rows);
  bool codes_ok = true, max_ok = true, sum_ok = true, seen_ok = true;
  const int lanes_per_row = threads * 2 / rows; // each thread holds 2 rows
  for (int r = 0; r < rows; ++r) {
    float mx = -INFINITY;
    double sm = 0;
    for (int c = 0; c < cols; ++c)
      mx = std::max(mx, in[r * cols + c]), sm += in[r * cols + c];
    for (int c = 0; c < cols; ++c) {
      codes_ok = codes_ok && hc[r * cols + c] == static_cast<float>(r * 1000 + c);
      max_ok = max_ok && hm[r * cols + c] == mx;
      sum_ok = sum_ok && std::abs(hs[r * cols + c] - sm) <= 1e-4 * (1 + std::abs(sm));
    }
    seen_ok = seen_ok && hseen[r] == lanes_per_row;
  }
  char what[128];
  std::snprintf(what, sizeof what, "%s: coord_map coordinates (store_fragment, exact)", name);
  expect(codes_ok, what);
  std::snprintf(what, sizeof what, "%s: row_reduce max (exact) and row_map", name);
  expect(max_ok, what);
  std::snprintf(what, sizeof what, "%s: row_reduce sum", name);
  expect(sum_ok, what);
  std::snprintf(what, sizeof what, "%s: fragment_row_coords (%d lanes per row)", name,
                lanes_per_row);
  expect(seen_ok, what);
  cudaFree(din), cudaFree(codes), cudaFree(maxes), cudaFree(sums), cudaFree(seen);
}

} // namespace

int main() {
  if (int rc = tirx_test_require_gpu())
    return rc;
  cudaDeviceProp prop{};
  TIRX_CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  if (prop.major != 9) {
    std::printf("skipped: needs sm_90 (wgmma)\n");
    return 77;
  }
  std::mt19937 rng(7121);
  rows_test(wgmma_rows, 64, 64, 128, rng, "wgmma accumulator 64 x 64");
  rows_test(mma_rows, 16, 8, 32, rng, "mma.sync accumulator 16 x 8");

  { // convert + store_fragment on an edge
    std::uniform_real_distribution<float> ud(-100.0f, 100.0f);
    std::vector<float> in(64 * 64);
    for (float& x : in)
      x = ud(rng);
    float* din = upload(in);
    struct Edge {
      int ld, row0, col0, rows, cols;
    };
    const Edge edges[] = {{64, 0, 0, 64, 64}, {80, 3, 5, 50, 61}, {97, 10, 2, 40, 33}};
    for (const Edge& e : edges) {
      const size_t n = static_cast<size_t>(e.ld) * (e.row0 + 64);
      bf16* out = poisoned<bf16>(n);
      convert_edge<<<1, 128>>>(din, out, e.ld, e.row0, e.col0, e.rows, e.cols);
      TIRX_CHECK_LAUNCH("convert_edge");
      const auto h = download(out, n);
      bool ok = true;
      for (int r = 0; r < e.row0 + 64; ++r)
        for (int c = 0; c < e.ld; ++c) {
          const int tr = r - e.row0, tc = c - e.col0;
          const bool inside = tr >= 0 && tc >= 0 && tr < 64 && tc < 64 && r < e.rows && c < e.cols;
          unsigned short got;
          std::memcpy(&got, &h[r * e.ld + c], 2);
          if (inside) {
            const bf16 want = __float2bfloat16_rn(in[tr * 64 + tc]);
            unsigned short w;
            std::memcpy(&w, &want, 2);
            ok = ok && got == w;
          } else {
            ok = ok && got == 0xffff;
          }
        }
      char what[128];
      std::snprintf(what, sizeof what,
                    "convert to bf16 (bit-exact) + store_fragment at (%d, %d) of %d x %d, ld %d",
                    e.row0, e.col0, e.rows, e.cols, e.ld);
      expect(ok, what);
      cudaFree(out);
    }
    cudaFree(din);
  }

  { // P V with P the K slices of a converted accumulator
    std::uniform_int_distribution<int> id(-3, 3);
    std::vector<float> sv(64 * 64);
    std::vector<bf16> vv(64 * 64);
    std::vector<int> vi(64 * 64);
    for (float& x : sv)
      x = static_cast<float>(id(rng));
    for (size_t i = 0; i < vv.size(); ++i)
      vi[i] = id(rng), vv[i] = __float2bfloat16(static_cast<float>(vi[i]));
    float* ds = upload(sv);
    bf16* dv = upload(vv);
    float* out = poisoned<float>(64 * 64);
    TIRX_CHECK_CUDA(
        cudaFuncSetAttribute(pv_product, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 64 * 2));
    pv_product<<<1, 128, 64 * 64 * 2>>>(ds, dv, out);
    TIRX_CHECK_LAUNCH("pv_product");
    const auto h = download(out, 64 * 64);
    bool ok = true;
    for (int i = 0; i < 64; ++i)
      for (int j = 0; j < 64; ++j) {
        float ref = 0;
        for (int k = 0; k < 64; ++k)
          ref += sv[i * 64 + k] * vi[k * 64 + j];
        ok = ok && h[i * 64 + j] == ref;
      }
    expect(ok, "wgmma with A = K slices of a converted accumulator (exact)");
    cudaFree(ds), cudaFree(dv), cudaFree(out);
  }

  { // OnlineSoftmax over three blocks
    std::normal_distribution<float> nd(0.0f, 3.0f);
    std::bernoulli_distribution masked(0.2);
    std::vector<float> sc(64 * 192);
    for (int r = 0; r < 64; ++r)
      for (int c = 0; c < 192; ++c)
        sc[r * 192 + c] = (r == 5 || (r == 9 && c < 128) || masked(rng)) ? -INFINITY : nd(rng);
    const float scale = 0.125f;
    float* ds = upload(sc);
    float* probs = poisoned<float>(64 * 192);
    float* lse = poisoned<float>(64);
    softmax_blocks<<<1, 128>>>(ds, scale, probs, lse);
    TIRX_CHECK_LAUNCH("softmax_blocks");
    const auto hp = download(probs, 64 * 192);
    const auto hl = download(lse, 64);
    bool ok = true, lse_ok = true;
    double worst = 0;
    for (int r = 0; r < 64; ++r) {
      double mx = -INFINITY, sum = 0;
      for (int c = 0; c < 192; ++c)
        mx = std::max(mx, scale * static_cast<double>(sc[r * 192 + c]));
      for (int c = 0; c < 192; ++c)
        sum += mx == -INFINITY ? 0.0 : std::exp(scale * static_cast<double>(sc[r * 192 + c]) - mx);
      for (int c = 0; c < 192; ++c) {
        const double ref =
            sum == 0 ? 0.0 : std::exp(scale * static_cast<double>(sc[r * 192 + c]) - mx) / sum;
        const double err = std::abs(hp[r * 192 + c] - ref);
        worst = std::max(worst, std::isnan(hp[r * 192 + c]) ? INFINITY : err);
        ok = ok && err <= 2e-6 + 1e-5 * ref;
      }
      const double lref = sum == 0 ? INFINITY : mx + std::log(sum);
      lse_ok = lse_ok && (std::isinf(lref) ? std::isinf(hl[r]) && hl[r] > 0
                                           : std::abs(hl[r] - lref) <= 1e-5 * (1 + std::abs(lref)));
    }
    char what[160];
    std::snprintf(what, sizeof what,
                  "OnlineSoftmax: three blocks against the whole-row softmax (max error %.2e; a "
                  "fully masked row gives 0)",
                  worst);
    expect(ok, what);
    expect(lse_ok, "OnlineSoftmax: logsumexp (+inf for the fully masked row)");
    cudaFree(ds), cudaFree(probs), cudaFree(lse);
  }
  std::printf("%s\n", failures ? "FAILED" : "all passed");
  return failures ? 1 : 0;
}
