// Must not compile: tile::pred(mask) guards repeat r by the thread's mask
// element r, so the mask holds one bool per repeat: 4 vector stores need 4,
// not the 16 of a mask over every element.
// With -DTIRX_FIXED it compiles: the mask is computed over the rows.
// expected-error {{tirx::tile::pred(mask): the mask must hold one bool per repeat of the apply (Repeats below) in each thread, and it holds MaskElements; compute the mask over the operands' (group, repeat) modes, e.g. setp on a view without the atom mode}}
#include <tirx/tile.hpp>

namespace pred_mask_repeats {
using namespace tirx;

__global__ void kernel(GlobalTensor<float, ShapeT<4, 4>, 16> out) {
  auto v = alloc_local<float, shape(4, 4), row_major(shape(4, 4))>();
  for (int i = 0; i < 16; ++i)
    v.data()[i] = static_cast<float>(i);
#ifdef TIRX_FIXED
  auto m = alloc_local<bool, shape(4), row_major(shape(4))>();
  auto r = alloc_local<float, shape(4), row_major(shape(4))>();
  for (int i = 0; i < 4; ++i)
    r(i) = v(i, 0);
#else
  auto m = alloc_local<bool, shape(4, 4), row_major(shape(4, 4))>();
  auto r = v.view(); // the same registers
#endif
  tile::apply<ptx<"setp.gt.f32">>(m, r, 2.0f, scope::thread);
  tile::apply<ptx<"st.global.v4.b32">>(out, v, scope::thread, tile::pred(m));
}

} // namespace pred_mask_repeats
