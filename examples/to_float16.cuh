// Seed kernel to_float16: each of 64 threads loads four floats with one
// ld.global.v4.b32, converts each with cvt.rn.f16.f32 (round to nearest
// even) into a uint16 view of a float16 register tile, and stores the four
// halves with one st.global.v4.b16 through a uint16 view of B.
//
// The one copy of this kernel: examples/to_float16.cu runs it,
// tests/twins/to_float16.cu compares it with hand-written CUDA (zero_overhead).
// The twin test includes this file inside a namespace of its own: keep it free
// of macros and of includes other than <...> headers (tests/twins/README.md).
#pragma once

#include <tirx/tile.hpp>

#include <cuda_fp16.h>

using namespace tirx;

constexpr TileLayout register_layout = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;

__global__ void to_float16(GlobalTensor<float, ShapeT<2, 32, 4>, 16> A,
                           GlobalTensor<half, ShapeT<2, 32, 4>, 8> B) {
  auto registers = alloc_local<float, shape(2, 32, 4), register_layout>();
  auto converted = alloc_local<half, shape(2, 32, 4), register_layout>();
  auto words = converted.view<uint16>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
  tile::apply<ptx<"cvt.rn.f16.f32">>(words.view<2, 32, 4, 1>(), registers.view<2, 32, 4, 1>(),
                                     scope::cta);
  tile::apply<ptx<"st.global.v4.b16">>(B.view<uint16>(), words, scope::cta);
}
