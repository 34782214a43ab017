// Seed kernel shared_shift: each thread stages one value in a static shared
// tensor, the block synchronizes, and each thread reads its neighbour's.
// Launch: 1 block of 128 threads.
//
// The one copy of this kernel: examples/shared_shift.cu runs it,
// tests/twins/shared_shift.cu compares it with hand-written CUDA
// (zero_overhead). The twin test includes this file inside a namespace of its
// own: keep it free of macros and of includes other than <...> headers
// (tests/twins/README.md).
#pragma once

#include <tirx/tile.hpp>

using namespace tirx;

using Vec128 = GlobalTensor<float, ShapeT<128>>;

__global__ void shared_shift(Vec128 A, Vec128 B) {
  unsigned tx = threadIdx.x; // unsigned: the % below is one AND
  auto shared = alloc_shared<float, shape(128)>();
  shared(tx) = A(tx);
  __syncthreads(); // cta_sync: the writes are visible before the neighbour reads
  B(tx) = shared((tx + 1) % 128);
}
