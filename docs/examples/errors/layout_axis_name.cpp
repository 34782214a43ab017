// Expected to fail: a user axis name longer than 7 characters.
// expected-error-re {{tirx::TileLayout: a user axis name must have 1 to 7 characters}}
#include <tirx/tile.hpp>

// [snippet:error-axis-name]
constexpr tirx::TileLayout tile = tirx::layout_of<"S[(4, 8) : (1@pipeline, 1)]">;
// [/snippet]
