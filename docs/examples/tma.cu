// The code of docs/tma.md. Each region between `// [snippet:NAME]` and
// `// [/snippet]` is shown verbatim in the guide; tests/tools/check_doc_snippets.py
// keeps them identical. Test docs_tma_gpu (built for sm_90a) runs every
// kernel and checks every element against the input; it exits 77 (ctest:
// skipped) without a GPU.
#include <tirx/host/cuda_check.hpp>

#include <tirx/tile.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

using namespace tirx;

// [snippet:tile-map]
// A 64 x 64 bf16 box, landing in shared memory row-major with the 128-byte
// swizzle: its rows are 64 x 2 = 128 bytes, the swizzle's span.
constexpr Shape box = shape(64, 64);
constexpr TileLayout tile_layout = row_major(box) ^ swizzle_for(SwizzleMode::b128, 2);
using TileMap = tensor_map_t<bfloat16, box, tile_layout>; // at namespace scope

static_assert(TileMap::swizzle == SwizzleMode::b128);
static_assert(tma::box_bytes<TileMap> == 8192); // what one box adds to its mbarrier
static_assert(TileMap::smem_align == 1024);     // the 128-byte swizzle repeats every 1024 bytes
// [/snippet]

// [snippet:load-box]
// One thread loads the box at (row0, col0); the others wait on the mbarrier.
__global__ void load_box(const __grid_constant__ TileMap map, bfloat16* out, int row0, int col0) {
  auto pool = SMEMPool::dynamic();
  auto tile = pool.alloc<bfloat16, box, tile_layout, TileMap::smem_align>();
  const MBarrier bar = alloc_barriers<1>(pool)[0];
  pool.commit();
  if (threadIdx.x == 0) {
    bar.init(1);           // one arrival: the thread that issues the load
    fence_mbarrier_init(); // the init, seen by the copy and the other threads
  }
  cta_sync();
  if (threadIdx.x == 0) {
    (void)bar.arrive_expect_tx(tma::box_bytes<TileMap>); // the 8192 bytes the load brings
    tma::load(tile, map, bar, row0, col0);               // coordinates outermost first
  }
  bar.wait(0); // phase 0 completes when the box has landed
  for (int i = threadIdx.x; i < 64 * 64; i += blockDim.x)
    out[i] = tile(i / 64, i % 64); // read through the layout: the swizzle is undone
}
// [/snippet]

// [snippet:store-box]
// Every thread writes part of the tile, fences, and one thread stores it.
__global__ void store_box(const __grid_constant__ TileMap map, const bfloat16* in, int row0,
                          int col0) {
  auto pool = SMEMPool::dynamic();
  auto tile = pool.alloc<bfloat16, box, tile_layout, TileMap::smem_align>();
  pool.commit();
  for (int i = threadIdx.x; i < 64 * 64; i += blockDim.x)
    tile(i / 64, i % 64) = in[i];
  fence_proxy_async_shared(); // my generic writes, visible to the TMA unit
  cta_sync();
  if (threadIdx.x == 0) {
    tma::store(map, tile, row0, col0); // the part outside the tensor is skipped
    tma::store_commit();
    tma::store_wait<0>(); // the global writes are done (store_wait_read: the tile is free)
  }
}
// [/snippet]

// [snippet:bulk-copy]
// A contiguous range global -> shared -> global, without a tensor map.
__global__ void bulk_round_trip(const float* src, float* dst, unsigned n) { // n: a multiple of 4
  auto pool = SMEMPool::dynamic();
  auto buf = pool.alloc<float, shape(2048)>();
  const MBarrier bar = alloc_barriers<1>(pool)[0];
  pool.commit();
  if (threadIdx.x == 0) {
    bar.init(1);
    fence_mbarrier_init();
    (void)bar.arrive_expect_tx(n * 4);
    bulk::copy_g2s(buf.data(), src, n * 4, bar);
    bar.wait(0);
    bulk::copy_s2g(dst, buf.data(), n * 4);
    bulk::commit();
    bulk::wait<0>();
  }
}
// [/snippet]

// [snippet:pipeline]
// A 4-stage TMA pipeline: warp 0 loads boxes into a ring of shared tiles,
// warps 1..4 copy each tile out to global memory. full(s) completes when
// tile s has arrived (the box's bytes); empty(s) when the 128 consumer
// threads are done with it. Each CTA takes the tiles blockIdx.x,
// blockIdx.x + gridDim.x, ...; each role's PipelineState walks the stages
// (k % 4 for the k-th tile) and their phases ((k / 4) % 2).
constexpr int stages = 4;

