// Must not compile: data() of a TMEM tensor (tensor memory has no pointer).
// With -DTIRX_FIXED it compiles (compile_fail_tcgen05_fixed builds the fix).
// expected-error {{tirx::Tensor: a tensor-memory tensor has no pointer; pass it to tcgen05 operations, or read tmem_address(t)}}
#include <tirx/tile.hpp>

namespace tmem_no_pointer {
using namespace tirx;
using Acc = TmemTensor<float, ShapeT<128, 64>>;
#if defined(TIRX_FIXED)
inline unsigned address(const Acc& a) { return tmem_address(a); }
#else
inline float* address(const Acc& a) { return a.data(); }
#endif
} // namespace tmem_no_pointer
