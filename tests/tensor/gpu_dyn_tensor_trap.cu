// GPU test of the run-time debug checks of tensors with run-time extents
// and strides (tensor/dyn_tensor.hpp; label gpu): each broken kernel must
// trap with its message, the numbers of the broken rule in it
// (TIRX_CHECK_VALUES), and its control case (the same kernel, valid
// arguments) must finish. Every case runs in a child process
// (support/trap_runner.hpp).
//
// Built with TIRX_DEBUG_CHECKS=1 whatever the build type.
// Exit 0: all passed; 1: a case failed; 77: no GPU (ctest: skipped).
#define TIRX_DEBUG_CHECKS 1

#include "support/device_buffer.hpp"
#include "support/trap_runner.hpp"

#include <tirx/tile.hpp>

#include <cstdio>
#include <string>

namespace {

using namespace tirx;

using Dyn3 = DynTensor<float, Extents<dyn, dyn, dyn>, Strides<dyn, dyn, 1>>;
using Rows = DynTensor<float, Extents<dyn, 128>, Strides<dyn, 1>, 16>;
using Dyn2 = DynTensor<float, Extents<dyn, dyn>, Strides<dyn, 1>>;

/// Element (0, 1, k) of a 2 x 3 x 5 tensor: valid for k < 5.
__global__ void element(float* p, int k) {
  auto x = decl_tensor<Dyn3>(p, {2, 3, 5}, {20, 6, 1});
  x(0, 1, k) = 1.0f;
}

/// Element (i, 0, 0) of tile (1, 1, 1) of a 3 x 5 x 33 tensor in tiles of
/// 2 x 4 x 32: rows 2..3 of which row 2 exists, so valid for i < 1.
__global__ void tile_element(float* p, int i) {
  auto x = decl_tensor<Dyn3>(p, {3, 5, 33}, {200, 40, 1});
  auto t = x.tile<2, 4, 32>(1, 1, 1);
  t(i, 0, 0) = 2.0f;
}

/// A (4, 128) matrix with row stride ld: valid for ld a multiple of 4 floats.
__global__ void rows_stride(float* p, long long ld) {
  auto x = decl_tensor<Rows>(p, {4, 128}, {ld, 1});
  x(1, 2) = 3.0f;
}

/// The same with cols columns: valid for cols == 128, the static extent.
__global__ void rows_extent(float* p, long long cols) {
  auto x = decl_tensor<Rows>(p, {4, cols}, {132, 1});
  x(1, 2) = 4.0f;
}

/// Four columns from start of a 4 x 32 matrix: valid for start <= 28.
__global__ void sub_range(float* p, long long start) {
  auto x = decl_tensor<Dyn2>(p, {4, 32}, {32, 1});
  auto run = x.sub(1, range_from<4>(start));
  run(threadIdx.x % 4) = 5.0f;
}

/// Tile (t, 0) of 4 x 32 of a 8 x 32 matrix: valid for t >= 0.
__global__ void tile_coordinate(float* p, int t) {
  auto x = decl_tensor<Dyn2>(p, {8, 32}, {32, 1});
  auto tile = x.tile<4, 32>(t, 0);
  if (tile.contains(0, 0))
    tile(0, 0) = 6.0f;
}

/// A rows x rows matrix with an int index: valid while its offsets fit in 31 bits.
__global__ void int_index(float* p, int rows) {
  using Small = DynTensor<float, Extents<dyn, dyn>, Strides<dyn, 1>, 4, int>;
  auto x = decl_tensor<Small>(p, {rows, rows}, {rows, 1});
  if (rows <= 32)
    x(1, 2) = 7.0f;
}

constexpr TrapCase cases[] = {
    {"element_inside", false, nullptr},
    {"element_outside", true,
     "tirx::DynTensor::operator(): index 5 of mode 2 lies outside 0..4; index inside the tensor "
     "(tile.contains(i, ...) tests a ragged edge)"},
    {"tile_inside", false, nullptr},
    {"tile_ragged", true,
     "tirx::DynTile::operator(): tensor index 3 of mode 0 lies outside 0..2; test "
     "tile.contains(i, ...) at a ragged edge"},
    {"stride_aligned", false, nullptr},
    {"stride_misaligned", true,
     "tirx::decl_tensor: the stride of mode 0 is 130 elements, no multiple of Align = 16 bytes; "
     "pad the rows, or use a smaller Align"},
    {"extent_static", false, nullptr},
    {"extent_differs", true,
     "tirx::decl_tensor: extent 64 of mode 1 differs from the type's static extent 128; pass the "
     "static extent, or make the mode dyn"},
    {"range_inside", false, nullptr},
    {"range_outside", true,
     "tirx::DynTensor::sub: the range from 30 of mode 1 reaches 33, past its last index 31; start "
     "the range earlier or take a tile (tile<...>) with a ragged edge"},
    {"tile_first", false, nullptr},
    {"tile_negative", true,
     "tirx::DynTensor::tile: tile coordinate -1 of mode 0 is negative; tiles are numbered from 0"},
    {"int_fits", false, nullptr},
    {"int_overflows", true,
     "tirx::decl_tensor: the tensor reaches offset 4899999999, past the 31 bits of its int index "
     "type; use the index type long long"},
};

/// The child: runs one case, prints what happened, exits 0 if the kernel finished.
int child(const char* name) {
  tirx_test::DeviceBuffer<float> device(4096);
  float* buf = device.ptr;
  const std::string n = name;
  if (n == "element_inside")
    element<<<1, 32>>>(buf, 4);
  else if (n == "element_outside")
    element<<<1, 32>>>(buf, 5);
  else if (n == "tile_inside")
    tile_element<<<1, 32>>>(buf, 0);
  else if (n == "tile_ragged")
    tile_element<<<1, 32>>>(buf, 1);
  else if (n == "stride_aligned")
    rows_stride<<<1, 32>>>(buf, 132);
  else if (n == "stride_misaligned")
    rows_stride<<<1, 32>>>(buf, 130);
  else if (n == "extent_static")
    rows_extent<<<1, 32>>>(buf, 128);
  else if (n == "extent_differs")
    rows_extent<<<1, 32>>>(buf, 64);
  else if (n == "range_inside")
    sub_range<<<1, 32>>>(buf, 28);
  else if (n == "range_outside")
    sub_range<<<1, 32>>>(buf, 30);
  else if (n == "tile_first")
    tile_coordinate<<<1, 32>>>(buf, 0);
  else if (n == "tile_negative")
    tile_coordinate<<<1, 32>>>(buf, -1);
  else if (n == "int_fits")
    int_index<<<1, 32>>>(buf, 32);
  else if (n == "int_overflows")
    int_index<<<1, 32>>>(buf, 70000); // (70000 - 1) * 70000 + 69999
  else {
    std::printf("unknown case %s\n", name);
    return 2;
  }
  if (int rc = tirx_trap_wait(name))
    return rc;
  return tirx_trap_finished(name);
}

} // namespace

int main(int argc, char** argv) {
  return tirx_trap_main(argc, argv, "gpu_dyn_tensor_trap", cases, child);
}