struct Ring {
  TileMap::smem_tensor<MemScope::shared_dyn, TileMap::smem_align> tile[stages];
  BarrierRing<stages> bars;
};

TIRX_HD constexpr Ring plan(SMEMPool& pool) {
  Ring r{};
  for (int s = 0; s < stages; ++s)
    r.tile[s] = pool.alloc<bfloat16, box, tile_layout, TileMap::smem_align>();
  r.bars = BarrierRing<stages>::alloc(pool);
  pool.commit();
  return r;
}
constexpr unsigned long long ring_bytes = smem_bytes(plan);

__global__ void pipelined_copy(const __grid_constant__ TileMap map,
                               GridTensor<bfloat16, 2, 16> out) {
  auto pool = SMEMPool::dynamic();
  const Ring ring = plan(pool);
  const long long tiles_across = (out.cols() + 63) / 64;
  const long long tiles = (out.rows() + 63) / 64 * tiles_across;
  if (threadIdx.x == 0) {
    ring.bars.init(1, 128); // full: the producer's arrive (+ the bytes); empty: every consumer
    fence_mbarrier_init();
  }
  cta_sync();
  PipelineState<stages> st; // stage 0, phase 0, for both roles
  if (threadIdx.x < 32) {   // the producer warp: one thread issues
    if (threadIdx.x == 0) {
      tma::prefetch_tensor_map(map);
      for (long long t = blockIdx.x; t < tiles; t += gridDim.x, st.advance()) {
        ring.bars.producer_acquire(st); // the consumers freed the stage (at once in round 1)
        ring.bars.producer_commit_tx<tma::box_bytes<TileMap>>(st); // arrive, expect the box
        tma::load(ring.tile[st.index], map, ring.bars.full(st.index), (t / tiles_across) * 64,
                  (t % tiles_across) * 64);
      }
    }
  } else { // the consumers: 128 threads
    const int c = static_cast<int>(threadIdx.x) - 32;
    for (long long t = blockIdx.x; t < tiles; t += gridDim.x, st.advance()) {
      ring.bars.consumer_wait(st);
      const long long row0 = (t / tiles_across) * 64, col0 = (t % tiles_across) * 64;
      for (int i = c; i < 64 * 64; i += 128) {
        const long long r = row0 + i / 64, col = col0 + i % 64;
        if (r < out.rows() && col < out.cols()) // the ragged edge (zero-filled in the tile)
          out.data()[r * out.ld + col] = ring.tile[st.index](i / 64, i % 64);
      }
      ring.bars.consumer_release(st); // each consumer thread arrives on empty(st.index)
    }
  }
}

void copy(const bfloat16* in, bfloat16* out, long long rows, long long cols) {
  const TileMap map = make_tensor_map<box, tile_layout>(grid_tensor<16>(in, rows, cols));
  LaunchConfig cfg;
  cfg.grid = dim3(8);
  cfg.block = dim3(160);
  cfg.smem = ring_bytes;
  TIRX_CHECK_CUDA(launch(cfg, pipelined_copy, map, grid_tensor<16>(out, rows, cols)));
}
// [/snippet]

// [snippet:im2col-map]
// A 3x3 convolution of padding 1 over NHWC bf16 activations of 64 channels:
// each load gathers, for one filter tap, the input pixels of 64 output pixels.
constexpr Shape column = shape(64, 64); // (pixels per column, channels per pixel)
constexpr TileLayout column_layout = row_major(column) ^ swizzle_for(SwizzleMode::b128, 2);
using ColumnMap = im2col_tensor_map_t<bfloat16, 4, column, column_layout>; // rank 4: N, H, W, C

ColumnMap activation_map(const bfloat16* x, long long n, long long h, long long w) {
  const long long extents[4] = {n, h, w, 64}, strides[4] = {h * w * 64, w * 64, 64, 1};
  // the bounding box, per spatial mode (H, W): lower corner -padding,
  // upper corner padding - (filter - 1) x dilation
  return make_im2col_tensor_map<column, column_layout>(x, extents, strides, {-1, -1}, {-1, -1});
}
// [/snippet]

