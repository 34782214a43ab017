// Must not compile: an unsigned destination for setp's predicate.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::ptx_call: a predicate operand (.pred) takes a bool; pass a bool variable}}
#include <tirx/tile.hpp>

namespace call_pred_not_bool {
using namespace tirx;

__global__ void kernel(float* out, const float* in) {
  [[maybe_unused]] float d = 0.0f, a = in[threadIdx.x], b = in[threadIdx.x + 32];
  [[maybe_unused]] unsigned u = 0u, x = static_cast<unsigned>(threadIdx.x);
  [[maybe_unused]] bool p = false;
#ifdef TIRX_FIXED
  ptx_call<"setp.lt.f32">(p, a, b);
#else
  ptx_call<"setp.lt.f32">(u, a, b);
#endif
  out[threadIdx.x] = d + static_cast<float>(u) + (p ? 1.0f : 0.0f);
}

} // namespace call_pred_not_bool
