// Must not compile: fms is no PTX opcode (fma is); the closest form comes from the same rows as
// tile::apply's. With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: tirx has no such form (spelling and number of sources); the closest accepted form is "fma.rn.f32" (every form: docs/instruction-reference.md)}}
#include <tirx/tile.hpp>

namespace call_unknown {
using namespace tirx;

__global__ void kernel(float* out, const float* in) {
  [[maybe_unused]] float d = 0.0f, a = in[threadIdx.x], b = in[threadIdx.x + 32];
  [[maybe_unused]] unsigned u = 0u, x = static_cast<unsigned>(threadIdx.x);
  [[maybe_unused]] bool p = false;
#ifdef TIRX_FIXED
  ptx_call<"fma.rn.f32">(d, a, b, 1.0f);
#else
  ptx_call<"fms.rn.f32">(d, a, b, 1.0f);
#endif
  out[threadIdx.x] = d + static_cast<float>(u) + (p ? 1.0f : 0.0f);
}

} // namespace call_unknown
