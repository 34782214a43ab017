// Must not compile: alloc_local with a 4-element shape and an 8-element layout.
#include <tirx/tile.hpp>

using namespace tirx;

void f() { auto bad = alloc_local<float, shape(4), S(8)>(); }
