// Must not compile: a swizzle over tensor-memory iters.
#include <tirx/tile.hpp>

using namespace tirx;

using Bad = layout_type<S({128, 8}, {1 * TLane, 1}) ^ swizzle_for(SwizzleMode::b128, 2)>;
Bad* unused = nullptr;
