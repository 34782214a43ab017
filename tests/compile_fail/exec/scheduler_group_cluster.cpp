// Must not compile: a grouped tile order whose groups do not hold whole clusters.
// expected-error {{tirx::TileScheduler: GroupM must be a multiple of ClusterM (a group holds whole clusters); e.g. TileScheduler<TileOrder::grouped, 8, 2>}}
#include <tirx/exec/scheduler.hpp>

namespace scheduler_group_cluster {
constexpr tirx::TileScheduler<tirx::TileOrder::grouped, 6, 4> s(8, 8, 1, 0, 1);
} // namespace scheduler_group_cluster
