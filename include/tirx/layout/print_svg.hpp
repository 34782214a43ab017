// SVG pictures of a layout (host only).
//
//   tirx::write_svg(file, L, shape(64, 12))   who holds each element, as a coloured grid
//
// The grid is the folded 2-D view of the shape that the text tables of
// print_table.hpp show, and shares their helpers. Plain SVG 1.1 text, written
// with std::ostream; empty under NVRTC.
#pragma once

#include <tirx/layout/format.hpp>
#include <tirx/layout/print_table.hpp>
#include <tirx/layout/tile_layout.hpp>

#if !defined(__CUDACC_RTC__)

#include <algorithm>
#include <cstdio>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace tirx {

// -- options --------------------------------------------------------------------

/// How write_svg colours a cell. automatic: by thread for a layout on thread
/// axes (hue from the lane, shade from the warp), by `memory` otherwise.
/// memory: the 16-byte chunk inside a swizzle row (m >> M, low B bits) for a
/// swizzled layout, TLane for a tensor-memory layout, m % 32 otherwise.
enum class ColorBy { automatic, thread, lane, warp, memory };

struct SvgOptions {
  PrintWindow window{};
  ColorBy color_by = ColorBy::automatic;
  int font_size = 11;     ///< px; cells grow to fit their labels
  int max_legend = 64;    ///< legend entries shown, the rest counted
  std::string title = {}; ///< default: the notation and the shape
};

namespace detail::print {

// -- colours ------------------------------------------------------------------

/// A stable colour for a key: 32 hues in bit-reversed order (keys 0..1 are
/// 180 degrees apart, 0..3 90, 0..7 45, ...), 4 shades for key / 32. Light
/// enough for black text.
inline std::string color(index_t key) {
  if (key < 0)
    key = -key;
  const double shade_l[4] = {0.80, 0.67, 0.88, 0.59};
  const double shade_s[4] = {0.75, 0.65, 0.70, 0.55};
  int hue_i = static_cast<int>(key % 32);
  int shade = static_cast<int>((key / 32) % 4);
  int rev = 0;
  for (int b = 0; b < 5; ++b)
    rev |= ((hue_i >> b) & 1) << (4 - b);
  double h = static_cast<double>(rev) / 32.0;
  double l = shade_l[shade], s = shade_s[shade];
  double q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  double p = 2 * l - q;
  auto channel = [&](double t) {
    if (t < 0)
      t += 1;
    if (t > 1)
      t -= 1;
    double c = t < 1.0 / 6   ? p + (q - p) * 6 * t
               : t < 0.5     ? q
               : t < 2.0 / 3 ? p + (q - p) * (2.0 / 3 - t) * 6
                             : p;
    return static_cast<int>(c * 255 + 0.5);
  };
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", channel(h + 1.0 / 3), channel(h),
                channel(h - 1.0 / 3));
  return buf;
}

inline std::string xml_escape(const std::string& s) {
  std::string r;
  for (char ch : s) {
    if (ch == '&')
      r += "&amp;";
    else if (ch == '<')
      r += "&lt;";
    else if (ch == '>')
      r += "&gt;";
    else if (ch == '"')
      r += "&quot;";
    else
      r += ch;
  }
  return r;
}

// -- the cells ------------------------------------------------------------------

/// Linear thread index in the CTA of a placement.
inline index_t thread_index(const Coord& c) {
  return c[axes::tx] + c[axes::tid_in_wg] + c[axes::laneid] +
         32 * (c[axes::warpid] + c[axes::wid_in_wg]) + 128 * c[axes::wgid];
}

/// The 16-byte chunk inside a swizzle row of a memory offset: m >> M, low B bits.
inline index_t swizzle_chunk(const Swizzle& swz, index_t m) {
  return (m >> swz.base) & ((index_t{1} << swz.bits) - 1);
}

/// What the picture shows, from the layout and SvgOptions::color_by.
struct SvgStyle {
  ColorBy by = ColorBy::thread; ///< never automatic
  bool threads = false;         ///< on thread axes: cells say `w1 l5` over `r4`
  bool uses_tlane = false;      ///< a tensor-memory layout
};

inline SvgStyle svg_style(const TileLayout& l, const std::vector<Axis>& v, ColorBy by) {
  SvgStyle st{};
  st.threads = uses_thread_axis(l);
  st.by = by != ColorBy::automatic ? by : st.threads ? ColorBy::thread : ColorBy::memory;
  for (const Axis& a : v)
    st.uses_tlane = st.uses_tlane || a == axes::TLane;
  return st;
}

