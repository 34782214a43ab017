// Expected to fail: two extents, one stride.
#include <tirx/tile.hpp>

// [snippet:error-stride-count]
constexpr tirx::TileLayout tile = tirx::layout_of<"S[(4, 8) : (1)]">;
// [/snippet]
