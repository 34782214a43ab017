// Must not compile: tmem_offset of a shared tensor.
// With -DTIRX_FIXED it compiles (compile_fail_tcgen05_fixed builds the fix).
// expected-error {{tirx::tmem_offset: t must be a TMEM tensor (decl_tmem)}}
#include <tirx/tile.hpp>

namespace tmem_offset_not_tmem {
using namespace tirx;
#if defined(TIRX_FIXED)
using X = TmemTensor<float, ShapeT<128, 64>>;
#else
using X = Tensor<float, ShapeT<128, 64>, MemScope::shared>;
#endif
inline X moved(const X& x) { return tmem_offset(x, 32, 0); }
} // namespace tmem_offset_not_tmem