// [snippet:im2col-load]
// Output pixels m0 .. m0 + 63 (m0 = (n0 x P + p0) x Q + q0, q fastest) for
// filter tap (r, s): the column starts at the window corner of output (p0,
// q0), -padding + the output position, and the offsets are the tap.
__global__ void load_column(const __grid_constant__ ColumnMap map, bfloat16* out, int n0, int p0,
                            int q0, int r, int s) {
  auto pool = SMEMPool::dynamic();
  auto col = pool.alloc<bfloat16, column, column_layout, ColumnMap::smem_align>();
  const MBarrier bar = alloc_barriers<1>(pool)[0];
  pool.commit();
  if (threadIdx.x == 0) {
    bar.init(1);
    fence_mbarrier_init();
  }
  cta_sync();
  if (threadIdx.x == 0) {
    (void)bar.arrive_expect_tx(ColumnMap::box_bytes);
    // coordinates n, h, w, c (outermost first), then the offsets of H and W
    tma::load_im2col(col, map, bar, n0, p0 - 1, q0 - 1, 0, r, s);
  }
  bar.wait(0);
  for (int i = threadIdx.x; i < 64 * 64; i += blockDim.x)
    out[i] = col(i / 64, i % 64); // row: an output pixel; zeros where the tap reads the padding
}
// [/snippet]

namespace {

std::uint16_t bits(bfloat16 x) {
  std::uint16_t b;
  std::memcpy(&b, &x, 2);
  return b;
}

int failures = 0;
void expect(bool ok, const char* what) {
  std::printf("%s %s\n", ok ? "ok  " : "FAIL", what);
  failures += !ok;
}

} // namespace

