// Must not compile: ParseError::bad_extent (a negative extent).
// expected-error {{tirx::layout_of: every extent must be at least 1}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[(4, -2) : (1, 4)]">;
