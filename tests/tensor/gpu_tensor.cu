// GPU test of the tensor layer (tirx_gpu_test, label gpu): launches the
// kernels of tensor_kernels.cuh and checks EVERY output element against a
// host reference computed from the same inputs.
//
//   gpu_tensor [SEED]     inputs are random, from SEED (default 2026); the
//                         seed is printed, so a failure can be replayed
//
// Output buffers are poisoned before each launch (0xFF bytes: NaN for floats),
// so an element the kernel forgot to write is a mismatch. Every CUDA call and
// every launch is checked. Exit 0: all passed; 1: a mismatch or CUDA error
// (the first mismatches of each check are printed with their index, the
// value read and the value expected); 77: no GPU (ctest: skipped).
#include "support/device_buffer.hpp"
#include "support/expect.hpp"
#include "support/gpu_check.hpp"
#include "support/random.hpp"
#include "tensor_kernels.cuh"

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

using tirx_test::DeviceBuffer;

std::string show(float x) {
  char b[64];
  std::uint32_t u;
  std::memcpy(&u, &x, 4);
  std::snprintf(b, sizeof b, "%.9g (0x%08x)", static_cast<double>(x), u);
  return b;
}
std::string show(std::uint32_t x) {
  char b[32];
  std::snprintf(b, sizeof b, "0x%08x", x);
  return b;
}
std::string show(std::uint16_t x) {
  char b[32];
  std::snprintf(b, sizeof b, "0x%04x", x);
  return b;
}
std::string show(int x) { return std::to_string(x); }

bool same(float a, float b) {
  return std::memcmp(&a, &b, 4) == 0;
} // bitwise: NaN poison never matches
template <class T> bool same(T a, T b) { return a == b; }

/// Compares every element; prints the first mismatches and a summary line.
template <class T>
void expect_equal(const char* check, const std::vector<T>& got, const std::vector<T>& want,
                  const char* index_meaning = "i") {
  std::size_t bad = 0;
  for (std::size_t i = 0; i < want.size(); ++i) {
    if (same(got[i], want[i]))
      continue;
    if (bad < 8)
      std::printf("  MISMATCH %s: [%s = %zu] got %s, expected %s\n", check, index_meaning, i,
                  show(got[i]).c_str(), show(want[i]).c_str());
    ++bad;
  }
  if (got.size() != want.size()) {
    std::printf("  MISMATCH %s: %zu elements read, %zu expected\n", check, got.size(), want.size());
    bad += 1;
  }
  if (!tirx_test::expect(bad == 0)) {
    std::printf("FAIL %-34s %zu of %zu elements differ\n", check, bad, want.size());
  } else {
    std::printf("ok   %-34s %zu elements match\n", check, want.size());
  }
}

/// The inputs: random, from the seed.
struct Rng {
  std::mt19937 g;
  std::vector<float> floats(std::size_t n) {
    return tirx_test::uniform_floats(g, n, -1000.0f, 1000.0f);
  }
  std::vector<std::uint16_t> bits16(std::size_t n) {
    return tirx_test::random_bits<std::uint16_t>(g, n);
  }
};

std::uint32_t bits_of(float x) {
  std::uint32_t u;
  std::memcpy(&u, &x, 4);
  return u;
}

// ----------------------------------------------------------------------------
// The checks, one per seed program or feature
// ----------------------------------------------------------------------------

