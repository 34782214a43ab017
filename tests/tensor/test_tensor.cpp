// Host tests of the tensor layer: Tensor element access, views (view<dims>,
// view<U>, permute, rearrange, sub), decl_tensor, alloc_local, SMEMPool
// planning, scalar/let and ramp/vec, on host arrays (the headers compile
// with g++).
//
// Every view is checked against a brute-force reference over ALL of its
// elements: the address of view(i...) must be the address of base(j...) with
// j computed by hand from i. Element access itself is checked against an
// independent evaluation of the layout (ref_offset, written from the rules in
// tile_layout.hpp). The randomized part ("fuzz") draws layouts, shapes and
// view arguments from a fixed seed at compile time (they are template
// arguments) and run-time indices from std::mt19937_64 with a fixed seed.
// Run-time checks on, whatever the build type: they must never fire here.
#define TIRX_DEBUG_CHECKS 1
#include <tirx/tile.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <utility>
#include <vector>

using namespace tirx;
using namespace tirx::literals;

namespace {

// ============================================================================
// Reference machinery
// ============================================================================

using Idx = std::array<index_t, max_rank>;

/// The memory offset of flat index `flat` under layout l, computed from the
/// rules (not with tirx::apply): split flat row-major over the shard
/// extents, add coordinate x stride of every iter on m, add the m offset,
/// then swizzle: with x = m >> M, bits [S, S+B) of x are XORed into [0, B).
index_t ref_offset(const TileLayout& l, index_t flat) {
  index_t m = 0;
  for (int k = l.rank - 1; k >= 0; --k) {
    const Iter& it = l.shard[k];
    const index_t coord = flat % it.extent;
    flat /= it.extent;
    if (it.axis == axes::m)
      m += coord * it.stride;
  }
  for (int i = 0; i < l.noffset; ++i)
    if (l.offset[i].axis == axes::m)
      m += l.offset[i].value;
  if (l.swz.bits > 0) {
    const index_t low = m & ((index_t{1} << l.swz.base) - 1);
    index_t x = m >> l.swz.base;
    x ^= (x >> l.swz.shift) & ((index_t{1} << l.swz.bits) - 1);
    m = (x << l.swz.base) | low;
  }
  return m;
}

index_t flat_of(const Shape& s, const Idx& i) {
  index_t f = 0;
  for (int d = 0; d < s.rank; ++d)
    f = f * s.dims[d] + i[static_cast<std::size_t>(d)];
  return f;
}

Idx unflat(const Shape& s, index_t f) {
  Idx i{};
  for (int d = s.rank - 1; d >= 0; --d) {
    i[static_cast<std::size_t>(d)] = f % s.dims[d];
    f /= s.dims[d];
  }
  return i;
}

/// printf into a std::string (for failure messages).
__attribute__((format(printf, 1, 2))) std::string fmt(const char* format, ...) {
  char buf[256];
  va_list args;
  va_start(args, format);
  std::vsnprintf(buf, sizeof buf, format, args);
  va_end(args);
  return buf;
}

std::string str(const Idx& i, int rank) {
  std::string s = "(";
  for (int d = 0; d < rank; ++d) {
    if (d)
      s += ", ";
    s += std::to_string(i[static_cast<std::size_t>(d)]);
  }
  s += ")";
  return s;
}

/// The address of t(i[0], ..., i[rank-1]).
template <class Tens> const void* addr(const Tens& t, const Idx& i) {
  return [&]<std::size_t... I>(std::index_sequence<I...>)->const void* { return &t(i[I]...); }
  (std::make_index_sequence<static_cast<std::size_t>(Tens::rank)>{});
}

/// The addresses of all elements of t, in row-major order of its shape.
/// (The only per-type code of the checks below: keeps compile time low.)
template <class Tens> std::vector<const void*> addresses(const Tens& t) {
  const Shape s = Tens::shape();
  std::vector<const void*> out(static_cast<std::size_t>(s.size()));
  for (index_t f = 0; f < s.size(); ++f)
    out[static_cast<std::size_t>(f)] = addr(t, unflat(s, f));
  return out;
}

/// Counts disagreements and keeps the first one for the failure message.
struct Mismatches {
  long long count = 0;
  long long checked = 0;
  std::string first;
  void expect(bool ok, const std::string& what) {
    ++checked;
    if (!ok && count++ == 0)
      first = what;
  }
  template <class F> void expect_lazy(bool ok, F&& what) {
    ++checked;
    if (!ok && count++ == 0)
      first = what();
  }
};

#define REQUIRE_NO_MISMATCH(mm)                                                                    \
  do {                                                                                             \
    const Mismatches& mm_ = (mm);                                                                  \
    INFO(mm_.count << " of " << mm_.checked << " elements differ; first: " << mm_.first);          \
    REQUIRE(mm_.checked > 0);                                                                      \
    REQUIRE(mm_.count == 0);                                                                       \
  } while (0)

using IndexMap = std::function<Idx(const Idx&)>;

/// view element i (row-major over view_shape) must sit where base element
/// map(i) sits.
Mismatches compare_places(const std::vector<const void*>& view, const Shape& view_shape,
                          const std::vector<const void*>& base, const Shape& base_shape,
                          const IndexMap& map) {
  Mismatches mm;
  for (index_t f = 0; f < view_shape.size(); ++f) {
    const Idx i = unflat(view_shape, f);
    const Idx j = map(i);
    const index_t g = flat_of(base_shape, j);
    bool inside = g >= 0 && g < base_shape.size();
    for (int d = 0; d < base_shape.rank; ++d)
      inside = inside && j[static_cast<std::size_t>(d)] >= 0 &&
               j[static_cast<std::size_t>(d)] < base_shape.dims[d];
    const void* a = view[static_cast<std::size_t>(f)];
    const void* b = inside ? base[static_cast<std::size_t>(g)] : nullptr;
    mm.expect_lazy(inside && a == b, [&] {
      std::string m = "view";
      m += str(i, view_shape.rank);
      if (!inside)
        return m + " maps outside the base: " + str(j, base_shape.rank);
      m += " is ";
      m += std::to_string(static_cast<const char*>(a) - static_cast<const char*>(b));
      m += " bytes from base";
      m += str(j, base_shape.rank);
      return m;
    });
  }
  return mm;
}

/// Every element of `view` sits where `map(i)` (an index of `base`) sits.
template <class View, class Base>
Mismatches same_places(const View& view, const Base& base, const IndexMap& map) {
  return compare_places(addresses(view), View::shape(), addresses(base), Base::shape(), map);
}

/// Element f (row-major) sits at data + ref_offset(l, f) elements of elem_bytes.
Mismatches compare_layout(const std::vector<const void*>& got, const void* data, index_t elem_bytes,
                          const TileLayout& l, const Shape& s) {
  Mismatches mm;
  for (index_t f = 0; f < s.size(); ++f) {
    const index_t want = ref_offset(l, f);
    const index_t lib = apply(l, f)[axes::m]; // tirx's own value-level evaluator
    const index_t bytes =
        static_cast<const char*>(got[static_cast<std::size_t>(f)]) - static_cast<const char*>(data);
    const index_t off = bytes / elem_bytes;
    mm.expect_lazy(bytes == off * elem_bytes && off == want && lib == want, [&] {
      std::string m = "element";
      m += str(unflat(s, f), s.rank);
      m += fmt(" at offset %lld, apply() says %lld, expected %lld", off, lib, want);
      return m;
    });
  }
  return mm;
}

/// Every element of t sits at data() + ref_offset(layout, flat index).
template <class Tens> Mismatches follows_layout(const Tens& t) {
  return compare_layout(addresses(t), t.data(), sizeof(typename Tens::value_type), Tens::layout(),
                        Tens::shape());
}

/// A zeroed buffer that covers every offset of a layout (plus slack).
template <class T = float> std::vector<T> buffer_for(const TileLayout& l) {
  return std::vector<T>(static_cast<std::size_t>(span(l) + l.offset_on(axes::m) + 64));
}

constexpr TileLayout reg_layout = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;
constexpr TileLayout case_study =
    layout_of<"S[(8, 2, 4, 2) : (4@laneid, 1@warpid, 1@laneid, 1)] + R[2 : 4@warpid] + 5@warpid">;
constexpr TileLayout swizzled_halves = S(8, 64) ^ swizzle_for(SwizzleMode::b128, 2);

std::uint32_t bits_of(half h) {
  std::uint16_t u;
  std::memcpy(&u, &h, 2);
  return u;
}

} // namespace

// ============================================================================
// Types: what the docs say they are
// ============================================================================

