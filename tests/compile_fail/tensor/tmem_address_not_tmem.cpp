// Must not compile: tmem_address of a shared tensor.
// With -DTIRX_FIXED it compiles (compile_fail_tcgen05_fixed builds the fix).
// expected-error {{tirx::tmem_address: t must be a TMEM tensor (decl_tmem)}}
#include <tirx/tile.hpp>

namespace tmem_address_not_tmem {
using namespace tirx;
#if defined(TIRX_FIXED)
using X = TmemTensor<float, ShapeT<128, 64>>;
#else
using X = Tensor<float, ShapeT<128, 64>, MemScope::shared>;
#endif
inline unsigned address(const X& x) { return tmem_address(x); }
} // namespace tmem_address_not_tmem
