// Must not compile: ParseError::replica_needs_stride.
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[4] + R[2]">;
