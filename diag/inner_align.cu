// Diagnostic: does the TMA unit trap on an innermost coordinate that is not
// a multiple of 16 bytes? One variant per process (argv[1]); prints
// "PASS"/"TRAP <error>" for it. Variants (3d f32 box (2, 8, 12) of a
// (5, 40, 36) tensor, as gpu_tma.cu; no prefetch unless named):
//   in_aligned      {1, 9, 4}    inner 16 B, in bounds          (expected PASS)
//   in_unaligned    {1, 9, 5}    inner 20 B, in bounds          (expected TRAP)
//   oob_aligned     {4, 35, 28}  inner 112 B, past the end      (expected PASS)
//   oob_unaligned   {4, 35, 30}  inner 120 B, past the end      (expected TRAP: the failing case)
//   pf_oob_aligned  prefetch + load at {4, 35, 28}              (expected PASS)
//   pf_oob_unaligned prefetch only at {4, 35, 30}               (expected TRAP)
#include <tirx/exec/tma.hpp>
#include <tirx/host/tensor_map.hpp>
#include <tirx/tile.hpp>
#include <cstdio>
#include <cstring>
using namespace tirx;
using Map = tensor_map_t<float, shape(2, 8, 12)>;

__global__ void k(const __grid_constant__ Map map, int c0, int c1, int c2, int pf, int ld) {
  __shared__ alignas(1024) float tile[2 * 8 * 12];
  __shared__ alignas(8) cuda::std::uint64_t bar;
  if (threadIdx.x == 0) {
    cuda::ptx::mbarrier_init(&bar, 1);
    cuda::ptx::fence_mbarrier_init(cuda::ptx::sem_release, cuda::ptx::scope_cluster);
    if (pf)
      tma::prefetch(map, c0, c1, c2);
    if (ld) {
      cuda::ptx::mbarrier_arrive_expect_tx(cuda::ptx::sem_release, cuda::ptx::scope_cta,
                                           cuda::ptx::space_shared, &bar, unsigned{Map::box_bytes});
      Map::smem_tensor<MemScope::shared, 1024> t{tile};
      tma::load(t, map, &bar, c0, c1, c2);
      while (!cuda::ptx::mbarrier_try_wait_parity(&bar, 0)) {
      }
    }
  }
}

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  const char* v = argv[1];
  int c[3] = {1, 9, 4}, pf = 0, ld = 1;
  if (!std::strcmp(v, "in_unaligned")) c[2] = 5;
  else if (!std::strcmp(v, "oob_aligned")) { c[0] = 4; c[1] = 35; c[2] = 28; }
  else if (!std::strcmp(v, "oob_unaligned")) { c[0] = 4; c[1] = 35; c[2] = 30; }
  else if (!std::strcmp(v, "pf_oob_aligned")) { c[0] = 4; c[1] = 35; c[2] = 28; pf = 1; }
  else if (!std::strcmp(v, "pf_oob_unaligned")) { c[0] = 4; c[1] = 35; c[2] = 30; pf = 1; ld = 0; }
  else if (std::strcmp(v, "in_aligned")) { std::printf("unknown variant %s\n", v); return 2; }
  float* d = nullptr;
  cudaMalloc(&d, 5 * 40 * 36 * 4);
  cudaMemset(d, 0, 5 * 40 * 36 * 4);
  const long long ext[3] = {5, 40, 36}, str[3] = {40 * 36, 36, 1};
  const auto map = make_tensor_map<shape(2, 8, 12)>(d, ext, str);
  k<<<1, 32>>>(map, c[0], c[1], c[2], pf, ld);
  const cudaError_t e = cudaDeviceSynchronize();
  std::printf("%-18s {%d, %d, %d} prefetch %d load %d: %s %s\n", v, c[0], c[1], c[2], pf, ld,
              e == cudaSuccess ? "PASS" : "TRAP", e == cudaSuccess ? "" : cudaGetErrorName(e));
  return e == cudaSuccess ? 0 : 1;
}
