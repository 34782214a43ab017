// tirx/layout/print.hpp: the notation (round trip through parse_layout),
// the element and thread tables, and the SVG picture.
#include <tirx/layout/parse.hpp>
#include <tirx/layout/print.hpp>

#include <catch2/catch.hpp>

#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace tirx;

namespace {

ParseResult parse(const std::string& s) {
  return parse_layout(text_view{s.c_str(), static_cast<int>(s.size())});
}

std::string table(const TileLayout& l, const Shape& s, const PrintWindow& w = {}) {
  std::ostringstream os;
  print_layout(os, l, s, w);
  return os.str();
}

std::string threads(const TileLayout& l, const Shape& s, const PrintWindow& w = {}) {
  std::ostringstream os;
  print_threads(os, l, s, w);
  return os.str();
}

std::string svg(const TileLayout& l, const Shape& s, const SvgOptions& o = {}) {
  std::ostringstream os;
  write_svg(os, l, s, o);
  return os.str();
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1))
    ++n;
  return n;
}

constexpr TileLayout reg_tile = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;
constexpr TileLayout relu_tile = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;
constexpr TileLayout case_study =
    layout_of<"S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid">;
constexpr TileLayout tmem = layout_of<"S[(2,128,112):(112@TCol,1@TLane,1@TCol)]">;
constexpr TileLayout swz128 = S(8, 64) ^ swizzle_for(SwizzleMode::b128, 2);

} // namespace

TEST_CASE("to_string writes the TIRx notation", "[layout][print]") {
  CHECK(to_string(reg_tile) == "S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]");
  CHECK(to_string(relu_tile) == "S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]");
  CHECK(to_string(case_study) ==
        "S[(8, 2, 4, 2) : (4@laneid, 1@warpid, 1@laneid, 1)] + R[2 : 4@warpid] + 5@warpid");
  CHECK(to_string(tmem) == "S[(2, 128, 112) : (112@TCol, 1@TLane, 1@TCol)]");
  CHECK(to_string(swz128) == "S[(8, 64) : (64, 1)] ^ swizzle(3, 3, 3)");
  CHECK(to_string(S(16)) == "S[16 : 1]");
  CHECK(to_string(TileLayout{}) == "S[() : ()]");
  CHECK(to_string(S({4}, {-1 * axis("pid")}) + R({2, 3}, {0 * tx, 7}) + Term{-3, laneid} + 2) ==
        "S[4 : -1@pid] + R[(2, 3) : (0@tx, 7)] + 2 + -3@laneid");
  CHECK(to_string(Term{5}) == "5");
  CHECK(to_string(Term{5, wid_in_wg}) == "5@wid_in_wg");
  CHECK(to_string(shape(8, 16)) == "(8, 16)");
}

TEST_CASE("to_string round-trips through parse_layout: seed layouts", "[layout][print]") {
  for (const TileLayout& l : {reg_tile, relu_tile, case_study, tmem, swz128, S(16)}) {
    ParseResult r = parse(to_string(l));
    INFO(to_string(l));
    CHECK(r.error == ParseError::none);
    CHECK(r.layout == l);
  }
  // a layout without shard iters prints, but the notation refuses it (TIRx
  // evaluates such a layout to nothing)
  CHECK(parse(to_string(TileLayout{})).error == ParseError::no_shard);
}

