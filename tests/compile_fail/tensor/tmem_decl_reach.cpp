// Must not compile: a TMEM tensor of 129 lanes.
// With -DTIRX_FIXED it compiles (compile_fail_tcgen05_fixed builds the fix).
// expected-error {{tirx::decl_tmem: the layout must lie on TLane and TCol within tensor memory's 128 lanes and 512 columns; check its strides and offsets}}
#include <tirx/tile.hpp>

namespace tmem_decl_reach {
using namespace tirx;
#if defined(TIRX_FIXED)
using X = TmemTensor<float, ShapeT<128, 64>>;
#else
using X = TmemTensor<float, ShapeT<129, 64>>;
#endif
inline auto make(unsigned a) { return decl_tmem<X>(a); }
} // namespace tmem_decl_reach
