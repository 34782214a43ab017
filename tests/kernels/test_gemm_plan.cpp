// Host tests of the Hopper GEMM's plans (the headers compile with g++):
//   - TailWalk (kernels/gemm/gemm_tail.cuh): over many tile counts, grids,
//     whole-wave counts and splits, every tile is visited: the whole ones
//     once as a whole tile, each tail tile once per K range 0 .. S - 1, in
//     TileScheduler's order, and a tail whose units fit in one round of
//     the grid all in its last round;
//   - tail_plan: whole waves of the grid, the tail after them, S cut to the
//     K blocks (every range holds one), and its workspace;
//   - choose_config's tail split (tail_choice): the shapes docs/gemm.md
//     names, and none where the last wave is nearly full, under a wave, or
//     after many waves.
#include "../../kernels/gemm/gemm_heuristic.cuh"
#include "../../kernels/gemm/gemm_tail.cuh"

#include <catch2/catch.hpp>

#include <map>
#include <tuple>
#include <vector>

using namespace tirx_kernels;
using namespace tirx_kernels::gemm_sm90;
using Sched = tirx::TileScheduler<tirx::TileOrder::grouped, 8, 1>;

namespace {
/// Walks every CTA of a grid over a tail split; returns whether each unit
/// was visited once with the expected tile, part and round.
bool walk_ok(int m_tiles, int n_tiles, int batch, int grid, int split) {
  const long long tiles = static_cast<long long>(m_tiles) * n_tiles * batch;
  const TailPlan t = tail_plan(tiles, grid, 64 * 64, split);
  const int s = t.split > 1 ? t.split : 1;
  const long long whole = t.split > 1 ? t.whole : tiles;
  std::map<std::tuple<int, int, int, int>, int> seen; // (b, m, n, part) -> visits
  for (int cta = 0; cta < grid; ++cta) {
    TailWalk<Sched> w(m_tiles, n_tiles, batch, t.whole, t.split, cta, grid);
    for (long long u = cta; !w.done(); w.next(), u += grid) {
      const long long tile = u < whole ? u : whole + (u - whole) / s;
      const Sched at(m_tiles, n_tiles, batch, tile, 1);
      const int part = u < whole ? -1 : static_cast<int>((u - whole) % s);
      if (w.tile_m() != at.tile_m() || w.tile_n() != at.tile_n() ||
          w.batch_index() != at.batch_index() || w.part() != part)
        return false;
      if (part >= 0 && w.tail_index() != tile - whole)
        return false;
      if (part >= 0 && (tiles - whole) * s <= grid && u / grid != whole / grid)
        return false; // a tail that fits in one round of the grid is its last round
      ++seen[{w.batch_index(), w.tile_m(), w.tile_n(), part}];
    }
  }
  const long long want = whole + (tiles - whole) * s;
  if (static_cast<long long>(seen.size()) != want)
    return false;
  for (const auto& [key, visits] : seen)
    if (visits != 1)
      return false;
  return true;
}
} // namespace

TEST_CASE("TailWalk: every whole tile once, every tail tile once per K range", "[gemm]") {
  for (int grid : {1, 3, 8, 13, 132})
    for (auto [m, n, b] : {std::tuple{1, 1, 1}, std::tuple{17, 8, 1}, std::tuple{32, 17, 1},
                           std::tuple{8, 56, 1}, std::tuple{5, 7, 3}, std::tuple{9, 9, 2}})
      for (int split : {1, 2, 3, 5, 8}) {
        INFO("grid " << grid << ", tiles " << m << " x " << n << " x " << b << ", split " << split);
        CHECK(walk_ok(m, n, b, grid, split));
      }
}

TEST_CASE("tail_plan: whole waves, the tail, S cut to the K blocks", "[gemm]") {
  const TailPlan a = tail_plan(448, 132, 4096, 2); // 1024 x 14336: 3 waves and 52 tiles
  CHECK((a.whole == 396 && a.tiles == 52 && a.split == 2 && a.blocks == 32));
  const TailPlan b = tail_plan(544, 132, 4096, 7); // 4095 x 4104
  CHECK((b.whole == 528 && b.tiles == 16 && b.split == 7 && b.blocks == 10));
  const TailPlan c = tail_plan(9, 132, 150, 8); // 3 K blocks: 3 ranges, all 9 tiles split
  CHECK((c.whole == 0 && c.tiles == 9 && c.split == 3 && c.blocks == 1));
  CHECK(tail_plan(264, 132, 4096, 4).split == 1); // whole waves only: no tail
  CHECK(tail_plan(448, 132, 4096, 1).split == 1);
  CHECK(tail_plan(448, 132, 64, 4).split == 1); // one K block
  // the slots (2 consumers x S x 64 x BN floats per tail tile), then 4 counters
  CHECK(tail_workspace_bytes(a, 256) == 4ll * 52 * (2 * 2 * 64 * 256 + 4));
  CHECK(tail_workspace_bytes(tail_plan(448, 132, 4096, 1), 256) == 0);
}

TEST_CASE("choose_config: the tail split where the last wave is small", "[gemm]") {
  auto tail = [](int m, int n, int k) { return choose_config(m, n, k, 1, 132).tail_split; };
  CHECK(tail(1024, 14336, 4096) == 2);   // 448 tiles: 52 in the last wave
  CHECK(tail(4095, 4104, 4096) == 4);    // 544 tiles: 16
  CHECK(tail(2100, 2048, 1024) == 4);    // 136 tiles: 4 (gpu_gemm_general's case)
  CHECK(tail(4096, 4096, 4096) == 1);    // 512 tiles: 116, nearly a whole wave
  CHECK(tail(8192, 8192, 8192) == 1);    // 2048 tiles: 68
  CHECK(tail(8191, 8200, 8192) == 1);    // 2112 tiles: whole waves
  CHECK(tail(16384, 16384, 16384) == 1); // 8192 tiles: 62 waves and 8
  CHECK(tail(1024, 4096, 4096) == 1);    // 128 tiles: under a wave (the table's)
  CHECK(tail(1024, 14336, 64) == 1);     // one K block
}
