// Must not compile: ParseError::expected_axis_name.
// expected-error {{tirx::layout_of: expected an axis name after '@', e.g. 1@laneid}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[(4, 8) : (8@, 1)]">;
