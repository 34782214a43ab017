// Expected to fail (nvcc): ewise converts nothing; a function taking double
// does not accept float elements.
// expected-error-re {{tirx::tile::ewise: f's parameter types must be the source element types}}
#include <tirx/tile.hpp>

using namespace tirx;

// [snippet:error-ewise-cast]
__device__ double twice(double x) { return 2.0 * x; }

__global__ void apply_twice() {
  auto values = alloc_local<float, shape(4)>();
  tile::ewise(twice, values, values, scope::thread); // float elements, double parameter
}
// [/snippet]
