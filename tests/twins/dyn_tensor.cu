// Tensors with run-time extents and strides (tensor/dyn_tensor.hpp) against
// the indexing one writes by hand: the static modes cost nothing, the
// run-time ones one multiply each.
//   dyn_rows:     an M x 128 matrix with a run-time row stride (M dynamic,
//                 128 and the unit stride static); a warp per row, one
//                 16-byte vector per lane (the row is a Tensor of 128 floats,
//                 16-byte aligned, so the ramp is one ld.global.v4);
//   dyn_elements: element by element over a rank-3 tensor whose extents and
//                 outer strides only run time knows, with the ragged tail
//                 of a tile of (2, 4, 32) guarded by the tile's contains().
#include <tirx/tile.hpp>

// -- tirx -----------------------------------------------------------------------

// [snippet:dyn-rows]
using DynRows =
    tirx::DynTensor<float, tirx::Extents<tirx::dyn, 128>, tirx::Strides<tirx::dyn, 1>, 16>;

__global__ void dyn_rows(DynRows x, DynRows y) {
  using namespace tirx::literals;
  const long long r = blockIdx.x * 4LL + threadIdx.x / 32;
  if (r >= x.extent<0>())
    return;
  const int lane = threadIdx.x % 32;
  auto in = x.sub(r, tirx::_); // Tensor<float, ShapeT<128>, global, 16>
  auto out = y.sub(r, tirx::_);
  out[tirx::ramp(lane * 4, 1_c, 4_c)] = in[tirx::ramp(lane * 4, 1_c, 4_c)] + 1.0f;
}
// [/snippet]

// [snippet:dyn-elements]
using Dyn3 = tirx::DynTensor<float, tirx::Extents<tirx::dyn, tirx::dyn, tirx::dyn>,
                             tirx::Strides<tirx::dyn, tirx::dyn, 1>>;

__global__ void dyn_elements(Dyn3 x, Dyn3 y) { // blocks (tiles of 2 x 4 x 32), 256 threads
  auto a = x.tile<2, 4, 32>(blockIdx.z, blockIdx.y, blockIdx.x);
  auto b = y.tile<2, 4, 32>(blockIdx.z, blockIdx.y, blockIdx.x);
  const int i = threadIdx.x / 128, j = threadIdx.x / 32 % 4, k = threadIdx.x % 32;
  if (a.contains(i, j, k))
    b(i, j, k) = a(i, j, k) * 2.0f;
}
// [/snippet]

// -- plain CUDA -----------------------------------------------------------------

// [snippet:dyn-rows-twin]
__global__ void dyn_rows_twin(const float* x, long long ldx, float* y, long long ldy, long long m) {
  const long long r = blockIdx.x * 4LL + threadIdx.x / 32;
  if (r >= m)
    return;
  const int lane = threadIdx.x % 32;
  const float4 v = *reinterpret_cast<const float4*>(x + r * ldx + lane * 4);
  *reinterpret_cast<float4*>(y + r * ldy + lane * 4) =
      make_float4(v.x + 1.0f, v.y + 1.0f, v.z + 1.0f, v.w + 1.0f);
}
// [/snippet]

__global__ void dyn_elements_twin(const float* x, long long n0, long long n1, long long n2,
                                  long long sx0, long long sx1, float* y, long long sy0,
                                  long long sy1) {
  // the tile's first element, then the element in the tile
  const long long i0 = blockIdx.z * 2LL, j0 = blockIdx.y * 4LL, k0 = blockIdx.x * 32LL;
  const float* a = x + i0 * sx0 + j0 * sx1 + k0;
  float* b = y + i0 * sy0 + j0 * sy1 + k0;
  const int i = threadIdx.x / 128, j = threadIdx.x / 32 % 4, k = threadIdx.x % 32;
  if (i < n0 - i0 && j < n1 - j0 && k < n2 - k0)
    b[i * sy0 + j * sy1 + k] = a[i * sx0 + j * sx1 + k] * 2.0f;
}
