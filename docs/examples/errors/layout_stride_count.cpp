// Expected to fail: two extents, one stride.
// expected-error-re {{tirx::layout_of: extents and strides differ in number}}
#include <tirx/tile.hpp>

// [snippet:error-stride-count]
constexpr tirx::TileLayout tile = tirx::layout_of<"S[(4, 8) : (1)]">;
// [/snippet]
