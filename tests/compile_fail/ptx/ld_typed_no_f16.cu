// Must not compile: a half type on ld ("ld.global.f16"): PTX has no .f16 on ld/st, a rule of the
// ld/st grammar (include/tirx/ptx/memory.hpp). With -DTIRX_FIXED it compiles: "ld.global.b16".
// expected-error {{tirx::tile::apply: ld/st take the types .b8-.b128, .u8-.u64, .s8-.s64, .f32 and .f64 only (PTX has no .f16, .bf16 or packed type there); move half and bfloat16 values with .b16, pairs with .b32}}
#include <tirx/tile.hpp>

namespace ld_typed_no_f16 {
using namespace tirx;

#ifdef TIRX_FIXED
#define SPELLING "ld.global.b16"
#else
#define SPELLING "ld.global.f16"
#endif

using G = GlobalTensor<half, ShapeT<32, 4>, 8>;
constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;

__global__ void kernel(G in, G out) {
  auto r = alloc_local<half, shape(32, 4), reg>();
  tile::apply<ptx<SPELLING>>(r, in, scope::warp);
  tile::apply<ptx<"st.global.b16">>(out, r, scope::warp);
}

} // namespace ld_typed_no_f16
#undef SPELLING
