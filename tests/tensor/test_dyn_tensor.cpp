// Host tests of tensors with mixed static and run-time modes
// (tensor/dyn_shape.hpp, dyn_tensor.hpp, dyn_sub.hpp, dyn_tile.hpp): the
// static facts as types and constants, offsets against hand-written
// indexing on every element, sub and tile results (which are Tensors,
// their alignment), ragged tiles, the GridTensor conversion, and the
// message formatting of core/check_values.hpp, the TMA encoding of a
// DynTensor (host/dyn_tensor_map.hpp).
#define TIRX_HOST_CUDA_RUNTIME // the TMA encoding's arguments (no driver call)
#include <tirx/host/dyn_tensor_map.hpp>
#include <tirx/tensor/dyn_tensor.hpp>

#include <catch2/catch.hpp>

#include <stdexcept>

#include <string>
#include <type_traits>
#include <vector>

using namespace tirx;

namespace {

using Rows = DynTensor<float, Extents<dyn, 128>, Strides<dyn, 1>, 16>;
using Dyn3 = DynTensor<float, Extents<dyn, dyn, dyn>, Strides<dyn, dyn, 1>>;
using Mixed4 = DynTensor<int, Extents<dyn, 3, dyn, 8>, Strides<dyn, dyn, 8, 1>, 4, int>;

// -- static facts ----------------------------------------------------------------

static_assert(std::is_same_v<row_major_strides_t<Extents<dyn, 128>>, Strides<128, 1>>);
static_assert(std::is_same_v<row_major_strides_t<Extents<64, dyn>>, Strides<dyn, 1>>);
static_assert(std::is_same_v<row_major_strides_t<Extents<dyn, 4, 8>>, Strides<32, 8, 1>>);
static_assert(std::is_same_v<row_major_strides_t<Extents<2, dyn, 4, 8>>, Strides<dyn, 32, 8, 1>>);
static_assert(std::is_same_v<DynTensor<float, Extents<dyn, 4>>::strides_type, Strides<4, 1>>);

static_assert(Rows::rank == 2 && Rows::align == 16 && Rows::dynamic_extents == 1 &&
              Rows::dynamic_strides == 1);
static_assert(Rows::static_extent<1>() == 128 && Rows::static_extent<0>() == dyn);
static_assert(Rows::static_stride<1>() == 1 && !is_static(Rows::static_stride<0>()));
static_assert(std::is_same_v<decltype(Rows{}.extent<1>()), Int<128>>);
static_assert(std::is_same_v<decltype(Rows{}.stride<1>()), Int<1>>);
static_assert(std::is_same_v<decltype(Rows{}.extent<0>()), long long>);
static_assert(std::is_same_v<decltype(Mixed4{}.extent<0>()), int>);
static_assert(Mixed4::dynamic_extents == 2 && Mixed4::dynamic_strides == 2);
// a tensor is a pointer and its run-time entries
static_assert(sizeof(Rows) == 3 * 8 && sizeof(Dyn3) == 6 * 8);
static_assert(std::is_trivially_copyable_v<Dyn3> && is_dyn_tensor_v<Dyn3> && !is_tensor_v<Dyn3>);

// -- sub and tile results as types -----------------------------------------------

// a row of an (M, 128) x (dyn, 1) matrix is a Tensor of 128 floats, 16-byte aligned
using Row = decltype(Rows{}.sub(0, _));
static_assert(is_tensor_v<Row> && Row::shape() == shape(128) && Row::align == 16);
static_assert(Row::layout() == S({128}, {1}));
// a column is a DynTensor (its extent and stride are the run-time ones), 4-byte aligned
using Col = decltype(Rows{}.sub(_, 3));
static_assert(is_dyn_tensor_v<Col> && Col::align == 4 &&
              std::is_same_v<Col::extents_type, Extents<dyn>> &&
              std::is_same_v<Col::strides_type, Strides<dyn>>);
// a static range of the unit-stride mode keeps the alignment its start keeps
static_assert(decltype(Rows{}.sub(0, range<4, 8>))::align == 16);
static_assert(decltype(Rows{}.sub(0, range<2, 6>))::align == 8);
static_assert(decltype(Rows{}.sub(0, range<0, 128, 2>))::layout() == S({64}, {2}));
// a tile whose strides are all static is a Tensor (the strides of its layout)
using Static3 = DynTensor<float, Extents<dyn, 4, 8>>;
using StaticTile = decltype(Static3{}.tile<2, 4, 8>(0, 0, 0).tensor());
static_assert(is_tensor_v<StaticTile> && StaticTile::layout() == S({2, 4, 8}, {32, 8, 1}) &&
              StaticTile::align == 4);
// a tile with a run-time stride is a DynTensor of static extents; its rows are Tensors
using RowsTile = decltype(Rows{}.tile<64, 128>(0, 0));
static_assert(is_dyn_tensor_v<RowsTile::view_type> &&
              std::is_same_v<RowsTile::view_type::extents_type, Extents<64, 128>> &&
              RowsTile::view_type::align == 16);
static_assert(is_tensor_v<decltype(RowsTile{}.row(0).tensor)> &&
              decltype(RowsTile{}.row(0).tensor)::align == 16);
// a tile of 6 floats along the unit-stride mode keeps only 8 of 16 bytes
static_assert(decltype(Rows{}.tile<4, 6>(0, 0))::view_type::align == 8);

struct Data {
  std::vector<float> v;
  explicit Data(size_t n) : v(n + 4) {
    for (size_t i = 0; i < v.size(); ++i)
      v[i] = static_cast<float>(i);
  }
  float* aligned() { // a 16-byte aligned start inside the vector
    auto p = reinterpret_cast<unsigned long long>(v.data());
    return v.data() + ((16 - p % 16) % 16) / 4;
  }
};

} // namespace

