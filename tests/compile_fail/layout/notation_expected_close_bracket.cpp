// Must not compile: ParseError::expected_close_bracket.
// tirx-fail: host nvcc
// expected-error {{tirx::layout_of: expected ']' to close S[...] or R[...]}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[(4, 8) : (8, 1)">;
