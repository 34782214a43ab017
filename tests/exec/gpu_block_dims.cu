// GPU test of 2-D and 3-D blocks (label gpu, trap), built with
// TIRX_BLOCK_DIMS 3: tile operations take the thread's (warp, lane) from the
// linear index x + y * bx + z * bx * by, as CUDA forms warps, and count the
// block's threads over all three dimensions.
//
// who_is_where stores, at cta scope, each thread's (x, y, z) and hardware
// %laneid at the slot of its (warp, lane) group coordinates; the host
// requires slot s to hold the thread whose linear index is s and whose
// %laneid is s % 32, for every block shape of 128 threads (and 1-D).
// warpgroup_ids does the same at warpgroup scope for two warpgroups;
// reduce_ids sums the linear indices with cta_reduce<4>; fragment_rows runs
// the fragment row operations (coord_map, row_reduce across lanes, row_map,
// store_fragment) on a (64, 16) wgmma accumulator layout, each element
// landing where its (row, column) says. The broken
// launches (a block of 30 or 64 threads for the 128-thread operand, 64 for
// cta_reduce<4>) must trap with their check's message. Every case runs in a
// child process (trap_runner.hpp). Exit 0: all passed; 1: a case failed;
// 77: no GPU (ctest: skipped).
#define TIRX_BLOCK_DIMS 3
#define TIRX_DEBUG_CHECKS 1

#include "support/device_buffer.hpp"
#include "support/trap_runner.hpp"

#include <tirx/tile.hpp>

#include <cstdio>
#include <string>
#include <vector>

