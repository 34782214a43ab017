// Must not compile: ParseError::too_many_iters (17 extents).
// expected-error {{tirx::layout_of: more than 16 shard, 8 replica or 8 offset terms}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2]">;
