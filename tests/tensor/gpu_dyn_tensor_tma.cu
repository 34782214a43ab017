// GPU test of TMA maps built from tensors with run-time extents and strides
// (host/dyn_tensor_map.hpp; label gpu, sm_90): a rank-3 DynTensor
// (Extents<dyn, dyn, dyn>, Strides<dyn, dyn, 1>, padded planes and rows),
// its map for boxes of 2 x 8 x 32 floats (row-major and 128-byte swizzled
// tiles), every box of the tensor loaded by tma::load at the coordinates
// of the DynTile of the same shape (tile.first), the tile read back through
// its tirx layout into a poisoned buffer: each element must be the
// tensor's, or 0 where the box reaches past a ragged end. Also a rank-5
// tensor with static modes among run-time ones.
// Exit 0: all passed; 1: a case failed; 77: no GPU or not sm_90 (ctest: skipped).
#include "support/device_buffer.hpp"
#include "support/expect.hpp"

#include <tirx/tile.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

namespace {

using namespace tirx;
using tirx_test::DeviceBuffer;

using X3 = DynTensor<float, Extents<dyn, dyn, dyn>, Strides<dyn, dyn, 1>, 16>;
using X5 = DynTensor<float, Extents<dyn, 2, dyn, 3, dyn>, Strides<dyn, dyn, dyn, dyn, 1>, 16>;

/// One CTA per box: loads the box of tile (blockIdx.z, y, x) of x (tiles of
/// Map::box()) and writes the shared tile, in logical order, to out's
/// block of box().size() floats.
template <class Map, class X>
__global__ void load_boxes(const __grid_constant__ Map map, X x, float* out) {
  constexpr Shape box = Map::box();
  auto pool = SMEMPool::dynamic();
  auto smem = pool.alloc<float, Map::box(), Map::smem_layout(), 1024>();
  auto bar = pool.alloc<cuda::std::uint64_t, shape(1)>();
  pool.commit();
  const long long block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * 1LL * blockIdx.z);
  if (threadIdx.x == 0) {
    cuda::ptx::mbarrier_init(bar.data(), 1);
    fence_mbarrier_init();
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    cuda::ptx::mbarrier_arrive_expect_tx(cuda::ptx::sem_release, cuda::ptx::scope_cta,
                                         cuda::ptx::space_shared, bar.data(),
                                         unsigned{tma::box_bytes<Map>});
    if constexpr (box.rank == 3) {
      auto t = x.template tile<box.dims[0], box.dims[1], box.dims[2]>(blockIdx.z, blockIdx.y,
                                                                      blockIdx.x);
      tma::load(smem, map, bar.data(), t.first[0], t.first[1], t.first[2]);
    } else {
      // rank 5: tiles of (1, 2, box[2], 3, box[4]); blockIdx.z counts the outer mode
      auto t = x.template tile<box.dims[0], box.dims[1], box.dims[2], box.dims[3], box.dims[4]>(
          blockIdx.z, 0, blockIdx.y, 0, blockIdx.x);
      tma::load(smem, map, bar.data(), t.first[0], t.first[1], t.first[2], t.first[3], t.first[4]);
    }
  }
  while (!cuda::ptx::mbarrier_try_wait_parity(bar.data(), 0)) {
  }
  // the tile in logical order, through its layout (swizzle included)
  constexpr TileLayout lay = Map::smem_layout();
  for (long long f = threadIdx.x; f < box.size(); f += blockDim.x)
    out[block * box.size() + f] = smem.data()[axis_offset<lay, Axis{0}>(f)];
}

