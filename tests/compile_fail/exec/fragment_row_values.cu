// Must not compile: row_map with one value where the thread holds two rows of the wgmma
// accumulator. With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::row_map: one value per row the thread holds (RowValues<T, Frag>)}}
#include <tirx/exec/fragment_store.hpp>
#include <tirx/tile.hpp>

namespace fragment_row_values {
using namespace tirx;

__global__ void kernel(float* out) {
  auto s = alloc_wgmma_accumulator<float, 64>();
  coord_map([](float, int r, int c) { return static_cast<float>(r + c); }, s);
#ifdef TIRX_FIXED
  RowValues<float, decltype(s)> f{2.0f, 3.0f};
#else
  cuda::std::array<float, 1> f{2.0f};
#endif
  row_map([](float x, float y) { return x * y; }, s, f);
  out[threadIdx.x] = s.data()[0];
}

} // namespace fragment_row_values
