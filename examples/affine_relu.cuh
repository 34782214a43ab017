// Seed kernel affine_relu: B = max(2*A + 1, 0). Each of 64 threads loads four
// floats with one ld.global.v4.b32, then views its registers as (2, 32, 4, 1)
// (four repeats of a one-register atom) for fma.rn.f32 and max.f32 with
// scalar constants, and stores the four results with st.global.v4.b32.
//
// The one copy of this kernel: examples/affine_relu.cu runs it,
// tests/twins/affine_relu.cu compares it with hand-written CUDA
// (zero_overhead), and docs/arithmetic.md shows it. The twin test includes this
// file inside a namespace of its own: keep it free of macros and of includes
// other than <...> headers (tests/twins/README.md).
#pragma once

#include <tirx/tile.hpp>

using namespace tirx;

// [snippet:affine-relu]
// 64 threads, four floats each: B = max(2 * A + 1, 0).
constexpr TileLayout register_layout = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;
using Rows = GlobalTensor<float, ShapeT<2, 32, 4>, 16>;

__global__ void affine_relu(Rows A, Rows B) { // launch: 1 block of 64 threads
  auto registers = alloc_local<float, shape(2, 32, 4), register_layout>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta); // atom (4,): one load
  auto scalars = registers.view<2, 32, 4, 1>();                   // atom (1,): four repeats
  tile::apply<ptx<"fma.rn.f32">>(scalars, scalars, 2.0f, 1.0f, scope::cta);
  tile::apply<ptx<"max.f32">>(scalars, scalars, 0.0f, scope::cta);
  tile::apply<ptx<"st.global.v4.b32">>(B, registers, scope::cta);
}
// [/snippet]
