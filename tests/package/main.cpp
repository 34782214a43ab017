// Host consumer of tirx (compiled by the plain C++ compiler).
#include <tirx/tile.hpp>

#include <cuda/std/type_traits> // CUDA headers come with tirx's usage requirements
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

#include <cstdio>

static_assert(__cplusplus >= 202002L, "tirx needs C++20");
static_assert(cuda::std::is_trivially_copyable_v<__half>);

int main() {
  std::puts("tirx consumer: ok");
  return 0;
}
