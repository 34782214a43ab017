// Must not compile: store_fragment of an fp32 accumulator into a bf16 shared tile; the fragment
// is converted first. With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::store_fragment: the tensor's element type must be the fragment's; convert the fragment first (alloc_like<T> + convert)}}
#include <tirx/exec/fragment_store.hpp>
#include <tirx/tile.hpp>

namespace fragment_store_tensor_type {
using namespace tirx;

__global__ void kernel() {
  __shared__ alignas(16) nv_bfloat16 tile[64 * 64];
  auto dst = decl_tensor<Tensor<nv_bfloat16, ShapeT<64, 64>, MemScope::shared, 16>>(tile);
  auto s = alloc_wgmma_accumulator<float, 64>();
  coord_map([](float, int r, int c) { return static_cast<float>(r + c); }, s);
#ifdef TIRX_FIXED
  auto p = alloc_like<nv_bfloat16>(s);
  convert(p, s);
  store_fragment(p, dst);
#else
  store_fragment(s, dst);
#endif
}

} // namespace fragment_store_tensor_type
