// Must not compile: a float source for add.u32.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::ptx_call: a floating-point value for an integer operand (.s32, .u32, .b32); convert it first, or pass its bits (cuda::std::bit_cast<unsigned>)}}
#include <tirx/tile.hpp>

namespace call_float_for_int {
using namespace tirx;

__global__ void kernel(float* out, const float* in) {
  [[maybe_unused]] float d = 0.0f, a = in[threadIdx.x], b = in[threadIdx.x + 32];
  [[maybe_unused]] unsigned u = 0u, x = static_cast<unsigned>(threadIdx.x);
  [[maybe_unused]] bool p = false;
#ifdef TIRX_FIXED
  ptx_call<"add.u32">(u, x, static_cast<unsigned>(a));
#else
  ptx_call<"add.u32">(u, x, a);
#endif
  out[threadIdx.x] = d + static_cast<float>(u) + (p ? 1.0f : 0.0f);
}

} // namespace call_float_for_int
