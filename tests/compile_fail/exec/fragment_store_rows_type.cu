// Must not compile: store_fragment_rows whose row_at returns a pointer to another element type
// than the fragment's (an fp32 accumulator, bf16 rows); the fragment is converted first. With
// -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::store_fragment_rows: row_at(r) must return a pointer to the fragment's element type (or nullptr for a row not stored); convert the fragment first}}
#include <tirx/exec/fragment_store.hpp>
#include <tirx/tile.hpp>

namespace fragment_store_rows_type {
using namespace tirx;

__global__ void kernel(nv_bfloat16* out, int rows) {
  auto s = alloc_wgmma_accumulator<float, 64>();
  coord_map([](float, int r, int c) { return static_cast<float>(r + c); }, s);
  auto row_at = [&](int r) -> nv_bfloat16* { return r < rows ? out + r * 64 : nullptr; };
#ifdef TIRX_FIXED
  auto p = alloc_like<nv_bfloat16>(s);
  convert(p, s);
  store_fragment_rows(p, row_at, 0, 0, 64);
#else
  store_fragment_rows(s, row_at, 0, 0, 64);
#endif
}

} // namespace fragment_store_rows_type
