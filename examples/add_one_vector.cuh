// Seed kernel add_one_vector: each of 64 threads reads four consecutive
// floats with one 16-byte load (a Ramp of base 4*tx, stride 1, 4 lanes),
// adds one, and writes them back the same way. Launch: 1 block of 64 threads.
//
// The one copy of this kernel: examples/add_one_vector.cu runs it,
// tests/twins/add_one_vector.cu compares it with hand-written CUDA
// (zero_overhead), and docs/tensors-and-memory.md shows it. The twin test
// includes this file inside a namespace of its own: keep it free of macros and
// of includes other than <...> headers (tests/twins/README.md).
#pragma once

#include <tirx/tile.hpp>

using namespace tirx;
using namespace tirx::literals;

using Vec256 = GlobalTensor<float, ShapeT<256>, 16>; // 256 floats, 16-byte aligned

// [snippet:add-one-vector]
__global__ void add_one_vector(Vec256 A, Vec256 B) {
  int tx = threadIdx.x;
  auto four = A[ramp(tx * 4, 1_c, 4_c)];   // vec<float, 4>: one ld.global.v4
  B[ramp(tx * 4, 1_c, 4_c)] = four + 1.0f; // one st.global.v4
}
// [/snippet]
