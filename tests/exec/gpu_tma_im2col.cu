// GPU test of TMA's im2col mode (exec/tma_im2col.hpp, host/tensor_map_im2col.hpp):
// the columns of the im2col matrix of small convolutions, loaded by
// tma::load_im2col, against the im2col matrix worked out on the host from
// the definition of a convolution, bit for bit; also multicast
// (tma::load_im2col_multicast) to every CTA of clusters of 2 and 4.
//
// Each case is an N x (D x) (H x) W x C tensor and a filter with padding,
// stride and dilation. The map's bounding box is the convolution's: lower
// corner -padding, upper corner padding - (filter - 1) x dilation,
// traversal stride the stride. Output pixel m = (n, (p,) q), q fastest,
// and filter tap (r, s) read input pixel (p x stride - pad + r x dil, ...),
// or zero where that lies in the padding or m is past the last image. The
// tiles of `pixels` output pixels are loaded for every tap: the load's
// coordinates are the first output pixel's window corner (n, -pad + p x
// stride, ...) and channel c0, its offsets the tap x dilation. The shared
// tiles are poisoned (0xFF) before the load and read through their tirx
// layout (which undoes the swizzle); the global outputs are poisoned too.
// The f32 inputs hold 1 + their flat index, so a wrong element is printed
// with the input element it came from; the bf16 inputs are seeded random
// whole numbers, never zero.
//
// Exit 0: all passed; 1: a case failed; 77: no GPU (ctest: skipped).
#include "support/device_buffer.hpp"
#include "support/expect.hpp"
#include "support/gpu_check.hpp"
#include "support/random.hpp"

#include <tirx/exec/tma_im2col.hpp>
#include <tirx/host/tensor_map_im2col.hpp>
#include <tirx/ptx/policy.hpp>
#include <tirx/tile.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

