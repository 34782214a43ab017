// The sub-tile and multicast code of docs/tma.md. Each region between
// `// [snippet:NAME]` and `// [/snippet]` is shown verbatim in the guide;
// tests/tools/check_doc_snippets.py keeps them identical. Test
// docs_tma_multicast_gpu (built for sm_90a) runs every kernel on seeded
// random data and checks every element that every CTA received against the
// input on the host; it exits 77 (ctest: skipped) without a GPU.
#include <tirx/host/cuda_check.hpp>

#include <tirx/tile.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

using namespace tirx;

constexpr Shape box = shape(64, 64);
constexpr TileLayout box_layout = row_major(box) ^ swizzle_for(SwizzleMode::b128, 2);
using BoxMap = tensor_map_t<bfloat16, box, box_layout>;

// [snippet:halves]
// Two 64 x 64 boxes into the halves of one 128 x 64 tile, and out of them
// again. Each half is a sub of the tile whose layout is the box's from an
// offset on (0 and 64 rows x 128 bytes: whole 1024-byte swizzle atoms).
constexpr Shape pair = shape(128, 64);
constexpr TileLayout pair_layout = row_major(pair) ^ swizzle_for(SwizzleMode::b128, 2);

__global__ void load_halves(const __grid_constant__ BoxMap in, const __grid_constant__ BoxMap out,
                            bfloat16* dump, int row0, int col0) {
  auto pool = SMEMPool::dynamic();
  auto tile = pool.alloc<bfloat16, pair, pair_layout, BoxMap::smem_align>();
  const MBarrier bar = alloc_barriers<1>(pool)[0];
  pool.commit();
  const auto top = tile.sub(range<0, 64>, _);      // rows 0..63: the box's layout
  const auto bottom = tile.sub(range<64, 128>, _); // rows 64..127: the same, 8192 bytes on
  if (threadIdx.x == 0) {
    bar.init(1);
    fence_mbarrier_init();
  }
  cta_sync();
  if (threadIdx.x == 0) {
    (void)bar.arrive_expect_tx(2 * tma::box_bytes<BoxMap>); // both halves on one phase
    tma::load(top, in, bar, row0, col0);
    tma::load(bottom, in, bar, row0 + 64, col0);
  }
  bar.wait(0);
  for (int i = threadIdx.x; i < 128 * 64; i += blockDim.x)
    dump[i] = tile(i / 64, i % 64); // the whole tile, read through its own layout
  if (threadIdx.x == 0) {           // the halves stored swapped
    tma::store(out, bottom, 0, 0);
    tma::store(out, top, 64, 0);
    tma::store_commit();
    tma::store_wait<0>();
  }
}
// [/snippet]

// [snippet:multicast-ring]
// A cluster of N CTAs walks `tiles` shared operand tiles of (16 N, 64) bf16
// through a ring of 4 stages, as a GEMM shares its B tile. For tile t, CTA r
// loads slice r (rows 16 r .. 16 r + 15) and multicasts it into stage t % 4
// of every CTA of the cluster, so each CTA's full barrier expects the whole
// tile. Warps 1..4 of each CTA read the stage, then free it in every CTA:
// a CTA may refill a stage only once all N CTAs are done with it, since its
// slice lands in all of them.
constexpr int ring_stages = 4, slice_rows = 16;
constexpr Shape slice_box = shape(slice_rows, 64);
constexpr TileLayout slice_layout = row_major(slice_box) ^ swizzle_for(SwizzleMode::b128, 2);
using SliceMap = tensor_map_t<bfloat16, slice_box, slice_layout>;

