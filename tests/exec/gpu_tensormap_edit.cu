// GPU test of the tensor-map edits (exec/tensormap_edit.hpp; sm_90a; label
// gpu): a grouped problem of four row-major f32 matrices of different
// shapes and row pitches, each its own allocation, and one TensorMap the
// host encodes for the first. CTA g edits a copy of that map for matrix g
// (its global address, both extents and the row pitch) and loads a 16 x 32
// box through the edited map; the box lies partly outside matrix g, so the
// zero fill checks the new extents too. Two ways: the map copied into
// shared memory, edited there (MapSpace::shared) and published to a global
// slot by a warp (tensormap.cp_fenceproxy), then acquired; and the slot
// edited in place in global memory (MapSpace::global), released and
// acquired. Every element of every box is checked against the host's
// matrix (bit for bit: the copy moves bits). One PASS/FAIL line per case,
// then "N passed, M failed"; exit 77 without a GPU, skipped below sm_90.
#include "gpu_check.hpp"
#include "support/device_buffer.hpp"
#include "support/random.hpp"

#include <tirx/tile.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

using namespace tirx;

constexpr Shape box = shape(16, 32);
using Map = tensor_map_t<float, box>;
constexpr int groups = 4;

/// One problem of the group: its matrix, shape, row pitch (elements) and
/// the box's origin (row, column).
struct Problem {
  const float* ptr;
  unsigned rows, cols, pitch;
  int row0, col0;
};
struct Problems {
  Problem p[groups];
};

namespace {

// [snippet:edit-and-load]
/// CTA g: edit a copy of map for problem g, publish it to slots[g] and load
/// the box through it; InShared: edit in shared memory and publish with
/// publish_map, else edit slots[g] in place and release it.
template <bool InShared>
__global__ void edit_and_load(const __grid_constant__ Map map, Map* slots, Problems probs,
                              float* out) {
#if __CUDA_ARCH__ >= 900
  auto pool = SMEMPool::dynamic();
  auto tile = pool.alloc<float, box, Map::smem_layout(), Map::smem_align>();
  const MBarrier bar = alloc_barriers<1>(pool)[0];
  pool.commit();
  __shared__ Map edit;
  const int g = static_cast<int>(blockIdx.x);
  const Problem p = probs.p[g];
  Map& slot = slots[g];
  const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if constexpr (InShared) {
    if (warp == 0) {
      tma::copy_map(edit, map);
      __syncwarp();
      if (lane == 0) {
        tma::replace_global_address(edit, p.ptr);
        tma::replace_global_dim<0>(edit, p.cols); // innermost first
        tma::replace_global_dim<1>(edit, p.rows);
        tma::replace_global_stride<0>(edit, static_cast<cuda::std::uint64_t>(p.pitch) * 4);
      }
      __syncwarp();
      tma::publish_map<FenceScope::gpu>(slot, edit);
    }
  } else {
    if (warp == 0) {
      tma::copy_map(slot, map);
      __syncwarp();
      if (lane == 0) {
        tma::replace_global_address<tma::MapSpace::global>(slot, p.ptr);
        tma::replace_global_dim<0, tma::MapSpace::global>(slot, p.cols);
        tma::replace_global_dim<1, tma::MapSpace::global>(slot, p.rows);
        tma::replace_global_stride<0, tma::MapSpace::global>(
            slot, static_cast<cuda::std::uint64_t>(p.pitch) * 4);
      }
      __syncwarp();
      tma::release_maps<FenceScope::gpu>(); // the warp's writes of the slot
    }
  }
  if (threadIdx.x == 0) {
    bar.init(1);
    fence_mbarrier_init();
  }
  cta_sync();
  if (threadIdx.x == 0) {
    tma::acquire_map<FenceScope::gpu>(slot);
    (void)bar.arrive_expect_tx(tma::box_bytes<Map>);
    tma::load(tile, slot, bar, p.row0, p.col0);
  }
  bar.wait(0);
  for (int i = static_cast<int>(threadIdx.x); i < 16 * 32; i += static_cast<int>(blockDim.x))
    out[g * 16 * 32 + i] = tile(i / 32, i % 32);
#else
  (void)map, (void)slots, (void)probs, (void)out;
#endif
}
// [/snippet]

int passed = 0, failed = 0;

template <bool InShared> void run_case(const char* name, unsigned seed) {
  std::mt19937 rng(seed);
  const unsigned rows[groups] = {40, 17, 64, 9}, cols[groups] = {48, 36, 20, 100};
  const unsigned pitch[groups] = {48, 40, 32, 104}; // elements; pitch * 4 a multiple of 16
  const int row0[groups] = {30, 8, 0, 0}, col0[groups] = {24, 16, 4, 80};
  std::vector<std::vector<float>> host(groups);
  std::vector<tirx_test::DeviceBuffer<float>> dev(groups);
  Problems probs{};
  for (int g = 0; g < groups; ++g) {
    host[g] = tirx_test::uniform_floats(rng, rows[g] * pitch[g], -100.0f, 100.0f);
    dev[g].resize(host[g].size());
    dev[g].upload(host[g]);
    probs.p[g] = Problem{dev[g].ptr, rows[g], cols[g], pitch[g], row0[g], col0[g]};
  }
  // the template: problem 0's matrix, as the host would encode one map
  const long long ext[2] = {rows[0], cols[0]}, str[2] = {pitch[0], 1};
  const Map map = make_tensor_map<box>(dev[0].ptr, ext, str);
  tirx_test::DeviceBuffer<Map> slots(groups);
  tirx_test::DeviceBuffer<float> out(groups * 16 * 32);
  slots.fill_bytes(0), out.poison();
  LaunchConfig cfg;
  cfg.grid = dim3(groups);
  cfg.block = dim3(128);
  cfg.smem = 16 * 32 * 4 + 1024 + 64;
  TIRX_CHECK_CUDA(launch(cfg, edit_and_load<InShared>, map, slots.ptr, probs, out.ptr));
  TIRX_CHECK_LAUNCH(name);
  const std::vector<float> got = out.download();
  char why[200] = "";
  bool ok = true;
  for (int g = 0; g < groups && ok; ++g)
    for (int r = 0; r < 16 && ok; ++r)
      for (int c = 0; c < 32 && ok; ++c) {
        const unsigned gr = static_cast<unsigned>(row0[g] + r),
                       gc = static_cast<unsigned>(col0[g] + c);
        const float want = gr < rows[g] && gc < cols[g] ? host[g][gr * pitch[g] + gc] : 0.0f;
        const float have = got[(g * 16 + r) * 32 + c];
        if (std::memcmp(&want, &have, 4) != 0) {
          ok = false;
          std::snprintf(why, sizeof why, "group %d box (%d, %d): %g, the matrix has %g", g, r, c,
                        static_cast<double>(have), static_cast<double>(want));
        }
      }
  std::printf("%s %s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ", why);
  (ok ? passed : failed) += 1;
}

} // namespace

int main() {
  if (int rc = tirx_test_require_gpu())
    return rc;
  cudaDeviceProp prop{};
  TIRX_CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  if (prop.major < 9) {
    std::printf("test skipped: tensormap.replace needs sm_90a\n");
    return 77;
  }
  run_case<true>("edit in shared memory, publish_map, acquire_map, TMA load", 3711);
  run_case<false>("edit in global memory, release_maps, acquire_map, TMA load", 3712);
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
