// Must not compile: .mmio on shared memory ("st.mmio.relaxed.sys.shared.b32"): .mmio is .global or
// generic only, a rule of the ld/st grammar (include/tirx/ptx/memory.hpp). With -DTIRX_FIXED it
// compiles: the generic "st.mmio.relaxed.sys.b32" on the same shared tensor.
// expected-error {{tirx::tile::apply: ld/st .mmio is one access to memory-mapped I/O and takes .relaxed.sys and .global or no state space (generic); write e.g. "ld.mmio.relaxed.sys.global.b32"}}
#include <tirx/tile.hpp>

namespace st_mmio_shared {
using namespace tirx;

#ifdef TIRX_FIXED
#define SPELLING "st.mmio.relaxed.sys.b32"
#else
#define SPELLING "st.mmio.relaxed.sys.shared.b32"
#endif

constexpr TileLayout reg = layout_of<"S[32 : 1@laneid]">;

__global__ void kernel(const unsigned* in) {
  auto r = alloc_local<unsigned, shape(32), reg>();
  r.data()[0] = in[threadIdx.x];
  auto s = alloc_shared<unsigned, shape(32)>();
  tile::apply<ptx<SPELLING>>(s, r, scope::warp);
}

} // namespace st_mmio_shared
#undef SPELLING
