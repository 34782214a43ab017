// Must not compile: ParseError::trailing_text.
// expected-error {{tirx::layout_of: unexpected text after the layout; join terms with +}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[4] S[2]">;
