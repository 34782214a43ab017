// Text tables of a layout (host only).
//
//   tirx::print_layout(std::cout, L, shape(64, 12))    who holds each element, where
//   tirx::print_threads(std::cout, L, shape(64, 12))   what each thread holds, per slot
//   tirx::print_table(std::cout, shape(64, 12), cell)  any per-element text
//
// The tables show a 1-D shape as one row and a 2-D shape as rows x columns;
// a higher rank is folded: the last mode gives the columns, the leading ones
// the rows. Since a layout sees only the row-major flat index, any shape of
// the same size can be used to view it (a (2, 32, 3, 4) tile as 64 x 12).
// The helpers in detail::print are shared with print_svg.hpp. Plain host
// code (std::string, std::ostream); empty under NVRTC.
#pragma once

#include <tirx/layout/format.hpp>
#include <tirx/layout/tile_layout.hpp>

#if !defined(__CUDACC_RTC__)

#include <algorithm>
#include <functional>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace tirx {

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
      for (std::size_t k = 0; k < key.size(); ++k) // (appended: g++ 12 -O3 -Wrestrict
        head.append(k > 0 ? " " : "")              // misreads "..." + std::string)
            .append(pr::axis_prefix(l, row_axes[k]))
            .append(std::to_string(key[k]));
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

} // namespace tirx

#endif // !defined(__CUDACC_RTC__)
