// Must not compile: ParseError::bad_extent (a negative extent).
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[(4, -2) : (1, 4)]">;
