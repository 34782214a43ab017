// Seed kernel add_one_local: each thread keeps four inputs in a per-thread
// local tensor (registers, since every index is static after unrolling).
// Launch: 1 block of 64 threads.
//
// The one copy of this kernel: examples/add_one_local.cu runs it,
// tests/twins/add_one_local.cu compares it with hand-written CUDA
// (zero_overhead). The twin test includes this file inside a namespace of its
// own: keep it free of macros and of includes other than <...> headers
// (tests/twins/README.md).
#pragma once

#include <tirx/tile.hpp>

using namespace tirx;

using Vec256 = GlobalTensor<float, ShapeT<256>>;

__global__ void add_one_local(Vec256 A, Vec256 B) {
  int tx = threadIdx.x;
  auto values = alloc_local<float, shape(4)>();
#pragma unroll
  for (int k = 0; k < 4; ++k)
    values(k) = A(tx * 4 + k);
#pragma unroll
  for (int k = 0; k < 4; ++k)
    B(tx * 4 + k) = values(k) + 1.0f;
}
