// Host tests of the stream-K plan and walk (kernels/gemm/gemm_streamk.cuh):
// over many tile counts, grids and K, the whole tiles are visited once each;
// the pieces of every stream-K tile partition its K blocks; each piece's
// slot is the one the fixup reads for it (its CTA's first piece: slot 0, a
// later one: 1); the CTAs' stream-K iterations differ by at most one.
#include "../../kernels/gemm/gemm_streamk.cuh"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <vector>

using namespace tirx_kernels::gemm_sm90;
using Sched = tirx::TileScheduler<tirx::TileOrder::grouped, 8, 1>;

namespace {
bool walk_ok(int m_tiles, int n_tiles, int batch, int grid, int k, int tail_split) {
  const long long tiles = static_cast<long long>(m_tiles) * n_tiles * batch;
  const StreamKPlan p =
      tail_split > 1 ? tail_streamk_plan(tiles, grid, k, tail_split) : streamk_plan(tiles, grid, k);
  const int kb = p.k_blocks;
  std::map<std::tuple<int, int, int>, std::vector<std::pair<int, int>>> ranges;
  std::map<std::tuple<int, int, int>, std::set<long long>> slots;
  long long least = 1ll << 60, most = 0;
  for (int c = 0; c < grid; ++c) {
    long long sk_iters = 0;
    if (p.sk > 0 && c >= p.ctas && p.begin(c) != p.begin(c + 1))
      return false; // only the plan's CTAs hold stream-K work
    for (StreamKWalk<Sched> w(m_tiles, n_tiles, batch, p, c, grid); !w.done(); w.next()) {
      const std::tuple<int, int, int> key{w.batch_index(), w.tile_m(), w.tile_n()};
      if (w.kb0() < 0 || w.kb1() > kb || w.kb0() >= w.kb1())
        return false;
      ranges[key].push_back({w.kb0(), w.kb1()});
      if (w.partial()) {
        const long long t = w.sk_tile();
        const long long want = 2ll * c + (p.begin(c) < t * kb ? 1 : 0);
        if (w.slot() != want || p.cta_of(t * kb + w.kb0()) != c)
          return false;
        if (!slots[key].insert(w.slot()).second)
          return false;
      }
    }
    if (p.sk > 0 && c < p.ctas) {
      sk_iters = p.begin(c + 1) - p.begin(c);
      least = sk_iters < least ? sk_iters : least;
      most = sk_iters > most ? sk_iters : most;
    }
  }
  if (p.sk > 0 && most - least > 1)
    return false;
  if (static_cast<long long>(ranges.size()) != tiles)
    return false;
  for (auto& [key, r] : ranges) { // the pieces partition [0, kb)
    std::sort(r.begin(), r.end());
    int at = 0;
    for (auto [a, b] : r) {
      if (a != at)
        return false;
      at = b;
    }
    if (at != kb)
      return false;
  }
  return true;
}
} // namespace

TEST_CASE("StreamKWalk: every tile's K blocks once, the slots the fixup reads", "[gemm]") {
  for (int grid : {1, 3, 8, 13, 132})
    for (auto [m, n, b] : {std::tuple{1, 1, 1}, std::tuple{17, 8, 1}, std::tuple{32, 17, 1},
                           std::tuple{8, 56, 1}, std::tuple{5, 7, 3}, std::tuple{9, 9, 2}})
      for (int k : {64, 200, 1000, 4096})
        for (int tail : {1, 2, 3, 8}) { // 1: stream-K proper; S > 1: the tail split
          INFO("grid " << grid << ", tiles " << m << " x " << n << " x " << b << ", k " << k
                       << ", tail split " << tail);
          CHECK(walk_ok(m, n, b, grid, k, tail));
        }
}

TEST_CASE("streamk_plan: whole waves but the last, the rest divided", "[gemm]") {
  const StreamKPlan a = streamk_plan(448, 132, 4096); // 1024 x 14336: 3.4 waves
  CHECK((a.dp == 264 && a.sk == 184 && a.k_blocks == 64));
  const StreamKPlan b = streamk_plan(544, 132, 4096); // 4095 x 4104: 4.1 waves
  CHECK((b.dp == 396 && b.sk == 148));
  const StreamKPlan c = streamk_plan(150, 132, 4096); // 1.1 waves: all divided
  CHECK((c.dp == 0 && c.sk == 150));
  CHECK(streamk_plan(264, 132, 4096).sk == 0);                // whole waves
  CHECK(streamk_plan(100, 132, 4096).sk == 0);                // under a wave (split-K's)
  const StreamKPlan t = tail_streamk_plan(448, 132, 4096, 2); // the tail split S = 2
  CHECK((t.dp == 396 && t.sk == 52 && t.ctas == 104));
  CHECK((t.begin(0) == 0 && t.begin(1) == 32 && t.begin(2) == 64)); // half a tile each
  CHECK(tail_streamk_plan(448, 132, 4096, 4).ctas == 104);          // S cut to fit the grid
  // CTA c's first iteration and the CTA of an iteration agree
  for (long long x = 0; x < a.sk * a.k_blocks; x += 7) {
    const long long c = a.cta_of(x);
    CHECK((a.begin(c) <= x && x < a.begin(c + 1)));
  }
}
