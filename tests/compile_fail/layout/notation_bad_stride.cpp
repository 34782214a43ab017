// Must not compile: ParseError::bad_stride (a sum of terms as a stride).
// expected-error {{tirx::layout_of: a stride is one term n or n@axis, not a sum of terms}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[4 : (1@laneid + 1)]">;
