// Must not compile: a half region starting in the middle of a 32-bit column.
// With -DTIRX_FIXED it compiles (compile_fail_tcgen05_fixed builds the fix).
// expected-error {{tirx::tmem_address: the tensor's first element must start a 32-bit column; take regions that begin on a whole column}}
#include <tirx/tile.hpp>

namespace tmem_address_column {
using namespace tirx;
using X = TmemTensor<half, ShapeT<128, 64>>;
#if defined(TIRX_FIXED)
inline unsigned address(const X& x) { return tmem_address(tmem_sub(x, _, range<2, 6>)); }
#else
inline unsigned address(const X& x) { return tmem_address(tmem_sub(x, _, range<1, 5>)); }
#endif
} // namespace tmem_address_column