/// The colour key of a placement (see ColorBy).
inline index_t color_key(const TileLayout& l, const SvgStyle& st, const Coord& c) {
  index_t tid = thread_index(c);
  switch (st.by) {
  case ColorBy::lane:
    return tid % 32;
  case ColorBy::warp:
    return tid / 32;
  case ColorBy::memory:
    if (l.swz.active())
      return swizzle_chunk(l.swz, c[axes::m]);
    if (st.uses_tlane)
      return c[axes::TLane];
    return c[axes::m] % 32;
  default:
    return tid;
  }
}

struct SvgCell {
  std::string line1, line2; ///< the label; line2 may be empty
  index_t key = 0;          ///< the colour key of the first placement
};

/// One element: the print_layout cell, for a thread layout split into its
/// thread coordinates (`w5|w9 l0`) over its register slot (`r1`), for a
/// swizzled layout over its chunk.
inline SvgCell svg_cell(const TileLayout& l, const std::vector<Axis>& v, const SvgStyle& st,
                        index_t flat) {
  std::vector<Coord> ps = placements(l, flat);
  SvgCell cell{};
  if (st.threads) {
    std::vector<Axis> who, slot;
    for (const Axis& a : v)
      (a == axes::m ? slot : who).push_back(a);
    cell.line1 = cell_text(l, who, flat);
    cell.line2 = cell_text(l, slot, flat);
  } else {
    cell.line1 = cell_text(l, v, flat);
    if (l.swz.active())
      cell.line2 = "ch" + std::to_string(swizzle_chunk(l.swz, ps.front()[axes::m]));
  }
  cell.key = color_key(l, st, ps.front());
  return cell;
}

/// The cells of the window, row by row, and what sizing and the legend need.
struct SvgGrid {
  Range rows, cols; ///< the window, in rows and columns of the folded view
  std::vector<std::vector<SvgCell>> cells;
  std::map<index_t, bool> keys; ///< the colour keys used, in order
  std::size_t longest = 3;      ///< the longest label line (at least 3)
  bool two_lines = false;       ///< some cell has a second line
};

inline SvgGrid svg_grid(const TileLayout& l, const Shape& shape, const std::vector<Axis>& v,
                        const SvgStyle& st, const PrintWindow& win) {
  SvgGrid g{};
  Fold f = fold(shape);
  g.rows = clip(f.rows, win.row_begin, win.max_rows);
  g.cols = clip(f.cols, win.col_begin, win.max_cols);
  for (index_t i = g.rows.begin; i < g.rows.end; ++i) {
    g.cells.emplace_back();
    for (index_t j = g.cols.begin; j < g.cols.end; ++j) {
      SvgCell cell = svg_cell(l, v, st, i * f.cols + j);
      g.keys[cell.key] = true;
      g.longest = std::max({g.longest, cell.line1.size(), cell.line2.size()});
      g.two_lines = g.two_lines || !cell.line2.empty();
      g.cells.back().push_back(cell);
    }
  }
  return g;
}

// -- the texts and the geometry -------------------------------------------------

/// What the legend writes before each key: "T37", "lane 5", "m%32=3", ...
inline std::string legend_name(const TileLayout& l, const SvgStyle& st) {
  return st.by == ColorBy::lane     ? "lane "
         : st.by == ColorBy::warp   ? "warp "
         : st.by == ColorBy::thread ? "T"
         : l.swz.active()           ? "chunk "
         : st.uses_tlane            ? "TLane "
                                    : "m%32=";
}

/// The line above the legend: what the colours and the labels mean.
inline std::string svg_caption(const TileLayout& l, const std::vector<Axis>& v,
                               const SvgStyle& st) {
  return std::string("colour: ") +
         (st.by == ColorBy::thread ? "thread T = 32 x warp + lane (hue: lane, shade: warp)"
          : st.by == ColorBy::lane ? "lane"
          : st.by == ColorBy::warp ? "warp"
          : l.swz.active()         ? "16-byte chunk in the swizzle row (m >> M)"
          : st.uses_tlane          ? "tensor-memory lane"
                                   : "offset % 32") +
         "; label: " + axis_key(l, v) +
         (l.swz.active() && !st.threads ? ", ch = 16-byte chunk" : "");
}

