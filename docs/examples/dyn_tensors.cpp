// The host code of docs/tensors-and-memory.md's "Run-time shapes". Each
// region between `// [snippet:NAME]` and `// [/snippet]` is shown verbatim in
// the guide; tests/check_doc_snippets.py keeps the two in sync. DynTensor is
// a host-device type, so everything here also compiles in a kernel; the
// static_asserts are checked by building this file, the CHECKs by running it
// (ctest docs_dyn_tensors, with the debug checks on).
#define TIRX_HOST_CUDA_RUNTIME // tma_encoding_of: the TMA map's arguments, on the host
#include <tirx/host/dyn_tensor_map.hpp>
#include <tirx/tensor/dyn_tensor.hpp>

#include <catch2/catch.hpp>

#include <type_traits>
#include <vector>

using namespace tirx;

namespace dyn_type_example {
// [snippet:dyn-type]
// M x 128 floats, rows `ld` apart: M and ld are run-time values, 128 and the
// unit stride are template arguments; data() and every row start 16-byte aligned.
using Rows = DynTensor<float, Extents<dyn, 128>, Strides<dyn, 1>, 16>;
static_assert(Rows::rank == 2 && Rows::align == 16);
static_assert(Rows::static_extent<1>() == 128 && Rows::static_extent<0>() == dyn);
static_assert(sizeof(Rows) == 3 * 8); // the pointer, M and ld

// Strides default to the row-major ones, static where the extents inside are.
static_assert(
    std::is_same_v<DynTensor<float, Extents<dyn, 4, 8>>::strides_type, Strides<32, 8, 1>>);
static_assert(std::is_same_v<row_major_strides_t<Extents<dyn, dyn, 64>>, Strides<dyn, 64, 1>>);
// [/snippet]
} // namespace dyn_type_example

namespace {
struct Buffer { // 16-byte aligned storage for the examples
  std::vector<float> v;
  explicit Buffer(size_t n) : v(n + 4, 0.0f) {}
  float* data() {
    auto p = reinterpret_cast<unsigned long long>(v.data());
    return v.data() + ((16 - p % 16) % 16) / 4;
  }
};
} // namespace

TEST_CASE("docs: run-time shapes") {
  using dyn_type_example::Rows;
  Buffer buffer(100 * 132);
  float* data = buffer.data();
  // [snippet:dyn-decl]
  long long m = 100, ld = 132;
  auto x = decl_tensor<Rows>(data, {m, 128}, {ld, 1}); // every extent and stride, outermost first
  x(7, 5) = 1.5f;                                      // one index per mode
  CHECK(data[7 * 132 + 5] == 1.5f);
  CHECK(x.size() == 100 * 128);
  // a static extent or stride comes back as Int<N>, a run-time one as the index type
  static_assert(std::is_same_v<decltype(x.extent<1>()), Int<128>>);
  static_assert(std::is_same_v<decltype(x.extent<0>()), long long>);
  CHECK(x.extent<0>() == 100);
  CHECK(x.stride(0) == 132); // any mode, as the index type
  // [/snippet]

  // [snippet:dyn-sub]
  auto row = x.sub(7, _); // the run-time stride is gone: a Tensor of 128 floats
  static_assert(is_tensor_v<decltype(row)>);
  static_assert(decltype(row)::shape() == shape(128) && decltype(row)::align == 16);
  CHECK(row(5) == 1.5f);
  auto column = x.sub(_, 5); // the run-time extent and stride stay: a DynTensor
  static_assert(is_dyn_tensor_v<decltype(column)> && decltype(column)::align == 4);
  CHECK(column(7) == 1.5f);
  auto quarter = x.sub(_, range<32, 64>); // static ranges narrow a mode
  static_assert(std::is_same_v<decltype(quarter)::extents_type, Extents<dyn, 32>>);
  CHECK(&quarter(7, 0) == &x(7, 32));
  // [/snippet]

  // [snippet:dyn-tile]
  auto tile = x.tile<64, 32>(1, 2); // rows 64 .. 127 (36 exist), columns 64 .. 95
  CHECK(tile.first[0] == 64);
  CHECK(tile.first[1] == 64);
  CHECK(&tile(3, 1) == &x(67, 65)); // tile coordinates
  CHECK(!tile.full());
  CHECK(tile.valid(0) == 36);
  CHECK(tile.contains(35, 31)); // the edge predicate of the ragged tail
  CHECK(!tile.contains(36, 0)); // row 100: past the last row
  auto run = tile.row(35);      // row 99 of the matrix, columns 64 .. 95
  static_assert(is_tensor_v<decltype(run.tensor)> && decltype(run.tensor)::align == 16);
  CHECK(run.valid == 32); // run.bound() is the apply option
  CHECK(tile.row(36).valid == 0);
  // the tile as a view: a DynTensor of static extents (its row stride is run-time)
  static_assert(std::is_same_v<decltype(tile.tensor())::extents_type, Extents<64, 32>>);
  auto counts = x.num_tiles<64, 32>();
  CHECK(counts[0] == 2);
  CHECK(counts.total() == 8);
  // [/snippet]

  // [snippet:dyn-static-tile]
  using Planes = DynTensor<float, Extents<dyn, 4, 8>>; // strides (32, 8, 1), all static
  auto planes = decl_tensor<Planes>(data, {10, 4, 8});
  auto block = planes.tile<2, 4, 8>(3, 0, 0).tensor(); // every stride static: a Tensor
  static_assert(is_tensor_v<decltype(block)>);
  static_assert(decltype(block)::layout() == S({2, 4, 8}, {32, 8, 1}));
  CHECK(block.data() == data + 6 * 32);
  // [/snippet]

  // [snippet:dyn-grid]
  auto g = dyn_tensor(grid_tensor<16>(data, 100, 70, 132)); // a GridTensor's extents and ld
  static_assert(
      std::is_same_v<decltype(g), DynTensor<float, Extents<dyn, dyn>, Strides<dyn, 1>, 16>>);
  CHECK(&g(7, 5) == &x(7, 5));
  // [/snippet]

  // [snippet:dyn-tma]
  // batch x rows x 128 bf16, planes and rows padded: the map for 2 x 64 x 64 boxes
  using Batch = DynTensor<bfloat16, Extents<dyn, dyn, 128>, Strides<dyn, dyn, 1>, 16>;
  std::vector<bfloat16> storage(3 * 300 * 136 + 8);
  bfloat16* base =
      storage.data() + (16 - reinterpret_cast<unsigned long long>(storage.data()) % 16) % 16 / 2;
  auto batch = decl_tensor<Batch>(base, {3, 300, 128}, {300 * 136, 136, 1});
  constexpr TileLayout tile_layout =
      row_major(shape(2, 64, 64)) ^ swizzle_for(SwizzleMode::b128, 2);
  const TmaEncoding e = tma_encoding_of<shape(2, 64, 64), tile_layout>(batch);
  CHECK(e.dims[0] == 128); // the driver's order: innermost first
  CHECK(e.strides[0] == 136 * 2);
  // in a program: auto map = make_tensor_map<shape(2, 64, 64), tile_layout>(batch);
  // [/snippet]
}
