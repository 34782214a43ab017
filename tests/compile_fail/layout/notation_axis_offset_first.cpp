// Must not compile: ParseError::axis_offset_first (a Python error in TIRx).
// expected-error {{tirx::layout_of: an offset on an axis cannot come before S[...] or R[...] (TIRx cannot add a layout to it); write S[...] + 5@warpid}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"5@warpid + S[4 : 1@laneid]">;