namespace {

using namespace tirx;

/// One load: its rank coordinates and rank - 2 offsets, outermost first.
struct Load {
  int crd[5];
  int off[3];
};

template <int R, class F> __device__ void with_load(const Load& l, F f) {
  if constexpr (R == 3)
    f(l.crd[0], l.crd[1], l.crd[2], l.off[0]);
  else if constexpr (R == 4)
    f(l.crd[0], l.crd[1], l.crd[2], l.crd[3], l.off[0], l.off[1]);
  else
    f(l.crd[0], l.crd[1], l.crd[2], l.crd[3], l.crd[4], l.off[0], l.off[1], l.off[2]);
}

/// Block b issues loads[b] into a poisoned tile and copies the tile, read
/// through its layout (pixel row, channel), to out[b]. hint: the L2 cache
/// hint form after a prefetch_im2col of the same pixels. copies > 1: the
/// kernel runs in clusters of `copies` CTAs, each cluster's rank 0 issues
/// load_im2col_multicast of loads[b / copies] to every CTA of its cluster,
/// and each block b copies its own tile to out[b].
template <class Map>
__global__ void im2col_load(const __grid_constant__ Map map, const Load* loads,
                            typename Map::element_type* out, int hint, int copies) {
  using T = typename Map::element_type;
  auto pool = SMEMPool::dynamic();
  auto col = pool.alloc<T, Map::box(), Map::smem_layout(), Map::smem_align>();
  auto bar = pool.alloc<cuda::std::uint64_t, shape(1)>();
  pool.commit();
  unsigned char* raw = reinterpret_cast<unsigned char*>(col.data());
  for (unsigned i = threadIdx.x; i < Map::box_bytes; i += blockDim.x)
    raw[i] = 0xFF;
  fence_proxy_async_shared(); // the poison before the TMA writes
  if (threadIdx.x == 0) {
    cuda::ptx::mbarrier_init(bar.data(), 1);
    fence_mbarrier_init();
  }
  __syncthreads();
  const Load l = loads[blockIdx.x / copies];
  if (copies > 1) {
    // every barrier of the cluster initialised before a multicast reaches it
    cuda::ptx::barrier_cluster_arrive(cuda::ptx::sem_release);
    cuda::ptx::barrier_cluster_wait(cuda::ptx::sem_acquire);
  }
  if (threadIdx.x == 0) {
    cuda::ptx::mbarrier_arrive_expect_tx(cuda::ptx::sem_release, cuda::ptx::scope_cta,
                                         cuda::ptx::space_shared, bar.data(),
                                         unsigned{Map::box_bytes});
    with_load<Map::rank>(l, [&](auto... a) {
      if (copies > 1) {
        if (cuda::ptx::get_sreg_cluster_ctarank() == 0) {
          const auto mask = static_cast<cuda::std::uint16_t>((1u << copies) - 1);
          if (hint)
            tma::load_im2col_multicast(col, map, bar.data(), mask,
                                       tile::cache_hint(policy::evict_last()), a...);
          else
            tma::load_im2col_multicast(col, map, bar.data(), mask, a...);
        }
      } else if (hint) {
        tma::prefetch_im2col(map, a...);
        tma::load_im2col(col, map, bar.data(), tile::cache_hint(policy::evict_first()), a...);
      } else {
        tma::load_im2col(col, map, bar.data(), a...);
      }
    });
  }
  while (!cuda::ptx::mbarrier_try_wait_parity(bar.data(), 0)) {
  }
  constexpr index_t C = Map::channels;
  constexpr index_t size = Map::pixels * C;
  for (index_t i = threadIdx.x; i < size; i += blockDim.x)
    out[blockIdx.x * size + i] = col(i / C, i % C);
  if (copies > 1) { // no CTA leaves while a multicast may still write to it
    cuda::ptx::barrier_cluster_arrive(cuda::ptx::sem_release);
    cuda::ptx::barrier_cluster_wait(cuda::ptx::sem_acquire);
  }
}

/// A convolution: spatial arrays outermost first, the first S = rank - 2 used.
struct Conv {
  const char* name;
  int n;
  int in[3];
  int channels; ///< C of the tensor
  int c0;       ///< the first channel loaded
  int filter[3], pad[3], stride[3], dil[3];
  int hint;
  int copies; ///< 1, or the cluster size of a multicast load
};

template <class T> std::uint64_t bits(const T& x) {
  std::uint64_t b = 0;
  std::memcpy(&b, &x, sizeof(T));
  return b;
}

/// Runs one case: a map of rank R with Box = (pixels, channels per pixel)
/// landing in tiles of Lay, every tile of output pixels for every tap.
template <int R, class T, Shape Box, TileLayout Lay>
void run_case(const Conv& cv, const std::vector<T>& host) {
  constexpr int S = R - 2;
  constexpr int P = static_cast<int>(Box.dims[0]), CP = static_cast<int>(Box.dims[1]);
  // the tensor (dense), the output extents, the map
  long long ext[R], str[R];
  ext[0] = cv.n;
  for (int i = 0; i < S; ++i)
    ext[i + 1] = cv.in[i];
  ext[R - 1] = cv.channels;
  str[R - 1] = 1;
  for (int i = R - 2; i >= 0; --i)
    str[i] = str[i + 1] * ext[i + 1];
  int out_ext[3] = {1, 1, 1}, lower[S], upper[S], traversal[S], taps = 1;
  long long pixels_out = cv.n;
  for (int i = 0; i < S; ++i) {
    out_ext[i] = (cv.in[i] + 2 * cv.pad[i] - (cv.filter[i] - 1) * cv.dil[i] - 1) / cv.stride[i] + 1;
    lower[i] = -cv.pad[i];
    upper[i] = cv.pad[i] - (cv.filter[i] - 1) * cv.dil[i];
    traversal[i] = cv.stride[i];
    pixels_out *= out_ext[i];
    taps *= cv.filter[i];
  }
  tirx_test::DeviceBuffer<T> input(host.size());
  input.upload(host);
  const auto map = make_im2col_tensor_map<Box, Lay>(input.ptr, ext, str, lower, upper, traversal);
  using Map = cuda::std::remove_cv_t<decltype(map)>;
  static_assert(Map::pixels == P && Map::channels == CP);

  // output pixel m -> (n, q[0..S)), the last spatial mode fastest
  auto split = [&](long long m, int* q) {
    for (int i = S - 1; i >= 0; --i) {
      q[i] = static_cast<int>(m % out_ext[i]);
      m /= out_ext[i];
    }
    return m; // the image
  };
  auto tap_of = [&](int t, int* r) {
    for (int i = S - 1; i >= 0; --i) {
      r[i] = t % cv.filter[i];
      t /= cv.filter[i];
    }
  };
  const int tiles = static_cast<int>((pixels_out + P - 1) / P);
  std::vector<Load> loads;
  for (int t = 0; t < taps; ++t)
    for (int k = 0; k < tiles; ++k) {
      int q[3], r[3];
      Load l{};
      l.crd[0] = static_cast<int>(split(static_cast<long long>(k) * P, q));
      tap_of(t, r);
      for (int i = 0; i < S; ++i) {
        l.crd[i + 1] = -cv.pad[i] + q[i] * cv.stride[i];
        l.off[i] = r[i] * cv.dil[i];
      }
      l.crd[R - 1] = cv.c0;
      loads.push_back(l);
    }
  tirx_test::DeviceBuffer<Load> dev_loads(loads.size());
  dev_loads.upload(loads);
  const int copies = cv.copies > 1 ? cv.copies : 1;
  tirx_test::DeviceBuffer<T> out(loads.size() * copies * P * CP);
  out.poison();
  LaunchConfig cfg;
  cfg.grid = dim3(static_cast<unsigned>(loads.size() * copies));
  cfg.block = dim3(128);
  cfg.cluster = dim3(static_cast<unsigned>(copies));
  cfg.smem = Map::box_bytes + 2048;
  TIRX_CHECK_CUDA(launch(cfg, im2col_load<Map>, map, dev_loads.ptr, out.ptr, cv.hint, copies));
  TIRX_CHECK_LAUNCH(cv.name);
  const std::vector<T> got = out.download();

  long long bad = 0, zeros = 0, checked = 0;
  for (size_t b = 0; b < loads.size() * copies; ++b) {
    const size_t li = b / copies;
    const int t = static_cast<int>(li) / tiles, k = static_cast<int>(li) % tiles;
    int r[3];
    tap_of(t, r);
    for (int row = 0; row < P; ++row) {
      int q[3];
      const long long img = split(static_cast<long long>(k) * P + row, q);
      bool inside = img < cv.n;
      long long pixel = img;
      for (int i = 0; i < S; ++i) {
        const int x = q[i] * cv.stride[i] - cv.pad[i] + r[i] * cv.dil[i];
        inside = inside && x >= 0 && x < cv.in[i];
        pixel = pixel * cv.in[i] + x;
      }
      for (int j = 0; j < CP; ++j) {
        const T have = got[(b * P + row) * CP + j];
        const std::uint64_t want = inside ? bits(host[pixel * cv.channels + cv.c0 + j]) : 0;
        ++checked;
        zeros += !inside;
        if (bits(have) == want)
          continue;
        if (bad++ < 6) {
          const Load& l = loads[li];
          std::printf("FAIL %s: block %zu, load %zu (coords", cv.name, b, li);
          for (int i = 0; i < R; ++i)
            std::printf(" %d", l.crd[i]);
          std::printf(", offsets");
          for (int i = 0; i < S; ++i)
            std::printf(" %d", l.off[i]);
          std::printf(") row %d channel %d: got bits %llx, want %llx%s", row, j,
                      static_cast<unsigned long long>(bits(have)),
                      static_cast<unsigned long long>(want), inside ? "" : " (zero fill)");
          if constexpr (cuda::std::is_same_v<T, float>) {
            // the inputs are 1 + their flat index: name the element that arrived
            const double v = static_cast<double>(have);
            if (v >= 1 && v <= static_cast<double>(host.size()) && v == static_cast<long long>(v)) {
              long long f = static_cast<long long>(v) - 1;
              std::printf("; got input element (");
              long long idx[5];
              for (int i = R - 1; i >= 0; --i) {
                idx[i] = f % ext[i];
                f /= ext[i];
              }
              for (int i = 0; i < R; ++i)
                std::printf(i ? ", %lld" : "%lld", idx[i]);
              std::printf(")");
            }
          }
          std::printf("\n");
        }
      }
    }
  }
  if (tirx_test::expect(bad == 0))
    std::printf("PASS %s: %zu loads into %d CTA(s) each, %lld elements (%lld zero-filled) exact\n",
                cv.name, loads.size(), copies, checked, zeros);
  else
    std::printf("FAIL %s: %lld of %lld elements wrong\n", cv.name, bad, checked);
}

/// 1 + the flat index, as f32 (exact).
std::vector<float> indexed(size_t n) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = static_cast<float>(i + 1);
  return v;
}