TEST_CASE("dyn_tensor: element offsets of mixed modes against hand-written indexing") {
  Data data(5 * 7 * 40);
  float* p = data.aligned();
  const long long n0 = 5, n1 = 7, n2 = 33, s0 = 7 * 40, s1 = 40;
  auto x = decl_tensor<Dyn3>(p, {n0, n1, n2}, {s0, s1, 1});
  CHECK(x.data() == p);
  CHECK(x.size() == n0 * n1 * n2);
  CHECK(x.extent(0) == n0);
  CHECK(x.extent<2>() == n2);
  CHECK(x.stride(1) == s1);
  CHECK(x.stride<2>() == 1);
  for (long long i = 0; i < n0; ++i)
    for (long long j = 0; j < n1; ++j)
      for (long long k = 0; k < n2; ++k) {
        REQUIRE(x.offset_of(i, j, k) == i * s0 + j * s1 + k);
        REQUIRE(&x(i, j, k) == p + i * s0 + j * s1 + k);
      }
  CHECK(x.offset_of(c<1>, 2, c<3>) == s0 + 2 * s1 + 3); // static indices mix with run-time ones

  // static extents and strides among run-time ones, int offsets
  std::vector<int> ints(2 * 3 * 5 * 8 * 2);
  using X4 = Mixed4;
  auto m = decl_tensor<X4>(ints.data(), {2, 3, 5, 8}, {3 * 80, 80, 8, 1});
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 3; ++b)
      for (int cc = 0; cc < 5; ++cc)
        for (int d = 0; d < 8; ++d)
          REQUIRE(m.offset_of(a, b, cc, d) == a * 240 + b * 80 + cc * 8 + d);
  CHECK(m.size() == 2 * 3 * 5 * 8);
}

TEST_CASE("dyn_tensor: decl_tensor with row-major strides and from a GridTensor") {
  Data data(3 * 4 * 8);
  using X = DynTensor<float, Extents<dyn, 4, 8>>;
  auto x = decl_tensor<X>(data.aligned(), {3, 4, 8});
  CHECK(x.offset_of(2, 3, 7) == 2 * 32 + 3 * 8 + 7);
  using Y = DynTensor<float, Extents<dyn, dyn, dyn>>; // Strides<dyn, dyn, 1>
  static_assert(std::is_same_v<Y::strides_type, Strides<dyn, dyn, 1>>);
  auto y = decl_tensor<Y>(data.aligned(), {2, 3, 5});
  CHECK(y.stride(0) == 15);
  CHECK(y.stride(1) == 5);

  auto g = dyn_tensor(grid_tensor<16>(data.aligned(), 10, 6, 8));
  static_assert(
      std::is_same_v<decltype(g), DynTensor<float, Extents<dyn, dyn>, Strides<dyn, 1>, 16>>);
  CHECK(g.extent(0) == 10);
  CHECK(g.extent(1) == 6);
  CHECK(g.stride(0) == 8);
  CHECK(&g(3, 5) == data.aligned() + 3 * 8 + 5);
  auto v = dyn_tensor(grid_tensor<16>(data.aligned(), 96));
  static_assert(std::is_same_v<decltype(v), DynTensor<float, Extents<dyn>, Strides<1>, 16>>);
  CHECK(v.size() == 96);
}