/// Sizes and positions in px: cells grow to fit the longest label, the
/// legend wraps at the grid's width (480 px at least).
struct SvgGeometry {
  int fs = 0;                          ///< font size
  double char_w = 0;                   ///< width of a character
  int cw = 0, ch = 0;                  ///< cell width and height
  int left = 0, top = 0;               ///< the grid's top left corner
  index_t nr = 0, nc = 0;              ///< rows and columns of cells
  int grid_h = 0;                      ///< the grid's height
  int entry_w = 0, per_row = 0;        ///< legend entries: width, how many a row
  int shown = 0;                       ///< legend entries shown
  bool legend_cut = false;             ///< some are left out
  int legend_top = 0, legend_rows = 0; ///< the legend's top, its lines with the caption
  int width = 0, height = 0;           ///< the picture's size
};

inline SvgGeometry svg_geometry(const SvgGrid& g, const SvgOptions& opt, const std::string& legend,
                                const std::string& caption, const std::string& title) {
  SvgGeometry s{};
  s.fs = opt.font_size > 4 ? opt.font_size : 4;
  s.char_w = 0.62 * s.fs;
  s.cw = std::max(2 * s.fs + 8, static_cast<int>(s.char_w * static_cast<double>(g.longest)) + 10);
  s.ch = g.two_lines ? 2 * s.fs + 12 : s.fs + 14;
  s.left = static_cast<int>(s.char_w * 8) + 8; // room for the row labels
  s.top = 2 * s.fs + 24;
  s.nr = g.rows.end - g.rows.begin;
  s.nc = g.cols.end - g.cols.begin;
  const int grid_w = static_cast<int>(s.nc) * s.cw;
  s.grid_h = static_cast<int>(s.nr) * s.ch;

  const int nkeys = static_cast<int>(g.keys.size());
  s.entry_w = static_cast<int>(s.char_w * static_cast<double>(legend.size() + 5)) + s.fs + 10;
  s.per_row = std::max(1, std::max(grid_w, 480) / s.entry_w);
  s.shown = std::min(nkeys, std::max(opt.max_legend, 0));
  s.legend_cut = nkeys > s.shown;
  s.legend_rows = 1 + (s.shown + s.per_row - 1) / s.per_row + (s.legend_cut ? 1 : 0);
  s.legend_top = s.top + s.grid_h + 16;

  const int text_w = static_cast<int>(
      s.char_w * static_cast<double>(std::max(caption.size(), title.size() + title.size() / 10)));
  s.width = std::max(s.left + std::max(grid_w, s.per_row * s.entry_w), text_w) + 16;
  s.height = s.legend_top + s.legend_rows * (s.fs + 8) + 12;
  return s;
}

// -- the parts of the picture ---------------------------------------------------

/// The <svg> element, its <title> and the title line.
inline void svg_open(std::ostream& os, const SvgGeometry& s, const std::string& title) {
  os << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << s.width << "\" height=\""
     << s.height << "\" viewBox=\"0 0 " << s.width << " " << s.height
     << "\" font-family=\"monospace\" style=\"background:#ffffff\">\n";
  os << "<title>" << xml_escape(title) << "</title>\n";
  os << "<text x=\"4\" y=\"" << s.fs + 4 << "\" font-size=\"" << s.fs + 1 << "\">"
     << xml_escape(title) << "</text>\n";
}

/// Column numbers above the grid, row labels left of it.
inline void svg_headings(std::ostream& os, const SvgGeometry& s, const SvgGrid& g,
                         const Shape& shape) {
  os << "<g font-size=\"" << s.fs << "\" fill=\"#555555\" text-anchor=\"middle\">\n";
  for (index_t j = 0; j < s.nc; ++j)
    os << "<text x=\"" << s.left + static_cast<int>(j) * s.cw + s.cw / 2 << "\" y=\"" << s.top - 6
       << "\">" << g.cols.begin + j << "</text>\n";
  os << "</g>\n<g font-size=\"" << s.fs << "\" fill=\"#555555\" text-anchor=\"end\">\n";
  for (index_t i = 0; i < s.nr; ++i)
    os << "<text x=\"" << s.left - 6 << "\" y=\""
       << s.top + static_cast<int>(i) * s.ch + s.ch / 2 + s.fs / 3 << "\">"
       << xml_escape(row_label(shape, g.rows.begin + i)) << "</text>\n";
  os << "</g>\n";
}

