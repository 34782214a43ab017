// The host code of docs/matrix.md: the fragment layouts as values, printed.
// Each region between `// [snippet:NAME]` and `// [/snippet]` is shown
// verbatim in the guide (tests/tools/check_doc_snippets.py); ctest runs the
// CHECKs (docs_matrix).
#include <tirx/layout/print.hpp>
#include <tirx/tile.hpp>

#include <catch2/catch.hpp>

#include <sstream>

using namespace tirx;

// [snippet:fragments]
// mma.sync.m16n8k16 with 16-bit A and B: A over (16, K), B over (8, K) (B
// transposed), C and D over (16, 8); laneid and m (the register slot) only.
static_assert(mma_a_fragment_layout(2, 16) ==
              layout_of<"S[(2, 8, 2, 4, 2) : (2, 4@laneid, 4, 1@laneid, 1)]">);
static_assert(mma_b_fragment_layout(2, 16) ==
              layout_of<"S[(8, 2, 4, 2) : (4@laneid, 2, 1@laneid, 1)]">);
static_assert(mma_c_fragment_layout() == layout_of<"S[(2, 8, 4, 2) : (2, 4@laneid, 1@laneid, 1)]">);
// ldmatrix .x4 as four stacked matrices: lane l holds row l/4, columns 2(l%4), +1 of each
static_assert(ldmatrix_fragment_layout(4, false) ==
              layout_of<"S[(4, 8, 4, 2) : (2, 4@laneid, 1@laneid, 1)]">);
// the m64nN accumulator of a warpgroup adds the warp (wid_in_wg) to C's pattern
static_assert(wgmma_accumulator_layout(16) ==
              layout_of<"S[(4, 2, 8, 2, 4, 2) : (1@wid_in_wg, 2, 4@laneid, 4, 1@laneid, 1)]">);
// [/snippet]

// [snippet:print-a]
TEST_CASE("the m16n8k16 A fragment: who holds each element", "[docs]") {
  std::ostringstream out;
  print_layout(out, mma_a_fragment_layout(2, 16), shape(16, 16), {.max_rows = 9, .max_cols = 10});
  CHECK(out.str() == R"(cell: l=laneid r=m (register slot)
        0       1       2       3       4       5       6       7       8       9  ...
0   l0 r0   l0 r1   l1 r0   l1 r1   l2 r0   l2 r1   l3 r0   l3 r1   l0 r4   l0 r5  ...
1   l4 r0   l4 r1   l5 r0   l5 r1   l6 r0   l6 r1   l7 r0   l7 r1   l4 r4   l4 r5  ...
2   l8 r0   l8 r1   l9 r0   l9 r1  l10 r0  l10 r1  l11 r0  l11 r1   l8 r4   l8 r5  ...
3  l12 r0  l12 r1  l13 r0  l13 r1  l14 r0  l14 r1  l15 r0  l15 r1  l12 r4  l12 r5  ...
4  l16 r0  l16 r1  l17 r0  l17 r1  l18 r0  l18 r1  l19 r0  l19 r1  l16 r4  l16 r5  ...
5  l20 r0  l20 r1  l21 r0  l21 r1  l22 r0  l22 r1  l23 r0  l23 r1  l20 r4  l20 r5  ...
6  l24 r0  l24 r1  l25 r0  l25 r1  l26 r0  l26 r1  l27 r0  l27 r1  l24 r4  l24 r5  ...
7  l28 r0  l28 r1  l29 r0  l29 r1  l30 r0  l30 r1  l31 r0  l31 r1  l28 r4  l28 r5  ...
8   l0 r2   l0 r3   l1 r2   l1 r3   l2 r2   l2 r3   l3 r2   l3 r3   l0 r6   l0 r7  ...
... (7 more rows)
)");
}
// [/snippet]

// [snippet:print-acc]
TEST_CASE("the wgmma m64n16 accumulator: warps own 16 rows each", "[docs]") {
  std::ostringstream out;
  print_layout(out, wgmma_accumulator_layout(16), shape(64, 16), {.max_rows = 3, .max_cols = 6});
  print_layout(out, wgmma_accumulator_layout(16), shape(64, 16),
               {.row_begin = 16, .max_rows = 1, .max_cols = 4});
  CHECK(out.str() == R"(cell: wi=wid_in_wg l=laneid r=m (register slot)
           0          1          2          3           4           5  ...
0  wi0 l0 r0  wi0 l0 r1  wi0 l1 r0  wi0 l1 r1   wi0 l2 r0   wi0 l2 r1  ...
1  wi0 l4 r0  wi0 l4 r1  wi0 l5 r0  wi0 l5 r1   wi0 l6 r0   wi0 l6 r1  ...
2  wi0 l8 r0  wi0 l8 r1  wi0 l9 r0  wi0 l9 r1  wi0 l10 r0  wi0 l10 r1  ...
... (61 more rows)
cell: wi=wid_in_wg l=laneid r=m (register slot)
            0          1          2          3  ...
16  wi1 l0 r0  wi1 l0 r1  wi1 l1 r0  wi1 l1 r1  ...
... (47 more rows)
)");
}
// [/snippet]