template <int N> // the cluster: N CTAs along x, launched with cluster dims (N, 1, 1)
__global__ void multicast_ring(const __grid_constant__ SliceMap map, bfloat16* dump, int tiles) {
  constexpr Shape ring_shape = shape(ring_stages, N * slice_rows, 64);
  constexpr TileLayout ring_layout = row_major(ring_shape) ^ swizzle_for(SwizzleMode::b128, 2);
  auto pool = SMEMPool::dynamic();
  auto ring = pool.alloc<bfloat16, ring_shape, ring_layout, SliceMap::smem_align>();
  const auto bars = BarrierRing<ring_stages>::alloc(pool);
  pool.commit();
  const int rank = cluster_rank(), cluster = static_cast<int>(blockIdx.x) / N;
  if (threadIdx.x == 0) {
    bars.init(1, 4 * N);   // full: this CTA's producer (+ the bytes); empty: 4 warps x N CTAs
    fence_mbarrier_init(); // the inits, seen by the peers' copies and arrivals
  }
  cluster_arrive_relaxed(); // no slice lands on a barrier before every CTA has initialized
  cluster_wait();
  PipelineState<ring_stages> st;
  if (threadIdx.x == 0) { // the producer
    for (int t = 0; t < tiles; ++t, st.advance()) {
      bars.producer_acquire(st); // the consumers of all N CTAs freed this stage
      bars.producer_commit_tx<tma::multicast_bytes<SliceMap, N>>(st); // N slices: the tile
      const auto stage = ring.sub(st.index, _, _); // a run-time stage: whole 1024-byte atoms
      tma::load_multicast(tma::multicast_slice<N>(stage, rank), map, bars.full(st.index),
                          tma::cluster_mask<N>(), ((cluster * tiles + t) * N + rank) * slice_rows,
                          0);
    }
  } else if (threadIdx.x >= 32) { // the consumers: warps 1..4
    for (int t = 0; t < tiles; ++t, st.advance()) {
      bars.consumer_wait(st); // the local barrier: the peers' bytes complete on it too
      const auto stage = ring.sub(st.index, _, _);
      bfloat16* mine =
          dump + (static_cast<long long>(blockIdx.x) * tiles + t) * N * slice_rows * 64;
      for (int i = static_cast<int>(threadIdx.x) - 32; i < N * slice_rows * 64; i += 128)
        mine[i] = stage(i / 64, i % 64);
      __syncwarp();
      if (threadIdx.x % 32 == 0)
        for (int r = 0; r < N; ++r)
          bars.consumer_release_remote_cta(st, r); // free the stage in CTA r (this one too)
    }
  }
  cluster_arrive(); // no CTA exits while a peer may still multicast into it or arrive on it
  cluster_wait();
}
// [/snippet]

// The masks and byte counts of the ring, and the other mask forms: ranks run
// along x first, so in a 4 x 2 cluster column 1 is ranks 1 and 5, in a 4 x 4
// cluster row 1 is ranks 4 to 7.
static_assert(tma::cluster_mask<2>() == 0x3 && tma::cluster_mask<4>() == 0xF);
static_assert(tma::cluster_mask<2, 4, 1>() == 0x22 && tma::cluster_mask<4, 1>(4) == 0xF0);
static_assert(tma::multicast_bytes<SliceMap, 2> == 4096 &&
              tma::multicast_bytes<SliceMap, 4> == 8192);

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

std::vector<bfloat16> random_tensor(std::mt19937& rng, long long n) {
  std::uniform_int_distribution<int> d(-4000, 4000);
  std::vector<bfloat16> v(n);
  for (bfloat16& x : v)
    x = __float2bfloat16(static_cast<float>(d(rng)) / 32.0f);
  return v;
}

