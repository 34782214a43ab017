// Must not compile: sqrt.approx.f64 is no PTX form (the f64 square root is
// correctly rounded only); the generic report names the closest form of the
// arithmetic family.
// With -DTIRX_FIXED it compiles: sqrt.rn.f64.
// expected-error {{tirx::tile::apply: tirx has no such form (spelling and number of sources); the closest accepted form is "rsqrt.approx.f64" (every form: docs/instruction-reference.md)}}
#include <tirx/tile.hpp>

namespace fp_f64_closest {
using namespace tirx;

__global__ void kernel(double* data) {
  auto x = alloc_local<double, shape(1)>();
  x.data()[0] = data[threadIdx.x];
#ifdef TIRX_FIXED
  tile::apply<ptx<"sqrt.rn.f64">>(x, x, scope::thread);
#else
  tile::apply<ptx<"sqrt.approx.f64">>(x, x, scope::thread);
#endif
  data[threadIdx.x] = x.data()[0];
}

} // namespace fp_f64_closest
