// GPU test of the tensor layer's run-time debug checks (label gpu): each
// broken kernel must trap with its message on stdout.
//
// Built with TIRX_DEBUG_CHECKS=1 whatever the build type. A trap ruins the
// CUDA context, so every case runs in a child process: the parent runs
// itself as `gpu_tensor_trap --child CASE`, reads the child's stdout and
// stderr, and requires for a broken case a non-zero exit AND the check's
// message, for the control case (the same kernel, valid input) exit 0.
// Exit 0: all passed; 1: a case failed; 77: no GPU (ctest: skipped).
#define TIRX_DEBUG_CHECKS 1

#include "gpu_check.hpp"

#include <tirx/tile.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
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

struct Case {
  const char* name;
  bool must_trap;
  const char* message; ///< expected on stdout (must_trap) or nullptr
};
constexpr Case cases[] = {
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
  float* buf = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&buf, 4096));
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
  const cudaError_t launch = cudaGetLastError();
  const cudaError_t sync = cudaDeviceSynchronize();
  std::fflush(stdout);
  if (launch != cudaSuccess || sync != cudaSuccess) {
    std::printf("child %s: launch %s, kernel %s (%s)\n", name, cudaGetErrorName(launch),
                cudaGetErrorName(sync), cudaGetErrorString(sync));
    return 3;
  }
  std::printf("child %s: kernel finished\n", name);
  return 0;
}

/// Runs `self --child name`; returns its exit status and fills out.
int run_child(const std::string& self, const char* name, std::string& out) {
  const std::string cmd = "'" + self + "' --child " + name + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) {
    out = "popen failed";
    return -1;
  }
  char buf[512];
  while (std::fgets(buf, sizeof buf, p))
    out += buf;
  const int status = pclose(p);
  return WIFEXITED(status) ? WEXITSTATUS(status)
                           : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

} // namespace

int main(int argc, char** argv) {
  if (argc > 2 && std::strcmp(argv[1], "--child") == 0)
    return child(argv[2]);
  if (int rc = tirx_test_require_gpu())
    return rc;
  char self[4096] = {};
  const ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
  const std::string exe =
      len > 0 ? std::string(self, static_cast<std::size_t>(len)) : std::string(argv[0]);
  int failed = 0;
  for (const Case& c : cases) {
    std::string out;
    const int rc = run_child(exe, c.name, out);
    const bool message_seen = c.message == nullptr || out.find(c.message) != std::string::npos;
    const bool ok = c.must_trap ? (rc != 0 && message_seen) : rc == 0;
    std::printf("%s %-18s exit %d, %s\n", ok ? "ok  " : "FAIL", c.name, rc,
                c.must_trap ? (message_seen ? "message seen" : "MESSAGE MISSING")
                            : "no trap expected");
    if (!ok) {
      ++failed;
      if (c.message)
        std::printf("  expected on stdout: %s\n", c.message);
      std::printf("  child output:\n%s\n", out.c_str());
    }
  }
  if (failed) {
    std::printf("gpu_tensor_trap: %d case(s) FAILED\n", failed);
    return 1;
  }
  std::printf("gpu_tensor_trap: all %zu cases passed\n", sizeof cases / sizeof cases[0]);
  return 0;
}
