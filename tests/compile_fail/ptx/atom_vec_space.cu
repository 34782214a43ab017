// Must not compile: the vector atom/red forms (.v2, .v4, .v8) exist on .global only.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: atom/red: the vector forms (.v2, .v4, .v8) exist on .global only; use a .global tensor or one scalar atom per element}}
#include <tirx/tile.hpp>

namespace atom_vec_space {
using namespace tirx;

__global__ void kernel(float* out) {
  auto sum = alloc_shared<float, shape(4)>();
  auto v = alloc_local<float, shape(4)>();
  for (int j = 0; j < 4; ++j)
    v(j) = 1.0f;
#ifdef TIRX_FIXED
#if __CUDA_ARCH__ >= 900
  tile::apply<ptx<"red.global.add.v4.f32">>(decl_tensor<GlobalTensor<float, ShapeT<4>, 16>>(out), v,
                                            scope::thread);
#endif
  (void)sum;
#else
  tile::apply<ptx<"red.shared::cta.add.v4.f32">>(sum, v, scope::thread);
#endif
}

} // namespace atom_vec_space
