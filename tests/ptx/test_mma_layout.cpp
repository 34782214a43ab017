// Host tests of the warp matrix fragments (include/tirx/ptx/matrix_layout.hpp,
// matrix_check.hpp, mma_check.hpp): every fragment layout places each
// element of its tile once, at the lane and register slot where PTX's
// figures put it (the formulas below are the figures' rows and columns per
// lane and register, written out per type); matrix_fragment_of reads the
// ldmatrix and mma fragments as 8 x 8 matrices and refuses other layouts;
// the 16-byte row rule of ldmatrix's shared tile; the spellings parse; the
// operand checks find the rule each wrong operand breaks.
#include <tirx/layout/parse.hpp>
#include <tirx/ptx/families.hpp>

#include <catch2/catch.hpp>

#include <functional>
#include <map>
#include <utility>

using namespace tirx;

namespace {

/// (row, col) of logical element held by (lane, slot) under PTX's figure.
using Figure = std::function<std::pair<int, int>(int lane, int slot)>;

/// Every element of an (rows, cols) tile once, each where the figure says.
void check_fragment(const TileLayout& l, int rows, int cols, int slots, const Figure& fig) {
  REQUIRE(l.size() == rows * cols);
  REQUIRE(rows * cols == 32 * slots);
  std::map<std::pair<int, int>, int> held; // (lane, slot) -> flat
  for (int e = 0; e < rows * cols; ++e) {
    const Coord c = apply(l, e);
    const int lane = static_cast<int>(c[Axis{1}]), slot = static_cast<int>(c[Axis{0}]);
    REQUIRE(c[Axis{2}] == 0);
    REQUIRE(lane >= 0);
    REQUIRE(lane < 32);
    REQUIRE(slot >= 0);
    REQUIRE(slot < slots);
    REQUIRE(held.count({lane, slot}) == 0);
    held[{lane, slot}] = e;
  }
  REQUIRE(static_cast<int>(held.size()) == 32 * slots);
  for (const auto& [at, e] : held) {
    const auto [r, c] = fig(at.first, at.second);
    INFO("lane " << at.first << " slot " << at.second);
    CHECK(e / cols == r);
    CHECK(e % cols == c);
  }
}

} // namespace

TEST_CASE("ldmatrix fragments: lane l holds row l/4, columns 2(l%4), +1 of each matrix", "[mma]") {
  for (int count : {1, 2, 4}) {
    check_fragment(ldmatrix_fragment_layout(count, false), 8 * count, 8, 2 * count,
                   [](int l, int s) {
                     return std::pair{8 * (s / 2) + l / 4, 2 * (l % 4) + s % 2};
                   });
    check_fragment(ldmatrix_fragment_layout(count, true), 8 * count, 8, 2 * count,
                   [](int l, int s) {
                     return std::pair{8 * (s / 2) + 2 * (l % 4) + s % 2, l / 4};
                   });
  }
}

TEST_CASE("mma.sync A fragments (16, K): the figures per type", "[mma]") {
  // f16 / bf16 m16n8k16: a0..a7, row g (+8 for a2, a3, a6, a7), col 2t + i%2 (+8 from a4)
  check_fragment(mma_a_fragment_layout(2, 16), 16, 16, 8, [](int l, int i) {
    return std::pair{l / 4 + 8 * ((i % 4) / 2), 2 * (l % 4) + i % 2 + 8 * (i / 4)};
  });
  // m16n8k8: a0..a3
  check_fragment(mma_a_fragment_layout(2, 8), 16, 8, 4, [](int l, int i) {
    return std::pair{l / 4 + 8 * (i / 2), 2 * (l % 4) + i % 2};
  });
  // tf32 m16n8k8: a0 (g, t), a1 (g + 8, t), a2 (g, t + 4), a3 (g + 8, t + 4)
  check_fragment(mma_a_fragment_layout(4, 8), 16, 8, 4, [](int l, int i) {
    return std::pair{l / 4 + 8 * (i % 2), l % 4 + 4 * (i / 2)};
  });
  // tf32 m16n8k4: a0 (g, t), a1 (g + 8, t)
  check_fragment(mma_a_fragment_layout(4, 4), 16, 4, 2, [](int l, int i) {
    return std::pair{l / 4 + 8 * i, l % 4};
  });
  // 8-bit m16n8k16: a0..a7, row g (+8 from a4), col 4t + i%4
  check_fragment(mma_a_fragment_layout(1, 16), 16, 16, 8, [](int l, int i) {
    return std::pair{l / 4 + 8 * (i / 4), 4 * (l % 4) + i % 4};
  });
  // 8-bit m16n8k32 (s8, u8, e4m3, e5m2): a0..a15, row g (+8 for a4..a7, a12..a15), col +16 from a8
  check_fragment(mma_a_fragment_layout(1, 32), 16, 32, 16, [](int l, int i) {
    return std::pair{l / 4 + 8 * ((i / 4) % 2), 4 * (l % 4) + i % 4 + 16 * (i / 8)};
  });
}

