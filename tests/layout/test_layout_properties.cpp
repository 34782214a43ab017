// Property tests of the layout model: every operation is checked against a
// brute-force reference over ALL coordinates, on hand-picked TIRx layouts and
// on random layouts (fixed-seed std::mt19937_64; the seed is printed, set
// TIRX_TEST_SEED to try another one).
#include <tirx/layout/algebra.hpp>
#include <tirx/layout/layout_type.hpp>
#include <tirx/layout/ops.hpp>
#include <tirx/layout/parse.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <utility>
#include <vector>

using namespace tirx;

namespace {

// ============================================================================
// Random numbers
// ============================================================================

std::uint64_t base_seed() {
  static const std::uint64_t seed = [] {
    std::uint64_t s = 0x7469727820u; // "tirx "
    if (const char* env = std::getenv("TIRX_TEST_SEED"))
      s = std::strtoull(env, nullptr, 0);
    std::printf("test_layout_properties: seed %llu (set TIRX_TEST_SEED to change)\n",
                static_cast<unsigned long long>(s));
    return s;
  }();
  return seed;
}

struct Rand {
  std::mt19937_64 g;
  explicit Rand(std::uint64_t family) : g(base_seed() * 0x9E3779B97F4A7C15ull + family) {}
  index_t in(index_t lo, index_t hi) { // inclusive
    return lo + static_cast<index_t>(g() % static_cast<std::uint64_t>(hi - lo + 1));
  }
  bool pct(int p) { return in(0, 99) < p; }
  template <class T> const T& pick(const std::vector<T>& v) {
    return v[static_cast<std::size_t>(in(0, static_cast<index_t>(v.size()) - 1))];
  }
};

const Axis pid = axis("pid");
const std::vector<Axis> kAxes = {axes::m, axes::laneid, axes::warpid, pid};

// ============================================================================
// Printing (our own, so that this test does not depend on print.hpp)
// ============================================================================

std::string name_of(Axis a) {
  char buf[16] = {};
  a.name(buf);
  return buf;
}
std::string term_text(index_t v, Axis a, bool explicit_m = false) {
  std::string s = std::to_string(v);
  if (!(a == axes::m) || explicit_m)
    s += "@" + name_of(a);
  return s;
}
std::string iters_text(const Iter* it, int n) {
  std::string e = "(", s = "(";
  for (int i = 0; i < n; ++i) {
    e += (i ? ", " : "") + std::to_string(it[i].extent);
    s += (i ? ", " : "") + term_text(it[i].stride, it[i].axis);
  }
  return e + ") : " + s + ")";
}
/// Canonical text, for failure messages.
std::string text(const TileLayout& l) {
  std::string t = "S[" + iters_text(l.shard, l.rank) + "]";
  if (l.nreplica)
    t += " + R[" + iters_text(l.replica, l.nreplica) + "]";
  for (int i = 0; i < l.noffset; ++i)
    t += " + " + term_text(l.offset[i].value, l.offset[i].axis);
  if (l.swz.active())
    t += " ^ swizzle(" + std::to_string(l.swz.bits) + ", " + std::to_string(l.swz.base) + ", " +
         std::to_string(l.swz.shift) + ")";
  return t;
}
std::string text(const Shape& s) {
  std::string t = "(";
  for (int i = 0; i < s.rank; ++i)
    t += (i ? ", " : "") + std::to_string(s.dims[i]);
  return t + ")";
}

// ============================================================================
// Reference evaluation: the direct definition, written independently
// ============================================================================

/// Coordinates on axes as a sorted list of (axis code, value), zeros dropped.
struct Place {
  int n = 0;
  std::array<std::pair<index_t, index_t>, 10> v{};
  void add(index_t code, index_t x) {
    for (int i = 0; i < n; ++i)
      if (v[i].first == code) {
        v[i].second += x;
        return;
      }
    v[n++] = {code, x};
  }
  Place& normalize() {
    int k = 0;
    for (int i = 0; i < n; ++i)
      if (v[i].second != 0)
        v[k++] = v[i];
    n = k;
    std::sort(v.begin(), v.begin() + n);
    for (int i = n; i < 10; ++i)
      v[i] = {};
    return *this;
  }
  index_t on(Axis a) const {
    for (int i = 0; i < n; ++i)
      if (v[i].first == a.code)
        return v[i].second;
    return 0;
  }
  bool operator==(const Place& o) const { return n == o.n && v == o.v; }
  bool operator<(const Place& o) const { return n != o.n ? n < o.n : v < o.v; }
};
std::string text(const Place& p) {
  std::string s = "{";
  for (int i = 0; i < p.n; ++i)
    s += (i ? ", " : "") + name_of(Axis{p.v[i].first}) + " " + std::to_string(p.v[i].second);
  return s + "}";
}

/// addr with bits [M, M+B) XORed by bits [M+S, M+S+B).
index_t ref_swizzle(const Swizzle& z, index_t addr) {
  if (z.bits == 0)
    return addr;
  index_t mask = (index_t{1} << z.bits) - 1;
  return addr ^ (((addr >> (z.base + z.shift)) & mask) << z.base);
}

/// Coordinate k of a flat index: row-major, the last iter innermost.
index_t digit(const Iter* it, int n, int k, index_t flat) {
  index_t inner = 1;
  for (int i = k + 1; i < n; ++i)
    inner *= it[i].extent;
  return flat / inner % it[k].extent;
}

Place ref_place(const TileLayout& l, index_t flat, index_t r) {
  Place p;
  for (int k = 0; k < l.rank; ++k)
    p.add(l.shard[k].axis.code, digit(l.shard, l.rank, k, flat) * l.shard[k].stride);
  for (int k = 0; k < l.nreplica; ++k)
    p.add(l.replica[k].axis.code, digit(l.replica, l.nreplica, k, r) * l.replica[k].stride);
  for (int i = 0; i < l.noffset; ++i)
    p.add(l.offset[i].axis.code, l.offset[i].value);
  for (int i = 0; i < p.n; ++i)
    if (p.v[i].first == axes::m.code)
      p.v[i].second = ref_swizzle(l.swz, p.v[i].second);
  return p.normalize();
}

/// Every placement (all replicas) of a flat index, sorted.
std::vector<Place> ref_all(const TileLayout& l, index_t flat) {
  std::vector<Place> out;
  for (index_t r = 0; r < replica_count(l); ++r)
    out.push_back(ref_place(l, flat, r));
  std::sort(out.begin(), out.end());
  return out;
}
std::vector<Place> all_of(const TileLayout& l, index_t flat) {
  std::vector<Place> out;
  for (index_t r = 0; r < replica_count(l); ++r) {
    Coord c = apply_replica(l, flat, r);
    Place p;
    for (int i = 0; i < c.n; ++i)
      p.add(c.axis[i].code, c.value[i]);
    out.push_back(p.normalize());
  }
  std::sort(out.begin(), out.end());
  return out;
}
Place place_of(const Coord& c) {
  Place p;
  for (int i = 0; i < c.n; ++i)
    p.add(c.axis[i].code, c.value[i]);
  return p.normalize();
}

/// Linear part of a single-axis layout at any x >= 0, the outermost iter
/// not reduced (the algebra's extended evaluation).
index_t ref_lin_ext(const TileLayout& l, index_t x) {
  index_t v = 0;
  for (int k = l.rank - 1; k >= 1; --k) {
    v += x % l.shard[k].extent * l.shard[k].stride;
    x /= l.shard[k].extent;
  }
  if (l.rank > 0)
    v += x * l.shard[0].stride;
  return v;
}
/// A single-axis layout evaluated extended at x, offsets and swizzle included.
Place ref_ext(const TileLayout& l, Axis ax, index_t x) {
  Place p;
  p.add(ax.code, ref_lin_ext(l, x));
  for (int i = 0; i < l.noffset; ++i)
    p.add(l.offset[i].axis.code, l.offset[i].value);
  for (int i = 0; i < p.n; ++i)
    if (p.v[i].first == axes::m.code)
      p.v[i].second = ref_swizzle(l.swz, p.v[i].second);
  return p.normalize();
}
Axis axis_of(const TileLayout& l) { return l.rank ? l.shard[0].axis : axes::m; }

// ============================================================================
// Failure collection (Catch2 assertions in the inner loops would be slow)
// ============================================================================

struct Failures {
  long count = 0;
  std::string msg;
  void add(const std::string& m) {
    if (count++ < 6)
      msg += m + "\n";
  }
};
#define EXPECT(f, cond, what)                                                                      \
  do {                                                                                             \
    if (!(cond))                                                                                   \
      (f).add(std::string(#cond) + " :: " + (what));                                               \
  } while (0)
#define REPORT(f)                                                                                  \
  do {                                                                                             \
    INFO((f).msg);                                                                                 \
    CHECK((f).count == 0);                                                                         \
  } while (0)

// ============================================================================
// Random layouts
// ============================================================================

struct Opts {
  int min_rank = 1, max_rank = 5;
  index_t max_size = 1024;
  bool negative = true, zero = true;
  bool one_axis = false; ///< all shard iters on `axis`
  Axis axis = axes::m;
  int replica_pct = 30, offset_pct = 40, swizzle_pct = 15;
  bool swizzle_only_on_m = true;
};

index_t random_stride(Rand& r, const Opts& o, index_t contiguous) {
  index_t s;
  int c = static_cast<int>(r.in(0, 99));
  if (o.zero && c < 10)
    return 0;
  if (c < 45)
    s = contiguous;
  else if (c < 60)
    s = contiguous * r.in(2, 3);
  else
    s = r.in(1, 12);
  if (o.negative && r.pct(15))
    s = -s;
  return s;
}

TileLayout random_layout(Rand& r, const Opts& o) {
  for (;;) {
    int rank = static_cast<int>(r.in(o.min_rank, o.max_rank));
    Iter it[8] = {};
    index_t size = 1, contiguous = 1;
    for (int k = rank - 1; k >= 0; --k) {
      it[k].extent = r.in(1, 8);
      it[k].stride = random_stride(r, o, contiguous);
      it[k].axis = o.one_axis ? o.axis : r.pick(kAxes);
      contiguous = it[k].extent *
                   (it[k].stride == 0 ? 1 : (it[k].stride < 0 ? -it[k].stride : it[k].stride));
      size *= it[k].extent;
    }
    if (size > o.max_size)
      continue;
    TileLayout l{}; // typed builder: one S per iter, then R, offsets, swizzle
    for (int k = 0; k < rank; ++k)
      l = l + S({it[k].extent}, {Term{it[k].stride, it[k].axis}});
    if (r.pct(o.replica_pct)) {
      int n = static_cast<int>(r.in(1, 2));
      for (int k = 0; k < n; ++k)
        l = l + R(r.in(1, 3), Term{r.in(-6, 8), r.pick(kAxes)});
    }
    if (r.pct(o.offset_pct)) {
      int n = static_cast<int>(r.in(1, 2));
      for (int k = 0; k < n; ++k)
        l = l + Term{r.in(-20, 20), r.pick(kAxes)};
    }
    bool swz_ok = !o.swizzle_only_on_m || !o.one_axis || o.axis == axes::m;
    if (swz_ok && r.pct(o.swizzle_pct)) {
      int b = static_cast<int>(r.in(1, 3));
      l = l ^ Swizzle { b, static_cast<int>(r.in(0, 3)), static_cast<int>(r.in(b, 4)) };
    }
    return l;
  }
}

/// A shape that group() must accept: consecutive shard extents multiplied
/// together (with some extents split into factors, some 1s inserted).
Shape groupable_shape(Rand& r, const TileLayout& l, int want_rank = 0) {
  std::vector<index_t> ext;
  for (int i = 0; i < l.rank; ++i)
    ext.push_back(l.shard[i].extent);
  if (ext.empty())
    ext.push_back(1);
  int target =
      want_rank ? want_rank
                : static_cast<int>(r.in(1, std::min<index_t>(4, static_cast<index_t>(ext.size()))));
  // merge random neighbours until at most `target` remain
  while (static_cast<int>(ext.size()) > target) {
    std::size_t i = static_cast<std::size_t>(r.in(0, static_cast<index_t>(ext.size()) - 2));
    ext[i] *= ext[i + 1];
    ext.erase(ext.begin() + static_cast<long>(i) + 1);
  }
  while (static_cast<int>(ext.size()) < target)
    ext.insert(ext.begin() + static_cast<long>(r.in(0, static_cast<index_t>(ext.size()))), 1);
  Shape s{};
  for (index_t e : ext)
    s.dims[s.rank++] = e;
  return s;
}

/// Any factorization of n into `rank` dims (group() may refuse it).
Shape random_factor_shape(Rand& r, index_t n, int rank) {
  Shape s{};
  s.rank = rank;
  for (int i = 0; i < rank; ++i)
    s.dims[i] = 1;
  for (index_t p = 2; n > 1; ++p)
    while (n % p == 0) {
      s.dims[r.in(0, rank - 1)] *= p;
      n /= p;
    }
  return s;
}

/// Can the shard iters be cut at every mode boundary of shape? (reference
/// for group: coalesce the iters, then each boundary must split an iter
/// into a divisor of its extent.)
bool ref_groupable(const TileLayout& l, const Shape& s, bool merge = true) {
  if (s.size() != l.size())
    return false;
  std::vector<Iter> c; // innermost first, coalesced (merge) or as written
  for (int i = l.rank - 1; i >= 0; --i) {
    Iter it = l.shard[i];
    if (it.extent == 1)
      continue;
    if (merge && !c.empty() && c.back().axis == it.axis &&
        it.stride == c.back().extent * c.back().stride)
      c.back() = Iter{it.extent * c.back().extent, c.back().stride, it.axis};
    else
      c.push_back(it);
  }
  for (int d = 0; d < s.rank; ++d) {
    index_t boundary = s.row_stride(d), inner = 1;
    for (const Iter& it : c) {
      if (boundary > inner && boundary < inner * it.extent) {
        if (boundary % inner != 0 || it.extent % (boundary / inner) != 0)
          return false;
      }
      inner *= it.extent;
    }
  }
  return true;
}

// ============================================================================
// Layout checks shared by several families
// ============================================================================

/// l2 places every flat index of l like l (all replicas).
void same_function(Failures& f, const TileLayout& l, const TileLayout& l2,
                   const std::string& what) {
  EXPECT(f, l.size() == l2.size(), what);
  if (l.size() != l2.size())
    return;
  for (index_t x = 0; x < l.size(); ++x)
    if (ref_all(l, x) != ref_all(l2, x)) {
      f.add(what + " differs at flat " + std::to_string(x));
      return;
    }
}

// ============================================================================
// The TIRx seeds
// ============================================================================

constexpr TileLayout seed_reg = S({2, 32, 3, 4}, {1 * warpid, 1 * laneid, 4, 1});
constexpr TileLayout seed_reg2 = S({2, 32, 4}, {1 * warpid, 1 * laneid, 1});
constexpr TileLayout seed_mma =
    S({8, 2, 4, 2}, {4 * laneid, 1 * warpid, 1 * laneid, 1}) + R({2}, {4 * warpid}) + 5 * warpid;
constexpr TileLayout seed_tmem = S({2, 128, 112}, {112 * TCol, 1 * TLane, 1 * TCol});
constexpr TileLayout seed_swz = S(8, 64) ^ swizzle_for(SwizzleMode::b128, 2);

} // namespace

// ============================================================================
// Evaluation
// ============================================================================

TEST_CASE("seed layouts place elements as documented", "[layout][seed]") {
  auto at = [](const TileLayout& l, const Shape& s, std::initializer_list<index_t> c, index_t r) {
    std::vector<index_t> v(c);
    return apply_replica(l, flatten(s, v.data()), r);
  };
  const Shape s816 = shape(8, 16);
  // (i, j) -> laneid, warpid (both replicas), m
  struct Want {
    index_t i, j, lane, w0, w1, m;
  };
  for (Want w : {Want{0, 0, 0, 5, 9, 0}, Want{0, 1, 0, 5, 9, 1}, Want{0, 2, 1, 5, 9, 0},
                 Want{1, 0, 4, 5, 9, 0}, Want{0, 8, 0, 6, 10, 0}, Want{7, 15, 31, 6, 10, 1}}) {
    INFO("(" << w.i << ", " << w.j << ")");
    Coord c0 = at(seed_mma, s816, {w.i, w.j}, 0), c1 = at(seed_mma, s816, {w.i, w.j}, 1);
    CHECK(c0[laneid] == w.lane);
    CHECK(c1[laneid] == w.lane);
    CHECK(c0[warpid] == w.w0);
    CHECK(c1[warpid] == w.w1);
    CHECK(c0[m] == w.m);
    CHECK(c1[m] == w.m);
  }
  Coord t = at(seed_tmem, shape(2, 128, 112), {1, 127, 111}, 0);
  CHECK(t[TLane] == 127);
  CHECK(t[TCol] == 223);
  CHECK(t[m] == 0);
  // 128-byte swizzle of an (8, 64) fp16 tile
  for (index_t i = 0; i < 8; ++i)
    for (index_t j = 0; j < 64; ++j) {
      index_t want = 64 * i + 8 * ((j / 8) ^ i) + j % 8;
      REQUIRE(apply(seed_swz, i * 64 + j)[m] == want);
      REQUIRE(axis_offset<seed_swz, m>(i * 64 + j) == want);
    }
  Coord r = at(seed_reg, shape(64, 12), {33, 7}, 0);
  CHECK(r[warpid] == 1);
  CHECK(r[laneid] == 1);
  CHECK(r[m] == 7);
}

namespace {
// axis_offset<L, A> takes the layout as a template argument, so it is checked
// on compile-time layouts: the seeds and a few dozen made by a constexpr
// generator.
constexpr std::uint64_t lcg(std::uint64_t& s) {
  s = s * 6364136223846793005ull + 1442695040888963407ull;
  return s >> 33;
}
constexpr TileLayout constexpr_layout(std::uint64_t seed) {
  const Axis ax[4] = {axes::m, axes::laneid, axes::warpid, axis("pid")};
  std::uint64_t s = seed * 7919 + 17;
  TileLayout l{};
  int rank = 1 + static_cast<int>(lcg(s) % 5);
  index_t size = 1;
  for (int k = 0; k < rank; ++k) {
    index_t e = 1 + static_cast<index_t>(lcg(s) % 8);
    if (size * e > 1024)
      e = 1;
    size *= e;
    index_t st = static_cast<index_t>(lcg(s) % 21) - 6;
    l.push_shard(Iter{e, st, ax[lcg(s) % 4]});
  }
  if (lcg(s) % 2)
    l.add_offset(Term{static_cast<index_t>(lcg(s) % 31) - 15, ax[lcg(s) % 4]});
  if (lcg(s) % 4 == 0) {
    int b = 1 + static_cast<int>(lcg(s) % 3);
    l.swz = Swizzle{b, static_cast<int>(lcg(s) % 4), b + static_cast<int>(lcg(s) % 2)};
  }
  return l;
}

template <TileLayout L, Axis A, class I> void check_axis_offset(Failures& f) {
  for (index_t x = 0; x < L.size(); ++x) {
    index_t want = ref_place(L, x, 0).on(A);
    EXPECT(f, (axis_offset<L, A>(static_cast<I>(x)) == static_cast<I>(want)),
           text(L) + " axis " + name_of(A) + " flat " + std::to_string(x));
  }
}
template <TileLayout L> void check_axis_offsets(Failures& f) {
  check_axis_offset<L, axes::m, index_t>(f);
  check_axis_offset<L, axes::m, int>(f);
  check_axis_offset<L, axes::laneid, index_t>(f);
  check_axis_offset<L, axes::warpid, index_t>(f);
  check_axis_offset<L, axis("pid"), index_t>(f);
  if constexpr (L.uses(axes::TLane) || L.uses(axes::TCol)) {
    check_axis_offset<L, axes::TLane, index_t>(f);
    check_axis_offset<L, axes::TCol, index_t>(f);
  }
}
template <int... I>
void check_generated_axis_offsets(Failures& f, std::integer_sequence<int, I...>) {
  (check_axis_offsets<constexpr_layout(I)>(f), ...);
}
} // namespace

TEST_CASE("apply, apply_replica and axis_offset match the definition", "[layout][apply]") {
  Failures f;
  check_axis_offsets<seed_reg>(f);
  check_axis_offsets<seed_reg2>(f);
  check_axis_offsets<seed_mma>(f);
  check_axis_offsets<seed_tmem>(f);
  check_axis_offsets<seed_swz>(f);
  check_generated_axis_offsets(f, std::make_integer_sequence<int, 24>{});
  for (const TileLayout& l : {seed_reg, seed_reg2, seed_mma, seed_tmem, seed_swz})
    for (index_t x = 0; x < l.size(); ++x) {
      EXPECT(f, place_of(apply(l, x)) == ref_place(l, x, 0), text(l));
      EXPECT(f, all_of(l, x) == ref_all(l, x), text(l));
    }
  Rand r(1);
  long n = 0;
  for (; n < 20000; ++n) {
    TileLayout l = random_layout(r, Opts{});
    Shape s = l.shard_shape();
    std::vector<index_t> c(static_cast<std::size_t>(s.rank) + 1, 0);
    for (index_t x = 0; x < l.size(); ++x) {
      // the multi-dimensional apply over the shard shape is the flat one
      index_t rest = x;
      for (int k = s.rank - 1; k >= 0; --k) {
        c[static_cast<std::size_t>(k)] = rest % s.dims[k];
        rest /= s.dims[k];
      }
      Place p = place_of(apply(l, s, c.data()));
      if (!(p == ref_place(l, x, 0))) {
        f.add("apply " + text(l) + " flat " + std::to_string(x) + " got " + text(p) + " want " +
              text(ref_place(l, x, 0)));
        break;
      }
      if (all_of(l, x) != ref_all(l, x)) {
        f.add("apply_replica " + text(l) + " flat " + std::to_string(x));
        break;
      }
    }
  }
  std::printf("apply: %ld random layouts\n", n);
  REPORT(f);
}

// ============================================================================
// size, span, canonicalize
// ============================================================================

TEST_CASE("size and span bound every placement", "[layout][span]") {
  Failures f;
  Rand r(2);
  std::vector<TileLayout> cases = {seed_reg, seed_reg2, seed_mma, seed_tmem, seed_swz};
  for (int i = 0; i < 20000; ++i)
    cases.push_back(random_layout(r, Opts{}));
  const std::vector<Axis> check_axes = {axes::m,     axes::laneid, axes::warpid, pid,
                                        axes::TLane, axes::TCol,   axes::bx};
  for (const TileLayout& l : cases) {
    index_t sz = 1;
    for (int k = 0; k < l.rank; ++k)
      sz *= l.shard[k].extent;
    EXPECT(f, size(l) == sz, text(l));
    for (Axis a : check_axes) {
      index_t sa = 1;
      for (int k = 0; k < l.rank; ++k)
        if (l.shard[k].axis == a)
          sa *= l.shard[k].extent;
      EXPECT(f, size(l, a) == sa, text(l));
      // span is TIRx's: the highest coordinate + 1 (from zero, offset included)
      index_t lo = range_on(l, a).lo, hi = range_on(l, a).hi, sp = span(l, a);
      EXPECT(f, sp == hi + 1, text(l) + " span");
      bool swz = l.swz.active() && a == axes::m;
      if (swz) { // the swizzle stays in whole rows: [floor(lo / row) * row, floor(hi / row) * row +
                 // row)
        index_t row = index_t{1} << (l.swz.base + l.swz.bits);
        auto floor_div = [](index_t a, index_t b) { return a / b - (a % b != 0 && a < 0); };
        lo = floor_div(lo, row) * row;
        hi = floor_div(hi, row) * row + row - 1;
      }
      index_t mn = 0, mx = 0;
      bool first = true;
      for (index_t x = 0; x < l.size(); ++x)
        for (index_t rr = 0; rr < replica_count(l); ++rr) {
          index_t v = ref_place(l, x, rr).on(a);
          mn = first ? v : std::min(mn, v);
          mx = first ? v : std::max(mx, v);
          first = false;
        }
      EXPECT(f, mn >= lo && mx <= hi, text(l) + " axis " + name_of(a));
      if (!swz)
        EXPECT(f, mn == lo && mx == hi, text(l) + " axis " + name_of(a) + " (attained)");
    }
  }
  std::printf("size/span: %zu layouts\n", cases.size());
  REPORT(f);
}

TEST_CASE("canonicalize keeps the function and leaves nothing to merge", "[layout][canonicalize]") {
  Failures f;
  Rand r(3);
  std::vector<TileLayout> cases = {seed_reg, seed_reg2, seed_mma, seed_tmem, seed_swz};
  Opts o;
  o.replica_pct = 50;
  for (int i = 0; i < 20000; ++i)
    cases.push_back(random_layout(r, o));
  for (const TileLayout& l : cases) {
    TileLayout c = canonicalize(l);
    same_function(f, l, c, "canonicalize " + text(l) + " -> " + text(c));
    EXPECT(f, coalesce(l) == c, text(l));
    EXPECT(f, canonicalize(c) == c, "idempotent: " + text(l) + " -> " + text(c));
    EXPECT(f, c.noffset == l.noffset && c.swz == l.swz, text(l));
    EXPECT(f, c.nreplica == l.nreplica, "replicas are kept: " + text(l) + " -> " + text(c));
    if (l.size() == 1 && l.rank > 0) // an all-extent-1 shard keeps one iter, as in TIRx
      EXPECT(f, c.rank == 1 && c.shard[0] == (Iter{1, 1, l.shard[0].axis}), text(c));
    for (int k = 0; k < c.rank && l.size() > 1; ++k) {
      EXPECT(f, c.shard[k].extent > 1, text(c));
      if (k + 1 < c.rank)
        EXPECT(f,
               !(c.shard[k].axis == c.shard[k + 1].axis &&
                 c.shard[k].stride == c.shard[k + 1].extent * c.shard[k + 1].stride),
               "mergeable shard iters left: " + text(c));
    }
    for (int k = 0; k + 1 < c.nreplica; ++k) { // sorted by axis, stride, extent
      const Iter &p = c.replica[k], &q = c.replica[k + 1];
      EXPECT(f,
             p.axis.code < q.axis.code ||
                 (p.axis == q.axis &&
                  (p.stride < q.stride || (p.stride == q.stride && p.extent <= q.extent))),
             "replicas sorted: " + text(c));
    }
  }
  CHECK(canonicalize(S(4, 8)) == S({32}, {1}));
  CHECK(canonicalize(seed_reg) == S({2, 32, 12}, {1 * warpid, 1 * laneid, 1}));
  std::printf("canonicalize: %zu layouts\n", cases.size());
  REPORT(f);
}

// ============================================================================
// group, slice, permute
// ============================================================================

TEST_CASE("group splits iters along the modes and keeps the function", "[layout][group]") {
  Failures f;
  Rand r(4);
  long ok = 0, refused = 0, n = 0;
  for (; n < 20000; ++n) {
    TileLayout l = random_layout(r, Opts{});
    Shape s = r.pct(50) ? groupable_shape(r, l)
                        : random_factor_shape(r, l.size(), static_cast<int>(r.in(1, 4)));
    GroupedLayout g = regroup(l, s), g0 = group(l, s);
    std::string what = "group " + text(l) + " by " + text(s);
    EXPECT(f, g.ok == ref_groupable(l, s), "re" + what + (g.ok ? " accepted" : " refused"));
    EXPECT(f, g0.ok == ref_groupable(l, s, false), what + (g0.ok ? " accepted" : " refused"));
    if (g0.ok) // regroup merges only what group refuses
      EXPECT(f, g.ok && g.layout == g0.layout, what + ": regroup differs");
    if (!g.ok) {
      ++refused;
      continue;
    }
    ++ok;
    EXPECT(f, g.ngroups == s.rank && g.bound[0] == 0 && g.bound[s.rank] == g.layout.rank, what);
    for (int d = 0; d < s.rank; ++d) {
      EXPECT(f, g.group_size(d) == s.dims[d], what);
      if (s.dims[d] == 1) // TIRx: a mode of extent 1 owns one iter of extent 1
        EXPECT(f, g.bound[d + 1] == g.bound[d] + 1, what + " (extent-1 mode)");
      for (int k = g.bound[d]; k < g.bound[d + 1] && s.dims[d] > 1; ++k)
        EXPECT(f, g.layout.shard[k].extent > 1, what + " (extent-1 iter kept)");
    }
    same_function(f, l, g.layout, what);
  }
  std::printf("group: %ld random cases, %ld grouped, %ld refused\n", n, ok, refused);
  CHECK(regroup(S(2, 3), shape(3, 2)).ok);     // a contiguous 2x3 viewed as 3x2
  CHECK_FALSE(group(S(2, 3), shape(3, 2)).ok); // TIRx's group does not merge
  CHECK_FALSE(group(S({2, 3}, {1, 2}), shape(3, 2)).ok);
  CHECK_FALSE(group(S(4, 4), shape(8, 3)).ok); // sizes differ
  REPORT(f);
}

namespace {
/// Checks a slice result against the original, element by element.
void check_slice(Failures& f, const TileLayout& l, const Shape& s, const SliceSpec* spec,
                 const SliceResult& res, const std::string& what) {
  std::vector<int> kept;
  for (int d = 0; d < s.rank; ++d)
    if (!spec[d].is_index)
      kept.push_back(d);
  EXPECT(f, res.shape.rank == static_cast<int>(kept.size()), what);
  if (res.shape.rank != static_cast<int>(kept.size()))
    return;
  for (std::size_t i = 0; i < kept.size(); ++i)
    EXPECT(f, res.shape.dims[i] == spec[kept[i]].extent, what);
  EXPECT(f, res.layout.size() == res.shape.size(), what);
  if (res.layout.size() != res.shape.size())
    return;
  index_t orig[max_rank] = {};
  for (index_t y = 0; y < res.shape.size(); ++y) {
    index_t rest = y;
    for (int d = s.rank - 1; d >= 0; --d) {
      if (spec[d].is_index) {
        orig[d] = spec[d].begin;
        continue;
      }
      int i = static_cast<int>(std::find(kept.begin(), kept.end(), d) - kept.begin());
      index_t c = rest % res.shape.dims[i];
      rest /= res.shape.dims[i];
      orig[d] = spec[d].begin + c * spec[d].step;
    }
    if (ref_all(l, flatten(s, orig)) != ref_all(res.layout, y)) {
      f.add(what + " -> " + text(res.layout) + " wrong at region element " + std::to_string(y));
      return;
    }
  }
}
std::string text(const Shape& s, const SliceSpec* spec) {
  std::string t = "[";
  for (int d = 0; d < s.rank; ++d) {
    const SliceSpec& p = spec[d];
    t += (d ? ", " : "");
    t += p.is_index ? std::to_string(p.begin)
                    : std::to_string(p.begin) + ":+" + std::to_string(p.extent) + ":" +
                          std::to_string(p.step);
  }
  return t + "]";
}
} // namespace

TEST_CASE("slice selects exactly the region or refuses", "[layout][slice]") {
  Failures f;
  Rand r(5);
  long ok = 0, refused = 0, n = 0;
  for (; n < 20000; ++n) {
    TileLayout l = random_layout(r, Opts{});
    Shape s = groupable_shape(r, l);
    SliceSpec spec[max_rank] = {};
    bool simple = true; // only indices and whole modes: must be accepted
    for (int d = 0; d < s.rank; ++d) {
      index_t dim = s.dims[d];
      SliceSpec& p = spec[d];
      int kind = static_cast<int>(r.in(0, 9));
      if (kind < 2) {
        p.is_index = true;
        p.begin = r.in(0, dim - 1);
      } else if (kind < 4) {
        p.begin = 0, p.extent = dim, p.step = 1;
      } else {
        simple = false;
        p.step = r.pct(60) ? 1 : r.in(1, std::max<index_t>(1, dim / 2));
        p.extent = r.in(1, (dim - 1) / p.step + 1);
        p.begin = r.in(0, dim - 1 - (p.extent - 1) * p.step);
        if (r.pct(50))
          p.begin -= p.begin % std::max<index_t>(1, p.extent); // aligned starts
      }
    }
    SliceResult res = slice(l, s, spec);
    std::string what = "slice " + text(l) + " over " + text(s) + " by " + text(s, spec);
    if (simple)
      EXPECT(f, res.ok, what + " refused");
    if (!res.ok) {
      ++refused;
      continue;
    }
    ++ok;
    check_slice(f, l, s, spec, res, what);
  }
  std::printf("slice: %ld random cases, %ld sliced, %ld refused\n", n, ok, refused);

  // Inadmissible specs are refused, never silently wrong.
  const Shape s = shape(64, 12);
  auto sl = [&](SliceSpec a, SliceSpec b) {
    SliceSpec sp[2] = {a, b};
    SliceResult res = slice(seed_reg, s, sp);
    if (res.ok)
      check_slice(f, seed_reg, s, sp, res, "seed slice " + text(s, sp));
    return res.ok;
  };
  const SliceSpec all12{false, 0, 12, 1};
  CHECK(sl({false, 0, 32, 1}, all12));        // rows 0..31: one warp
  CHECK(sl({false, 32, 32, 1}, all12));       // rows 32..63
  CHECK_FALSE(sl({false, 16, 32, 1}, all12)); // rows 16..47 straddle two warps
  CHECK(sl({false, 0, 2, 32}, all12));        // row 0 of each warp
  CHECK(sl({false, 0, 32, 2}, all12));        // every other row: lanes 0, 2, .. of both warps
  CHECK_FALSE(sl({false, 0, 22, 3}, all12));  // step 3 does not divide 32
  CHECK_FALSE(sl({false, 0, 65, 1}, all12));  // past the end
  CHECK_FALSE(sl({true, 64, 1, 1}, all12));
  CHECK_FALSE(sl({false, -1, 2, 1}, all12));
  CHECK_FALSE(sl({false, 0, 2, 0}, all12));           // step 0
  CHECK(sl({true, 5, 1, 1}, {false, 4, 4, 1}));       // one row, columns 4..7: the 3rd m-row of 4
  CHECK_FALSE(sl({true, 5, 1, 1}, {false, 2, 4, 1})); // columns 2..5 straddle two m-rows
  CHECK(sl({true, 5, 1, 1}, {false, 1, 3, 4}));       // columns 1, 5, 9
  REPORT(f);
}

TEST_CASE("permute reorders the modes", "[layout][permute]") {
  Failures f;
  Rand r(6);
  long n = 0;
  for (; n < 20000; ++n) {
    TileLayout l = random_layout(r, Opts{});
    Shape s = groupable_shape(r, l);
    int perm[max_rank] = {};
    for (int d = 0; d < s.rank; ++d)
      perm[d] = d;
    for (int d = s.rank - 1; d > 0; --d)
      std::swap(perm[d], perm[r.in(0, d)]);
    PermuteResult p = permute(l, s, perm);
    std::string what = "permute " + text(l) + " over " + text(s);
    EXPECT(f, p.ok, what);
    if (!p.ok)
      continue;
    for (int d = 0; d < s.rank; ++d)
      EXPECT(f, p.shape.dims[d] == s.dims[perm[d]], what);
    index_t c[max_rank] = {}, orig[max_rank] = {};
    for (index_t y = 0; y < p.shape.size(); ++y) {
      index_t rest = y;
      for (int d = s.rank - 1; d >= 0; --d) {
        c[d] = rest % p.shape.dims[d];
        rest /= p.shape.dims[d];
        orig[perm[d]] = c[d];
      }
      if (ref_all(l, flatten(s, orig)) != ref_all(p.layout, y)) {
        f.add(what + " wrong at " + std::to_string(y));
        break;
      }
    }
  }
  int bad[2] = {0, 0};
  CHECK_FALSE(permute(seed_reg, shape(64, 12), bad).ok);
  int swap2[2] = {1, 0};
  PermuteResult t = permute(seed_reg, shape(64, 12), swap2);
  REQUIRE(t.ok);
  CHECK(t.layout == S({3, 4, 2, 32}, {4, 1, 1 * warpid, 1 * laneid}));
  std::printf("permute: %ld random cases\n", n);
  REPORT(f);
}

// ============================================================================
// storage, tile, tile_to
// ============================================================================

TEST_CASE("storage keeps what one thread stores", "[layout][storage]") {
  Failures f;
  CHECK(storage(seed_reg) == S({3, 4}, {4, 1}));
  CHECK(storage(seed_mma) == S({2}, {1}));
  CHECK(storage(seed_tmem) == seed_tmem);
  Rand r(7);
  long n = 0;
  for (; n < 20000; ++n) {
    TileLayout l = random_layout(r, Opts{});
    TileLayout st = storage(l);
    std::string what = "storage " + text(l) + " -> " + text(st);
    // element x of l is element y of storage(l), y = x's digits on memory iters
    for (index_t x = 0; x < l.size(); ++x) {
      index_t y = 0;
      for (int k = 0; k < l.rank; ++k)
        if (l.shard[k].axis.is_memory())
          y = y * l.shard[k].extent + digit(l.shard, l.rank, k, x);
      std::set<Place> want, got;
      for (index_t rr = 0; rr < replica_count(l); ++rr) {
        Place p = ref_place(l, x, rr), q;
        for (int i = 0; i < p.n; ++i)
          if (Axis{p.v[i].first}.is_memory())
            q.add(p.v[i].first, p.v[i].second);
        want.insert(q.normalize());
      }
      for (index_t rr = 0; rr < replica_count(st); ++rr)
        got.insert(ref_place(st, y, rr));
      if (want != got) {
        f.add(what + " wrong at " + std::to_string(x));
        break;
      }
    }
    for (int k = 0; k < st.rank; ++k)
      EXPECT(f, st.shard[k].axis.is_memory(), what);
  }
  std::printf("storage: %ld random cases\n", n);
  REPORT(f);
}

namespace {
/// tile's documented meaning: element o * inner + i (per mode) sits at
/// outer(o) * span(inner) + inner(i); outer's strides on an axis that inner's
/// shard uses are scaled by inner's span there; outer's offsets and replicas
/// are not scaled; inner's swizzle applies to the sum.
void check_tile(Failures& f, const TileLayout& in, const TileLayout& out, const Shape& os,
                const Shape& is, const TileResult& t, const std::string& what) {
  EXPECT(f, t.shape.rank == os.rank, what);
  for (int d = 0; d < os.rank; ++d)
    EXPECT(f, t.shape.dims[d] == os.dims[d] * is.dims[d], what);
  EXPECT(f, t.layout.size() == t.shape.size(), what);
  if (f.count)
    return;
  TileLayout in_lin = in;
  in_lin.swz = Swizzle{};
  index_t oc[max_rank] = {}, ic[max_rank] = {};
  for (index_t y = 0; y < t.shape.size(); ++y) {
    index_t rest = y;
    for (int d = os.rank - 1; d >= 0; --d) {
      index_t c = rest % t.shape.dims[d];
      rest /= t.shape.dims[d];
      oc[d] = c / is.dims[d];
      ic[d] = c % is.dims[d];
    }
    index_t ox = flatten(os, oc), ix = flatten(is, ic);
    std::vector<Place> want;
    for (index_t ro = 0; ro < replica_count(out); ++ro)
      for (index_t ri = 0; ri < replica_count(in); ++ri) {
        Place p = ref_place(in_lin, ix, ri);
        for (int k = 0; k < out.rank; ++k) {
          const Iter& it = out.shard[k];
          bool shared = false;
          const TileLayout ci = canonicalize(in);
          for (int q = 0; q < ci.rank; ++q)
            shared = shared || ci.shard[q].axis == it.axis;
          p.add(it.axis.code,
                digit(out.shard, out.rank, k, ox) * it.stride * (shared ? span(in, it.axis) : 1));
        }
        for (int k = 0; k < out.nreplica; ++k)
          p.add(out.replica[k].axis.code,
                digit(out.replica, out.nreplica, k, ro) * out.replica[k].stride);
        for (int i = 0; i < out.noffset; ++i)
          p.add(out.offset[i].axis.code, out.offset[i].value);
        for (int i = 0; i < p.n; ++i)
          if (p.v[i].first == axes::m.code)
            p.v[i].second = ref_swizzle(in.swz, p.v[i].second);
        want.push_back(p.normalize());
      }
    std::sort(want.begin(), want.end());
    if (want != ref_all(t.layout, y)) {
      f.add(what + " -> " + text(t.layout) + " wrong at " + std::to_string(y));
      return;
    }
  }
}
} // namespace

TEST_CASE("tile and tile_to place the tiles by the inner span", "[layout][tile]") {
  Failures f;
  Rand r(8);
  long n = 0, ntiled = 0;
  for (; n < 10000; ++n) {
    Opts oi;
    oi.max_rank = 3;
    oi.max_size = 64;
    Opts oo = oi;
    oo.replica_pct = 10;
    oo.swizzle_pct = 0;
    TileLayout in = random_layout(r, oi), out = random_layout(r, oo);
    int rank = static_cast<int>(r.in(1, 3));
    Shape is = groupable_shape(r, in, rank), os = groupable_shape(r, out, rank);
    TileResult t = tiled(in, out, os, is);
    std::string what =
        "tile inner " + text(in) + " " + text(is) + ", outer " + text(out) + " " + text(os);
    // refused: what TIRx's group refuses, and inner layouts below zero or with
    // negative strides on an axis whose outer strides are scaled (TIRx overlaps)
    bool overlap = false;
    for (int k = 0; k < out.rank; ++k) {
      const Axis a = out.shard[k].axis;
      if (out.shard[k].extent == 1)
        continue;
      bool shared = false;
      const TileLayout ci = canonicalize(in);
      for (int q = 0; q < ci.rank; ++q)
        shared = shared || ci.shard[q].axis == a;
      overlap = overlap || (shared && (range_on(in, a).lo < 0 || has_negative_stride(in, a)));
    }
    // and, as TIRx, a result whose thread axes are not well formed
    bool want = group(canonicalize(in), is).ok && group(canonicalize(out), os).ok && !overlap &&
                !tile_scopes_broken(t.layout) && !tile_scopes_broken(canonicalize(in)) &&
                !tile_scopes_broken(canonicalize(out));
    EXPECT(f, t.ok == want, what + (t.ok ? " accepted" : " refused"));
    if (!t.ok)
      continue;
    ++ntiled;
    check_tile(f, in, out, os, is, t, what);
    // tile_to: outer is row-major on m
    Shape big{};
    big.rank = rank;
    TileLayout rm{};
    for (int d = 0; d < rank; ++d)
      big.dims[d] = is.dims[d] * r.in(1, 3);
    Shape reps{};
    reps.rank = rank;
    for (int d = 0; d < rank; ++d)
      reps.dims[d] = big.dims[d] / is.dims[d];
    index_t st = 1;
    Iter rmi[max_rank] = {};
    for (int d = rank - 1; d >= 0; --d) {
      rmi[d] = Iter{reps.dims[d], st, axes::m};
      st *= reps.dims[d];
    }
    for (int d = 0; d < rank; ++d)
      rm.push_shard(rmi[d]);
    TileResult t2 = tile_to(in, is, big);
    bool m_scaled = false, repeated = false;
    for (int d = 0; d < rank; ++d)
      repeated = repeated || reps.dims[d] > 1;
    const TileLayout cin = canonicalize(in);
    for (int q = 0; q < cin.rank && repeated; ++q)
      m_scaled = m_scaled || cin.shard[q].axis == axes::m;
    EXPECT(f,
           t2.ok == ((!m_scaled ||
                      (range_on(in, axes::m).lo >= 0 && !has_negative_stride(in, axes::m))) &&
                     !tile_scopes_broken(t2.layout) && !tile_scopes_broken(cin)),
           "tile_to " + what);
    if (t2.ok)
      check_tile(f, in, rm, reps, is, t2,
                 "tile_to " + text(in) + " " + text(is) + " to " + text(big));
  }
  CHECK_FALSE(tile_to(seed_reg, shape(64, 12), shape(64, 13)).ok);
  CHECK_FALSE(tirx::tiled(S(4), S(2, 2), shape(2, 2), shape(4)).ok);
  std::printf("tile/tile_to: %ld random cases, %ld tiled\n", n, ntiled);
  REPORT(f);
}

// ============================================================================
// The algebra
// ============================================================================

namespace {
/// Iters on one axis whose strides form a divisibility chain (random gaps),
/// in random order: layouts that have a complement.
TileLayout random_chain(Rand& r, Axis ax, int max_rank, index_t max_size, int gap_pct) {
  for (;;) {
    int rank = static_cast<int>(r.in(1, max_rank));
    std::vector<Iter> it;
    index_t cur = 1, size = 1;
    for (int k = 0; k < rank; ++k) {
      index_t e = r.in(1, 8), s = cur * (r.pct(gap_pct) ? r.in(2, 4) : 1);
      it.push_back(Iter{e, s, ax});
      cur = e * s;
      size *= e;
    }
    if (size > max_size)
      continue;
    for (std::size_t k = it.size() - 1; k > 0; --k)
      std::swap(it[k], it[static_cast<std::size_t>(r.in(0, static_cast<index_t>(k)))]);
    TileLayout l{};
    for (const Iter& i : it)
      l.push_shard(i);
    return l;
  }
}
index_t ref_cosize(const TileLayout& b) { // max value + 1 (non-negative strides)
  index_t mx = 0;
  for (index_t x = 0; x < b.size(); ++x)
    mx = std::max(mx, ref_lin_ext(b, x));
  return mx + 1;
}
/// Checks the defining properties of C = complement(A, M).
void check_complement(Failures& f, const TileLayout& a, index_t M, const AlgebraResult& c,
                      const std::string& what) {
  const TileLayout& cl = c.layout;
  EXPECT(f, cl.rank >= 1 && cl.noffset == 0 && cl.nreplica == 0, what);
  if (cl.rank < 1)
    return;
  for (int k = 0; k < cl.rank; ++k)
    EXPECT(f, cl.shard[k].axis == axis_of(a), what);
  for (int k = 0; k + 1 < cl.rank; ++k)
    EXPECT(f, cl.shard[k].stride > cl.shard[k + 1].stride, what + " sorted");
  index_t total = a.size() * cl.size();
  EXPECT(f, total >= M, what + " reaches M");
  index_t rest = cl.shard[0].extent;
  EXPECT(f, rest == 1 || total / rest < M, what + " minimal");
  std::vector<char> seen(static_cast<std::size_t>(total), 0);
  for (index_t i = 0; i < a.size(); ++i)
    for (index_t j = 0; j < cl.size(); ++j) {
      index_t v = ref_lin_ext(a, i) + ref_lin_ext(cl, j);
      if (v < 0 || v >= total || seen[static_cast<std::size_t>(v)]) {
        f.add(what + " -> " + text(cl) + ": not a disjoint cover of [0, " + std::to_string(total) +
              ")");
        return;
      }
      seen[static_cast<std::size_t>(v)] = 1;
    }
}
} // namespace

TEST_CASE("composition: R(i) == A(B(i))", "[layout][algebra]") {
  Failures f;
  // CuTe's example (6,2):(8,2) o (4,3):(3,1), written row-major
  AlgebraResult cute = composition(S({2, 6}, {2, 8}), S({3, 4}, {1, 3}));
  REQUIRE(cute.ok);
  CHECK(cute.layout == S({3, 2, 2}, {8, 2, 24}));
  // tiles of the seeds: 4 consecutive lanes of each warp of seed_reg2's thread part
  AlgebraResult w = composition(S({64}, {1 * laneid}), S({2, 4}, {32, 1}));
  REQUIRE(w.ok);
  CHECK(w.layout == S({2, 4}, {32 * laneid, 1 * laneid}));
  // offset and swizzle of A carry over; B must not have an offset
  AlgebraResult sw = composition(seed_swz, S({8, 8}, {64, 1}));
  REQUIRE(sw.ok);
  CHECK(sw.layout == (S({8, 8}, {64, 1}) ^ seed_swz.swz));
  CHECK_FALSE(composition(S(8), S(4) + 1).ok);
  CHECK_FALSE(composition(S(8), S({2}, {-1})).ok);
  CHECK_FALSE(composition(S(8), S(2) + R(2, 1 * warpid)).ok);
  CHECK_FALSE(composition(S({2, 2}, {10, 1}), S({2, 2}, {1, 1})).ok); // would carry
  CHECK_FALSE(composition(S({4, 6}, {1, 4}), S({2}, {4})).ok);        // 4 vs extent 6
  CHECK_FALSE(composition(S({4, 2}, {1 * laneid, 1}), S(2)).ok);      // two axes
  CHECK(composition(S(8), S({3}, {0})).layout == S({3}, {0}));

  Rand r(9);
  long ok = 0, n = 0;
  for (; ok < 10000 && n < 200000; ++n) {
    Opts oa;
    oa.one_axis = true;
    oa.axis = r.pick(kAxes);
    oa.replica_pct = 0;
    oa.max_size = 512;
    oa.swizzle_pct = 10;
    TileLayout a = random_layout(r, oa);
    // B's strides: mostly products of A's inner extents times a divisor
    std::vector<index_t> friendly = {0, 1};
    index_t p = 1;
    for (int k = a.rank - 1; k >= 0; --k) {
      for (index_t d = 1; d <= a.shard[k].extent; ++d)
        if (a.shard[k].extent % d == 0)
          friendly.push_back(p * d);
      p *= a.shard[k].extent;
    }
    TileLayout b{};
    int rb = static_cast<int>(r.in(1, 4));
    Axis bx = r.pick(kAxes);
    for (int k = 0; k < rb; ++k)
      b.push_shard(Iter{r.in(1, 8), r.pct(75) ? r.pick(friendly) : r.in(0, 12), bx});
    if (b.size() > 512)
      continue;
    AlgebraResult c = composition(a, b);
    if (!c.ok)
      continue;
    ++ok;
    std::string what = "composition(" + text(a) + ", " + text(b) + ") = " + text(c.layout);
    EXPECT(f, c.layout.size() == b.size(), what);
    EXPECT(f, c.layout.nreplica == 0 && c.layout.swz == a.swz, what);
    for (index_t i = 0; i < b.size() && c.layout.size() == b.size(); ++i)
      if (!(ref_place(c.layout, i, 0) == ref_ext(a, axis_of(a), ref_lin_ext(b, i)))) {
        f.add(what + " wrong at " + std::to_string(i));
        break;
      }
  }
  std::printf("composition: %ld random pairs, %ld admissible and checked\n", n, ok);
  CHECK(ok >= 10000);
  REPORT(f);
}

TEST_CASE("complement fills the holes up to M", "[layout][algebra]") {
  Failures f;
  CHECK(complement(S({4}, {2}), 24).layout == S({3, 2}, {8, 1}));
  CHECK(complement(S(4, 8)).layout == S({1}, {32}));
  CHECK(complement(S({2, 4}, {1 * laneid, 2 * laneid}), 32).layout == S({4}, {8 * laneid}));
  CHECK_FALSE(complement(S({2, 2}, {1, 1})).ok);          // not injective
  CHECK_FALSE(complement(S({2}, {0})).ok);                // stride 0
  CHECK_FALSE(complement(S({3, 2}, {1, 2})).ok);          // 2 is not a multiple of 3*1: overlap
  CHECK_FALSE(complement(S({2}, {-1})).ok);               // negative
  CHECK_FALSE(complement(S({2, 2}, {1 * warpid, 1})).ok); // two axes
  CHECK_FALSE(complement(S(4) ^ Swizzle{1, 0, 1}).ok);
  Rand r(10);
  long ok = 0, n = 0;
  for (; n < 20000; ++n) {
    bool chain = r.pct(80);
    TileLayout a;
    if (chain) {
      a = random_chain(r, r.pick(kAxes), 4, 256, 40);
      if (r.pct(30))
        a.add_offset(Term{r.in(-9, 9), r.pick(kAxes)}); // ignored
    } else {
      Opts o;
      o.one_axis = true;
      o.axis = r.pick(kAxes);
      o.replica_pct = 0;
      o.swizzle_pct = 0;
      o.max_size = 256;
      a = random_layout(r, o);
    }
    index_t cos = 1;
    for (int k = 0; k < a.rank; ++k)
      cos += (a.shard[k].extent - 1) * std::max<index_t>(0, a.shard[k].stride);
    index_t M = r.in(1, 3 * cos);
    AlgebraResult c = complement(a, M);
    std::string what = "complement(" + text(a) + ", " + std::to_string(M) + ")";
    if (chain)
      EXPECT(f, c.ok, what + " refused a chain");
    if (!c.ok)
      continue;
    ++ok;
    check_complement(f, a, M, c, what);
  }
  std::printf("complement: %ld random layouts, %ld with a complement, checked\n", n, ok);
  CHECK(ok >= 10000);
  REPORT(f);
}

TEST_CASE("right_inverse: A(R(i)) == i", "[layout][algebra]") {
  Failures f;
  CHECK(right_inverse(S({4, 8}, {1, 4})).layout == S({8, 4}, {1, 8}));
  CHECK(right_inverse(S(4, 8)).layout == S({32}, {1}));
  CHECK(right_inverse(S({4}, {2})).layout.size() == 1);
  CHECK_FALSE(right_inverse(S(4) + 1).ok);
  Rand r(11);
  long n = 0, full = 0;
  for (; n < 20000; ++n) {
    TileLayout a = random_chain(r, r.pick(kAxes), 5, 1024, r.pct(50) ? 0 : 20);
    bool injective = true;
    if (r.pct(30)) { // junk iters: stride 0, negative, random
      Iter extra{r.in(2, 4), r.pct(50) ? 0 : r.in(-8, 8), a.shard[0].axis};
      TileLayout b{};
      int at = static_cast<int>(r.in(0, a.rank));
      for (int k = 0; k <= a.rank; ++k) {
        if (k == at)
          b.push_shard(extra);
        if (k < a.rank)
          b.push_shard(a.shard[k]);
      }
      a = b;
      injective = false;
    }
    if (a.size() > 2048)
      continue;
    AlgebraResult ri = right_inverse(a);
    std::string what = "right_inverse(" + text(a) + ") = " + text(ri.layout);
    EXPECT(f, ri.ok, what);
    if (!ri.ok)
      continue;
    for (index_t i = 0; i < ri.layout.size(); ++i) {
      index_t x = ref_lin_ext(ri.layout, i);
      if (x < 0 || x >= a.size() || ref_place(a, x, 0).on(axis_of(a)) != i) {
        f.add(what + " wrong at " + std::to_string(i));
        break;
      }
    }
    if (injective) { // as large as possible: size(R) is not in A's image
      for (index_t x = 0; x < a.size(); ++x)
        if (ref_lin_ext(a, x) == ri.layout.size()) {
          f.add(what + " could be larger");
          break;
        }
      full += ri.layout.size() == a.size();
    }
  }
  std::printf("right_inverse: %ld random layouts (%ld fully invertible)\n", n, full);
  REPORT(f);
}

TEST_CASE("logical_divide: R(t, r) == A(B(t) + C(r))", "[layout][algebra]") {
  Failures f;
  GroupedLayout d = logical_divide(S(8, 8), S({4}, {1}));
  REQUIRE(d.ok);
  CHECK(d.layout == S({4, 16}, {1, 4}));
  CHECK((d.ngroups == 2 && d.bound[1] == 1 && d.bound[2] == 2));
  // the 32 lanes of seed_reg2's thread part in tiles of 8 lanes
  GroupedLayout lanes = logical_divide(S({32}, {1 * laneid}), S({8}, {1}));
  REQUIRE(lanes.ok);
  CHECK(lanes.layout == S({8, 4}, {1 * laneid, 8 * laneid}));
  // a strided tile: rows {0, 2, 4, 6} of an 8x8 tile
  GroupedLayout rows = logical_divide(S(8, 8), S({4, 8}, {16, 1}));
  REQUIRE(rows.ok);
  CHECK(rows.layout == S({4, 8, 2}, {16, 1, 8}));
  CHECK_FALSE(logical_divide(S(8), S({2, 2}, {1, 1})).ok); // B has no complement
  Rand r(12);
  long ok = 0, n = 0;
  for (; ok < 10000 && n < 200000; ++n) {
    Opts oa;
    oa.one_axis = true;
    oa.axis = r.pick(kAxes);
    oa.replica_pct = 0;
    oa.max_size = 512;
    oa.swizzle_pct = 10;
    TileLayout a = random_layout(r, oa);
    TileLayout b = random_chain(r, r.pick(kAxes), 3, a.size(), 30);
    GroupedLayout g = logical_divide(a, b);
    if (!g.ok)
      continue;
    ++ok;
    AlgebraResult c = complement(b, a.size());
    std::string what = "logical_divide(" + text(a) + ", " + text(b) + ") = " + text(g.layout);
    EXPECT(f, c.ok && g.ngroups == 2 && g.bound[0] == 0 && g.bound[2] == g.layout.rank, what);
    if (f.count)
      break;
    EXPECT(f, g.group_size(0) == b.size() && g.group_size(1) == c.layout.size(), what);
    EXPECT(f, b.size() * c.layout.size() >= a.size(), what);
    for (index_t t = 0; t < b.size(); ++t)
      for (index_t q = 0; q < c.layout.size(); ++q) {
        index_t x = ref_lin_ext(b, t) + ref_lin_ext(c.layout, q);
        if (!(ref_place(g.layout, t * c.layout.size() + q, 0) == ref_ext(a, axis_of(a), x))) {
          f.add(what + " wrong at t=" + std::to_string(t) + " r=" + std::to_string(q));
          t = b.size();
          break;
        }
      }
  }
  std::printf("logical_divide: %ld random pairs, %ld admissible and checked\n", n, ok);
  CHECK(ok >= 10000);
  REPORT(f);
}

TEST_CASE("logical_product: R(a, r) == A(a) + C(B(r))", "[layout][algebra]") {
  Failures f;
  GroupedLayout p = logical_product(S({4}, {1}), S({3}, {1}));
  REQUIRE(p.ok);
  CHECK(p.layout == S({4, 3}, {1, 4}));
  // a 2x2 block with holes at 2, 3, repeated 4 times: fills the holes first
  GroupedLayout h = logical_product(S({2, 2}, {4, 1}), S({4}, {1}));
  REQUIRE(h.ok);
  CHECK(h.layout == S({2, 2, 2, 2}, {4, 1, 8, 2}));
  CHECK_FALSE(logical_product(S({2, 2}, {4, 1}), S({3}, {1})).ok); // 3 copies do not split 2 holes
  CHECK_FALSE(logical_product(S({2}, {0}), S(2)).ok);
  CHECK_FALSE(logical_product(S(4), S({2}, {-1})).ok);
  Rand r(13);
  long ok = 0, n = 0;
  for (; ok < 10000 && n < 200000; ++n) {
    Axis ax = r.pick(kAxes);
    TileLayout a = random_chain(r, ax, 3, 64, 40);
    if (r.pct(30))
      a.add_offset(Term{r.in(-9, 9), r.pick(kAxes)});
    if (ax == axes::m && r.pct(20))
      a.swz = Swizzle{1, static_cast<int>(r.in(0, 2)), 2};
    TileLayout b = r.pct(50) ? random_chain(r, r.pick(kAxes), 3, 16, 40) : TileLayout{};
    if (b.rank == 0) {
      Axis bx = r.pick(kAxes);
      for (int k = 0, rb = static_cast<int>(r.in(1, 3)); k < rb; ++k)
        b.push_shard(Iter{r.in(1, 4), r.in(0, 6), bx});
    }
    GroupedLayout g = logical_product(a, b);
    if (!g.ok)
      continue;
    ++ok;
    TileLayout bare = a;
    bare.noffset = 0;
    for (Term& t : bare.offset)
      t = Term{};
    bare.swz = Swizzle{};
    AlgebraResult c = complement(bare, a.size() * ref_cosize(b));
    std::string what = "logical_product(" + text(a) + ", " + text(b) + ") = " + text(g.layout);
    EXPECT(f, c.ok && g.ngroups == 2 && g.bound[1] == a.rank && g.bound[2] == g.layout.rank, what);
    if (f.count)
      break;
    EXPECT(f, g.group_size(0) == a.size() && g.group_size(1) == b.size(), what);
    for (index_t i = 0; i < a.size(); ++i)
      for (index_t q = 0; q < b.size(); ++q) {
        Place p; // A(a) + C(B(r)), then A's offsets and swizzle
        p.add(ax.code, ref_lin_ext(a, i) + ref_lin_ext(c.layout, ref_lin_ext(b, q)));
        for (int o = 0; o < a.noffset; ++o)
          p.add(a.offset[o].axis.code, a.offset[o].value);
        for (int o = 0; o < p.n; ++o)
          if (p.v[o].first == axes::m.code)
            p.v[o].second = ref_swizzle(a.swz, p.v[o].second);
        if (!(ref_place(g.layout, i * b.size() + q, 0) == p.normalize())) {
          f.add(what + " wrong at a=" + std::to_string(i) + " r=" + std::to_string(q));
          i = a.size();
          break;
        }
      }
  }
  std::printf("logical_product: %ld random pairs, %ld admissible and checked\n", n, ok);
  CHECK(ok >= 10000);
  REPORT(f);
}

// ============================================================================
// The notation parser
// ============================================================================

namespace {
/// The notation of l with random but valid formatting choices.
std::string random_notation(Rand& r, const TileLayout& l) {
  auto sp = [&] { return r.pct(30) ? std::string(" ") : std::string(); };
  auto term = [&](index_t v, Axis a) { return term_text(v, a, r.pct(30)); };
  auto iters = [&](const Iter* it, int n) {
    bool paren = n != 1 || r.pct(50);
    bool explicit_strides = true;
    std::string t;
    t += paren || n == 0 ? "(" : "";
    for (int i = 0; i < n; ++i)
      t += (i ? "," + sp() : "") + std::to_string(it[i].extent);
    t += paren || n == 0 ? ")" : "";
    if (explicit_strides) {
      t += sp() + ":" + sp() + (paren || n == 0 ? "(" : "");
      for (int i = 0; i < n; ++i)
        t += (i ? "," + sp() : "") + term(it[i].stride, it[i].axis);
      t += paren || n == 0 ? ")" : "";
    }
    return t;
  };
  std::string t;
  bool any = false;
  if (l.rank > 0) { // one S[] (two are refused: TIRx keeps only the first)
    t += "S[" + sp() + iters(l.shard, l.rank) + sp() + "]";
    any = true;
  }
  if (l.nreplica) {
    t += (any ? sp() + "+" + sp() : "") + "R[" + iters(l.replica, l.nreplica) + "]";
    any = true;
  }
  for (int i = 0; i < l.noffset; ++i) {
    index_t v = l.offset[i].value;
    if (r.pct(20)) { // split the offset in two terms on the same axis
      index_t a = r.in(-5, 5);
      t += (any ? sp() + "+" + sp() : "") + term(a, l.offset[i].axis);
      v -= a;
      any = true;
    }
    t += (any ? sp() + "+" + sp() : "") + term(v, l.offset[i].axis);
    any = true;
  }
  if (l.swz.active())
    t += sp() + "^" + sp() + "swizzle(" + std::to_string(l.swz.bits) + "," + sp() +
         std::to_string(l.swz.base) + "," + sp() + std::to_string(l.swz.shift) + ")";
  if (r.pct(15))
    t = "TileLayout(" + t + ")";
  return r.pct(20) ? " " + t + " " : t;
}
} // namespace

TEST_CASE("parse_layout of the printed notation gives the builder's value", "[layout][parse]") {
  Failures f;
  Rand r(14);
  const std::vector<Axis> names = {axes::m,     axes::laneid,   axes::warpid, axes::tx,
                                   axes::TLane, axes::TCol,     axes::cbx,    pid,
                                   axis("q"),   axis("head_1"), axis("Kv")};
  long n = 0;
  for (; n < 20000; ++n) {
    Opts o;
    o.min_rank = 1; // a layout without S[...] is refused (TIRx evaluates it to nothing)
    TileLayout l = random_layout(r, o);
    // rename axes so that every built-in and user name is exercised
    for (int k = 0; k < l.rank; ++k)
      if (r.pct(30))
        l.shard[k].axis = r.pick(names);
    if (l.swz.active()) // a swizzle only with m as memory axis
      for (int k = 0; k < l.rank; ++k)
        if (l.shard[k].axis.is_memory())
          l.shard[k].axis = axes::m;
    std::string src = random_notation(r, l);
    ParseResult p = parse_layout(text_view{src.c_str(), static_cast<int>(src.size())});
    EXPECT(f, p.error == ParseError::none, src + " error at " + std::to_string(p.position));
    EXPECT(f, p.layout == l, src + " parsed as " + text(p.layout) + ", built " + text(l));
  }
  // row-major default strides and the seeds
  CHECK(parse_layout("S[(4, 8)]").layout == S(4, 8));
  CHECK(parse_layout("S[4, 8]").layout == S(4, 8));
  CHECK(parse_layout("S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]").layout == seed_reg);
  CHECK(parse_layout("S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid")
            .layout == seed_mma);
  CHECK(parse_layout("S[(2,128,112):(112@TCol,1@TLane,1@TCol)]").layout == seed_tmem);
  CHECK(parse_layout("S[8, 64] ^ swizzle(3, 3, 3)").layout == seed_swz);
  CHECK(parse_layout("S[4 : 1] + R[2]").layout == S(4) + R(2, 1));
  CHECK(parse_layout("S[4 : 1] + S[2 : 8]").error == ParseError::several_shards);
  CHECK(parse_layout("S[(4, 2) : (1)]").error == ParseError::count_mismatch);
  CHECK(parse_layout("S[4 : 1@]").error == ParseError::expected_axis_name);
  CHECK(parse_layout("S[0]").error == ParseError::bad_extent);
  CHECK(parse_layout("S[4] S[4]").error == ParseError::trailing_text);
  CHECK(parse_layout("").error == ParseError::empty);
  std::printf("parse: %ld random layouts printed and parsed\n", n);
  REPORT(f);
}
