// Must not compile: a user axis name of 8 characters (notation).
// expected-error {{tirx::TileLayout: a user axis name must have 1 to 7 characters, e.g. axis("pid")}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[4 : 1@abcdefgh]">;
