// Must not compile: ParseError::count_mismatch.
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[(4, 8) : (1)]">;
