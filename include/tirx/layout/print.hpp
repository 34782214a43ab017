// Printing layouts (host only): the TIRx notation, tables and SVG pictures.
//
//   tirx::to_string(L)                 "S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]"
//   tirx::print_layout(std::cout, L, shape(64, 12))    who holds each element, where
//   tirx::print_threads(std::cout, L, shape(64, 12))   what each thread holds, per slot
//   tirx::write_svg(file, L, shape(64, 12))            the same as a coloured grid
//
// to_string() gives text that parse_layout() reads back to an equal value.
// The tables show a 1-D shape as one row and a 2-D shape as rows x columns;
// a higher rank is folded: the last mode gives the columns, the leading ones
// the rows. Since a layout sees only the row-major flat index, any shape of
// the same size can be used to view it (a (2, 32, 3, 4) tile as 64 x 12).
//
// Everything here is plain host code (std::string, std::ostream). The
// header can be included from a .cu file; it is empty under NVRTC, which has
// no C++ standard library.
#pragma once

#include <tirx/layout/tile_layout.hpp>

#if !defined(__CUDACC_RTC__)

#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace tirx {

// -- the notation -------------------------------------------------------------

/// The name of an axis: "laneid", "m", or a user axis's name.
inline std::string to_string(const Axis& a) {
  char buf[16] = {};
  a.name(buf);
  return buf;
}

/// `4` (on m) or `1@laneid`.
inline std::string to_string(const Term& t) {
  std::string s = std::to_string(t.value);
  if (!(t.axis == Axis{0}))
    s += "@" + to_string(t.axis);
  return s;
}

/// The TIRx notation of a layout, e.g.
/// `S[(8, 2, 4, 2) : (4@laneid, 1@warpid, 1@laneid, 1)] + R[2 : 4@warpid] + 5@warpid`,
/// with ` ^ swizzle(B, M, S)` for a swizzle. parse_layout() reads it back to
/// an equal value (user axes must be of kind user and not named like a
/// built-in axis, which the notation cannot tell apart).
inline std::string to_string(const TileLayout& l) {
  auto iters = [](const Iter* it, int n) {
    std::string ext, str;
    for (int i = 0; i < n; ++i) {
      if (i > 0) {
        ext += ", ";
        str += ", ";
      }
      ext += std::to_string(it[i].extent);
      str += to_string(Term{it[i].stride, it[i].axis});
    }
    if (n == 1)
      return ext + " : " + str;
    return "(" + ext + ") : (" + str + ")";
  };
  std::string s = "S[" + iters(l.shard, l.rank) + "]";
  if (l.nreplica > 0)
    s += " + R[" + iters(l.replica, l.nreplica) + "]";
  for (int i = 0; i < l.noffset; ++i)
    s += " + " + to_string(l.offset[i]);
  if (!(l.swz == Swizzle{}))
    s += " ^ swizzle(" + std::to_string(l.swz.bits) + ", " + std::to_string(l.swz.base) + ", " +
         std::to_string(l.swz.shift) + ")";
  return s;
}

/// `(8, 16)`.
inline std::string to_string(const Shape& s) {
  std::string r = "(";
  for (int i = 0; i < s.rank; ++i)
    r += (i > 0 ? ", " : "") + std::to_string(s.dims[i]);
  return r + ")";
}

// -- options --------------------------------------------------------------------

/// Which part of the (folded, 2-D) table to show: rows [row_begin,
/// row_begin + max_rows) and likewise columns; 0 means "all the rest".
/// For print_threads the rows are threads and the columns slots.
struct PrintWindow {
  index_t row_begin = 0;
  index_t col_begin = 0;
  index_t max_rows = 0;
  index_t max_cols = 0;
};

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

// Built-in axes in the order a cell lists them (outer to inner, memory last),
// with the prefix a cell writes before the value.
struct AxisInfo {
  index_t code;
  const char* prefix;
  int order;
};
inline constexpr AxisInfo axis_info[] = {
    {10, "cbx", 0}, {11, "cby", 1}, {12, "cbz", 2}, {7, "bx", 3},  {8, "by", 4},
    {9, "bz", 5},   {3, "g", 6},    {2, "w", 7},    {5, "wi", 8},  {4, "ti", 9},
    {6, "t", 10},   {1, "l", 11},   {13, "L", 13},  {14, "C", 14}, {0, "r", 15},
};

inline int axis_order(const Axis& a) {
  for (const AxisInfo& i : axis_info)
    if (i.code == a.code)
      return i.order;
  return 12; // user axes: between the thread axes and the memory axes
}

