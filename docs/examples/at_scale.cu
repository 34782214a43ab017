// The examples of docs/at-scale.md: a kernel over data of any size and any
// alignment, a row reduction, and the alignment dispatch. Run as a GPU test
// (docs_at_scale_gpu): every kernel is checked against a host reference on
// random inputs, for ragged sizes and misaligned base pointers, with guard
// elements around the output that must stay untouched.
#include <tirx/tile.hpp>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include <tirx/host/cuda_check.hpp>

using namespace tirx;

// [snippet:scaled]
// y = 2x + 1 over n floats, any n. Align (16, 8 or 4 bytes) fixes the vector.
template <int Align>
__global__ void scaled(GridTensor<const float, 1, Align> x, GridTensor<float, 1, Align> y) {
  constexpr int V = Align / 4;          // floats per vector
  constexpr index_t n = 4 * 32 * 2 * V; // 4 warps x 32 lanes x 2 vectors
  constexpr TileLayout regs_layout = S({4, 32, 2, V}, {1 * warpid, 1 * laneid, V, 1});
  auto regs = alloc_local<float, shape(4, 32, 2, V), regs_layout>();
  for (long long t : grid_stride(x.template num_tiles<n>())) {
    auto in = x.template tile<n>(t); // GridTile: a static tensor + valid
    auto out = y.template tile<n>(t);
    // (warp, lane, repeat, element): each repeat is one coalesced sweep
    auto src = in.tensor.template view<2, 4, 32, V>().template permute<1, 2, 0, 3>();
    auto dst = out.tensor.template view<2, 4, 32, V>().template permute<1, 2, 0, 3>();
    tile::apply<ptx_vec<"ld.global.nc", V, "b32">>(regs, src, scope::cta, in.bound());
    tile::ewise([](float v) { return fmaf(v, 2.0f, 1.0f); }, regs, regs, scope::cta);
    tile::apply<ptx_vec<"st.global", V, "b32">>(dst, regs, scope::cta, out.bound());
  }
}

// The launcher picks the widest vector both pointers allow.
cudaError_t launch_scaled(const float* x, float* y, long long n) {
  if (n == 0)
    return cudaSuccess;
  const int align = alignment_of(16, x, y);
  const bool launched = dispatch_align<16, 8, 4>(align, [&](auto a) {
    constexpr int A = decltype(a)::value;
    const long long tiles = (n + 256 * (A / 4) - 1) / (256 * (A / 4));
    scaled<A><<<static_cast<unsigned>(tiles < 65536 ? tiles : 65536), 128>>>(grid_tensor<A>(x, n),
                                                                             grid_tensor<A>(y, n));
  });
  return launched ? cudaGetLastError() : cudaErrorMisalignedAddress;
}
// [/snippet]

// [snippet:row-max]
// y[r] = max of row r of a rows x cols matrix: one warp per row.
__global__ void row_max(GridTensor<const float, 2> x, float* y) {
  constexpr TileLayout regs_layout = S({32, 4}, {1 * laneid, 1});
  auto regs = alloc_local<float, shape(32, 4), regs_layout>();
  const long long r = blockIdx.x * 4LL + threadIdx.x / 32; // 4 warps per CTA
  if (r >= x.rows())
    return;
  const auto row = x.row(r);
  float best = -INFINITY;
  for (long long c = 0; c < row.num_tiles<128>(); ++c) {
    auto part = row.tile<128>(c);
    if (!part.full())
      tile::ewise([] { return -INFINITY; }, regs, scope::warp); // what bound skips
    tile::apply<ptx<"ld.global.nc.b32">>(regs, part.tensor.view<4, 32>().permute<1, 0>(),
                                         scope::warp, part.bound());
    best = thread_reduce([](float a, float b) { return fmaxf(a, b); }, best, regs);
  }
  best = warp_reduce([](float a, float b) { return fmaxf(a, b); }, best);
  if (threadIdx.x % 32 == 0)
    y[r] = best;
}
// [/snippet]

// [snippet:cta-sum]
// The sum of a CTA's values, in every thread: 8 warps, 8 words of scratch.
__global__ void cta_sum(const float* x, float* y) {
  __shared__ float scratch[8];
  const float total =
      cta_reduce<8>([](float a, float b) { return a + b; }, x[threadIdx.x], scratch);
  y[threadIdx.x] = total;
}
// [/snippet]

