// Must not compile: a value (d + 1.0f) as the destination.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::ptx_call: a destination (the first operand, and a second one right after it: setp's p|q, shfl.sync's d|p) must be a modifiable variable, which the instruction writes; pass a non-const variable, not a value}}
#include <tirx/tile.hpp>

namespace call_dst_not_lvalue {
using namespace tirx;

__global__ void kernel(float* out, const float* in) {
  [[maybe_unused]] float d = 0.0f, a = in[threadIdx.x], b = in[threadIdx.x + 32];
  [[maybe_unused]] unsigned u = 0u, x = static_cast<unsigned>(threadIdx.x);
  [[maybe_unused]] bool p = false;
#ifdef TIRX_FIXED
  ptx_call<"add.f32">(d, a, b);
#else
  ptx_call<"add.f32">(d + 1.0f, a, b);
#endif
  out[threadIdx.x] = d + static_cast<float>(u) + (p ? 1.0f : 0.0f);
}

} // namespace call_dst_not_lvalue
