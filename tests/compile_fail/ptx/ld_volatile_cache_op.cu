// Must not compile: a cache operator on ld.volatile ("ld.volatile.global.cg.b32"), a rule of the
// ld/st grammar (include/tirx/ptx/memory.hpp). With -DTIRX_FIXED it compiles:
// "ld.volatile.global.b32".
// expected-error {{tirx::tile::apply: an ordered or .volatile ld/st takes no cache operator (.ca .cg .cs .lu .cv .wb .wt .nc), and .volatile no cache hint or eviction priority either; drop the cache qualifier}}
#include <tirx/tile.hpp>

namespace ld_volatile_cache_op {
using namespace tirx;

#ifdef TIRX_FIXED
#define SPELLING "ld.volatile.global.b32"
#else
#define SPELLING "ld.volatile.global.cg.b32"
#endif

using G = GlobalTensor<unsigned, ShapeT<32, 4>, 16>;
constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;

__global__ void kernel(G in, G out) {
  auto r = alloc_local<unsigned, shape(32, 4), reg>();
  tile::apply<ptx<SPELLING>>(r, in, scope::warp);
  tile::apply<ptx<"st.global.b32">>(out, r, scope::warp);
}

} // namespace ld_volatile_cache_op
#undef SPELLING
