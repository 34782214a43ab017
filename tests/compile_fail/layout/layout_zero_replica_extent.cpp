// Must not compile: a replica extent of 0 (typed builder).
// expected-error {{tirx::TileLayout: every replica extent must be at least 1}}
#include <tirx/tile.hpp>

using namespace tirx;

using Bad = layout_type<S(4) + R(0, 1 * warpid)>;
Bad* unused = nullptr;
