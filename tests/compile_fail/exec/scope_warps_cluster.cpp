// Must not compile: a warp range narrows one CTA's scopes, not the cluster.
// expected-error {{tirx::scope::warps: a warp range narrows scope::warp, warpgroup or cta}}
#include <tirx/exec/scope.hpp>

namespace scope_warps_cluster {
constexpr auto s = tirx::scope::warps<0, 4>(tirx::scope::cluster);
} // namespace scope_warps_cluster
