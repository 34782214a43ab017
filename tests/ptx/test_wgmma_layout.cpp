// Host tests of wgmma's operand layouts (include/tirx/ptx/wgmma_layout.hpp,
// wgmma_check.hpp): every canonical shared layout wgmma_smem_layout builds
// is recognized by smem_matrix_of with the descriptor's LBO, SBO and
// swizzle field PTX defines for it; a sub-tile (a k step of a wider stage)
// keeps the facts and moves the start; layouts that are not canonical are
// refused with their reason; the accumulator and A fragments place every
// element of the tile once, each at the (warp, lane, register) of PTX's
// figures; the spellings parse into their type combination, N and K.
#include <tirx/layout/parse.hpp>
#include <tirx/ptx/families.hpp>

#include <catch2/catch.hpp>

#include <set>
#include <utility>
#include <tuple>

using namespace tirx;
using E = SmemMatrix::Error;

namespace {
constexpr SmemMatrix facts(index_t mn, index_t k, MatrixMajor major, SwizzleMode mode, int bytes) {
  return smem_matrix_of(wgmma_smem_layout(shape(mn, k), major, mode, bytes), shape(mn, k), bytes);
}

// K-major 128B bf16, a 64 x 16 step: SBO = 8 rows of 128 bytes, LBO unused (16)
constexpr SmemMatrix k128 = facts(64, 16, MatrixMajor::k, SwizzleMode::b128, 2);
static_assert(k128.error == E::none && k128.major == MatrixMajor::k && k128.mode_bits() == 1);
static_assert(k128.sbo == 1024 && k128.lbo == 16 && k128.start == 0);
// 64B and 32B swizzles: 8 rows of 64 and 32 bytes
static_assert(facts(64, 16, MatrixMajor::k, SwizzleMode::b64, 2).sbo == 512);
static_assert(facts(64, 16, MatrixMajor::k, SwizzleMode::b64, 2).mode_bits() == 2);
static_assert(facts(64, 16, MatrixMajor::k, SwizzleMode::b32, 2).sbo == 256);
static_assert(facts(64, 16, MatrixMajor::k, SwizzleMode::b32, 2).mode_bits() == 3);
// interleaved K-major: 8 x 16-byte cores, the two K cores 128 bytes apart,
// the 8-row groups 256 bytes apart
constexpr SmemMatrix kint = facts(64, 16, MatrixMajor::k, SwizzleMode::none, 2);
static_assert(kint.error == E::none && kint.mode_bits() == 0 && kint.lbo == 128 && kint.sbo == 256);
// MN-major 128B, N = 256 bf16: four 64-element atoms along N, each 16 K rows
// of 128 bytes (LBO 2048); the two 8-row K groups 1024 bytes apart (SBO)
constexpr SmemMatrix mn128 = facts(256, 16, MatrixMajor::mn, SwizzleMode::b128, 2);
static_assert(mn128.error == E::none && mn128.major == MatrixMajor::mn);
static_assert(mn128.lbo == 2048 && mn128.sbo == 1024 && mn128.mode_bits() == 1);
// 8-bit and tf32 K-major tiles: 32 bytes of K per instruction
static_assert(facts(128, 32, MatrixMajor::k, SwizzleMode::b128, 1).error == E::none);
static_assert(facts(128, 8, MatrixMajor::k, SwizzleMode::b32, 4).error == E::none);
static_assert(facts(128, 32, MatrixMajor::k, SwizzleMode::none, 1).lbo == 128);

// a k step of a (128, 64) bf16 stage (one 128-byte row per M row): the
// third step starts 64 bytes into the row, same SBO
constexpr TileLayout stage =
    wgmma_smem_layout(shape(128, 64), MatrixMajor::k, SwizzleMode::b128, 2);
using Stage = Tensor<nv_bfloat16, ShapeT<128, 64>, MemScope::shared_dyn, 1024, layout_type<stage>>;
using Step2 = decltype(std::declval<Stage&>().sub(_, range<32, 48>));

// refused: a row-major tile without swizzle (rows 32 bytes apart are not 8 x 16-byte cores)
static_assert(smem_matrix_of(row_major(shape(64, 16)), shape(64, 16), 2).error == E::not_canonical);
// a swizzle of another element size
constexpr TileLayout wrong_swizzle = [] {
  TileLayout l = wgmma_smem_layout(shape(64, 16), MatrixMajor::k, SwizzleMode::b128, 2);
  l.swz = swizzle_for(SwizzleMode::b128, 4);
  return l;
}();
static_assert(smem_matrix_of(wrong_swizzle, shape(64, 16), 2).error == E::swizzle);
// neither mode of stride 1
static_assert(smem_matrix_of(layout_of<"S[(64, 16) : (32, 2)]">, shape(64, 16), 2).error ==
              E::no_unit_stride);

// the spellings
constexpr ptxwgmma::Form_ parsed(const char* s) {
  int n = 0;
  while (s[n] != '\0')
    ++n;
  return ptxwgmma::parse(ptxdesc::tokenize(text_view{s, n}));
}
static_assert(parsed("wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16").n == 256);
static_assert(parsed("wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16").combo == 1);
static_assert(parsed("wgmma.mma_async.sync.aligned.m64n24k32.satfinite.s32.s8.u8").combo >= 0);
static_assert(parsed("wgmma.mma_async.sync.aligned.m64n256k32.f32.bf16.bf16").combo < 0);
static_assert(parsed("wgmma.mma_async.sync.aligned.m32n256k16.f32.bf16.bf16").combo < 0);
} // namespace

