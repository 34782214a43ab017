// Must not compile: a swizzle whose shift S is below its bits B (typed builder).
// expected-error {{tirx::TileLayout: swizzle needs shift S >= bits B and base M >= 0; use swizzle_for(SwizzleMode::b128, element_bytes)}}
#include <tirx/tile.hpp>

using namespace tirx;

using Bad = layout_type<S(8, 64) ^ Swizzle { 3, 3, 2 }>;
Bad* unused = nullptr;
