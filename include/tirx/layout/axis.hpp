// Named axes: where a layout places a value (memory, a thread, a CTA, ...).
#pragma once

#include <tirx/core/config.hpp>

namespace tirx {

/// What an axis counts. storage() keeps the memory axes and drops the rest.
enum class AxisKind : unsigned char {
  memory,  ///< an offset in elements: `m`, tensor-memory lanes and columns
  thread,  ///< a thread coordinate inside a CTA: laneid, warpid, tx, ...
  block,   ///< a CTA coordinate in the grid: bx, by, bz
  cluster, ///< a CTA coordinate inside its cluster: cbx, cby, cbz
  user,    ///< an axis a user declared; only its name has meaning to tirx
};

/// An axis is one integer: a built-in axis has a small id, a user axis packs
/// its name (at most 7 ASCII characters) and kind. Being an integer, it can
/// be a template argument of kernels (see LayoutT).
struct Axis {
  index_t code = 0;

  constexpr bool operator==(const Axis&) const = default;
  TIRX_HD constexpr bool builtin() const { return code >= 0 && code < builtin_count; }
  TIRX_HD constexpr AxisKind kind() const {
    if (!builtin())
      return static_cast<AxisKind>(code & 0xff);
    if (code == 0 || code >= 13)
      return AxisKind::memory;
    if (code <= 6)
      return AxisKind::thread;
    if (code <= 9)
      return AxisKind::block;
    return AxisKind::cluster;
  }
  TIRX_HD constexpr bool is_memory() const { return kind() == AxisKind::memory; }
  TIRX_HD constexpr bool is_thread() const { return kind() == AxisKind::thread; }
  /// Writes the name into out (at least 12 chars); returns its length.
  TIRX_HD constexpr int name(char* out) const {
    const char* table[builtin_count] = {"m",         "laneid", "warpid", "wgid",  "tid_in_wg",
                                        "wid_in_wg", "tx",     "bx",     "by",    "bz",
                                        "cbx",       "cby",    "cbz",    "TLane", "TCol"};
    int n = 0;
    if (builtin()) {
      for (const char* p = table[code]; *p; ++p)
        out[n++] = *p;
    } else {
      for (int i = 1; i < 8; ++i) {
        char ch = static_cast<char>((code >> (8 * i)) & 0xff);
        if (ch == '\0')
          break;
        out[n++] = ch;
      }
    }
    out[n] = '\0';
    return n;
  }
  static constexpr index_t builtin_count = 15;
  static constexpr index_t invalid = 0xff; ///< a user name that did not fit
};

/// Declares a user axis by name (at most 7 characters): axis("pid").
/// A longer name gives an axis that validate() rejects.
TIRX_HD constexpr Axis axis(const char* name, AxisKind kind = AxisKind::user) {
  index_t code = static_cast<index_t>(kind);
  int i = 0;
  for (; name[i] != '\0'; ++i) {
    if (i == 7)
      return Axis{Axis::invalid};
    code |= static_cast<index_t>(static_cast<unsigned char>(name[i])) << (8 * (i + 1));
  }
  if (i == 0)
    return Axis{Axis::invalid};
  return Axis{code};
}

/// The built-in axes' codes as plain integers: usable in device code (a
/// namespace-scope constexpr object of class type is not), e.g. Axis{axis_id::laneid}.
namespace axis_id {
inline constexpr index_t m = 0, laneid = 1, warpid = 2, wgid = 3, tid_in_wg = 4, wid_in_wg = 5,
                         tx = 6, bx = 7, by = 8, bz = 9, cbx = 10, cby = 11, cbz = 12, TLane = 13,
                         TCol = 14;
} // namespace axis_id

namespace axes {
inline constexpr Axis m{0};
inline constexpr Axis laneid{1};
inline constexpr Axis warpid{2};
inline constexpr Axis wgid{3};
inline constexpr Axis tid_in_wg{4};
inline constexpr Axis wid_in_wg{5};
inline constexpr Axis tx{6};
inline constexpr Axis bx{7};
inline constexpr Axis by{8};
inline constexpr Axis bz{9};
inline constexpr Axis cbx{10};
inline constexpr Axis cby{11};
inline constexpr Axis cbz{12};
inline constexpr Axis TLane{13}; ///< tensor-memory lane
inline constexpr Axis TCol{14};  ///< tensor-memory column
} // namespace axes

using namespace axes; // `tirx::laneid` reads as well as `tirx::axes::laneid`

/// Looks an axis up by name: a built-in axis, else a user axis of that name.
TIRX_HD constexpr Axis axis_named(const char* name, int length) {
  for (index_t id = 0; id < Axis::builtin_count; ++id) {
    char buf[16] = {};
    int n = Axis{id}.name(buf);
    if (n != length)
      continue;
    int i = 0;
    while (i < n && buf[i] == name[i])
      ++i;
    if (i == n)
      return Axis{id};
  }
  if (length > 7 || length == 0)
    return Axis{Axis::invalid};
  char buf[8] = {};
  for (int i = 0; i < length; ++i)
    buf[i] = name[i];
  return axis(buf);
}

/// TIRx's thread scopes, outermost first. A built-in thread, block or
/// cluster axis counts `subscope`s inside a `scope`: laneid counts threads
/// in a warp, wgid warpgroups in a CTA, bx CTAs in the kernel.
enum class ThreadScope : signed char { none = -1, kernel, cluster, cta, warpgroup, warp, thread };
struct ScopePair {
  ThreadScope scope = ThreadScope::none;
  ThreadScope subscope = ThreadScope::none;
};
/// The scopes of a built-in axis (none for m, TLane, TCol and user axes).
TIRX_HD constexpr ScopePair thread_scopes(const Axis& a) {
  using T = ThreadScope;
  constexpr ScopePair table[Axis::builtin_count] = {{},
                                                    {T::warp, T::thread},
                                                    {T::cta, T::warp},
                                                    {T::cta, T::warpgroup},
                                                    {T::warpgroup, T::thread},
                                                    {T::warpgroup, T::warp},
                                                    {T::cta, T::thread},
                                                    {T::kernel, T::cta},
                                                    {T::kernel, T::cta},
                                                    {T::kernel, T::cta},
                                                    {T::cluster, T::cta},
                                                    {T::cluster, T::cta},
                                                    {T::cluster, T::cta},
                                                    {},
                                                    {}};
  return a.builtin() ? table[a.code] : ScopePair{};
}

/// TIRx's well-formedness of the thread axes a layout uses: 0 when they
/// form one chain of scopes (laneid in warpid, tid_in_wg in wgid, tx in
/// bx...), 1 when two axes split one scope level under different parents
/// (laneid and tx: threads of a warp or of a CTA), 2 when the chain breaks
/// (warpid with tid_in_wg but no wgid). User axes are not checked.
TIRX_HD constexpr int thread_scope_error(const Axis* used, int n) {
  int parent[6] = {-1, -1, -1, -1, -1, -1}; // subscope -> scope
  int entries = 0, finest = -1;
  for (int i = 0; i < n; ++i) {
    ScopePair p = thread_scopes(used[i]);
    if (p.scope == ThreadScope::none)
      continue;
    int sub = static_cast<int>(p.subscope), sc = static_cast<int>(p.scope);
    if (parent[sub] == -1) {
      parent[sub] = sc;
      ++entries;
      finest = sub > finest ? sub : finest;
    } else if (parent[sub] != sc) {
      return 1;
    }
  }
  int chain = 0;
  for (int cur = finest; cur >= 0 && parent[cur] != -1; cur = parent[cur])
    ++chain;
  return chain == entries ? 0 : 2;
}

/// `n * axis`: a stride (or an offset) of n on an axis. An untagged integer
/// is on the memory axis m.
struct Term {
  index_t value = 0;
  Axis axis = axes::m;

  constexpr Term() = default;
  TIRX_HD constexpr Term(index_t v) : value(v) {} // NOLINT: an integer is n@m
  TIRX_HD constexpr Term(index_t v, Axis a) : value(v), axis(a) {}
  constexpr bool operator==(const Term&) const = default;
};

TIRX_HD constexpr Term operator*(index_t v, Axis a) { return Term{v, a}; }

} // namespace tirx
