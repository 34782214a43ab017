// Must not compile: an integer type on float registers ("ld.global.v4.s32" into a float tensor):
// .sN takes integer elements (include/tirx/ptx/memory_types.hpp). With -DTIRX_FIXED it compiles:
// int registers.
// expected-error {{tirx::tile::apply: ld/st .uN and .sN take integer elements (int8 ... uint64, not bool), .f32 float and .f64 double (or an integer of their width, for the bits); ElementBits, InstructionBits below; declare the tensor so, view<U>() it, or use the .bN type for raw bits}}
#include <tirx/tile.hpp>

namespace ld_typed_element_kind {
using namespace tirx;

#ifdef TIRX_FIXED
using R = int;
#else
using R = float;
#endif

using G = GlobalTensor<int, ShapeT<32, 4>, 16>;
constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;

__global__ void kernel(G in, G out) {
  auto r = alloc_local<R, shape(32, 4), reg>();
  tile::apply<ptx<"ld.global.v4.s32">>(r, in, scope::warp);
  tile::apply<ptx<"st.global.v4.b32">>(out, r, scope::warp);
}

} // namespace ld_typed_element_kind