namespace type_checks {
using A256 = GlobalTensor<float, ShapeT<256>, 16>;
using Matrix = decltype(A256{}.view<64, 4>());
using Transposed = decltype(Matrix{}.permute<1, 0>());
using Grouped =
    decltype(Matrix{}.rearrange<"(warp lane) value -> warp lane value", "warp=2 lane=32">());
using Row = decltype(Matrix{}.sub(1, _));
using Column = decltype(Matrix{}.sub(_, 1));

static_assert(std::is_same_v<A256, Tensor<float, ShapeT<256>, MemScope::global, 16,
                                          row_major_t<ShapeT<256>>, PointerStorage<float>>>);
static_assert(A256::layout() == S(256));
static_assert(Matrix::shape() == shape(64, 4) && Matrix::layout() == S(256) && Matrix::align == 16);
static_assert(Transposed::shape() == shape(4, 64));
static_assert(decltype(A256{}.view<64, 4>().permute<1, 0>())::shape() == shape(4, 64));
static_assert(Transposed::layout() == S({4, 64}, {1, 4}));
static_assert(Grouped::shape() == shape(2, 32, 4));
static_assert(Grouped::layout() == S(2, 32, 4));
static_assert(Row::shape() == shape(4) && Row::align == 16); // rows are 16 bytes apart
static_assert(Column::shape() == shape(64) && Column::align == 4 &&
              Column::layout() == S({64}, {4}));
static_assert(
    std::is_same_v<decltype(Matrix{}.sub(c<1>, _)), decltype(Matrix{}.sub(c<1>, range<0, 4>))>);
static_assert(decltype(Matrix{}.sub(c<1>, _))::layout() ==
              S(4) + Term{4}); // a static index is an offset
static_assert(decltype(Matrix{}.sub(range<8, 64, 8>, range<1, 4, 2>))::shape() == shape(7, 2));
static_assert(decltype(Matrix{}.sub(range<8, 64, 8>, range<1, 4, 2>))::layout() ==
              S({7, 2}, {32, 2}) + Term{33});
static_assert(decltype(Matrix{}.sub(range_from<4>(0), _))::shape() == shape(4, 4));
static_assert(std::is_same_v<A256::element_type, float> && A256::scope == MemScope::global &&
              A256::rank == 1);
static_assert(std::is_same_v<A256::index_type, int>);
static_assert(std::is_same_v<GlobalTensor<float, ShapeT<65536, 65536>>::index_type, long long>);
static_assert(std::is_same_v<decltype(decl_tensor<A256>(nullptr)), A256>);

// view<U>
using Halves = Tensor<half, ShapeT<8>, MemScope::local, 16>;
static_assert(decltype(Halves{}.view<uint32>())::shape() == shape(4));
static_assert(std::is_same_v<decltype(Halves{}.view<uint32>())::element_type, uint32>);
static_assert(decltype(GlobalTensor<float, ShapeT<3, 4>>{}.view<uint16>())::shape() == shape(3, 8));
static_assert(decltype(GlobalTensor<float, ShapeT<3, 4>>{}.view<uint16>())::layout() ==
              S({3, 4, 2}, {8, 2, 1})); // each float split into 2 consecutive halves
using Swz = Tensor<half, ShapeT<8, 64>, MemScope::shared, 16, layout_type<swizzled_halves>>;
static_assert(decltype(Swz{}.view<uint32>())::shape() == shape(8, 32));
static_assert(decltype(Swz{}.view<uint32>())::layout() ==
              (S(8, 32) ^ swizzle_for(SwizzleMode::b128, 4)));
static_assert(decltype(Swz{}.view<float4>())::layout() ==
              (S(8, 8) ^ swizzle_for(SwizzleMode::b128, 16)));
static_assert(
    std::is_same_v<decltype(GlobalTensor<const half, ShapeT<8>>{}.view<uint32>())::element_type,
                   const uint32>);

// alloc_local: each thread holds storage(layout)'s reach on m
using Regs = decltype(alloc_local<float, shape(2, 32, 3, 4), reg_layout>());
static_assert(sizeof(Regs) == 48 && alignof(Regs) == 16 && Regs::align == 16);
static_assert(Regs::scope == MemScope::local && Regs::shape() == shape(2, 32, 3, 4) &&
              Regs::layout() == reg_layout);
static_assert(sizeof(decltype(alloc_local<float, shape(4)>())) == 16);
static_assert(sizeof(decltype(alloc_local<half, shape(8)>())) == 16);
static_assert(sizeof(decltype(alloc_local<float, shape(3)>())) == 12);
static_assert(sizeof(decltype(alloc_local<float, shape(8, 16), case_study>())) ==
              8); // 2 per thread
static_assert(sizeof(decltype(alloc_local<float, shape(4), S(4) + Term{2}>())) == 24); // offset 2
static_assert(
    sizeof(decltype(alloc_local<float, ShapeT<2, 32, 3, 4>, layout_type<reg_layout>>())) == 48);

// scalar / let
static_assert(std::is_same_v<let<int>, const int>);
static_assert(scalar<float>::shape() == shape(1) && scalar<float>::scope == MemScope::local);
static_assert(sizeof(scalar<float>) == sizeof(float));
} // namespace type_checks

// ============================================================================
// Element access
// ============================================================================

TEST_CASE("element access follows the layout", "[tensor][access]") {
  SECTION("row-major, padded, offset, column-major, odd extents") {
    auto check = [](auto tag) {
      using Tens = typename decltype(tag)::type;
      auto buf = buffer_for(Tens::layout());
      Tens t{buf.data()};
      REQUIRE_NO_MISMATCH(follows_layout(t));
    };
    check(std::type_identity<GlobalTensor<float, ShapeT<2, 3, 4>>>{});
    check(std::type_identity<GlobalTensor<float, ShapeT<3, 5, 7>>>{});
    check(std::type_identity<
          GlobalTensor<float, ShapeT<4, 8>, 4, layout_type<S({4, 8}, {10, 1})>>>{});
    check(
        std::type_identity<GlobalTensor<float, ShapeT<4, 8>, 4, layout_type<S(4, 8) + Term{5}>>>{});
    check(
        std::type_identity<GlobalTensor<float, ShapeT<3, 4>, 4, layout_type<S({3, 4}, {1, 3})>>>{});
    check(std::type_identity<
          GlobalTensor<float, ShapeT<6, 4>, 4, layout_type<S({2, 4, 3}, {3, 6, 1})>>>{});
    check(std::type_identity<GlobalTensor<float, ShapeT<4, 6>, 4,
                                          layout_type<layout_of<"S[(4, 6) : (7, 1)] + 3">>>>{});
  }
  SECTION("swizzled: the 128-byte swizzle of an 8 x 64 half tile") {
    using Tens = Tensor<half, ShapeT<8, 64>, MemScope::shared, 16, layout_type<swizzled_halves>>;
    alignas(16) half buf[8 * 64];
    Tens t{buf};
    REQUIRE_NO_MISMATCH(follows_layout(t));
    // 16-byte chunk c of row r lands in chunk c ^ r
    for (int r = 0; r < 8; ++r)
      for (int ch = 0; ch < 8; ++ch)
        REQUIRE(&t(r, ch * 8) - buf == r * 64 + ((ch ^ r) * 8));
  }
  SECTION("distributed layouts: thread axes select the thread, not the slot") {
    auto regs = alloc_local<float, shape(2, 32, 3, 4), reg_layout>();
    REQUIRE_NO_MISMATCH(follows_layout(regs));
    for (int w = 0; w < 2; ++w)
      for (int l = 0; l < 32; ++l)
        for (int i = 0; i < 3; ++i)
          for (int j = 0; j < 4; ++j)
            REQUIRE(&regs(w, l, i, j) == regs.data() + 4 * i + j);
    auto as_matrix = regs.view<64, 12>();
    REQUIRE_NO_MISMATCH(follows_layout(as_matrix));
    auto cs = alloc_local<float, shape(8, 16), case_study>(); // replicas and offsets on threads
    REQUIRE_NO_MISMATCH(follows_layout(cs));
    for (int r = 0; r < 8; ++r)
      for (int col = 0; col < 16; ++col)
        REQUIRE(&cs(r, col) == cs.data() + col % 2);
  }
  SECTION("operator[], ptr_to, data(), static indices") {
    alignas(16) float a[256];
    for (int i = 0; i < 256; ++i)
      a[i] = static_cast<float>(i);
    GlobalTensor<float, ShapeT<256>, 16> A{a};
    REQUIRE(A.data() == a);
    for (int i = 0; i < 256; ++i) {
      REQUIRE(&A[i] == a + i);
      REQUIRE(A.ptr_to(i) == a + i);
      REQUIRE(A(i) == static_cast<float>(i));
    }
    auto M = A.view<64, 4>();
    REQUIRE(M(c<5>, c<3>) == 23.0f);
    REQUIRE(M.ptr_to(5, 3) == a + 23);
    REQUIRE(M(5_c, 3_c) == 23.0f);
    A[7] = -1.0f;
    REQUIRE(a[7] == -1.0f);
  }
  SECTION("owning local tensors are never copied; their views point into them") {
    auto values = alloc_local<float, shape(4)>();
    for (int k = 0; k < 4; ++k)
      values[k] = static_cast<float>(k) + 0.5f; // seed add_one_local
    static_assert(!std::is_copy_constructible_v<decltype(values)> &&
                  !std::is_move_constructible_v<decltype(values)> &&
                  !std::is_copy_assignable_v<decltype(values)>);
    static_assert(std::is_trivially_copyable_v<decltype(values.view())>);
    REQUIRE(values(1) == 1.5f);
    auto v = values.view();
    static_assert(std::is_same_v<decltype(v), Tensor<float, ShapeT<4>, MemScope::local, 16>>);
    REQUIRE(v.data() == values.data());
    v(3) = 7.0f;
    REQUIRE(values[3] == 7.0f);
    const auto& cvalues = values;
    static_assert(std::is_same_v<decltype(cvalues.view())::element_type, const float>);
    static_assert(std::is_same_v<decltype(cvalues[0]), const float&>);
  }
}

