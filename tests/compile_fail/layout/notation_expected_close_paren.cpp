// Must not compile: ParseError::expected_close_paren.
// expected-error {{tirx::layout_of: expected ')' to close a tuple}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[(4, 8 : (8, 1)]">;
