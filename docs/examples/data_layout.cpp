// The code of docs/data-layout.md. Each region between `// [snippet:NAME]`
// and `// [/snippet]` is shown verbatim in the guide; tests/check_doc_snippets.py
// keeps the two in sync. The static_asserts are checked by building this file,
// the CHECKs by running it (ctest -L host).
#include <tirx/layout/algebra.hpp>
#include <tirx/layout/print.hpp>
#include <tirx/tile.hpp>

#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <type_traits>

using namespace tirx;

namespace axes_example {
// [snippet:axes]
// Built-in axes live in tirx::axes (and, through a using-directive, in tirx).
static_assert(laneid.kind() == AxisKind::thread && wgid.kind() == AxisKind::thread);
static_assert(by.kind() == AxisKind::block && cbz.kind() == AxisKind::cluster);
static_assert(m.is_memory() && TLane.is_memory() && TCol.is_memory());

// A user axis: 1 to 7 characters; the same name always gives the same axis.
constexpr Axis pid = axis("pid");
static_assert(pid == axis("pid") && pid.kind() == AxisKind::user);
// In the notation, a name after @ that is not built in is a user axis.
static_assert(layout_of<"S[(4, 8) : (1@pid, 1)]"> == S({4, 8}, {1 * pid, 1}));
// An 8-character name gives an invalid axis, which every check rejects.
static_assert(validate(S({4}, {1 * axis("pipeline")})) == LayoutError::bad_axis);
// [/snippet]
} // namespace axes_example

namespace case_study_example {
// [snippet:case-study]
// 8 x 16 values on warps 5 and 6, two per thread, and a second copy on
// warps 9 and 10.
constexpr TileLayout L =
    layout_of<"S[(8, 2, 4, 2) : (4@laneid, 1@warpid, 1@laneid, 1)] + R[2 : 4@warpid] + 5@warpid">;

static_assert(L.rank == 4 && L.shard[0] == Iter{8, 4, laneid});
static_assert(L.nreplica == 1 && L.replica[0] == Iter{2, 4, warpid});
static_assert(L.noffset == 1 && L.offset_on(warpid) == 5);
static_assert(L.size() == 128 && replica_count(L) == 2);
// [/snippet]

// [snippet:evaluate]
// Element (3, 13) of an 8 x 16 view of L.
constexpr index_t coord[] = {3, 13};
// 1. flatten row-major over the logical shape
constexpr index_t flat = flatten(shape(8, 16), coord);
static_assert(flat == 3 * 16 + 13); // 61
// 2. split the flat index row-major over the shard extents (8, 2, 4, 2)
static_assert(iter_coord(L, 0, flat) == 3 && iter_coord(L, 1, flat) == 1);
static_assert(iter_coord(L, 2, flat) == 2 && iter_coord(L, 3, flat) == 1);
// 3. stride x coordinate, summed per axis; 4. plus the offset
constexpr Coord at = apply(L, flat);
static_assert(at[laneid] == 4 * 3 + 1 * 2); // lane 14
static_assert(at[warpid] == 1 * 1 + 5);     // warp 6
static_assert(at[m] == 1 * 1);              // register slot 1
// ... and once more for each replica: the copy sits 4 warps further
constexpr Coord copy = apply_replica(L, flat, 1);
static_assert(copy[laneid] == 14 && copy[warpid] == 10 && copy[m] == 1);

// What a tensor access computes: one axis, every extent and stride a constant.
static_assert(axis_offset<L, m>(index_t{61}) == 1);
static_assert(axis_offset<L, laneid>(index_t{61}) == 14);
// [/snippet]

// [snippet:builder]
constexpr TileLayout typed =
    S({8, 2, 4, 2}, {4 * laneid, 1 * warpid, 1 * laneid, 1}) + R(2, 4 * warpid) + 5 * warpid;
static_assert(typed == L); // same value, hence the same types downstream

// S(extents...) is row-major contiguous on m, like S[...] without strides.
static_assert(S(4, 8) == layout_of<"S[(4, 8) : (8, 1)]">);
static_assert(S(4, 8) == layout_of<"S[4, 8]">);
// Several replica iters; offsets on several axes (kept sorted, so the order
// in which they are added does not matter).
static_assert(S({32}, {1 * laneid}) + R({2, 2}, {1 * warpid, 2 * warpid}) ==
              layout_of<"S[32 : 1@laneid] + R[(2, 2) : (1@warpid, 2@warpid)]">);
static_assert(S(8) + 3 + 2 * warpid == S(8) + 2 * warpid + 3);
// [/snippet]
} // namespace case_study_example

