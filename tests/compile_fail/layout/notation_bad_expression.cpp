// Must not compile: ParseError::bad_expression (an axis term times an integer).
// expected-error {{tirx::layout_of: not an integer expression of + - * // % ** and n@axis; e.g. (2 * 4)@laneid, not 4@laneid * 2}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[4 : 4@laneid * 2]">;