inline bool uses_thread_axis(const TileLayout& l) {
  for (int i = 0; i < l.rank; ++i)
    if (l.shard[i].axis.is_thread())
      return true;
  for (int i = 0; i < l.nreplica; ++i)
    if (l.replica[i].axis.is_thread())
      return true;
  for (int i = 0; i < l.noffset; ++i)
    if (l.offset[i].axis.is_thread())
      return true;
  return false;
}

/// The axes a layout places values on, in display order.
inline std::vector<Axis> used_axes(const TileLayout& l) {
  std::vector<Axis> v;
  auto add = [&](const Axis& a) {
    for (const Axis& b : v)
      if (b == a)
        return;
    v.push_back(a);
  };
  for (int i = 0; i < l.rank; ++i)
    add(l.shard[i].axis);
  for (int i = 0; i < l.nreplica; ++i)
    add(l.replica[i].axis);
  for (int i = 0; i < l.noffset; ++i)
    add(l.offset[i].axis);
  std::stable_sort(v.begin(), v.end(), [](const Axis& a, const Axis& b) {
    if (axis_order(a) != axis_order(b))
      return axis_order(a) < axis_order(b);
    return a.code < b.code;
  });
  return v;
}

/// "w" for warpid, "r" for m in a thread layout (a register slot), "" for m
/// when it is the only axis (a plain memory offset), "m" for m otherwise,
/// "name=" for a user axis.
inline std::string axis_prefix(const TileLayout& l, const Axis& a) {
  if (a == Axis{0}) {
    if (uses_thread_axis(l))
      return "r";
    return used_axes(l).size() == 1 ? "" : "m";
  }
  for (const AxisInfo& i : axis_info)
    if (i.code == a.code)
      return i.prefix;
  return to_string(a) + "=";
}

/// The key line of a table: "w=warpid l=laneid r=m (register slot)".
inline std::string axis_key(const TileLayout& l, const std::vector<Axis>& v) {
  std::string s;
  for (const Axis& a : v) {
    std::string p = axis_prefix(l, a);
    if (!s.empty())
      s += " ";
    if (p.empty())
      s += "m (element offset)";
    else if (p.back() == '=')
      s += to_string(a);
    else
      s += p + "=" + to_string(a);
    if (a == Axis{0} && p == "r")
      s += " (register slot)";
  }
  return s;
}

/// Every placement of a flat index: one Coord per replica combination.
inline std::vector<Coord> placements(const TileLayout& l, index_t flat) {
  std::vector<Coord> v;
  index_t n = replica_count(l);
  v.reserve(static_cast<std::size_t>(n));
  for (index_t r = 0; r < n; ++r)
    v.push_back(apply_replica(l, flat, r));
  return v;
}

inline void add_unique(std::vector<index_t>& v, index_t x) {
  if (std::find(v.begin(), v.end(), x) == v.end())
    v.push_back(x);
}

/// Linear thread index in the CTA of a placement.
inline index_t thread_index(const Coord& c) {
  return c[axes::tx] + c[axes::tid_in_wg] + c[axes::laneid] +
         32 * (c[axes::warpid] + c[axes::wid_in_wg]) + 128 * c[axes::wgid];
}

/// One cell of print_layout: per axis the values of all placements,
/// "w5|w9 l0 r1".
inline std::string cell_text(const TileLayout& l, const std::vector<Axis>& v, index_t flat) {
  std::vector<Coord> ps = placements(l, flat);
  std::string s;
  for (const Axis& a : v) {
    std::vector<index_t> vals;
    for (const Coord& c : ps)
      add_unique(vals, c[a]);
    std::string p = axis_prefix(l, a);
    if (!s.empty())
      s += " ";
    for (std::size_t i = 0; i < vals.size(); ++i)
      s += (i > 0 ? "|" : "") + p + std::to_string(vals[i]);
  }
  return s;
}

/// Rows and columns of the folded 2-D view of a shape.
struct Fold {
  index_t rows = 1;
  index_t cols = 1;
};
inline Fold fold(const Shape& s) {
  Fold f{};
  if (s.rank == 0)
    return f;
  f.cols = s.dims[s.rank - 1];
  f.rows = s.size() / f.cols;
  return f;
}