namespace notation_example {
// [snippet:notation]
// The TIRx spelling, with or without TileLayout(...) around it.
static_assert(layout_of<"TileLayout(S[(2, 32) : (1@warpid, 1@laneid)])"> ==
              layout_of<"S[(2, 32) : (1@warpid, 1@laneid)]">);
// One mode needs no parentheses; spaces and line breaks are free.
static_assert(layout_of<"S[32 : 1@laneid]"> == layout_of<"S[(32,):(1@laneid,)]">);
// Negative strides and offsets.
static_assert(layout_of<"S[8 : -1] + 7"> == S({8}, {-1}) + 7);
// A swizzle comes last: ^ swizzle(B, M, S) (a tirx extension of the notation).
static_assert(layout_of<"S[8, 64] ^ swizzle(3, 3, 3)"> == (S(8, 64) ^ Swizzle{3, 3, 3}));

// parse_layout reports instead of stopping compilation: the error and where.
constexpr ParseResult bad = parse_layout("S[(4, 8) : (1)]");
static_assert(bad.error == ParseError::count_mismatch);
// [/snippet]
} // namespace notation_example

namespace swizzle_example {
// [snippet:swizzle]
// Swizzle{B, M, S}: with x = m >> M, bits [S, S+B) of x are XORed into bits [0, B).
// M = log2(elements per 16-byte chunk): 3 for halves, 2 for floats, 4 for bytes.
static_assert(swizzle_for(SwizzleMode::b128, 2) == Swizzle{3, 3, 3});
static_assert(swizzle_for(SwizzleMode::b64, 4) == Swizzle{2, 2, 3});
static_assert(swizzle_for(SwizzleMode::b32, 1) == Swizzle{1, 4, 3});

// An 8 x 64 tile of halves: 128-byte rows of eight 16-byte chunks.
constexpr TileLayout tile = S(8, 64) ^ swizzle_for(SwizzleMode::b128, 2);
// Chunk c of row r is stored in chunk r ^ c of the same row.
constexpr index_t row5_chunk2[] = {5, 2 * 8 + 1}; // element 1 of chunk 2
static_assert(apply(tile, shape(8, 64), row5_chunk2)[m] == 5 * 64 + (5 ^ 2) * 8 + 1);
// The XOR never leaves the 2^(M+B)-element block it starts in; span() counts
// the affine part (TIRx's span), allocations round it to whole blocks.
static_assert(span(tile) == 512 && span(S(4, 8) ^ Swizzle{3, 3, 3}) == 32);
// [/snippet]
} // namespace swizzle_example

namespace types_example {
// [snippet:layout-type]
constexpr TileLayout reg = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;

using RegLayout = layout_type<reg>;     // the layout as a type ...
static_assert(RegLayout::value == reg); // ... and back

// The type holds integers only: rank, then (extent, stride, axis code) per
// shard iter, the replica count and iters, the offset count and terms.
static_assert(std::is_same_v<RegLayout, LayoutT<4, 2, 1, 2, 32, 1, 1, 3, 4, 0, 4, 1, 0, 0, 0>>);

// Equal values give the same type, however they were written.
static_assert(
    std::is_same_v<RegLayout, layout_type<S({2, 32, 3, 4}, {1 * warpid, 1 * laneid, 4, 1})>>);

using RegShape = shape_type<shape(2, 32, 3, 4)>;
static_assert(std::is_same_v<RegShape, ShapeT<2, 32, 3, 4>>);
static_assert(RegShape::rank == 4 && RegShape::size == 768 &&
              RegShape::value == shape(2, 32, 3, 4));
// [/snippet]
} // namespace types_example

