// Must not compile: a swizzle whose shift S is below its bits B (notation).
// expected-error {{tirx::TileLayout: swizzle needs shift S >= bits B and base M >= 0; use swizzle_for(SwizzleMode::b128, element_bytes)}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[8, 64] ^ swizzle(3, 3, 2)">;
