// Must not compile: a warp's register tile at thread scope: its first mode, a repeat there, runs
// over laneid. With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: register slots must be owned by the issuing thread: the repeat and atom modes of a register operand may use the memory axis m only; move its thread modes to the front as group modes, or pick the scope that has them}}
#include <tirx/tile.hpp>

namespace apply_foreign_slots {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;
using Row = GlobalTensor<float, ShapeT<32, 4>, 16>;

__global__ void kernel(Row A) {
  auto registers = alloc_local<float, shape(32, 4), reg>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::warp);
#else
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::thread);
#endif
}

} // namespace apply_foreign_slots