/// Seeded random whole bf16 values in -120..120 without zero.
std::vector<nv_bfloat16> random_bf16(std::mt19937& rng, size_t n) {
  const std::vector<float> f = tirx_test::whole_floats(rng, n, -120, 120);
  std::vector<nv_bfloat16> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = __float2bfloat16(f[i] == 0.0f ? 121.0f : f[i]);
  return v;
}

} // namespace

int main() {
  if (int rc = tirx_test_require_gpu())
    return rc;
  const unsigned seed = 20261215;
  std::printf("seed %u\n", seed);
  std::mt19937 rng(seed);

  // NHWC 2 x 9 x 9 x 16 f32, 3x3, padding 1: 162 output pixels in 6 columns
  // of 32 (the last one runs past the second image), 9 taps
  // name                                  n  in        C   c0 filter    pad       stride    dil
  const Conv pad1{
      "NHWC f32 3x3 pad 1", 2, {9, 9, 0}, 16, 0, {3, 3, 0}, {1, 1, 0}, {1, 1, 0}, {1, 1, 0}, 0};
  run_case<4, float, shape(32, 16), row_major(shape(32, 16))>(pad1, indexed(2 * 9 * 9 * 16));
  // the same into a 64-byte swizzled tile, with prefetch_im2col and an L2 cache hint
  Conv pad1_swz = pad1;
  pad1_swz.name = "NHWC f32 3x3 pad 1, 64B swizzle, cache hint";
  pad1_swz.hint = 1;
  run_case<4, float, shape(32, 16), row_major(shape(32, 16)) ^ swizzle_for(SwizzleMode::b64, 4)>(
      pad1_swz, indexed(2 * 9 * 9 * 16));
  // NHWC 2 x 9 x 9 x 128 bf16, channels 64..127, 3x3, padding 1, stride 2: 5 x 5
  // outputs per image, one column of 64 pixels, 128-byte swizzle
  const Conv stride2{"NHWC bf16 3x3 pad 1 stride 2, channels 64..127, 128B swizzle",
                     2,
                     {9, 9, 0},
                     128,
                     64,
                     {3, 3, 0},
                     {1, 1, 0},
                     {2, 2, 0},
                     {1, 1, 0},
                     0};
  run_case<4, nv_bfloat16, shape(64, 64),
           row_major(shape(64, 64)) ^ swizzle_for(SwizzleMode::b128, 2)>(
      stride2, random_bf16(rng, 2 * 9 * 9 * 128));
  // the same two, multicast: each column loaded once per cluster of 2 and of 4
  // CTAs, into every CTA's tile (the 4-CTA one with an L2 cache hint)
  Conv pad1_mc2 = pad1;
  pad1_mc2.name = "NHWC f32 3x3 pad 1, multicast to 2 CTAs";
  pad1_mc2.copies = 2;
  run_case<4, float, shape(32, 16), row_major(shape(32, 16))>(pad1_mc2, indexed(2 * 9 * 9 * 16));
  Conv stride2_mc4 = stride2;
  stride2_mc4.name = "NHWC bf16 3x3 pad 1 stride 2, 128B swizzle, multicast to 4 CTAs, cache hint";
  stride2_mc4.copies = 4;
  stride2_mc4.hint = 1;
  run_case<4, nv_bfloat16, shape(64, 64),
           row_major(shape(64, 64)) ^ swizzle_for(SwizzleMode::b128, 2)>(
      stride2_mc4, random_bf16(rng, 2 * 9 * 9 * 128));
  // NWC 2 x 20 x 8 f32 (rank 3), 3 taps of dilation 2, padding 2
  const Conv nwc{"NWC f32 3 taps dilation 2 pad 2",
                 2,
                 {20, 0, 0},
                 8,
                 0,
                 {3, 0, 0},
                 {2, 0, 0},
                 {1, 0, 0},
                 {2, 0, 0},
                 0};
  run_case<3, float, shape(16, 8), row_major(shape(16, 8))>(nwc, indexed(2 * 20 * 8));
  // NDHWC 1 x 4 x 5 x 6 x 16 f32 (rank 5), 3x3x3, padding 1: 27 taps
  const Conv ndhwc{
      "NDHWC f32 3x3x3 pad 1", 1, {4, 5, 6}, 16, 0, {3, 3, 3}, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}, 0};
  run_case<5, float, shape(64, 16), row_major(shape(64, 16))>(ndhwc, indexed(4 * 5 * 6 * 16));
  return tirx_test::summary("gpu_tma_im2col");
}
