// Must not compile: tmem_sub of columns 48..79 of a 64-column tensor.
// With -DTIRX_FIXED it compiles (compile_fail_tcgen05_fixed builds the fix).
// expected-error {{tirx::tmem_sub: an index or range reaches outside its mode}}
#include <tirx/tile.hpp>

namespace tmem_sub_range {
using namespace tirx;
using X = TmemTensor<float, ShapeT<128, 64>>;
#if defined(TIRX_FIXED)
inline auto part(const X& x) { return tmem_sub(x, _, range<32, 64>); }
#else
inline auto part(const X& x) { return tmem_sub(x, _, range<48, 80>); }
#endif
} // namespace tmem_sub_range
