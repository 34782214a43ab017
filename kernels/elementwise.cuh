// Elementwise kernels over n elements of any size and any alignment.
//
// One tiling serves them all: a CTA of 8 warps takes a tile of
// 8 x 32 x `repeats` vectors of V elements (V = Align / 4 floats: 4 when
// the data is 16-byte aligned). Thread (warp w, lane l) holds `repeats`
// vectors, repeat r at element r * 256V + (32w + l) * V of the tile, so
// each repeat is one coalesced sweep of the CTA. The last tile is ragged:
// tile::bound keeps its loads and stores inside the data. The launchers
// pick the widest vector the pointers allow.
//
// One vector per thread and one tile per CTA (the grid as large as the
// data) is the fastest of the 110 variants benchmarks/tune_elementwise.cu
// times on an H200 (CTAs of 1 to 8 warps, 1 to 4 vectors per thread,
// persistent grids, cache qualifiers): about 1% above cudaMemcpy D2D at
// 1 GiB, where 4 vectors per thread lose 5% (docs/benchmarks.md).
#pragma once

#include <tirx/tile.hpp>

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

namespace tirx_kernels {

namespace stream {
using namespace tirx;

inline constexpr int warps = 8;
inline constexpr int threads = warps * 32;
inline constexpr int repeats = 1;

/// Elements of one tile with V-element vectors.
template <int V> inline constexpr index_t tile_elems = index_t{warps} * 32 * repeats* V;

/// A register tile: (warp, lane, repeat, vector element); each thread holds
/// repeats x V values, the V of one vector in consecutive registers.
template <class T, int V, int R = repeats> __device__ TIRX_FORCEINLINE auto registers() {
  constexpr TileLayout layout = S({warps, 32, R, V}, {1 * warpid, 1 * laneid, V, 1});
  return alloc_local<T, shape(warps, 32, R, V), layout>();
}

/// A tile's memory in the register tile's order: (warp, lane, repeat, element).
template <int V, int R = repeats, class Tile>
__device__ TIRX_FORCEINLINE auto by_thread(const Tile& t) {
  return t.template view<R, warps, 32, V>().template permute<1, 2, 0, 3>();
}

/// Grid size for `tiles` tiles: one tile per CTA (grid_stride covers more).
inline unsigned grid_for(long long tiles) {
  constexpr long long most = 1LL << 30;
  return static_cast<unsigned>(tiles < most ? tiles : most);
}

/// Reads tile t of x into registers v, calls body(v), writes v to tile t
/// of y: the whole of a same-type elementwise map.
template <int V, int R = repeats, class X, class Y, class Body>
__device__ TIRX_FORCEINLINE void map_tiles(const X& x, const Y& y, Body body) {
  constexpr index_t n = index_t{warps} * 32 * R * V;
  auto v = registers<float, V, R>();
  for (long long t : grid_stride(x.template num_tiles<n>())) {
    auto in = x.template tile<n>(t);
    auto out = y.template tile<n>(t);
    tile::apply<ptx_vec<"ld.global.nc", V, "b32">>(v, by_thread<V, R>(in.tensor), scope::cta,
                                                   in.bound());
    body(v);
    tile::apply<ptx_vec<"st.global", V, "b32">>(by_thread<V, R>(out.tensor), v, scope::cta,
                                                out.bound());
  }
}

/// Vectors per thread of the maps that compute more per byte (SiLU's
/// division) or store less per byte (16-bit outputs): two, so that the
/// memory system has as many bytes in flight as the plain maps.
inline constexpr int heavy_repeats = 2;

/// Calls launch(integral_constant<int, Align>) with the widest of 16, 8, 4
/// bytes that `align` (from alignment_of) allows.
template <class L> cudaError_t with_alignment(int align, L&& launch) {
  if (!dispatch_align<16, 8, 4>(align, launch))
    return cudaErrorMisalignedAddress;
  return cudaGetLastError();
}
} // namespace stream

// -- kernels ------------------------------------------------------------------

template <int Align>
__global__ void __launch_bounds__(stream::threads)
    copy_kernel(tirx::GridTensor<const float, 1, Align> x, tirx::GridTensor<float, 1, Align> y) {
  stream::map_tiles<Align / 4>(x, y, [](auto&) {});
}

template <int Align>
__global__ void __launch_bounds__(stream::threads)
    add_one_kernel(tirx::GridTensor<const float, 1, Align> x, tirx::GridTensor<float, 1, Align> y) {
  using namespace tirx;
  stream::map_tiles<Align / 4>(
      x, y, [](auto& v) { tile::ewise([](float a) { return a + 1.0f; }, v, v, scope::cta); });
}

template <int Align>
__global__ void __launch_bounds__(stream::threads)
    affine_relu_kernel(tirx::GridTensor<const float, 1, Align> x,
                       tirx::GridTensor<float, 1, Align> y) {
  using namespace tirx;
  stream::map_tiles<Align / 4>(x, y, [](auto& v) {
    auto scalars =
        v.template view<stream::warps, 32, stream::repeats*(Align / 4), 1>(); // one-register atoms
    tile::apply<ptx<"fma.rn.f32">>(scalars, scalars, 2.0f, 1.0f, scope::cta);
    tile::apply<ptx<"max.f32">>(scalars, scalars, 0.0f, scope::cta);
  });
}

/// exp(-x) as ex2.approx(-x * log2 e) and the division as div.full.f32
/// (2 ulp), as torch.compile's Triton code computes it: with an IEEE
/// division (div.rn) SiLU is issue-bound at 0.97 of the copy bandwidth.
__device__ __forceinline__ float silu_of(float x) { return __fdividef(x, 1.0f + __expf(-x)); }

template <int Align>
__global__ void __launch_bounds__(stream::threads)
    silu_kernel(tirx::GridTensor<const float, 1, Align> x, tirx::GridTensor<float, 1, Align> y) {
  using namespace tirx;
  stream::map_tiles<Align / 4, stream::heavy_repeats>(
      x, y, [](auto& v) { tile::ewise(silu_of, v, v, scope::cta); });
}

/// float -> 16-bit float (Half: __half or __nv_bfloat16) with cvt.rn.
/// Align is the input's; the output holds V halves per vector (8 bytes
/// when V = 4), stored as uint16 words.
template <int Align, class Half>
__global__ void __launch_bounds__(stream::threads)
    to_half_kernel(tirx::GridTensor<const float, 1, Align> x,
                   tirx::GridTensor<Half, 1, Align / 2> y) {
  using namespace tirx;
  constexpr int V = Align / 4, R = stream::heavy_repeats;
  constexpr index_t n = index_t{stream::warps} * 32 * R * V;
  auto v = stream::registers<float, V, R>();
  auto h = stream::registers<uint16, V, R>();
  for (long long t : grid_stride(x.template num_tiles<n>())) {
    auto in = x.template tile<n>(t);
    auto out = y.template tile<n>(t);
    tile::apply<ptx_vec<"ld.global.nc", V, "b32">>(v, stream::by_thread<V, R>(in.tensor),
                                                   scope::cta, in.bound());
    constexpr int per_thread = R * V;
    if constexpr (cuda::std::is_same_v<Half, __half>)
      tile::apply<ptx<"cvt.rn.f16.f32">>(h.template view<stream::warps, 32, per_thread, 1>(),
                                         v.template view<stream::warps, 32, per_thread, 1>(),
                                         scope::cta);
    else
      tile::apply<ptx<"cvt.rn.bf16.f32">>(h.template view<stream::warps, 32, per_thread, 1>(),
                                          v.template view<stream::warps, 32, per_thread, 1>(),
                                          scope::cta);
    tile::apply<ptx_vec<"st.global", V, "b16">>(
        stream::by_thread<V, R>(out.tensor.template view<uint16>()), h, scope::cta, out.bound());
  }
}

/// y[r, c] = x[r, c] + bias[c]: a CTA takes one column tile of
/// `bias_rows` consecutive rows, loads the bias tile once and the rows'
/// tiles all together (their loads in flight at once), then adds and stores.
inline constexpr int bias_rows = 4;

template <int Align>
__global__ void __launch_bounds__(stream::threads)
    add_bias_kernel(tirx::GridTensor<const float, 2, Align> x,
                    tirx::GridTensor<const float, 1, Align> bias,
                    tirx::GridTensor<float, 2, Align> y) {
  using namespace tirx;
  constexpr int V = Align / 4;
  constexpr index_t n = stream::tile_elems<V>;
  const long long col_tiles = bias.template num_tiles<n>();
  const long long row_groups = (x.rows() + bias_rows - 1) / bias_rows;
  auto b = stream::registers<float, V>();
  auto v = stream::registers<float, V, bias_rows>(); // repeat k: row r0 + k
  for (long long t : grid_stride(row_groups * col_tiles)) {
    const long long r0 = t / col_tiles * bias_rows, j = t % col_tiles;
    auto add = bias.template tile<n>(j);
    tile::apply<ptx_vec<"ld.global.nc", V, "b32">>(b, stream::by_thread<V>(add.tensor), scope::cta,
                                                   add.bound());
    [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
      (
          [&] {
            if (r0 + K >= x.rows())
              return;
            auto in = x.row(r0 + K).template tile<n>(j);
            tile::apply<ptx_vec<"ld.global.nc", V, "b32">>(
                v.sub(_, _, c<K>, _).template view<stream::warps, 32, 1, V>(),
                stream::by_thread<V>(in.tensor), scope::cta, in.bound());
          }(),
          ...);
      (
          [&] {
            if (r0 + K >= x.rows())
              return;
            auto row = v.sub(_, _, c<K>, _).template view<stream::warps, 32, 1, V>();
            tile::ewise([](float a, float c) { return a + c; }, row, row, b, scope::cta);
            auto out = y.row(r0 + K).template tile<n>(j);
            tile::apply<ptx_vec<"st.global", V, "b32">>(stream::by_thread<V>(out.tensor), row,
                                                        scope::cta, out.bound());
          }(),
          ...);
    }
    (cuda::std::make_integer_sequence<int, bias_rows>{});
  }
}

// -- launchers ----------------------------------------------------------------

#define TIRX_KERNELS_MAP_LAUNCHER(name, R)                                                         \
  inline cudaError_t name(const float* x, float* y, long long n, cudaStream_t stream) {            \
    if (n <= 0)                                                                                    \
      return cudaSuccess;                                                                          \
    return stream::with_alignment(tirx::alignment_of(16, x, y), [&](auto a) {                      \
      constexpr int A = decltype(a)::value;                                                        \
      constexpr long long per_tile = stream::tile_elems<A / 4> * (R);                              \
      const long long tiles = (n + per_tile - 1) / per_tile;                                       \
      name##_kernel<A><<<stream::grid_for(tiles), stream::threads, 0, stream>>>(                   \
          tirx::grid_tensor<A>(x, n), tirx::grid_tensor<A>(y, n));                                 \
    });                                                                                            \
  }
