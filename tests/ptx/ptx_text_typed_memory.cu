// PTX-text test of the typed ld/st forms (ptx/memory_types.hpp: the .u8 ...
// .f64 spellings of every bit form): a representative of every qualifier
// class with the integer and floating types, every type and vector on
// ld.global, st.global, ld.shared and st.shared, and the 32-byte typed forms
// of sm_100, each applied once at thread scope. Built for sm_100a
// (device_compile_typed_memory: ptxas assembles each), and ctest
// ptx_text_typed_memory_90a (and _100a) checks that each spelling is in the
// PTX nvcc writes, as written: one `ptx-text` line per spelling
// (`ptx-text-100a` for the 32-byte ones, which an sm_90a compilation lacks). The register elements
// alternate between 32-bit ones (the load extends into them) and the type's width; memory elements
// are the type's (or an integer carrier of a floating type). Generic addressing (no state space,
// on a global and a shared tensor) and .mmio have representatives too; every one of their
// spellings is assembled by ptx.ptxas_memory_spellings.
#include <tirx/tile.hpp>

namespace ptt {

using namespace tirx;

/// One typed ld or st of Instr at thread scope: N registers of R, N memory
/// elements of M in Space ('g' global, 's' shared, 'l' local); Hint: a
/// .L2::cache_hint spelling (a policy).
template <class Instr, char Space, class R, class M, int N, bool Hint>
__device__ void typed_case(unsigned char* data, unsigned long long policy) {
  auto regs = alloc_local<R, shape(N)>();
  const auto run = [&](auto& dst, auto& src) {
    if constexpr (Hint)
      tile::apply<Instr>(dst, src, scope::thread, tile::cache_hint(policy));
    else
      tile::apply<Instr>(dst, src, scope::thread);
  };
  const auto with = [&](auto&& mem) {
    R* out = reinterpret_cast<R*>(data) + threadIdx.x * N;
    if constexpr (Instr::desc.loads) {
      run(regs, mem);
      for (int i = 0; i < N; ++i)
        out[i] = regs.data()[i];
    } else {
      for (int i = 0; i < N; ++i)
        regs.data()[i] = out[i];
      run(mem, regs);
    }
  };
  constexpr int align = N * static_cast<int>(sizeof(M));
  if constexpr (Space == 'g') {
    with(GlobalTensor<M, ShapeT<N>, align>{reinterpret_cast<M*>(data) + threadIdx.x * N});
  } else if constexpr (Space == 's') {
    auto mem = alloc_shared<M, shape(N), row_major(shape(N)), Instr>();
    for (int i = 0; i < N; ++i)
      mem.data()[i] = reinterpret_cast<M*>(data)[i];
    with(mem);
    for (int i = 0; i < N; ++i)
      reinterpret_cast<M*>(data)[i] = mem.data()[i];
  } else {
    auto mem = alloc_local<M, shape(N)>();
    for (int i = 0; i < N; ++i)
      mem.data()[i] = reinterpret_cast<M*>(data)[threadIdx.x + i];
    with(mem);
    for (int i = 0; i < N; ++i)
      reinterpret_cast<M*>(data)[threadIdx.x + i] = mem.data()[i];
  }
}

#define TIRX_TYPED(SP, SPACE, R, M, N, HINT)                                                       \
  typed_case<ptx<SP>, SPACE, R, M, N, HINT>(data, policy);

__global__ void typed_forms(unsigned char* data, unsigned long long policy) {
  TIRX_TYPED("ld.v4.s8", 'g', int32, int8, 4, false)
  TIRX_TYPED("st.relaxed.gpu.v2.f32", 'g', float, float, 2, false)
  TIRX_TYPED("ld.acquire.sys.u64", 'g', uint64, uint64, 1, false)
  TIRX_TYPED("ld.mmio.relaxed.sys.global.s16", 'g', int32, int16, 1, false)
  TIRX_TYPED("st.mmio.relaxed.sys.u32", 'g', uint32, uint32, 1, false)
  TIRX_TYPED("ld.volatile.v2.u16", 's', uint32, uint16, 2, false)
  TIRX_TYPED("ld.global.u8", 'g', uint32, uint8, 1, false)
  TIRX_TYPED("ld.global.s8", 'g', int8, int8, 1, false)
  TIRX_TYPED("ld.global.v2.u8", 'g', uint32, uint8, 2, false)
  TIRX_TYPED("ld.global.v2.s8", 'g', int8, int8, 2, false)
  TIRX_TYPED("ld.global.v4.u8", 'g', uint32, uint8, 4, false)
  TIRX_TYPED("ld.global.v4.s8", 'g', int8, int8, 4, false)
  TIRX_TYPED("ld.global.u16", 'g', uint32, uint16, 1, false)
  TIRX_TYPED("ld.global.s16", 'g', int16, int16, 1, false)
  TIRX_TYPED("ld.global.v2.u16", 'g', uint32, uint16, 2, false)
  TIRX_TYPED("ld.global.v2.s16", 'g', int16, int16, 2, false)
  TIRX_TYPED("ld.global.v4.u16", 'g', uint32, uint16, 4, false)
  TIRX_TYPED("ld.global.v4.s16", 'g', int16, int16, 4, false)
  TIRX_TYPED("ld.global.u32", 'g', uint32, uint32, 1, false)
  TIRX_TYPED("ld.global.s32", 'g', int32, int32, 1, false)
  TIRX_TYPED("ld.global.f32", 'g', float, float, 1, false)
  TIRX_TYPED("ld.global.v2.u32", 'g', uint32, uint32, 2, false)
  TIRX_TYPED("ld.global.v2.s32", 'g', int32, int32, 2, false)
  TIRX_TYPED("ld.global.v2.f32", 'g', float, float, 2, false)
  TIRX_TYPED("ld.global.v4.u32", 'g', uint32, uint32, 4, false)
  TIRX_TYPED("ld.global.v4.s32", 'g', int32, int32, 4, false)
  TIRX_TYPED("ld.global.v4.f32", 'g', float, float, 4, false)
  TIRX_TYPED("ld.global.u64", 'g', uint64, uint64, 1, false)
  TIRX_TYPED("ld.global.s64", 'g', int64, int64, 1, false)
  TIRX_TYPED("ld.global.f64", 'g', double, double, 1, false)
  TIRX_TYPED("ld.global.v2.u64", 'g', uint64, uint64, 2, false)
  TIRX_TYPED("ld.global.v2.s64", 'g', int64, int64, 2, false)
  TIRX_TYPED("ld.global.v2.f64", 'g', double, double, 2, false)
  TIRX_TYPED("ld.global.ca.v2.s8", 'g', int8, int8, 2, false)
  TIRX_TYPED("ld.global.cg.v4.u8", 'g', uint32, uint8, 4, false)
  TIRX_TYPED("ld.global.cs.v4.s8", 'g', int8, int8, 4, false)
  TIRX_TYPED("ld.global.lu.u16", 'g', uint32, uint16, 1, false)
  TIRX_TYPED("ld.global.cv.s16", 'g', int16, int16, 1, false)
  TIRX_TYPED("ld.global.nc.v2.u16", 'g', uint32, uint16, 2, false)
  TIRX_TYPED("ld.global.L1::evict_first.v2.s16", 'g', int16, int16, 2, false)
  TIRX_TYPED("ld.global.L1::evict_last.v4.u16", 'g', uint32, uint16, 4, false)
  TIRX_TYPED("ld.global.L1::no_allocate.v4.s16", 'g', int16, int16, 4, false)
  TIRX_TYPED("ld.global.nc.L1::no_allocate.u32", 'g', uint32, uint32, 1, false)
  TIRX_TYPED("ld.global.nc.L1::evict_last.s32", 'g', int32, int32, 1, false)
  TIRX_TYPED("ld.shared.u8", 's', uint8, uint8, 1, false)
  TIRX_TYPED("ld.shared.s8", 's', int32, int8, 1, false)
  TIRX_TYPED("ld.shared.u16", 's', uint16, uint16, 1, false)
  TIRX_TYPED("ld.shared.s16", 's', int32, int16, 1, false)
  TIRX_TYPED("ld.shared.u32", 's', uint32, uint32, 1, false)
  TIRX_TYPED("ld.shared.s32", 's', int32, int32, 1, false)
  TIRX_TYPED("ld.shared.f32", 's', float, float, 1, false)
  TIRX_TYPED("ld.shared.u64", 's', uint64, uint64, 1, false)
  TIRX_TYPED("ld.shared.s64", 's', int64, int64, 1, false)
  TIRX_TYPED("ld.shared.f64", 's', double, double, 1, false)
  TIRX_TYPED("ld.shared.v2.s8", 's', int8, int8, 2, false)
  TIRX_TYPED("ld.local.s16", 'l', int32, int16, 1, false)
  TIRX_TYPED("ld.local.ca.v2.u16", 'l', uint16, uint16, 2, false)
  TIRX_TYPED("ld.local.cg.v2.s16", 'l', int32, int16, 2, false)
  TIRX_TYPED("ld.local.cs.v4.u16", 'l', uint16, uint16, 4, false)
  TIRX_TYPED("ld.local.lu.v4.s16", 'l', int32, int16, 4, false)
  TIRX_TYPED("ld.local.cv.u32", 'l', uint32, uint32, 1, false)
  TIRX_TYPED("ld.shared::cta.v2.u8", 's', uint32, uint8, 2, false)
  TIRX_TYPED("ld.weak.global.v2.s8", 'g', int8, int8, 2, false)
  TIRX_TYPED("ld.weak.shared.v4.u8", 's', uint32, uint8, 4, false)
  TIRX_TYPED("ld.volatile.global.v4.s8", 'g', int8, int8, 4, false)
  TIRX_TYPED("ld.volatile.shared.u16", 's', uint32, uint16, 1, false)
  TIRX_TYPED("ld.global.L1::evict_normal.s16", 'g', int16, int16, 1, false)
  TIRX_TYPED("ld.global.L1::evict_unchanged.v2.u16", 'g', uint32, uint16, 2, false)
  TIRX_TYPED("ldu.global.v2.s16", 'g', int16, int16, 2, false)
  TIRX_TYPED("ld.relaxed.cta.global.u8", 'g', uint8, uint8, 1, false)
  TIRX_TYPED("ld.relaxed.gpu.global.s8", 'g', int32, int8, 1, false)
  TIRX_TYPED("ld.relaxed.sys.global.v2.u8", 'g', uint8, uint8, 2, false)
  TIRX_TYPED("ld.relaxed.cta.shared.v2.s8", 's', int32, int8, 2, false)
  TIRX_TYPED("ld.relaxed.gpu.shared.v4.u8", 's', uint8, uint8, 4, false)
  TIRX_TYPED("ld.relaxed.sys.shared.v4.s8", 's', int32, int8, 4, false)
  TIRX_TYPED("ld.acquire.cta.global.v2.s8", 'g', int32, int8, 2, false)
  TIRX_TYPED("ld.acquire.gpu.global.v4.u8", 'g', uint8, uint8, 4, false)
  TIRX_TYPED("ld.acquire.sys.global.v4.s8", 'g', int32, int8, 4, false)
  TIRX_TYPED("ld.acquire.cta.shared.u16", 's', uint16, uint16, 1, false)
  TIRX_TYPED("ld.acquire.gpu.shared.s16", 's', int32, int16, 1, false)
  TIRX_TYPED("ld.acquire.sys.shared.v2.u16", 's', uint16, uint16, 2, false)
  TIRX_TYPED("st.global.u8", 'g', uint8, uint8, 1, false)
  TIRX_TYPED("st.global.s8", 'g', int32, int8, 1, false)
  TIRX_TYPED("st.global.v2.u8", 'g', uint8, uint8, 2, false)
  TIRX_TYPED("st.global.v2.s8", 'g', int32, int8, 2, false)
  TIRX_TYPED("st.global.v4.u8", 'g', uint8, uint8, 4, false)
  TIRX_TYPED("st.global.v4.s8", 'g', int32, int8, 4, false)
  TIRX_TYPED("st.global.u16", 'g', uint16, uint16, 1, false)
  TIRX_TYPED("st.global.s16", 'g', int32, int16, 1, false)
  TIRX_TYPED("st.global.v2.u16", 'g', uint16, uint16, 2, false)
  TIRX_TYPED("st.global.v2.s16", 'g', int32, int16, 2, false)
  TIRX_TYPED("st.global.v4.u16", 'g', uint16, uint16, 4, false)
  TIRX_TYPED("st.global.v4.s16", 'g', int32, int16, 4, false)
  TIRX_TYPED("st.global.u32", 'g', uint32, uint32, 1, false)
  TIRX_TYPED("st.global.s32", 'g', int32, int32, 1, false)
  TIRX_TYPED("st.global.f32", 'g', float, float, 1, false)
  TIRX_TYPED("st.global.v2.u32", 'g', uint32, uint32, 2, false)
  TIRX_TYPED("st.global.v2.s32", 'g', int32, int32, 2, false)
  TIRX_TYPED("st.global.v2.f32", 'g', float, float, 2, false)
  TIRX_TYPED("st.global.v4.u32", 'g', uint32, uint32, 4, false)
  TIRX_TYPED("st.global.v4.s32", 'g', int32, int32, 4, false)
  TIRX_TYPED("st.global.v4.f32", 'g', float, float, 4, false)
  TIRX_TYPED("st.global.u64", 'g', uint64, uint64, 1, false)
  TIRX_TYPED("st.global.s64", 'g', int64, int64, 1, false)
  TIRX_TYPED("st.global.f64", 'g', double, double, 1, false)
  TIRX_TYPED("st.global.v2.u64", 'g', uint64, uint64, 2, false)
  TIRX_TYPED("st.global.v2.s64", 'g', int64, int64, 2, false)
  TIRX_TYPED("st.global.v2.f64", 'g', double, double, 2, false)
  TIRX_TYPED("st.global.wb.v4.s16", 'g', int32, int16, 4, false)
  TIRX_TYPED("st.global.cg.u32", 'g', uint32, uint32, 1, false)
  TIRX_TYPED("st.global.cs.s32", 'g', int32, int32, 1, false)
  TIRX_TYPED("st.global.wt.f32", 'g', float, float, 1, false)
  TIRX_TYPED("st.global.L1::no_allocate.v2.u32", 'g', uint32, uint32, 2, false)
  TIRX_TYPED("st.shared.u8", 's', uint8, uint8, 1, false)
  TIRX_TYPED("st.shared.s8", 's', int32, int8, 1, false)
  TIRX_TYPED("st.shared.u16", 's', uint16, uint16, 1, false)
  TIRX_TYPED("st.shared.s16", 's', int32, int16, 1, false)
  TIRX_TYPED("st.shared.u32", 's', uint32, uint32, 1, false)
  TIRX_TYPED("st.shared.s32", 's', int32, int32, 1, false)
  TIRX_TYPED("st.shared.f32", 's', float, float, 1, false)
  TIRX_TYPED("st.shared.u64", 's', uint64, uint64, 1, false)
  TIRX_TYPED("st.shared.s64", 's', int64, int64, 1, false)
  TIRX_TYPED("st.shared.f64", 's', double, double, 1, false)
  TIRX_TYPED("st.local.v2.f32", 'l', float, uint32, 2, false)
  TIRX_TYPED("st.local.wb.v4.u32", 'l', uint32, uint32, 4, false)
  TIRX_TYPED("st.local.cg.v4.s32", 'l', int32, int32, 4, false)
  TIRX_TYPED("st.local.cs.v4.f32", 'l', float, uint32, 4, false)
  TIRX_TYPED("st.local.wt.u64", 'l', uint64, uint64, 1, false)
  TIRX_TYPED("st.shared::cta.v2.s16", 's', int32, int16, 2, false)
  TIRX_TYPED("st.weak.global.v4.u16", 'g', uint16, uint16, 4, false)
  TIRX_TYPED("st.weak.shared.v4.s16", 's', int32, int16, 4, false)
  TIRX_TYPED("st.volatile.global.u32", 'g', uint32, uint32, 1, false)
  TIRX_TYPED("st.volatile.shared.s32", 's', int32, int32, 1, false)
  TIRX_TYPED("st.global.L1::evict_normal.f32", 'g', float, float, 1, false)
  TIRX_TYPED("st.global.L1::evict_unchanged.v2.u32", 'g', uint32, uint32, 2, false)
  TIRX_TYPED("st.global.L1::evict_first.v2.s32", 'g', int32, int32, 2, false)
  TIRX_TYPED("st.global.L1::evict_last.v2.f32", 'g', float, float, 2, false)
  TIRX_TYPED("st.relaxed.cta.global.s8", 'g', int32, int8, 1, false)
  TIRX_TYPED("st.relaxed.gpu.global.v2.u8", 'g', uint8, uint8, 2, false)
  TIRX_TYPED("st.relaxed.sys.global.v2.s8", 'g', int32, int8, 2, false)
  TIRX_TYPED("st.relaxed.cta.shared.v4.u8", 's', uint8, uint8, 4, false)
  TIRX_TYPED("st.relaxed.gpu.shared.v4.s8", 's', int32, int8, 4, false)
  TIRX_TYPED("st.relaxed.sys.shared.u16", 's', uint16, uint16, 1, false)
  TIRX_TYPED("st.release.cta.global.v4.s8", 'g', int8, int8, 4, false)
  TIRX_TYPED("st.release.gpu.global.u16", 'g', uint32, uint16, 1, false)
  TIRX_TYPED("st.release.sys.global.s16", 'g', int16, int16, 1, false)
  TIRX_TYPED("st.release.cta.shared.v2.u16", 's', uint32, uint16, 2, false)
  TIRX_TYPED("st.release.gpu.shared.v2.s16", 's', int16, int16, 2, false)
  TIRX_TYPED("st.release.sys.shared.v4.u16", 's', uint32, uint16, 4, false)
#if __CUDA_ARCH__ >= 750
  TIRX_TYPED("ld.global.L2::64B.v4.u8", 'g', uint32, uint8, 4, false)
  TIRX_TYPED("ld.global.L2::128B.v4.s8", 'g', int8, int8, 4, false)
#endif
#if __CUDA_ARCH__ >= 800
  TIRX_TYPED("ld.global.L2::256B.f32", 'g', float, float, 1, false)
  TIRX_TYPED("ld.global.L2::cache_hint.v4.s8", 'g', int8, int8, 4, true)
  TIRX_TYPED("ld.global.L1::evict_first.L2::cache_hint.u16", 'g', uint32, uint16, 1, true)
  TIRX_TYPED("ld.global.L1::evict_last.L2::cache_hint.s16", 'g', int16, int16, 1, true)
  TIRX_TYPED("ld.global.L1::no_allocate.L2::cache_hint.v2.u16", 'g', uint32, uint16, 2, true)
  TIRX_TYPED("ld.global.nc.L2::cache_hint.v2.s16", 'g', int16, int16, 2, true)
  TIRX_TYPED("ld.global.nc.L1::evict_first.L2::cache_hint.v4.u16", 'g', uint32, uint16, 4, true)
  TIRX_TYPED("ld.global.nc.L1::evict_last.L2::cache_hint.v4.s16", 'g', int16, int16, 4, true)
  TIRX_TYPED("ld.global.nc.L1::no_allocate.L2::cache_hint.u32", 'g', uint32, uint32, 1, true)
  TIRX_TYPED("ld.global.cg.L2::cache_hint.s32", 'g', int32, int32, 1, true)
  TIRX_TYPED("ld.global.cs.L2::cache_hint.f32", 'g', float, uint32, 1, true)
  TIRX_TYPED("st.global.L2::cache_hint.s32", 'g', int32, int32, 1, true)
  TIRX_TYPED("st.global.L1::no_allocate.L2::cache_hint.f32", 'g', float, float, 1, true)
  TIRX_TYPED("st.global.cg.L2::cache_hint.v2.u32", 'g', uint32, uint32, 2, true)
  TIRX_TYPED("st.global.cs.L2::cache_hint.v2.s32", 'g', int32, int32, 2, true)
#endif
#if __CUDA_ARCH__ >= 900
  TIRX_TYPED("ld.shared::cluster.u16", 's', uint32, uint16, 1, false)
  TIRX_TYPED("ld.relaxed.cluster.global.v2.u16", 'g', uint16, uint16, 2, false)
  TIRX_TYPED("ld.relaxed.cluster.shared.v2.s16", 's', int32, int16, 2, false)
  TIRX_TYPED("ld.relaxed.cluster.shared::cluster.v4.u16", 's', uint16, uint16, 4, false)
  TIRX_TYPED("ld.acquire.cluster.global.v2.u16", 'g', uint32, uint16, 2, false)
  TIRX_TYPED("ld.acquire.cluster.shared.v2.s16", 's', int16, int16, 2, false)
  TIRX_TYPED("ld.acquire.cluster.shared::cluster.v4.u16", 's', uint32, uint16, 4, false)
  TIRX_TYPED("st.shared::cluster.v2.s8", 's', int8, int8, 2, false)
  TIRX_TYPED("st.relaxed.cluster.global.v2.u8", 'g', uint32, uint8, 2, false)
  TIRX_TYPED("st.relaxed.cluster.shared.v2.s8", 's', int8, int8, 2, false)
  TIRX_TYPED("st.relaxed.cluster.shared::cluster.v4.u8", 's', uint32, uint8, 4, false)
  TIRX_TYPED("st.release.cluster.global.v2.u8", 'g', uint8, uint8, 2, false)
  TIRX_TYPED("st.release.cluster.shared.v2.s8", 's', int32, int8, 2, false)
  TIRX_TYPED("st.release.cluster.shared::cluster.v4.u8", 's', uint8, uint8, 4, false)
#endif
}

__global__ void typed_wide_forms(unsigned char* data, unsigned long long policy) {
#if __CUDA_ARCH__ >= 1000
  TIRX_TYPED("ld.global.v8.u32", 'g', uint32, uint32, 8, false)
  TIRX_TYPED("ld.global.v8.s32", 'g', int32, int32, 8, false)
  TIRX_TYPED("ld.global.v8.f32", 'g', float, float, 8, false)
  TIRX_TYPED("ld.global.v4.u64", 'g', uint64, uint64, 4, false)
  TIRX_TYPED("ld.global.v4.s64", 'g', int64, int64, 4, false)
  TIRX_TYPED("ld.global.v4.f64", 'g', double, double, 4, false)
  TIRX_TYPED("ld.global.nc.v8.u32", 'g', uint32, uint32, 8, false)
  TIRX_TYPED("ld.global.nc.v8.s32", 'g', int32, int32, 8, false)
  TIRX_TYPED("ld.global.nc.v8.f32", 'g', float, float, 8, false)
  TIRX_TYPED("ld.global.nc.v4.u64", 'g', uint64, uint64, 4, false)
  TIRX_TYPED("ld.global.nc.v4.s64", 'g', int64, int64, 4, false)
  TIRX_TYPED("ld.global.nc.v4.f64", 'g', double, double, 4, false)
  TIRX_TYPED("ld.global.L2::evict_first.v8.u32", 'g', uint32, uint32, 8, false)
  TIRX_TYPED("ld.global.L2::evict_first.v8.s32", 'g', int32, int32, 8, false)
  TIRX_TYPED("ld.global.L2::evict_first.v8.f32", 'g', float, float, 8, false)
  TIRX_TYPED("ld.global.L2::evict_first.v4.u64", 'g', uint64, uint64, 4, false)
  TIRX_TYPED("ld.global.L2::evict_first.v4.s64", 'g', int64, int64, 4, false)
  TIRX_TYPED("ld.global.L2::evict_first.v4.f64", 'g', double, double, 4, false)
  TIRX_TYPED("ld.global.nc.L2::evict_last.v8.u32", 'g', uint32, uint32, 8, false)
  TIRX_TYPED("ld.global.nc.L2::evict_last.v8.s32", 'g', int32, int32, 8, false)
  TIRX_TYPED("ld.global.nc.L2::evict_last.v8.f32", 'g', float, float, 8, false)
  TIRX_TYPED("ld.global.nc.L2::evict_last.v4.u64", 'g', uint64, uint64, 4, false)
  TIRX_TYPED("ld.global.nc.L2::evict_last.v4.s64", 'g', int64, int64, 4, false)
  TIRX_TYPED("ld.global.nc.L2::evict_last.v4.f64", 'g', double, double, 4, false)
  TIRX_TYPED("st.global.v8.u32", 'g', uint32, uint32, 8, false)
  TIRX_TYPED("st.global.v8.s32", 'g', int32, int32, 8, false)
  TIRX_TYPED("st.global.v8.f32", 'g', float, float, 8, false)
  TIRX_TYPED("st.global.v4.u64", 'g', uint64, uint64, 4, false)
  TIRX_TYPED("st.global.v4.s64", 'g', int64, int64, 4, false)
  TIRX_TYPED("st.global.v4.f64", 'g', double, double, 4, false)
  TIRX_TYPED("st.global.cs.v8.u32", 'g', uint32, uint32, 8, false)
  TIRX_TYPED("st.global.cs.v8.s32", 'g', int32, int32, 8, false)
  TIRX_TYPED("st.global.cs.v8.f32", 'g', float, float, 8, false)
  TIRX_TYPED("st.global.cs.v4.u64", 'g', uint64, uint64, 4, false)
  TIRX_TYPED("st.global.cs.v4.s64", 'g', int64, int64, 4, false)
  TIRX_TYPED("st.global.cs.v4.f64", 'g', double, double, 4, false)
  TIRX_TYPED("st.global.L2::evict_normal.v8.u32", 'g', uint32, uint32, 8, false)
  TIRX_TYPED("st.global.L2::evict_normal.v8.s32", 'g', int32, int32, 8, false)
  TIRX_TYPED("st.global.L2::evict_normal.v8.f32", 'g', float, float, 8, false)
  TIRX_TYPED("st.global.L2::evict_normal.v4.u64", 'g', uint64, uint64, 4, false)
  TIRX_TYPED("st.global.L2::evict_normal.v4.s64", 'g', int64, int64, 4, false)
  TIRX_TYPED("st.global.L2::evict_normal.v4.f64", 'g', double, double, 4, false)
  TIRX_TYPED("ld.global.L2::cache_hint.v8.u32", 'g', uint32, uint32, 8, true)
  TIRX_TYPED("ld.global.L2::cache_hint.v8.s32", 'g', int32, int32, 8, true)
  TIRX_TYPED("ld.global.L2::cache_hint.v8.f32", 'g', float, float, 8, true)
  TIRX_TYPED("ld.global.L2::cache_hint.v4.u64", 'g', uint64, uint64, 4, true)
  TIRX_TYPED("ld.global.L2::cache_hint.v4.s64", 'g', int64, int64, 4, true)
  TIRX_TYPED("ld.global.L2::cache_hint.v4.f64", 'g', double, double, 4, true)
  TIRX_TYPED("st.global.L2::cache_hint.v8.u32", 'g', uint32, uint32, 8, true)
  TIRX_TYPED("st.global.L2::cache_hint.v8.s32", 'g', int32, int32, 8, true)
  TIRX_TYPED("st.global.L2::cache_hint.v8.f32", 'g', float, float, 8, true)
  TIRX_TYPED("st.global.L2::cache_hint.v4.u64", 'g', uint64, uint64, 4, true)
  TIRX_TYPED("st.global.L2::cache_hint.v4.s64", 'g', int64, int64, 4, true)
  TIRX_TYPED("st.global.L2::cache_hint.v4.f64", 'g', double, double, 4, true)
#endif
}
#undef TIRX_TYPED

} // namespace ptt

