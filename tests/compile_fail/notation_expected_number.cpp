// Must not compile: ParseError::expected_number.
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[(4, x)]">;
