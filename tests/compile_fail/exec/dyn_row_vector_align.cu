// Must not compile: a row of an (M, 128) matrix whose run-time row stride
// promises 4-byte rows (Align 4) read with 16-byte ld.global.v4.b32. The
// row is a Tensor whose align comes from the DynTensor's static facts, so
// tile::apply refuses it at compile time. With -DTIRX_FIXED it compiles:
// the fix, Align 16 (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: the memory tensor's align is smaller than the vector's bytes; declare it with a larger align (e.g. GlobalTensor<float, Shape, 16> for .v4.b32) or use a narrower vector}}
#include <tirx/tile.hpp>

namespace dyn_row_vector_align {
using namespace tirx;

#ifdef TIRX_FIXED
using Rows = DynTensor<float, Extents<dyn, 128>, Strides<dyn, 1>, 16>;
#else
using Rows = DynTensor<float, Extents<dyn, 128>, Strides<dyn, 1>, 4>;
#endif

__global__ void kernel(Rows x) {
  constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;
  auto registers = alloc_local<float, shape(32, 4), reg>();
  auto row = x.sub(blockIdx.x, _).view<32, 4>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, row, scope::warp);
}

} // namespace dyn_row_vector_align
