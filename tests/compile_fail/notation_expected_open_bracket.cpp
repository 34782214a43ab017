// Must not compile: ParseError::expected_open_bracket.
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S(4, 8)">;
