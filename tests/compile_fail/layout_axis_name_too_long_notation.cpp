// Must not compile: a user axis name of 8 characters (notation).
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[4 : 1@abcdefgh]">;
