// Seed kernel shared_shift_dynamic: the shared tensor comes from an SMEMPool
// over dynamic shared memory. The same plan runs in the kernel (carving the
// memory) and at compile time on the host (counting the bytes to launch with).
// Launch: 1 block of 128 threads, shift_smem_bytes of dynamic shared memory.
//
// The one copy of this kernel: examples/shared_shift_dynamic.cu runs it,
// tests/twins/shared_shift_dynamic.cu compares it with hand-written CUDA
// (zero_overhead), and docs/tensors-and-memory.md shows it. The twin test
// includes this file inside a namespace of its own: keep it free of macros and
// of includes other than <...> headers (tests/twins/README.md).
#pragma once

#include <tirx/tile.hpp>

using namespace tirx;

using Vec128 = GlobalTensor<float, ShapeT<128>>;

// [snippet:smem-pool]
TIRX_HD constexpr auto shift_smem(SMEMPool& pool) {
  auto shared = pool.alloc<float, shape(128)>();
  pool.commit();
  return shared;
}
constexpr auto shift_smem_bytes = smem_bytes(shift_smem); // 512, known at compile time
static_assert(shift_smem_bytes == 128 * 4);

__global__ void shared_shift_dynamic(Vec128 A, Vec128 B) {
  unsigned tx = threadIdx.x;       // unsigned: the % below is one AND
  auto pool = SMEMPool::dynamic(); // this block's dynamic shared memory
  auto shared = shift_smem(pool);
  shared(tx) = A(tx);
  __syncthreads();
  B(tx) = shared((tx + 1) % 128);
}
// [/snippet]
