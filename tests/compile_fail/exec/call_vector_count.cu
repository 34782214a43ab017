// Must not compile: a .v4 load into one scalar.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::ptx_call: a vector instruction (.v2, .v4, .v8) takes an array of that many registers for each register operand, and a scalar instruction a scalar; pass unsigned r[4] for ld.global.v4.b32}}
#include <tirx/tile.hpp>

namespace call_vector_count {
using namespace tirx;

__global__ void kernel(unsigned* out, const unsigned* in) {
#ifdef TIRX_FIXED
  unsigned r[4];
  ptx_call<"ld.global.v4.b32">(r, in + 4 * threadIdx.x);
  out[threadIdx.x] = r[0];
#else
  unsigned r = 0u;
  ptx_call<"ld.global.v4.b32">(r, in + 4 * threadIdx.x);
  out[threadIdx.x] = r;
#endif
}

} // namespace call_vector_count