int main() {
  if (!tirx::cuda_device_present())
    return 77; // no GPU: ctest reports the test skipped
  std::mt19937 rng(20261203);
  std::uniform_int_distribution<int> d(-4000, 4000);
  const long long rows = 4000, cols = 1000; // 63 x 16 tiles, the last row and column ragged
  std::vector<bfloat16> host(rows * cols);
  for (bfloat16& x : host)
    x = __float2bfloat16(static_cast<float>(d(rng)) / 32.0f);
  const size_t bytes = host.size() * 2;
  bfloat16 *in = nullptr, *out = nullptr, *tile = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&in, bytes));
  TIRX_CHECK_CUDA(cudaMalloc(&out, bytes));
  TIRX_CHECK_CUDA(cudaMalloc(&tile, 64 * 64 * 2));
  TIRX_CHECK_CUDA(cudaMemcpy(in, host.data(), bytes, cudaMemcpyHostToDevice));

  // the pipeline, every element
  TIRX_CHECK_CUDA(cudaMemset(out, 0xFF, bytes));
  copy(in, out, rows, cols);
  TIRX_CHECK_LAUNCH("pipelined_copy");
  std::vector<bfloat16> back(host.size());
  TIRX_CHECK_CUDA(cudaMemcpy(back.data(), out, bytes, cudaMemcpyDeviceToHost));
  long long bad = 0;
  for (size_t i = 0; i < host.size(); ++i)
    bad += bits(back[i]) != bits(host[i]);
  expect(bad == 0, "pipelined_copy: 4000 x 1000 bf16, 4 stages, every element");

  // one box at a ragged corner: the part outside the tensor reads as zero
  const TileMap map = make_tensor_map<box, tile_layout>(grid_tensor<16>(in, rows, cols));
  LaunchConfig one;
  one.block = dim3(128);
  one.smem = 8192 + 1024;
  TIRX_CHECK_CUDA(cudaMemset(tile, 0xFF, 64 * 64 * 2));
  TIRX_CHECK_CUDA(launch(one, load_box, map, tile, int{rows - 40}, int{cols - 16}));
  TIRX_CHECK_LAUNCH("load_box");
  std::vector<bfloat16> t(64 * 64);
  TIRX_CHECK_CUDA(cudaMemcpy(t.data(), tile, t.size() * 2, cudaMemcpyDeviceToHost));
  bad = 0;
  for (int i = 0; i < 64 * 64; ++i) {
    const long long r = rows - 40 + i / 64, c = cols - 16 + i % 64;
    const std::uint16_t want = r < rows && c < cols ? bits(host[r * cols + c]) : 0;
    bad += bits(t[i]) != want;
  }
  expect(bad == 0, "load_box: a ragged corner, zero-filled outside");

  // a store across the same corner: only the inside is written
  TIRX_CHECK_CUDA(cudaMemcpy(out, in, bytes, cudaMemcpyDeviceToDevice));
  TIRX_CHECK_CUDA(launch(one, store_box, map, static_cast<const bfloat16*>(tile), 8, 16));
  TIRX_CHECK_LAUNCH("store_box");
  TIRX_CHECK_CUDA(cudaMemcpy(back.data(), in, bytes, cudaMemcpyDeviceToHost));
  bad = 0;
  for (long long i = 0; i < rows * cols; ++i) {
    const long long r = i / cols - 8, c = i % cols - 16;
    const bool boxed = r >= 0 && r < 64 && c >= 0 && c < 64;
    bad += bits(back[i]) != (boxed ? bits(t[r * 64 + c]) : bits(host[i]));
  }
  expect(bad == 0, "store_box: the box at (8, 16) written, the rest untouched");
  TIRX_CHECK_CUDA(cudaMemcpy(in, out, bytes, cudaMemcpyDeviceToDevice)); // restore

  // the bulk round trip
  float *fs = nullptr, *fd = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&fs, 2048 * 4));
  TIRX_CHECK_CUDA(cudaMalloc(&fd, 2048 * 4));
  std::vector<float> fh(2048);
  for (float& x : fh)
    x = static_cast<float>(d(rng));
  TIRX_CHECK_CUDA(cudaMemcpy(fs, fh.data(), 2048 * 4, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(fd, 0xFF, 2048 * 4));
  LaunchConfig b;
  b.block = dim3(32);
  b.smem = 2048 * 4 + 64;
  TIRX_CHECK_CUDA(launch(b, bulk_round_trip, static_cast<const float*>(fs), fd, 2048u));
  TIRX_CHECK_LAUNCH("bulk_round_trip");
  std::vector<float> fb(2048);
  TIRX_CHECK_CUDA(cudaMemcpy(fb.data(), fd, 2048 * 4, cudaMemcpyDeviceToHost));
  expect(fb == fh, "bulk_round_trip: 8 KiB global -> shared -> global");

  // an im2col column: 2 x 9 x 9 x 64 activations, output pixels 66 .. 129
  // (image 0 from (7, 3) on, across into image 1), tap (2, 2): the bottom
  // and right taps read the padding
  {
    const long long n = 2, h = 9, w = 9;
    std::vector<bfloat16> act(n * h * w * 64);
    for (bfloat16& x : act)
      x = __float2bfloat16(static_cast<float>(d(rng) | 1)); // never zero
    bfloat16 *x = nullptr, *col = nullptr;
    TIRX_CHECK_CUDA(cudaMalloc(&x, act.size() * 2));
    TIRX_CHECK_CUDA(cudaMalloc(&col, 64 * 64 * 2));
    TIRX_CHECK_CUDA(cudaMemcpy(x, act.data(), act.size() * 2, cudaMemcpyHostToDevice));
    TIRX_CHECK_CUDA(cudaMemset(col, 0xFF, 64 * 64 * 2));
    const ColumnMap cmap = activation_map(x, n, h, w);
    LaunchConfig c;
    c.block = dim3(128);
    c.smem = ColumnMap::box_bytes + 2048;
    TIRX_CHECK_CUDA(launch(c, load_column, cmap, col, 0, 7, 3, 2, 2));
    TIRX_CHECK_LAUNCH("load_column");
    std::vector<bfloat16> got(64 * 64);
    TIRX_CHECK_CUDA(cudaMemcpy(got.data(), col, got.size() * 2, cudaMemcpyDeviceToHost));
    bad = 0;
    for (int i = 0; i < 64 * 64; ++i) {
      const long long m = 66 + i / 64, img = m / 81, y = m % 81 / 9 - 1 + 2, xw = m % 9 - 1 + 2;
      const bool inside = img < n && y >= 0 && y < h && xw >= 0 && xw < w;
      const std::uint16_t want = inside ? bits(act[((img * h + y) * w + xw) * 64 + i % 64]) : 0;
      bad += bits(got[i]) != want;
    }
    expect(bad == 0, "load_column: an im2col column across two images and the padding");
    cudaFree(x);
    cudaFree(col);
  }

  cudaFree(in);
  cudaFree(out);
  cudaFree(tile);
  cudaFree(fs);
  cudaFree(fd);
  return failures == 0 ? 0 : 1;
}
