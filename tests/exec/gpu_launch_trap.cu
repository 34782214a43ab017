// GPU test of the launch checks of every scope (label gpu, trap), for what
// gpu_apply_trap.cu does not cover: the whole-operand instructions (wgmma at
// warpgroup scope, mma.sync at warp scope), which used to run on a launch
// with too few threads, a warp range of warpgroups, and the cluster scopes,
// whose CTA modes must match the cluster and whose warp mode the block.
// Each broken launch must trap with its check's message on stdout; the
// matching correct launch must finish (and copy where it copies).
//
// Built with TIRX_DEBUG_CHECKS=1 whatever the build type, for sm_90a only
// (wgmma, clusters). A trap ruins the CUDA context, so every case runs in a
// child process (`gpu_launch_trap --child CASE`, see trap_runner.hpp).
// Exit 0: all passed; 1: a case failed; 77: no GPU (ctest: skipped).
#define TIRX_DEBUG_CHECKS 1

#include "support/device_buffer.hpp"
#include "support/trap_runner.hpp"

#include <tirx/tile.hpp>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdio>
#include <string>
#include <vector>

namespace {

using namespace tirx;

// -- wgmma at warpgroup scope: one m64n64k16 on zeroed tiles -------------------------
constexpr TileLayout stage = wgmma_smem_layout(shape(64, 16), MatrixMajor::k, SwizzleMode::b32, 2);
using Stage = Tensor<nv_bfloat16, ShapeT<64, 16>, MemScope::shared, 1024, layout_type<stage>>;
__global__ void wgmma_once(float* out) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  __shared__ __align__(1024) nv_bfloat16 sa[64 * 16], sb[64 * 16];
  for (unsigned i = threadIdx.x; i < 64 * 16; i += blockDim.x)
    sa[i] = sb[i] = __float2bfloat16(0.0f);
  fence_proxy_async_shared();
  __syncthreads();
  auto acc = alloc_wgmma_accumulator<float, 64>();
  wgmma_fence();
  tile::apply<ptx<"wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16">>(
      acc, Stage{sa}, Stage{sb}, scope::warpgroup, tile::accumulate(false));
  wgmma_commit_group();
  wgmma_wait_group<0>(acc);
  out[threadIdx.x] = acc.data()[0]; // 0
#else
  (void)out;
#endif
}

// -- mma.sync at warp scope on zero fragments ----------------------------------------
__global__ void mma_once(float* out) {
  auto a = alloc_local<half, shape(16, 16), mma_a_fragment_layout(2, 16)>();
  auto b = alloc_local<half, shape(8, 16), mma_b_fragment_layout(2, 16)>();
  auto d = alloc_local<float, shape(16, 8), mma_c_fragment_layout()>();
  for (int i = 0; i < 8; ++i)
    a.data()[i] = __float2half(0.0f);
  for (int i = 0; i < 4; ++i)
    b.data()[i % 4] = __float2half(0.0f), d.data()[i] = 0.0f;
  tile::apply<ptx<"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32">>(d, a, b, d, scope::warp);
  out[threadIdx.x] = d.data()[0]; // 0
}

// -- a range of two warpgroups: warps 4..11 -----------------------------------------
using GroupTile = GlobalTensor<float, ShapeT<4, 32, 1>, 4>;
__global__ void range_groups(GroupTile in, GroupTile out) {
  if (threadIdx.x >= 128) {
    auto r = alloc_local<float, shape(4, 32, 1),
                         layout_of<"S[(4, 32, 1) : (1@wid_in_wg, 1@laneid, 1)]">>();
    tile::apply<ptx<"ld.global.b32">>(r, in, scope::warps<4, 8>(scope::warpgroup));
    tile::apply<ptx<"st.global.b32">>(out, r, scope::warps<4, 8>(scope::warpgroup));
  }
}