TEST_CASE("a k step of a swizzled stage keeps its descriptor facts and moves the start") {
  static_assert(Step2::shape() == shape(128, 16));
  const SmemMatrix s = smem_matrix_of(Step2::layout(), Step2::shape(), 2);
  CHECK(s.error == E::none);
  CHECK(s.start == 64);
  CHECK(s.sbo == 1024);
}

TEST_CASE("the accumulator fragment holds every element once, where PTX puts it") {
  for (index_t n : {8, 64, 136, 256}) {
    const TileLayout l = wgmma_accumulator_layout(n);
    std::set<std::tuple<index_t, index_t, index_t>> seen;
    for (index_t e = 0; e < 64 * n; ++e) {
      const Coord c = apply(l, e);
      const index_t row = e / n, col = e % n;
      const index_t w = c[Axis{5}], lane = c[Axis{1}], r = c[Axis{0}];
      REQUIRE(seen.insert({w, lane, r}).second);
      CHECK(row == 16 * w + lane / 4 + 8 * ((r / 2) % 2));
      CHECK(col == 8 * (r / 4) + 2 * (lane % 4) + r % 2);
    }
    CHECK(seen.size() == static_cast<size_t>(64 * n));
  }
}

TEST_CASE("the A fragments: 16-bit pairs, 8-bit quads, tf32 singles") {
  for (int bytes : {1, 2, 4}) {
    const index_t k = 32 / bytes, per = 4 / bytes;
    const TileLayout l = wgmma_a_fragment_layout(bytes);
    std::set<std::tuple<index_t, index_t, index_t>> seen;
    for (index_t e = 0; e < 64 * k; ++e) {
      const Coord c = apply(l, e);
      const index_t row = e / k, col = e % k;
      const index_t w = c[Axis{5}], lane = c[Axis{1}], slot = c[Axis{0}];
      REQUIRE(seen.insert({w, lane, slot}).second);
      const index_t reg = slot / per, within = slot % per;
      // register reg: rows + 8 for odd reg, columns + 4 per (k / 2) for reg >= 2
      CHECK(row == 16 * w + lane / 4 + 8 * (reg % 2));
      CHECK(col == (reg / 2) * (k / 2) + per * (lane % 4) + within);
    }
  }
}
