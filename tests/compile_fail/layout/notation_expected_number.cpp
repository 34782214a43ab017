// Must not compile: ParseError::expected_number.
// expected-error {{tirx::layout_of: expected an integer}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[(4, x)]">;