TEST_CASE("mma.sync B fragments (8, K) = B transposed: the figures per type", "[mma]") {
  // the figures give B's (k, n); the fragment is over (n, k)
  auto nk = [](int k, int n) { return std::pair{n, k}; };
  // 16-bit k16: b0..b3, k = 2t + i%2 (+8 for b2, b3), n = g
  check_fragment(mma_b_fragment_layout(2, 16), 8, 16, 4,
                 [&](int l, int i) { return nk(2 * (l % 4) + i % 2 + 8 * (i / 2), l / 4); });
  check_fragment(mma_b_fragment_layout(2, 8), 8, 8, 2,
                 [&](int l, int i) { return nk(2 * (l % 4) + i, l / 4); });
  // tf32 k8: b0 (t, g), b1 (t + 4, g); k4: b0 (t, g)
  check_fragment(mma_b_fragment_layout(4, 8), 8, 8, 2,
                 [&](int l, int i) { return nk(l % 4 + 4 * i, l / 4); });
  check_fragment(mma_b_fragment_layout(4, 4), 8, 4, 1,
                 [&](int l, int) { return nk(l % 4, l / 4); });
  // 8-bit k16: b0..b3, k = 4t + i; k32: b0..b7, k = 4t + i%4 (+16 from b4)
  check_fragment(mma_b_fragment_layout(1, 16), 8, 16, 4,
                 [&](int l, int i) { return nk(4 * (l % 4) + i, l / 4); });
  check_fragment(mma_b_fragment_layout(1, 32), 8, 32, 8,
                 [&](int l, int i) { return nk(4 * (l % 4) + i % 4 + 16 * (i / 4), l / 4); });
}

TEST_CASE("mma.sync C / D fragment (16, 8): c0..c3 at (g [+8], 2t + i%2)", "[mma]") {
  check_fragment(mma_c_fragment_layout(), 16, 8, 4, [](int l, int i) {
    return std::pair{l / 4 + 8 * (i / 2), 2 * (l % 4) + i % 2};
  });
}

// matrix_fragment_of: the ldmatrix and mma fragments as 8 x 8 matrices
using FE = MatrixFragment::Error;
constexpr MatrixFragment a16 = matrix_fragment_of(mma_a_fragment_layout(2, 16), shape(16, 16), 4);
static_assert(a16.error == FE::none);
// .x4 into A: matrices at (0, 0), (8, 0), (0, 8), (8, 8), rows down, columns across
static_assert(a16.row[1] == 8 && a16.col[1] == 0 && a16.row[2] == 0 && a16.col[2] == 8);
static_assert(a16.row[3] == 8 && a16.col[3] == 8);
static_assert(a16.down_r == 1 && a16.down_c == 0 && a16.right_r == 0 && a16.right_c == 1);
// B (8, 16): two matrices side by side along K
constexpr MatrixFragment b16 = matrix_fragment_of(mma_b_fragment_layout(2, 16), shape(8, 16), 2);
static_assert(b16.error == FE::none && b16.col[1] == 8 && b16.row[1] == 0);
// C (16, 8): two matrices one above the other
static_assert(matrix_fragment_of(mma_c_fragment_layout(), shape(16, 8), 2).row[1] == 8);
// the .trans fragment: lane + 4 steps along columns, slot + 1 along rows
constexpr MatrixFragment t1 = matrix_fragment_of(ldmatrix_fragment_layout(1, true), shape(8, 8), 1);
static_assert(t1.error == FE::none && t1.down_c == 1 && t1.right_r == 1);
// refused: a warp axis, a wrong count, a layout that is no 8 x 8 matrix
static_assert(matrix_fragment_of(layout_of<"S[(32, 2) : (1@warpid, 1)]">, shape(8, 8), 1).error ==
              FE::axes);