// -- cluster scopes: (CTA, warp, lane, 4) and (cbz, cby, cbx, warp, lane, 4) ------------
using ClusterTile = GlobalTensor<float, ShapeT<2, 2, 32, 4>, 16>;
__global__ void cluster_copy(ClusterTile in, ClusterTile out) { // clusters of 2, 64 threads
#if __CUDA_ARCH__ >= 900
  constexpr TileLayout regs = layout_of<"S[(2, 2, 32, 4) : (1@cbx, 1@warpid, 1@laneid, 1)]">;
  auto r = alloc_local<float, shape(2, 2, 32, 4), regs>();
  tile::apply<ptx<"ld.global.v4.b32">>(r, in, scope::cluster);
  tile::apply<ptx<"st.global.v4.b32">>(out, r, scope::cluster);
#else
  (void)in, (void)out;
#endif
}
using XyzTile = GlobalTensor<float, ShapeT<1, 2, 2, 1, 32, 4>, 16>;
__global__ void xyz_copy(XyzTile in, XyzTile out) { // 2 x 2 clusters, 32 threads
#if __CUDA_ARCH__ >= 900
  constexpr TileLayout regs =
      layout_of<"S[(1, 2, 2, 1, 32, 4) : (1@cbz, 1@cby, 1@cbx, 1@warpid, 1@laneid, 1)]">;
  auto r = alloc_local<float, shape(1, 2, 2, 1, 32, 4), regs>();
  tile::apply<ptx<"ld.global.v4.b32">>(r, in, scope::cluster_xyz);
  tile::apply<ptx<"st.global.v4.b32">>(out, r, scope::cluster_xyz);
#else
  (void)in, (void)out;
#endif
}

constexpr const char* whole_groups = "tirx::tile: at warpgroup scope the block must hold whole "
                                     "warpgroups: launch a multiple of 128 threads";
constexpr const char* whole_warps = "tirx::tile: a scope with lanes (warp and wider) needs whole "
                                    "warps: launch a multiple of 32 threads";
constexpr const char* block_1d =
    "tirx::tile: tile operations read thread coordinates from threadIdx.x; launch 1-D blocks";
constexpr const char* range_block = "tirx::tile: the block has fewer warps than the scope's warp "
                                    "range (scope::warps<First, Count>) reaches; launch "
                                    "at least (First + Count) x 32 threads";
constexpr const char* cluster_block =
    "tirx::tile: at cluster scope the launch's block size must equal warps x 32 of the operands' "
    "group";
constexpr const char* cluster_size =
    "tirx::tile: at cluster scope the cluster must hold as many CTAs as the operands' first group "
    "mode; launch clusters of that size (LaunchConfig::cluster)";
constexpr const char* xyz_shape =
    "tirx::tile: at cluster_xyz scope the cluster's (z, y, x) CTA counts must equal the operands' "
    "first three group modes; launch clusters of that shape (LaunchConfig::cluster)";

constexpr TrapCase cases[] = {
    {"wgmma_ok", false, nullptr},              // 128 threads: one warpgroup
    {"wgmma_block_64", true, whole_groups},    // half a warpgroup would issue the wgmma
    {"wgmma_block_192", true, whole_groups},   // one and a half warpgroups
    {"wgmma_block_2d", true, block_1d},        // 64 x 2 threads
    {"mma_ok", false, nullptr},                // 32 threads: one warp
    {"mma_block_16", true, whole_warps},       // half a warp would issue the mma.sync
    {"mma_block_48", true, whole_warps},       // one and a half warps
    {"range_groups_ok", false, nullptr},       // 384 threads for warps 4..11
    {"range_groups_256", true, range_block},   // warpgroup 2 (warps 8..11) is missing
    {"cluster_ok", false, nullptr},            // clusters of 2, 64 threads
    {"cluster_block_32", true, cluster_block}, // one warp for a (2 warps, 32) group
    {"cluster_block_96", true, cluster_block}, // three warps
    {"cluster_of_1", true, cluster_size},      // no cluster: CTA 1 of the group is missing
    {"cluster_of_4", true, cluster_size},      // CTAs 2 and 3 would read past the tile
    {"xyz_ok", false, nullptr},                // 2 x 2 clusters, 32 threads
    {"xyz_cluster_4x1", true, xyz_shape},      // 4 x 1 clusters for a (1, 2, 2) group
    {"xyz_block_64", true, cluster_block},     // two warps for a (1 warp, 32) group
    {"launch_block_2d", false, nullptr}, // tirx::launch refuses a 2-D block (TIRX_BLOCK_DIMS 1)
};

