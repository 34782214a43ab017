// GPU test of tensors with run-time extents and strides (tensor/dyn_tensor.hpp,
// label gpu), on seeded random data against a host reference, every output
// buffer poisoned first (the padding between rows and planes included,
// which must stay poisoned):
//   - an elementwise map over a rank-3 tensor (extents and outer strides
//     run-time) in tiles of 2 x 4 x 32 per CTA, ragged in every mode,
//     element access in tile coordinates guarded by contains();
//   - a copy of a rank-4 tensor (3 static planes among run-time modes) by
//     tile::apply: each warp loads one 128-float row of its tile with
//     ld.global.v4.b32 (the row is a Tensor, 16-byte aligned) bounded at
//     the ragged innermost edge (row(...).bound()), stores it the same way;
//   - an (M dynamic, 128 static) x (stride dynamic, 1 static) matrix, a
//     warp per row, one 16-byte vector per lane (the twin of
//     tests/twins/dyn_tensor.cu), and the same matrix reached through
//     dyn_tensor(GridTensor);
// each with the run-time debug checks on and off (gpu_dyn_tensor_checked).
// Exit 0: all passed; 1: a case failed; 77: no GPU (ctest: skipped).
#include "support/device_buffer.hpp"
#include "support/expect.hpp"

#include <tirx/tile.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