TEST_CASE("to_string round-trips through parse_layout: 1000 random layouts", "[layout][print]") {
  std::mt19937 rng(20240611);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const Axis pool[] = {m,          laneid, warpid, wgid,        tid_in_wg,  wid_in_wg,
                       tx,         bx,     by,     bz,          cbx,        cby,
                       cbz,        TLane,  TCol,   axis("pid"), axis("k0"), axis("abcdefg"),
                       axis("T_1")};
  const int npool = static_cast<int>(sizeof(pool) / sizeof(pool[0]));
  for (int n = 0; n < 1000; ++n) {
    TileLayout l{};
    int rank = pick(1, max_iters); // rank 0 has no notation (see above)
    for (int i = 0; i < rank; ++i)
      l.push_shard(Iter{pick(1, 9), pick(-20, 40), pool[pick(0, npool - 1)]});
    int nrep = pick(0, max_replicas);
    for (int i = 0; i < nrep; ++i)
      l.push_replica(Iter{pick(1, 5), pick(-8, 64), pool[pick(0, npool - 1)]});
    int noff = pick(0, max_offsets);
    for (int i = 0; i < noff; ++i)
      l.add_offset(Term{pick(-9, 9), pool[pick(0, npool - 1)]});
    if (pick(0, 2) == 0)
      l.swz = Swizzle{pick(0, 3), pick(0, 4), pick(0, 5)};
    REQUIRE(!l.overflow);
    std::string text = to_string(l);
    INFO(text);
    ParseResult r = parse(text);
    REQUIRE(r.error == ParseError::none);
    REQUIRE(r.layout == l);
    REQUIRE(to_string(r.layout) == text);
  }
}

TEST_CASE("print_layout: a register layout", "[layout][print]") {
  // 2 warps x 2 lanes x 2 registers over a 4 x 2 tensor: row i is warp i/2, lane i%2
  TileLayout l = layout_of<"S[(2, 2, 2) : (1@warpid, 1@laneid, 1)]">;
  CHECK(table(l, shape(4, 2)) == "cell: w=warpid l=laneid r=m (register slot)\n"
                                 "          0         1\n"
                                 "0  w0 l0 r0  w0 l0 r1\n"
                                 "1  w0 l1 r0  w0 l1 r1\n"
                                 "2  w1 l0 r0  w1 l0 r1\n"
                                 "3  w1 l1 r0  w1 l1 r1\n");
  // a window: rows 1..2, column 1 of 2
  CHECK(table(l, shape(4, 2), {.row_begin = 1, .col_begin = 1, .max_rows = 2}) ==
        "cell: w=warpid l=laneid r=m (register slot)\n"
        "          1\n"
        "1  w0 l1 r1\n"
        "2  w1 l0 r1\n"
        "... (1 more rows)\n");
  CHECK(table(l, shape(4, 2), {.max_rows = 1, .max_cols = 1}) ==
        "cell: w=warpid l=laneid r=m (register slot)\n"
        "          0  ...\n"
        "0  w0 l0 r0  ...\n"
        "... (3 more rows)\n");
}

TEST_CASE("print_layout: memory layouts, replicas, folding", "[layout][print]") {
  // column-major 2 x 3: element (i, j) at offset i + 2j
  CHECK(table(layout_of<"S[(2, 3) : (1, 2)]">, shape(2, 3)) == "cell: m (element offset)\n"
                                                               "   0  1  2\n"
                                                               "0  0  2  4\n"
                                                               "1  1  3  5\n");
  // 1-D: one row without a label
  CHECK(table(S(4), shape(4)) == "cell: m (element offset)\n"
                                 "  0  1  2  3\n"
                                 "  0  1  2  3\n");
  // replicas: each axis lists the value of every copy
  CHECK(table(layout_of<"S[4 : 1@laneid] + R[2 : 4@warpid] + 1@warpid">, shape(4)) ==
        "cell: w=warpid l=laneid; a|b: replicas\n"
        "         0         1         2         3\n"
        "  w1|w5 l0  w1|w5 l1  w1|w5 l2  w1|w5 l3\n");
  // rank 3: the leading modes label the rows
  CHECK(table(S(2, 2, 2), shape(2, 2, 2)) == "cell: m (element offset)\n"
                                             "     0  1\n"
                                             "0,0  0  1\n"
                                             "0,1  2  3\n"
                                             "1,0  4  5\n"
                                             "1,1  6  7\n");
  // tensor memory
  CHECK(table(tmem, shape(256, 112), {.row_begin = 127, .max_rows = 2, .max_cols = 2}) ==
        "cell: L=TLane C=TCol\n"
        "           0        1  ...\n"
        "127  L127 C0  L127 C1  ...\n"
        "128  L0 C112  L0 C113  ...\n"
        "... (127 more rows)\n");
  // the seed register tile
  CHECK(table(reg_tile, shape(64, 12), {.row_begin = 33, .col_begin = 10, .max_rows = 1}) ==
        "cell: w=warpid l=laneid r=m (register slot)\n"
        "           10         11\n"
        "33  w1 l1 r10  w1 l1 r11\n"
        "... (30 more rows)\n");
}

