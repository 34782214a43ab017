// Must not compile: moving a register tile (a move would copy the registers too).
// tirx-fail: text
// expected-error {{register_tile_not_copyable<true>::register_tile_not_copyable(const tirx::detail::register_tile_not_copyable<true>&)}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;

void f() {
  auto regs = alloc_local<float, shape(32, 4), reg>();
  auto moved = static_cast<decltype(regs)&&>(regs);
}
