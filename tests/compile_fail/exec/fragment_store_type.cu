// Must not compile: store_fragment of an fp32 accumulator into bf16 memory; the fragment is
// converted first. With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::store_fragment: the memory's element type must be the fragment's; convert the fragment first (alloc_like<T> + convert)}}
#include <tirx/exec/fragment_store.hpp>
#include <tirx/tile.hpp>

namespace fragment_store_type {
using namespace tirx;

__global__ void kernel(nv_bfloat16* out) {
  auto s = alloc_wgmma_accumulator<float, 64>();
  coord_map([](float, int r, int c) { return static_cast<float>(r + c); }, s);
#ifdef TIRX_FIXED
  auto p = alloc_like<nv_bfloat16>(s);
  convert(p, s);
  store_fragment(p, out, 64, 0, 0, 64, 64);
#else
  store_fragment(s, out, 64, 0, 0, 64, 64);
#endif
}

} // namespace fragment_store_type
