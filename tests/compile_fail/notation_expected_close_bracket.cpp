// Must not compile: ParseError::expected_close_bracket.
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[(4, 8) : (8, 1)">;