/// "5" for a 2-D shape, "1,5" for the leading modes of a 4-D one, "" for 1-D.
inline std::string row_label(const Shape& s, index_t row) {
  if (s.rank <= 1)
    return "";
  std::string r;
  for (int i = s.rank - 2; i >= 0; --i) {
    std::string d = std::to_string(row % s.dims[i]);
    row /= s.dims[i];
    r = (i > 0 ? "," : "") + d + r;
  }
  return r;
}

/// "37,3": the logical coordinate of a flat index.
inline std::string coord_text(const Shape& s, index_t flat) {
  if (s.rank == 0)
    return "0";
  std::string r;
  for (int i = s.rank - 1; i >= 0; --i) {
    std::string d = std::to_string(flat % s.dims[i]);
    flat /= s.dims[i];
    r = (i > 0 ? "," : "") + d + r;
  }
  return r;
}

struct Range {
  index_t begin = 0;
  index_t end = 0;
};
inline Range clip(index_t n, index_t begin, index_t max) {
  Range r{};
  r.begin = std::min(std::max<index_t>(begin, 0), n);
  r.end = max > 0 ? std::min(n, r.begin + max) : n;
  return r;
}

/// Writes a right-aligned text table; `more` counts the rows left out below.
inline void write_table(std::ostream& os, const std::vector<std::string>& col_heads,
                        const std::vector<std::string>& row_heads,
                        const std::vector<std::vector<std::string>>& cells, bool cols_cut,
                        index_t rows_left) {
  std::size_t lw = 0;
  for (const std::string& h : row_heads)
    lw = std::max(lw, h.size());
  std::vector<std::size_t> w(col_heads.size());
  for (std::size_t j = 0; j < col_heads.size(); ++j) {
    w[j] = col_heads[j].size();
    for (const auto& row : cells)
      w[j] = std::max(w[j], row[j].size());
  }
  auto pad = [](const std::string& s, std::size_t n) {
    return std::string(n > s.size() ? n - s.size() : 0, ' ') + s;
  };
  std::string line = pad("", lw);
  for (std::size_t j = 0; j < col_heads.size(); ++j)
    line += "  " + pad(col_heads[j], w[j]);
  if (cols_cut)
    line += "  ...";
  os << line << "\n";
  for (std::size_t i = 0; i < cells.size(); ++i) {
    line = row_heads[i] + std::string(lw - row_heads[i].size(), ' ');
    for (std::size_t j = 0; j < col_heads.size(); ++j)
      line += "  " + pad(cells[i][j], w[j]);
    if (cols_cut)
      line += "  ...";
    os << line << "\n";
  }
  if (rows_left > 0)
    os << "... (" << rows_left << " more rows)\n";
}

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

} // namespace detail::print

// -- tables -----------------------------------------------------------------

/// A table over the folded 2-D view of shape whose cells are cell(flat);
/// the building block of print_layout, for custom views (e.g. the 16-byte
/// chunk of each element of a swizzled tile).
inline void print_table(std::ostream& os, const Shape& shape,
                        const std::function<std::string(index_t flat)>& cell,
                        const PrintWindow& win = {}) {
  namespace pr = detail::print;
  pr::Fold f = pr::fold(shape);
  pr::Range rr = pr::clip(f.rows, win.row_begin, win.max_rows);
  pr::Range cr = pr::clip(f.cols, win.col_begin, win.max_cols);
  std::vector<std::string> col_heads, row_heads;
  std::vector<std::vector<std::string>> cells;
  for (index_t j = cr.begin; j < cr.end; ++j)
    col_heads.push_back(std::to_string(j));
  for (index_t i = rr.begin; i < rr.end; ++i) {
    row_heads.push_back(pr::row_label(shape, i));
    cells.emplace_back();
    for (index_t j = cr.begin; j < cr.end; ++j)
      cells.back().push_back(cell(i * f.cols + j));
  }
  pr::write_table(os, col_heads, row_heads, cells, cr.end < f.cols, f.rows - rr.end);
}

/// Per element of shape: who holds it and where. A thread layout gives
/// `w1 l5 r3` (warp 1, lane 5, register slot 3), a memory layout the offset;
/// replicas are listed per axis, `w5|w9 l0 r0`. The first line is the key.
inline void print_layout(std::ostream& os, const TileLayout& l, const Shape& shape,
                         const PrintWindow& win = {}) {
  namespace pr = detail::print;
  std::vector<Axis> v = pr::used_axes(l);
  os << "cell: " << pr::axis_key(l, v);
  if (l.nreplica > 0)
    os << "; a|b: replicas";
  os << "\n";
  print_table(
      os, shape, [&](index_t flat) { return pr::cell_text(l, v, flat); }, win);
}

