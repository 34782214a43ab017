// Must not compile: ParseError::expected_term.
// expected-error {{tirx::layout_of: expected S[...], R[...] or an offset n@axis; terms are joined by +}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[4] + Q[2]">;
