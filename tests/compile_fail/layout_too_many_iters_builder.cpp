// Must not compile: 17 shard iters (typed builder).
#include <tirx/tile.hpp>

using namespace tirx;

using Bad = layout_type<S(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2)>;
Bad* unused = nullptr;
