// GPU test of the cluster forms of the TMA and bulk copies (label gpu), on
// seeded random data, every element checked, the tiles poisoned first:
//   - tma::load_multicast in clusters of 2 and 4 (two clusters each): CTA r
//     of a cluster loads slice r of a (n x 16, 64) bf16 tile, 128-byte
//     swizzled, into every CTA of the cluster; each CTA's tile must hold all
//     n slices (read through the tirx layout). The second cluster uses the
//     cache-hint form.
//   - bulk::copy_s2cluster: in a cluster of 2, CTA 0 loads a buffer and
//     copies it into CTA 1's shared memory, completing on CTA 1's mbarrier.
//   - sub-tiles (exec/tma_tile.hpp) through the cache-hint forms: two bf16
//     boxes into the halves of a 128-byte swizzled (128, 64) tile (the lower
//     half a static sub 8192 bytes in), stored back swapped; a float box
//     into rows 4..19 of an unswizzled (32, 32) tile (512 bytes in), reduced
//     (add) into a tensor of known values; and tma::multicast_slice of a
//     run-time ring stage in clusters of 2 and 4 (cluster_mask,
//     multicast_bytes), each CTA's stage checked whole.
// Exit 0: all passed; 1: a case failed; 77: no GPU (ctest: skipped).
#include "tma_harness.cuh"

