// Must not compile: testp writes a predicate, carried as a 32-bit 0/1
// integer; a 64-bit destination (the source's width) is the wrong width.
// With -DTIRX_FIXED it compiles: a uint32 destination.
// expected-error {{tirx::tile::apply: dtype width must match the instruction: each operand's element width must be the width of the instruction's type for it (cvt.rn.f16.f32: 16-bit destination, 32-bit source); pick the matching type or view<U>() the tensor, e.g. .view<uint32>() for .b32 over halves}}
#include <tirx/tile.hpp>

namespace fp_testp_width {
using namespace tirx;

__global__ void kernel(double* data, unsigned long long* out) {
  auto x = alloc_local<double, shape(1)>();
  x.data()[0] = data[threadIdx.x];
#ifdef TIRX_FIXED
  auto d = alloc_local<unsigned, shape(1)>();
#else
  auto d = alloc_local<unsigned long long, shape(1)>();
#endif
  tile::apply<ptx<"testp.finite.f64">>(d, x, scope::thread);
  out[threadIdx.x] = d.data()[0];
}

} // namespace fp_testp_width
