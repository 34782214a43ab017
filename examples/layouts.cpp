// Prints a few layouts: their notation, who holds each element (a corner of
// the table), what each thread holds, and writes an SVG picture of each.
//
//   layouts [DIR]     SVG files go to DIR (default: the current directory)
#include <tirx/layout/parse.hpp>
#include <tirx/layout/print.hpp>

#include <fstream>
#include <iostream>
#include <string>

namespace {

std::string g_dir = ".";
int g_failed = 0;

void svg(const std::string& name, const tirx::TileLayout& l, const tirx::Shape& s,
         const tirx::SvgOptions& opt = {}) {
  std::string path = g_dir + "/" + name;
  std::ofstream f(path);
  tirx::write_svg(f, l, s, opt);
  if (!f) {
    std::cerr << "cannot write " << path << "\n";
    ++g_failed;
    return;
  }
  std::cout << "  -> " << path << "\n";
}

void heading(const char* what, const tirx::TileLayout& l, const tirx::Shape& s) {
  std::cout << "\n== " << what << "\n"
            << tirx::to_string(l) << "  over " << tirx::to_string(s) << "\n";
}

} // namespace

int main(int argc, char** argv) {
  using namespace tirx;
  if (argc > 1)
    g_dir = argv[1];

  { // seed register tile: 64 threads x 12 floats, 3 x 4 per thread
    constexpr TileLayout l = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;
    constexpr Shape s = shape(64, 12);
    heading("register tile: 64 threads x 12 values (2, 32, 3, 4) seen as 64 x 12", l, s);
    print_layout(std::cout, l, s, {.max_rows = 4});
    print_threads(std::cout, l, s, {.row_begin = 30, .max_rows = 4});
    svg("reg_64x12.svg", l, s);
  }
  { // affine_relu: 64 threads x 4 values
    constexpr TileLayout l = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;
    constexpr Shape s = shape(64, 4);
    heading("affine_relu: (2, 32, 4) seen as 64 x 4, rows 30..33 (warp boundary)", l, s);
    print_layout(std::cout, l, s, {.row_begin = 30, .max_rows = 4});
    print_threads(std::cout, l, s, {.row_begin = 30, .max_rows = 4});
    svg("affine_relu_64x4.svg", l, s);
  }
  { // the TIRx case study: warps 5, 6 with a replica on warps 9, 10
    constexpr TileLayout l = layout_of<
        "S[(8, 2, 4, 2) : (4@laneid, 1@warpid, 1@laneid, 1)] + R[2 : 4@warpid] + 5@warpid">;
    constexpr Shape s = shape(8, 16);
    heading("TIRx case study: 8 x 16 on warps 5, 6, replicated on warps 9, 10", l, s);
    print_layout(std::cout, l, s, {.max_rows = 4, .max_cols = 8});
    print_threads(std::cout, l, s, {.max_rows = 4});
    svg("case_study_8x16.svg", l, s);
  }
  { // tensor memory: 256 x 112 accumulator, rows 128.. in columns 112..
    constexpr TileLayout l = layout_of<"S[(2, 128, 112) : (112@TCol, 1@TLane, 1@TCol)]">;
    constexpr Shape s = shape(256, 112);
    heading("tensor memory: 256 x 112 in 128 lanes x 224 columns (corners)", l, s);
    print_layout(std::cout, l, s, {.max_rows = 2, .max_cols = 6});
    print_layout(std::cout, l, s, {.row_begin = 127, .max_rows = 2, .max_cols = 6});
    print_threads(std::cout, l, s, {.max_rows = 2, .max_cols = 6});
    print_threads(std::cout, l, s, {.col_begin = 110, .max_rows = 2, .max_cols = 4});
    svg("tmem_corner_16x16.svg", l, s, {.window = {.max_rows = 16, .max_cols = 16}});
  }
  { // 128-byte swizzle of an (8, 64) float16 tile: 16-byte chunk of each element
    constexpr TileLayout l = S(8, 64) ^ swizzle_for(SwizzleMode::b128, 2);
    static_assert(l == layout_of<"S[(8, 64) : (64, 1)] ^ swizzle(3, 3, 3)">);
    constexpr Shape s = shape(8, 64);
    heading("128-byte swizzle, (8, 64) float16 (16-byte chunks of 8 elements)", l, s);
    std::cout << "cell: the 16-byte chunk (m >> 3) & 7 that logical chunk c (columns 8c..8c+7) of "
                 "row r lands in: r ^ c\n";
    print_table(std::cout, shape(8, 8), [&](index_t flat) {
      return std::to_string((apply(l, flat * 8)[axes::m] >> 3) & 7);
    });
    print_layout(std::cout, l, s, {.max_rows = 3, .max_cols = 12});
    svg("swizzle128_f16_8x64.svg", l, s);
  }
  return g_failed == 0 ? 0 : 1;
}