// ============================================================================
// decl_tensor
// ============================================================================

TEST_CASE("decl_tensor declares a view over an existing pointer", "[tensor][decl]") {
  alignas(16) float storage[2 * 32 * 3 * 4];
  for (int i = 0; i < 768; ++i)
    storage[i] = static_cast<float>(i);
  using RegIn = GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16>;
  auto a = decl_tensor<RegIn>(storage);
  static_assert(std::is_same_v<decltype(a), RegIn>);
  REQUIRE(a.data() == storage);
  REQUIRE(a(1, 2, 1, 3) == static_cast<float>(((1 * 32 + 2) * 3 + 1) * 4 + 3));
  // the seed's shared_view: a second view of the same elements
  auto shared_view = decl_tensor<Tensor<float, ShapeT<128>, MemScope::shared>>(storage + 128);
  shared_view(5) = -3.0f;
  REQUIRE(storage[133] == -3.0f);
  REQUIRE(decltype(shared_view)::scope == MemScope::shared);
}

// ============================================================================
// view<dims...>
// ============================================================================

TEST_CASE("view<dims...> keeps every element in place", "[tensor][view]") {
  auto check = [](const auto& base, auto tag) {
    using View = typename decltype(tag)::type;
    View v{const_cast<float*>(base.data())};
    using Base = std::remove_cvref_t<decltype(base)>;
    const Shape from = Base::shape(), to = View::shape();
    REQUIRE_NO_MISMATCH(
        same_places(v, base, [&](const Idx& i) { return unflat(from, flat_of(to, i)); }));
    REQUIRE_NO_MISMATCH(follows_layout(v));
  };
  std::vector<float> buf(4096);
  { // row-major 256 -> (64, 4) -> (2, 32, 4) -> (4, 4, 4, 4)
    GlobalTensor<float, ShapeT<256>, 16> A{buf.data()};
    check(A, std::type_identity<decltype(A.view<64, 4>())>{});
    check(A, std::type_identity<decltype(A.view<2, 32, 4>())>{});
    check(A, std::type_identity<decltype(A.view<4, 4, 4, 4>())>{});
    check(A.view<16, 16>(), std::type_identity<decltype(A.view<16, 16>().view<8, 32>())>{});
  }
  { // a padded, offset layout keeps its layout: the flat index moves, not the element
    using P = GlobalTensor<float, ShapeT<6, 10>, 4, layout_type<S({6, 10}, {16, 1}) + Term{3}>>;
    P t{buf.data()};
    check(t, std::type_identity<decltype(t.view<60>())>{});
    check(t, std::type_identity<decltype(t.view<3, 20>())>{});
    check(t, std::type_identity<decltype(t.view<2, 3, 2, 5>())>{});
    static_assert(decltype(t.view<60>())::layout() == P::layout());
  }
  { // a transposed view, then a reshape of it
    GlobalTensor<float, ShapeT<8, 6>> t{buf.data()};
    auto tr = t.permute<1, 0>();
    check(tr, std::type_identity<decltype(tr.view<48>())>{});
    check(tr, std::type_identity<decltype(tr.view<3, 2, 8>())>{});
  }
}

// ============================================================================
// view<U>
// ============================================================================

TEST_CASE("view<U> reinterprets the same bytes", "[tensor][view_type]") {
  SECTION("8 halves are 4 uint32 words with the same bits (seed)") {
    auto half_values = alloc_local<half, shape(8)>();
    for (int i = 0; i < 8; ++i)
      half_values(i) = __float2half(static_cast<float>(i) * 1.5f - 3.0f);
    auto packed_words = half_values.view<uint32>();
    static_assert(decltype(packed_words)::shape() == shape(4));
    // (Values are read and written with memcpy through the views' addresses:
    // on the host, reading a half object through a uint32 lvalue breaks strict
    // aliasing, and g++ -O3 exploits that.)
    for (int k = 0; k < 4; ++k) {
      INFO("word " << k);
      REQUIRE(static_cast<const void*>(&packed_words(k)) ==
              static_cast<const void*>(&half_values(2 * k)));
      std::uint32_t word;
      std::memcpy(&word, &packed_words(k), 4);
      // little endian: element 2k is the low half of word k
      REQUIRE(word == (bits_of(half_values(2 * k)) | bits_of(half_values(2 * k + 1)) << 16));
    }
    const std::uint32_t minus_one_one = 0x3c00bc00u; // halves 2, 3 become -1.0, 1.0
    std::memcpy(&packed_words(1), &minus_one_one, 4);
    REQUIRE(__half2float(half_values(2)) == -1.0f);
    REQUIRE(__half2float(half_values(3)) == 1.0f);
  }
  SECTION("a float is 2 uint16 halves of its bits; a matrix keeps its rows") {
    float f[3 * 4];
    for (int i = 0; i < 12; ++i)
      f[i] = static_cast<float>(i) * 0.7f + 1e-3f;
    GlobalTensor<float, ShapeT<3, 4>> F{f};
    auto U = F.view<uint16>();
    static_assert(decltype(U)::shape() == shape(3, 8));
    Mismatches mm;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 4; ++j) {
        std::uint32_t b;
        std::uint16_t lo, hi;
        std::memcpy(&b, &F(i, j), 4);
        std::memcpy(&lo, &U(i, 2 * j), 2);
        std::memcpy(&hi, &U(i, 2 * j + 1), 2);
        mm.expect_lazy(lo == (b & 0xffffu) && hi == (b >> 16),
                       [&] { return fmt("bits of float (%d, %d)", i, j); });
        mm.expect_lazy(static_cast<const void*>(&U(i, 2 * j)) == static_cast<const void*>(&F(i, j)),
                       [&] { return fmt("address of float (%d, %d)", i, j); });
      }
    REQUIRE_NO_MISMATCH(mm);
    // and back again
    auto back = U.view<float>();
    static_assert(std::is_same_v<decltype(back), decltype(F)>);
  }
  SECTION("halves of a transposed tensor: narrowing keeps each element's bytes together") {
    float f[4 * 6] = {};
    GlobalTensor<float, ShapeT<4, 6>> F{f};
    auto T = F.permute<1, 0>(); // (6, 4), strides (1, 6)
    auto U = T.view<uint16>();  // (6, 8)
    static_assert(decltype(U)::shape() == shape(6, 8));
    Mismatches mm;
    for (int i = 0; i < 6; ++i)
      for (int j = 0; j < 8; ++j)
        mm.expect(reinterpret_cast<const char*>(&U(i, j)) ==
                      reinterpret_cast<const char*>(&T(i, j / 2)) + 2 * (j % 2),
                  fmt("U(%d, %d)", i, j));
    REQUIRE_NO_MISMATCH(mm);
  }
  SECTION("a swizzled layout: the swizzle follows the bytes") {
    alignas(128) half buf[8 * 64];
    Tensor<half, ShapeT<8, 64>, MemScope::shared, 16, layout_type<swizzled_halves>> H{buf};
    auto check_wide = [&](auto W, int ratio) {
      using WT = decltype(W);
      Mismatches mm;
      const Shape s = WT::shape();
      for (index_t f = 0; f < s.size(); ++f) {
        const Idx i = unflat(s, f);
        const char* w = reinterpret_cast<const char*>(&W(i[0], i[1]));
        for (int k = 0; k < ratio; ++k) {
          const char* h = reinterpret_cast<const char*>(&H(i[0], i[1] * ratio + k));
          mm.expect_lazy(h == w + 2 * k,
                         [&] { return fmt("wide(%lld, %lld) part %d", i[0], i[1], k); });
        }
      }
      REQUIRE_NO_MISMATCH(mm);
      REQUIRE_NO_MISMATCH(follows_layout(W));
    };
    check_wide(H.view<uint32>(), 2);
    check_wide(H.view<uint64>(), 4);
    check_wide(H.view<float4>(), 8);
    // narrower again: uint32 words seen as uint8 bytes
    auto W = H.view<uint32>();
    auto B = W.view<uint8>();
    static_assert(decltype(B)::shape() == shape(8, 128));
    Mismatches mm;
    for (int r = 0; r < 8; ++r)
      for (int b = 0; b < 128; ++b)
        mm.expect(reinterpret_cast<const char*>(&B(r, b)) ==
                      reinterpret_cast<const char*>(&H(r, b / 2)) + b % 2,
                  fmt("byte (%d, %d)", r, b));
    REQUIRE_NO_MISMATCH(mm);
  }
  SECTION("a register layout: each thread's slots are retyped") {
    auto regs =
        alloc_local<half, shape(2, 32, 8), layout_of<"S[(2, 32, 8) : (1@warpid, 1@laneid, 1)]">>();
    auto words = regs.view<uint32>(); // (2, 32, 4): 4 words per thread
    static_assert(decltype(words)::layout() ==
                  layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">);
    for (int w = 0; w < 2; ++w)
      for (int l = 0; l < 32; ++l)
        for (int k = 0; k < 4; ++k)
          REQUIRE(static_cast<const void*>(&words(w, l, k)) ==
                  static_cast<const void*>(&regs(w, l, 2 * k)));
  }
}

