// Must not compile: convert into a tile of another layout (a row-major register tile); the
// destination must have the source's layout. With -DTIRX_FIXED it compiles: the fix (test
// compile_fail.nvcc.fixed).
// expected-error {{tirx::convert: the destination must have the source's layout, both whole tiles (make it with alloc_like<U>(source))}}
#include <tirx/exec/fragment_store.hpp>
#include <tirx/tile.hpp>

namespace fragment_convert_layout {
using namespace tirx;

__global__ void kernel(nv_bfloat16* out) {
  auto s = alloc_wgmma_accumulator<float, 64>();
  coord_map([](float, int r, int c) { return static_cast<float>(r + c); }, s);
#ifdef TIRX_FIXED
  auto p = alloc_like<nv_bfloat16>(s);
#else
  auto p = alloc_local<nv_bfloat16, shape(32)>();
#endif
  convert(p, s);
  out[threadIdx.x] = p.data()[0];
}

} // namespace fragment_convert_layout