TEST_CASE("dyn_tensor: sub keeps, drops and narrows modes") {
  Data data(6 * 10 * 16);
  float* p = data.aligned();
  auto x = decl_tensor<Dyn3>(p, {6, 10, 12}, {160, 16, 1});
  auto plane = x.sub(4, _, _); // (10, 12) x (16, 1): a DynTensor
  static_assert(is_dyn_tensor_v<decltype(plane)> && decltype(plane)::rank == 2);
  CHECK(plane.extent(0) == 10);
  CHECK(plane.stride(0) == 16);
  CHECK(&plane(3, 5) == &x(4, 3, 5));
  auto run = x.sub(1, 2, range_from<4>(8)); // 4 elements from a run-time start: a Tensor
  static_assert(is_tensor_v<decltype(run)> && decltype(run)::shape() == shape(4));
  CHECK(&run(3) == &x(1, 2, 11));
  auto every_other = x.sub(_, range<0, 10, 2>, c<3>); // a static step scales the run-time stride
  static_assert(std::is_same_v<decltype(every_other)::extents_type, Extents<dyn, 5>>);
  CHECK(every_other.stride(1) == 32);
  CHECK(every_other.stride(0) == 160);
  CHECK(&every_other(5, 4) == &x(5, 8, 3));
  CHECK(every_other.extent(0) == 6);
}

TEST_CASE("dyn_tensor: tiles at run-time coordinates, ragged edges") {
  Data data(100 * 132);
  float* p = data.aligned();
  auto x = decl_tensor<Rows>(p, {100, 128}, {132, 1});
  auto counts = x.num_tiles<64, 32>();
  CHECK(counts[0] == 2);
  CHECK(counts[1] == 4);
  CHECK(counts.total() == 8);

  auto inner = x.tile<64, 32>(0, 1);
  CHECK(inner.full());
  CHECK(!inner.empty());
  CHECK(inner.first[0] == 0);
  CHECK(inner.first[1] == 32);
  CHECK(&inner(5, 7) == &x(5, 39)); // tile coordinates
  CHECK(inner.tensor().data() == p + 32);

  auto edge = x.tile<64, 32>(1, 3); // rows 64 .. 127, of which 36 exist
  CHECK(!edge.full());
  CHECK(edge.valid(0) == 36);
  CHECK(edge.valid(1) == 32);
  CHECK(edge.remaining<0>() == 36);
  CHECK(edge.contains(35, 31));
  CHECK(!edge.contains(36, 0));
  CHECK(edge.row(35).valid == 32);
  CHECK(edge.row(36).valid == 0);
  CHECK(edge.row(35).tensor.data() == p + 99 * 132 + 96);
  CHECK(&edge.tensor()(35, 31) == &x(99, 127));

  auto past = x.tile<64, 32>(2, 0); // past the end: nothing exists
  CHECK(past.empty());
  CHECK(past.valid(0) == 0);
  CHECK(!past.contains(0, 0));
  CHECK(past.row(0).valid == 0);

  // a ragged innermost mode and a rank-1 tile's bound
  using V = DynTensor<float, Extents<dyn>>;
  auto v = decl_tensor<V>(p, {1000});
  auto last = v.tile<256>(3);
  CHECK(last.valid(0) == 232);
  CHECK(last.bound().limit == 232);
  static_assert(is_tensor_v<decltype(last.tensor())> && decltype(last.tensor())::align == 4);
  auto d3 = decl_tensor<Dyn3>(p, {3, 5, 37}, {5 * 40, 40, 1});
  auto t = d3.tile<2, 4, 32>(1, 1, 1); // (2..3, 4..7, 32..63): 1 x 1 x 5 exist
  CHECK(t.valid(0) == 1);
  CHECK(t.valid(1) == 1);
  CHECK(t.valid(2) == 5);
  CHECK(t.contains(0, 0, 4));
  CHECK(!t.contains(0, 0, 5));
  CHECK(!t.contains(1, 0, 0));
  CHECK(t.row(0, 0).valid == 5);
  CHECK(t.row(0, 1).valid == 0);
  CHECK(&t(0, 0, 4) == &d3(2, 4, 36));
}

