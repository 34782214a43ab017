// Must not compile: mul has no mixed-precision line (PTX has add, sub and fma
// only); the generic report names the closest form of the family.
// With -DTIRX_FIXED it compiles: fma.rn.f32.f16 with a zero addend, for sm_100 only.
// expected-error {{tirx::tile::apply: tirx has no such form (spelling and number of sources); the closest accepted form is "sub.rn.f32.f16" (every form: docs/instruction-reference.md)}}
#include <tirx/tile.hpp>

namespace mixed_closest {
using namespace tirx;

__global__ void kernel(const __half* h, float* data) {
  auto a = alloc_local<__half, shape(1)>();
  auto c = alloc_local<float, shape(1)>();
  a.data()[0] = h[threadIdx.x];
  c.data()[0] = data[threadIdx.x];
#ifdef TIRX_FIXED
#if __CUDA_ARCH__ >= 1000
  tile::apply<ptx<"fma.rn.f32.f16">>(c, a, a, 0.0f, scope::thread);
#endif
#else
  tile::apply<ptx<"mul.rn.f32.f16">>(c, a, c, scope::thread);
#endif
  data[threadIdx.x] = c.data()[0];
}

} // namespace mixed_closest
