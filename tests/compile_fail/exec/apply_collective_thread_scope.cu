// Must not compile: shfl.sync at thread scope; a warp-collective
// instruction needs the lanes of a warp as the scope's group modes.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: a warp-collective instruction needs the lanes of a warp as group modes: call it at scope::warp (or warpgroup, cta, cluster), not scope::thread}}
#include <tirx/tile.hpp>

namespace apply_collective_thread_scope {
using namespace tirx;

__global__ void kernel() {
#ifdef TIRX_FIXED
  auto values = alloc_local<unsigned, shape(32, 4), layout_of<"S[(32, 4) : (1@laneid, 1)]">>();
  tile::ewise([] { return 1u; }, values, scope::warp);
  tile::apply<ptx<"shfl.sync.bfly.b32">>(values, values, 1u, 0x1fu, 0xffffffffu, scope::warp);
#else
  auto values = alloc_local<unsigned, shape(4), layout_of<"S[4 : 1]">>();
  tile::ewise([] { return 1u; }, values, scope::thread);
  tile::apply<ptx<"shfl.sync.bfly.b32">>(values, values, 1u, 0x1fu, 0xffffffffu, scope::thread);
#endif
}

} // namespace apply_collective_thread_scope