namespace ops_example {
constexpr TileLayout reg = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;

// [snippet:ops-size]
static_assert(size(reg) == 768);        // logical elements
static_assert(size(reg, laneid) == 32); // extents placed on one axis
static_assert(span(reg, laneid) == 32); // the highest coordinate + 1
static_assert(span(reg) == 12);         // on m: the 12 register slots
// TIRx's span counts from zero: an offset adds to it.
static_assert(span(layout_of<"S[8 : 1] + 1">) == 9);
constexpr Range r = range_on(layout_of<"S[(4, 8) : (-8, 1)] + 24">, m);
static_assert(r.lo == 0 && r.hi == 31); // negative strides count downwards
// [/snippet]

// [snippet:ops-canonicalize]
// Extent-1 iters go, neighbours that continue each other merge.
static_assert(canonicalize(layout_of<"S[(2, 1, 4, 8) : (32, 7, 8, 1)]">) == S(64));
// Replica iters are kept as TIRx keeps them, sorted by axis, then stride.
static_assert(canonicalize(layout_of<"S[4 : 1] + R[(2, 2) : (2@warpid, 1@warpid)]">) ==
              layout_of<"S[4 : 1] + R[(2, 2) : (1@warpid, 2@warpid)]">);
// A shard of extent-1 iters keeps one, as in TIRx.
static_assert(canonicalize(layout_of<"S[(1, 1) : (3, 4)]">) == S(1));
// coalesce is the same function under CuTe's name (layout/algebra.hpp).
static_assert(coalesce(S(2, 4, 8)) == S(64));
// [/snippet]

// [snippet:ops-group]
// The iters of a (64, 12) view of reg: mode 0 owns iters [0, 2), mode 1 [2, 4).
constexpr GroupedLayout g = group(reg, shape(64, 12));
static_assert(g.ok && g.ngroups == 2 && g.bound[1] == 2 && g.bound[2] == 4);
// An iter that straddles a mode boundary is split: 64 = (8, 8) over (16, 4).
constexpr GroupedLayout h = group(S(64), shape(16, 4));
static_assert(h.ok && h.layout == S(16, 4));
// A mode of extent 1 gets an iter of extent 1 (TIRx's rule).
static_assert(group(S(4, 8), shape(1, 32)).layout == S({1, 4, 8}, {32, 8, 1}));
// Refused: 3 x 4 elements with these strides have no mode of 2 (or 6).
static_assert(!group(S({3, 4}, {1, 3}), shape(2, 6)).ok);
// group does not merge iters (TIRx's neither); regroup merges first.
static_assert(!group(S(2, 3), shape(3, 2)).ok && regroup(S(2, 3), shape(3, 2)).ok);
// [/snippet]

// [snippet:ops-slice]
// Rows 0..31 (the lanes of warp 0) and column 5 of the (64, 12) view.
constexpr SliceSpec rows_0_31_col_5[] = {{.begin = 0, .extent = 32},
                                         {.is_index = true, .begin = 5}};
constexpr SliceResult s = slice(reg, shape(64, 12), rows_0_31_col_5);
static_assert(s.ok && s.shape == shape(32));
static_assert(s.layout == layout_of<"S[32 : 1@laneid] + 5">); // slot 5 of each lane
// Rows 16..47 cross the warp boundary in the middle of the lane iter: refused.
constexpr SliceSpec rows_16_47[] = {{.begin = 16, .extent = 32}, {.extent = 12}};
static_assert(!slice(reg, shape(64, 12), rows_16_47).ok);
// [/snippet]

// [snippet:ops-permute]
constexpr int swap[] = {1, 0};
constexpr PermuteResult p = permute(S(4, 8), shape(4, 8), swap);
static_assert(p.ok && p.shape == shape(8, 4) && p.layout == layout_of<"S[(8, 4) : (1, 8)]">);
// [/snippet]

// [snippet:ops-storage]
// What one thread stores: the memory axes only.
static_assert(storage(reg) == S(3, 4));
static_assert(storage(case_study_example::L) == S({2}, {1}));
// [/snippet]

// [snippet:ops-tile]
// tiled(inner, outer, outer_shape, inner_shape): a 4 x 8 grid of 2 x 2 tiles.
constexpr TileResult t = tiled(S(2, 2), S(4, 8), shape(4, 8), shape(2, 2));
static_assert(t.ok && t.shape == shape(8, 16));
// Tile (o0, o1) starts at outer(o0, o1) * span(inner) = (8 * o0 + o1) * 4.
static_assert(t.layout == layout_of<"S[(4, 2, 8, 2) : (32, 2, 4, 1)]">);

// tile_to: repeat an 8 x 8 tile row-major until it covers 16 x 32.
constexpr TileResult tt = tile_to(S(8, 8), shape(8, 8), shape(16, 32));
static_assert(tt.ok && tt.layout == layout_of<"S[(2, 8, 4, 8) : (256, 8, 64, 1)]">);

// Inner: a 2 x 2 tile on 2 lanes, 2 values each. Outer: 4 x 8 such tiles,
// rows on lanes, columns on warps. The laneid stride is scaled by inner's
// span on laneid (2); warpid, which inner does not use, is kept.
constexpr TileResult per_lane =
    tiled(layout_of<"S[(2, 2) : (1@laneid, 1)]">, layout_of<"S[(4, 8) : (2@laneid, 1@warpid)]">,
          shape(4, 8), shape(2, 2));
static_assert(per_lane.layout == layout_of<"S[(4, 2, 8, 2) : (4@laneid, 1@laneid, 1@warpid, 1)]">);
// [/snippet]
} // namespace ops_example

