// Must not compile: an int (1) for a float source.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::ptx_call: a signed integer for a floating-point operand (1 for 1.0f); write the floating-point value, or pass raw bits as an unsigned integer}}
#include <tirx/tile.hpp>

namespace call_int_for_float {
using namespace tirx;

__global__ void kernel(float* out, const float* in) {
  [[maybe_unused]] float d = 0.0f, a = in[threadIdx.x], b = in[threadIdx.x + 32];
  [[maybe_unused]] unsigned u = 0u, x = static_cast<unsigned>(threadIdx.x);
  [[maybe_unused]] bool p = false;
#ifdef TIRX_FIXED
  ptx_call<"mul.rn.f32">(d, a, 1.0f);
#else
  ptx_call<"mul.rn.f32">(d, a, 1);
#endif
  out[threadIdx.x] = d + static_cast<float>(u) + (p ? 1.0f : 0.0f);
}

} // namespace call_int_for_float
