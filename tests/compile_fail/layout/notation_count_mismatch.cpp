// Must not compile: ParseError::count_mismatch.
// expected-error {{tirx::layout_of: extents and strides differ in number (TIRx would drop the rest); give one stride per extent}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[(4, 8) : (1)]">;
