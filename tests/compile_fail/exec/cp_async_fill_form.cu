// Must not compile: tile::src_size given a float; it takes an integer byte count.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: tile::src_size takes an integer byte count and tile::ignore_src a bool, each either as a value or as a callable of exactly one parameter, the flat repeat index, callable as const, e.g. tile::src_size([=](index_t r) { return valid_bytes(r); })}}
#include <tirx/tile.hpp>

namespace cp_async_fill_form {
using namespace tirx;

using Tile = GlobalTensor<float, ShapeT<2, 32, 4>, 16>;

__global__ void kernel(Tile A, float n) {
  auto smem = alloc_shared<float, shape(2, 32, 4)>();
#ifdef TIRX_FIXED
  tile::apply<ptx<"cp.async.ca.shared.global">>(smem, A, scope::cta,
                                                tile::src_size(static_cast<unsigned>(n)));
#else
  tile::apply<ptx<"cp.async.ca.shared.global">>(smem, A, scope::cta, tile::src_size(n));
#endif
}

} // namespace cp_async_fill_form
