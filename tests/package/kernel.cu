// CUDA consumer of tirx: compiled only (no GPU needed).
#include <tirx/tile.hpp>

static_assert(__cplusplus >= 202002L, "tirx needs C++20");

__global__ void tirx_consumer_kernel(float* out) { out[threadIdx.x] = 1.0f; }