// ============================================================================
// permute
// ============================================================================

TEST_CASE("permute reorders modes", "[tensor][permute]") {
  SECTION("the seed: matrix.permute<1, 0>()(j, i) == matrix(i, j) == A[i * 4 + j]") {
    float a[256];
    for (int i = 0; i < 256; ++i)
      a[i] = static_cast<float>(i) * 3.0f + 1.0f;
    GlobalTensor<float, ShapeT<256>> A{a};
    auto matrix = A.view<64, 4>();
    auto transposed = matrix.permute<1, 0>();
    Mismatches mm;
    for (int i = 0; i < 64; ++i)
      for (int j = 0; j < 4; ++j) {
        mm.expect(&transposed(j, i) == &matrix(i, j) && &matrix(i, j) == &a[i * 4 + j],
                  fmt("address (%d, %d)", i, j));
        mm.expect(transposed(j, i) == a[i * 4 + j] && matrix(i, j) == a[i * 4 + j],
                  fmt("value (%d, %d)", i, j));
      }
    REQUIRE_NO_MISMATCH(mm);
  }
  SECTION("every permutation of a rank-3 and a rank-4 tensor, several layouts") {
    std::vector<float> buf(8192);
    auto all_perms3 = [&](const auto& t) {
      auto one = [&]<int P0, int P1, int P2>() {
        auto p = t.template permute<P0, P1, P2>();
        INFO("permute<" << P0 << ", " << P1 << ", " << P2 << ">");
        REQUIRE_NO_MISMATCH(same_places(p, t, [](const Idx& i) {
          Idx j{};
          j[P0] = i[0];
          j[P1] = i[1];
          j[P2] = i[2];
          return j;
        }));
        // and back: permuting by the inverse gives the original type
        constexpr int inv[3] = {P0 == 0   ? 0
                                : P1 == 0 ? 1
                                          : 2,
                                P0 == 1   ? 0
                                : P1 == 1 ? 1
                                          : 2,
                                P0 == 2   ? 0
                                : P1 == 2 ? 1
                                          : 2};
        using Back = decltype(p.template permute<inv[0], inv[1], inv[2]>());
        using Orig = std::remove_cvref_t<decltype(t)>;
        static_assert(Back::shape() == Orig::shape());
        static_assert(canonicalize(Back::layout()) == canonicalize(Orig::layout()));
      };
      one.template operator()<0, 1, 2>();
      one.template operator()<0, 2, 1>();
      one.template operator()<1, 0, 2>();
      one.template operator()<1, 2, 0>();
      one.template operator()<2, 0, 1>();
      one.template operator()<2, 1, 0>();
    };
    all_perms3(GlobalTensor<float, ShapeT<2, 3, 4>>{buf.data()});
    all_perms3(
        GlobalTensor<float, ShapeT<3, 5, 2>, 4, layout_type<S({3, 5, 2}, {1, 6, 3}) + Term{2}>>{
            buf.data()});
    // a mode made of two iters (6 = 2 x 3 placed far apart)
    all_perms3(
        GlobalTensor<float, ShapeT<6, 4, 2>, 4, layout_type<S({2, 4, 3, 2}, {100, 3, 1, 30})>>{
            buf.data()});
    auto regs = alloc_local<float, shape(2, 32, 12), reg_layout>();
    all_perms3(regs.view());

    GlobalTensor<float, ShapeT<2, 3, 4, 5>> t4{buf.data()};
    auto p = t4.permute<3, 1, 0, 2>();
    static_assert(decltype(p)::shape() == shape(5, 3, 2, 4));
    REQUIRE_NO_MISMATCH(same_places(p, t4, [](const Idx& i) {
      return Idx{i[2], i[1], i[3], i[0]};
    }));
  }
  SECTION("a swizzled tensor") {
    alignas(128) half buf[8 * 64];
    Tensor<half, ShapeT<8, 64>, MemScope::shared, 16, layout_type<swizzled_halves>> H{buf};
    auto T = H.permute<1, 0>();
    REQUIRE_NO_MISMATCH(same_places(T, H, [](const Idx& i) { return Idx{i[1], i[0]}; }));
    auto T3 = H.view<8, 8, 8>().permute<1, 0, 2>(); // chunk, row, element
    REQUIRE_NO_MISMATCH(same_places(T3, H, [](const Idx& i) {
      return Idx{i[1], i[0] * 8 + i[2]};
    }));
  }
}

// ============================================================================
// rearrange
// ============================================================================

TEST_CASE("rearrange splits, merges and reorders modes", "[tensor][rearrange]") {
  float a[256];
  for (int i = 0; i < 256; ++i)
    a[i] = static_cast<float>(i);
  GlobalTensor<float, ShapeT<256>, 16> A{a};
  auto matrix = A.view<64, 4>();

  SECTION("the seed: (warp lane) value -> warp lane value") {
    auto grouped = matrix.rearrange<"(warp lane) value -> warp lane value", "warp=2 lane=32">();
    static_assert(decltype(grouped)::shape() == shape(2, 32, 4));
    Mismatches mm;
    for (int w = 0; w < 2; ++w)
      for (int l = 0; l < 32; ++l)
        for (int j = 0; j < 4; ++j)
          mm.expect(&grouped(w, l, j) == &matrix(32 * w + l, j) &&
                        grouped(w, l, j) == a[(32 * w + l) * 4 + j],
                    fmt("grouped(%d, %d, %d)", w, l, j));
    REQUIRE_NO_MISMATCH(mm);
  }
  SECTION("inferred sizes: one size per group is enough, or none for single names") {
    auto g1 = matrix.rearrange<"(warp lane) value -> warp lane value", "warp=2">();
    auto g2 = matrix.rearrange<"(warp lane) value -> warp lane value", "lane=32">();
    auto g3 = matrix.rearrange<"(warp lane) value -> warp lane value", "warp = 2, lane = 32">();
    static_assert(decltype(g1)::shape() == shape(2, 32, 4));
    static_assert(std::is_same_v<decltype(g1), decltype(g2)> &&
                  std::is_same_v<decltype(g1), decltype(g3)>);
    auto same = matrix.rearrange<"rows cols -> rows cols">();
    static_assert(decltype(same)::shape() == decltype(matrix)::shape());
    // the same function, though not the same type: S(256) was split into S(64, 4)
    static_assert(decltype(same)::layout() == S(64, 4) && decltype(matrix)::layout() == S(256));
    REQUIRE_NO_MISMATCH(same_places(same, matrix, [](const Idx& i) { return i; }));
  }
  SECTION("merge: warp lane value -> (warp lane) value, and a full flatten") {
    auto grouped = A.view<2, 32, 4>();
    auto merged = grouped.rearrange<"warp lane value -> (warp lane) value">();
    static_assert(decltype(merged)::shape() == shape(64, 4));
    static_assert(canonicalize(decltype(merged)::layout()) == S(256));
    REQUIRE_NO_MISMATCH(same_places(merged, grouped, [](const Idx& i) {
      return Idx{i[0] / 32, i[0] % 32, i[1]};
    }));
    auto flat = grouped.rearrange<"w l v -> (w l v)">();
    static_assert(decltype(flat)::shape() == shape(256));
    REQUIRE_NO_MISMATCH(same_places(flat, A, [](const Idx& i) { return i; }));
  }
  SECTION("reorder: a transpose and a rotation") {
    auto t = matrix.rearrange<"r c -> c r">();
    static_assert(std::is_same_v<decltype(t), decltype(matrix.permute<1, 0>())>);
    auto g = A.view<2, 32, 4>();
    auto rot = g.rearrange<"w l v -> v w l">();
    static_assert(decltype(rot)::shape() == shape(4, 2, 32));
    REQUIRE_NO_MISMATCH(same_places(rot, g, [](const Idx& i) { return Idx{i[1], i[2], i[0]}; }));
  }
  SECTION("split, reorder and merge at once: (a b) (c d) -> (d a) (b c)") {
    auto m = A.view<16, 16>();
    auto r = m.rearrange<"(a b) (c d) -> (d a) (b c)", "a=4 c=2">(); // b = 4, d = 8
    static_assert(decltype(r)::shape() == shape(32, 8));
    // r(d * 4 + a, b * 2 + c) == m(a * 4 + b, c * 8 + d)
    REQUIRE_NO_MISMATCH(same_places(r, m, [](const Idx& i) {
      const index_t d = i[0] / 4, aa = i[0] % 4, b = i[1] / 2, cc = i[1] % 2;
      return Idx{aa * 4 + b, cc * 8 + d};
    }));
  }
  SECTION("on a register layout: rows become (warp, lane)") {
    auto regs = alloc_local<float, shape(64, 12), reg_layout>();
    auto g = regs.rearrange<"(w l) (r v) -> w l r v", "w=2 r=3">();
    static_assert(decltype(g)::shape() == shape(2, 32, 3, 4));
    static_assert(decltype(g)::layout() == reg_layout);
    auto t = regs.rearrange<"(w l) (r v) -> v r (w l)", "w=2 r=3">();
    REQUIRE_NO_MISMATCH(same_places(t, regs, [](const Idx& i) {
      return Idx{i[2], i[1] * 4 + i[0]};
    }));
  }
}

// ============================================================================
// sub
// ============================================================================

