// Must not compile: a swizzle over tensor-memory iters.
// expected-error {{tirx::TileLayout: a swizzle permutes the memory axis m only; drop it or move the TLane/TCol iters to m}}
#include <tirx/tile.hpp>

using namespace tirx;

using Bad = layout_type<S({128, 8}, {1 * TLane, 1}) ^ swizzle_for(SwizzleMode::b128, 2)>;
Bad* unused = nullptr;
