// Must not compile: tmem_alloc_columns of a shared tensor type.
// With -DTIRX_FIXED it compiles (compile_fail_tcgen05_fixed builds the fix).
// expected-error {{tirx::tmem_alloc_columns: X must be a TmemTensor type}}
#include <tirx/tile.hpp>

namespace tmem_alloc_columns_type {
using namespace tirx;
#if defined(TIRX_FIXED)
using X = TmemTensor<float, ShapeT<128, 64>>;
#else
using X = Tensor<float, ShapeT<128, 64>, MemScope::shared>;
#endif
inline constexpr int cols = tmem_alloc_columns<X>();
} // namespace tmem_alloc_columns_type
