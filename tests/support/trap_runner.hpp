// The runner of the GPU trap tests (gpu_tensor_trap.cu, gpu_apply_trap.cu):
// broken kernels must trap with their debug check's message, and the matching
// correct launches must finish.
//
// A trap ruins the CUDA context, so every case runs in a child process: the
// parent runs itself as `TEST --child CASE`, reads the child's stdout and
// stderr, and requires for a case that must trap a non-zero exit AND the
// check's message, for any other case exit 0. A failed device check prints
// nothing itself: the child installs tirx's message buffer
// (tirx/host/check_messages.hpp) and prints the message after the trap.
//
//   constexpr TrapCase cases[] = {{"copy_ok", false, nullptr},
//                                 {"copy_block_2d", true, "tirx::tile: ... launch 1-D blocks"}};
//   int child(const char* name) {  // runs one case
//     ...launch the case's kernel...
//     if (int rc = tirx_trap_wait(name)) return rc;  // the kernel failed: 3
//     ...check its results (return non-zero on a mismatch)...
//     return tirx_trap_finished(name);
//   }
//   int main(int argc, char** argv) {
//     return tirx_trap_main(argc, argv, "gpu_x_trap", cases, child);
//   }
//
// tirx_trap_main exits 0 when all cases passed, 1 when one failed, 77 without
// a GPU (ctest: skipped). `TEST --clean-cases` lists the cases that must not
// trap: scripts/gpu_suite.sh runs each directly as `TEST --child CASE` under
// compute-sanitizer, so that a report fails the suite itself; the tests carry
// the ctest label `trap` so that it knows them.
#pragma once

#include "gpu_check.hpp"

#include <tirx/host/check_messages.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstddef>
#include <cstdio>
#include <cstring>
#include <string>

struct TrapCase {
  const char* name;
  bool must_trap;
  const char* message; ///< expected on stdout (must_trap) or nullptr
};

/// In a child, after its launch: waits for the kernel. 0 if it finished;
/// otherwise prints the launch's and the kernel's errors and returns 3.
inline int tirx_trap_wait(const char* name) {
  const cudaError_t launch = cudaGetLastError();
  const cudaError_t sync = cudaDeviceSynchronize();
  std::fflush(stdout);
  if (launch != cudaSuccess || sync != cudaSuccess) {
    if (const char* message = tirx::failed_check_message()) // the check that trapped
      std::printf("%s\n", message);
    std::printf("child %s: launch %s, kernel %s (%s)\n", name, cudaGetErrorName(launch),
                cudaGetErrorName(sync), cudaGetErrorString(sync));
    return 3;
  }
  return 0;
}

/// In a child whose kernel finished (and whose results are right): says so, returns 0.
inline int tirx_trap_finished(const char* name) {
  std::printf("child %s: kernel finished\n", name);
  return 0;
}

/// Runs `self --child name`; returns its exit status and fills out.
inline int tirx_trap_run_child(const std::string& self, const char* name, std::string& out) {
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

/// The test's main(): `--child CASE` runs child(CASE); otherwise every case
/// runs in a child process and is judged as the header comment says.
template <std::size_t N>
int tirx_trap_main(int argc, char** argv, const char* test, const TrapCase (&cases)[N],
                   int (*child)(const char*)) {
  if (argc > 2 && std::strcmp(argv[1], "--child") == 0) {
    // this file's kernels copy a failed check's message where the child prints it
    if (cudaError_t e = tirx::install_check_messages(); e != cudaSuccess) {
      std::printf("child %s: install_check_messages: %s\n", argv[2], cudaGetErrorString(e));
      return 4;
    }
    return child(argv[2]);
  }
  if (argc > 1 && std::strcmp(argv[1], "--clean-cases") == 0) {
    for (const TrapCase& c : cases) // what compute-sanitizer runs one by one
      if (!c.must_trap)
        std::printf("%s\n", c.name);
    return 0;
  }
  if (int rc = tirx_test_require_gpu())
    return rc;
  char self[4096] = {};
  const ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
  const std::string exe =
      len > 0 ? std::string(self, static_cast<std::size_t>(len)) : std::string(argv[0]);
  int failed = 0;
  for (const TrapCase& c : cases) {
    std::string out;
    const int rc = tirx_trap_run_child(exe, c.name, out);
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
    std::printf("%s: %d case(s) FAILED\n", test, failed);
    return 1;
  }
  std::printf("%s: all %zu cases passed\n", test, N);
  return 0;
}
