// Device compile test (building is the test): every TMA and bulk form, and
// each form that completes on an mbarrier with each barrier type it takes,
// instantiated for each device architecture of TIRX_DEVICE_COMPILE_ARCHS
// (sm_80: nothing, the calls need sm_90; sm_90a, and sm_100a where nvcc has
// it), so that ptxas sees each instruction for each target. The im2col
// forms (exec/tma_im2col.hpp, hand-written asm) are also checked in the PTX
// text for sm_90a (test ptx_text_tma_im2col), one pattern a line:
// clang-format off
// ptx-text: cp\.async\.bulk\.tensor\.3d\.shared::cluster\.global\.im2col\.mbarrier::complete_tx::bytes \[%r[0-9]+\], \[%rd[0-9]+, \{%r[0-9]+, %r[0-9]+, %r[0-9]+\}\], \[%r[0-9]+\], \{%rs[0-9]+\}
// ptx-text: cp\.async\.bulk\.tensor\.4d\.shared::cluster\.global\.im2col\.mbarrier::complete_tx::bytes \[%r[0-9]+\], \[%rd[0-9]+, \{%r[0-9]+, %r[0-9]+, %r[0-9]+, %r[0-9]+\}\], \[%r[0-9]+\], \{%rs[0-9]+, %rs[0-9]+\}
// ptx-text: cp\.async\.bulk\.tensor\.5d\.shared::cluster\.global\.im2col\.mbarrier::complete_tx::bytes \[%r[0-9]+\], \[%rd[0-9]+, \{%r[0-9]+, %r[0-9]+, %r[0-9]+, %r[0-9]+, %r[0-9]+\}\], \[%r[0-9]+\], \{%rs[0-9]+, %rs[0-9]+, %rs[0-9]+\}
// ptx-text: cp\.async\.bulk\.tensor\.4d\.shared::cluster\.global\.im2col\.mbarrier::complete_tx::bytes\.L2::cache_hint \[%r[0-9]+\], \[%rd[0-9]+, \{[^}]*\}\], \[%r[0-9]+\], \{%rs[0-9]+, %rs[0-9]+\}, %rd[0-9]+
// ptx-text: cp\.async\.bulk\.tensor\.4d\.shared::cluster\.global\.im2col\.mbarrier::complete_tx::bytes\.multicast::cluster \[%r[0-9]+\], \[%rd[0-9]+, \{[^}]*\}\], \[%r[0-9]+\], \{%rs[0-9]+, %rs[0-9]+\}, %rs[0-9]+
// ptx-text: cp\.async\.bulk\.tensor\.4d\.shared::cluster\.global\.im2col\.mbarrier::complete_tx::bytes\.multicast::cluster\.L2::cache_hint \[%r[0-9]+\], \[%rd[0-9]+, \{[^}]*\}\], \[%r[0-9]+\], \{%rs[0-9]+, %rs[0-9]+\}, %rs[0-9]+, %rd[0-9]+
// ptx-text: cp\.async\.bulk\.prefetch\.tensor\.4d\.L2\.global\.im2col \[%rd[0-9]+, \{[^}]*\}\], \{%rs[0-9]+, %rs[0-9]+\}
// ptx-text: cp\.async\.bulk\.tensor\.3d\.global\.shared::cta\.im2col_no_offs\.bulk_group \[%rd[0-9]+, \{%r[0-9]+, %r[0-9]+, %r[0-9]+\}\], \[%r[0-9]+\];
// ptx-text: cp\.async\.bulk\.tensor\.4d\.global\.shared::cta\.im2col_no_offs\.bulk_group\.L2::cache_hint \[%rd[0-9]+, \{[^}]*\}\], \[%r[0-9]+\], %rd[0-9]+;
// ptx-text: cp\.async\.bulk\.tensor\.5d\.global\.shared::cta\.im2col_no_offs\.bulk_group \[%rd[0-9]+, \{%r[0-9]+, %r[0-9]+, %r[0-9]+, %r[0-9]+, %r[0-9]+\}\], \[%r[0-9]+\];
// ptx-text: cp\.reduce\.async\.bulk\.tensor\.3d\.global\.shared::cta\.add\.im2col_no_offs\.bulk_group \[%rd[0-9]+, \{[^}]*\}\], \[%r[0-9]+\];
// ptx-text: cp\.reduce\.async\.bulk\.tensor\.5d\.global\.shared::cta\.add\.im2col_no_offs\.bulk_group\.L2::cache_hint \[%rd[0-9]+, \{[^}]*\}\], \[%r[0-9]+\], %rd[0-9]+;
// ptx-text: cp\.reduce\.async\.bulk\.tensor\.4d\.global\.shared::cta\.min\.im2col_no_offs\.bulk_group \[%rd[0-9]+, \{[^}]*\}\], \[%r[0-9]+\];
// ptx-text: cp\.reduce\.async\.bulk\.tensor\.4d\.global\.shared::cta\.max\.im2col_no_offs\.bulk_group\.L2::cache_hint \[%rd[0-9]+, \{[^}]*\}\], \[%r[0-9]+\], %rd[0-9]+;
// clang-format on
#include <tirx/tile.hpp>

