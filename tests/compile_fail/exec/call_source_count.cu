// Must not compile: fma with two sources; it takes three.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::ptx_call: wrong number of sources for the opcode (Given sources below, where it takes Min to Max after the destination); pass the operands in PTX order: ptx_call<"...">(d, a, b, ...)}}
#include <tirx/tile.hpp>

namespace call_source_count {
using namespace tirx;

__global__ void kernel(float* out, const float* in) {
  [[maybe_unused]] float d = 0.0f, a = in[threadIdx.x], b = in[threadIdx.x + 32];
  [[maybe_unused]] unsigned u = 0u, x = static_cast<unsigned>(threadIdx.x);
  [[maybe_unused]] bool p = false;
#ifdef TIRX_FIXED
  ptx_call<"fma.rn.f32">(d, a, b, 1.0f);
#else
  ptx_call<"fma.rn.f32">(d, a, b);
#endif
  out[threadIdx.x] = d + static_cast<float>(u) + (p ? 1.0f : 0.0f);
}

} // namespace call_source_count
