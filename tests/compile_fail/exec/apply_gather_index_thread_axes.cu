// Must not compile: an index tensor in shared memory laid out on laneid. With -DTIRX_FIXED it
// compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: an index tensor in shared or global memory may not use thread axes (the group coordinates pick each thread's indices); lay it out on m only}}
#include <tirx/tile.hpp>

namespace apply_gather_index_thread_axes {
using namespace tirx;

#ifdef TIRX_FIXED
constexpr TileLayout ids_layout = layout_of<"S[32 : 1]">;
#else
constexpr TileLayout ids_layout = layout_of<"S[32 : 1@laneid]">;
#endif
using Table = GlobalTensor<float, ShapeT<100, 4>, 16>;
using Ids = Tensor<int, ShapeT<32>, MemScope::shared, 16, layout_type<ids_layout>>;
constexpr TileLayout rows = layout_of<"S[(32, 4) : (1@laneid, 1)]">;

__global__ void kernel(Table table, int* shared_ids) {
  auto regs = alloc_local<float, shape(32, 4), rows>();
  tile::apply<ptx<"ld.global.v4.b32">>(regs, table.gather(Ids{shared_ids}), scope::warp);
}

} // namespace apply_gather_index_thread_axes
