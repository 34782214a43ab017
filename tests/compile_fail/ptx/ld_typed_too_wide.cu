// Must not compile: a sign-extending load into 64-bit registers ("ld.global.s8" into int64): the
// registers of .s8 are 8 to 32 bits wide (include/tirx/ptx/memory_types.hpp). With -DTIRX_FIXED it
// compiles: int32 registers.
// expected-error {{tirx::tile::apply: an ld/st .uN or .sN register element is N to 32 bits wide (64 for .u64, .s64): the registers are 32-bit (ElementBits, InstructionBits below); use int32/uint32 registers and convert to 64 bits after the load}}
#include <tirx/tile.hpp>

namespace ld_typed_too_wide {
using namespace tirx;

#ifdef TIRX_FIXED
using R = int;
#else
using R = long long;
#endif

using G = GlobalTensor<int8, ShapeT<32, 4>, 4>;
using O = GlobalTensor<R, ShapeT<32, 4>, 8>;
constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;

__global__ void kernel(G in, O out) {
  auto r = alloc_local<R, shape(32, 4), reg>();
  tile::apply<ptx<"ld.global.s8">>(r, in, scope::warp);
  for (int i = 0; i < 4; ++i)
    out.data()[threadIdx.x * 4 + i] = r.data()[i];
}

} // namespace ld_typed_too_wide
