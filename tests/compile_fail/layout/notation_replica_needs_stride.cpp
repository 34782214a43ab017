// Must not compile: ParseError::replica_needs_stride.
// expected-error {{tirx::layout_of: a replica needs its stride, e.g. R[2 : 4@warpid]}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[4] + R[2]">;
