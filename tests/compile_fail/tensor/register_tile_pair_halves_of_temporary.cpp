// Must not compile: pair_halves of a temporary register tile.
// expected-error {{tirx::pair_halves: views of a temporary register tile would dangle (its registers die at the end of the expression); name the tile (auto regs = alloc_local<...>();) and pass that variable}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;

void f() { auto bad = pair_halves(alloc_local<float, shape(32, 4), reg>()); }
