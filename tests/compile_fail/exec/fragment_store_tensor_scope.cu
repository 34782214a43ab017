// Must not compile: store_fragment into a register tile; the destination of the tensor form is a
// global or shared rank-2 tensor. With -DTIRX_FIXED it compiles: the fix (test
// compile_fail.nvcc.fixed).
// expected-error {{tirx::store_fragment: the destination must be a rank-2 global or shared tensor}}
#include <tirx/exec/fragment_store.hpp>
#include <tirx/tile.hpp>

namespace fragment_store_tensor_scope {
using namespace tirx;

__global__ void kernel(float* out) {
  auto s = alloc_wgmma_accumulator<float, 64>();
  coord_map([](float, int r, int c) { return static_cast<float>(r + c); }, s);
#ifdef TIRX_FIXED
  auto dst = decl_tensor<Tensor<float, ShapeT<64, 64>>>(out);
  store_fragment(s, dst);
#else
  auto copy = alloc_wgmma_accumulator<float, 64>();
  store_fragment(s, copy);
  out[threadIdx.x] = copy.data()[0];
#endif
}

} // namespace fragment_store_tensor_scope
