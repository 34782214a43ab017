// The host code of docs/blackwell.md: the tcgen05 layouts and descriptors as
// values, printed. Each region between `// [snippet:NAME]` and `// [/snippet]`
// is shown verbatim in the guide (tests/tools/check_doc_snippets.py); ctest
// runs the CHECKs (docs_blackwell).
#include <tirx/layout/print.hpp>
#include <tirx/tile.hpp>

#include <catch2/catch.hpp>

#include <sstream>

using namespace tirx;

// [snippet:layouts]
// Where tcgen05.mma writes its accumulator (M / cta_group rows, N columns):
// M = 128 row r on lane r; M = 64 rows of 16 on 16 lanes of each warp
// quarter; cta_group::2 M = 128 the second half of the columns on lanes 64..127.
static_assert(tcgen05_accumulator_layout(128, 256) ==
              layout_of<"S[(128, 256) : (1@TLane, 1@TCol)]">);
static_assert(tcgen05_accumulator_layout(64, 256) ==
              layout_of<"S[(4, 16, 256) : (32@TLane, 1@TLane, 1@TCol)]">);
static_assert(tcgen05_accumulator_layout(128, 256, 2) ==
              layout_of<"S[(64, 2, 128) : (1@TLane, 64@TLane, 1@TCol)]">);
// the register image of tcgen05.ld / st .16x64b.x2 over its (16, 4) region,
// and the destination of the tcgen05.cp multicast .32x128b.warpx4
static_assert(tmem_fragment_layout(TmemShape::s16x64b, 2) ==
              layout_of<"S[(2, 8, 2, 2) : (1@laneid, 4@laneid, 1, 2@laneid)]">);
static_assert(tmem_cp_layout(TmemCpShape::s32x128b) ==
              layout_of<"S[(32, 4) : (1@TLane, 1@TCol)] + R[4 : 32@TLane]">);
// [/snippet]

// [snippet:print-fragment]
TEST_CASE("tcgen05.ld .16x256b: who holds each element", "[docs]") {
  std::ostringstream out;
  print_layout(out, tmem_fragment_layout(TmemShape::s16x256b, 1), shape(16, 8),
               {.max_rows = 10, .max_cols = 8});
  CHECK(out.str() == R"(cell: l=laneid r=m (register slot)
        0       1       2       3       4       5       6       7
0   l0 r0   l0 r1   l1 r0   l1 r1   l2 r0   l2 r1   l3 r0   l3 r1
1   l4 r0   l4 r1   l5 r0   l5 r1   l6 r0   l6 r1   l7 r0   l7 r1
2   l8 r0   l8 r1   l9 r0   l9 r1  l10 r0  l10 r1  l11 r0  l11 r1
3  l12 r0  l12 r1  l13 r0  l13 r1  l14 r0  l14 r1  l15 r0  l15 r1
4  l16 r0  l16 r1  l17 r0  l17 r1  l18 r0  l18 r1  l19 r0  l19 r1
5  l20 r0  l20 r1  l21 r0  l21 r1  l22 r0  l22 r1  l23 r0  l23 r1
6  l24 r0  l24 r1  l25 r0  l25 r1  l26 r0  l26 r1  l27 r0  l27 r1
7  l28 r0  l28 r1  l29 r0  l29 r1  l30 r0  l30 r1  l31 r0  l31 r1
8   l0 r2   l0 r3   l1 r2   l1 r3   l2 r2   l2 r3   l3 r2   l3 r3
9   l4 r2   l4 r3   l5 r2   l5 r3   l6 r2   l6 r3   l7 r2   l7 r3
... (6 more rows)
)");
}
// [/snippet]

// [snippet:print-accumulator]
TEST_CASE("the M = 64 accumulator: lanes 0..15, then 32..47", "[docs]") {
  std::ostringstream out;
  print_layout(out, tcgen05_accumulator_layout(64, 8), shape(64, 8),
               {.max_rows = 18, .max_cols = 2});
  CHECK(out.str().find("15  L15 C0  L15 C1  ...\n16  L32 C0  L32 C1  ...") != std::string::npos);
}
// [/snippet]

// [snippet:descriptors]
// The instruction descriptor of kind::f16, M = 128, N = 256, f32 += bf16 x bf16,
// both K-major (what TIRx's encoder gives for the same MMA), and the sm_100
// shared-memory descriptor of a K-major 128B-swizzled bf16 tile at 0x400.
constexpr ptxtcgen05::InstrDesc f16_mma{128, 256, 1, 1, 1};
static_assert(ptxtcgen05::instr_desc(f16_mma) == 0x08400490u);
constexpr SmemMatrix kmajor = smem_matrix_of(
    wgmma_smem_layout(shape(128, 64), MatrixMajor::k, SwizzleMode::b128, 2), shape(128, 64), 2);
static_assert(kmajor.lbo == 16 && kmajor.sbo == 1024); // 8 rows of 128 bytes apart
static_assert(ptxtcgen05::smem_desc(0x400, kmajor) == 0x4000404000010040ull);
// [/snippet]