static_assert(matrix_fragment_of(ldmatrix_fragment_layout(2, false), shape(16, 8), 1).error ==
              FE::slots);
static_assert(matrix_fragment_of(layout_of<"S[(2, 32) : (1, 1@laneid)]">, shape(8, 8), 1).error ==
              FE::not_8x8);
// 8-bit A is no ldmatrix fragment of 16-bit elements
static_assert(matrix_fragment_of(mma_a_fragment_layout(1, 16), shape(16, 16), 4).error ==
              FE::not_8x8);

// the 16-byte row rule: row-major and padded tiles for a plain load,
// column-major tiles for .trans; a 12-element row pitch breaks the
// alignment, a column-major tile the contiguity of a plain load
static_assert(rows_are_16_bytes(a16, 4, false, row_major(shape(16, 16)), shape(16, 16)));
static_assert(rows_are_16_bytes(a16, 4, false, S({16, 16}, {24, 1}), shape(16, 16)));
static_assert(rows_are_16_bytes(a16, 4, true, S({16, 16}, {1, 16}), shape(16, 16)));
static_assert(!rows_are_16_bytes(a16, 4, false, S({16, 16}, {1, 16}), shape(16, 16)));
static_assert(!rows_are_16_bytes(a16, 4, false, S({16, 16}, {20, 1}), shape(16, 16)));
static_assert(rows_are_16_bytes(b16, 2, true, S({8, 16}, {1, 8}), shape(8, 16)));
// a swizzle that moves whole 16-byte chunks keeps every row: a (16, 16)
// corner of a (16, 64) tile of 128-byte swizzled rows
constexpr TileLayout swizzled = [] {
  TileLayout l = S({16, 16}, {64, 1});
  l.swz = swizzle_for(SwizzleMode::b128, 2);
  return l;
}();
static_assert(rows_are_16_bytes(a16, 4, false, swizzled, shape(16, 16)));

// the spellings
constexpr ptxmatrix::MoveForm x4t = ptxmatrix::move_form(
    ptxdesc::tokenize(text_view{"ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16", 47}));
static_assert(x4t.ok && x4t.count == 4 && x4t.trans && !x4t.raw);
constexpr ptxmatrix::MoveForm raw = ptxmatrix::move_form(
    ptxdesc::tokenize(text_view{"ldmatrix.sync.aligned.m16n16.x2.trans.shared.b8", 47}));
static_assert(raw.ok && raw.raw && raw.rows == 32 && raw.count == 2);
constexpr ptxmma::MmaForm fp8 = ptxmma::mma_form(
    ptxdesc::tokenize(text_view{"mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e5m2.f16", 51}));
static_assert(fp8.ok && fp8.k == 32 && fp8.d == ptxmma::Ty::f16 && fp8.b == ptxmma::Ty::e5m2);
static_assert(fp8.a_regs() == 4 && fp8.b_regs() == 2 && fp8.d_regs() == 2);
constexpr ptxmma::MmaForm sat = ptxmma::mma_form(
    ptxdesc::tokenize(text_view{"mma.sync.aligned.m16n8k16.row.col.satfinite.s32.u8.s8.s32", 57}));
static_assert(sat.ok && sat.k == 16 && sat.a == ptxmma::Ty::u8 && sat.a_regs() == 2 &&
              sat.b_regs() == 1);
