// Must not compile: a register A whose lanes are not those of the m64k16 fragment (lane bits
// exchanged between rows and columns). With -DTIRX_FIXED it compiles: the fix (test
// compile_fail.nvcc.fixed): the K slice of a converted accumulator.
// expected-error {{tirx::tile::apply: wgmma: A in registers must have wgmma_a_fragment_layout (the m64kK fragment, or a K slice of a 16-bit accumulator-layout tile at a whole register); load it with that layout or pass a shared tile}}
#include <tirx/exec/fragment_store.hpp>
#include <tirx/tile.hpp>

namespace wgmma_a_fragment_layout_ {
using namespace tirx;

constexpr TileLayout vl = wgmma_smem_layout(shape(64, 16), MatrixMajor::mn, SwizzleMode::b128, 2);
using VT = Tensor<nv_bfloat16, ShapeT<64, 16>, MemScope::shared_dyn, 1024, layout_type<vl>>;
constexpr TileLayout swapped =
    layout_of<"S[(4, 2, 8, 2, 4, 2) : (1@wid_in_wg, 2, 1@laneid, 4, 8@laneid, 1)]">;

// CUDA 13's -arch=sm_90a also writes compute_90 PTX, which has no wgmma:
// the body is compiled for sm_90a (and the host) only
__global__ void kernel(float* out) {
#if !defined(__CUDA_ARCH__) || defined(__CUDA_ARCH_FEAT_SM90_ALL)
  extern __shared__ __align__(1024) unsigned char smem[];
  auto v = decl_tensor<VT>(reinterpret_cast<nv_bfloat16*>(smem));
  auto s = alloc_wgmma_accumulator<float, 32>();
  auto o = alloc_wgmma_accumulator<float, 64>();
  coord_map([](float, int r, int c) { return static_cast<float>(r + c); }, s);
#ifdef TIRX_FIXED
  auto p = alloc_like<nv_bfloat16>(s);
  convert(p, s);
  auto a = p.sub(_, range<16, 32>);
#else
  auto p = alloc_local<nv_bfloat16, shape(64, 16), swapped>();
  coord_map([](nv_bfloat16, int r, int c) { return __float2bfloat16(r + c); }, p);
  auto& a = p;
#endif
  wgmma_fence(o, p);
  tile::apply<ptx<"wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16">>(
      o, a, v, scope::warpgroup, tile::accumulate(false));
  wgmma_commit_group();
  wgmma_wait_group<0>(o, p);
  out[threadIdx.x] = o.data()[0];
#else
  (void)out;
#endif
}

} // namespace wgmma_a_fragment_layout_
