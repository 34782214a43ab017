// Must not compile: a shard extent of 0, built with S(...) and turned into a type.
// expected-error {{tirx::TileLayout: every shard extent must be at least 1; remove the mode or give it a positive extent}}
#include <tirx/tile.hpp>

using namespace tirx;

using Bad = layout_type<S(4, 0)>;
Bad* unused = nullptr;
