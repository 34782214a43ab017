// Host tests of exec/pipeline.hpp's PipelineState and exec/scheduler.hpp's
// TileScheduler (the headers compile with g++):
//   - PipelineState: index and phase after k advances against k % Stages
//     and (k / Stages) % 2, advanced(n) against n advance() calls, and the
//     ring protocol (producer waits on empty with parity phase ^ 1, the
//     consumer on full with phase) on a model of the mbarrier's phase
//     parity, under random interleavings of one producer and one consumer:
//     every item is read once, in order, never overwritten before it is read;
//   - TileScheduler: every tile of (batch x M x N) visited exactly once for
//     many grid sizes, tile counts and cluster sizes, the item order equal
//     to an independent enumeration (linear: row-major; grouped: GroupM rows
//     column by column), and the CTAs of a cluster on adjacent tiles of the
//     same column at every step.
#define TIRX_DEBUG_CHECKS 1
#include <tirx/exec/pipeline.hpp>
#include <tirx/exec/scheduler.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <random>
#include <tuple>
#include <vector>

using namespace tirx;

// -- PipelineState -----------------------------------------------------------------

template <int S> constexpr bool state_walk_ok(int steps) {
  PipelineState<S> st;
  for (int k = 0; k < steps; ++k) {
    if (st.index != k % S || st.phase != static_cast<unsigned>((k / S) % 2) || st.count != k)
      return false;
    if (!(st.next() == st.advanced(1)))
      return false;
    st.advance();
  }
  return true;
}
static_assert(state_walk_ok<1>(20) && state_walk_ok<2>(33) && state_walk_ok<4>(100));
static_assert(PipelineState<3>{}.advanced(7).index == 1 &&
              PipelineState<3>{}.advanced(7).phase == 0);
static_assert(PipelineState<3>{}.advanced(4).phase == 1);

TEST_CASE("PipelineState: advanced(n) is n advances", "[pipeline]") {
  std::mt19937 rng(12);
  for (int t = 0; t < 200; ++t) {
    PipelineState<5> a;
    a = a.advanced(static_cast<long long>(rng() % 50));
    PipelineState<5> b = a;
    const int n = static_cast<int>(rng() % 40);
    for (int i = 0; i < n; ++i)
      b.advance();
    const auto c = a.advanced(n);
    REQUIRE(c.index == b.index);
    REQUIRE(c.phase == b.phase);
    REQUIRE(c.count == b.count);
  }
}

namespace {
/// The part of an mbarrier the ring protocol sees: arrivals per phase and
/// the current phase; test_wait_parity(p) holds once the current phase's
/// parity differs from p.
struct ModelBarrier {
  int expected = 1, pending = 1;
  unsigned phase = 0;
  void init(int count) { expected = pending = count; }
  void arrive() {
    if (--pending == 0) {
      ++phase;
      pending = expected;
    }
  }
  bool test_wait_parity(unsigned p) const { return (phase & 1u) != p; }
};
} // namespace

TEST_CASE("BarrierRing protocol on a model barrier: random interleavings", "[pipeline]") {
  constexpr int Stages = 4, Items = 200;
  std::mt19937 rng(2024);
  for (int trial = 0; trial < 50; ++trial) {
    std::array<ModelBarrier, Stages> full{}, empty{};
    std::array<int, Stages> slot{};
    slot.fill(-1);
    std::array<bool, Stages> unread{};
    PipelineState<Stages> prod, cons;
    int produced = 0, consumed = 0, idle = 0;
    while (consumed < Items) {
      REQUIRE(idle < 1000); // neither role could move: a deadlock
      const bool producer_turn = rng() % 2 == 0;
      if (producer_turn && produced < Items) {
        if (!empty[prod.index].test_wait_parity(prod.phase ^ 1u)) { // producer_acquire
          ++idle;
          continue;
        }
        REQUIRE_FALSE(unread[prod.index]); // the slot's last item was read
        slot[prod.index] = produced++;
        unread[prod.index] = true;
        full[prod.index].arrive(); // producer_commit
        prod.advance();
        idle = 0;
      } else if (!producer_turn) {
        if (!full[cons.index].test_wait_parity(cons.phase)) { // consumer_wait
          ++idle;
          continue;
        }
        REQUIRE(unread[cons.index]);
        REQUIRE(slot[cons.index] == consumed); // in order
        unread[cons.index] = false;
        ++consumed;
        empty[cons.index].arrive(); // consumer_release
        cons.advance();
        idle = 0;
      }
    }
    REQUIRE(produced == Items);
  }
}

// -- TileScheduler -------------------------------------------------------------------

