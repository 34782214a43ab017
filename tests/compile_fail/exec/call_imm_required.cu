// Must not compile: lop3's LUT as a register value.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::ptx_call: this source is an immediate written into the instruction (e.g. lop3's LUT); pass tile::imm<V>}}
#include <tirx/tile.hpp>

namespace call_imm_required {
using namespace tirx;

__global__ void kernel(float* out, const float* in) {
  [[maybe_unused]] float d = 0.0f, a = in[threadIdx.x], b = in[threadIdx.x + 32];
  [[maybe_unused]] unsigned u = 0u, x = static_cast<unsigned>(threadIdx.x);
  [[maybe_unused]] bool p = false;
#ifdef TIRX_FIXED
  ptx_call<"lop3.b32">(u, x, x, x, tile::imm<0x96>);
#else
  ptx_call<"lop3.b32">(u, x, x, x, 0x96u);
#endif
  out[threadIdx.x] = d + static_cast<float>(u) + (p ? 1.0f : 0.0f);
}

} // namespace call_imm_required