namespace {

/// One mode of a sub: an index (mode dropped), or a range begin + step * k.
struct ModeSel {
  bool index = false;
  index_t begin = 0;
  index_t step = 1;
};

/// sub_view(k...) sits where base(mapped...) sits.
template <class SubT, class Base>
Mismatches sub_places(const SubT& sub_view, const Base& base, const std::vector<ModeSel>& sel) {
  return same_places(sub_view, base, [&](const Idx& i) {
    Idx j{};
    std::size_t k = 0;
    for (std::size_t d = 0; d < sel.size(); ++d) {
      if (sel[d].index)
        j[d] = sel[d].begin;
      else
        j[d] = sel[d].begin + sel[d].step * i[k++];
    }
    return j;
  });
}

ModeSel at(index_t i) { return {true, i, 1}; }
ModeSel all() { return {false, 0, 1}; }
ModeSel from(index_t b, index_t step = 1) { return {false, b, step}; }

} // namespace

TEST_CASE("sub selects regions", "[tensor][sub]") {
  std::vector<float> buf(8192);
  GlobalTensor<float, ShapeT<256>, 16> A{buf.data()};
  auto matrix = A.view<64, 4>();

  SECTION("the seed: matrix.sub(i, _) is row i") {
    for (int i = 0; i < 64; ++i) {
      auto row = matrix.sub(i, _);
      static_assert(decltype(row)::shape() == shape(4));
      INFO("row " << i);
      REQUIRE_NO_MISMATCH(sub_places(row, matrix, {at(i), all()}));
      REQUIRE(row.data() == buf.data() + 4 * i);
    }
  }
  SECTION("_, c<k>, run-time ints, range<b, e, step>, range_from<n>(start)") {
    auto t = A.view<4, 8, 8>();
    REQUIRE_NO_MISMATCH(sub_places(t.sub(_, _, _), t, {all(), all(), all()}));
    REQUIRE_NO_MISMATCH(sub_places(t.sub(c<3>, _, c<5>), t, {at(3), all(), at(5)}));
    REQUIRE_NO_MISMATCH(sub_places(t.sub(2, range<1, 8, 2>, _), t, {at(2), from(1, 2), all()}));
    REQUIRE_NO_MISMATCH(
        sub_places(t.sub(range<0, 4, 2>, 7, range<4, 8>), t, {from(0, 2), at(7), from(4)}));
    for (int s = 0; s <= 4; ++s) {
      INFO("start " << s);
      REQUIRE_NO_MISMATCH(sub_places(t.sub(_, range_from<4>(s), 1), t, {all(), from(s), at(1)}));
      REQUIRE_NO_MISMATCH(sub_places(t.sub(range_from<2, 2>(s % 2), c<0>, range_from<3, 2>(s % 2)),
                                     t, {from(s % 2, 2), at(0), from(s % 2, 2)}));
    }
    // subs of subs
    auto inner = t.sub(range<1, 4>, _, range<2, 8, 2>).sub(c<1>, range<2, 6>, _);
    REQUIRE_NO_MISMATCH(sub_places(inner, t, {at(2), from(2), from(2, 2)}));
  }
  SECTION("static indices move the layout's offset, run-time ones the pointer") {
    auto element = matrix.sub(c<3>, c<2>); // rank 0: one element
    static_assert(decltype(element)::rank == 0 && decltype(element)::size() == 1);
    REQUIRE(&element() == &matrix(3, 2));
    auto row = matrix.sub(c<10>, _);
    REQUIRE(row.data() == buf.data());
    static_assert(decltype(row)::layout().offset_on(axes::m) == 40);
    auto row_rt = matrix.sub(10, _);
    REQUIRE(row_rt.data() == buf.data() + 40);
    REQUIRE(&row(2) == &row_rt(2));
  }
  SECTION("alignment after sub: the gcd of the strides a run-time index moves by") {
    static_assert(decltype(matrix.sub(1, _))::align == 16); // 16-byte rows
    static_assert(decltype(matrix.sub(_, 1))::align == 4);  // one float
    static_assert(decltype(A.view<32, 8>().sub(1, range<0, 4>))::align == 16);
    static_assert(decltype(A.view<16, 16>().sub(range_from<2>(0), _))::align == 16);
    static_assert(decltype(A.view<128, 2>().sub(1, _))::align == 8); // rows of 8 bytes
    static_assert(decltype(matrix.sub(c<1>, _))::align == 16);       // static: pointer unchanged
  }
  SECTION("a register layout: static indices on thread modes, run-time ones on memory modes") {
    auto regs = alloc_local<float, shape(2, 32, 3, 4), reg_layout>();
    auto mine = regs.sub(c<1>, c<7>, _, _); // what lane 7 of warp 1 holds: its 3 x 4 slots
    static_assert(decltype(mine)::shape() == shape(3, 4));
    static_assert(decltype(mine)::layout() == S(3, 4) + 1 * warpid + 7 * laneid);
    REQUIRE_NO_MISMATCH(sub_places(mine, regs, {at(1), at(7), all(), all()}));
    for (int i = 0; i < 3; ++i) {
      auto row = regs.sub(_, _, i, _);
      static_assert(decltype(row)::shape() == shape(2, 32, 4));
      REQUIRE_NO_MISMATCH(sub_places(row, regs, {all(), all(), at(i), all()}));
    }
    auto as_matrix = regs.view<64, 12>();
    auto warp1 = as_matrix.sub(range<32, 64>, range<4, 12>);
    static_assert(canonicalize(decltype(warp1)::layout()) ==
                  layout_of<"S[(32, 8) : (1@laneid, 1)] + 1@warpid + 4">);
    REQUIRE_NO_MISMATCH(sub_places(warp1, as_matrix, {from(32), from(4)}));
    auto even_lanes = as_matrix.sub(range<0, 64, 2>, 5);
    REQUIRE_NO_MISMATCH(sub_places(even_lanes, as_matrix, {from(0, 2), at(5)}));
  }
  SECTION("a swizzled tensor with static indices and ranges") {
    alignas(128) half hb[8 * 64];
    Tensor<half, ShapeT<8, 64>, MemScope::shared, 16, layout_type<swizzled_halves>> H{hb};
    REQUIRE_NO_MISMATCH(sub_places(H.sub(c<3>, _), H, {at(3), all()}));
    REQUIRE_NO_MISMATCH(
        sub_places(H.sub(range<2, 8, 2>, range<8, 64, 8>), H, {from(2, 2), from(8, 8)}));
    REQUIRE_NO_MISMATCH(sub_places(H.sub(_, range<16, 24>), H, {all(), from(16)}));
  }
  SECTION("a swizzled ring: run-time indices of whole swizzle repeats move the pointer") {
    // 3 stages of (16, 64) halves, 128-byte swizzled: a stage is 2048 bytes, two repeats
    constexpr TileLayout ring_layout = S(3, 16, 64) ^ swizzle_for(SwizzleMode::b128, 2);
    alignas(1024) static half rb[3 * 16 * 64];
    Tensor<half, ShapeT<3, 16, 64>, MemScope::shared, 1024, layout_type<ring_layout>> R{rb};
    for (int s = 0; s < 3; ++s) {
      auto stage = R.sub(s, _, _);
      static_assert(decltype(stage)::layout() == (S(16, 64) ^ swizzle_for(SwizzleMode::b128, 2)));
      static_assert(decltype(stage)::align == 1024);
      CHECK(stage.data() == rb + s * 16 * 64);
      REQUIRE_NO_MISMATCH(sub_places(stage, R, {at(s), all(), all()}));
      // a run-time range of whole atoms (8 rows: 1024 bytes) within a stage
      auto atoms = stage.view<2, 8, 64>();
      const int a = s % 2;
      auto atom = atoms.sub(a, _, _);
      static_assert(decltype(atom)::align == 1024);
      REQUIRE_NO_MISMATCH(sub_places(atom, atoms, {at(a), all(), all()}));
    }
  }
}

// ============================================================================
// Randomized: layouts, shapes and view arguments from a fixed seed
// ============================================================================

