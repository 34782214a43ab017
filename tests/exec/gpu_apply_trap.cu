// GPU test of tile::apply's and tile::ewise's run-time debug checks (label
// gpu): what only run time knows, the launch's block shape against the scope
// and the actual alignment of a vector access's pointer. Each broken launch
// must trap with its check's message on stdout; the matching correct launch
// must finish (and, for the copy, copy).
//
// Built with TIRX_DEBUG_CHECKS=1 whatever the build type. A trap ruins the
// CUDA context, so every case runs in a child process (`gpu_apply_trap
// --child CASE`, see trap_runner.hpp).
// Exit 0: all passed; 1: a case failed; 77: no GPU (ctest: skipped).
#define TIRX_DEBUG_CHECKS 1

#include "support/device_buffer.hpp"
#include "support/trap_runner.hpp"

#include <tirx/tile.hpp>

#include <cstdio>
#include <string>
#include <vector>

namespace {

using namespace tirx;

// Two warps of 32 lanes, 4 floats each: one .v4 load and store per thread.
constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;
using Tile = GlobalTensor<float, ShapeT<2, 32, 4>, 16>;
constexpr int tile_elements = 2 * 32 * 4;

__global__ void copy_tile(Tile A, Tile B) {
  auto registers = alloc_local<float, shape(2, 32, 4), reg>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
  tile::apply<ptx<"st.global.v4.b32">>(B, registers, scope::cta);
}

/// ewise writing a memory tile at cta scope: ewise's own launch check.
__global__ void fill_tile(Tile B) {
  tile::ewise([] { return 2.0f; }, B, scope::cta);
}

constexpr const char* block_1d =
    "tirx::tile: tile operations read thread coordinates from threadIdx.x; launch 1-D blocks";
constexpr const char* block_size =
    "tirx::tile: at cta scope the launch's block size must equal warps x 32 of the operands' group";
constexpr const char* misaligned = "tirx::tile::apply: the memory tensor's pointer is not aligned "
                                   "to the vector's bytes (its type claims an align "
                                   "the pointer does not have); make the tensor with decl_tensor, "
                                   "which checks, or declare a smaller align";

constexpr TrapCase cases[] = {
    {"copy_ok", false, nullptr},            // 64 threads, 16-byte aligned tiles: copies
    {"copy_block_2d", true, block_1d},      // 32 x 2 threads: cta scope reads threadIdx.x only
    {"copy_block_96", true, block_size},    // 96 threads for a (2 warps, 32) group
    {"copy_block_32", true, block_size},    // 32 threads for a (2 warps, 32) group
    {"fill_ok", false, nullptr},            // ewise, 64 threads
    {"fill_block_96", true, block_size},    // ewise, 96 threads
    {"copy_offset_16B", false, nullptr},    // pointers 16 bytes past the allocation: aligned
    {"load_misaligned", true, misaligned},  // source 4 bytes past: the type claims 16
    {"store_misaligned", true, misaligned}, // destination 8 bytes past
};

/// The child: runs one case, prints what happened, exits 0 if the kernel
/// finished (and a copy copied).
int child(const char* name) {
  tirx_test::DeviceBuffer<float> buf(2 * 1024); // A at buf, B at buf + 1024 floats (4 KiB apart)
  std::vector<float> host(2 * 1024, 0.0f);      // A: 0, 1, 2, ...; B: zeros
  for (int i = 0; i < 1024; ++i)
    host[i] = static_cast<float>(i);
  buf.upload(host);
  float* a = buf.ptr;
  float* b = buf.ptr + 1024;
  const std::string n = name;
  int a_off = 0, b_off = 0; // the copy's offsets, checked after a copy that finished
  bool copy = true;
  if (n == "copy_ok")
    copy_tile<<<1, 64>>>(Tile{a}, Tile{b});
  else if (n == "copy_block_2d")
    copy_tile<<<1, dim3(32, 2)>>>(Tile{a}, Tile{b});
  else if (n == "copy_block_96")
    copy_tile<<<1, 96>>>(Tile{a}, Tile{b});
  else if (n == "copy_block_32")
    copy_tile<<<1, 32>>>(Tile{a}, Tile{b});
  else if (n == "copy_offset_16B") {
    a_off = b_off = 4;
    copy_tile<<<1, 64>>>(Tile{a + 4}, Tile{b + 4});
  } else if (n == "load_misaligned") {
    a_off = 1; // Tile{p} takes the pointer as it is; decl_tensor would check it
    copy_tile<<<1, 64>>>(Tile{a + 1}, Tile{b});
  } else if (n == "store_misaligned") {
    b_off = 2;
    copy_tile<<<1, 64>>>(Tile{a}, Tile{b + 2});
  } else if (n == "fill_ok" || n == "fill_block_96") {
    copy = false;
    fill_tile<<<1, n == "fill_ok" ? 64 : 96>>>(Tile{b});
  } else {
    std::printf("unknown case %s\n", name);
    return 2;
  }
  if (int rc = tirx_trap_wait(name))
    return rc;
  const std::vector<float> back = buf.download();
  const float* out = back.data() + 1024; // B
  for (int i = 0; i < tile_elements; ++i) {
    const float want = copy ? static_cast<float>(i + a_off) : 2.0f;
    if (out[i + b_off] != want) {
      std::printf("child %s: element %d is %g, expected %g\n", name, i, out[i + b_off], want);
      return 4;
    }
  }
  return tirx_trap_finished(name);
}

} // namespace

int main(int argc, char** argv) {
  return tirx_trap_main(argc, argv, "gpu_apply_trap", cases, child);
}
