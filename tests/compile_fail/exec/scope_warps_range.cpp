// Must not compile: a warp range past the CTA's 32 warps.
// expected-error {{tirx::scope::warps: the range [First, First + Count) must lie in the CTA's 32 warps}}
#include <tirx/exec/scope.hpp>

namespace scope_warps_range {
constexpr auto s = tirx::scope::warps<30, 4>(tirx::scope::cta);
} // namespace scope_warps_range