namespace {

using namespace tirx;
using namespace tirx::literals;
using tirx_test::DeviceBuffer;

// -- the kernels ----------------------------------------------------------------

using Dyn3 = DynTensor<float, Extents<dyn, dyn, dyn>, Strides<dyn, dyn, 1>>;

/// y = 2x + 1, a CTA of 256 threads per 2 x 4 x 32 tile (grid: x tiles of
/// the innermost mode, y of the middle one, z of the outer one).
__global__ void map3(DynTensor<const float, Extents<dyn, dyn, dyn>, Strides<dyn, dyn, 1>> x,
                     Dyn3 y) {
  auto a = x.tile<2, 4, 32>(blockIdx.z, blockIdx.y, blockIdx.x);
  auto b = y.tile<2, 4, 32>(blockIdx.z, blockIdx.y, blockIdx.x);
  const int i = threadIdx.x / 128, j = threadIdx.x / 32 % 4, k = threadIdx.x % 32;
  if (a.contains(i, j, k))
    b(i, j, k) = fmaf(a(i, j, k), 2.0f, 1.0f);
}

using Dyn4 = DynTensor<float, Extents<dyn, 3, dyn, dyn>, Strides<dyn, dyn, dyn, 1>, 16>;

/// A copy of tiles of 1 x 1 x 4 x 128: 4 warps, one row each, by
/// tile::apply with a bound at the ragged innermost edge.
__global__ void copy4(Dyn4 x, Dyn4 y) {
  const int w = threadIdx.x / 32;
  const unsigned plane = blockIdx.z % 3, outer = blockIdx.z / 3;
  auto a = x.tile<1, 1, 4, 128>(outer, plane, blockIdx.y, blockIdx.x);
  auto b = y.tile<1, 1, 4, 128>(outer, plane, blockIdx.y, blockIdx.x);
  auto src = a.row(0, 0, w); // GridTile of Tensor<float, ShapeT<128>, global, 16>
  auto dst = b.row(0, 0, w);
  static_assert(decltype(src.tensor)::align == 16 && decltype(src.tensor)::shape() == shape(128));
  constexpr TileLayout reg = layout_of<"S[(32, 4) : (1@laneid, 1)]">;
  auto registers = alloc_local<float, shape(32, 4), reg>();
  if (src.valid == 0)
    return;
  if (src.full()) {
    tile::apply<ptx<"ld.global.v4.b32">>(registers, src.tensor.view<32, 4>(), scope::warp);
    tile::apply<ptx<"st.global.v4.b32">>(dst.tensor.view<32, 4>(), registers, scope::warp);
  } else {
    tile::apply<ptx<"ld.global.v4.b32">>(registers, src.tensor.view<32, 4>(), scope::warp,
                                         src.bound());
    tile::apply<ptx<"st.global.v4.b32">>(dst.tensor.view<32, 4>(), registers, scope::warp,
                                         dst.bound());
  }
}

using Rows = DynTensor<float, Extents<dyn, 128>, Strides<dyn, 1>, 16>;

/// y = x + 1 over an M x 128 matrix: a warp per row, a float4 per lane.
__global__ void rows128(Rows x, Rows y) {
  const long long r = blockIdx.x * 4LL + threadIdx.x / 32;
  if (r >= x.extent<0>())
    return;
  const int lane = threadIdx.x % 32;
  auto in = x.sub(r, _);
  auto out = y.sub(r, _);
  out[ramp(lane * 4, 1_c, 4_c)] = in[ramp(lane * 4, 1_c, 4_c)] + 1.0f;
}

/// The same from GridTensors (rank 2, row stride ld): any column count.
__global__ void grid_rows(GridTensor<float, 2, 16> gx, GridTensor<float, 2, 16> gy) {
  auto x = dyn_tensor(gx);
  auto y = dyn_tensor(gy);
  auto a = x.tile<4, 32>(blockIdx.y, blockIdx.x);
  auto b = y.tile<4, 32>(blockIdx.y, blockIdx.x);
  const int i = threadIdx.x / 32, j = threadIdx.x % 32;
  if (a.contains(i, j))
    b(i, j) = a(i, j) + 1.0f;
}

// -- host side ------------------------------------------------------------------

std::uint32_t bits_of(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

std::vector<float> random_floats(std::mt19937& rng, size_t n) {
  std::uniform_real_distribution<float> d(-4.0f, 4.0f);
  std::vector<float> v(n);
  for (float& f : v)
    f = d(rng);
  return v;
}

/// Compares an output buffer with its reference: inside, the value (bit for
/// bit); elsewhere (padding), the poison.
bool check_buffer(const char* what, const std::vector<float>& got, const std::vector<float>& want,
                  const std::vector<char>& inside) {
  int bad = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    const bool ok =
        inside[i] ? bits_of(got[i]) == bits_of(want[i]) : bits_of(got[i]) == 0xFFFFFFFFu;
    if (!ok && bad++ < 4)
      std::printf("FAIL %s: element %zu (%s) is %g (0x%08x), want %s %g\n", what, i,
                  inside[i] ? "inside" : "padding", got[i], bits_of(got[i]),
                  inside[i] ? "" : "the poison", inside[i] ? want[i] : 0.0f);
  }
  return tirx_test::expect(bad == 0);
}

void test_map3(std::mt19937& rng) {
  struct Case {
    long long n0, n1, n2, pad1, pad0;
  };
  const Case cases[] = {
      {2, 4, 32, 0, 0}, {3, 5, 33, 3, 7}, {1, 1, 1, 1, 1}, {7, 9, 100, 4, 9}, {4, 8, 64, 0, 32}};
  for (const Case& c : cases) {
    const long long s1x = c.n2 + c.pad1, s0x = c.n1 * s1x + c.pad0;
    const long long s1y = c.n2 + c.pad1 + 2, s0y = c.n1 * s1y + c.pad0 + 1; // other padding
    const auto host_x = random_floats(rng, static_cast<size_t>(c.n0 * s0x));
    DeviceBuffer<float> X(host_x.size()), Y(static_cast<size_t>(c.n0 * s0y));
    X.upload(host_x);
    Y.poison();
    using In = DynTensor<const float, Extents<dyn, dyn, dyn>, Strides<dyn, dyn, 1>>;
    auto x = decl_tensor<In>(X.ptr, {c.n0, c.n1, c.n2}, {s0x, s1x, 1});
    auto y = decl_tensor<Dyn3>(Y.ptr, {c.n0, c.n1, c.n2}, {s0y, s1y, 1});
    const dim3 grid(static_cast<unsigned>((c.n2 + 31) / 32), static_cast<unsigned>((c.n1 + 3) / 4),
                    static_cast<unsigned>((c.n0 + 1) / 2));
    map3<<<grid, 256>>>(x, y);
    TIRX_CHECK_LAUNCH("map3");
    std::vector<float> want(Y.n, 0.0f);
    std::vector<char> inside(Y.n, 0);
    for (long long i = 0; i < c.n0; ++i)
      for (long long j = 0; j < c.n1; ++j)
        for (long long k = 0; k < c.n2; ++k) {
          const size_t o = static_cast<size_t>(i * s0y + j * s1y + k);
          want[o] = std::fmaf(host_x[static_cast<size_t>(i * s0x + j * s1x + k)], 2.0f, 1.0f);
          inside[o] = 1;
        }
    char what[96];
    std::snprintf(what, sizeof what, "map3 %lld x %lld x %lld", c.n0, c.n1, c.n2);
    check_buffer(what, Y.download(), want, inside);
  }
}

void test_copy4(std::mt19937& rng) {
  struct Case {
    long long n0, n2, n3; // mode 1 is the static 3
  };
  const Case cases[] = {{1, 4, 128}, {2, 5, 200}, {3, 7, 4}, {1, 1, 129}, {2, 9, 300}};
  for (const Case& c : cases) {
    const long long s2 = (c.n3 + 3) / 4 * 4 + 4; // rows 16-byte aligned, padded
    const long long s1 = c.n2 * s2 + 8, s0 = 3 * s1 + 12;
    const auto host_x = random_floats(rng, static_cast<size_t>(c.n0 * s0));
    DeviceBuffer<float> X(host_x.size()), Y(host_x.size());
    X.upload(host_x);
    Y.poison();
    auto x = decl_tensor<Dyn4>(X.ptr, {c.n0, 3, c.n2, c.n3}, {s0, s1, s2, 1});
    auto y = decl_tensor<Dyn4>(Y.ptr, {c.n0, 3, c.n2, c.n3}, {s0, s1, s2, 1});
    const auto tiles = x.num_tiles<1, 1, 4, 128>();
    const dim3 grid(static_cast<unsigned>(tiles[3]), static_cast<unsigned>(tiles[2]),
                    static_cast<unsigned>(tiles[0] * 3));
    copy4<<<grid, 128>>>(x, y);
    TIRX_CHECK_LAUNCH("copy4");
    std::vector<float> want(Y.n, 0.0f);
    std::vector<char> inside(Y.n, 0);
    for (long long a = 0; a < c.n0; ++a)
      for (long long b = 0; b < 3; ++b)
        for (long long r = 0; r < c.n2; ++r)
          for (long long k = 0; k < c.n3; ++k) {
            const size_t o = static_cast<size_t>(a * s0 + b * s1 + r * s2 + k);
            want[o] = host_x[o];
            inside[o] = 1;
          }
    char what[96];
    std::snprintf(what, sizeof what, "copy4 %lld x 3 x %lld x %lld", c.n0, c.n2, c.n3);
    check_buffer(what, Y.download(), want, inside);
  }
}

void test_rows(std::mt19937& rng) {
  for (long long m : {1LL, 4LL, 37LL, 1000LL}) {
    const long long ldx = 132, ldy = 136;
    const auto host_x = random_floats(rng, static_cast<size_t>(m * ldx));
    DeviceBuffer<float> X(host_x.size()), Y(static_cast<size_t>(m * ldy)), G(Y.n);
    X.upload(host_x);
    Y.poison();
    G.poison();
    auto x = decl_tensor<Rows>(X.ptr, {m, 128}, {ldx, 1});
    auto y = decl_tensor<Rows>(Y.ptr, {m, 128}, {ldy, 1});
    rows128<<<static_cast<unsigned>((m + 3) / 4), 128>>>(x, y);
    TIRX_CHECK_LAUNCH("rows128");
    // the GridTensor route, 100 columns of the same rows
    const long long cols = 100;
    grid_rows<<<dim3(static_cast<unsigned>((cols + 31) / 32), static_cast<unsigned>((m + 3) / 4)),
                128>>>(grid_tensor<16>(X.ptr, m, cols, ldx), grid_tensor<16>(G.ptr, m, cols, ldy));
    TIRX_CHECK_LAUNCH("grid_rows");
    std::vector<float> want(Y.n, 0.0f), want_g(Y.n, 0.0f);
    std::vector<char> inside(Y.n, 0), inside_g(Y.n, 0);
    for (long long r = 0; r < m; ++r)
      for (long long k = 0; k < 128; ++k) {
        const size_t o = static_cast<size_t>(r * ldy + k);
        want[o] = host_x[static_cast<size_t>(r * ldx + k)] + 1.0f;
        inside[o] = 1;
        if (k < cols) {
          want_g[o] = want[o];
          inside_g[o] = 1;
        }
      }
    char what[64];
    std::snprintf(what, sizeof what, "rows128 %lld x 128", m);
    check_buffer(what, Y.download(), want, inside);
    std::snprintf(what, sizeof what, "grid_rows %lld x %lld", m, cols);
    check_buffer(what, G.download(), want_g, inside_g);
  }
}

} // namespace

int main(int argc, char** argv) {
  if (int rc = tirx_test_require_gpu())
    return rc;
  const unsigned seed = argc > 1 ? static_cast<unsigned>(std::strtoul(argv[1], nullptr, 0)) : 2026u;
  std::mt19937 rng(seed);
  std::printf("gpu_dyn_tensor: seed %u, debug checks %s\n", seed, TIRX_DEBUG_CHECKS ? "on" : "off");
  test_map3(rng);
  test_copy4(rng);
  test_rows(rng);
  return tirx_test::summary("gpu_dyn_tensor");
}