void check_halves(std::mt19937& rng) {
  const long long rows = 300, cols = 200; // the tile at (72, 64) lies inside
  const std::vector<bfloat16> host = random_tensor(rng, rows * cols);
  bfloat16 *in = nullptr, *out = nullptr, *dump = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&in, host.size() * 2));
  TIRX_CHECK_CUDA(cudaMalloc(&out, 128 * 64 * 2));
  TIRX_CHECK_CUDA(cudaMalloc(&dump, 128 * 64 * 2));
  TIRX_CHECK_CUDA(cudaMemcpy(in, host.data(), host.size() * 2, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(out, 0xFF, 128 * 64 * 2));
  TIRX_CHECK_CUDA(cudaMemset(dump, 0xFF, 128 * 64 * 2));
  const BoxMap in_map = make_tensor_map<box, box_layout>(grid_tensor<16>(in, rows, cols));
  const BoxMap out_map = make_tensor_map<box, box_layout>(grid_tensor<16>(out, 128, 64));
  LaunchConfig cfg;
  cfg.block = dim3(128);
  cfg.smem = 128 * 64 * 2 + 1024 + 64;
  const int row0 = 72, col0 = 64;
  TIRX_CHECK_CUDA(launch(cfg, load_halves, in_map, out_map, dump, row0, col0));
  TIRX_CHECK_LAUNCH("load_halves");
  std::vector<bfloat16> got(128 * 64), stored(128 * 64);
  TIRX_CHECK_CUDA(cudaMemcpy(got.data(), dump, got.size() * 2, cudaMemcpyDeviceToHost));
  TIRX_CHECK_CUDA(cudaMemcpy(stored.data(), out, stored.size() * 2, cudaMemcpyDeviceToHost));
  long long bad_tile = 0, bad_store = 0;
  for (int i = 0; i < 128 * 64; ++i) {
    const int r = i / 64, c = i % 64;
    bad_tile += bits(got[i]) != bits(host[(row0 + r) * cols + col0 + c]);
    const int from = (r + 64) % 128; // stored swapped: row r holds tile row r + 64 (mod 128)
    bad_store += bits(stored[i]) != bits(host[(row0 + from) * cols + col0 + c]);
  }
  expect(bad_tile == 0, "load_halves: two boxes fill the halves of one 128 x 64 tile");
  expect(bad_store == 0, "load_halves: the halves stored from their sub-tiles");
  cudaFree(in);
  cudaFree(out);
  cudaFree(dump);
}

template <int N> void check_multicast_ring(std::mt19937& rng) {
  const int clusters = 2, tiles = 11; // 11 tiles: every stage through phases 0, 1, 0 (3 of 4)
  const long long rows = static_cast<long long>(clusters) * tiles * N * slice_rows, cols = 64;
  const std::vector<bfloat16> host = random_tensor(rng, rows * cols);
  const long long tile_elems = N * slice_rows * 64, ctas = clusters * N;
  const long long dump_elems = ctas * tiles * tile_elems;
  bfloat16 *in = nullptr, *dump = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&in, host.size() * 2));
  TIRX_CHECK_CUDA(cudaMalloc(&dump, dump_elems * 2));
  TIRX_CHECK_CUDA(cudaMemcpy(in, host.data(), host.size() * 2, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(dump, 0xFF, dump_elems * 2));
  const SliceMap map = make_tensor_map<slice_box, slice_layout>(grid_tensor<16>(in, rows, cols));
  LaunchConfig cfg;
  cfg.grid = dim3(static_cast<unsigned>(ctas));
  cfg.block = dim3(160);
  cfg.cluster = dim3(N);
  cfg.smem = ring_stages * tile_elems * 2 + 1024 + 2 * ring_stages * 8;
  TIRX_CHECK_CUDA(launch(cfg, multicast_ring<N>, map, dump, tiles));
  TIRX_CHECK_LAUNCH("multicast_ring");
  std::vector<bfloat16> got(dump_elems);
  TIRX_CHECK_CUDA(cudaMemcpy(got.data(), dump, got.size() * 2, cudaMemcpyDeviceToHost));
  long long bad = 0;
  for (long long cta = 0; cta < ctas; ++cta)
    for (int t = 0; t < tiles; ++t)
      for (long long i = 0; i < tile_elems; ++i) { // every CTA holds every slice of the tile
        const long long row = ((cta / N) * tiles + t) * N * slice_rows + i / 64;
        const std::uint16_t want = bits(host[row * cols + i % 64]);
        if (bits(got[(cta * tiles + t) * tile_elems + i]) != want && bad++ < 5)
          std::printf("  CTA %lld tile %d element %lld differs\n", cta, t, i);
      }
  char what[128];
  std::snprintf(
      what, sizeof what,
      "multicast_ring<%d>: %d clusters of %d, %d tiles through 4 stages, every CTA's tile", N,
      clusters, N, tiles);
  expect(bad == 0, what);
  cudaFree(in);
  cudaFree(dump);
}

} // namespace

int main() {
  if (!tirx::cuda_device_present())
    return 77; // no GPU: ctest reports the test skipped
  std::mt19937 rng(20261207);
  check_halves(rng);
  check_multicast_ring<2>(rng);
  check_multicast_ring<4>(rng);
  return failures == 0 ? 0 : 1;
}