namespace {

using namespace tirx;

__device__ unsigned packed_xyz() { return threadIdx.x | threadIdx.y << 10 | threadIdx.z << 20; }
__device__ unsigned hardware_lane() {
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}

constexpr TileLayout id_regs = layout_of<"S[(4, 32, 2) : (1@warpid, 1@laneid, 1)]">;
using Ids = GlobalTensor<unsigned, ShapeT<4, 32, 2>, 8>;

__global__ void who_is_where(Ids out) {
  auto r = alloc_local<unsigned, shape(4, 32, 2), id_regs>();
  r(0, 0, 0) = packed_xyz();
  r(0, 0, 1) = hardware_lane();
  tile::apply<ptx<"st.global.v2.b32">>(out, r, scope::cta);
}

constexpr TileLayout group_regs = layout_of<"S[(4, 32, 2) : (1@wid_in_wg, 1@laneid, 1)]">;
__global__ void warpgroup_ids(unsigned* out) { // two warpgroups: 256 threads
  auto r = alloc_local<unsigned, shape(4, 32, 2), group_regs>();
  r(0, 0, 0) = packed_xyz();
  r(0, 0, 1) = hardware_lane();
  tile::apply<ptx<"st.global.v2.b32">>(Ids{out + 256 * (warp_index() / 4)}, r, scope::warpgroup);
}

__global__ void reduce_ids(unsigned* out) {
  __shared__ unsigned scratch[4];
  const unsigned linear = threadIdx.x + (threadIdx.y + threadIdx.z * blockDim.y) * blockDim.x;
  const unsigned total =
      cta_reduce<4>([](unsigned a, unsigned b) { return a + b; }, linear, scratch);
  out[2 * linear] = total;
  out[2 * linear + 1] = 0;
}

__global__ void fragment_rows(float* out) { // 128 threads: a warpgroup's (64, 16) fragment
  auto s = alloc_wgmma_accumulator<float, 16>();
  coord_map([](float, int r, int c) { return static_cast<float>(r * 16 + c); }, s);
  const auto mx = row_reduce([](float a, float b) { return fmaxf(a, b); }, -INFINITY, s);
  row_map([](float x, float m) { return m - x; }, s, mx); // 15 - column
  store_fragment(s, out, 16, 0, 0, 64, 16);
}

constexpr const char* whole_warps = "tirx::tile: a scope with lanes (warp and wider) needs whole "
                                    "warps: launch a multiple of 32 threads";
constexpr const char* cta_block = "tirx::tile: at cta scope the launch's block size must equal "
                                  "warps x 32 of the operands' group";
constexpr const char* reduce_block = "tirx::cta_reduce: the block must have Warps * 32 threads";

constexpr TrapCase cases[] = {
    {"ids_128x1x1", false, nullptr},
    {"ids_32x4x1", false, nullptr},
    {"ids_16x2x4", false, nullptr},
    {"ids_8x4x4", false, nullptr},
    {"ids_launch_4x8x4", false, nullptr}, // through tirx::launch (TIRX_BLOCK_DIMS 3 takes it)
    {"groups_32x8x1", false, nullptr},
    {"groups_8x8x4", false, nullptr},
    {"reduce_32x2x2", false, nullptr},
    {"reduce_4x4x8", false, nullptr},
    {"rows_32x4x1", false, nullptr},
    {"rows_16x2x4", false, nullptr},
    {"rows_8x4x4", false, nullptr},
    {"ids_10x3x1", true, whole_warps},    // 30 threads: no whole warp
    {"ids_32x2x1", true, cta_block},      // 64 threads for a (4 warps, 32) group
    {"reduce_16x2x2", true, reduce_block} // 64 threads for cta_reduce<4>
};

dim3 block_of(const std::string& n) { // "..._AxBxC"
  unsigned x = 0, y = 0, z = 0;
  std::sscanf(n.c_str() + n.rfind('_') + 1, "%ux%ux%u", &x, &y, &z);
  return dim3(x, y, z);
}

int child(const char* name) {
  const std::string n = name;
  const dim3 b = block_of(n);
  const unsigned threads = b.x * b.y * b.z;
  tirx_test::DeviceBuffer<unsigned> out(512);
  out.poison();
  if (n.rfind("ids_launch", 0) == 0) {
    LaunchConfig cfg;
    cfg.block = b;
    if (const cudaError_t e = launch(cfg, who_is_where, Ids{out.ptr}); e != cudaSuccess) {
      std::printf("child %s: launch refused: %s\n", name, cudaGetErrorString(e));
      return 4;
    }
  } else if (n.rfind("ids", 0) == 0) {
    who_is_where<<<1, b>>>(Ids{out.ptr});
  } else if (n.rfind("groups", 0) == 0) {
    warpgroup_ids<<<1, b>>>(out.ptr);
  } else if (n.rfind("reduce", 0) == 0) {
    reduce_ids<<<1, b>>>(out.ptr);
  } else if (n.rfind("rows", 0) == 0) {
    tirx_test::DeviceBuffer<float> rows(64 * 16);
    rows.poison();
    fragment_rows<<<1, b>>>(rows.ptr);
    if (int rc = tirx_trap_wait(name))
      return rc;
    const std::vector<float> got = rows.download();
    for (int i = 0; i < 64 * 16; ++i)
      if (got[i] != static_cast<float>(15 - i % 16)) {
        std::printf("child %s: element (%d, %d) is %g, expected %d\n", name, i / 16, i % 16, got[i],
                    15 - i % 16);
        return 4;
      }
    return tirx_trap_finished(name);
  } else {
    std::printf("unknown case %s\n", name);
    return 2;
  }
  if (int rc = tirx_trap_wait(name))
    return rc;
  const std::vector<unsigned> back = out.download();
  for (unsigned s = 0; s < threads; ++s) {
    const unsigned v = back[2 * s], lane = back[2 * s + 1];
    if (n.rfind("reduce", 0) == 0) {
      if (v != threads * (threads - 1) / 2) {
        std::printf("child %s: thread %u's total is %u, expected %u\n", name, s, v,
                    threads * (threads - 1) / 2);
        return 4;
      }
      continue;
    }
    const unsigned x = v & 1023u, y = (v >> 10) & 1023u, z = v >> 20;
    const unsigned linear = x + (y + z * b.y) * b.x;
    if (v == 0xFFFFFFFFu || linear != s || lane != s % 32) {
      std::printf("child %s: slot %u holds thread (%u, %u, %u) (linear %u), %%laneid %u\n", name, s,
                  x, y, z, linear, lane);
      return 4;
    }
  }
  return tirx_trap_finished(name);
}

} // namespace

int main(int argc, char** argv) {
  return tirx_trap_main(argc, argv, "gpu_block_dims", cases, child);
}