TEST_CASE("print_table: custom cells", "[layout][print]") {
  std::ostringstream os;
  // the 16-byte chunk of each 8-element chunk of the 128-byte swizzled tile: r ^ c
  print_table(os, shape(4, 8),
              [](index_t f) { return std::to_string(swz128.swz.apply(f * 8) >> 3 & 7); });
  CHECK(os.str() == "   0  1  2  3  4  5  6  7\n"
                    "0  0  1  2  3  4  5  6  7\n"
                    "1  1  0  3  2  5  4  7  6\n"
                    "2  2  3  0  1  6  7  4  5\n"
                    "3  3  2  1  0  7  6  5  4\n");
}

TEST_CASE("print_threads: what each thread holds", "[layout][print]") {
  TileLayout l = layout_of<"S[(2, 2, 2) : (1@warpid, 1@laneid, 1)]">;
  CHECK(threads(l, shape(4, 2)) ==
        "row: w=warpid l=laneid; column: r=m (register slot); cell: logical coordinate (4, 2)\n"
        "         0    1\n"
        "w0 l0  0,0  0,1\n"
        "w0 l1  1,0  1,1\n"
        "w1 l0  2,0  2,1\n"
        "w1 l1  3,0  3,1\n");
  // replicas: the element shows up in every copy's thread
  CHECK(threads(layout_of<"S[2 : 1@laneid] + R[2 : 4@warpid] + 1@warpid">, shape(2)) ==
        "row: w=warpid l=laneid; column: -; cell: logical coordinate (2)\n"
        "       -\n"
        "w1 l0  0\n"
        "w1 l1  1\n"
        "w5 l0  0\n"
        "w5 l1  1\n");
  // a memory layout: one row, the element at each offset
  CHECK(threads(layout_of<"S[(2, 3) : (1, 2)]">, shape(2, 3)) ==
        "row: -; column: m (element offset); cell: logical coordinate (2, 3)\n"
        "     0    1    2    3    4    5\n"
        "*  0,0  1,0  0,1  1,1  0,2  1,2\n");
  // two elements in one slot
  CHECK(threads(layout_of<"S[(2, 2) : (1@laneid, 0)]">, shape(2, 2)) ==
        "row: l=laneid; column: r=m (register slot); cell: logical coordinate (2, 2)\n"
        "          0\n"
        "l0  0,0|0,1\n"
        "l1  1,0|1,1\n");
  // tensor memory: a row per TLane, a column per TCol
  CHECK(threads(tmem, shape(256, 112),
                {.row_begin = 1, .col_begin = 111, .max_rows = 1, .max_cols = 2}) ==
        "row: L=TLane; column: C=TCol; cell: logical coordinate (256, 112)\n"
        "      111    112  ...\n"
        "L1  1,111  129,0  ...\n"
        "... (126 more rows)\n");
  // the seed register tile: thread (1, 1) = row 33
  CHECK(threads(reg_tile, shape(2, 32, 3, 4), {.row_begin = 33, .max_rows = 1, .max_cols = 3}) ==
        "row: w=warpid l=laneid; column: r=m (register slot); cell: logical coordinate (2, 32, 3, "
        "4)\n"
        "             0        1        2  ...\n"
        "w1 l1  1,1,0,0  1,1,0,1  1,1,0,2  ...\n"
        "... (30 more rows)\n");
}

