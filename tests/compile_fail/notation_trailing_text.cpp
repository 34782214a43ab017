// Must not compile: ParseError::trailing_text.
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[4] S[2]">;