std::uint32_t bits_of(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

/// The host model: element f of box (b0, b1, ...) is x at first + coordinate,
/// or 0 outside the tensor.
template <int R>
bool check_boxes(const char* what, const std::vector<float>& got, const std::vector<float>& host,
                 const long long (&ext)[R], const long long (&str)[R], const long long (&box)[R],
                 const long long (&tiles)[R]) {
  long long box_size = 1, count = 1;
  for (int d = 0; d < R; ++d) {
    box_size *= box[d];
    count *= tiles[d];
  }
  int bad = 0;
  for (long long b = 0; b < count; ++b) {
    long long t[R], rest = b;
    for (int d = R - 1; d >= 0; --d) {
      t[d] = rest % tiles[d];
      rest /= tiles[d];
    }
    for (long long f = 0; f < box_size; ++f) {
      long long c[R], r = f, off = 0;
      bool inside = true;
      for (int d = R - 1; d >= 0; --d) {
        c[d] = t[d] * box[d] + r % box[d];
        r /= box[d];
        inside = inside && c[d] < ext[d];
        off += c[d] * str[d];
      }
      const float want = inside ? host[static_cast<size_t>(off)] : 0.0f;
      const float g = got[static_cast<size_t>(b * box_size + f)];
      if (bits_of(g) != bits_of(want) && bad++ < 4)
        std::printf("FAIL %s: box %lld element %lld is %g, want %g (%s)\n", what, b, f, g, want,
                    inside ? "the tensor's" : "zero fill");
    }
  }
  return tirx_test::expect(bad == 0);
}

template <TileLayout Lay> void test_rank3(std::mt19937& rng, const char* name) {
  constexpr Shape box = shape(2, 8, 32);
  struct Case {
    long long n0, n1, n2;
  };
  for (const Case c : {Case{2, 8, 32}, Case{3, 9, 40}, Case{5, 17, 100}, Case{1, 1, 4}}) {
    const long long s1 = (c.n2 + 3) / 4 * 4 + 4, s0 = c.n1 * s1 + 8; // 16-byte multiples, padded
    std::uniform_real_distribution<float> dist(-8.0f, 8.0f);
    std::vector<float> host(static_cast<size_t>(c.n0 * s0));
    for (float& v : host)
      v = dist(rng);
    DeviceBuffer<float> X(host.size());
    X.upload(host);
    const X3 x = decl_tensor<X3>(X.ptr, {c.n0, c.n1, c.n2}, {s0, s1, 1});
    auto map = make_tensor_map<box, Lay>(x);
    const auto tiles = x.num_tiles<2, 8, 32>();
    const long long count = tiles.total();
    DeviceBuffer<float> out(static_cast<size_t>(count * box.size()));
    out.poison();
    const unsigned smem = static_cast<unsigned>(box.size() * 4 + 1024 + 64);
    auto kernel = load_boxes<decltype(map), X3>;
    TIRX_CHECK_CUDA(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         static_cast<int>(smem)));
    kernel<<<dim3(static_cast<unsigned>(tiles[2]), static_cast<unsigned>(tiles[1]),
                  static_cast<unsigned>(tiles[0])),
             128, smem>>>(map, x, out.ptr);
    TIRX_CHECK_LAUNCH(name);
    char what[96];
    std::snprintf(what, sizeof what, "%s %lld x %lld x %lld", name, c.n0, c.n1, c.n2);
    const long long ext[3] = {c.n0, c.n1, c.n2}, str[3] = {s0, s1, 1}, bx[3] = {2, 8, 32},
                    tl[3] = {tiles[0], tiles[1], tiles[2]};
    check_boxes<3>(what, out.download(), host, ext, str, bx, tl);
  }
}

void test_rank5(std::mt19937& rng) {
  constexpr Shape box = shape(1, 2, 4, 3, 16);
  const long long n0 = 2, n2 = 6, n4 = 20;
  const long long s3 = 24, s2 = 3 * s3 + 4, s1 = n2 * s2, s0 = 2 * s1 + 8;
  std::uniform_real_distribution<float> dist(-8.0f, 8.0f);
  std::vector<float> host(static_cast<size_t>(n0 * s0));
  for (float& v : host)
    v = dist(rng);
  DeviceBuffer<float> X(host.size());
  X.upload(host);
  const X5 x = decl_tensor<X5>(X.ptr, {n0, 2, n2, 3, n4}, {s0, s1, s2, s3, 1});
  auto map = make_tensor_map<box>(x);
  const auto tiles = x.num_tiles<1, 2, 4, 3, 16>();
  DeviceBuffer<float> out(static_cast<size_t>(tiles.total() * box.size()));
  out.poison();
  const unsigned smem = static_cast<unsigned>(box.size() * 4 + 1024 + 64);
  auto kernel = load_boxes<decltype(map), X5>;
  TIRX_CHECK_CUDA(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                       static_cast<int>(smem)));
  kernel<<<dim3(static_cast<unsigned>(tiles[4]), static_cast<unsigned>(tiles[2]),
                static_cast<unsigned>(tiles[0])),
           128, smem>>>(map, x, out.ptr);
  TIRX_CHECK_LAUNCH("rank5");
  const long long ext[5] = {n0, 2, n2, 3, n4}, str[5] = {s0, s1, s2, s3, 1},
                  bx[5] = {1, 2, 4, 3, 16}, tl[5] = {tiles[0], 1, tiles[2], 1, tiles[4]};
  check_boxes<5>("rank5 2 x 2 x 6 x 3 x 20", out.download(), host, ext, str, bx, tl);
}

} // namespace

int main(int argc, char** argv) {
  if (int rc = tirx_test_require_gpu())
    return rc;
  cudaDeviceProp prop{};
  TIRX_CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  if (prop.major < 9) {
    std::printf("gpu_dyn_tensor_tma: TMA needs sm_90; this GPU is sm_%d%d: skipped\n", prop.major,
                prop.minor);
    return 77;
  }
  const unsigned seed = argc > 1 ? static_cast<unsigned>(std::strtoul(argv[1], nullptr, 0)) : 2026u;
  std::mt19937 rng(seed);
  constexpr TileLayout plain = row_major(shape(2, 8, 32));
  constexpr TileLayout swizzled = row_major(shape(2, 8, 32)) ^ swizzle_for(SwizzleMode::b128, 4);
  test_rank3<plain>(rng, "rank3");
  test_rank3<swizzled>(rng, "rank3 b128");
  test_rank5(rng);
  return tirx_test::summary("gpu_dyn_tensor_tma");
}
