// Must not compile: a load, whose source is memory.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::ptx_call: this instruction reads or writes memory, and ptx_call takes registers and immediates only; call tile::apply on a memory tensor (e.g. a GlobalTensor or a shared tensor)}}
#include <tirx/tile.hpp>

namespace call_memory {
using namespace tirx;

__global__ void kernel(float* out, const float* in) {
  [[maybe_unused]] float d = 0.0f, a = in[threadIdx.x], b = in[threadIdx.x + 32];
  [[maybe_unused]] unsigned u = 0u, x = static_cast<unsigned>(threadIdx.x);
  [[maybe_unused]] bool p = false;
#ifdef TIRX_FIXED
  ptx_call<"mov.f32">(d, a);
#else
  ptx_call<"ld.global.f32">(d, in);
#endif
  out[threadIdx.x] = d + static_cast<float>(u) + (p ? 1.0f : 0.0f);
}

} // namespace call_memory