TEST_CASE("check_values: the numbers in a failed check's message") {
  auto format = [](const char* message, auto... values) {
    char buffer[64] = {};
    const int n = detail::format_check_message([&](int i, char ch) { buffer[i] = ch; }, 64, message,
                                               values...);
    return std::string(buffer, static_cast<size_t>(n));
  };
  CHECK(format("index {} of mode {} lies outside 0..{}", 130LL, 1, 127LL) ==
        "index 130 of mode 1 lies outside 0..127");
  CHECK(format("{} and {}", -5, 0) == "-5 and 0");
  CHECK(format("min {}", -9223372036854775807LL - 1) == "min -9223372036854775808");
  CHECK(format("no values {}") == "no values {}"); // a {} without a value stays
  CHECK(format("{}{}", 1, 23) == "123");
  const std::string cut =
      format("0123456789012345678901234567890123456789012345678901234567 {}", 12345);
  CHECK(cut.size() == 63); // capacity - 1: room for the NUL
}

TEST_CASE("dyn_tensor_map: the driver's arguments of a DynTensor's map") {
  Data data(3 * 9 * 44);
  using X = DynTensor<float, Extents<dyn, dyn, dyn>, Strides<dyn, dyn, 1>, 16>;
  auto x = decl_tensor<X>(data.aligned(), {3, 9, 40}, {9 * 44, 44, 1});
  constexpr TileLayout swizzled = row_major(shape(2, 8, 32)) ^ swizzle_for(SwizzleMode::b128, 4);
  const TmaEncoding e = tma_encoding_of<shape(2, 8, 32), swizzled>(x);
  CHECK(e.rank == 3);
  CHECK(e.dtype == static_cast<int>(TmaDtype::float32));
  CHECK(e.address == data.aligned());
  CHECK(e.dims[0] == 40); // innermost first, as the driver counts
  CHECK(e.dims[1] == 9);
  CHECK(e.dims[2] == 3);
  CHECK(e.strides[0] == 44 * 4); // bytes, modes 1 and 2
  CHECK(e.strides[1] == 9 * 44 * 4);
  CHECK(e.box[0] == 32);
  CHECK(e.box[1] == 8);
  CHECK(e.box[2] == 2);
  CHECK(e.swizzle == static_cast<int>(SwizzleMode::b128));
  using MapType = dyn_tensor_map_t<float, shape(2, 8, 32), swizzled>;
  static_assert(MapType::rank == 3 && MapType::box_bytes == 2 * 8 * 32 * 4);

  // static modes among run-time ones, rank 5
  using Y = DynTensor<float, Extents<dyn, 2, dyn, 3, dyn>, Strides<dyn, dyn, dyn, 24, 1>, 16>;
  auto y = decl_tensor<Y>(data.aligned(), {2, 2, 6, 3, 20}, {920, 456, 76, 24, 1});
  const TmaEncoding f = tma_encoding_of<shape(1, 2, 4, 3, 16)>(y);
  CHECK(f.rank == 5);
  CHECK(f.dims[4] == 2);
  CHECK(f.dims[3] == 2);
  CHECK(f.dims[1] == 3);
  CHECK(f.strides[0] == 24 * 4);
  CHECK(f.strides[3] == 920 * 4);

  // a run-time row stride the TMA unit cannot step by: refused at run time
  using Z = DynTensor<float, Extents<dyn, dyn>, Strides<dyn, 1>>;
  auto z = decl_tensor<Z>(data.aligned(), {4, 5}, {5, 1});
  CHECK_THROWS_AS(tma_encoding_of<shape(4, 4)>(z), std::invalid_argument);
  CHECK_THROWS_WITH(tma_encoding_of<shape(4, 4)>(z),
                    Catch::Contains("the stride of mode 0 is 5 elements = 20 bytes"));
}
