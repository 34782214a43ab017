// Must not compile: an L1 eviction priority on .shared ("ld.shared.L1::evict_last.b32"), a rule of
// the ld/st grammar (include/tirx/ptx/memory.hpp). With -DTIRX_FIXED it compiles: "ld.shared.b32".
// expected-error {{tirx::tile::apply: .nc, the eviction priorities, .L1::no_allocate, .L2::cache_hint and the L2 prefetch sizes apply to .global only; drop them, or use .global and a global tensor}}
#include <tirx/tile.hpp>

namespace ld_shared_evict {
using namespace tirx;

#ifdef TIRX_FIXED
#define SPELLING "ld.shared.b32"
#else
#define SPELLING "ld.shared.L1::evict_last.b32"
#endif

using G = GlobalTensor<unsigned, ShapeT<32, 4>, 16>;
constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;

__global__ void kernel(G in, G out) {
  auto r = alloc_local<unsigned, shape(32, 4), reg>();
  auto mem = alloc_shared<unsigned, shape(32, 4)>();
  tile::apply<ptx<"ld.global.b32">>(r, in, scope::warp);
  tile::apply<ptx<"st.shared.b32">>(mem, r, scope::warp);
  __syncwarp();
  tile::apply<ptx<SPELLING>>(r, mem, scope::warp);
  tile::apply<ptx<"st.global.b32">>(out, r, scope::warp);
}

} // namespace ld_shared_evict
#undef SPELLING
