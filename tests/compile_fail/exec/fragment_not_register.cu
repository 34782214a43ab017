// Must not compile: a row reduction over a shared-memory tile; the row operations read register
// fragments. With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::row_reduce / row_map / coord_map: the operand must be a register tile (alloc_local, alloc_wgmma_accumulator, or a view of one)}}
#include <tirx/exec/fragment_store.hpp>
#include <tirx/tile.hpp>

namespace fragment_not_register {
using namespace tirx;

struct fmax_ {
  __device__ float operator()(float a, float b) const { return fmaxf(a, b); }
};

__global__ void kernel(float* out) {
#ifdef TIRX_FIXED
  auto s = alloc_wgmma_accumulator<float, 64>();
  coord_map([](float, int r, int c) { return static_cast<float>(r + c); }, s);
#else
  auto s = alloc_shared<float, shape(64, 64)>();
#endif
  out[threadIdx.x] = row_reduce(fmax_{}, -1.0f, s)[0];
}

} // namespace fragment_not_register
