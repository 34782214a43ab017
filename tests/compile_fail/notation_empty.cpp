// Must not compile: ParseError::empty.
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"   ">;
