// The pass/fail count of a test program: expect() counts each check and each
// that failed; summary() ends main() with the count and the exit status.
//
//   if (!tirx_test::expect(got == want))      // true: passed
//     std::printf("FAIL ...\n");              // the test prints what differed
//   return tirx_test::summary("gpu_x");       // "gpu_x: all 12 checks passed": 0
//                                             // "gpu_x: 2 of 12 checks FAILED": 1
#pragma once

#include <cstdio>

namespace tirx_test {

struct CheckCount {
  int checks = 0;
  int failed = 0;
};
/// The program's count.
inline CheckCount& check_count() {
  static CheckCount count;
  return count;
}

/// Counts one check; returns ok.
inline bool expect(bool ok) {
  ++check_count().checks;
  if (!ok)
    ++check_count().failed;
  return ok;
}

/// Prints the count; 0 when every check passed, else 1.
inline int summary(const char* test) {
  const CheckCount& c = check_count();
  if (c.failed) {
    std::printf("%s: %d of %d checks FAILED\n", test, c.failed, c.checks);
    return 1;
  }
  std::printf("%s: all %d checks passed\n", test, c.checks);
  return 0;
}

} // namespace tirx_test
