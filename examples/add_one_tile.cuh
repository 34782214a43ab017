// Seed kernel add_one_tile: 64 threads each load twelve floats with three
// ld.global.v4.b32 (operand shape (2, 32, 3, 4): group (warp, lane), three
// repeats, a four-word atom), add one to each value with a scalar function
// through ewise, and store them with three st.global.v4.b32.
//
// The one copy of this kernel: examples/add_one_tile.cu runs it,
// tests/twins/add_one_tile.cu compares it with hand-written CUDA
// (zero_overhead), and docs/tile-operands.md shows it. The twin test includes
// this file inside a namespace of its own: keep it free of macros and of
// includes other than <...> headers (tests/twins/README.md).
#pragma once

#include <tirx/tile.hpp>

using namespace tirx;

// [snippet:add-one-tile]
// 64 threads, 12 floats each: (warp, lane) are the group, (3,) the repeats,
// (4,) the atom of one ld.global.v4.b32.
constexpr TileLayout register_layout = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;
using Tile = GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16>; // 16-byte aligned

__device__ float plus_one(float value) { return value + 1.0f; }

__global__ void add_one_tile(Tile A, Tile B) { // launch: 1 block of 64 threads
  auto registers = alloc_local<float, shape(2, 32, 3, 4), register_layout>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta); // 3 loads per thread
  tile::ewise(plus_one, registers, registers, scope::cta);        // 12 calls per thread
  tile::apply<ptx<"st.global.v4.b32">>(B, registers, scope::cta); // 3 stores per thread
}
// [/snippet]
