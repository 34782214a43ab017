// Must not compile: a helper that takes a register tile by value copies its
// registers and returns a view of the dead copy; register tiles are not copied.
// tirx-fail: text
// expected-error {{register_tile_not_copyable<true>::register_tile_not_copyable(const tirx::detail::register_tile_not_copyable<true>&)}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;

template <class T> auto helper(T t) { return t.template rearrange<"l (a b) -> l a b", "a=2">(); }

void f() {
  auto regs = alloc_local<float, shape(32, 4), reg>();
  auto bad = helper(regs);
}
