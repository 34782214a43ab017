// Must not compile: eight 8-bit elements in one vector ("st.global.v8.s8"): .v8 holds 32-bit
// types only, a rule of the ld/st grammar (include/tirx/ptx/memory.hpp). With -DTIRX_FIXED it
// compiles: "st.global.v4.s8".
// expected-error {{tirx::tile::apply: an ld/st vector holds 2 or 4 elements of 8 to 32 bits or 2 of 64 (16 bytes); .v8 of a 32-bit type and .v4 of a 64-bit one (32 bytes) need sm_100 and .global, and a 16-byte type has no vector; use a narrower vector or type}}
#include <tirx/tile.hpp>

namespace st_typed_vector {
using namespace tirx;

#ifdef TIRX_FIXED
#define SPELLING "st.global.v4.s8"
constexpr int vec = 4;
#else
#define SPELLING "st.global.v8.s8"
constexpr int vec = 8;
#endif

using G = GlobalTensor<int8, ShapeT<32, 8 / vec, vec>, 8>;
constexpr TileLayout reg = S({32, 8 / vec, vec}, {1 * laneid, vec, 1});

__global__ void kernel(G out) {
  auto r = alloc_local<int, shape(32, 8 / vec, vec), reg>();
  for (int i = 0; i < 8; ++i)
    r.data()[i] = static_cast<int>(threadIdx.x) - i;
  tile::apply<ptx<SPELLING>>(out, r, scope::warp);
}

} // namespace st_typed_vector
#undef SPELLING
