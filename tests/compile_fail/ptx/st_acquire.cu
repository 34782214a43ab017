// Must not compile: st.acquire (a store releases) ("st.acquire.gpu.global.b32"), a rule of the
// ld/st grammar (include/tirx/ptx/memory.hpp). With -DTIRX_FIXED it compiles:
// "st.release.gpu.global.b32".
// expected-error {{tirx::tile::apply: .acquire orders a load and .release a store: ld takes .acquire, st takes .release (either takes .relaxed); swap it}}
#include <tirx/tile.hpp>

namespace st_acquire {
using namespace tirx;

#ifdef TIRX_FIXED
#define SPELLING "st.release.gpu.global.b32"
#else
#define SPELLING "st.acquire.gpu.global.b32"
#endif

using G = GlobalTensor<unsigned, ShapeT<32, 4>, 16>;
constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;

__global__ void kernel(G in, G out) {
  auto r = alloc_local<unsigned, shape(32, 4), reg>();
  tile::apply<ptx<"ld.global.b32">>(r, in, scope::warp);
  tile::apply<ptx<SPELLING>>(out, r, scope::warp);
}

} // namespace st_acquire
#undef SPELLING