namespace {

using namespace tirx;
using namespace tma_test;
using bf16 = nv_bfloat16;

constexpr index_t slice_rows = 16;
constexpr Shape slice_box = shape(slice_rows, 64);
constexpr TileLayout slice_layout = row_major(slice_box) ^ swizzle_for(SwizzleMode::b128, 2);
using SliceMap = tensor_map_t<bf16, slice_box, slice_layout>;
constexpr index_t slice_elems = slice_box.size(); // 2048 bytes: every slice stays 1024-aligned

/// A cluster of n CTAs (1-D): each dumps its n slices to out[blockIdx.x].
__global__ void multicast(const __grid_constant__ SliceMap map, bf16* out, int n, int col0) {
  auto pool = SMEMPool::dynamic();
  auto first = pool.alloc<bf16, slice_box, slice_layout, 1024>();
  for (int s = 1; s < 4; ++s) // room for four slices
    (void)pool.alloc<bf16, slice_box, slice_layout, 1024>();
  auto bar = pool.alloc<cuda::std::uint64_t, shape(1)>();
  pool.commit();
  const unsigned rank = cuda::ptx::get_sreg_cluster_ctarank();
  const int cluster = static_cast<int>(blockIdx.x) / n;
  unsigned char* raw = reinterpret_cast<unsigned char*>(first.data());
  for (int i = threadIdx.x; i < n * SliceMap::box_bytes; i += blockDim.x)
    raw[i] = 0xFF;
  fence_proxy_async_shared();
  if (threadIdx.x == 0) {
    cuda::ptx::mbarrier_init(bar.data(), 1);
    fence_mbarrier_init();
  }
  __syncthreads();
  // every CTA's barrier is initialized before any CTA's copy lands on it
  cuda::ptx::barrier_cluster_arrive(cuda::ptx::sem_release);
  cuda::ptx::barrier_cluster_wait(cuda::ptx::sem_acquire);
  if (threadIdx.x == 0) {
    cuda::ptx::mbarrier_arrive_expect_tx(cuda::ptx::sem_release, cuda::ptx::scope_cta,
                                         cuda::ptx::space_shared, bar.data(),
                                         static_cast<unsigned>(n) * SliceMap::box_bytes);
    SliceMap::smem_tensor<MemScope::shared_dyn, 1024> mine{first.data() + rank * slice_elems};
    const int row = static_cast<int>((cluster * n + static_cast<int>(rank)) * slice_rows);
    const auto mask = static_cast<cuda::std::uint16_t>((1u << n) - 1);
    if (cluster % 2 == 1)
      tma::load_multicast(mine, map, bar.data(), mask, tile::cache_hint(policy::evict_last()), row,
                          col0);
    else
      tma::load_multicast(mine, map, bar.data(), mask, row, col0);
  }
  while (!cuda::ptx::mbarrier_try_wait_parity(bar.data(), 0)) {
  }
  for (int i = threadIdx.x; i < n * slice_elems; i += blockDim.x)
    out[blockIdx.x * 4 * slice_elems + i] = first.data()[i];
  // no CTA leaves while its copies may still land in the others
  cuda::ptx::barrier_cluster_arrive(cuda::ptx::sem_release);
  cuda::ptx::barrier_cluster_wait(cuda::ptx::sem_acquire);
}

/// A cluster of 2: CTA 0 loads src (bulk) and sends it to CTA 1's buffer.
__global__ void to_cluster(const float* src, float* out, unsigned n) {
  auto pool = SMEMPool::dynamic();
  auto a = pool.alloc<float, shape(2048)>();
  auto b = pool.alloc<float, shape(2048)>();
  auto bars = pool.alloc<cuda::std::uint64_t, shape(2)>();
  pool.commit();
  const unsigned rank = cuda::ptx::get_sreg_cluster_ctarank();
  const unsigned bytes = n * 4;
  for (unsigned i = threadIdx.x; i < n; i += blockDim.x)
    b.data()[i] = -1.0f; // poison
  fence_proxy_async_shared();
  if (threadIdx.x == 0) {
    cuda::ptx::mbarrier_init(bars.data(), 1);
    cuda::ptx::mbarrier_init(bars.data() + 1, 1);
    fence_mbarrier_init();
  }
  __syncthreads();
  cuda::ptx::barrier_cluster_arrive(cuda::ptx::sem_release);
  cuda::ptx::barrier_cluster_wait(cuda::ptx::sem_acquire);
  if (rank == 0) {
    if (threadIdx.x == 0) {
      cuda::ptx::mbarrier_arrive_expect_tx(cuda::ptx::sem_release, cuda::ptx::scope_cta,
                                           cuda::ptx::space_shared, bars.data(), bytes);
      bulk::copy_g2s(a.data(), src, bytes, bars.data());
    }
    while (!cuda::ptx::mbarrier_try_wait_parity(bars.data(), 0)) {
    }
    if (threadIdx.x == 0)
      bulk::copy_s2cluster(b.data(), a.data(), bytes, bars.data() + 1, 1);
  } else {
    if (threadIdx.x == 0)
      cuda::ptx::mbarrier_arrive_expect_tx(cuda::ptx::sem_release, cuda::ptx::scope_cta,
                                           cuda::ptx::space_shared, bars.data() + 1, bytes);
    while (!cuda::ptx::mbarrier_try_wait_parity(bars.data() + 1, 0)) {
    }
    for (unsigned i = threadIdx.x; i < n; i += blockDim.x)
      out[i] = b.data()[i];
  }
  cuda::ptx::barrier_cluster_arrive(cuda::ptx::sem_release);
  cuda::ptx::barrier_cluster_wait(cuda::ptx::sem_acquire);
}

constexpr Shape half_box = shape(64, 64);
constexpr TileLayout half_layout = row_major(half_box) ^ swizzle_for(SwizzleMode::b128, 2);
using HalfMap = tensor_map_t<bf16, half_box, half_layout>;
constexpr Shape pair_shape = shape(128, 64);
constexpr TileLayout pair_layout = row_major(pair_shape) ^ swizzle_for(SwizzleMode::b128, 2);
constexpr Shape float_box = shape(16, 32); // 128-byte rows, unswizzled: 128-byte atoms
using FloatMap = tensor_map_t<float, float_box>;

/// One CTA: bf16 boxes at (row0, 0) and (row0 + 64, 0) into the halves of a
/// (128, 64) tile (the lower one with a cache hint), dumped, stored swapped
/// into out (the upper one with a hint); a float box at (frow, 0) into rows
/// 4..19 of a (32, 32) tile, dumped, and reduced into acc (with a hint).
__global__ void subtiles(const __grid_constant__ HalfMap in, const __grid_constant__ HalfMap out,
                         const __grid_constant__ FloatMap fin, const __grid_constant__ FloatMap acc,
                         bf16* dump, float* fdump, int row0, int frow) {
  auto pool = SMEMPool::dynamic();
  auto tile = pool.alloc<bf16, pair_shape, pair_layout, 1024>();
  auto ftile = pool.alloc<float, shape(32, 32), row_major(shape(32, 32)), 128>();
  const MBarrier bar = alloc_barriers<1>(pool)[0];
  pool.commit();
  const auto top = tile.sub(range<0, 64>, _);
  const auto bottom = tile.sub(range<64, 128>, _);
  const auto frows = ftile.sub(range<4, 20>, _);
  static_assert(tma::detail::TileFit<decltype(bottom), HalfMap>::offset == 64 * 64);
  static_assert(tma::detail::TileFit<decltype(frows), FloatMap>::offset_bytes == 512);
  if (threadIdx.x == 0) {
    bar.init(1);
    fence_mbarrier_init();
  }
  cta_sync();
  if (threadIdx.x == 0) {
    (void)bar.arrive_expect_tx(2 * HalfMap::box_bytes + FloatMap::box_bytes);
    tma::load(top, in, bar, row0, 0);
    tma::load(bottom, in, bar, tile::cache_hint(policy::evict_first()), row0 + 64, 0);
    tma::load(frows, fin, bar, tile::cache_hint(policy::evict_last()), frow, 0);
  }
  bar.wait(0);
  for (int i = threadIdx.x; i < 128 * 64; i += blockDim.x)
    dump[i] = tile(i / 64, i % 64);
  for (int i = threadIdx.x; i < 16 * 32; i += blockDim.x)
    fdump[i] = frows(i / 32, i % 32);
  if (threadIdx.x == 0) {
    tma::store(out, bottom, 0, 0);
    tma::store(out, top, tile::cache_hint(policy::evict_first()), 64, 0);
    tma::reduce_add(acc, frows, tile::cache_hint(policy::evict_first()), 0, 0);
    tma::store_commit();
    tma::store_wait<0>();
  }
}

/// A cluster of N: CTA r loads slice r of stage 1 of a 2-stage ring of
/// (16 N, 64) tiles into every CTA (with a cache hint); each dumps its stage.
template <int N>
__global__ void multicast_slices(const __grid_constant__ SliceMap map, bf16* out, int row0) {
  constexpr Shape ring_shape = shape(2, N * slice_rows, 64);
  auto pool = SMEMPool::dynamic();
  auto ring = pool.alloc<bf16, ring_shape,
                         row_major(ring_shape) ^ swizzle_for(SwizzleMode::b128, 2), 1024>();
  const MBarrier bar = alloc_barriers<1>(pool)[0];
  pool.commit();
  const int rank = cluster_rank(), s = row0 >= 0 ? 1 : 0; // stage 1 (a run-time index)
  if (threadIdx.x == 0) {
    bar.init(1);
    fence_mbarrier_init();
  }
  cluster_arrive_relaxed();
  cluster_wait();
  const auto stage = ring.sub(s, _, _);
  if (threadIdx.x == 0) {
    (void)bar.arrive_expect_tx(tma::multicast_bytes<SliceMap, N>);
    tma::load_multicast(tma::multicast_slice<N>(stage, rank), map, bar, tma::cluster_mask<N>(),
                        tile::cache_hint(policy::evict_last()), row0 + rank * slice_rows, 0);
  }
  bar.wait(0);
  for (int i = threadIdx.x; i < N * slice_elems; i += blockDim.x)
    out[blockIdx.x * N * slice_elems + i] = stage(i / 64, i % 64);
  cluster_arrive();
  cluster_wait();
}

void check_subtiles(std::mt19937& rng) {
  const long long R = 200, C = 64, FR = 40, FC = 32;
  std::vector<bf16> host(R * C);
  std::uniform_int_distribution<int> d(-2000, 2000);
  for (bf16& x : host)
    x = __float2bfloat16(static_cast<float>(d(rng)) / 16.0f);
  const std::vector<float> fhost = tirx_test::whole_floats(rng, FR * FC, -1000, 1000);
  const std::vector<float> facc0 = tirx_test::whole_floats(rng, 16 * FC, -1000, 1000);
  tirx_test::DeviceBuffer<bf16> in(R * C), out(128 * 64), dump(128 * 64);
  tirx_test::DeviceBuffer<float> fin(FR * FC), facc(16 * FC), fdump(16 * FC);
  in.upload(host);
  fin.upload(fhost);
  facc.upload(facc0);
  out.poison();
  dump.poison();
  fdump.poison();
  const HalfMap in_map = make_tensor_map<half_box, half_layout>(grid_tensor<16>(in.ptr, R, C));
  const HalfMap out_map = make_tensor_map<half_box, half_layout>(grid_tensor<16>(out.ptr, 128, 64));
  const FloatMap fin_map = make_tensor_map<float_box>(grid_tensor<16>(fin.ptr, FR, FC));
  const FloatMap acc_map = make_tensor_map<float_box>(grid_tensor<16>(facc.ptr, 16, FC));
  const int row0 = 40, frow = 20;
  LaunchConfig cfg;
  cfg.block = dim3(128);
  cfg.smem = 128 * 64 * 2 + 32 * 32 * 4 + 64;
  TIRX_CHECK_CUDA(
      launch(cfg, subtiles, in_map, out_map, fin_map, acc_map, dump.ptr, fdump.ptr, row0, frow));
  TIRX_CHECK_LAUNCH("subtiles");
  const auto got = dump.download(), stored = out.download();
  const auto fgot = fdump.download(), fsum = facc.download();
  int bad = 0;
  for (int i = 0; i < 128 * 64; ++i) {
    const int r = i / 64, c = i % 64;
    const std::uint64_t want = bits(host[(row0 + r) * C + c]);
    const std::uint64_t want_stored = bits(host[(row0 + (r + 64) % 128) * C + c]);
    if ((bits(got[i]) != want || bits(stored[i]) != want_stored) && bad++ < 5)
      std::printf("FAIL subtiles: bf16 element (%d, %d): tile %llx, stored %llx, want %llx, %llx\n",
                  r, c, static_cast<unsigned long long>(bits(got[i])),
                  static_cast<unsigned long long>(bits(stored[i])),
                  static_cast<unsigned long long>(want),
                  static_cast<unsigned long long>(want_stored));
  }
  for (int i = 0; i < 16 * 32; ++i) {
    const float want = fhost[(frow + i / 32) * FC + i % 32];
    if ((fgot[i] != want || fsum[i] != facc0[i] + want) && bad++ < 10)
      std::printf("FAIL subtiles: float element %d: tile %g, sum %g, want %g, %g\n", i, fgot[i],
                  fsum[i], want, facc0[i] + want);
  }
  if (tirx_test::expect(bad == 0))
    std::printf("ok   sub-tiles: halves of a swizzled tile, rows of an unswizzled one, hints\n");
}

template <int N> void check_multicast_slices(std::mt19937& rng) {
  const long long R = 2 * N * slice_rows + 32, C = 64;
  std::vector<bf16> host(R * C);
  std::uniform_int_distribution<int> d(-2000, 2000);
  for (bf16& x : host)
    x = __float2bfloat16(static_cast<float>(d(rng)) / 16.0f);
  tirx_test::DeviceBuffer<bf16> dev(R * C), out(2 * N * N * slice_elems);
  dev.upload(host);
  out.poison();
  const SliceMap map = make_tensor_map<slice_box, slice_layout>(grid_tensor<16>(dev.ptr, R, C));
  const int row0 = 24;
  LaunchConfig cfg;
  cfg.grid = dim3(2 * N);
  cfg.block = dim3(128);
  cfg.cluster = dim3(N);
  cfg.smem = 2 * N * slice_elems * 2 + 64;
  TIRX_CHECK_CUDA(launch(cfg, multicast_slices<N>, map, out.ptr, row0));
  TIRX_CHECK_LAUNCH("multicast_slices");
  const auto got = out.download();
  int bad = 0;
  for (int cta = 0; cta < 2 * N; ++cta)
    for (long long i = 0; i < N * slice_elems; ++i) {
      const std::uint64_t want = bits(host[(row0 + i / 64) * C + i % 64]);
      if (bits(got[cta * N * slice_elems + i]) != want && bad++ < 5)
        std::printf("FAIL multicast_slices x%d: CTA %d element %lld\n", N, cta, i);
    }
  if (tirx_test::expect(bad == 0))
    std::printf("ok   multicast_slice of a ring stage with a hint, clusters of %d\n", N);
}

void check_multicast(std::mt19937& rng, int n) {
  const long long R = 2 * 4 * slice_rows + 8, C = 136; // 272-byte rows
  std::vector<bf16> host(R * C);
  std::uniform_int_distribution<int> d(-2000, 2000);
  for (bf16& x : host)
    x = __float2bfloat16(static_cast<float>(d(rng)) / 16.0f);
  tirx_test::DeviceBuffer<bf16> dev(R * C), out(8 * 4 * slice_elems);
  dev.upload(host);
  out.poison();
  const SliceMap map = make_tensor_map<slice_box, slice_layout>(grid_tensor<16>(dev.ptr, R, C));
  // the boxes run past the last column (zero-filled there); a multiple of 16 bytes (8 bf16),
  // as every innermost TMA coordinate must be
  const int col0 = 96;
  LaunchConfig cfg;
  cfg.grid = dim3(2 * n);
  cfg.block = dim3(128);
  cfg.cluster = dim3(n);
  cfg.smem = 4 * SliceMap::box_bytes + 1024 + 64;
  TIRX_CHECK_CUDA(launch(cfg, multicast, map, out.ptr, n, col0));
  TIRX_CHECK_LAUNCH("multicast");
  const std::vector<bf16> got = out.download();
  const Geometry g{2, {R, C}, {C, 1}};
  int bad = 0;
  for (int cta = 0; cta < 2 * n; ++cta)
    for (int s = 0; s < n; ++s) {
      const Crd crd{{static_cast<int>(((cta / n) * n + s) * slice_rows), col0}};
      for_box<SliceMap>(g, crd, [&](long long flat, long long m, long long off, bool inside) {
        const std::uint64_t want = inside ? bits(host[off]) : 0;
        const bf16 v = got[cta * 4 * slice_elems + s * slice_elems + m];
        if (bits(v) != want && bad++ < 5)
          std::printf("FAIL multicast x%d: CTA %d slice %d element %lld is %llx, want %llx\n", n,
                      cta, s, flat, static_cast<unsigned long long>(bits(v)),
                      static_cast<unsigned long long>(want));
      });
    }
  if (tirx_test::expect(bad == 0))
    std::printf("ok   load_multicast, clusters of %d\n", n);
}

void check_to_cluster(std::mt19937& rng) {
  const unsigned n = 2048;
  const auto src = tirx_test::whole_floats(rng, n, -1000, 1000);
  tirx_test::DeviceBuffer<float> s(n), out(n);
  s.upload(src);
  out.poison();
  LaunchConfig cfg;
  cfg.grid = dim3(2);
  cfg.block = dim3(128);
  cfg.cluster = dim3(2);
  cfg.smem = 2 * n * 4 + 64;
  TIRX_CHECK_CUDA(launch(cfg, to_cluster, s.ptr, out.ptr, n));
  TIRX_CHECK_LAUNCH("to_cluster");
  const auto got = out.download();
  int bad = 0;
  for (unsigned i = 0; i < n; ++i)
    if (got[i] != src[i] && bad++ < 5)
      std::printf("FAIL copy_s2cluster: element %u is %g, want %g\n", i, got[i], src[i]);
  if (tirx_test::expect(bad == 0))
    std::printf("ok   bulk::copy_s2cluster, a cluster of 2\n");
}

} // namespace

int main() {
  if (int rc = tirx_test_require_gpu())
    return rc;
  const unsigned seed = 20261202;
  std::printf("seed %u\n", seed);
  std::mt19937 rng(seed);
  check_multicast(rng, 2);
  check_multicast(rng, 4);
  check_to_cluster(rng);
  check_subtiles(rng);
  check_multicast_slices<2>(rng);
  check_multicast_slices<4>(rng);
  return tirx_test::summary("gpu_tma_cluster");
}
