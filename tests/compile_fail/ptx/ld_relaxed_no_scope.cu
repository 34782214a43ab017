// Must not compile: ld.relaxed without a scope ("ld.relaxed.global.b32"), a rule of the ld/st
// grammar (include/tirx/ptx/memory.hpp). With -DTIRX_FIXED it compiles:
// "ld.relaxed.gpu.global.b32".
// expected-error {{tirx::tile::apply: ld/st .relaxed, .acquire and .release need a scope after them (.cta, .cluster, .gpu or .sys); add one, e.g. "ld.acquire.gpu.global.b32"}}
#include <tirx/tile.hpp>

namespace ld_relaxed_no_scope {
using namespace tirx;

#ifdef TIRX_FIXED
#define SPELLING "ld.relaxed.gpu.global.b32"
#else
#define SPELLING "ld.relaxed.global.b32"
#endif

using G = GlobalTensor<unsigned, ShapeT<32, 4>, 16>;
constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;

__global__ void kernel(G in, G out) {
  auto r = alloc_local<unsigned, shape(32, 4), reg>();
  tile::apply<ptx<SPELLING>>(r, in, scope::warp);
  tile::apply<ptx<"st.global.b32">>(out, r, scope::warp);
}

} // namespace ld_relaxed_no_scope
#undef SPELLING
