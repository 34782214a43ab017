// Must not compile: tmem_sub with one index for two modes.
// With -DTIRX_FIXED it compiles (compile_fail_tcgen05_fixed builds the fix).
// expected-error {{tirx::tmem_sub: give one index, range or _ per mode of the tensor}}
#include <tirx/tile.hpp>

namespace tmem_sub_count {
using namespace tirx;
using X = TmemTensor<float, ShapeT<128, 64>>;
#if defined(TIRX_FIXED)
inline auto part(const X& x) { return tmem_sub(x, _, range<0, 32>); }
#else
inline auto part(const X& x) { return tmem_sub(x, range<0, 32>); }
#endif
} // namespace tmem_sub_count
