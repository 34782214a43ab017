// The host code of docs/at-scale.md: how a GridTensor splits into tiles
// (valid counts, alignment), the alignment helpers, and the debug check of
// grid_tensor. GridTensor and the helpers are host-device code, so all of
// this runs on the host (ctest -L host); the kernels that use them are in
// at_scale.cu (GPU).
#include <tirx/tile.hpp>

#include <catch2/catch.hpp>

#include <csignal>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

using namespace tirx;

TEST_CASE("docs/at-scale: tiles of a vector", "[docs]") {
  alignas(16) static float data[1280]; // room for the pointer of tile 4 (the example asks for it)
  // [snippet:vector-tiles]
  auto x = grid_tensor<16>(data, 1000); // 1000 floats, 16-byte aligned
  static_assert(std::is_same_v<decltype(x), GridTensor<float, 1, 16>>);
  CHECK(x.num_tiles<256>() == 4); // 256 + 256 + 256 + 232
  auto last = x.tile<256>(3);     // elements 768 .. 1023, of which 232 exist
  static_assert(decltype(last.tensor)::shape() == shape(256));
  static_assert(decltype(last.tensor)::align == 16); // 256 * 4 bytes keep 16
  CHECK(last.tensor.data() == data + 768);
  CHECK(last.valid == 232);
  CHECK(!last.full());
  CHECK(last.bound().limit == 232); // the option tile::apply takes
  CHECK(x.tile<256>(0).full());
  CHECK(x.tile<256>(4).valid == 0); // past the end: nothing exists
  // a tile of 6 floats (24 bytes) keeps only 8 of the 16
  static_assert(decltype(x.tile<6>(1).tensor)::align == 8);
  // [/snippet]
}

TEST_CASE("docs/at-scale: tiles of a matrix", "[docs]") {
  alignas(16) static float data[100 * 128];
  // [snippet:matrix-tiles]
  auto m = grid_tensor<16>(data, 100, 70, 128); // 100 x 70 floats, rows 128 apart
  auto counts = m.num_tiles<64, 64>();
  CHECK(counts.rows == 2);
  CHECK(counts.cols == 2);
  auto corner = m.tile<64, 64>(1, 1); // rows 64 .. 127, columns 64 .. 127
  CHECK(corner.valid_rows == 36);
  CHECK(corner.valid_cols == 6);
  CHECK(!corner.full());
  auto row = corner.row(0); // row 64, columns 64 .. 127
  CHECK(row.tensor.data() == data + 64 * 128 + 64);
  CHECK(row.valid == 6);
  CHECK(corner.row(40).valid == 0); // row 104: past the last row
  auto r = m.row(99);               // a vector of 70 floats
  CHECK(r.size() == 70);
  CHECK(r.data() == data + 99 * 128);
  // [/snippet]
}

TEST_CASE("docs/at-scale: choosing the alignment", "[docs]") {
  alignas(16) static float data[64];
  // [snippet:alignment]
  const float* p = data + 2; // 8 bytes past a 16-byte boundary
  CHECK(alignment_of(16, data) == 16);
  CHECK(alignment_of(16, p) == 8);
  CHECK(alignment_of(16, data, 36 * 4) == 16); // with a row stride of 36 floats
  CHECK(alignment_of(16, data, 35 * 4) == 4);  // 35 floats: rows keep only 4 bytes
  int picked = 0;
  CHECK(
      dispatch_align<16, 8, 4>(alignment_of(16, p), [&](auto a) { picked = decltype(a)::value; }));
  CHECK(picked == 8);                         // the narrower fallback
  CHECK(!dispatch_align<16>(8, [](auto) {})); // no kernel for 8 bytes
  CHECK_THROWS_WITH(require_align(16, alignment_of(16, p), "x"),
                    Catch::Contains("x is aligned to 8 bytes, the kernel needs 16")); // the refusal
  // [/snippet]
}

namespace {
/// Runs f in a child process; returns its stderr and whether it aborted.
template <class F> std::pair<std::string, bool> in_child(F f) {
  int pipe_fd[2];
  REQUIRE(pipe(pipe_fd) == 0);
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    std::signal(SIGABRT, SIG_DFL); // abort without the test framework's handler
    dup2(pipe_fd[1], 2);
    close(pipe_fd[0]);
    f();
    _exit(0);
  }
  close(pipe_fd[1]);
  std::string out;
  char buf[256];
  for (ssize_t n; (n = read(pipe_fd[0], buf, sizeof buf)) > 0;)
    out.append(buf, static_cast<std::size_t>(n));
  close(pipe_fd[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  return {out, WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT};
}
} // namespace

TEST_CASE("docs/at-scale: grid_tensor checks the alignment it is told (debug builds)", "[docs]") {
  alignas(16) static float data[64];
#if TIRX_DEBUG_CHECKS
  auto [misaligned, aborted] = in_child([] { (void)grid_tensor<16>(data + 1, 8); });
  CHECK(aborted);
  CHECK_THAT(misaligned,
             Catch::Contains("tirx::grid_tensor: the pointer is less aligned than Align"));
  auto [stride, aborted2] = in_child([] { (void)grid_tensor<16>(data, 4, 3, 3); }); // 12-byte rows
  CHECK(aborted2);
  CHECK_THAT(stride, Catch::Contains("tirx::grid_tensor: the pointer or the row stride in bytes"));
  auto [short_rows, aborted3] = in_child([] { (void)grid_tensor(data, 4, 8, 4); }); // ld < cols
  CHECK(aborted3);
  CHECK_THAT(short_rows, Catch::Contains("tirx::grid_tensor: the row stride must be at least"));
  auto [row, aborted4] = in_child([] { (void)grid_tensor(data, 4, 8).row(4); });
  CHECK(aborted4);
  CHECK_THAT(row, Catch::Contains("tirx::GridTensor::row: row index outside the tensor"));
#endif
  auto [fine, aborted_fine] = in_child([] { (void)grid_tensor<16>(data, 64); });
  CHECK(!aborted_fine);
  CHECK(fine.empty());
}
