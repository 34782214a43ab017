// Seed kernel SiLU: affine_relu with its two arithmetic calls replaced by
// one ewise of a scalar function, silu(x) = x / (1 + exp(-x)), inlined for
// each of the four values a thread holds. Launch: 1 block of 64 threads.
//
// The one copy of this kernel: examples/silu.cu runs it, tests/twins/silu.cu
// compares it with hand-written CUDA (zero_overhead). The twin test includes
// this file inside a namespace of its own: keep it free of macros and of
// includes other than <...> headers (tests/twins/README.md).
#pragma once

#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout register_layout = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;

using Rows = GlobalTensor<float, ShapeT<2, 32, 4>, 16>; // align=16

/// T.exp on float32 lowers to CUDA's __expf (ex2.approx of x * log2(e)).
__device__ float silu(float value) { return value / (1.0f + __expf(-value)); }

__global__ void apply_silu(Rows A, Rows B) {
  auto registers = alloc_local<float, shape(2, 32, 4), register_layout>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
  tile::ewise(silu, registers, registers, scope::cta);
  tile::apply<ptx<"st.global.v4.b32">>(B, registers, scope::cta);
}
