// Expected to fail (nvcc): a kernel template whose parameter is a TileLayout
// value. The host stub must spell TileLayout{...} as a template argument and
// cannot. Template kernels on a layout *type* (LayoutT) instead.
// expected-error-re {{cudafe1\.stub\.c:[0-9]+:[0-9]+: error}}
#include <tirx/tile.hpp>

using namespace tirx;

// [snippet:kernel-layout-value]
template <TileLayout L> // a class-type template parameter on a __global__ function
__global__ void fill(GlobalTensor<float, ShapeT<64, 4>, 16, layout_type<L>> a, float v) {
  a(threadIdx.x, 0) = v;
}

void launch(float* p) {
  constexpr TileLayout col_major = layout_of<"S[(64, 4) : (1, 64)]">;
  fill<col_major>
      <<<1, 64>>>(GlobalTensor<float, ShapeT<64, 4>, 16, layout_type<col_major>>{p}, 1.0f);
}
// [/snippet]
