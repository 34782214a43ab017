// GPU test of the tensor layer's run-time debug checks (label gpu): each
// broken kernel must trap with its message on stdout.
//
// Built with TIRX_DEBUG_CHECKS=1 whatever the build type. A trap ruins the
// CUDA context, so every case runs in a child process (`gpu_tensor_trap
// --child CASE`, see trap_runner.hpp): a broken case needs a non-zero exit
// AND the check's message, its control case (the same kernel, valid input)
// exit 0.
// Exit 0: all passed; 1: a case failed; 77: no GPU (ctest: skipped).
#define TIRX_DEBUG_CHECKS 1

#include "support/device_buffer.hpp"
#include "support/trap_runner.hpp"

#include <tirx/tile.hpp>

#include <cstdio>
#include <string>

namespace {

using namespace tirx;

using Aligned = GlobalTensor<float, ShapeT<64>, 16>;

/// decl_tensor of a pointer `offset` floats past a 256-byte aligned one.
__global__ void declare(float* base, int offset) {
  auto t = decl_tensor<Aligned>(base + offset);
  t[threadIdx.x] = 1.0f;
}

/// A run-time sub index: valid for row < 4.
__global__ void sub_row(float* base, int row) {
  auto t = decl_tensor<GlobalTensor<float, ShapeT<4, 16>, 16>>(base);
  t.sub(row, _)[threadIdx.x % 16] = 2.0f;
}

TIRX_HD constexpr void big_plan(SMEMPool& pool) {
  pool.alloc<float, shape(1024)>(); // 4096 bytes
  pool.commit();
}
/// SMEMPool::commit checks the launch's dynamic shared memory.
__global__ void pool_kernel(float* out) {
  auto pool = SMEMPool::dynamic();
  big_plan(pool);
  out[threadIdx.x] = 3.0f;
}

constexpr TrapCase cases[] = {
    {"decl_aligned", false, nullptr},
    {"decl_misaligned", true,
     "tirx::decl_tensor: the pointer is less aligned than the tensor type's align"},
    {"sub_in_range", false, nullptr},
    {"sub_out_of_range", true, "tirx::Tensor::sub: run-time index outside its mode"},
    {"pool_enough", false, nullptr},
    {"pool_too_small", true,
     "tirx::SMEMPool::commit: the launch gave less dynamic shared memory than the pool needs"},
};

/// The child: runs one case, prints what happened, exits 0 if the kernel finished.
int child(const char* name) {
  tirx_test::DeviceBuffer<float> device(1024); // 4096 bytes
  float* buf = device.ptr;
  const std::string n = name;
  if (n == "decl_aligned")
    declare<<<1, 64>>>(buf, 4); // 16 bytes in: aligned
  else if (n == "decl_misaligned")
    declare<<<1, 64>>>(buf, 1); // 4 bytes in
  else if (n == "sub_in_range")
    sub_row<<<1, 32>>>(buf, 3);
  else if (n == "sub_out_of_range")
    sub_row<<<1, 32>>>(buf, 4);
  else if (n == "pool_enough")
    pool_kernel<<<1, 32, 4096>>>(buf);
  else if (n == "pool_too_small")
    pool_kernel<<<1, 32, 4000>>>(buf);
  else {
    std::printf("unknown case %s\n", name);
    return 2;
  }
  if (int rc = tirx_trap_wait(name))
    return rc;
  return tirx_trap_finished(name);
}

} // namespace

int main(int argc, char** argv) {
  return tirx_trap_main(argc, argv, "gpu_tensor_trap", cases, child);
}
