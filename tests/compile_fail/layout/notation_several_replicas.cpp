// Must not compile: ParseError::several_replicas (TIRx keeps only the last R).
// expected-error {{tirx::layout_of: one R[...] per layout (TIRx keeps only the last); put every replica iter in one R[...]}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[4] + R[2 : 1@warpid] + R[2 : 1@laneid]">;
