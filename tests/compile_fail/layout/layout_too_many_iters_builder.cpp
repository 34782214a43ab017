// Must not compile: 17 shard iters (typed builder).
// expected-error {{tirx::TileLayout: more than 16 shard, 8 replica or 8 offset terms; canonicalize() or merge iters}}
#include <tirx/tile.hpp>

using namespace tirx;

using Bad = layout_type<S(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2)>;
Bad* unused = nullptr;