/// Per thread: one row per thread (its thread/warp/... coordinates), one
/// column per slot on m, each cell the logical coordinate held there (the
/// "thread-value" picture). Without m the slot axis is TCol (tensor
/// memory: a row per TLane); a pure memory layout gives one row that lists
/// the element at each offset. `a|b` marks two elements in one slot.
inline void print_threads(std::ostream& os, const TileLayout& l, const Shape& shape,
                          const PrintWindow& win = {}) {
  namespace pr = detail::print;
  std::vector<Axis> v = pr::used_axes(l);
  bool has_col = false;
  Axis col_axis = Axis{0};
  for (const Axis& a : v)
    if (a == Axis{0})
      has_col = true;
  if (!has_col)
    for (const Axis& a : v)
      if (a == axes::TCol) {
        has_col = true;
        col_axis = axes::TCol;
      }
  std::vector<Axis> row_axes;
  for (const Axis& a : v)
    if (!(has_col && a == col_axis))
      row_axes.push_back(a);

  std::map<std::vector<index_t>, std::map<index_t, std::vector<std::string>>> table;
  std::vector<index_t> slots;
  for (index_t flat = 0; flat < shape.size(); ++flat) {
    std::string here = pr::coord_text(shape, flat);
    for (const Coord& c : pr::placements(l, flat)) {
      std::vector<index_t> key;
      for (const Axis& a : row_axes)
        key.push_back(c[a]);
      index_t slot = has_col ? c[col_axis] : 0;
      auto& cell = table[key][slot];
      if (std::find(cell.begin(), cell.end(), here) == cell.end())
        cell.push_back(here);
      pr::add_unique(slots, slot);
    }
  }
  std::sort(slots.begin(), slots.end());

  os << "row: " << (row_axes.empty() ? std::string("-") : pr::axis_key(l, row_axes))
     << "; column: " << (has_col ? pr::axis_key(l, {col_axis}) : std::string("-"))
     << "; cell: logical coordinate " << to_string(shape) << "\n";
  index_t nrows = static_cast<index_t>(table.size());
  index_t ncols = static_cast<index_t>(slots.size());
  pr::Range rr = pr::clip(nrows, win.row_begin, win.max_rows);
  pr::Range cr = pr::clip(ncols, win.col_begin, win.max_cols);
  std::vector<std::string> col_heads, row_heads;
  std::vector<std::vector<std::string>> cells;
  for (index_t j = cr.begin; j < cr.end; ++j)
    col_heads.push_back(has_col ? std::to_string(slots[static_cast<std::size_t>(j)]) : "-");
  index_t i = 0;
  for (const auto& [key, row] : table) {
    if (i >= rr.begin && i < rr.end) {
      std::string head;
      for (std::size_t k = 0; k < key.size(); ++k)
        head += (k > 0 ? " " : "") + pr::axis_prefix(l, row_axes[k]) + std::to_string(key[k]);
      row_heads.push_back(head.empty() ? "*" : head);
      cells.emplace_back();
      for (index_t j = cr.begin; j < cr.end; ++j) {
        auto it = row.find(slots[static_cast<std::size_t>(j)]);
        std::string s = ".";
        if (it != row.end()) {
          s.clear();
          for (std::size_t k = 0; k < it->second.size(); ++k)
            s += (k > 0 ? "|" : "") + it->second[k];
        }
        cells.back().push_back(s);
      }
    }
    ++i;
  }
  pr::write_table(os, col_heads, row_heads, cells, cr.end < ncols, nrows - rr.end);
}

// -- SVG ------------------------------------------------------------------------

