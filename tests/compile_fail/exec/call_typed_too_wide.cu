// Must not compile: a sign-extending .s8 load into a 64-bit integer.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::ptx_call: an integer register wider than the type's registers (32 bits up to .u32/.s32, 64 for .u64/.s64); pass a narrower variable}}
#include <tirx/tile.hpp>

namespace call_typed_too_wide {
using namespace tirx;

__global__ void kernel(int* out, const signed char* in) {
#ifdef TIRX_FIXED
  int r = 0;
  ptx_call<"ld.global.s8">(r, in + threadIdx.x);
  out[threadIdx.x] = r;
#else
  long long r = 0;
  ptx_call<"ld.global.s8">(r, in + threadIdx.x);
  out[threadIdx.x] = static_cast<int>(r);
#endif
}

} // namespace call_typed_too_wide
