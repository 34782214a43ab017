// Must not compile: a shard extent of 0, built with S(...) and turned into a type.
#include <tirx/tile.hpp>

using namespace tirx;

using Bad = layout_type<S(4, 0)>;
Bad* unused = nullptr;
