// Must not compile: a user axis name of 8 characters (typed builder).
// expected-error {{tirx::TileLayout: a user axis name must have 1 to 7 characters, e.g. axis("pid")}}
#include <tirx/tile.hpp>

using namespace tirx;

using Bad = layout_type<S({4}, {1 * axis("abcdefgh")})>;
Bad* unused = nullptr;
