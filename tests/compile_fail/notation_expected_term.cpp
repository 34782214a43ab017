// Must not compile: ParseError::expected_term.
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[4] + Q[2]">;
