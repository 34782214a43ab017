// GPU test of cp.async's run-time debug checks (label gpu, trap): what the
// types cannot show. A tensor type claims an align that its pointer lacks
// (a global source or a shared destination a few bytes off), or
// tile::src_size asks for more bytes than the chunk holds: each must trap with
// its message on stdout, and the matching correct launches must finish and
// copy (zeros where src_size stops).
//
// Built with TIRX_DEBUG_CHECKS=1 whatever the build type. Every case runs in
// a child process (`gpu_cp_async_trap --child CASE`, see trap_runner.hpp).
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

// Two warps, two 16-byte chunks per thread.
using Tile = GlobalTensor<float, ShapeT<2, 32, 2, 4>, 16>;
using SharedTile =
    Tensor<float, ShapeT<2, 32, 2, 4>, MemScope::shared, 16, row_major_t<ShapeT<2, 32, 2, 4>>>;
constexpr int tile_floats = 2 * 32 * 2 * 4;

/// Copies A into a shared tile `shift` floats into a buffer (0: aligned),
/// reading `valid` bytes of each chunk, then writes the tile to B.
__global__ void copy_tile(Tile A, float* B, int shift, unsigned valid) {
  __shared__ __align__(16) float buffer[tile_floats + 4];
  const SharedTile smem{buffer + shift};
  tile::apply<ptx<"cp.async.cg.shared.global">>(smem, A, scope::cta, tile::src_size(valid));
  cp_async_commit_group();
  cp_async_wait_group<0>();
  cta_sync();
  for (int i = threadIdx.x; i < tile_floats; i += blockDim.x)
    B[i] = smem.data()[i];
}

constexpr const char* misaligned =
    "tirx::tile::apply: cp.async: a tensor's pointer is not aligned to the chunk's bytes (its "
    "type claims an align the pointer does not have); make the tensor with decl_tensor, which "
    "checks, or copy smaller chunks";
constexpr const char* too_many = "tirx::tile::apply: tile::src_size is negative or more bytes "
                                 "than the chunk holds; clamp it to [0, chunk bytes], e.g. "
                                 "min(max(end - first, 0), 16)";

constexpr TrapCase cases[] = {
    {"copy_ok", false, nullptr},             // aligned, every byte of each chunk
    {"copy_valid_12", false, nullptr},       // src_size 12: the last float of each chunk is 0
    {"global_misaligned", true, misaligned}, // the source 4 bytes past a 16-byte boundary
    {"shared_misaligned", true, misaligned}, // the shared tile 8 bytes past one
    {"src_size_17", true, too_many},         // 17 bytes of a 16-byte chunk
};

int child(const char* name) {
  tirx_test::DeviceBuffer<float> buf(2 * 1024); // A at buf, B at buf + 1024 floats
  std::vector<float> host(2 * 1024, -1.0f);
  for (int i = 0; i < 1024; ++i)
    host[i] = static_cast<float>(i);
  buf.upload(host);
  float* a = buf.ptr;
  float* b = buf.ptr + 1024;
  const std::string n = name;
  unsigned valid = 16;
  if (n == "copy_ok") {
    copy_tile<<<1, 64>>>(Tile{a}, b, 0, 16);
  } else if (n == "copy_valid_12") {
    valid = 12;
    copy_tile<<<1, 64>>>(Tile{a}, b, 0, 12);
  } else if (n == "global_misaligned") {
    copy_tile<<<1, 64>>>(Tile{a + 1}, b, 0, 16); // Tile{p} takes the pointer as it is
  } else if (n == "shared_misaligned") {
    copy_tile<<<1, 64>>>(Tile{a}, b, 2, 16);
  } else if (n == "src_size_17") {
    copy_tile<<<1, 64>>>(Tile{a}, b, 0, 17);
  } else {
    std::printf("unknown case %s\n", name);
    return 2;
  }
  if (int rc = tirx_trap_wait(name))
    return rc;
  const std::vector<float> back = buf.download();
  for (int i = 0; i < tile_floats; ++i) {
    const float want = (i % 4) * 4 < static_cast<int>(valid) ? static_cast<float>(i) : 0.0f;
    if (back[1024 + i] != want) {
      std::printf("child %s: element %d is %g, expected %g\n", name, i, back[1024 + i], want);
      return 4;
    }
  }
  return tirx_trap_finished(name);
}

} // namespace

int main(int argc, char** argv) {
  return tirx_trap_main(argc, argv, "gpu_cp_async_trap", cases, child);
}
