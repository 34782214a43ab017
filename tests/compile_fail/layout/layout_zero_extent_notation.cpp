// Must not compile: a shard extent of 0, written in the notation.
// expected-error {{tirx::layout_of: every extent must be at least 1}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[(4, 0) : (1, 1)]">;