void test_add_one_tile(Rng& rng) {
  const auto a = rng.floats(768);
  std::vector<float> want(768);
  for (int i = 0; i < 768; ++i)
    want[i] = a[i] + 1.0f;
  DeviceBuffer<float> A(768), B(768);
  A.upload(a);

  B.poison();
  tk::add_one_tile<<<1, 64>>>(tk::RegIn{A.ptr}, tk::RegOut{B.ptr});
  TIRX_CHECK_LAUNCH("add_one_tile");
  expect_equal("add_one_tile (element loops)", B.download(), want, "flat (w,l,i,j)");

  B.poison();
  tk::add_one_tile_v4<<<1, 64>>>(tk::RegIn{A.ptr}, tk::RegOut{B.ptr});
  TIRX_CHECK_LAUNCH("add_one_tile_v4");
  expect_equal("add_one_tile_v4 (ramp float4)", B.download(), want, "flat (w,l,i,j)");

  B.poison();
  tk::add_one_tile_decl<<<1, 64>>>(A.ptr, B.ptr);
  TIRX_CHECK_LAUNCH("add_one_tile_decl");
  expect_equal("add_one_tile_decl (decl_tensor)", B.download(), want, "flat (w,l,i,j)");
}

void test_add_one_vector(Rng& rng) {
  const auto a = rng.floats(256);
  std::vector<float> want(256);
  for (int i = 0; i < 256; ++i)
    want[i] = a[i] + 1.0f;
  DeviceBuffer<float> A(256), B(256), C(256);
  A.upload(a);
  B.poison();
  tk::add_one_vector<<<1, 64>>>(tk::In256{A.ptr}, tk::Out256{B.ptr});
  TIRX_CHECK_LAUNCH("add_one_vector");
  expect_equal("add_one_vector", B.download(), want);

  // B[4t + k] = 2 * A[3t + 2k]; C = A through a ramp copy of equal types
  std::vector<float> strided(256);
  for (int t = 0; t < 64; ++t)
    for (int k = 0; k < 4; ++k)
      strided[4 * t + k] = 2.0f * a[3 * t + 2 * k];
  B.poison();
  C.poison();
  tk::ramp_strided<<<1, 64>>>(tk::In256{A.ptr}, tk::Out256{B.ptr}, tk::Out256{C.ptr});
  TIRX_CHECK_LAUNCH("ramp_strided");
  expect_equal("ramp_strided (stride-2 gather)", B.download(), strided);
  expect_equal("ramp_strided (same-type ramp copy)", C.download(), a);
}

void test_shared_shift(Rng& rng) {
  const auto a = rng.floats(128);
  std::vector<float> want(128);
  for (int i = 0; i < 128; ++i)
    want[i] = a[(i + 1) % 128];
  DeviceBuffer<float> A(128), B(128);
  A.upload(a);

  B.poison();
  tk::shared_shift<<<1, 128>>>(tk::In128{A.ptr}, tk::Out128{B.ptr});
  TIRX_CHECK_LAUNCH("shared_shift");
  expect_equal("shared_shift (alloc_shared)", B.download(), want);

  constexpr auto bytes = tirx::smem_bytes(tk::shift_plan);
  static_assert(bytes == 512);
  B.poison();
  tk::shared_shift_dynamic<<<1, 128, bytes>>>(tk::In128{A.ptr}, tk::Out128{B.ptr});
  TIRX_CHECK_LAUNCH("shared_shift_dynamic");
  expect_equal("shared_shift_dynamic (SMEMPool)", B.download(), want);

  // several buffers, alignments and reuse
  constexpr auto pool_bytes = tirx::smem_bytes(tk::pool_plan);
  std::vector<float> want2(128);
  for (int i = 0; i < 128; ++i)
    want2[i] = a[(i + 1) % 128] + (-2.0f * a[(i + 2) % 128]);
  DeviceBuffer<int> offsets(4);
  B.poison();
  offsets.poison();
  tk::pool_buffers<<<1, 128, pool_bytes>>>(tk::In128{A.ptr}, tk::Out128{B.ptr},
                                           tirx::GlobalTensor<int, tirx::ShapeT<4>>{offsets.ptr});
  TIRX_CHECK_LAUNCH("pool_buffers");
  expect_equal("pool_buffers (3 SMEMPool tensors)", B.download(), want2);
  expect_equal("pool_buffers offsets a, b, c; count", offsets.download(),
               std::vector<int>{0, 1024, 1536, 3 * 128}, "k");
}

