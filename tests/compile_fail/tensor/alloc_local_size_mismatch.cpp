// Must not compile: alloc_local with a 4-element shape and an 8-element layout.
// expected-error {{tirx::alloc_local: the shape and the layout must have the same number of elements}}
#include <tirx/tile.hpp>

using namespace tirx;

void f() { auto bad = alloc_local<float, shape(4), S(8)>(); }