TEST_CASE("the print helpers place elements like apply_replica", "[layout][print]") {
  for (const TileLayout& l : {reg_tile, case_study, tmem, swz128,
                              layout_of<"S[(4, 4) : (1@laneid, 3)] + R[(2, 2) : (8, 16@laneid)] + "
                                        "3 ^ swizzle(2, 1, 2)">}) {
    for (index_t f = 0; f < l.size(); ++f) {
      std::vector<Coord> ps = detail::print::placements(l, f);
      REQUIRE(ps.size() == static_cast<std::size_t>(replica_count(l)));
      for (index_t r = 0; r < replica_count(l); ++r) {
        Coord a = apply_replica(l, f, r), b = ps[static_cast<std::size_t>(r)];
        REQUIRE(a.n == b.n);
        for (int i = 0; i < a.n; ++i) {
          REQUIRE(a.axis[i] == b.axis[i]);
          REQUIRE(a.value[i] == b.value[i]);
        }
      }
    }
  }
}

TEST_CASE("write_svg: well-formed, one <rect> per element", "[layout][print]") {
  struct Case {
    TileLayout l;
    Shape s;
  };
  for (const Case& c :
       {Case{case_study, shape(8, 16)}, Case{reg_tile, shape(64, 12)},
        Case{relu_tile, shape(64, 4)}, Case{swz128, shape(8, 64)}, Case{S(64, 64), shape(64, 64)},
        Case{S(8), shape(8)}, Case{S(2, 2, 2), shape(2, 2, 2)}}) {
    std::string text = svg(c.l, c.s);
    INFO(to_string(c.l));
    CHECK(text.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
    std::string tail = text.substr(text.find_last_not_of("\n") + 1 - 6);
    CHECK(tail.substr(0, 6) == "</svg>");
    CHECK(count(text, "<rect") == static_cast<std::size_t>(c.s.size()));
    CHECK(count(text, "<text") == count(text, "</text>"));
    CHECK(count(text, "<g") == count(text, "</g>"));
    CHECK(count(text, "<svg") == 1);
  }
  std::string cs = svg(case_study, shape(8, 16));
  CHECK(count(cs, ">w5|w9 l0<tspan") == 2); // (0, 0) and (0, 1): lane 0 of warps 5 and 9
  CHECK(count(cs, ">r1</tspan>") == 64);
  CHECK(count(cs, "label: w=warpid l=laneid r=m (register slot)") == 1); // print_layout's key
  // every cell's two lines are print_layout's cell, in the same order
  for (const Case& c : {Case{case_study, shape(8, 16)}, Case{reg_tile, shape(2, 32, 3, 4)}}) {
    const std::string pic = svg(c.l, c.s);
    const std::vector<Axis> v = detail::print::used_axes(c.l);
    std::size_t at = 0;
    for (index_t flat = 0; flat < c.s.size(); ++flat) {
      const std::string cell = detail::print::cell_text(c.l, v, flat); // "w5|w9 l0 r1"
      const std::size_t space = cell.rfind(' ');
      std::string who(">"), slot(">"); // (appended: g++ 12 misreads the + chain, -Wrestrict)
      who.append(cell, 0, space).append("<tspan");
      slot.append(cell, space + 1).append("</tspan>");
      const std::size_t p = pic.find(who, at);
      REQUIRE(p != std::string::npos);
      const std::size_t q = pic.find(slot, p);
      REQUIRE(q == pic.find("</tspan>", p) - (cell.size() - space));
      at = q;
    }
  }
  // a window: 3 x 5 cells of the tensor-memory layout
  std::string t =
      svg(tmem, shape(256, 112), {.window = {.row_begin = 126, .max_rows = 3, .max_cols = 5}});
  CHECK(count(t, "<rect") == 15);
  CHECK(count(t, ">L0 C112<") == 1);
  // colours: one legend swatch per thread; the same thread, the same colour
  std::string r = svg(relu_tile, shape(64, 4));
  CHECK(count(r, "<circle") == 64);
  CHECK(count(r, "fill=\"" + detail::print::color(37) + "\"") == 4 + 1);
}