void test_add_one_local_sum_four(Rng& rng) {
  const auto a = rng.floats(256);
  DeviceBuffer<float> A(256), B(256), S(64);
  A.upload(a);
  std::vector<float> want(256), sums(64);
  for (int i = 0; i < 256; ++i)
    want[i] = a[i] + 1.0f;
  for (int t = 0; t < 64; ++t) {
    float total = 0.0f; // the same additions in the same order as the kernel
    for (int k = 0; k < 4; ++k)
      total += a[4 * t + k];
    sums[t] = total;
  }
  B.poison();
  tk::add_one_local<<<1, 64>>>(tk::In256{A.ptr}, tk::Out256{B.ptr});
  TIRX_CHECK_LAUNCH("add_one_local");
  expect_equal("add_one_local", B.download(), want);

  S.poison();
  tk::sum_four<<<1, 64>>>(tk::In256{A.ptr}, tk::Out64{S.ptr});
  TIRX_CHECK_LAUNCH("sum_four");
  expect_equal("sum_four (let, scalar)", S.download(), sums, "thread");
}

void test_views(Rng& rng) {
  const auto a = rng.floats(256);
  const auto h = rng.bits16(64 * 8);
  DeviceBuffer<float> A(256), T(256), G(256), R(256), St(64), W(192);
  DeviceBuffer<std::uint16_t> H(512), FH(512);
  DeviceBuffer<std::uint32_t> P(256), PL(256);
  A.upload(a);
  H.upload(h);
  for (auto* buf : {&T, &G, &R, &St, &W})
    buf->poison();
  P.poison();
  PL.poison();
  FH.poison();
  tk::ViewsOut out{
      decltype(tk::ViewsOut::transposed){T.ptr},    decltype(tk::ViewsOut::grouped){G.ptr},
      decltype(tk::ViewsOut::row_rev){R.ptr},       decltype(tk::ViewsOut::strided){St.ptr},
      decltype(tk::ViewsOut::window){W.ptr},        decltype(tk::ViewsOut::packed){P.ptr},
      decltype(tk::ViewsOut::packed_local){PL.ptr}, decltype(tk::ViewsOut::float_halves){FH.ptr}};
  tk::views<<<1, 64>>>(
      tk::In256{A.ptr},
      tirx::GlobalTensor<const half, tirx::ShapeT<64, 8>, 16>{reinterpret_cast<const half*>(H.ptr)},
      out);
  TIRX_CHECK_LAUNCH("views");

  std::vector<float> t(256), g(256), r(256), st(64), w(192);
  std::vector<std::uint32_t> p(256);
  std::vector<std::uint16_t> fh(512);
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < 4; ++j) {
      t[j * 64 + i] = a[i * 4 + j]; // transposed(j, i) == matrix(i, j) == A[i*4 + j]
      g[i * 4 + j] = a[(32 * (i / 32) + i % 32) * 4 + j]; // grouped(w, l, j) == matrix(32w + l, j)
      r[i * 4 + j] = a[i * 4 + 3 - j];
      p[i * 4 + j] = h[i * 8 + 2 * j] | static_cast<std::uint32_t>(h[i * 8 + 2 * j + 1]) << 16;
      fh[i * 8 + 2 * j] = static_cast<std::uint16_t>(bits_of(a[i * 4 + j]) & 0xffff);
      fh[i * 8 + 2 * j + 1] = static_cast<std::uint16_t>(bits_of(a[i * 4 + j]) >> 16);
    }
  for (int i = 0; i < 32; ++i)
    for (int k = 0; k < 2; ++k)
      st[i * 2 + k] = a[(2 * i) * 4 + 1 + 2 * k];
  for (int i = 0; i < 64; ++i)
    for (int k = 0; k < 3; ++k)
      w[i * 3 + k] = a[i * 4 + 1 + k];
  expect_equal("views: permute<1, 0>", T.download(), t, "j*64 + i");
  expect_equal("views: rearrange (warp lane)", G.download(), g, "(w*32 + l)*4 + j");
  expect_equal("views: sub(i, _)", R.download(), r, "i*4 + j");
  expect_equal("views: sub(range<0,64,2>, range<1,4,2>)", St.download(), st, "t*2 + k");
  expect_equal("views: sub(range_from<3>(4i + 1))", W.download(), w, "i*3 + k");
  expect_equal("views: view<uint32> of global halves", P.download(), p, "i*4 + k");
  expect_equal("views: view<uint32> of local halves", PL.download(), p, "i*4 + k");
  expect_equal("views: view<uint16> of floats", FH.download(), fh, "i*8 + k");
}