namespace device_compile_tma {

using namespace tirx;

constexpr Shape box2 = shape(8, 64);
constexpr TileLayout swz = row_major(box2) ^ swizzle_for(SwizzleMode::b128, 2);
using Map2 = tensor_map_t<bfloat16, box2, swz>;
using Map5 = tensor_map_t<float, shape(1, 2, 2, 2, 4)>;
// im2col: NWC, NHWC (64 bf16 channels, 128-byte swizzle), NDHWC
constexpr Shape col = shape(64, 64);
constexpr TileLayout col_swz = row_major(col) ^ swizzle_for(SwizzleMode::b128, 2);
using Col3 = im2col_tensor_map_t<float, 3, shape(32, 16)>;
using Col4 = im2col_tensor_map_t<bfloat16, 4, col, col_swz>;
using Col5 = im2col_tensor_map_t<float, 5, shape(16, 8)>;

__global__ void im2col_forms(const __grid_constant__ Col3 m3, const __grid_constant__ Col4 m4,
                             const __grid_constant__ Col5 m5, cuda::std::uint64_t policy) {
#if __CUDA_ARCH__ >= 900
  auto pool = SMEMPool::dynamic();
  auto t4 = pool.alloc<bfloat16, col, col_swz, Col4::smem_align>();
  auto t3 = pool.alloc<float, shape(32, 16)>();
  auto t5 = pool.alloc<float, shape(16, 8)>();
  auto bar = pool.alloc<cuda::std::uint64_t, shape(1)>();
  pool.commit();
  const auto hint = tile::cache_hint(policy);
  tma::load_im2col(t3, m3, bar.data(), 0, -1, 0, 2);               // n, w, c; off_w
  tma::load_im2col(t4, m4, bar.data(), 1, -1, -1, 0, 1, 2);        // n, h, w, c; off_h, off_w
  tma::load_im2col(t5, m5, bar.data(), 0, -1, -1, -1, 8, 1, 2, 0); // n, d, h, w, c; 3 offsets
  tma::load_im2col(t4, m4, bar.data(), hint, 1, -1, -1, 0, 1, 2);
  tma::load_im2col_multicast(t4, m4, bar.data(), 3, 1, -1, -1, 0, 1, 2);
  tma::load_im2col_multicast(t4, m4, bar.data(), 3, hint, 1, -1, -1, 0, 1, 2);
  tma::prefetch_im2col(m4, 1, -1, -1, 0, 1, 2);
  tma::store_im2col(m3, t3, 0, 1, 0);          // n, w, c
  tma::store_im2col(m4, t4, hint, 1, 2, 2, 0); // n, h, w, c
  tma::store_im2col(m5, t5, 0, 1, 2, 3, 8);
  tma::reduce_im2col_add(m3, t3, 0, 1, 0);
  tma::reduce_im2col_add(m5, t5, hint, 0, 1, 2, 3, 8);
  tma::reduce_im2col_min(m4, t4, 1, 2, 2, 0);
  tma::reduce_im2col_max(m4, t4, hint, 1, 2, 2, 0);
#else
  (void)m3, (void)m4, (void)m5, (void)policy;
#endif
}

__global__ void every_form(const __grid_constant__ Map2 m2, const __grid_constant__ Map5 m5,
                           float* g, cuda::std::uint64_t policy) {
#if __CUDA_ARCH__ >= 900
  auto pool = SMEMPool::dynamic();
  auto t2 = pool.alloc<bfloat16, box2, swz, Map2::smem_align>();
  auto t5 = pool.alloc<float, shape(1, 2, 2, 2, 4), 16>();
  auto bar = pool.alloc<cuda::std::uint64_t, shape(1)>();
  auto buf = pool.alloc<float, shape(64), 16>(); // bulk copies need 16 bytes
  pool.commit();
  const auto hint = tile::cache_hint(policy);
  tma::prefetch_tensor_map(m2);
  tma::load(t2, m2, bar.data(), 1, 2);
  tma::load(t2, m2, bar.data(), hint, 1, 2);
  tma::load(t5, m5, bar.data(), 0, 1, 2, 3, 4);
  tma::load_multicast(t2, m2, bar.data(), 3, 1, 2);
  tma::load_multicast(t2, m2, bar.data(), 3, hint, 1, 2);
  tma::store(m2, t2, 1, 2);
  tma::store(m5, t5, hint, 0, 1, 2, 3, 4);
  tma::reduce_add(m5, t5, 0, 1, 2, 3, 4);
  tma::reduce_min(m2, t2, hint, 1, 2);
  tma::reduce_max(m2, t2, 1, 2);
  tma::prefetch(m2, 1, 2);
  tma::prefetch(m5, hint, 0, 1, 2, 3, 4);
  fence_proxy_async_shared();
  tma::store_commit();
  tma::store_wait_read<1>();
  tma::store_wait<0>();
  bulk::copy_g2s(buf.data(), g, 256, bar.data());
  bulk::copy_g2s(buf.data(), g, 256, bar.data(), hint);
  bulk::copy_s2g(g, buf.data(), 256);
  bulk::copy_s2g(g, buf.data(), 256, hint);
  bulk::copy_s2cluster(buf.data(), buf.data(), 256, bar.data(), 1);
  bulk::reduce_add_s2g(g, buf.data(), 256);
  bulk::prefetch_l2(g, 256);
  bulk::prefetch_l2(g, 256, hint);
  bulk::commit();
  bulk::wait_read<0>();
  bulk::wait<0>();
#else
  (void)m2, (void)m5, (void)g, (void)policy;
#endif
}

// Each operation that completes on an mbarrier, with each barrier it takes:
// an MBarrier (alloc_barriers' bars[i], a BarrierRing's full(stage)), a
// TMABarrier, and the word's uint64_t* (every_form and im2col_forms above).
__global__ void barrier_forms(const __grid_constant__ Map2 m2, const __grid_constant__ Col4 m4,
                              float* g, cuda::std::uint64_t policy) {
  auto pool = SMEMPool::dynamic();
  auto t2 = pool.alloc<bfloat16, box2, swz, Map2::smem_align>();
  auto t4 = pool.alloc<bfloat16, col, col_swz, Col4::smem_align>();
  auto buf = pool.alloc<float, shape(64), 16>();
  const auto bars = alloc_barriers<2>(pool);
  const auto ring = BarrierRing<2>::alloc(pool);
  pool.commit();
  const MBarrier bar = bars[0], full = ring.full(1);
  const auto tx = tma_barrier<Map2::box_bytes>(bars[1]);
  cp_async_mbarrier_arrive(bar); // cp.async's arrives (sm_80 too)
  cp_async_mbarrier_arrive_noinc(full);
  cp_async_mbarrier_arrive(bar.ptr());
  cp_async_mbarrier_arrive_noinc(tx);
#if __CUDA_ARCH__ >= 900
  const auto hint = tile::cache_hint(policy);
  tma::load(t2, m2, bar, 1, 2);
  tma::load(t2, m2, full, hint, 1, 2);
  tma::load(t2, m2, tx, 1, 2);
  tma::load_multicast(t2, m2, full, 3, 1, 2);
  tma::load_multicast(t2, m2, tx, 3, hint, 1, 2);
  tma::load_im2col(t4, m4, bar, 1, -1, -1, 0, 1, 2);
  tma::load_im2col(t4, m4, full, hint, 1, -1, -1, 0, 1, 2);
  tma::load_im2col_multicast(t4, m4, tx, 3, 1, -1, -1, 0, 1, 2);
  tma::load_im2col_multicast(t4, m4, bar, 3, hint, 1, -1, -1, 0, 1, 2);
  bulk::copy_g2s(buf.data(), g, 256, bar);
  bulk::copy_g2s(buf.data(), g, 256, tx, hint);
  bulk::copy_s2cluster(buf.data(), buf.data(), 256, full, 1);
#else
  (void)m2, (void)m4, (void)g, (void)policy, (void)t2, (void)t4, (void)buf;
#endif
}
static_assert(is_barrier_v<MBarrier> && is_barrier_v<const MBarrier&> &&
              is_barrier_v<cuda::std::uint64_t*> && is_barrier_v<TMABarrier<1024>>);
static_assert(!is_barrier_v<cuda::std::uint32_t> && !is_barrier_v<BarrierRing<2>> &&
              !is_barrier_v<MBarriers<2>> && !is_barrier_v<const cuda::std::uint64_t*>);

} // namespace device_compile_tma
