// Must not compile: .acquire on .local ("ld.acquire.cta.local.b32"), a rule of the ld/st grammar
// (include/tirx/ptx/memory.hpp). With -DTIRX_FIXED it compiles: "ld.local.b32".
// expected-error {{tirx::tile::apply: ld/st .relaxed, .acquire and .release are not valid on .local (one thread's memory); use .global or .shared, or drop it}}
#include <tirx/tile.hpp>

namespace ld_acquire_local {
using namespace tirx;

#ifdef TIRX_FIXED
#define SPELLING "ld.local.b32"
#else
#define SPELLING "ld.acquire.cta.local.b32"
#endif

using G = GlobalTensor<unsigned, ShapeT<32, 4>, 16>;
constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;

__global__ void kernel(G out) {
  auto r = alloc_local<unsigned, shape(32, 4), reg>();
  auto mem = alloc_local<unsigned, shape(32, 4)>();
  mem.data()[threadIdx.x % 4] = threadIdx.x;
  tile::apply<ptx<SPELLING>>(r, mem, scope::warp);
  tile::apply<ptx<"st.global.b32">>(out, r, scope::warp);
}

} // namespace ld_acquire_local
#undef SPELLING
