// Must not compile: the mixed-precision forms take no .ftz (the family's
// rule, not the closest form).
// With -DTIRX_FIXED it compiles: add.rn.f32.bf16, for sm_100 only.
// expected-error {{tirx::tile::apply: the mixed-precision forms (add/sub/fma .f32.f16 and .f32.bf16) take no .ftz; drop it, e.g. "fma.rn.f32.f16"}}
#include <tirx/tile.hpp>

namespace mixed_no_ftz {
using namespace tirx;

__global__ void kernel(const __nv_bfloat16* b, float* data) {
  auto a = alloc_local<__nv_bfloat16, shape(1)>();
  auto c = alloc_local<float, shape(1)>();
  a.data()[0] = b[threadIdx.x];
  c.data()[0] = data[threadIdx.x];
#ifdef TIRX_FIXED
#if __CUDA_ARCH__ >= 1000
  tile::apply<ptx<"add.rn.f32.bf16">>(c, a, c, scope::thread);
#endif
#else
  tile::apply<ptx<"add.rn.ftz.f32.bf16">>(c, a, c, scope::thread);
#endif
  data[threadIdx.x] = c.data()[0];
}

} // namespace mixed_no_ftz
