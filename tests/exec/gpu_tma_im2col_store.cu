// GPU test of TMA's im2col stores and reductions (tma::store_im2col,
// tma::reduce_im2col_add / _max: the im2col_no_offs mode), against a host
// model of the pixel walk, bit for bit.
//
// Each case is an N x H x W x C tensor and a map whose bounding box is the
// whole image (lower and upper corners 0) with a traversal stride s: its
// pixels are (n, h, w) with h and w multiples of s, walked W fastest, then
// H, then N. Output pixel m = (n, p, q) of that walk sits at (n, p x s,
// q x s). Block k writes the tile of output pixels k x P .. k x P + P - 1
// (P = the map's pixels per column), row r holding channels c0 .. c0 + C' - 1
// of pixel k x P + r; the store's coordinates are its first pixel's. Rows
// past the last image are skipped by the unit, as are the pixels between
// strides and the channels outside c0 .. c0 + C' - 1: the host checks that
// they keep their poison (stores) or their initial value (reductions).
// The tiles hold whole numbers, so the sums and maxima are exact.
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
#include <random>
#include <vector>

namespace {

using namespace tirx;

enum class Op { store, add, max };

/// The value of tile k, row r, channel j (a whole number).
__host__ __device__ int tile_value(int k, int r, int j) {
  return (k * 37 + r * 5 + j * 3) % 61 - 30;
}

/// Block k fills its tile through the tile's layout (which applies the
/// swizzle), then thread 0 stores or reduces it at coords[k].
template <Op O, class Map>
__global__ void im2col_write(const __grid_constant__ Map map, const int* coords, int hint) {
  using T = typename Map::element_type;
  auto pool = SMEMPool::dynamic();
  auto col = pool.alloc<T, Map::box(), Map::smem_layout(), Map::smem_align>();
  pool.commit();
  constexpr index_t C = Map::channels, size = Map::pixels * C;
  const int k = static_cast<int>(blockIdx.x);
  for (index_t i = threadIdx.x; i < size; i += blockDim.x)
    col(i / C, i % C) = static_cast<T>(
        static_cast<float>(tile_value(k, static_cast<int>(i / C), static_cast<int>(i % C))));
  fence_proxy_async_shared(); // the generic writes before the TMA reads them
  __syncthreads();
  if (threadIdx.x == 0) {
    const int* c = coords + 4 * k;
    const auto h = tile::cache_hint(policy::evict_first());
    if constexpr (O == Op::store) {
      if (hint) {
        tma::store_im2col(map, col, h, c[0], c[1], c[2], c[3]);
      } else {
        // [snippet:im2col-store]
        // col: the (pixels, channels) tile, written and fenced (fence_proxy_async_shared)
        tma::store_im2col(map, col, c[0], c[1], c[2], c[3]); // n, h, w, c of the first pixel
        // [/snippet]
      }
    } else if constexpr (O == Op::add) {
      if (hint)
        tma::reduce_im2col_add(map, col, h, c[0], c[1], c[2], c[3]);
      else
        tma::reduce_im2col_add(map, col, c[0], c[1], c[2], c[3]);
    } else {
      tma::reduce_im2col_max(map, col, c[0], c[1], c[2], c[3]);
    }
    tma::store_commit();
    tma::store_wait<0>();
  }
}

struct Case {
  const char* name;
  int n, h, w, channels, c0, stride, hint;
};

template <class T> float as_float(T v) { return static_cast<float>(v); }

/// Runs one case: an NHWC map with Box = (pixels, channels) from tiles of Lay.
template <Op O, class T, Shape Box, TileLayout Lay>
void run_case(const Case& cs, std::mt19937& rng) {
  constexpr int P = static_cast<int>(Box.dims[0]), CP = static_cast<int>(Box.dims[1]);
  const long long ext[4] = {cs.n, cs.h, cs.w, cs.channels};
  const long long str[4] = {1LL * cs.h * cs.w * cs.channels, 1LL * cs.w * cs.channels, cs.channels,
                            1};
  const int lower[2] = {0, 0}, upper[2] = {0, 0}, traversal[2] = {cs.stride, cs.stride};
  const size_t count = static_cast<size_t>(cs.n) * cs.h * cs.w * cs.channels;
  // stores: a poison that no tile value has; reductions: seeded whole numbers
  std::vector<T> initial(count);
  const std::vector<float> start = tirx_test::whole_floats(rng, count, -40, 40);
  for (size_t i = 0; i < count; ++i)
    initial[i] = static_cast<T>(O == Op::store ? -999.0f : start[i]);
  tirx_test::DeviceBuffer<T> out(count);
  out.upload(initial);
  const auto map = make_im2col_tensor_map<Box, Lay>(out.ptr, ext, str, lower, upper, traversal);
  using Map = cuda::std::remove_cv_t<decltype(map)>;

  // the walk: output pixel m -> (n, p x s, q x s); tiles of P output pixels
  const int oh = (cs.h - 1) / cs.stride + 1, ow = (cs.w - 1) / cs.stride + 1;
  const long long outputs = 1LL * cs.n * oh * ow;
  const int tiles = static_cast<int>((outputs + P - 1) / P);
  auto pixel_of = [&](long long m, int* at) {
    at[2] = static_cast<int>(m % ow) * cs.stride;
    at[1] = static_cast<int>(m / ow % oh) * cs.stride;
    at[0] = static_cast<int>(m / (1LL * ow * oh));
  };
  std::vector<int> coords;
  for (int k = 0; k < tiles; ++k) {
    int at[3];
    pixel_of(1LL * k * P, at);
    coords.insert(coords.end(), {at[0], at[1], at[2], cs.c0});
  }
  tirx_test::DeviceBuffer<int> dev_coords(coords.size());
  dev_coords.upload(coords);
  LaunchConfig cfg;
  cfg.grid = dim3(static_cast<unsigned>(tiles));
  cfg.block = dim3(128);
  cfg.smem = Map::box_bytes + 1024;
  TIRX_CHECK_CUDA(launch(cfg, im2col_write<O, Map>, map, dev_coords.ptr, cs.hint));
  TIRX_CHECK_LAUNCH(cs.name);
  const std::vector<T> got = out.download();

  // the model: every element starts as initial, the walk's pixels take the tiles
  std::vector<float> want(count);
  for (size_t i = 0; i < count; ++i)
    want[i] = as_float(initial[i]);
  long long written = 0;
  for (long long m = 0; m < 1LL * tiles * P; ++m) {
    int at[3];
    pixel_of(m, at);
    if (at[0] >= cs.n)
      continue; // past the last image: skipped
    for (int j = 0; j < CP; ++j) {
      const size_t e = ((static_cast<size_t>(at[0]) * cs.h + at[1]) * cs.w + at[2]) * cs.channels +
                       static_cast<size_t>(cs.c0 + j);
      const float v =
          static_cast<float>(tile_value(static_cast<int>(m / P), static_cast<int>(m % P), j));
      want[e] = O == Op::store ? v : O == Op::add ? want[e] + v : (v > want[e] ? v : want[e]);
      ++written;
    }
  }
  long long bad = 0;
  for (size_t i = 0; i < count; ++i) {
    if (as_float(got[i]) == want[i])
      continue;
    if (bad++ < 6) {
      const size_t c = i % cs.channels, x = i / cs.channels % cs.w,
                   y = i / cs.channels / cs.w % cs.h, img = i / cs.channels / cs.w / cs.h;
      std::printf("FAIL %s: element (%zu, %zu, %zu, %zu): got %g, want %g (initially %g)\n",
                  cs.name, img, y, x, c, static_cast<double>(as_float(got[i])),
                  static_cast<double>(want[i]), static_cast<double>(as_float(initial[i])));
    }
  }
  if (tirx_test::expect(bad == 0))
    std::printf("PASS %s: %d tiles, %lld elements written, %zu checked exact\n", cs.name, tiles,
                written, count);
  else
    std::printf("FAIL %s: %lld of %zu elements wrong\n", cs.name, bad, count);
}

} // namespace