void test_two_buffers(Rng& rng) {
  const auto a = rng.floats(128);
  std::vector<float> want(128);
  for (int i = 0; i < 128; ++i)
    want[i] = a[(i + 3) % 128] - (a[(i + 5) % 128] * 2.0f + 1.0f);
  DeviceBuffer<float> A(128), B(128);
  DeviceBuffer<int> info(3);
  A.upload(a);
  B.poison();
  info.poison();
  tk::two_buffers<<<1, 128>>>(tk::In128{A.ptr}, tk::Out128{B.ptr},
                              tirx::GlobalTensor<int, tirx::ShapeT<3>>{info.ptr});
  TIRX_CHECK_LAUNCH("two_buffers");
  expect_equal("two_buffers: a[i+3] - b[i+5]", B.download(), want);
  expect_equal("two_buffers: disjoint, shared, count", info.download(), std::vector<int>{1, 1, 128},
               "k");
}

void test_kernel_template(Rng& rng) {
  const auto a = rng.floats(768);
  DeviceBuffer<float> A(768), B(768);
  A.upload(a);

  // a transposed view passed to a kernel: its layout travels in the type
  auto transposed = tk::In256{A.ptr}.view<64, 4>().permute<1, 0>();
  static_assert(std::is_same_v<decltype(transposed), tk::TransposedIn>);
  std::vector<float> want(256);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 64; ++j)
      want[i * 64 + j] = 2.0f * a[j * 4 + i];
  B.poison();
  tk::scale2<<<1, 96>>>(transposed, tk::TransposedOut{B.ptr});
  TIRX_CHECK_LAUNCH("scale2<TransposedIn, TransposedOut>");
  auto got = B.download();
  got.resize(256);
  expect_equal("scale2<transposed view>", got, want, "i*64 + j");

  std::vector<float> want2(768);
  for (int i = 0; i < 768; ++i)
    want2[i] = 2.0f * a[i];
  B.poison();
  tk::scale2<<<1, 128>>>(tk::RegIn{A.ptr}.view<64, 12>(),
                         tk::RegOut{B.ptr}.view<64, 12>().permute<1, 0>().permute<1, 0>());
  TIRX_CHECK_LAUNCH("scale2<RegMatrixIn, RegMatrixOut>");
  expect_equal("scale2<(64, 12) views>", B.download(), want2);
}

} // namespace

int main(int argc, char** argv) {
  if (int rc = tirx_test_require_gpu())
    return rc;
  const unsigned seed = argc > 1 ? static_cast<unsigned>(std::strtoul(argv[1], nullptr, 0)) : 2026u;
  cudaDeviceProp prop{};
  TIRX_CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  std::printf("gpu_tensor: %s (sm_%d%d), seed %u (gpu_tensor SEED replays another)\n", prop.name,
              prop.major, prop.minor, seed);
  Rng rng{std::mt19937(seed)};
  test_add_one_tile(rng);
  test_add_one_vector(rng);
  test_shared_shift(rng);
  test_add_one_local_sum_four(rng);
  test_views(rng);
  test_two_buffers(rng);
  test_kernel_template(rng);
  if (tirx_test::check_count().failed)
    std::printf("gpu_tensor: seed %u (gpu_tensor %u replays it)\n", seed, seed);
  return tirx_test::summary("gpu_tensor");
}
