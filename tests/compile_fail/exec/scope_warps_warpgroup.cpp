// Must not compile: a warpgroup range that starts inside a warpgroup.
// expected-error {{tirx::scope::warps: a warpgroup range starts at a multiple of 4 warps and holds whole warpgroups (e.g. warps<4, 4>(scope::warpgroup))}}
#include <tirx/exec/scope.hpp>

namespace scope_warps_warpgroup {
constexpr auto s = tirx::scope::warps<2, 4>(tirx::scope::warpgroup);
} // namespace scope_warps_warpgroup