namespace algebra_example {
// [snippet:algebra-composition]
// A: a 4 x 8 column-major block of memory (element (i, j) at i + 4 j).
constexpr TileLayout A = layout_of<"S[(4, 8) : (1, 4)]">;
// B: walks the 32 elements as an 8 x 4 row-major index (i at 4 b0 + b1).
constexpr TileLayout B = layout_of<"S[(8, 4) : (4, 1)]">;
constexpr AlgebraResult AB = composition(A, B);
static_assert(AB.ok && AB.layout == layout_of<"S[(4, 2, 4) : (1, 16, 4)]">);

// R(i) == A(B(i)) for every i < size(B).
constexpr bool composes(const TileLayout& r, const TileLayout& a, const TileLayout& b) {
  for (index_t i = 0; i < size(b); ++i)
    if (apply(r, i)[m] != apply(a, apply(b, i)[m])[m])
      return false;
  return true;
}
static_assert(composes(AB.layout, A, B));
// [/snippet]

// [snippet:algebra-complement]
// A = {0, 2, 4, 6}; its complement up to 16 fills the odd holes and repeats.
constexpr AlgebraResult C = complement(layout_of<"S[4 : 2]">, 16);
static_assert(C.ok && C.layout == layout_of<"S[(2, 2) : (8, 1)]">); // {0, 1, 8, 9}
// Strides that do not divide each other have no complement.
static_assert(!complement(layout_of<"S[(2, 3) : (3, 2)]">).ok);
// [/snippet]

// [snippet:algebra-divide]
// 64 elements divided into tiles of B = 4 : 2 (every other element).
constexpr GroupedLayout D = logical_divide(S(64), layout_of<"S[4 : 2]">);
static_assert(D.ok && D.ngroups == 2);
static_assert(D.layout == layout_of<"S[(4, 8, 2) : (2, 8, 1)]">);
static_assert(D.bound[1] == 1); // group 0 = the tile (4 : 2), group 1 = which tile (8, 2) : (8, 1)

// logical_product: A once per element of B, placed in A's holes and beyond.
constexpr GroupedLayout P = logical_product(layout_of<"S[(2, 2) : (4, 1)]">, S(2));
static_assert(P.ok && P.layout == layout_of<"S[(2, 2, 2) : (4, 1, 2)]">);
// [/snippet]

// [snippet:algebra-inverse]
constexpr TileLayout col_major = layout_of<"S[(4, 8) : (1, 4)]">;
constexpr AlgebraResult inv = right_inverse(col_major);
static_assert(inv.ok && inv.layout == layout_of<"S[(8, 4) : (1, 8)]">);
// col_major(inv(v)) == v: the flat index that holds memory offset v.
constexpr bool inverts(const TileLayout& a, const TileLayout& r) {
  for (index_t v = 0; v < size(r); ++v)
    if (apply(a, apply(r, v)[m])[m] != v)
      return false;
  return true;
}
static_assert(inverts(col_major, inv.layout));
// [/snippet]

// [snippet:algebra-refused]
// The algebra works on single-axis layouts without replicas; anything else is
// refused with ok == false, never answered wrongly.
constexpr TileLayout threads = layout_of<"S[(2, 32) : (1@warpid, 1@laneid)]">;
static_assert(!composition(threads, S(8)).ok);
static_assert(!right_inverse(S(4) + R(2, 1 * warpid)).ok);
// [/snippet]
} // namespace algebra_example

