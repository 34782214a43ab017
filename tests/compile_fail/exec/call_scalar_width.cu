// Must not compile: a double source (1.0) for add.f32.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::ptx_call: an operand's width differs from the instruction's (Operand, OperandBits and InstructionBits below; Operand 0: the destination); pass a variable of that width (e.g. 1.0f, not 1.0, for .f32)}}
#include <tirx/tile.hpp>

namespace call_scalar_width {
using namespace tirx;

__global__ void kernel(float* out, const float* in) {
  [[maybe_unused]] float d = 0.0f, a = in[threadIdx.x], b = in[threadIdx.x + 32];
  [[maybe_unused]] unsigned u = 0u, x = static_cast<unsigned>(threadIdx.x);
  [[maybe_unused]] bool p = false;
#ifdef TIRX_FIXED
  ptx_call<"add.f32">(d, a, 1.0f);
#else
  ptx_call<"add.f32">(d, a, 1.0);
#endif
  out[threadIdx.x] = d + static_cast<float>(u) + (p ? 1.0f : 0.0f);
}

} // namespace call_scalar_width