/// An SVG picture of the folded 2-D view of shape: one <rect> per element
/// (and no other <rect>), coloured by owner (see ColorBy), labelled
/// `T<tid>` / `V<slot>` for a thread layout (tid = linear thread index in
/// the CTA, slot = m), or with the print_layout cell for a memory layout;
/// a legend of the colours below. Plain SVG 1.1 text.
inline void write_svg(std::ostream& os, const TileLayout& l, const Shape& shape,
                      const SvgOptions& opt = {}) {
  namespace pr = detail::print;
  std::vector<Axis> v = pr::used_axes(l);
  bool threads = pr::uses_thread_axis(l);
  ColorBy by = opt.color_by;
  if (by == ColorBy::automatic)
    by = threads ? ColorBy::thread : ColorBy::memory;
  bool uses_tlane = false;
  for (const Axis& a : v)
    uses_tlane = uses_tlane || a == axes::TLane;

  pr::Fold f = pr::fold(shape);
  pr::Range rr = pr::clip(f.rows, opt.window.row_begin, opt.window.max_rows);
  pr::Range cr = pr::clip(f.cols, opt.window.col_begin, opt.window.max_cols);

  struct Cell {
    std::string line1, line2;
    index_t key = 0;
  };
  auto color_key = [&](const Coord& c) -> index_t {
    index_t tid = pr::thread_index(c);
    switch (by) {
    case ColorBy::lane:
      return tid % 32;
    case ColorBy::warp:
      return tid / 32;
    case ColorBy::memory:
      if (l.swz.active())
        return (c[Axis{0}] >> l.swz.base) & ((index_t{1} << l.swz.bits) - 1);
      if (uses_tlane)
        return c[axes::TLane];
      return c[Axis{0}] % 32;
    default:
      return tid;
    }
  };
  std::vector<std::vector<Cell>> cells;
  std::map<index_t, bool> keys;
  std::size_t longest = 3;
  for (index_t i = rr.begin; i < rr.end; ++i) {
    cells.emplace_back();
    for (index_t j = cr.begin; j < cr.end; ++j) {
      index_t flat = i * f.cols + j;
      std::vector<Coord> ps = pr::placements(l, flat);
      Cell cell{};
      if (threads) {
        std::vector<index_t> tids, slots;
        for (const Coord& c : ps) {
          pr::add_unique(tids, pr::thread_index(c));
          pr::add_unique(slots, c[Axis{0}]);
        }
        for (std::size_t k = 0; k < tids.size(); ++k)
          cell.line1 += (k > 0 ? "|T" : "T") + std::to_string(tids[k]);
        for (std::size_t k = 0; k < slots.size(); ++k)
          cell.line2 += (k > 0 ? "|V" : "V") + std::to_string(slots[k]);
      } else {
        cell.line1 = pr::cell_text(l, v, flat);
        if (l.swz.active()) // the 16-byte chunk inside the swizzle row
          cell.line2 = "ch" + std::to_string((ps.front()[Axis{0}] >> l.swz.base) &
                                             ((index_t{1} << l.swz.bits) - 1));
      }
      cell.key = color_key(ps.front());
      keys[cell.key] = true;
      longest = std::max({longest, cell.line1.size(), cell.line2.size()});
      cells.back().push_back(cell);
    }
  }

  const int fs = opt.font_size > 4 ? opt.font_size : 4;
  const double char_w = 0.62 * fs;
  const int cw = std::max(2 * fs + 8, static_cast<int>(char_w * static_cast<double>(longest)) + 10);
  bool two_lines = false;
  for (const auto& row : cells)
    for (const Cell& c : row)
      two_lines = two_lines || !c.line2.empty();
  const int ch = two_lines ? 2 * fs + 12 : fs + 14;
  const int label_w = static_cast<int>(char_w * 8) + 8;
  const int left = label_w, top = 2 * fs + 24;
  const index_t nr = rr.end - rr.begin, nc = cr.end - cr.begin;
  const int grid_w = static_cast<int>(nc) * cw, grid_h = static_cast<int>(nr) * ch;

  // legend geometry
  std::string legend_name = by == ColorBy::lane     ? "lane "
                            : by == ColorBy::warp   ? "warp "
                            : by == ColorBy::thread ? "T"
                            : l.swz.active()        ? "chunk "
                            : uses_tlane            ? "TLane "
                                                    : "m%32=";
  const int entry_w =
      static_cast<int>(char_w * static_cast<double>(legend_name.size() + 5)) + fs + 10;
  const int per_row = std::max(1, std::max(grid_w, 480) / entry_w);
  const int shown = std::min(static_cast<int>(keys.size()), std::max(opt.max_legend, 0));
  const bool legend_cut = static_cast<int>(keys.size()) > shown;
  const int legend_rows = 1 + (shown + per_row - 1) / per_row + (legend_cut ? 1 : 0);
  const int legend_top = top + grid_h + 16;
  const std::string caption =
      std::string("colour: ") +
      (by == ColorBy::thread ? "thread T (hue: lane, shade: warp)"
       : by == ColorBy::lane ? "lane"
       : by == ColorBy::warp ? "warp"
       : l.swz.active()      ? "16-byte chunk in the swizzle row (m >> M)"
       : uses_tlane          ? "tensor-memory lane"
                             : "offset % 32") +
      (threads ? "; label: T = thread in CTA, V = register slot (m)"
               : "; label: " + pr::axis_key(l, v) + (l.swz.active() ? ", ch = 16-byte chunk" : ""));
  std::string title = opt.title.empty() ? to_string(l) + " over " + to_string(shape) : opt.title;
  const int text_w = static_cast<int>(
      char_w * static_cast<double>(std::max(caption.size(), title.size() + title.size() / 10)));
  const int width = std::max(left + std::max(grid_w, per_row * entry_w), text_w) + 16;
  const int height = legend_top + legend_rows * (fs + 8) + 12;

  os << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
     << "\" viewBox=\"0 0 " << width << " " << height
     << "\" font-family=\"monospace\" style=\"background:#ffffff\">\n";
  os << "<title>" << pr::xml_escape(title) << "</title>\n";
  os << "<text x=\"4\" y=\"" << fs + 4 << "\" font-size=\"" << fs + 1 << "\">"
     << pr::xml_escape(title) << "</text>\n";
  // column and row headings
  os << "<g font-size=\"" << fs << "\" fill=\"#555555\" text-anchor=\"middle\">\n";
  for (index_t j = 0; j < nc; ++j)
    os << "<text x=\"" << left + static_cast<int>(j) * cw + cw / 2 << "\" y=\"" << top - 6 << "\">"
       << cr.begin + j << "</text>\n";
  os << "</g>\n<g font-size=\"" << fs << "\" fill=\"#555555\" text-anchor=\"end\">\n";
  for (index_t i = 0; i < nr; ++i)
    os << "<text x=\"" << left - 6 << "\" y=\"" << top + static_cast<int>(i) * ch + ch / 2 + fs / 3
       << "\">" << pr::xml_escape(pr::row_label(shape, rr.begin + i)) << "</text>\n";
  os << "</g>\n";
  // the cells
  os << "<g font-size=\"" << fs << "\" text-anchor=\"middle\">\n";
  for (index_t i = 0; i < nr; ++i)
    for (index_t j = 0; j < nc; ++j) {
      const Cell& c = cells[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
      int x = left + static_cast<int>(j) * cw, y = top + static_cast<int>(i) * ch;
      os << "<rect class=\"cell\" x=\"" << x << "\" y=\"" << y << "\" width=\"" << cw
         << "\" height=\"" << ch << "\" fill=\"" << pr::color(c.key)
         << "\" stroke=\"#333333\" stroke-width=\"0.5\"/>";
      int cx = x + cw / 2;
      if (c.line2.empty()) {
        os << "<text x=\"" << cx << "\" y=\"" << y + ch / 2 + fs / 3 << "\">"
           << pr::xml_escape(c.line1) << "</text>\n";
      } else {
        os << "<text x=\"" << cx << "\" y=\"" << y + fs + 3 << "\">" << pr::xml_escape(c.line1)
           << "<tspan x=\"" << cx << "\" dy=\"" << fs + 2 << "\">" << pr::xml_escape(c.line2)
           << "</tspan></text>\n";
      }
    }
  os << "</g>\n";
  // legend: a swatch (circle, so that every <rect> is a cell) per colour
  os << "<g font-size=\"" << fs << "\">\n";
  os << "<text x=\"4\" y=\"" << legend_top + fs << "\">" << pr::xml_escape(caption) << "</text>\n";
  int n = 0;
  for (const auto& kv : keys) {
    if (n == shown)
      break;
    int x = 4 + (n % per_row) * entry_w;
    int y = legend_top + (n / per_row + 1) * (fs + 8) + fs;
    os << "<circle cx=\"" << x + fs / 2 << "\" cy=\"" << y - fs / 3 << "\" r=\"" << fs / 2
       << "\" fill=\"" << pr::color(kv.first) << "\" stroke=\"#333333\" stroke-width=\"0.5\"/>"
       << "<text x=\"" << x + fs + 4 << "\" y=\"" << y << "\">" << pr::xml_escape(legend_name)
       << kv.first << "</text>\n";
    ++n;
  }
  if (legend_cut)
    os << "<text x=\"4\" y=\"" << legend_top + (legend_rows - 1) * (fs + 8) + fs << "\">... "
       << keys.size() - static_cast<std::size_t>(shown) << " more</text>\n";
  os << "</g>\n</svg>\n";
}

} // namespace tirx

#endif // !defined(__CUDACC_RTC__)
