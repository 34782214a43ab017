// GPU test of the cluster forms of the TMA and bulk copies (label gpu), on
// seeded random data, every element checked, the tiles poisoned first:
//   - tma::load_multicast in clusters of 2 and 4 (two clusters each): CTA r
//     of a cluster loads slice r of a (n x 16, 64) bf16 tile, 128-byte
//     swizzled, into every CTA of the cluster; each CTA's tile must hold all
//     n slices (read through the tirx layout). The second cluster uses the
//     cache-hint form.
//   - bulk::copy_s2cluster: in a cluster of 2, CTA 0 loads a buffer and
//     copies it into CTA 1's shared memory, completing on CTA 1's mbarrier.
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
  return tirx_test::summary("gpu_tma_cluster");
}
