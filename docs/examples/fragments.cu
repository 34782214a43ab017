// The code of docs/fragments.md. Each region between `// [snippet:NAME]` and
// `// [/snippet]` is shown verbatim in the guide; tests/tools/check_doc_snippets.py
// keeps the two in sync. Built for sm_90a; `ctest -L gpu` runs the kernels
// (one warpgroup: a 64 x 64 softmax over two 64-column blocks of scores,
// then P V with P in registers; and dS = P (dP - d) from two accumulators,
// stored transposed into a swizzled shared tile; and a tile whose rows are
// (position, head) pairs stored to their places) and checks them against
// the host (the second and third bit for bit); exit 77 without a GPU or on a GPU
// other than sm_90.
#include <tirx/exec/softmax.hpp>
#include <tirx/tile.hpp>

#include <tirx/host/cuda_check.hpp>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

using namespace tirx;
using bf16 = nv_bfloat16;

constexpr TileLayout v_layout =
    wgmma_smem_layout(shape(64, 64), MatrixMajor::mn, SwizzleMode::b128, 2);
using VTile = Tensor<bf16, ShapeT<64, 64>, MemScope::shared_dyn, 1024, layout_type<v_layout>>;
using PV = ptx<"wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16">;

constexpr TileLayout ds_layout =
    wgmma_smem_layout(shape(64, 64), MatrixMajor::mn, SwizzleMode::b128, 2);
using DsTile = Tensor<bf16, ShapeT<64, 64>, MemScope::shared, 1024, layout_type<ds_layout>>;

// [snippet:two-tiles]
// dS = P (dP - d[col]) from two wgmma accumulators of one matrix, then dS
// transposed, in bf16, into an MN-major swizzled shared tile (the A operand
// of a later wgmma, as in attention's backward).
__global__ void ds_transposed(const float* p_in, const float* dp_in, const float* d, bf16* out) {
  __shared__ alignas(1024) bf16 smem[64 * 64];
  auto p = alloc_wgmma_accumulator<float, 64>();
  auto dp = alloc_wgmma_accumulator<float, 64>();
  coord_map([&](float, int r, int c) { return p_in[r * 64 + c]; }, p);
  coord_map([&](float, int r, int c) { return dp_in[r * 64 + c]; }, dp);
  coord_map([&](float x, float pv, int, int c) { return pv * (x - d[c]); }, dp, p);
  auto ds = alloc_like<bf16>(dp);
  convert(ds, dp);
  auto tile = decl_tensor<DsTile>(smem);
  store_fragment(ds, tile.permute<1, 0>()); // element (r, c) to tile(c, r), pairs as 4 bytes
  __syncthreads();
  for (int i = threadIdx.x; i < 64 * 64; i += 128) // read back by coordinate
    out[i] = tile(i / 64, i % 64);
}
// [/snippet]

// [snippet:softmax-pv]
// One warpgroup: O = softmax(scale S) V over 2 blocks of 64 columns of S
// (64 x 128, row-major, -inf where masked), V (128 x 64) in shared memory.
__global__ void softmax_pv(const float* scores, const bf16* v_rows, float scale, bf16* out) {
  extern __shared__ __align__(1024) unsigned char smem[];
  auto s = alloc_wgmma_accumulator<float, 64>(); // a block of scores
  auto o = alloc_wgmma_accumulator<float, 64>(); // the output
  auto p = alloc_like<bf16>(s);                  // P, the A operand of P V
  OnlineSoftmax<decltype(s)> softmax;
  auto times = [](float x, float f) { return x * f; };
  for (int blk = 0; blk < 2; ++blk) {
    auto v = decl_tensor<VTile>(reinterpret_cast<bf16*>(smem) + blk * 64 * 64);
    for (int i = threadIdx.x; i < 64 * 64; i += 128) // V's rows blk*64.. as the (N, K) view
      v(i % 64, i / 64) = v_rows[(blk * 64 + i / 64) * 64 + i % 64];
    fence_proxy_async_shared(); // generic stores, then wgmma reads them
    __syncthreads();
    coord_map([&](float, int r, int c) { return scores[r * 128 + blk * 64 + c]; }, s);
    const auto factor = softmax.step(s, scale * 1.4426950408889634f); // s -> P, new maxima
    row_map(times, o, factor); // O so far, at the new maxima (blk 0: the wgmma below sets O)
    convert(p, s);
    wgmma_fence(o, p);
    detail::static_for<4>([&](auto j) { // O += P V, K slices of 16 columns of P
      constexpr int k0 = 16 * decltype(j)::value;
      tile::apply<PV>(o, p.sub(_, range<k0, k0 + 16>), v.sub(_, range<k0, k0 + 16>),
                      scope::warpgroup, tile::accumulate(blk > 0 || k0 > 0));
    });
    wgmma_commit_group();
    wgmma_wait_group<0>(o, p);
  }
  row_map(times, o, softmax.finish()); // divide by the row sums
  auto o16 = alloc_like<bf16>(o);
  convert(o16, o);
  store_fragment(o16, out, 64, 0, 0, 64, 64); // pairs of columns from the registers
}
// [/snippet]

