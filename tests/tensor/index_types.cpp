// Building is the test (targets tensor_index_types_host and
// tensor_index_types_host_checked): every index type through every indexing
// form of index_types.hpp, on the host, with -Wall -Wextra -Wpedantic
// -Werror, the debug checks off and on.
#include "tensor/index_types.hpp"

#include <cstddef>

namespace tirx_index_types {

float every_index_type(Grid4 a, int i, unsigned u, std::size_t z, long long ll, long l,
                       unsigned long long ull, short sh, unsigned short ush, unsigned char uch) {
  return read_with(a, i) + read_with(a, u) + read_with(a, z) + read_with(a, ll) + read_with(a, l) +
         read_with(a, ull) + read_with(a, sh) + read_with(a, ush) + read_with(a, uch);
}

} // namespace tirx_index_types
