// Must not compile: .mmio with .acquire ("ld.mmio.acquire.sys.global.b32"): PTX takes .mmio with
// .relaxed.sys only, a rule of the ld/st grammar (include/tirx/ptx/memory.hpp). With -DTIRX_FIXED
// it compiles: "ld.mmio.relaxed.sys.global.b32".
// expected-error {{tirx::tile::apply: ld/st .mmio is one access to memory-mapped I/O and takes .relaxed.sys and .global or no state space (generic); write e.g. "ld.mmio.relaxed.sys.global.b32"}}
#include <tirx/tile.hpp>

namespace ld_mmio_order {
using namespace tirx;

#ifdef TIRX_FIXED
#define SPELLING "ld.mmio.relaxed.sys.global.b32"
#else
#define SPELLING "ld.mmio.acquire.sys.global.b32"
#endif

using G = GlobalTensor<unsigned, ShapeT<32>, 4>;
constexpr TileLayout reg = layout_of<"S[32 : 1@laneid]">;

__global__ void kernel(G in, G out) {
  auto r = alloc_local<unsigned, shape(32), reg>();
  tile::apply<ptx<SPELLING>>(r, in, scope::warp);
  tile::apply<ptx<"st.global.b32">>(out, r, scope::warp);
}

} // namespace ld_mmio_order
#undef SPELLING