// [snippet:cluster-sum]
// Row sums with a row split over a cluster of 2 CTAs of 4 warps (launch
// with cluster dimension 2): each CTA adds its half of the row, and
// cluster_reduce gives both CTAs the row's total.
__global__ void cluster_row_sum(GridTensor<const float, 2> x, float* y) {
  __shared__ float scratch[4 + 2]; // Warps + Ctas words
  const int half = cluster_rank();
  for (long long r : cluster_stride(x.rows())) { // one row per cluster at a time
    auto part = x.row(r).tile<128>(half);        // 128 threads, one value each
    float v = 0.0f;
    if (threadIdx.x < part.valid)
      v = part.tensor(threadIdx.x);
    const float total = cluster_reduce<2, 4>([](float a, float b) { return a + b; }, v, scratch);
    if (half == 0 && threadIdx.x == 0)
      y[r] = total;
  }
}
// [/snippet]

// [snippet:cluster-sync]
// Two phases over a cluster of 4 CTAs of 128 threads: each CTA stores its
// sum in partial[], cluster_sync() makes those stores visible to the whole
// cluster, then the CTA of rank 0 adds the cluster's four sums.
__global__ void cluster_total(const float* x, float* partial, float* total) {
  __shared__ float scratch[4];
  const float mine = cta_reduce<4>([](float a, float b) { return a + b; },
                                   x[blockIdx.x * 128 + threadIdx.x], scratch);
  if (threadIdx.x == 0)
    partial[blockIdx.x] = mine;
  cluster_sync(); // every CTA of the cluster has stored its sum
  if (cluster_rank() == 0 && threadIdx.x == 0) {
    const unsigned first = blockIdx.x; // rank 0 is the cluster's first CTA
    total[first / 4] =
        partial[first] + partial[first + 1] + partial[first + 2] + partial[first + 3];
  }
}
// [/snippet]

// [snippet:cluster-xyz]
// A 2 x 2 cluster of one-warp CTAs at cluster scope with the 3-D CTA
// coordinates: the group modes are (cbz, cby, cbx, warps, lanes), extent 1
// for z here. Each CTA reads and writes its own (32, 4) part of the tile and
// adds 10 * cby + cbx, so a part that landed on the wrong CTA shows.
using ClusterTile = GlobalTensor<float, ShapeT<1, 2, 2, 1, 32, 4>, 16>;
__global__ void cluster_parts(ClusterTile in, ClusterTile out) {
#if __CUDA_ARCH__ >= 900 // clusters: sm_90 and newer
  constexpr TileLayout regs =
      layout_of<"S[(1, 2, 2, 1, 32, 4) : (1@cbz, 1@cby, 1@cbx, 1@warpid, 1@laneid, 1)]">;
  auto r = alloc_local<float, shape(1, 2, 2, 1, 32, 4), regs>();
  tile::apply<ptx<"ld.global.v4.b32">>(r, in, scope::cluster_xyz);
  const float mine = static_cast<float>(10 * (blockIdx.y % 2) + blockIdx.x % 2);
  tile::apply<ptx<"add.f32">>(r, r, mine, scope::cluster_xyz);
  tile::apply<ptx<"st.global.v4.b32">>(out, r, scope::cluster_xyz);
#endif
}
// [/snippet]

