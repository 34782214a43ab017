// Must not compile: a shard extent of 0, written in the notation.
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[(4, 0) : (1, 1)]">;