TIRX_KERNELS_MAP_LAUNCHER(copy, 1)
TIRX_KERNELS_MAP_LAUNCHER(add_one, 1)
TIRX_KERNELS_MAP_LAUNCHER(affine_relu, 1)
TIRX_KERNELS_MAP_LAUNCHER(silu, stream::heavy_repeats)
#undef TIRX_KERNELS_MAP_LAUNCHER

namespace stream {
template <class Half> cudaError_t to_half(const float* x, Half* y, long long n, cudaStream_t s) {
  if (n <= 0)
    return cudaSuccess;
  // V floats in, V halves out: 8-byte aligned halves go with 16-byte floats
  const int a_in = tirx::alignment_of(16, x), a_out = 2 * tirx::alignment_of(8, y);
  return with_alignment(a_in < a_out ? a_in : a_out, [&](auto a) {
    constexpr int A = decltype(a)::value;
    constexpr long long per_tile = tile_elems<A / 4> * heavy_repeats;
    const long long tiles = (n + per_tile - 1) / per_tile;
    to_half_kernel<A, Half><<<grid_for(tiles), threads, 0, s>>>(tirx::grid_tensor<A>(x, n),
                                                                tirx::grid_tensor<A / 2>(y, n));
  });
}
} // namespace stream

inline cudaError_t add_bias(const float* x, const float* bias, float* y, long long rows,
                            long long cols, cudaStream_t s) {
  if (rows <= 0 || cols <= 0)
    return cudaSuccess;
  // rows start every cols * 4 bytes: that stride's alignment counts too
  return stream::with_alignment(tirx::alignment_of(16, x, bias, y, cols * 4), [&](auto a) {
    constexpr int A = decltype(a)::value;
    constexpr long long n = stream::tile_elems<A / 4>;
    const long long tiles = (rows + bias_rows - 1) / bias_rows * ((cols + n - 1) / n);
    add_bias_kernel<A><<<stream::grid_for(tiles), stream::threads, 0, s>>>(
        tirx::grid_tensor<A>(x, rows, cols), tirx::grid_tensor<A>(bias, cols),
        tirx::grid_tensor<A>(y, rows, cols));
  });
}

inline cudaError_t to_f16(const float* x, __half* y, long long n, cudaStream_t stream) {
  return stream::to_half(x, y, n, stream);
}
inline cudaError_t to_bf16(const float* x, __nv_bfloat16* y, long long n, cudaStream_t stream) {
  return stream::to_half(x, y, n, stream);
}

} // namespace tirx_kernels
