// The CUDA code of docs/data-layout.md: layouts in kernel signatures. Built for
// sm_80 and sm_90a (tirx_device_compile_test); building is the test. The
// spellings nvcc rejects are kept as expected-failure tests in
// docs/examples/errors/ (kernel_*.cu).
#include <tirx/tile.hpp>

using namespace tirx;

// [snippet:kernel-types]
// A 64 x 4 matrix stored column-major.
constexpr TileLayout col_major = layout_of<"S[(64, 4) : (1, 64)]">;
using ColMajor = layout_type<col_major>; // name the type once, at namespace scope
using Matrix = GlobalTensor<float, ShapeT<64, 4>, 16, ColMajor>;

// A plain kernel: the parameter's type holds only integers.
__global__ void scale(Matrix a, float s) {
  int row = threadIdx.x;
#pragma unroll
  for (int col = 0; col < 4; ++col)
    a(row, col) *= s; // element (row, col) at row + 64 col
}

// A kernel template over a layout type.
template <class Layout>
__global__ void fill(GlobalTensor<float, ShapeT<64, 4>, 16, Layout> a, float v) {
  int row = threadIdx.x;
#pragma unroll
  for (int col = 0; col < 4; ++col)
    a(row, col) = v;
}

void launch(float* p) {
  scale<<<1, 64>>>(Matrix{p}, 2.0f);
  fill<ColMajor><<<1, 64>>>(Matrix{p}, 1.0f); // explicit: the named alias
  fill<<<1, 64>>>(Matrix{p}, 1.0f);           // deduced: fine as well
}
// [/snippet]
