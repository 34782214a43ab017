// Must not compile: a swizzle whose shift S is below its bits B (notation).
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[8, 64] ^ swizzle(3, 3, 2)">;