namespace fuzz {

constexpr std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

struct CRand {
  std::uint64_t s;
  constexpr index_t below(index_t n) {
    s = splitmix(s);
    return static_cast<index_t>(s % static_cast<std::uint64_t>(n));
  }
};

enum Kind : int { dyn_index, keep_all, static_index, static_range, dyn_range };

/// One random case: a layout of 1..5 iters in a random memory order (some
/// padded, some on laneid/warpid, an offset), whose consecutive iters are
/// grouped into the modes of `shape`; a permutation; and per mode what sub()
/// selects (run-time indices only where the mode is on memory alone).
struct Case {
  TileLayout layout{};
  Shape shape{};
  Shape iters{}; ///< the shard extents: the finest shape the layout has
  int perm[max_rank] = {};
  int kind[max_rank] = {};
  index_t begin[max_rank] = {}; ///< static index / range begin
  index_t count[max_rank] = {}; ///< range length (static and run-time ranges)
  index_t step[max_rank] = {};
  int downgraded = 0; ///< ranges replaced by `_` because slice() refused them
};

constexpr Case make_case(int seed) {
  CRand r{0x5eed0000ull + static_cast<std::uint64_t>(seed) * 7919u};
  Case c{};
  const index_t choices[] = {2, 3, 4, 5, 6, 8};
  const int n = 1 + static_cast<int>(r.below(5));
  index_t ext[5] = {};
  for (int i = 0; i < n; ++i)
    ext[i] = choices[r.below(6)];
  // a quarter of the iters spread over threads: they select a thread, not a slot
  Axis axis[5] = {};
  for (int i = 0; i < n; ++i)
    axis[i] = r.below(4) == 0 ? (r.below(2) == 0 ? axes::laneid : axes::warpid) : axes::m;
  // memory order: a random permutation of the iters, innermost first
  int order[5] = {0, 1, 2, 3, 4};
  for (int i = n - 1; i > 0; --i) {
    const int j = static_cast<int>(r.below(i + 1));
    const int t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  index_t stride[5] = {};
  index_t st = 1;
  for (int k = 0; k < n; ++k) {
    if (!(axis[order[k]] == axes::m)) {
      stride[order[k]] = 1 + r.below(2);
      continue;
    }
    stride[order[k]] = st;
    st = st * ext[order[k]] + (r.below(4) == 0 ? r.below(3) + 1 : 0); // sometimes padded
  }
  for (int i = 0; i < n; ++i)
    c.layout.push_shard(Iter{ext[i], stride[i], axis[i]});
  c.layout.add_offset(Term{r.below(4)});
  c.iters = c.layout.shard_shape();
  // modes: consecutive groups of iters
  for (int i = 0; i < n;) {
    int len = 1 + static_cast<int>(r.below(n - i < 2 ? 1 : 2));
    index_t e = 1;
    for (int k = 0; k < len; ++k)
      e *= ext[i + k];
    c.shape.dims[c.shape.rank++] = e;
    i += len;
  }
  const int rank = c.shape.rank;
  for (int d = 0; d < rank; ++d)
    c.perm[d] = d;
  for (int d = rank - 1; d > 0; --d) {
    const int j = static_cast<int>(r.below(d + 1));
    const int t = c.perm[d];
    c.perm[d] = c.perm[j];
    c.perm[j] = t;
  }
  const GroupedLayout g = group(c.layout, c.shape);
  for (int d = 0; d < rank; ++d) {
    const index_t dim = c.shape.dims[d];
    c.kind[d] = static_cast<int>(r.below(5));
    c.step[d] = 1;
    c.count[d] = 1;
    if (c.kind[d] == static_index)
      c.begin[d] = r.below(dim);
    if (c.kind[d] == static_range || c.kind[d] == dyn_range) {
      c.step[d] = 1 + r.below(dim > 3 ? 3 : 1);
      const index_t max_count = (dim - 1) / c.step[d] + 1;
      c.count[d] = 1 + r.below(max_count);
      const index_t reach = (c.count[d] - 1) * c.step[d];
      if (c.kind[d] == static_range)
        c.begin[d] = r.below(dim - reach);
    }
    bool on_threads = false; // run-time indices select along memory only
    for (int i = g.bound[d]; i < g.bound[d + 1]; ++i)
      on_threads =
          on_threads || (!(g.layout.shard[i].axis == axes::m) && g.layout.shard[i].extent > 1);
    if (on_threads && c.kind[d] == dyn_index) {
      c.kind[d] = static_index;
      c.begin[d] = r.below(dim);
    }
    if (on_threads && c.kind[d] == dyn_range) {
      c.kind[d] = static_range;
      c.begin[d] = r.below(dim - (c.count[d] - 1) * c.step[d]);
    }
    if (c.kind[d] == dyn_range) { // a run-time range needs a mode of one memory stride
      TileLayout mode{};
      for (int i = g.bound[d]; i < g.bound[d + 1]; ++i)
        mode.push_shard(g.layout.shard[i]);
      if (canonicalize(mode).rank > 1) {
        c.kind[d] = keep_all;
        ++c.downgraded;
      }
    }
  }
  // a static range that slice() cannot express becomes `_` (checked one at a time)
  for (int d = 0; d < rank; ++d) {
    if (c.kind[d] != static_range && c.kind[d] != dyn_range)
      continue;
    SliceSpec spec[max_rank] = {};
    for (int e = 0; e < rank; ++e)
      spec[e] = SliceSpec{false, 0, c.shape.dims[e], 1};
    spec[d] = SliceSpec{false, c.kind[d] == static_range ? c.begin[d] : 0, c.count[d], c.step[d]};
    if (!slice(c.layout, c.shape, spec).ok) {
      c.kind[d] = keep_all;
      ++c.downgraded;
    }
  }
  return c;
}

/// The argument of sub() for mode D of case C; run-time values from rng.
template <const Case& C, int D> auto sub_arg(std::mt19937_64& rng, ModeSel& sel) {
  constexpr int kind = C.kind[D];
  constexpr index_t dim = C.shape.dims[D];
  if constexpr (kind == dyn_index) {
    const auto i = static_cast<index_t>(rng() % static_cast<std::uint64_t>(dim));
    sel = at(i);
    return i;
  } else if constexpr (kind == keep_all) {
    sel = all();
    return _;
  } else if constexpr (kind == static_index) {
    sel = at(C.begin[D]);
    return c<C.begin[D]>;
  } else if constexpr (kind == static_range) {
    sel = from(C.begin[D], C.step[D]);
    return range<C.begin[D], C.begin[D] + (C.count[D] - 1) * C.step[D] + 1, C.step[D]>;
  } else {
    constexpr index_t reach = (C.count[D] - 1) * C.step[D];
    const auto b = static_cast<index_t>(rng() % static_cast<std::uint64_t>(dim - reach));
    sel = from(b, C.step[D]);
    return range_from<C.count[D], C.step[D]>(b);
  }
}

struct Stats {
  int cases = 0;
  int with_threads = 0; ///< cases whose layout has laneid/warpid iters
  long long elements = 0;
  int downgraded = 0;
};

template <const Case& C> void run_case(int seed, std::mt19937_64& rng, Stats& stats) {
  using Base = GlobalTensor<float, shape_type<C.shape>, 4, layout_type<C.layout>>;
  constexpr int rank = C.shape.rank;
  auto buf = buffer_for(C.layout);
  Base t{buf.data()};
  INFO("fuzz case " << seed << ": layout with " << C.layout.rank << " iters, shape rank " << rank);
  ++stats.cases;
  stats.downgraded += C.downgraded;
  stats.with_threads += C.layout.has_thread_axis() ? 1 : 0;

  auto tally = [&](const Mismatches& mm) {
    stats.elements += mm.checked;
    REQUIRE_NO_MISMATCH(mm);
  };
  tally(follows_layout(t));
  // view: flat, and the finest shape (one mode per iter)
  tally(same_places(t.template view<C.shape.size()>(), t,
                    [](const Idx& i) { return unflat(C.shape, i[0]); }));
  auto fine = [&]<int... I>(std::integer_sequence<int, I...>) {
    return t.template view<C.iters.dims[I]...>();
  }
  (std::make_integer_sequence<int, C.iters.rank>{});
  tally(same_places(fine, t, [](const Idx& i) { return unflat(C.shape, flat_of(C.iters, i)); }));
  // permute, and a flat view of the permuted tensor
  auto p = [&]<int... I>(std::integer_sequence<int, I...>) {
    return t.template permute<C.perm[I]...>();
  }
  (std::make_integer_sequence<int, rank>{});
  auto unpermute = [](const Idx& i) {
    Idx j{};
    for (int d = 0; d < rank; ++d)
      j[static_cast<std::size_t>(C.perm[d])] = i[static_cast<std::size_t>(d)];
    return j;
  };
  tally(same_places(p, t, unpermute));
  using P = decltype(p);
  tally(same_places(p.template view<C.shape.size()>(), t,
                    [&](const Idx& i) { return unpermute(unflat(P::shape(), i[0])); }));
  // sub with this case's argument kinds; fresh run-time values each round
  for (int round = 0; round < 8; ++round) {
    std::vector<ModeSel> sel(static_cast<std::size_t>(rank));
    auto s = [&]<int... D>(std::integer_sequence<int, D...>) {
      return t.sub(sub_arg<C, D>(rng, sel[D])...);
    }
    (std::make_integer_sequence<int, rank>{});
    tally(sub_places(s, t, sel));
  }
}

// 32 cases, each a distinct set of tensor types (about 0.3 s of compile time each)
template <int Seed> constexpr Case case_v = make_case(Seed);

template <int... Seeds>
void run_all(std::integer_sequence<int, Seeds...>, std::mt19937_64& rng, Stats& stats) {
  (run_case<case_v<Seeds>>(Seeds, rng, stats), ...);
}

} // namespace fuzz

TEST_CASE("randomized views and subs over random layouts (fixed seeds)", "[tensor][fuzz]") {
  std::mt19937_64 rng(20261130);
  fuzz::Stats stats;
  fuzz::run_all(std::make_integer_sequence<int, 32>{}, rng, stats);
  std::printf(
      "test_tensor fuzz: %d cases (%d with thread iters), %lld elements compared, %d ranges "
      "replaced by _\n",
      stats.cases, stats.with_threads, stats.elements, stats.downgraded);
  INFO(stats.cases << " cases, " << stats.elements << " elements compared, " << stats.downgraded
                   << " ranges replaced by _");
  REQUIRE(stats.cases == 32);
  REQUIRE(stats.elements > 10000);
  REQUIRE(stats.downgraded < 24); // most ranges are kept
  REQUIRE(stats.with_threads >= 4);
}

// ============================================================================
// alloc_local
// ============================================================================

TEST_CASE("alloc_local holds storage(layout) per thread", "[tensor][alloc_local]") {
  auto regs = alloc_local<float, shape(2, 32, 3, 4), reg_layout>();
  static_assert(sizeof(regs) == 48); // 12 floats per thread (3 x 4), 16-byte aligned
  REQUIRE(reinterpret_cast<std::uintptr_t>(regs.data()) % 16 == 0);
  // every (i, j) slot is distinct and the 12 slots cover the array
  bool seen[12] = {};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j) {
      const auto slot = &regs(0, 0, i, j) - regs.data();
      REQUIRE(slot >= 0);
      REQUIRE(slot < 12);
      REQUIRE_FALSE(seen[slot]);
      seen[slot] = true;
    }
  // the add_one seed, on the host for one thread: load, add one, store
  float in[768], out[768];
  for (int i = 0; i < 768; ++i)
    in[i] = static_cast<float>(i);
  auto A = decl_tensor<GlobalTensor<float, ShapeT<2, 32, 3, 4>>>(in);
  auto B = decl_tensor<GlobalTensor<float, ShapeT<2, 32, 3, 4>>>(out);
  for (int w = 0; w < 2; ++w)
    for (int l = 0; l < 32; ++l) {
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 4; ++j)
          regs(w, l, i, j) = A(w, l, i, j);
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 4; ++j)
          regs(w, l, i, j) += 1.0f;
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 4; ++j)
          B(w, l, i, j) = regs(w, l, i, j);
    }
  for (int i = 0; i < 768; ++i)
    REQUIRE(out[i] == in[i] + 1.0f);
}