/// One <rect> per cell, with its label on one or two lines.
inline void svg_cells(std::ostream& os, const SvgGeometry& s, const SvgGrid& g) {
  os << "<g font-size=\"" << s.fs << "\" text-anchor=\"middle\">\n";
  for (index_t i = 0; i < s.nr; ++i)
    for (index_t j = 0; j < s.nc; ++j) {
      const SvgCell& c = g.cells[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
      int x = s.left + static_cast<int>(j) * s.cw, y = s.top + static_cast<int>(i) * s.ch;
      os << "<rect class=\"cell\" x=\"" << x << "\" y=\"" << y << "\" width=\"" << s.cw
         << "\" height=\"" << s.ch << "\" fill=\"" << color(c.key)
         << "\" stroke=\"#333333\" stroke-width=\"0.5\"/>";
      int cx = x + s.cw / 2;
      if (c.line2.empty()) {
        os << "<text x=\"" << cx << "\" y=\"" << y + s.ch / 2 + s.fs / 3 << "\">"
           << xml_escape(c.line1) << "</text>\n";
      } else {
        os << "<text x=\"" << cx << "\" y=\"" << y + s.fs + 3 << "\">" << xml_escape(c.line1)
           << "<tspan x=\"" << cx << "\" dy=\"" << s.fs + 2 << "\">" << xml_escape(c.line2)
           << "</tspan></text>\n";
      }
    }
  os << "</g>\n";
}

/// The caption and a swatch (a circle, so that every <rect> is a cell) per
/// colour key, then the count of those left out; closes the <svg>.
inline void svg_legend(std::ostream& os, const SvgGeometry& s, const SvgGrid& g,
                       const std::string& caption, const std::string& legend) {
  os << "<g font-size=\"" << s.fs << "\">\n";
  os << "<text x=\"4\" y=\"" << s.legend_top + s.fs << "\">" << xml_escape(caption) << "</text>\n";
  int n = 0;
  for (const auto& kv : g.keys) {
    if (n == s.shown)
      break;
    int x = 4 + (n % s.per_row) * s.entry_w;
    int y = s.legend_top + (n / s.per_row + 1) * (s.fs + 8) + s.fs;
    os << "<circle cx=\"" << x + s.fs / 2 << "\" cy=\"" << y - s.fs / 3 << "\" r=\"" << s.fs / 2
       << "\" fill=\"" << color(kv.first) << "\" stroke=\"#333333\" stroke-width=\"0.5\"/>"
       << "<text x=\"" << x + s.fs + 4 << "\" y=\"" << y << "\">" << xml_escape(legend) << kv.first
       << "</text>\n";
    ++n;
  }
  if (s.legend_cut)
    os << "<text x=\"4\" y=\"" << s.legend_top + (s.legend_rows - 1) * (s.fs + 8) + s.fs
       << "\">... " << g.keys.size() - static_cast<std::size_t>(s.shown) << " more</text>\n";
  os << "</g>\n</svg>\n";
}

} // namespace detail::print

// -- SVG ------------------------------------------------------------------------

/// An SVG picture of the folded 2-D view of shape: one <rect> per element
/// (and no other <rect>), coloured by owner (see ColorBy), labelled
/// `T<tid>` / `V<slot>` for a thread layout (tid = linear thread index in
/// the CTA, slot = m), or with the print_layout cell for a memory layout;
/// a legend of the colours below. Plain SVG 1.1 text.
inline void write_svg(std::ostream& os, const TileLayout& l, const Shape& shape,
                      const SvgOptions& opt = {}) {
  namespace pr = detail::print;
  const std::vector<Axis> v = pr::used_axes(l);
  const pr::SvgStyle st = pr::svg_style(l, v, opt.color_by);
  const pr::SvgGrid grid = pr::svg_grid(l, shape, v, st, opt.window);
  const std::string title =
      opt.title.empty() ? to_string(l) + " over " + to_string(shape) : opt.title;
  const std::string caption = pr::svg_caption(l, v, st);
  const std::string legend = pr::legend_name(l, st);
  const pr::SvgGeometry geo = pr::svg_geometry(grid, opt, legend, caption, title);
  pr::svg_open(os, geo, title);
  pr::svg_headings(os, geo, grid, shape);
  pr::svg_cells(os, geo, grid);
  pr::svg_legend(os, geo, grid, caption, legend);
}

} // namespace tirx

#endif // !defined(__CUDACC_RTC__)
