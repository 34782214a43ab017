// Must not compile: ParseError::no_shard (TIRx evaluates it to nothing).
// expected-error {{tirx::layout_of: a layout needs an S[...] with at least one iter (TIRx evaluates a layout without shard iters to nothing)}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"R[2 : 1@warpid] + 3">;