int child(const char* name) {
  const std::string n = name;
  constexpr int elements = 512;
  tirx_test::DeviceBuffer<float> in(elements), out(elements);
  std::vector<float> host(elements);
  for (int i = 0; i < elements; ++i)
    host[i] = static_cast<float>(i);
  in.upload(host);
  out.poison();
  int copied = 0; // elements a finished copy must have copied
  auto cluster_launch = [&](dim3 grid, dim3 block, dim3 cluster, auto kernel, auto tile) {
    using Tile = decltype(tile);
    LaunchConfig cfg;
    cfg.grid = grid;
    cfg.block = block;
    cfg.cluster = cluster;
    const cudaError_t e = launch(cfg, kernel, Tile{in.ptr}, Tile{out.ptr});
    if (e != cudaSuccess)
      std::printf("child %s: launch refused: %s\n", name, cudaGetErrorString(e));
  };
  if (n == "wgmma_ok" || n == "wgmma_block_64" || n == "wgmma_block_192")
    wgmma_once<<<1, n == "wgmma_ok" ? 128 : (n == "wgmma_block_64" ? 64 : 192)>>>(out.ptr);
  else if (n == "wgmma_block_2d")
    wgmma_once<<<1, dim3(64, 2)>>>(out.ptr);
  else if (n == "mma_ok" || n == "mma_block_16" || n == "mma_block_48")
    mma_once<<<1, n == "mma_ok" ? 32 : (n == "mma_block_16" ? 16 : 48)>>>(out.ptr);
  else if (n == "range_groups_ok" || n == "range_groups_256") {
    range_groups<<<1, n == "range_groups_ok" ? 384 : 256>>>(GroupTile{in.ptr}, GroupTile{out.ptr});
    copied = 128;
  } else if (n == "cluster_ok") {
    cluster_launch(dim3(2), dim3(64), dim3(2), cluster_copy, ClusterTile{});
    copied = 512;
  } else if (n == "cluster_block_32" || n == "cluster_block_96")
    cluster_launch(dim3(2), dim3(n == "cluster_block_32" ? 32 : 96), dim3(2), cluster_copy,
                   ClusterTile{});
  else if (n == "cluster_of_1")
    cluster_launch(dim3(2), dim3(64), dim3(1), cluster_copy, ClusterTile{});
  else if (n == "cluster_of_4")
    cluster_launch(dim3(4), dim3(64), dim3(4), cluster_copy, ClusterTile{});
  else if (n == "xyz_ok") {
    cluster_launch(dim3(2, 2), dim3(32), dim3(2, 2), xyz_copy, XyzTile{});
    copied = 512;
  } else if (n == "xyz_cluster_4x1")
    cluster_launch(dim3(4, 1), dim3(32), dim3(4, 1), xyz_copy, XyzTile{});
  else if (n == "xyz_block_64")
    cluster_launch(dim3(2, 2), dim3(64), dim3(2, 2), xyz_copy, XyzTile{});
  else if (n == "launch_block_2d") {
    LaunchConfig cfg; // refused on the host, before the launch: nothing runs
    cfg.block = dim3(32, 2);
    if (const cudaError_t e = launch(cfg, mma_once, out.ptr); e != cudaErrorInvalidValue) {
      std::printf("child %s: a 2-D block was not refused (%s)\n", name, cudaGetErrorString(e));
      return 4;
    }
  } else {
    std::printf("unknown case %s\n", name);
    return 2;
  }
  if (int rc = tirx_trap_wait(name))
    return rc;
  const std::vector<float> back = out.download();
  const int zeros = n.rfind("wgmma", 0) == 0 ? 128 : (n.rfind("mma", 0) == 0 ? 32 : 0);
  for (int i = 0; i < zeros; ++i)
    if (back[i] != 0.0f) {
      std::printf("child %s: element %d is %g, expected 0\n", name, i, back[i]);
      return 4;
    }
  for (int i = 0; i < copied; ++i)
    if (back[i] != host[i]) {
      std::printf("child %s: element %d is %g, expected %g\n", name, i, back[i], host[i]);
      return 4;
    }
  return tirx_trap_finished(name);
}

} // namespace

int main(int argc, char** argv) {
  return tirx_trap_main(argc, argv, "gpu_launch_trap", cases, child);
}
