// A persistent tile scheduler: a grid of fewer CTAs than tiles walks the
// (batch x M tiles x N tiles) output grid, each CTA (or each cluster)
// taking item start, start + step, ... in one of two orders:
//   linear    row-major: n fastest, then m, then the batch;
//   grouped   Triton's L2-friendly order: GroupM rows of tiles along M are
//             walked column by column (m fastest inside the group), then
//             the next group of rows, so that CTAs running at the same time
//             share A rows and B columns in L2.
// With ClusterM > 1 an item is a column of ClusterM adjacent tiles along M
// (the swizzled order over a cluster): the CTA of rank r in the cluster
// takes tile m = ClusterM * item_m + r, so the CTAs of a cluster work on
// neighbouring tiles (sharing B's tile: a multicast TMA load), and the
// walk steps by the number of clusters.
//
// Everything is constexpr and runs on the host too, so tests can check
// that each tile is visited exactly once.
#pragma once

#include <tirx/core/config.hpp>

#include <tirx/core/cccl.hpp>

namespace tirx {

enum class TileOrder { linear, grouped };

template <TileOrder Order = TileOrder::grouped, int GroupM = 8, int ClusterM = 1>
class TileScheduler {
  static_assert(GroupM >= 1, "tirx::TileScheduler: GroupM (tiles per group along M) must be >= 1");
  static_assert(ClusterM >= 1 && ClusterM <= 16,
                "tirx::TileScheduler: ClusterM (CTAs of a cluster along M) must be in [1, 16]");
  static_assert(Order != TileOrder::grouped || GroupM % ClusterM == 0,
                "tirx::TileScheduler: GroupM must be a multiple of ClusterM (a group holds whole "
                "clusters); e.g. TileScheduler<TileOrder::grouped, 8, 2>");

public:
  static constexpr TileOrder order = Order;
  static constexpr int group_m = GroupM;
  static constexpr int cluster_m = ClusterM;

  /// The walk of one CTA: items start, start + step, ... (the CTA's or its
  /// cluster's index, and the number of CTAs or clusters), the CTA's rank
  /// in its cluster. m_tiles must be a multiple of ClusterM.
  TIRX_HD constexpr TileScheduler(int m_tiles, int n_tiles, int batch, long long start,
                                  long long step, int rank = 0)
      : m_tiles_(m_tiles), n_tiles_(n_tiles), batch_(batch), item_(start), step_(step),
        rank_(rank) {
    TIRX_CHECK(m_tiles >= 0 && n_tiles >= 0 && batch >= 0 && step >= 1 && start >= 0,
               "tirx::TileScheduler: the tile counts must be >= 0, the step >= 1");
    TIRX_CHECK(m_tiles % ClusterM == 0,
               "tirx::TileScheduler: the M tiles must be a multiple of ClusterM (pad M)");
    TIRX_CHECK(rank >= 0 && rank < ClusterM,
               "tirx::TileScheduler: the rank must be in [0, ClusterM)");
    locate();
  }

#if defined(__CUDACC__)
  /// The walk of the calling CTA of a 1-D grid: with ClusterM == 1 it steps
  /// by gridDim.x from blockIdx.x; with ClusterM > 1 (a launch with
  /// clusters of ClusterM CTAs along x, sm_90) by the number of clusters
  /// from the cluster's index, every CTA of a cluster making the same
  /// number of steps.
  __device__ static TileScheduler persistent(int m_tiles, int n_tiles, int batch = 1) {
    if constexpr (ClusterM == 1) {
      return TileScheduler(m_tiles, n_tiles, batch, blockIdx.x, gridDim.x, 0);
    } else {
#if __CUDA_ARCH__ >= 900
      TIRX_CHECK(cuda::ptx::get_sreg_cluster_nctarank() == ClusterM,
                 "tirx::TileScheduler::persistent: launch clusters of ClusterM CTAs");
      return TileScheduler(m_tiles, n_tiles, batch, cuda::ptx::get_sreg_clusterid_x(),
                           cuda::ptx::get_sreg_nclusterid_x(),
                           static_cast<int>(cuda::ptx::get_sreg_cluster_ctarank()));
#else
      detail::fail("tirx::TileScheduler::persistent: ClusterM > 1 needs clusters (sm_90)");
#endif
    }
  }
#endif

  /// Items: ClusterM-tall columns of tiles, over the whole batch.
  TIRX_HD constexpr long long items() const {
    return static_cast<long long>(batch_) * (m_tiles_ / ClusterM) * n_tiles_;
  }
  TIRX_HD constexpr bool done() const { return item_ >= items(); }
  TIRX_HD constexpr void next() {
    item_ += step_;
    locate();
  }
  TIRX_HD constexpr int tile_m() const { return m_; }
  TIRX_HD constexpr int tile_n() const { return n_; }
  TIRX_HD constexpr int batch_index() const { return b_; }
  /// The current item (the same in every CTA of a cluster).
  TIRX_HD constexpr long long item() const { return item_; }
  TIRX_HD constexpr int rank() const { return rank_; }

private:
  /// Item item_ to (b_, m_, n_).
  TIRX_HD constexpr void locate() {
    if (done())
      return;
    const long long rows = m_tiles_ / ClusterM; // item rows (clusters along M)
    const long long per_batch = rows * n_tiles_;
    b_ = static_cast<int>(item_ / per_batch);
    const long long r = item_ % per_batch;
    long long row = 0, col = 0;
    if constexpr (Order == TileOrder::linear) {
      row = r / n_tiles_;
      col = r % n_tiles_;
    } else {
      const long long group_rows = GroupM / ClusterM;
      const long long per_group = group_rows * n_tiles_;
      const long long first = r / per_group * group_rows;
      const long long height = rows - first < group_rows ? rows - first : group_rows;
      const long long within = r % per_group;
      row = first + within % height;
      col = within / height;
    }
    m_ = static_cast<int>(row * ClusterM + rank_);
    n_ = static_cast<int>(col);
  }

  int m_tiles_ = 0, n_tiles_ = 0, batch_ = 0;
  long long item_ = 0, step_ = 1;
  int rank_ = 0;
  int b_ = 0, m_ = 0, n_ = 0;
};

} // namespace tirx