// ============================================================================
// SMEMPool
// ============================================================================

namespace {
/// Several allocations of different sizes and alignments. As in TIRx, a
/// tensor is aligned only when asked; its type claims its element's
/// alignment otherwise.
struct Planned {
  Tensor<float, ShapeT<3>, MemScope::shared_dyn, 4> a;
  Tensor<half, ShapeT<8>, MemScope::shared_dyn, 128> b;
  Tensor<double, ShapeT<5>, MemScope::shared_dyn, 8> c;
  Tensor<half, ShapeT<8, 64>, MemScope::shared_dyn, 1024, layout_type<swizzled_halves>> d;
  Tensor<float, ShapeT<2>, MemScope::shared_dyn, 4> e;
};
constexpr Planned plan_mixed(SMEMPool& pool) {
  auto a = pool.alloc<float, shape(3)>();                           // [0, 12)
  auto b = pool.alloc<half, shape(8), 128>();                       // [128, 144)
  auto c = pool.alloc<double, shape(5)>();                          // [144, 184)
  auto d = pool.alloc<half, shape(8, 64), swizzled_halves, 1024>(); // [1024, 2048)
  auto e = pool.alloc<float, shape(2)>();                           // [2048, 2056)
  pool.commit();
  return {a, b, c, d, e};
}

/// Reuse: a staging buffer, then two buffers over its bytes.
constexpr unsigned long long plan_reuse(SMEMPool& pool) {
  pool.alloc<float, shape(64)>(); // [0, 256)
  const auto mark = pool.offset();
  pool.alloc<float, shape(16)>(); // [256, 320)
  pool.move_base_to(0);
  pool.alloc<float, shape(32)>(); // [0, 128): over the first buffer
  pool.move_base_to(mark);
  pool.alloc<float, shape(8), row_major(shape(8)), 512>(); // [512, 544)
  return pool.commit();
}
} // namespace

TEST_CASE("SMEMPool plans dynamic shared memory", "[tensor][smem_pool]") {
  SECTION("bytes of a plan, at compile time") {
    static_assert(smem_bytes(plan_mixed) == 2056);
    static_assert(smem_bytes(plan_reuse) == 544);
    static_assert(smem_bytes([](SMEMPool& pool) { // the seed shared_shift_dynamic: 128 * 4 bytes
                    pool.alloc<float, shape(128)>();
                    pool.commit();
                  }) == 512);
    static_assert(smem_bytes([](SMEMPool&) {}) == 0);
    constexpr auto committed = [] {
      SMEMPool pool;
      pool.alloc<float, shape(4)>();
      const bool before = pool.is_committed();
      pool.commit();
      return !before && pool.is_committed() && pool.bytes() == 16 && pool.offset() == 16;
    }();
    STATIC_REQUIRE(committed);
  }
  SECTION("the same plan over real memory places each tensor at its offset") {
    alignas(1024) static unsigned char smem[4096];
    SMEMPool pool(smem);
    const Planned p = plan_mixed(pool);
    REQUIRE(pool.is_committed());
    REQUIRE(pool.bytes() == 2056);
    auto at = [&](const void* q) { return static_cast<const unsigned char*>(q) - smem; };
    REQUIRE(at(p.a.data()) == 0);
    REQUIRE(at(p.b.data()) == 128);
    REQUIRE(at(p.c.data()) == 144);
    REQUIRE(at(p.d.data()) == 1024);
    REQUIRE(at(p.e.data()) == 2048);
    // a planning pool gives null tensors of the same types
    SMEMPool planner;
    const Planned q = plan_mixed(planner);
    REQUIRE(q.a.data() == nullptr);
    REQUIRE(planner.bytes() == pool.bytes());
  }
  SECTION("TIRx's placement: no alignment unless asked, shape x element bytes") {
    constexpr auto offsets = [] {
      SMEMPool pool;
      std::array<unsigned long long, 4> o{};
      pool.alloc<int8, shape(3)>();
      o[0] = pool.offset(); // 3
      pool.alloc<int8, shape(5)>();
      o[1] = pool.offset(); // 8: no rounding
      pool.alloc<float, shape(2), 16>();
      o[2] = pool.offset(); // 16 + 8
      pool.move_base_to(100);
      o[3] = pool.commit(); // 100: moving the base past the end needs the bytes (TIRx)
      return o;
    }();
    STATIC_REQUIRE(offsets[0] == 3);
    STATIC_REQUIRE(offsets[1] == 8);
    STATIC_REQUIRE(offsets[2] == 24);
    STATIC_REQUIRE(offsets[3] == 100);
  }
  SECTION("move_base_to reuses earlier bytes") {
    alignas(1024) static unsigned char smem[1024];
    SMEMPool pool(smem);
    auto staging = pool.alloc<float, shape(64)>();
    auto keep = pool.alloc<float, shape(16)>();
    pool.move_base_to(0);
    auto reuse = pool.alloc<float, shape(32)>();
    REQUIRE(static_cast<void*>(reuse.data()) == static_cast<void*>(staging.data()));
    REQUIRE(static_cast<void*>(keep.data()) == static_cast<void*>(smem + 256));
    REQUIRE(pool.commit() == 320); // the high-water mark, not the last offset
  }
  SECTION("smem_layout: each allocation's offset, at compile time") {
    constexpr SMEMLayout mixed = smem_layout(plan_mixed);
    static_assert(mixed.count == 5 && mixed.bytes == 2056);
    static_assert(mixed.offset[0] == 0 && mixed.offset[1] == 128 && mixed.offset[2] == 144 &&
                  mixed.offset[3] == 1024 && mixed.offset[4] == 2048);
    constexpr SMEMLayout reuse = smem_layout(plan_reuse);
    static_assert(reuse.count == 4 && reuse.bytes == 544);
    static_assert(reuse.offset[0] == 0 && reuse.offset[1] == 256 && reuse.offset[2] == 0 &&
                  reuse.offset[3] == 512);
    static_assert(smem_layout([](SMEMPool&) {}).count == 0);
    // more allocations than it records: the first 32 offsets, every one counted
    constexpr SMEMLayout many = smem_layout([](SMEMPool& pool) {
      for (int i = 0; i < 40; ++i)
        pool.alloc<float, shape(4)>();
      pool.commit();
    });
    static_assert(many.count == 40 && many.bytes == 40 * 16);
    static_assert(many.offset[31] == 31 * 16 && SMEMLayout::max_allocs == 32);
    // the same offsets as the plan over real memory gives
    alignas(1024) static unsigned char smem[4096];
    SMEMPool pool(smem);
    const Planned p = plan_mixed(pool);
    REQUIRE(reinterpret_cast<const unsigned char*>(p.d.data()) - smem ==
            static_cast<long>(mixed.offset[3]));
  }
}

// ============================================================================
// pair_halves
// ============================================================================

