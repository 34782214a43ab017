// Must not compile: a 16-byte vector load through a pointer to 8-byte elements.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::ptx_call: the memory operand points to a type whose size is neither an element's nor the whole vector's (cp.async: no chunk size it copies; OperandBits and InstructionBits below); point to the element or vector type (const float* or const float4* for ld.global.v4.f32, const uint4* for a 16-byte cp.async)}}
#include <tirx/tile.hpp>

namespace call_pointer_width {
using namespace tirx;

__global__ void kernel(unsigned* out, const unsigned* in) {
#ifdef TIRX_FIXED
  unsigned r[4];
  ptx_call<"ld.global.v4.b32">(r, reinterpret_cast<const uint4*>(in) + threadIdx.x);
  out[threadIdx.x] = r[0] + r[3];
#else
  unsigned r[4];
  ptx_call<"ld.global.v4.b32">(r, reinterpret_cast<const double*>(in) + threadIdx.x);
  out[threadIdx.x] = r[0] + r[3];
#endif
}

} // namespace call_pointer_width
