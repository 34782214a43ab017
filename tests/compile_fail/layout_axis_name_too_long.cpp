// Must not compile: a user axis name of 8 characters (typed builder).
#include <tirx/tile.hpp>

using namespace tirx;

using Bad = layout_type<S({4}, {1 * axis("abcdefgh")})>;
Bad* unused = nullptr;