namespace {
int failures = 0;

void expect(bool ok, const char* what, long long a, long long b) {
  if (!ok) {
    std::printf("FAIL %s (%lld, %lld)\n", what, a, b);
    ++failures;
  }
}

std::vector<float> random_floats(long long n, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> d(-4.0f, 4.0f);
  std::vector<float> v(n);
  for (auto& x : v)
    x = d(gen);
  return v;
}

void check_scaled(long long n, int offset) {
  constexpr int guard = 8;
  auto x = random_floats(n, static_cast<unsigned>(n * 7 + offset));
  float *dx, *dy;
  TIRX_CHECK_CUDA(cudaMalloc(&dx, (n + 8) * sizeof(float)));
  TIRX_CHECK_CUDA(cudaMalloc(&dy, (n + 2 * guard + 8) * sizeof(float)));
  TIRX_CHECK_CUDA(cudaMemcpy(dx + offset, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(dy, 0xFF, (n + 2 * guard + 8) * sizeof(float)));
  float* y = dy + guard + offset;
  TIRX_CHECK_CUDA(launch_scaled(dx + offset, y, n));
  TIRX_CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<float> got(n + 2 * guard);
  TIRX_CHECK_CUDA(
      cudaMemcpy(got.data(), y - guard, got.size() * sizeof(float), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (long long i = 0; i < n + 2 * guard; ++i) {
    const long long k = i - guard;
    if (k < 0 || k >= n)
      bad += !std::isnan(got[i]); // guards stay poisoned (NaN)
    else
      bad += got[i] != std::fma(x[k], 2.0f, 1.0f);
  }
  expect(bad == 0, "scaled: size, offset", n, offset);
  cudaFree(dx);
  cudaFree(dy);
}

void check_row_max(long long rows, long long cols) {
  auto x = random_floats(rows * cols, static_cast<unsigned>(rows * 31 + cols));
  float *dx, *dy;
  TIRX_CHECK_CUDA(cudaMalloc(&dx, rows * cols * sizeof(float)));
  TIRX_CHECK_CUDA(cudaMalloc(&dy, rows * sizeof(float)));
  TIRX_CHECK_CUDA(cudaMemcpy(dx, x.data(), rows * cols * sizeof(float), cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(dy, 0xFF, rows * sizeof(float)));
  row_max<<<static_cast<unsigned>((rows + 3) / 4), 128>>>(
      grid_tensor(static_cast<const float*>(dx), rows, cols), dy);
  TIRX_CHECK_CUDA(cudaGetLastError());
  std::vector<float> got(rows);
  TIRX_CHECK_CUDA(cudaMemcpy(got.data(), dy, rows * sizeof(float), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (long long r = 0; r < rows; ++r) {
    float want = -INFINITY;
    for (long long c = 0; c < cols; ++c)
      want = std::fmax(want, x[r * cols + c]);
    bad += got[r] != want;
  }
  expect(bad == 0, "row_max: rows, cols", rows, cols);
  cudaFree(dx);
  cudaFree(dy);
}

void check_cta_sum() {
  std::vector<float> x(256);
  for (int i = 0; i < 256; ++i)
    x[i] = static_cast<float>(i % 17); // small integers: exact in any order
  float *dx, *dy;
  TIRX_CHECK_CUDA(cudaMalloc(&dx, 256 * sizeof(float)));
  TIRX_CHECK_CUDA(cudaMalloc(&dy, 256 * sizeof(float)));
  TIRX_CHECK_CUDA(cudaMemcpy(dx, x.data(), 256 * sizeof(float), cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(dy, 0xFF, 256 * sizeof(float)));
  cta_sum<<<1, 256>>>(dx, dy);
  TIRX_CHECK_CUDA(cudaGetLastError());
  std::vector<float> got(256);
  TIRX_CHECK_CUDA(cudaMemcpy(got.data(), dy, 256 * sizeof(float), cudaMemcpyDeviceToHost));
  float want = 0;
  for (float v : x)
    want += v;
  int bad = 0;
  for (float g : got)
    bad += g != want;
  expect(bad == 0, "cta_sum", 256, 0);
  cudaFree(dx);
  cudaFree(dy);
}
void check_cluster_row_sum(long long rows, long long cols) {
  std::vector<float> x(rows * cols);
  for (long long i = 0; i < rows * cols; ++i)
    x[i] = static_cast<float>((i * 7919) % 23) - 11.0f; // small integers: exact in any order
  float *dx, *dy;
  TIRX_CHECK_CUDA(cudaMalloc(&dx, rows * cols * sizeof(float)));
  TIRX_CHECK_CUDA(cudaMalloc(&dy, rows * sizeof(float)));
  TIRX_CHECK_CUDA(cudaMemcpy(dx, x.data(), rows * cols * sizeof(float), cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(dy, 0xFF, rows * sizeof(float)));
  LaunchConfig cfg;
  cfg.grid = dim3(2 * 3); // 3 clusters walk the rows
  cfg.block = dim3(128);
  cfg.cluster = dim3(2);
  TIRX_CHECK_CUDA(
      launch(cfg, cluster_row_sum, grid_tensor(static_cast<const float*>(dx), rows, cols), dy));
  TIRX_CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<float> got(rows);
  TIRX_CHECK_CUDA(cudaMemcpy(got.data(), dy, rows * sizeof(float), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (long long r = 0; r < rows; ++r) {
    float want = 0;
    for (long long c = 0; c < cols; ++c)
      want += x[r * cols + c];
    bad += got[r] != want;
  }
  expect(bad == 0, "cluster_row_sum: rows, cols", rows, cols);
  cudaFree(dx);
  cudaFree(dy);
}
void check_cluster_total() {
  constexpr int ctas = 8, n = ctas * 128; // two clusters of 4
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i)
    x[i] = static_cast<float>((i * 37) % 19) - 9.0f; // small integers: exact in any order
  float *dx, *dp, *dt;
  TIRX_CHECK_CUDA(cudaMalloc(&dx, n * sizeof(float)));
  TIRX_CHECK_CUDA(cudaMalloc(&dp, ctas * sizeof(float)));
  TIRX_CHECK_CUDA(cudaMalloc(&dt, 2 * sizeof(float)));
  TIRX_CHECK_CUDA(cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(dt, 0xFF, 2 * sizeof(float)));
  LaunchConfig cfg;
  cfg.grid = dim3(ctas);
  cfg.block = dim3(128);
  cfg.cluster = dim3(4);
  TIRX_CHECK_CUDA(launch(cfg, cluster_total, static_cast<const float*>(dx), dp, dt));
  TIRX_CHECK_CUDA(cudaDeviceSynchronize());
  float got[2];
  TIRX_CHECK_CUDA(cudaMemcpy(got, dt, sizeof got, cudaMemcpyDeviceToHost));
  for (int c = 0; c < 2; ++c) {
    float want = 0;
    for (int i = c * 512; i < (c + 1) * 512; ++i)
      want += x[i];
    expect(got[c] == want, "cluster_total: cluster", c, 0);
  }
  cudaFree(dx);
  cudaFree(dp);
  cudaFree(dt);
}
void check_cluster_parts() {
  constexpr int n = 512;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i)
    x[i] = static_cast<float>((i * 13) % 29);
  float *din, *dout;
  TIRX_CHECK_CUDA(cudaMalloc(&din, n * sizeof(float)));
  TIRX_CHECK_CUDA(cudaMalloc(&dout, n * sizeof(float)));
  TIRX_CHECK_CUDA(cudaMemcpy(din, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(dout, 0xFF, n * sizeof(float)));
  LaunchConfig cfg;
  cfg.grid = dim3(2, 2, 1);
  cfg.block = dim3(32);
  cfg.cluster = dim3(2, 2, 1); // one cluster: cluster coordinates are block coordinates
  TIRX_CHECK_CUDA(launch(cfg, cluster_parts, ClusterTile{din}, ClusterTile{dout}));
  TIRX_CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<float> y(n);
  TIRX_CHECK_CUDA(cudaMemcpy(y.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    const int cby = i / 256, cbx = (i / 128) % 2;
    expect(y[i] == x[i] + static_cast<float>(10 * cby + cbx), "cluster_parts: element", i, 0);
  }
  cudaFree(din);
  cudaFree(dout);
}
} // namespace

int main() {
  if (!tirx::cuda_device_present())
    return 77; // no GPU: ctest reports the test skipped
  for (long long n : {1LL, 2LL, 3LL, 255LL, 256LL, 257LL, 1000LL, 1024LL, 1025LL, 4097LL, 100003LL})
    for (int offset = 0; offset < 4; ++offset)
      check_scaled(n, offset);
  for (long long rows : {1LL, 5LL})
    for (long long cols : {1LL, 31LL, 128LL, 129LL, 1000LL})
      check_row_max(rows, cols);
  check_cta_sum();
  for (long long cols : {1LL, 100LL, 128LL, 129LL, 256LL})
    check_cluster_row_sum(7, cols);
  check_cluster_total();
  check_cluster_parts();
  std::printf("%s\n", failures == 0 ? "docs at_scale: all passed" : "docs at_scale: FAILED");
  return failures == 0 ? 0 : 1;
}