static_assert(ptx<"mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32">::desc.whole &&
              ptx<"mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32">::desc.lanes == 32);
static_assert(ptx<"movmatrix.sync.aligned.m8n8.trans.b16">::desc.parsed);
static_assert(ptx<"stmatrix.sync.aligned.m8n8.x2.trans.shared.b16">::desc.whole);

// the operand checks find the rule a wrong operand breaks
namespace checks {
using Frag = decltype(alloc_local<half, shape(16, 16), mma_a_fragment_layout(2, 16)>());
using RowFrag = decltype(alloc_local<half, shape(16, 16)>());
using Smem = Tensor<half, ShapeT<16, 16>, MemScope::shared, 16>;
using SmemCol =
    Tensor<half, ShapeT<16, 16>, MemScope::shared, 16, layout_type<S({16, 16}, {1, 16})>>;
using SmemF = Tensor<float, ShapeT<16, 16>, MemScope::shared, 16>;
using SmemCol4 =
    Tensor<half, ShapeT<16, 16>, MemScope::shared, 4, layout_type<S({16, 16}, {1, 16})>>;
using E = ptxmatrix::Error;
static_assert(ptxmatrix::Operands<x4t, 0, Frag, SmemCol>{}.error == E::none);
static_assert(ptxmatrix::Operands<x4t, 0, Frag, Smem>{}.error == E::rows);
static_assert(ptxmatrix::Operands<x4t, 0, RowFrag, SmemCol>{}.error == E::fragment);
static_assert(ptxmatrix::Operands<x4t, 0, Frag, SmemF>{}.error == E::element);
static_assert(ptxmatrix::Operands<x4t, 0, Frag, Frag>{}.error == E::not_shared);
static_assert(ptxmatrix::Operands<x4t, 0, Frag, SmemCol4>{}.error == E::align);

using A = decltype(alloc_local<half, shape(16, 16), mma_a_fragment_layout(2, 16)>());
using C = decltype(alloc_local<float, shape(16, 8), mma_c_fragment_layout()>());
using C16 = decltype(alloc_local<float, shape(16, 16), row_major(shape(16, 16))>());
constexpr ptxmma::MmaForm f16 = ptxmma::mma_form(
    ptxdesc::tokenize(text_view{"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", 49}));
static_assert(ptxmma::OperandCheck<f16, 1, A>{}.error == ptxmma::Error::none);
static_assert(ptxmma::OperandCheck<f16, 0, C>{}.error == ptxmma::Error::none);
static_assert(ptxmma::OperandCheck<f16, 1, RowFrag>{}.error == ptxmma::Error::layout);
static_assert(ptxmma::OperandCheck<f16, 0, C16>{}.error == ptxmma::Error::shape);
static_assert(ptxmma::OperandCheck<f16, 0, A>{}.error == ptxmma::Error::element);
static_assert(ptxmma::OperandCheck<f16, 2, Smem>{}.error == ptxmma::Error::not_fragment);
} // namespace checks

TEST_CASE("matrix families are registered with their rows", "[mma]") {
  CHECK(ptx<"ldmatrix.sync.aligned.m8n8.x4.shared.b16">::desc.family >= 0);
  CHECK(ptxdesc::registered::form(ptx<"ldmatrix.sync.aligned.m8n8.x1.shared.b16">::desc.family,
                                  text_view{"ldmatrix.sync.aligned.m8n8.x1.shared.b16", 40}, 1)
            .min_sm == ptxdesc::sm_75);
  CHECK(ptxdesc::registered::form(
            ptx<"mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32">::desc.family,
            text_view{"mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32", 51}, 3)
            .min_ptx == 84);
}

// movmatrix's result viewed transposed is the matrix in the plain fragment
namespace transposed_view {
using D = decltype(alloc_local<half, shape(8, 8), ldmatrix_fragment_layout(1, true)>());
using T = decltype(std::declval<D&>().rearrange<"i j -> j i">());
static_assert(canonicalize(T::layout()) == canonicalize(ldmatrix_fragment_layout(1, false)));
} // namespace transposed_view
