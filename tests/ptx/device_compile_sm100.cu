// Device compilation test of the sm_100 spellings (tests/ptx/CMakeLists.txt:
// device_compile_sm100, built for sm_100a only when nvcc has it): every
// spelling of the lists that tirx refuses below sm_100 (ptxdesc::min_sm) is
// applied once, so ptxas assembles each. The X-macro lists of
// include/tirx/ptx/memory.hpp and arith.hpp are expanded here, so a spelling
// added to them is compiled without touching this file:
//   {ld,st}_global_wide[_hint].def        .v8.b32 and .v4.b64 (32 bytes)
//   f32x2_binary.def, f32x2_ternary.def   packed f32x2 arithmetic
//   f32_minmax3.def                       min/max of three sources
//   redux.def                             redux.sync (the f32 forms: sm_100a)
// Nothing here runs (no sm_100 GPU in the suite); the sm_90a refusal is the
// compile-fail tests apply_needs_sm100_*.
#include <tirx/tile.hpp>

namespace dc100 {

using namespace tirx;

template <int Bits> using word_t = cuda::std::conditional_t<Bits == 32, uint32, uint64>;

/// One 32-byte load or store of spelling Instr (N elements of Bits bits),
/// a warp over 32 x N elements; a .L2::cache_hint spelling gets a policy.
/// Guarded: with tile::pred (and tile::preserve_dst for a load).
template <class Instr, int N, int Bits, bool Guarded = false>
__device__ void memory_case(void* data, unsigned long long policy) {
  using T = word_t<Bits>;
  using Tile = GlobalTensor<T, ShapeT<32, N>, 32>;
  constexpr TileLayout reg = S({32, N}, {1 * laneid, 1});
  Tile memory{static_cast<T*>(data)};
  auto registers = alloc_local<T, shape(32, N), reg>();
  const auto hint = [&](auto&&... rest) {
    constexpr bool load = Instr::desc.loads;
    [[maybe_unused]] const bool on = (policy & 1u) != 0;
    if constexpr (Guarded && load && Instr::desc.cache_hint)
      tile::apply<Instr>(rest..., scope::warp, tile::pred(on), tile::preserve_dst,
                         tile::cache_hint(policy));
    else if constexpr (Guarded && load)
      tile::apply<Instr>(rest..., scope::warp, tile::pred(on), tile::preserve_dst);
    else if constexpr (Guarded && Instr::desc.cache_hint)
      tile::apply<Instr>(rest..., scope::warp, tile::cache_hint(policy), tile::pred(on));
    else if constexpr (Guarded)
      tile::apply<Instr>(rest..., scope::warp, tile::pred(on));
    else if constexpr (Instr::desc.cache_hint)
      tile::apply<Instr>(rest..., scope::warp, tile::cache_hint(policy));
    else
      tile::apply<Instr>(rest..., scope::warp);
  };
  if constexpr (Instr::desc.loads) {
    hint(registers, memory);
    static_cast<T*>(data)[threadIdx.x] = registers.data()[N - 1];
  } else {
    for (int i = 0; i < N; ++i)
      registers.data()[i] = static_cast<T>(threadIdx.x + i);
    hint(memory, registers);
  }
}

__global__ void wide_loads(void* data, unsigned long long policy) {
#define TIRX_ROW(SP, NSRC, N, SM, PTX, DC, SC)                                                     \
  memory_case<ptx<SP>, N, (DC[0] == 'l' && SC[0] == 'l' ? 64 : 32)>(data, policy);
#include <tirx/ptx/rows/ld_global_wide.def>
#include <tirx/ptx/rows/ld_global_wide_hint.def>
}
__global__ void wide_stores(void* data, unsigned long long policy){
#include <tirx/ptx/rows/st_global_wide.def>
#include <tirx/ptx/rows/st_global_wide_hint.def>
#undef TIRX_ROW
} // the guarded forms of the asm (a predicate; preserve_dst; with a policy)
__global__ void wide_guarded(void* data, unsigned long long policy) {
  memory_case<ptx<"ld.global.v8.b32">, 8, 32, true>(data, policy);
  memory_case<ptx<"ld.global.nc.L2::cache_hint.v4.b64">, 4, 64, true>(data, policy);
  memory_case<ptx<"st.global.v4.b64">, 4, 64, true>(data, policy);
  memory_case<ptx<"st.global.cs.L2::cache_hint.v8.b32">, 8, 32, true>(data, policy);
}

/// One arithmetic spelling with NSrc sources on E elements (uint64 carriers
/// of f32x2 pairs, or floats), a warp of 32 x 2; the last source a scalar.
template <class Instr, int NSrc, class E> __device__ void arith_case(E* data) {
  constexpr TileLayout reg = S({32, 2}, {1 * laneid, 1});
  auto a = alloc_local<E, shape(32, 2), reg>();
  auto d = alloc_local<E, shape(32, 2), reg>();
  const int lane = static_cast<int>(threadIdx.x % 32);
  a.data()[0] = data[2 * lane];
  a.data()[1] = data[2 * lane + 1];
  const E s = data[64];
  if constexpr (NSrc == 2)
    tile::apply<Instr>(d, a, s, scope::warp);
  else
    tile::apply<Instr>(d, a, a, s, scope::warp);
  data[2 * lane] = d.data()[0];
  data[2 * lane + 1] = d.data()[1];
}

__global__ void packed_f32x2(unsigned long long* data) {
#define TIRX_ROW(SP, NSRC, N, SM, PTX, DC, SC) arith_case<ptx<SP>, 2, unsigned long long>(data);
#include <tirx/ptx/rows/f32x2_binary.def>
#undef TIRX_ROW
#define TIRX_ROW(SP, NSRC, N, SM, PTX, DC, SC) arith_case<ptx<SP>, 3, unsigned long long>(data);
#include <tirx/ptx/rows/f32x2_ternary.def>
#undef TIRX_ROW
}

__global__ void minmax3(float* data) {
#define TIRX_ROW(SP, NSRC, N, SM, PTX, DC, SC) arith_case<ptx<SP>, 3, float>(data);
#include <tirx/ptx/rows/f32_minmax3.def>
#undef TIRX_ROW
}

/// Every redux.sync form (the f32 ones are sm_100a only) on a warp of 32 x 2.
template <class Instr> __device__ void redux_case(float* data) {
  constexpr TileLayout reg = S({32, 2}, {1 * laneid, 1});
  auto a = alloc_local<float, shape(32, 2), reg>();
  auto d = alloc_local<float, shape(32, 2), reg>();
  const int lane = static_cast<int>(threadIdx.x % 32);
  a.data()[0] = data[2 * lane];
  a.data()[1] = data[2 * lane + 1];
  tile::apply<Instr>(d, a, 0xffffffffu, scope::warp);
  data[2 * lane] = d.data()[0];
  data[2 * lane + 1] = d.data()[1];
}
__global__ void redux_all(float* data) {
#define TIRX_ROW(SP, NSRC, N, SM, PTX, DC, SC) redux_case<ptx<SP>>(data);
#include <tirx/ptx/rows/redux.def>
#undef TIRX_ROW
}

// the sm_100a conversions of cvt_more.def (e2m3x2, e3m2x2, ue8m0x2), one of each shape
__global__ void blackwell_cvt(float* f, unsigned* u, unsigned short* h) {
  auto a = alloc_local<float, shape(1)>();
  auto b = alloc_local<float, shape(1)>();
  auto p = alloc_local<unsigned short, shape(1)>();
  auto w = alloc_local<unsigned, shape(1)>();
  a.data()[0] = f[0];
  b.data()[0] = f[1];
  w.data()[0] = u[0];
  tile::apply<ptx<"cvt.rn.satfinite.relu.e2m3x2.f32">>(p, a, b, scope::thread);
  h[0] = p.data()[0];
  tile::apply<ptx<"cvt.rn.f16x2.e3m2x2">>(w, p, scope::thread);
  u[1] = w.data()[0];
  tile::apply<ptx<"cvt.rp.satfinite.ue8m0x2.f32">>(p, a, b, scope::thread);
  h[1] = p.data()[0];
  tile::apply<ptx<"cvt.rz.ue8m0x2.bf16x2">>(p, w, scope::thread);
  h[2] = p.data()[0];
  tile::apply<ptx<"cvt.rn.bf16x2.ue8m0x2">>(w, p, scope::thread);
  u[2] = w.data()[0];
}

} // namespace dc100
