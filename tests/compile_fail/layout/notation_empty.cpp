// Must not compile: ParseError::empty.
// expected-error {{tirx::layout_of: the notation is empty; write e.g. "S[(4, 8) : (8, 1)]"}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"   ">;
