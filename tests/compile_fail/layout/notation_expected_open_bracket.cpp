// Must not compile: ParseError::expected_open_bracket.
// expected-error {{tirx::layout_of: expected '[' after S or R}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S(4, 8)">;