// [snippet:packed-rows]
// The rows of a 64 x 64 tile are (position, head) pairs, 4 heads to a position
// (row r: position r / 4, head h0 + r % 4), as in attention's packed query
// heads; each row goes to its place in a (seqlen, heads, 64) output, and the
// rows past the sequence's end are not stored.
__global__ void store_packed(const bf16* in, bf16* out, int seqlen, int heads, int h0) {
  auto x = alloc_wgmma_accumulator<bf16, 64>();
  coord_map([&](bf16, int r, int c) { return in[r * 64 + c]; }, x);
  store_fragment_rows(
      x,
      [&](int r) -> bf16* {
        return r / 4 < seqlen ? out + (static_cast<long long>(r / 4) * heads + h0 + r % 4) * 64
                              : nullptr;
      },
      0, 0, 64);
}
// [/snippet]

int main() {
  if (!tirx::cuda_device_present())
    return 77; // no GPU: ctest reports the test skipped
  cudaDeviceProp prop{};
  TIRX_CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  if (prop.major != 9) {
    std::printf("SKIP: the example needs sm_90 (wgmma)\n");
    return 77;
  }
  std::mt19937 rng(11);
  std::normal_distribution<float> nd(0.0f, 2.0f);
  std::vector<float> sc(64 * 128);
  std::vector<bf16> v(128 * 64);
  for (int r = 0; r < 64; ++r)
    for (int c = 0; c < 128; ++c)
      sc[r * 128 + c] = c > r + 64 ? -INFINITY : nd(rng); // a causal edge
  for (auto& x : v)
    x = __float2bfloat16(nd(rng));
  float* ds;
  bf16 *dv, *dout;
  TIRX_CHECK_CUDA(cudaMalloc(&ds, sc.size() * 4));
  TIRX_CHECK_CUDA(cudaMalloc(&dv, v.size() * 2));
  TIRX_CHECK_CUDA(cudaMalloc(&dout, 64 * 64 * 2));
  TIRX_CHECK_CUDA(cudaMemcpy(ds, sc.data(), sc.size() * 4, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemcpy(dv, v.data(), v.size() * 2, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(dout, 0xff, 64 * 64 * 2));
  const float scale = 0.3f;
  TIRX_CHECK_CUDA(cudaFuncSetAttribute(softmax_pv, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                       2 * 64 * 64 * 2));
  softmax_pv<<<1, 128, 2 * 64 * 64 * 2>>>(ds, dv, scale, dout);
  TIRX_CHECK_LAUNCH("softmax_pv");
  std::vector<bf16> out(64 * 64);
  TIRX_CHECK_CUDA(cudaMemcpy(out.data(), dout, out.size() * 2, cudaMemcpyDeviceToHost));
  double worst = 0;
  for (int r = 0; r < 64; ++r) {
    double mx = -INFINITY, sum = 0;
    for (int c = 0; c < 128; ++c)
      mx = std::max(mx, scale * static_cast<double>(sc[r * 128 + c]));
    for (int c = 0; c < 128; ++c)
      sum += std::exp(scale * static_cast<double>(sc[r * 128 + c]) - mx);
    for (int n = 0; n < 64; ++n) {
      double ref = 0;
      for (int c = 0; c < 128; ++c)
        ref += std::exp(scale * static_cast<double>(sc[r * 128 + c]) - mx) / sum *
               __bfloat162float(v[c * 64 + n]);
      const double got = __bfloat162float(out[r * 64 + n]);
      worst = std::max(worst, std::isnan(got) ? INFINITY : std::abs(got - ref));
    }
  }
  const bool ok = worst <= 3e-2;
  std::printf("softmax(scale S) V, 64 x 64 from 2 blocks: max |error| %.3e %s\n", worst,
              ok ? "ok" : "FAILED");

  // dS = P (dP - d), transposed: the same float operations on the host, bit for bit
  std::vector<float> hp(64 * 64), hdp(64 * 64), hd(64);
  for (auto* vec : {&hp, &hdp, &hd})
    for (auto& x : *vec)
      x = nd(rng);
  float *dp_, *ddp, *dd;
  bf16* dt;
  TIRX_CHECK_CUDA(cudaMalloc(&dp_, 64 * 64 * 4));
  TIRX_CHECK_CUDA(cudaMalloc(&ddp, 64 * 64 * 4));
  TIRX_CHECK_CUDA(cudaMalloc(&dd, 64 * 4));
  TIRX_CHECK_CUDA(cudaMalloc(&dt, 64 * 64 * 2));
  TIRX_CHECK_CUDA(cudaMemcpy(dp_, hp.data(), 64 * 64 * 4, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemcpy(ddp, hdp.data(), 64 * 64 * 4, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemcpy(dd, hd.data(), 64 * 4, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(dt, 0xff, 64 * 64 * 2));
  ds_transposed<<<1, 128>>>(dp_, ddp, dd, dt);
  TIRX_CHECK_LAUNCH("ds_transposed");
  std::vector<bf16> got(64 * 64);
  TIRX_CHECK_CUDA(cudaMemcpy(got.data(), dt, got.size() * 2, cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int m = 0; m < 64; ++m)
    for (int k = 0; k < 64; ++k) { // tile(m, k) = dS(k, m)
      const volatile float diff = hdp[k * 64 + m] - hd[m];
      const float want = __bfloat162float(__float2bfloat16_rn(hp[k * 64 + m] * diff));
      wrong += __bfloat162float(got[m * 64 + k]) != want;
    }
  std::printf("dS = P (dP - d) stored transposed into a swizzled tile: %d of 4096 wrong %s\n",
              wrong, wrong ? "FAILED" : "ok");

  // rows anywhere in memory: 13 positions x 4 heads of 8 (heads 2..5), the other places poisoned
  const int seqlen = 13, heads = 8, h0 = 2;
  std::vector<bf16> rows_in(64 * 64);
  for (auto& x : rows_in)
    x = __float2bfloat16(nd(rng));
  bf16 *drows, *dpacked;
  TIRX_CHECK_CUDA(cudaMalloc(&drows, 64 * 64 * 2));
  TIRX_CHECK_CUDA(cudaMalloc(&dpacked, 16 * heads * 64 * 2));
  TIRX_CHECK_CUDA(cudaMemcpy(drows, rows_in.data(), 64 * 64 * 2, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(dpacked, 0xff, 16 * heads * 64 * 2));
  store_packed<<<1, 128>>>(drows, dpacked, seqlen, heads, h0);
  TIRX_CHECK_LAUNCH("store_packed");
  std::vector<unsigned short> packed(16 * heads * 64), rows_bits(64 * 64);
  TIRX_CHECK_CUDA(cudaMemcpy(packed.data(), dpacked, packed.size() * 2, cudaMemcpyDeviceToHost));
  std::memcpy(rows_bits.data(), rows_in.data(), rows_bits.size() * 2);
  int misplaced = 0;
  for (int pos = 0; pos < 16; ++pos)
    for (int h = 0; h < heads; ++h)
      for (int c = 0; c < 64; ++c) {
        const int r = pos * 4 + (h - h0);
        const bool stored = pos < seqlen && h >= h0 && h < h0 + 4;
        const unsigned short want = stored ? rows_bits[r * 64 + c] : 0xffff;
        misplaced += packed[(pos * heads + h) * 64 + c] != want;
      }
  std::printf("store_fragment_rows, 13 positions x 4 of 8 heads: %d of %d places wrong %s\n",
              misplaced, 16 * heads * 64, misplaced ? "FAILED" : "ok");
  return ok && wrong == 0 && misplaced == 0 ? 0 : 1;
}
