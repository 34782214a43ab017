// Must not compile: a misspelt qualified spelling ("ld.acquire.gpu.globl.b32") names the closest
// form (include/tirx/ptx/memory.hpp; found within the constexpr budget among the ld/st forms by
// ptx/family.hpp's closest). With -DTIRX_FIXED it compiles: "ld.acquire.gpu.global.b32".
// expected-error {{tirx::tile::apply: tirx has no such form (spelling and number of sources); the closest accepted form is "ld.acquire.gpu.global.b32" (every form: docs/instruction-reference.md)}}
#include <tirx/tile.hpp>

namespace ld_qualified_closest {
using namespace tirx;

#ifdef TIRX_FIXED
#define SPELLING "ld.acquire.gpu.global.b32"
#else
#define SPELLING "ld.acquire.gpu.globl.b32"
#endif

using G = GlobalTensor<unsigned, ShapeT<32, 4>, 16>;
constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;

__global__ void kernel(G in, G out) {
  auto r = alloc_local<unsigned, shape(32, 4), reg>();
  tile::apply<ptx<SPELLING>>(r, in, scope::warp);
  tile::apply<ptx<"st.global.b32">>(out, r, scope::warp);
}

} // namespace ld_qualified_closest
#undef SPELLING
