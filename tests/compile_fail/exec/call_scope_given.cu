// Must not compile: a scope after the operands.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::ptx_call: takes no scope and no tile:: options (it runs on the calling thread's scalars, unguarded); drop them, or call tile::apply}}
#include <tirx/tile.hpp>

namespace call_scope_given {
using namespace tirx;

__global__ void kernel(float* out, const float* in) {
  [[maybe_unused]] float d = 0.0f, a = in[threadIdx.x], b = in[threadIdx.x + 32];
  [[maybe_unused]] unsigned u = 0u, x = static_cast<unsigned>(threadIdx.x);
  [[maybe_unused]] bool p = false;
#ifdef TIRX_FIXED
  ptx_call<"add.f32">(d, a, b);
#else
  ptx_call<"add.f32">(d, a, b, scope::thread);
#endif
  out[threadIdx.x] = d + static_cast<float>(u) + (p ? 1.0f : 0.0f);
}

} // namespace call_scope_given
