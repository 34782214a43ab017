// GPU test of the run-time debug checks of the TMA and bulk copies (label
// gpu): each broken kernel must trap with its message on stdout, its
// control case (the same kernel, valid input) must finish.
//   - tma::load into a 128-byte swizzled tile that is 128-byte but not
//     1024-byte aligned (its type promises only 128);
//   - bulk::copy_g2s of a size that is not a multiple of 16 bytes;
//   - tma::load at an innermost coordinate that is not a multiple of 16
//     bytes, and tma::store of a box that starts before the tensor (the TMA
//     unit itself traps on both, with no message: cudaErrorIllegalInstruction).
// Built with TIRX_DEBUG_CHECKS=1 whatever the build type; every case runs
// in a child process (trap_runner.hpp).
// Exit 0: all passed; 1: a case failed; 77: no GPU (ctest: skipped).
#define TIRX_DEBUG_CHECKS 1

#include "support/device_buffer.hpp"
#include "support/trap_runner.hpp"

#include <tirx/tile.hpp>

#include <cstdio>
#include <string>

namespace {

using namespace tirx;

constexpr Shape box = shape(8, 64);
constexpr TileLayout lay = row_major(box) ^ swizzle_for(SwizzleMode::b128, 2);
using Map = tensor_map_t<bfloat16, box, lay>;

/// A tile at offset bytes (a multiple of 128) past the first 1024-byte
/// aligned shared address of dynamic shared memory.
__global__ void load_at(const __grid_constant__ Map map, int offset, float* out) {
  unsigned char* base = dynamic_smem_base();
  const unsigned skew = (1024 - tma::detail::smem_address(base) % 1024) % 1024;
  Map::smem_tensor<MemScope::shared_dyn, 128> tile{
      reinterpret_cast<bfloat16*>(base + skew + offset)};
  auto* bar = reinterpret_cast<cuda::std::uint64_t*>(base + 4096);
  if (threadIdx.x == 0) {
    cuda::ptx::mbarrier_init(bar, 1);
    fence_mbarrier_init();
    cuda::ptx::mbarrier_arrive_expect_tx(cuda::ptx::sem_release, cuda::ptx::scope_cta,
                                         cuda::ptx::space_shared, bar, unsigned{Map::box_bytes});
    tma::load(tile, map, bar, 0, 0);
    while (!cuda::ptx::mbarrier_try_wait_parity(bar, 0)) {
    }
    out[0] = __bfloat162float(tile(1, 2));
  }
}

/// A load of the box at (row, col), then a store of it back to (row, col)
/// when store is set.
__global__ void copy_at(const __grid_constant__ Map map, int row, int col, int store, float* out) {
  unsigned char* base = dynamic_smem_base();
  const unsigned skew = (1024 - tma::detail::smem_address(base) % 1024) % 1024;
  Map::smem_tensor<MemScope::shared_dyn, 1024> tile{reinterpret_cast<bfloat16*>(base + skew)};
  auto* bar = reinterpret_cast<cuda::std::uint64_t*>(base + 4096);
  if (threadIdx.x == 0) {
    cuda::ptx::mbarrier_init(bar, 1);
    fence_mbarrier_init();
    cuda::ptx::mbarrier_arrive_expect_tx(cuda::ptx::sem_release, cuda::ptx::scope_cta,
                                         cuda::ptx::space_shared, bar, unsigned{Map::box_bytes});
    tma::load(tile, map, bar, store ? 0 : row, store ? 0 : col);
    while (!cuda::ptx::mbarrier_try_wait_parity(bar, 0)) {
    }
    out[0] = __bfloat162float(tile(1, 2));
    if (store) {
      tma::store(map, tile, row, col);
      tma::store_commit();
      tma::store_wait<0>();
    }
  }
}

/// A bulk copy of bytes bytes (a multiple of 16 to be right).
__global__ void bulk_of(const float* src, unsigned bytes, float* out) {
  unsigned char* base = dynamic_smem_base();
  auto* bar = reinterpret_cast<cuda::std::uint64_t*>(base + 4096);
  if (threadIdx.x == 0) {
    cuda::ptx::mbarrier_init(bar, 1);
    fence_mbarrier_init();
    cuda::ptx::mbarrier_arrive_expect_tx(cuda::ptx::sem_release, cuda::ptx::scope_cta,
                                         cuda::ptx::space_shared, bar, bytes);
    bulk::copy_g2s(base, src, bytes, bar);
    while (!cuda::ptx::mbarrier_try_wait_parity(bar, 0)) {
    }
    out[0] = reinterpret_cast<float*>(base)[1];
  }
}

constexpr TrapCase cases[] = {
    {"load_aligned", false, nullptr},
    {"load_misaligned", true,
     "tirx::tma: the shared tile is less aligned than the map's swizzle needs"},
    {"bulk_16", false, nullptr},
    {"bulk_not_16", true,
     "tirx::bulk: the size and both addresses of a bulk copy must be "
     "multiples of 16 bytes"},
    {"load_inner_16", false, nullptr},
    {"load_inner_not_16", true,
     "tirx::tma: the innermost coordinate is not a multiple of 16 bytes"},
    {"store_inside", false, nullptr},
    {"store_before_tensor", true,
     "tirx::tma: a store or reduction box starts before the tensor (a negative coordinate)"},
};

int child(const char* name) {
  tirx_test::DeviceBuffer<bfloat16> data(64 * 64);
  data.fill_bytes(0);
  tirx_test::DeviceBuffer<float> out(4);
  const Map map = make_tensor_map<box, lay>(grid_tensor<16>(data.ptr, 64, 64));
  const std::string n = name;
  if (n == "load_aligned")
    load_at<<<1, 32, 8192>>>(map, 0, out.ptr);
  else if (n == "load_misaligned")
    load_at<<<1, 32, 8192>>>(map, 128, out.ptr);
  else if (n == "bulk_16")
    bulk_of<<<1, 32, 8192>>>(reinterpret_cast<const float*>(data.ptr), 64, out.ptr);
  else if (n == "bulk_not_16")
    bulk_of<<<1, 32, 8192>>>(reinterpret_cast<const float*>(data.ptr), 40, out.ptr);
  else if (n == "load_inner_16")
    copy_at<<<1, 32, 8192>>>(map, 3, 8, 0, out.ptr);
  else if (n == "load_inner_not_16")
    copy_at<<<1, 32, 8192>>>(map, 3, 5, 0, out.ptr);
  else if (n == "store_inside")
    copy_at<<<1, 32, 8192>>>(map, 5, 0, 1, out.ptr);
  else if (n == "store_before_tensor")
    copy_at<<<1, 32, 8192>>>(map, -5, 0, 1, out.ptr);
  else {
    std::printf("unknown case %s\n", name);
    return 2;
  }
  if (int rc = tirx_trap_wait(name))
    return rc;
  return tirx_trap_finished(name);
}

} // namespace

int main(int argc, char** argv) { return tirx_trap_main(argc, argv, "gpu_tma_trap", cases, child); }