namespace {
using Tile = std::tuple<int, int, int>; // (batch, m, n)

/// The item order written out: item rows (clusters along M) by columns.
std::vector<Tile> reference_items(TileOrder order, int group_rows, int rows, int n_tiles,
                                  int batch) {
  std::vector<Tile> items;
  for (int b = 0; b < batch; ++b) {
    if (order == TileOrder::linear) {
      for (int r = 0; r < rows; ++r)
        for (int c = 0; c < n_tiles; ++c)
          items.emplace_back(b, r, c);
    } else {
      for (int first = 0; first < rows; first += group_rows)
        for (int c = 0; c < n_tiles; ++c)
          for (int r = first; r < rows && r < first + group_rows; ++r)
            items.emplace_back(b, r, c);
    }
  }
  return items;
}

/// Runs every CTA of a grid of `clusters` clusters and checks the walk.
template <TileOrder Order, int GroupM, int ClusterM>
void check_walk(int m_tiles, int n_tiles, int batch, int clusters) {
  using Sched = TileScheduler<Order, GroupM, ClusterM>;
  const auto ref = reference_items(Order, GroupM / ClusterM, m_tiles / ClusterM, n_tiles, batch);
  std::vector<int> seen(static_cast<size_t>(batch) * m_tiles * n_tiles, 0);
  for (int c = 0; c < clusters; ++c) {
    std::vector<Sched> ctas;
    for (int r = 0; r < ClusterM; ++r)
      ctas.emplace_back(m_tiles, n_tiles, batch, c, clusters, r);
    long long expect_item = c;
    while (!ctas[0].done()) {
      const auto [b, row, col] = ref[static_cast<size_t>(expect_item)];
      for (int r = 0; r < ClusterM; ++r) {
        Sched& s = ctas[static_cast<size_t>(r)];
        REQUIRE_FALSE(s.done()); // the CTAs of a cluster make the same steps
        REQUIRE(s.item() == expect_item);
        REQUIRE(s.batch_index() == b);
        REQUIRE(s.tile_m() == row * ClusterM + r); // adjacent along M, rank order
        REQUIRE(s.tile_n() == col);
        ++seen[(static_cast<size_t>(b) * m_tiles + s.tile_m()) * n_tiles + s.tile_n()];
        s.next();
      }
      expect_item += clusters;
    }
    for (const Sched& s : ctas)
      REQUIRE(s.done());
  }
  for (int v : seen)
    REQUIRE(v == 1);
}

template <TileOrder Order, int GroupM, int ClusterM> void sweep() {
  for (int m : {ClusterM, 2 * ClusterM, 3 * ClusterM, 7 * ClusterM, 16 * ClusterM})
    for (int n : {1, 3, 8, 13})
      for (int batch : {1, 3})
        for (int clusters : {1, 2, 3, 5, 7, 8, 16, 31, 64, 132, 1000}) {
          CAPTURE(m, n, batch, clusters);
          check_walk<Order, GroupM, ClusterM>(m, n, batch, clusters);
        }
}
} // namespace

TEST_CASE("TileScheduler linear: every tile once, row-major", "[scheduler]") {
  sweep<TileOrder::linear, 1, 1>();
  sweep<TileOrder::linear, 8, 1>(); // GroupM is not used by the linear order
}

TEST_CASE("TileScheduler grouped: every tile once, GroupM rows column by column", "[scheduler]") {
  sweep<TileOrder::grouped, 1, 1>();
  sweep<TileOrder::grouped, 4, 1>();
  sweep<TileOrder::grouped, 8, 1>();
}

TEST_CASE("TileScheduler over clusters: adjacent tiles per cluster, every tile once",
          "[scheduler]") {
  sweep<TileOrder::linear, 1, 2>();
  sweep<TileOrder::grouped, 8, 2>();
  sweep<TileOrder::grouped, 8, 4>();
  sweep<TileOrder::grouped, 4, 4>();
}

TEST_CASE("TileScheduler grouped: the first items of a group", "[scheduler]") {
  // 8 x 4 tiles, groups of 4 rows: items 0..3 go down column 0 of rows 0..3
  TileScheduler<TileOrder::grouped, 4> s(8, 4, 1, 0, 1);
  const int want[][2] = {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {0, 1}, {1, 1}, {2, 1}, {3, 1}, {0, 2},
                         {1, 2}, {2, 2}, {3, 2}, {0, 3}, {1, 3}, {2, 3}, {3, 3}, {4, 0}, {5, 0}};
  for (const auto& w : want) {
    REQUIRE(s.tile_m() == w[0]);
    REQUIRE(s.tile_n() == w[1]);
    s.next();
  }
}

// constexpr: a whole walk at compile time
constexpr int count_tiles() {
  int visited = 0;
  for (int c = 0; c < 3; ++c)
    for (TileScheduler<TileOrder::grouped, 4, 2> s(6, 5, 2, c, 3, 1); !s.done(); s.next())
      ++visited;
  return visited;
}
static_assert(count_tiles() == 2 * 3 * 5); // rank 1 of each cluster: half of 2 x 6 x 5