int main() {
  if (int rc = tirx_test_require_gpu())
    return rc;
  const unsigned seed = 20261201;
  std::printf("seed %u\n", seed);
  std::mt19937 rng(seed);
  // 2 x 9 x 9 x 16 f32, every pixel: 162 pixels in 6 tiles of 32, the last
  // one running past the second image
  run_case<Op::store, float, shape(32, 16), row_major(shape(32, 16))>(
      {"store f32, traversal stride 1", 2, 9, 9, 16, 0, 1, 0}, rng);
  // 2 x 9 x 9 x 128 bf16, every second pixel and channels 64..127, from a
  // 128-byte swizzled tile, with an L2 cache hint
  run_case<Op::store, nv_bfloat16, shape(64, 64),
           row_major(shape(64, 64)) ^ swizzle_for(SwizzleMode::b128, 2)>(
      {"store bf16, stride 2, channels 64..127, 128B swizzle, cache hint", 2, 9, 9, 128, 64, 2, 1},
      rng);
  run_case<Op::add, float, shape(32, 16), row_major(shape(32, 16))>(
      {"reduce add f32, stride 2, cache hint", 3, 7, 10, 16, 0, 2, 1}, rng);
  run_case<Op::max, nv_bfloat16, shape(32, 64), row_major(shape(32, 64))>(
      {"reduce max bf16, stride 1, channels 0..63 of 128", 2, 5, 7, 128, 0, 1, 0}, rng);
  return tirx_test::summary("gpu_tma_im2col_store");
}
