// Must not compile: rows 8..23 of a (2 x 16)-lane mode (the range wraps an inner iter).
// With -DTIRX_FIXED it compiles (compile_fail_tcgen05_fixed builds the fix).
// expected-error {{tirx::tmem_sub: this region cannot be written with the layout's iters; pick an aligned range}}
#include <tirx/tile.hpp>

namespace tmem_sub_not_expressible {
using namespace tirx;
using X =
    TmemTensor<float, ShapeT<32, 8>, layout_type<S({2, 16, 8}, {64 * TLane, 1 * TLane, 1 * TCol})>>;
#if defined(TIRX_FIXED)
inline auto part(const X& x) { return tmem_sub(x, range<16, 32>, _); }
#else
inline auto part(const X& x) { return tmem_sub(x, range<8, 24>, _); }
#endif
} // namespace tmem_sub_not_expressible
