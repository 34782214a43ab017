// Example of docs/launch.md: LaunchConfig and tirx::launch, and the CUDA
// error checks of tirx/host/cuda_check.hpp. Runs on a GPU (exit 77 without
// one, so ctest reports it skipped).
#include <tirx/tile.hpp>

#include <tirx/host/cuda_check.hpp>

#include <cstdio>
#include <vector>

using namespace tirx;

// [snippet:launch]
constexpr TileLayout register_layout = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;
static_assert(threads_of(register_layout) == 64); // 2 warps of 32 lanes

// 96 KiB of dynamic shared memory: more than the default 48 KiB limit.
TIRX_HD constexpr auto stage(SMEMPool& pool) {
  auto buffer = pool.alloc<float, shape(24 * 1024)>();
  pool.commit();
  return buffer;
}
constexpr auto stage_bytes = smem_bytes(stage);
static_assert(stage_bytes == 96 * 1024);

using Tile = GlobalTensor<float, ShapeT<2, 32, 4>, 16>;

__global__ void triple(Tile A) {
  auto pool = SMEMPool::dynamic();
  auto buffer = stage(pool);
  auto registers = alloc_local<float, shape(2, 32, 4), register_layout>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
  tile::apply<ptx<"mul.rn.f32">>(registers, registers, 3.0f, scope::cta);
  buffer(threadIdx.x) = registers(0, 0, 0); // touch the staged memory
  cta_sync();
  tile::apply<ptx<"st.global.v4.b32">>(A, registers, scope::cta);
}

cudaError_t run_triple(float* a) {
  LaunchConfig cfg;
  cfg.grid = 1;
  cfg.block = 64;
  cfg.plan(stage);             // smem = what stage's commit() returns (96 KiB): no copy;
                               // tirx::launch raises the kernel's limit above 48 KiB
  cfg.expect(register_layout); // and checks block == threads_of(register_layout)
  return launch(cfg, triple, Tile{a});
}
// [/snippet]

// [snippet:check-cuda]
int main() {
  if (!tirx::cuda_device_present())
    return 77; // no GPU: ctest reports the test skipped
  std::vector<float> h(256);
  for (int i = 0; i < 256; ++i)
    h[i] = 0.25f * static_cast<float>(i) - 17.0f;
  float* d = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&d, 256 * sizeof(float)));
  TIRX_CHECK_CUDA(cudaMemcpy(d, h.data(), 256 * sizeof(float), cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(run_triple(d)); // tirx::launch returns the launch's cudaError_t
  TIRX_CHECK_CUDA(cudaDeviceSynchronize());
  triple<<<1, 64, stage_bytes>>>(Tile{d}); // again, with <<<>>> (the limit is raised already)
  TIRX_CHECK_LAUNCH("triple");             // the launch's error, then the kernel's
  std::vector<float> out(256);
  TIRX_CHECK_CUDA(cudaMemcpy(out.data(), d, 256 * sizeof(float), cudaMemcpyDeviceToHost));
  // [/snippet]
  for (int i = 0; i < 256; ++i)
    if (out[i] != h[i] * 3.0f * 3.0f) {
      std::printf("launch: MISMATCH at %d: %g vs %g\n", i, out[i], h[i] * 3.0f * 3.0f);
      return 1;
    }
  // a wrong block size is refused before launching
  LaunchConfig bad;
  bad.block = 128;
  bad.expect(register_layout);
  if (launch(bad, triple, Tile{d}) != cudaErrorInvalidValue) {
    std::printf("launch: a mismatched block was not refused\n");
    return 1;
  }
  TIRX_CHECK_CUDA(cudaFree(d));
  std::printf("launch: OK\n");
  return 0;
}
