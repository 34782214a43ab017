// Must not compile: tmem_sub with a run-time column.
// With -DTIRX_FIXED it compiles (compile_fail_tcgen05_fixed builds the fix).
// expected-error {{tirx::tmem_sub: tensor memory takes static indices only (c<k>, range<b, e>, _); move by run-time lanes or columns with tmem_offset}}
#include <tirx/tile.hpp>

namespace tmem_sub_runtime {
using namespace tirx;
using X = TmemTensor<float, ShapeT<128, 64>>;
#if defined(TIRX_FIXED)
inline auto part(const X& x, int) { return tmem_sub(x, _, c<3>); }
#else
inline auto part(const X& x, int col) { return tmem_sub(x, _, col); }
#endif
} // namespace tmem_sub_runtime
