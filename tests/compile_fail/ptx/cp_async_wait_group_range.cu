// Must not compile: cp_async_wait_group<64>: the count lies in [0, 64).
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::cp_async_wait_group: N must lie in [0, 64)}}
#include <tirx/tile.hpp>

namespace cp_async_wait_group_range {
using namespace tirx;

#ifdef TIRX_FIXED
constexpr int pending = 63;
#else
constexpr int pending = 64;
#endif

__global__ void kernel() { cp_async_wait_group<pending>(); }

} // namespace cp_async_wait_group_range
