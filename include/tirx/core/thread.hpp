// The calling thread's place in its CTA, as every tile operation reads it:
// the linear thread index x + y * bx + z * bx * by (the order in which CUDA
// puts threads into warps, so lane = index % 32 and warp = index / 32), and
// the CTA's thread count bx * by * bz.
//
// TIRX_BLOCK_DIMS (1, 2 or 3; default 1) says how many block dimensions a
// program launches: 1 reads threadIdx.x alone (no extra instruction, and
// debug builds check that blocks are 1-D), 2 adds threadIdx.y, 3 threadIdx.z
// too; debug builds check that a block has no dimension beyond those read.
// Define it the same way for every translation unit of a program, e.g. as
// a compile definition of the target (-DTIRX_BLOCK_DIMS=3).
#pragma once

#include <tirx/core/config.hpp>

#if !defined(TIRX_BLOCK_DIMS)
#define TIRX_BLOCK_DIMS 1
#endif

namespace tirx {

/// How many block dimensions tile operations read (TIRX_BLOCK_DIMS).
inline constexpr int block_dims = TIRX_BLOCK_DIMS;
static_assert(block_dims >= 1 && block_dims <= 3,
              "tirx: TIRX_BLOCK_DIMS is the number of block dimensions tile operations read: "
              "define it as 1, 2 or 3 (e.g. -DTIRX_BLOCK_DIMS=3 for 3-D blocks)");

#if defined(__CUDACC__)
/// The calling thread's linear index in its CTA: threadIdx.x (+ threadIdx.y
/// * blockDim.x (+ threadIdx.z * blockDim.x * blockDim.y)), as far as
/// TIRX_BLOCK_DIMS reads.
__device__ TIRX_FORCEINLINE unsigned thread_index() {
  if constexpr (block_dims == 1)
    return threadIdx.x;
  else if constexpr (block_dims == 2)
    return threadIdx.x + threadIdx.y * blockDim.x;
  else
    return threadIdx.x + (threadIdx.y + threadIdx.z * blockDim.y) * blockDim.x;
}

/// The CTA's threads: blockDim.x (* blockDim.y (* blockDim.z)), as far as
/// TIRX_BLOCK_DIMS reads.
__device__ TIRX_FORCEINLINE unsigned block_threads() {
  if constexpr (block_dims == 1)
    return blockDim.x;
  else if constexpr (block_dims == 2)
    return blockDim.x * blockDim.y;
  else
    return blockDim.x * blockDim.y * blockDim.z;
}

/// The calling thread's lane (thread_index() % 32) and warp in the CTA
/// (thread_index() / 32), the warps CUDA forms from the linear index.
__device__ TIRX_FORCEINLINE unsigned lane_index() { return thread_index() % 32u; }
__device__ TIRX_FORCEINLINE unsigned warp_index() { return thread_index() / 32u; }

namespace detail {
/// Debug check: the block has no dimension TIRX_BLOCK_DIMS does not read.
__device__ TIRX_FORCEINLINE void check_block_dims() {
  if constexpr (block_dims == 1)
    TIRX_CHECK(blockDim.y == 1 && blockDim.z == 1,
               "tirx::tile: tile operations read thread coordinates from threadIdx.x; launch 1-D "
               "blocks, or define TIRX_BLOCK_DIMS as 2 or 3 (-DTIRX_BLOCK_DIMS=3) for 2-D and "
               "3-D blocks");
  else if constexpr (block_dims == 2)
    TIRX_CHECK(blockDim.z == 1,
               "tirx::tile: TIRX_BLOCK_DIMS is 2, so tile operations read threadIdx.x and .y; "
               "launch blocks with blockDim.z == 1, or define TIRX_BLOCK_DIMS as 3");
}
} // namespace detail
#endif

} // namespace tirx
