// Must not compile: a mixed-precision form's types are .f32 and then the
// 16-bit source's (add.f64.f16 is no form; the family's rule says why).
// With -DTIRX_FIXED it compiles: add.f32.f16, for sm_100 only.
// expected-error {{tirx::tile::apply: a mixed-precision form computes in f32: its types are .f32 then the 16-bit source's (.f16 or .bf16), e.g. "add.rn.f32.bf16"; write .f32 first}}
#include <tirx/tile.hpp>

namespace mixed_f32_first {
using namespace tirx;

__global__ void kernel(const __half* h, float* data) {
  auto a = alloc_local<__half, shape(1)>();
  auto c = alloc_local<float, shape(1)>();
  a.data()[0] = h[threadIdx.x];
  c.data()[0] = data[threadIdx.x];
#ifdef TIRX_FIXED
#if __CUDA_ARCH__ >= 1000
  tile::apply<ptx<"add.f32.f16">>(c, a, c, scope::thread);
#endif
#else
  tile::apply<ptx<"add.f64.f16">>(c, a, c, scope::thread);
#endif
  data[threadIdx.x] = c.data()[0];
}

} // namespace mixed_f32_first