// ptx-text: [^.a-z_]ld\.v4\.s8[ ]
// ptx-text: [^.a-z_]st\.relaxed\.gpu\.v2\.f32[ ]
// ptx-text: [^.a-z_]ld\.acquire\.sys\.u64[ ]
// ptx-text: [^.a-z_]ld\.mmio\.relaxed\.sys\.global\.s16[ ]
// ptx-text: [^.a-z_]st\.mmio\.relaxed\.sys\.u32[ ]
// ptx-text: [^.a-z_]ld\.volatile\.v2\.u16[ ]
// ptx-text: [^.a-z_]ld\.global\.u8[ ]
// ptx-text: [^.a-z_]ld\.global\.s8[ ]
// ptx-text: [^.a-z_]ld\.global\.v2\.u8[ ]
// ptx-text: [^.a-z_]ld\.global\.v2\.s8[ ]
// ptx-text: [^.a-z_]ld\.global\.v4\.u8[ ]
// ptx-text: [^.a-z_]ld\.global\.v4\.s8[ ]
// ptx-text: [^.a-z_]ld\.global\.u16[ ]
// ptx-text: [^.a-z_]ld\.global\.s16[ ]
// ptx-text: [^.a-z_]ld\.global\.v2\.u16[ ]
// ptx-text: [^.a-z_]ld\.global\.v2\.s16[ ]
// ptx-text: [^.a-z_]ld\.global\.v4\.u16[ ]
// ptx-text: [^.a-z_]ld\.global\.v4\.s16[ ]
// ptx-text: [^.a-z_]ld\.global\.u32[ ]
// ptx-text: [^.a-z_]ld\.global\.s32[ ]
// ptx-text: [^.a-z_]ld\.global\.f32[ ]
// ptx-text: [^.a-z_]ld\.global\.v2\.u32[ ]
// ptx-text: [^.a-z_]ld\.global\.v2\.s32[ ]
// ptx-text: [^.a-z_]ld\.global\.v2\.f32[ ]
// ptx-text: [^.a-z_]ld\.global\.v4\.u32[ ]
// ptx-text: [^.a-z_]ld\.global\.v4\.s32[ ]
// ptx-text: [^.a-z_]ld\.global\.v4\.f32[ ]
// ptx-text: [^.a-z_]ld\.global\.u64[ ]
// ptx-text: [^.a-z_]ld\.global\.s64[ ]
// ptx-text: [^.a-z_]ld\.global\.f64[ ]
// ptx-text: [^.a-z_]ld\.global\.v2\.u64[ ]
// ptx-text: [^.a-z_]ld\.global\.v2\.s64[ ]
// ptx-text: [^.a-z_]ld\.global\.v2\.f64[ ]
// ptx-text: [^.a-z_]ld\.global\.ca\.v2\.s8[ ]
// ptx-text: [^.a-z_]ld\.global\.cg\.v4\.u8[ ]
// ptx-text: [^.a-z_]ld\.global\.cs\.v4\.s8[ ]
// ptx-text: [^.a-z_]ld\.global\.lu\.u16[ ]
// ptx-text: [^.a-z_]ld\.global\.cv\.s16[ ]
// ptx-text: [^.a-z_]ld\.global\.nc\.v2\.u16[ ]
// ptx-text: [^.a-z_]ld\.global\.L1::evict_first\.v2\.s16[ ]
// ptx-text: [^.a-z_]ld\.global\.L1::evict_last\.v4\.u16[ ]
// ptx-text: [^.a-z_]ld\.global\.L1::no_allocate\.v4\.s16[ ]
// ptx-text: [^.a-z_]ld\.global\.nc\.L1::no_allocate\.u32[ ]
// ptx-text: [^.a-z_]ld\.global\.nc\.L1::evict_last\.s32[ ]
// ptx-text: [^.a-z_]ld\.shared\.u8[ ]
// ptx-text: [^.a-z_]ld\.shared\.s8[ ]
// ptx-text: [^.a-z_]ld\.shared\.u16[ ]
// ptx-text: [^.a-z_]ld\.shared\.s16[ ]
// ptx-text: [^.a-z_]ld\.shared\.u32[ ]
// ptx-text: [^.a-z_]ld\.shared\.s32[ ]
// ptx-text: [^.a-z_]ld\.shared\.f32[ ]
// ptx-text: [^.a-z_]ld\.shared\.u64[ ]
// ptx-text: [^.a-z_]ld\.shared\.s64[ ]
// ptx-text: [^.a-z_]ld\.shared\.f64[ ]
// ptx-text: [^.a-z_]ld\.shared\.v2\.s8[ ]
// ptx-text: [^.a-z_]ld\.local\.s16[ ]
// ptx-text: [^.a-z_]ld\.local\.ca\.v2\.u16[ ]
// ptx-text: [^.a-z_]ld\.local\.cg\.v2\.s16[ ]
// ptx-text: [^.a-z_]ld\.local\.cs\.v4\.u16[ ]
// ptx-text: [^.a-z_]ld\.local\.lu\.v4\.s16[ ]
// ptx-text: [^.a-z_]ld\.local\.cv\.u32[ ]
// ptx-text: [^.a-z_]ld\.shared::cta\.v2\.u8[ ]
// ptx-text: [^.a-z_]ld\.weak\.global\.v2\.s8[ ]
// ptx-text: [^.a-z_]ld\.weak\.shared\.v4\.u8[ ]
// ptx-text: [^.a-z_]ld\.volatile\.global\.v4\.s8[ ]
// ptx-text: [^.a-z_]ld\.volatile\.shared\.u16[ ]
// ptx-text: [^.a-z_]ld\.global\.L1::evict_normal\.s16[ ]
// ptx-text: [^.a-z_]ld\.global\.L1::evict_unchanged\.v2\.u16[ ]
// ptx-text: [^.a-z_]ldu\.global\.v2\.s16[ ]
// ptx-text: [^.a-z_]ld\.relaxed\.cta\.global\.u8[ ]
// ptx-text: [^.a-z_]ld\.relaxed\.gpu\.global\.s8[ ]
// ptx-text: [^.a-z_]ld\.relaxed\.sys\.global\.v2\.u8[ ]
// ptx-text: [^.a-z_]ld\.relaxed\.cta\.shared\.v2\.s8[ ]
// ptx-text: [^.a-z_]ld\.relaxed\.gpu\.shared\.v4\.u8[ ]
// ptx-text: [^.a-z_]ld\.relaxed\.sys\.shared\.v4\.s8[ ]
// ptx-text: [^.a-z_]ld\.acquire\.cta\.global\.v2\.s8[ ]
// ptx-text: [^.a-z_]ld\.acquire\.gpu\.global\.v4\.u8[ ]
// ptx-text: [^.a-z_]ld\.acquire\.sys\.global\.v4\.s8[ ]
// ptx-text: [^.a-z_]ld\.acquire\.cta\.shared\.u16[ ]
// ptx-text: [^.a-z_]ld\.acquire\.gpu\.shared\.s16[ ]
// ptx-text: [^.a-z_]ld\.acquire\.sys\.shared\.v2\.u16[ ]
// ptx-text: [^.a-z_]st\.global\.u8[ ]
// ptx-text: [^.a-z_]st\.global\.s8[ ]
// ptx-text: [^.a-z_]st\.global\.v2\.u8[ ]
// ptx-text: [^.a-z_]st\.global\.v2\.s8[ ]
// ptx-text: [^.a-z_]st\.global\.v4\.u8[ ]
// ptx-text: [^.a-z_]st\.global\.v4\.s8[ ]
// ptx-text: [^.a-z_]st\.global\.u16[ ]
// ptx-text: [^.a-z_]st\.global\.s16[ ]
// ptx-text: [^.a-z_]st\.global\.v2\.u16[ ]
// ptx-text: [^.a-z_]st\.global\.v2\.s16[ ]
// ptx-text: [^.a-z_]st\.global\.v4\.u16[ ]
// ptx-text: [^.a-z_]st\.global\.v4\.s16[ ]
// ptx-text: [^.a-z_]st\.global\.u32[ ]
// ptx-text: [^.a-z_]st\.global\.s32[ ]
// ptx-text: [^.a-z_]st\.global\.f32[ ]
// ptx-text: [^.a-z_]st\.global\.v2\.u32[ ]
// ptx-text: [^.a-z_]st\.global\.v2\.s32[ ]
// ptx-text: [^.a-z_]st\.global\.v2\.f32[ ]
// ptx-text: [^.a-z_]st\.global\.v4\.u32[ ]
// ptx-text: [^.a-z_]st\.global\.v4\.s32[ ]
// ptx-text: [^.a-z_]st\.global\.v4\.f32[ ]
// ptx-text: [^.a-z_]st\.global\.u64[ ]
// ptx-text: [^.a-z_]st\.global\.s64[ ]
// ptx-text: [^.a-z_]st\.global\.f64[ ]
// ptx-text: [^.a-z_]st\.global\.v2\.u64[ ]
// ptx-text: [^.a-z_]st\.global\.v2\.s64[ ]
// ptx-text: [^.a-z_]st\.global\.v2\.f64[ ]
// ptx-text: [^.a-z_]st\.global\.wb\.v4\.s16[ ]
// ptx-text: [^.a-z_]st\.global\.cg\.u32[ ]
// ptx-text: [^.a-z_]st\.global\.cs\.s32[ ]
// ptx-text: [^.a-z_]st\.global\.wt\.f32[ ]
// ptx-text: [^.a-z_]st\.global\.L1::no_allocate\.v2\.u32[ ]
// ptx-text: [^.a-z_]st\.shared\.u8[ ]
// ptx-text: [^.a-z_]st\.shared\.s8[ ]
// ptx-text: [^.a-z_]st\.shared\.u16[ ]
// ptx-text: [^.a-z_]st\.shared\.s16[ ]
// ptx-text: [^.a-z_]st\.shared\.u32[ ]
// ptx-text: [^.a-z_]st\.shared\.s32[ ]
// ptx-text: [^.a-z_]st\.shared\.f32[ ]
// ptx-text: [^.a-z_]st\.shared\.u64[ ]
// ptx-text: [^.a-z_]st\.shared\.s64[ ]
// ptx-text: [^.a-z_]st\.shared\.f64[ ]
// ptx-text: [^.a-z_]st\.local\.v2\.f32[ ]
// ptx-text: [^.a-z_]st\.local\.wb\.v4\.u32[ ]
// ptx-text: [^.a-z_]st\.local\.cg\.v4\.s32[ ]
// ptx-text: [^.a-z_]st\.local\.cs\.v4\.f32[ ]
// ptx-text: [^.a-z_]st\.local\.wt\.u64[ ]
// ptx-text: [^.a-z_]st\.shared::cta\.v2\.s16[ ]
// ptx-text: [^.a-z_]st\.weak\.global\.v4\.u16[ ]
// ptx-text: [^.a-z_]st\.weak\.shared\.v4\.s16[ ]
// ptx-text: [^.a-z_]st\.volatile\.global\.u32[ ]
// ptx-text: [^.a-z_]st\.volatile\.shared\.s32[ ]
// ptx-text: [^.a-z_]st\.global\.L1::evict_normal\.f32[ ]
// ptx-text: [^.a-z_]st\.global\.L1::evict_unchanged\.v2\.u32[ ]
// ptx-text: [^.a-z_]st\.global\.L1::evict_first\.v2\.s32[ ]
// ptx-text: [^.a-z_]st\.global\.L1::evict_last\.v2\.f32[ ]
// ptx-text: [^.a-z_]st\.relaxed\.cta\.global\.s8[ ]
// ptx-text: [^.a-z_]st\.relaxed\.gpu\.global\.v2\.u8[ ]
// ptx-text: [^.a-z_]st\.relaxed\.sys\.global\.v2\.s8[ ]
// ptx-text: [^.a-z_]st\.relaxed\.cta\.shared\.v4\.u8[ ]
// ptx-text: [^.a-z_]st\.relaxed\.gpu\.shared\.v4\.s8[ ]
// ptx-text: [^.a-z_]st\.relaxed\.sys\.shared\.u16[ ]
// ptx-text: [^.a-z_]st\.release\.cta\.global\.v4\.s8[ ]
// ptx-text: [^.a-z_]st\.release\.gpu\.global\.u16[ ]
// ptx-text: [^.a-z_]st\.release\.sys\.global\.s16[ ]
// ptx-text: [^.a-z_]st\.release\.cta\.shared\.v2\.u16[ ]
// ptx-text: [^.a-z_]st\.release\.gpu\.shared\.v2\.s16[ ]
// ptx-text: [^.a-z_]st\.release\.sys\.shared\.v4\.u16[ ]
// ptx-text: [^.a-z_]ld\.global\.L2::64B\.v4\.u8[ ]
// ptx-text: [^.a-z_]ld\.global\.L2::128B\.v4\.s8[ ]
// ptx-text: [^.a-z_]ld\.global\.L2::256B\.f32[ ]
// ptx-text: [^.a-z_]ld\.global\.L2::cache_hint\.v4\.s8[ ]
// ptx-text: [^.a-z_]ld\.global\.L1::evict_first\.L2::cache_hint\.u16[ ]
// ptx-text: [^.a-z_]ld\.global\.L1::evict_last\.L2::cache_hint\.s16[ ]
// ptx-text: [^.a-z_]ld\.global\.L1::no_allocate\.L2::cache_hint\.v2\.u16[ ]
// ptx-text: [^.a-z_]ld\.global\.nc\.L2::cache_hint\.v2\.s16[ ]
// ptx-text: [^.a-z_]ld\.global\.nc\.L1::evict_first\.L2::cache_hint\.v4\.u16[ ]
// ptx-text: [^.a-z_]ld\.global\.nc\.L1::evict_last\.L2::cache_hint\.v4\.s16[ ]
// ptx-text: [^.a-z_]ld\.global\.nc\.L1::no_allocate\.L2::cache_hint\.u32[ ]
// ptx-text: [^.a-z_]ld\.global\.cg\.L2::cache_hint\.s32[ ]
// ptx-text: [^.a-z_]ld\.global\.cs\.L2::cache_hint\.f32[ ]
// ptx-text: [^.a-z_]st\.global\.L2::cache_hint\.s32[ ]
// ptx-text: [^.a-z_]st\.global\.L1::no_allocate\.L2::cache_hint\.f32[ ]
// ptx-text: [^.a-z_]st\.global\.cg\.L2::cache_hint\.v2\.u32[ ]
// ptx-text: [^.a-z_]st\.global\.cs\.L2::cache_hint\.v2\.s32[ ]
// ptx-text: [^.a-z_]ld\.shared::cluster\.u16[ ]
// ptx-text: [^.a-z_]ld\.relaxed\.cluster\.global\.v2\.u16[ ]
// ptx-text: [^.a-z_]ld\.relaxed\.cluster\.shared\.v2\.s16[ ]
// ptx-text: [^.a-z_]ld\.relaxed\.cluster\.shared::cluster\.v4\.u16[ ]
// ptx-text: [^.a-z_]ld\.acquire\.cluster\.global\.v2\.u16[ ]
// ptx-text: [^.a-z_]ld\.acquire\.cluster\.shared\.v2\.s16[ ]
// ptx-text: [^.a-z_]ld\.acquire\.cluster\.shared::cluster\.v4\.u16[ ]
// ptx-text: [^.a-z_]st\.shared::cluster\.v2\.s8[ ]
// ptx-text: [^.a-z_]st\.relaxed\.cluster\.global\.v2\.u8[ ]
// ptx-text: [^.a-z_]st\.relaxed\.cluster\.shared\.v2\.s8[ ]
// ptx-text: [^.a-z_]st\.relaxed\.cluster\.shared::cluster\.v4\.u8[ ]
// ptx-text: [^.a-z_]st\.release\.cluster\.global\.v2\.u8[ ]
// ptx-text: [^.a-z_]st\.release\.cluster\.shared\.v2\.s8[ ]
// ptx-text: [^.a-z_]st\.release\.cluster\.shared::cluster\.v4\.u8[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.v8\.u32[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.v8\.s32[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.v8\.f32[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.v4\.u64[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.v4\.s64[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.v4\.f64[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.nc\.v8\.u32[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.nc\.v8\.s32[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.nc\.v8\.f32[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.nc\.v4\.u64[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.nc\.v4\.s64[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.nc\.v4\.f64[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.L2::evict_first\.v8\.u32[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.L2::evict_first\.v8\.s32[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.L2::evict_first\.v8\.f32[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.L2::evict_first\.v4\.u64[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.L2::evict_first\.v4\.s64[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.L2::evict_first\.v4\.f64[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.nc\.L2::evict_last\.v8\.u32[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.nc\.L2::evict_last\.v8\.s32[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.nc\.L2::evict_last\.v8\.f32[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.nc\.L2::evict_last\.v4\.u64[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.nc\.L2::evict_last\.v4\.s64[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.nc\.L2::evict_last\.v4\.f64[ ]
// ptx-text-100a: [^.a-z_]st\.global\.v8\.u32[ ]
// ptx-text-100a: [^.a-z_]st\.global\.v8\.s32[ ]
// ptx-text-100a: [^.a-z_]st\.global\.v8\.f32[ ]
// ptx-text-100a: [^.a-z_]st\.global\.v4\.u64[ ]
// ptx-text-100a: [^.a-z_]st\.global\.v4\.s64[ ]
// ptx-text-100a: [^.a-z_]st\.global\.v4\.f64[ ]
// ptx-text-100a: [^.a-z_]st\.global\.cs\.v8\.u32[ ]
// ptx-text-100a: [^.a-z_]st\.global\.cs\.v8\.s32[ ]
// ptx-text-100a: [^.a-z_]st\.global\.cs\.v8\.f32[ ]
// ptx-text-100a: [^.a-z_]st\.global\.cs\.v4\.u64[ ]
// ptx-text-100a: [^.a-z_]st\.global\.cs\.v4\.s64[ ]
// ptx-text-100a: [^.a-z_]st\.global\.cs\.v4\.f64[ ]
// ptx-text-100a: [^.a-z_]st\.global\.L2::evict_normal\.v8\.u32[ ]
// ptx-text-100a: [^.a-z_]st\.global\.L2::evict_normal\.v8\.s32[ ]
// ptx-text-100a: [^.a-z_]st\.global\.L2::evict_normal\.v8\.f32[ ]
// ptx-text-100a: [^.a-z_]st\.global\.L2::evict_normal\.v4\.u64[ ]
// ptx-text-100a: [^.a-z_]st\.global\.L2::evict_normal\.v4\.s64[ ]
// ptx-text-100a: [^.a-z_]st\.global\.L2::evict_normal\.v4\.f64[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.L2::cache_hint\.v8\.u32[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.L2::cache_hint\.v8\.s32[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.L2::cache_hint\.v8\.f32[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.L2::cache_hint\.v4\.u64[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.L2::cache_hint\.v4\.s64[ ]
// ptx-text-100a: [^.a-z_]ld\.global\.L2::cache_hint\.v4\.f64[ ]
// ptx-text-100a: [^.a-z_]st\.global\.L2::cache_hint\.v8\.u32[ ]
// ptx-text-100a: [^.a-z_]st\.global\.L2::cache_hint\.v8\.s32[ ]
// ptx-text-100a: [^.a-z_]st\.global\.L2::cache_hint\.v8\.f32[ ]
// ptx-text-100a: [^.a-z_]st\.global\.L2::cache_hint\.v4\.u64[ ]
// ptx-text-100a: [^.a-z_]st\.global\.L2::cache_hint\.v4\.s64[ ]
// ptx-text-100a: [^.a-z_]st\.global\.L2::cache_hint\.v4\.f64[ ]