namespace case_study_example {
TEST_CASE("docs/data-layout: notation and SVG", "[docs]") {
  // [snippet:print-notation]
  CHECK(to_string(L) ==
        "S[(8, 2, 4, 2) : (4@laneid, 1@warpid, 1@laneid, 1)] + R[2 : 4@warpid] + 5@warpid");
  const std::string text = to_string(L); // parse_layout reads it back to an equal value
  CHECK(parse_layout(text_view{text.data(), static_cast<int>(text.size())}).layout == L);
  // [/snippet]

  // [snippet:print-svg]
  std::ostringstream svg; // or a std::ofstream("case_study.svg")
  write_svg(svg, L, shape(8, 16), {.color_by = ColorBy::warp, .title = "case study"});
  CHECK(svg.str().starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
  // [/snippet]
}

// [snippet:print-rank4]
// The seed's register tile, rank 4: the tables fold it to 192 rows of the
// last mode's 4 columns; row `0,1,2` is elements (0, 1, 2, 0..3).
constexpr TileLayout seed = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;

TEST_CASE("print_layout, print_threads and write_svg of a rank-4 tile", "[docs]") {
  std::ostringstream cells, rows, svg;
  print_layout(cells, seed, shape(2, 32, 3, 4), {.row_begin = 3, .max_rows = 3, .max_cols = 2});
  CHECK(cells.str() == R"(cell: w=warpid l=laneid r=m (register slot)
              0         1  ...
0,1,0  w0 l1 r0  w0 l1 r1  ...
0,1,1  w0 l1 r4  w0 l1 r5  ...
0,1,2  w0 l1 r8  w0 l1 r9  ...
... (186 more rows)
)");
  // one row per thread, in the order of its coordinates (warp, then lane)
  print_threads(rows, seed, shape(2, 32, 3, 4), {.row_begin = 31, .max_rows = 3, .max_cols = 5});
  CHECK(
      rows.str() ==
      R"(row: w=warpid l=laneid; column: r=m (register slot); cell: logical coordinate (2, 32, 3, 4)
               0         1         2         3         4  ...
w0 l31  0,31,0,0  0,31,0,1  0,31,0,2  0,31,0,3  0,31,1,0  ...
w1 l0    1,0,0,0   1,0,0,1   1,0,0,2   1,0,0,3   1,0,1,0  ...
w1 l1    1,1,0,0   1,1,0,1   1,1,0,2   1,1,0,3   1,1,1,0  ...
... (30 more rows)
)");
  // the picture labels its rows and cells as print_layout does: `w0 l1` over `r1`
  write_svg(svg, seed, shape(2, 32, 3, 4), {.window = {.row_begin = 3, .max_rows = 1}});
  CHECK(svg.str().find(">0,1,0</text>") != std::string::npos);
  CHECK(svg.str().find(">w0 l1<tspan x=\"128\" dy=\"13\">r1</tspan>") != std::string::npos);
}
// [/snippet]

// [snippet:print-layout]
TEST_CASE("print_layout: who holds each element, where", "[docs]") {
  std::ostringstream cells;
  print_layout(cells, L, shape(8, 16), {.max_rows = 2, .max_cols = 4});
  CHECK(cells.str() == R"(cell: w=warpid l=laneid r=m (register slot); a|b: replicas
             0            1            2            3  ...
0  w5|w9 l0 r0  w5|w9 l0 r1  w5|w9 l1 r0  w5|w9 l1 r1  ...
1  w5|w9 l4 r0  w5|w9 l4 r1  w5|w9 l5 r0  w5|w9 l5 r1  ...
... (6 more rows)
)");
}
// [/snippet]

// [snippet:print-threads]
TEST_CASE("print_threads: what each thread holds", "[docs]") {
  std::ostringstream rows;
  print_threads(rows, L, shape(8, 16), {.row_begin = 32, .max_rows = 3});
  CHECK(rows.str() ==
        R"(row: w=warpid l=laneid; column: r=m (register slot); cell: logical coordinate (8, 16)
          0     1
w6 l0   0,8   0,9
w6 l1  0,10  0,11
w6 l2  0,12  0,13
... (93 more rows)
)");
}
// [/snippet]
} // namespace case_study_example