TEST_CASE("pair_halves names the elements of every pair", "[tensor][pairs]") {
  SECTION("a register tile: hi is elements 1, 3, lo elements 0, 2 of the last mode") {
    constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;
    auto r = alloc_local<float, shape(2, 32, 4), reg>();
    for (int i = 0; i < 4; ++i)
      r.data()[i] = static_cast<float>(10 + i);
    auto pairs = pair_halves(r);
    static_assert(decltype(pairs.hi)::shape() == shape(2, 32, 2));
    static_assert(decltype(pairs.lo)::shape() == shape(2, 32, 2));
    CHECK(pairs.hi(0, 0, 0) == 11.0f);
    CHECK(pairs.hi(1, 7, 1) == 13.0f); // a thread's own slots, whatever its (warp, lane)
    CHECK(pairs.lo(0, 0, 0) == 10.0f);
    CHECK(pairs.lo(0, 5, 1) == 12.0f);
    pairs.lo(0, 0, 1) = -1.0f; // views: they write the tile
    CHECK(r.data()[2] == -1.0f);
  }
  SECTION("a memory tensor of any rank: element (..., 2k + 1) and (..., 2k)") {
    float storage[3 * 8];
    for (int i = 0; i < 24; ++i)
      storage[i] = static_cast<float>(i);
    const GlobalTensor<float, ShapeT<3, 8>> m{storage};
    auto [hi, lo] = pair_halves(m);
    for (int i = 0; i < 3; ++i)
      for (int k = 0; k < 4; ++k) {
        CHECK(&hi(i, k) == &m(i, 2 * k + 1));
        CHECK(&lo(i, k) == &m(i, 2 * k));
      }
    auto v = pair_halves(GlobalTensor<float, ShapeT<2>>{storage});
    CHECK(&v.hi(0) == storage + 1); // (data() is the base: the layout holds the offset)
    CHECK(&v.lo(0) == storage);
  }
}

// ============================================================================
// scalar / let
// ============================================================================

TEST_CASE("scalar and let", "[tensor][scalar]") {
  float a[256];
  for (int i = 0; i < 256; ++i)
    a[i] = static_cast<float>(i % 17) - 3.0f;
  GlobalTensor<float, ShapeT<256>> A{a};
  float b[64];
  GlobalTensor<float, ShapeT<64>> B{b};
  for (int tx = 0; tx < 64; ++tx) { // sum_four, one "thread" at a time
    let<int> base = tx * 4;
    scalar<float> total = 0.0f;
    for (int k = 0; k < 4; ++k)
      total += A[base + k];
    B[tx] = total;
  }
  for (int tx = 0; tx < 64; ++tx)
    REQUIRE(b[tx] == a[4 * tx] + a[4 * tx + 1] + a[4 * tx + 2] + a[4 * tx + 3]);

  auto s = local_scalar<float>(2.0f);
  s *= 3.0f;
  s -= 1.0f;
  s /= 5.0f;
  REQUIRE(s.value() == 1.0f);
  s = 4.0f;
  float as_value = s;
  REQUIRE(as_value == 4.0f);
  REQUIRE(s(0) == 4.0f); // a one-element tensor
  auto copy = s;
  copy += 1.0f;
  REQUIRE(s.value() == 4.0f);
  REQUIRE(copy.value() == 5.0f);
}

// ============================================================================
// ramp / vec
// ============================================================================

TEST_CASE("ramp reads and writes several elements", "[tensor][ramp]") {
  alignas(16) float a[256], b[256];
  for (int i = 0; i < 256; ++i) {
    a[i] = static_cast<float>(i) * 0.5f;
    b[i] = -1.0f;
  }
  GlobalTensor<float, ShapeT<256>, 16> A{a};
  GlobalTensor<float, ShapeT<256>, 16> B{b};
  using R1 = Ramp<Int<1>, Int<4>>;
  using R2 = Ramp<Int<2>, Int<4>>;

  SECTION("which ramps vectorize") {
    static_assert(
        tirx::detail::ramp_vectorizes<decltype(A), R1>()); // 16 bytes, 16-aligned: one float4
    static_assert(!tirx::detail::ramp_vectorizes<decltype(A), R2>()); // stride 2
    static_assert(
        !tirx::detail::ramp_vectorizes<decltype(A), Ramp<int, Int<4>>>()); // run-time stride
    static_assert(
        !tirx::detail::ramp_vectorizes<GlobalTensor<float, ShapeT<256>>, R1>()); // 4-aligned
    static_assert(
        tirx::detail::ramp_vectorizes<GlobalTensor<float, ShapeT<256>, 8>, Ramp<Int<1>, Int<2>>>());
    static_assert(!tirx::detail::ramp_vectorizes<GlobalTensor<float, ShapeT<256>, 16>,
                                                 Ramp<Int<1>, Int<3>>>());
    using Row = decltype(A.view<64, 4>().sub(3, _));
    static_assert(tirx::detail::ramp_vectorizes<Row, R1>());
    using Col = decltype(A.view<64, 4>().permute<1, 0>().sub(0, _));
    static_assert(!tirx::detail::ramp_vectorizes<Col, R1>());
    static_assert(decltype(A[ramp(0, 1_c, 4_c)])::vector);
    static_assert(!decltype(A[ramp(0, 2_c, 4_c)])::vector);
    static_assert(std::is_same_v<decltype(A[ramp(0, 1_c, 4_c)].load()), vec<float, 4>>);
    static_assert(sizeof(vec<float, 4>) == 16 && alignof(vec<float, 4>) == 16);
    static_assert(alignof(vec<float, 3>) == 4);
  }
  SECTION("add_one_vector (seed), one thread at a time") {
    for (int tx = 0; tx < 64; ++tx) {
      vec<float, 4> v = A[ramp(tx * 4, 1_c, 4_c)];
      B[ramp(tx * 4, 1_c, 4_c)] = v + 1.0f;
    }
    for (int i = 0; i < 256; ++i)
      REQUIRE(b[i] == a[i] + 1.0f);
  }
  SECTION("B[ramp] = A[ramp] copies, also between tensors of the same type") {
    static_assert(std::is_same_v<decltype(A), decltype(B)>);
    B[ramp(0, 1_c, 4_c)] = A[ramp(4, 1_c, 4_c)];  // vector
    B[ramp(8, 2_c, 4_c)] = A[ramp(20, 3_c, 4_c)]; // element by element
    for (int k = 0; k < 4; ++k) {
      REQUIRE(b[k] == a[4 + k]);
      REQUIRE(b[8 + 2 * k] == a[20 + 3 * k]);
    }
    REQUIRE(b[9] == -1.0f);
  }
  SECTION("strided ramps gather and scatter") {
    vec<float, 4> v = A[ramp(3, 2_c, 4_c)];
    for (int k = 0; k < 4; ++k)
      REQUIRE(v[k] == a[3 + 2 * k]);
    B[ramp(10, 3_c, 4_c)] = v * 2.0f;
    for (int k = 0; k < 4; ++k)
      REQUIRE(b[10 + 3 * k] == 2.0f * a[3 + 2 * k]);
    REQUIRE(b[11] == -1.0f);
    vec<float, 4> w = A[ramp(100, 5, 4_c)]; // run-time stride
    for (int k = 0; k < 4; ++k)
      REQUIRE(w[k] == a[100 + 5 * k]);
  }
  SECTION("vec arithmetic and ramps over views and local tensors") {
    const vec<float, 4> x{{1.0f, 2.0f, 3.0f, 4.0f}};
    const vec<float, 4> y = (x * 2.0f - 1.0f) / 2.0f + x;
    for (int k = 0; k < 4; ++k)
      REQUIRE(y[k] == (x[k] * 2.0f - 1.0f) / 2.0f + x[k]);
    const vec<float, 4> z = 10.0f - x;
    REQUIRE(z[3] == 6.0f);
    auto row = A.view<64, 4>().sub(9, _);
    vec<float, 4> r = row[ramp(0, 1_c, 4_c)];
    for (int k = 0; k < 4; ++k)
      REQUIRE(r[k] == a[36 + k]);
    auto values = alloc_local<float, shape(8)>();
    values[ramp(4, 1_c, 4_c)] = x;
    values[ramp(0, 1_c, 4_c)] = values[ramp(4, 1_c, 4_c)] + 1.0f;
    for (int k = 0; k < 4; ++k) {
      REQUIRE(values(k) == x[k] + 1.0f);
      REQUIRE(values(4 + k) == x[k]);
    }
  }
}

// ============================================================================
// The views example of the seed, end to end
// ============================================================================

TEST_CASE("the seed's views example", "[tensor][seed]") {
  float a[256];
  for (int i = 0; i < 256; ++i)
    a[i] = static_cast<float>(i);
  GlobalTensor<float, ShapeT<256>, 16> A{a};
  auto matrix = A.view<64, 4>();
  auto transposed = matrix.permute<1, 0>();
  auto grouped = matrix.rearrange<"(warp lane) value -> warp lane value", "warp=2 lane=32">();
  for (int i = 0; i < 64; ++i) {
    auto row = matrix.sub(i, _);
    for (int j = 0; j < 4; ++j) {
      REQUIRE(row(j) == a[i * 4 + j]);
      REQUIRE(transposed(j, i) == a[i * 4 + j]);
      REQUIRE(grouped(i / 32, i % 32, j) == a[i * 4 + j]);
    }
  }
  // packed words: 8 halves -> 4 uint32 (checked bit by bit in [view_type])
  auto half_values = alloc_local<half, shape(8)>();
  for (int i = 0; i < 8; ++i)
    half_values[i] = __float2half(static_cast<float>(i));
  auto packed_words = half_values.view<uint32>();
  std::uint32_t word;
  std::memcpy(&word, &packed_words(3), 4);
  REQUIRE(word == (bits_of(__float2half(6.0f)) | bits_of(__float2half(7.0f)) << 16));
}
