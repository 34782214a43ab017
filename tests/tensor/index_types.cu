// Building is the test (targets tensor_index_types_cuda and
// tensor_index_types_cuda_checked): every index type through every indexing
// form of index_types.hpp, in device code, with nvcc's -Werror all-warnings
// and the host compiler's -Wall -Wextra -Werror, the debug checks off and on.
#include "tensor/index_types.hpp"

#include <cstddef>

namespace tirx_index_types {

__global__ void every_index_type(Grid4 a, float* out, int i, unsigned u, std::size_t z,
                                 long long ll, long l, unsigned long long ull, short sh,
                                 unsigned short ush, unsigned char uch) {
  float s = read_with(a, i) + read_with(a, u) + read_with(a, z) + read_with(a, ll) +
            read_with(a, l) + read_with(a, ull) + read_with(a, sh) + read_with(a, ush) +
            read_with(a, uch);
  // the built-in variables' members (unsigned int), as written in kernels
  s += read_with(a, blockIdx.x) + read_with(a, threadIdx.x % 2) + read_with(a, blockDim.x / 1024);
  s += a.sub(blockIdx.x, _, _, _)(threadIdx.x % 2, threadIdx.x, 0);
  out[threadIdx.x] = s;
}

} // namespace tirx_index_types
