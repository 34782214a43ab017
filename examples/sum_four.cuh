// Seed kernel sum_four: an immutable `let` base index and a mutable scalar
// accumulator (a one-element local tensor) sum four inputs per thread.
// Launch: 1 block of 64 threads.
//
// The one copy of this kernel: examples/sum_four.cu runs it,
// tests/twins/sum_four.cu compares it with hand-written CUDA (zero_overhead).
// The twin test includes this file inside a namespace of its own: keep it free
// of macros and of includes other than <...> headers (tests/twins/README.md).
#pragma once

#include <tirx/tile.hpp>

using namespace tirx;

__global__ void sum_four(GlobalTensor<float, ShapeT<256>> A, GlobalTensor<float, ShapeT<64>> B) {
  int tx = threadIdx.x;
  let<int> base = tx * 4;
  scalar<float> total = 0.0f;
  for (int k = 0; k < 4; ++k)
    total += A(base + k);
  B(tx) = total;
}
