// Must not compile: ParseError::several_shards (TIRx keeps only the first S).
// expected-error {{tirx::layout_of: one S[...] per layout (TIRx keeps only the first); put every iter in one S[...]}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[4 : 1] + S[2 : 8]">;
