// Must not compile: decl_tmem of a shared tensor type.
// With -DTIRX_FIXED it compiles (compile_fail_tcgen05_fixed builds the fix).
// expected-error {{tirx::decl_tmem: the template argument must be a tensor-memory tensor type, TmemTensor<T, ShapeT<...>[, Lay]>}}
#include <tirx/tile.hpp>

namespace tmem_decl_not_tmem {
using namespace tirx;
#if defined(TIRX_FIXED)
using X = TmemTensor<float, ShapeT<128, 64>>;
#else
using X = Tensor<float, ShapeT<128, 64>, MemScope::shared>;
#endif
inline auto make(unsigned a) { return decl_tmem<X>(a); }
} // namespace tmem_decl_not_tmem
