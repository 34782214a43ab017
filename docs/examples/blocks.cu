// The code of the section "Blocks of two and three dimensions" of
// docs/tile-operands.md, between `// [snippet:NAME]` and `// [/snippet]`
// (tests/tools/check_doc_snippets.py keeps the guide identical). Test
// docs_blocks_gpu runs each kernel with 2-D and 3-D blocks and checks every
// element against the host; it exits 77 (ctest: skipped) without a GPU.
// [snippet:block-dims]
// TIRX_BLOCK_DIMS 3 (before any tirx header, the same in every translation
// unit): tile operations take a thread's (warp, lane) from its linear index
// x + y * bx + z * bx * by, as CUDA forms warps, and the launch checks count
// bx * by * bz threads.
#define TIRX_BLOCK_DIMS 3
#include <tirx/tile.hpp>
// [/snippet]

#include <tirx/host/cuda_check.hpp>

#include <cstdio>
#include <random>
#include <vector>

using namespace tirx;

// [snippet:block-2d]
// A block of 32 x 4 threads: row threadIdx.y is warp y, threadIdx.x its
// lane. The cta-scope copy reads the same (warp, lane) coordinates that a
// 1-D block of 128 threads would give, so any block of 128 threads in 1, 2
// or 3 dimensions moves the same elements.
using Rows = GlobalTensor<float, ShapeT<4, 32, 4>, 16>;
constexpr TileLayout rows_regs = layout_of<"S[(4, 32, 4) : (1@warpid, 1@laneid, 1)]">;

__global__ void scale_rows(Rows in, Rows out, float factor) { // launch 128 threads, any shape
  auto r = alloc_local<float, shape(4, 32, 4), rows_regs>();
  tile::apply<ptx<"ld.global.v4.b32">>(r, in, scope::cta);
  tile::apply<ptx<"mul.rn.f32">>(r, r, factor, scope::cta);
  tile::apply<ptx<"st.global.v4.b32">>(out, r, scope::cta);
}
// [/snippet]

namespace {

int failures = 0;
void expect(bool ok, const char* what) {
  std::printf("%s %s\n", ok ? "ok  " : "FAIL", what);
  failures += !ok;
}

} // namespace

int main() {
  if (!tirx::cuda_device_present())
    return 77; // no GPU: ctest reports the test skipped
  std::mt19937 rng(20261207);
  std::vector<float> a(512);
  for (float& x : a)
    x = static_cast<float>(static_cast<int>(rng() % 2001) - 1000);
  float *din = nullptr, *dout = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&din, 512 * 4));
  TIRX_CHECK_CUDA(cudaMalloc(&dout, 512 * 4));
  TIRX_CHECK_CUDA(cudaMemcpy(din, a.data(), 512 * 4, cudaMemcpyHostToDevice));
  const dim3 blocks[] = {dim3(128), dim3(32, 4), dim3(16, 2, 4), dim3(8, 4, 4)};
  for (const dim3 b : blocks) {
    TIRX_CHECK_CUDA(cudaMemset(dout, 0xFF, 512 * 4));
    LaunchConfig cfg;
    cfg.block = b;
    TIRX_CHECK_CUDA(launch(cfg, scale_rows, Rows{din}, Rows{dout}, 3.0f));
    TIRX_CHECK_LAUNCH("scale_rows");
    std::vector<float> got(512);
    TIRX_CHECK_CUDA(cudaMemcpy(got.data(), dout, 512 * 4, cudaMemcpyDeviceToHost));
    bool ok = true;
    for (int i = 0; i < 512; ++i)
      ok = ok && got[i] == 3.0f * a[i];
    char what[64];
    std::snprintf(what, sizeof what, "scale_rows on a %u x %u x %u block", b.x, b.y, b.z);
    expect(ok, what);
  }
  cudaFree(din);
  cudaFree(dout);
  return failures == 0 ? 0 : 1;
}
