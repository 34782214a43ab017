// Expected to fail (nvcc): an alias template with a class-type argument,
// written inside a kernel's explicit template arguments. nvcc's host stub
// spells the argument as layout_type<TileLayout{...}>, which the host
// compiler cannot parse. Give the type a name with `using` first.
// expected-error-re {{cudafe1\.stub\.c:[0-9]+:[0-9]+: error}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout col_major = layout_of<"S[(64, 4) : (1, 64)]">;

template <class Layout>
__global__ void fill(GlobalTensor<float, ShapeT<64, 4>, 16, Layout> a, float v) {
  a(threadIdx.x, 0) = v;
}

// [snippet:kernel-alias-argument]
void launch(float* p) {
  using Matrix = GlobalTensor<float, ShapeT<64, 4>, 16, layout_type<col_major>>;
  fill<layout_type<col_major>><<<1, 64>>>(Matrix{p}, 1.0f); // nvcc host stub: parse error
}
// [/snippet]
