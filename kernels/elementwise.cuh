// Elementwise kernels over n elements of any size and any alignment.
//
// One tiling serves them all (tiling.cuh): a CTA of W warps (8 unless a
// kernel says otherwise) takes a tile of W x 32 x R vectors of V elements
// (V = Align / 4 floats: 4 when the data is 16-byte aligned). Whole tiles
// are loaded and stored unbounded; the ragged last tile is bounded
// (tile::bound keeps its loads and stores inside the data). The launchers
// pick the widest vector the pointers allow.
//
// One vector per thread and one tile per CTA (the grid as large as the
// data) is the fastest of the 110 variants benchmarks/tune_elementwise.cu
// times on an H200 (CTAs of 1 to 8 warps, 1 to 4 vectors per thread,
// persistent grids, cache qualifiers): about 1% above cudaMemcpy D2D at
// 1 GiB, where 4 vectors per thread lose 5%. benchmarks/tune_maps.cu found
// the same for SiLU (one vector per thread, best with 4 warps) and two
// vectors per thread best for f32 -> 16 bits (records/benchmarks.md).
#pragma once

#include "tiling.cuh"

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

namespace tirx_kernels {

namespace stream {
using namespace tirx;

/// Reads tile t of x into registers v, calls body(v), writes v to tile t
/// of y: the whole of a same-type elementwise map. Whole tiles take the
/// unbounded apply (no predicate per vector); the ragged last tile is
/// bounded by x's edge, which is y's too (a map's x and y have one size).
template <int V, int R = repeats, int W = warps, class X, class Y, class Body>
__device__ TIRX_FORCEINLINE void map_tiles(const X& x, const Y& y, Body body) {
  constexpr index_t n = tile_elems<V, R, W>;
  auto v = registers<float, V, R, W>();
  for (long long t : grid_stride(x.template num_tiles<n>())) {
    const auto in = x.template tile<n>(t);
    const auto out = y.template tile<n>(t);
    auto step = [&](auto... bound) {
      tile::apply<ptx_vec<"ld.global.nc", V, "b32">>(v, by_thread<V, R, W>(in.tensor), scope::cta,
                                                     bound...);
      body(v);
      tile::apply<ptx_vec<"st.global", V, "b32">>(by_thread<V, R, W>(out.tensor), v, scope::cta,
                                                  bound...);
    };
    if (in.full())
      step();
    else
      step(in.bound());
  }
}

/// Warps of SiLU's CTAs: its arithmetic (an ex2 and a division per
/// element) ran 2% faster in CTAs of 4 warps than of 8 under ncu.
inline constexpr int silu_warps = 4;

/// Vectors per thread of the conversions to 16 bits, which store half the
/// bytes they load: two (one ran 2 to 3% slower, four no faster).
inline constexpr int half_repeats = 2;

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

/// exp(-x) as ex2.approx(-x * log2 e) and the division as div.approx
/// (__fdividef, 2 ulp), about what torch.compile's Triton code computes
/// (it divides with div.full.f32); expf and an IEEE division cost SiLU 1 to
/// 3% of its bandwidth (benchmarks/tune_maps.cu).
__device__ __forceinline__ float silu_of(float x) { return __fdividef(x, 1.0f + __expf(-x)); }

template <int Align>
__global__ void __launch_bounds__(stream::silu_warps * 32)
    silu_kernel(tirx::GridTensor<const float, 1, Align> x, tirx::GridTensor<float, 1, Align> y) {
  using namespace tirx;
  stream::map_tiles<Align / 4, 1, stream::silu_warps>(
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
  constexpr int V = Align / 4, R = stream::half_repeats;
  constexpr index_t n = index_t{stream::warps} * 32 * R * V;
  auto v = stream::registers<float, V, R>();
  auto h = stream::registers<uint16, V, R>();
  for (long long t : grid_stride(x.template num_tiles<n>())) {
    const auto in = x.template tile<n>(t);
    const auto out = y.template tile<n>(t);
    // (whole tiles unbounded; the ragged last one bounded by x's edge, y's too)
    auto step = [&](auto... bound) {
      tile::apply<ptx_vec<"ld.global.nc", V, "b32">>(v, stream::by_thread<V, R>(in.tensor),
                                                     scope::cta, bound...);
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
          stream::by_thread<V, R>(out.tensor.template view<uint16>()), h, scope::cta, bound...);
    };
    if (in.full())
      step();
    else
      step(in.bound());
  }
}

/// y[r, c] = x[r, c] + bias[c]: CTA (bx, by) takes column tile bx of
/// `bias_rows` consecutive rows (row group by): it loads the bias tile and
/// the rows' tiles all together (their loads in flight at once), then adds
/// and stores. The 2-D grid gives each CTA its tiles without a division
/// (grids too small for the data walk on: grid_stride over column tiles,
/// a stride of gridDim.y over row groups). Two rows per CTA came first in
/// benchmarks/tune_maps.cu (1, 2, 4 or 8 rows; persistent CTAs keeping the
/// bias in registers lost 7%).
inline constexpr int bias_rows = 2;

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
  // a 2-D grid, no division: blockIdx.x walks column tiles (consecutive CTAs
  // sweep along the rows), blockIdx.y row groups
  for (long long j : grid_stride(col_tiles)) {
    auto add = bias.template tile<n>(j);
    tile::apply<ptx_vec<"ld.global.nc", V, "b32">>(b, stream::by_thread<V>(add.tensor), scope::cta,
                                                   add.bound());
    for (long long g = blockIdx.y; g < row_groups; g += gridDim.y) {
      const long long r0 = g * bias_rows;
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
}

// -- launchers ----------------------------------------------------------------

#define TIRX_KERNELS_MAP_LAUNCHER(name, R, W)                                                      \
  inline cudaError_t name(const float* x, float* y, long long n, cudaStream_t stream) {            \
    if (n <= 0)                                                                                    \
      return cudaSuccess;                                                                          \
    return stream::with_alignment(tirx::alignment_of(16, x, y), [&](auto a) {                      \
      constexpr int A = decltype(a)::value;                                                        \
      constexpr long long per_tile = stream::tile_elems<A / 4, R, W>;                              \
      const long long tiles = (n + per_tile - 1) / per_tile;                                       \
      name##_kernel<A><<<stream::grid_for(tiles), (W)*32, 0, stream>>>(                            \
          tirx::grid_tensor<A>(x, n), tirx::grid_tensor<A>(y, n));                                 \
    });                                                                                            \
  }
TIRX_KERNELS_MAP_LAUNCHER(copy, 1, stream::warps)
TIRX_KERNELS_MAP_LAUNCHER(add_one, 1, stream::warps)
TIRX_KERNELS_MAP_LAUNCHER(affine_relu, 1, stream::warps)
TIRX_KERNELS_MAP_LAUNCHER(silu, 1, stream::silu_warps)
#undef TIRX_KERNELS_MAP_LAUNCHER

namespace stream {
template <class Half> cudaError_t to_half(const float* x, Half* y, long long n, cudaStream_t s) {
  if (n <= 0)
    return cudaSuccess;
  // V floats in, V halves out: 8-byte aligned halves go with 16-byte floats
  const int a_in = tirx::alignment_of(16, x), a_out = 2 * tirx::alignment_of(8, y);
  return with_alignment(a_in < a_out ? a_in : a_out, [&](auto a) {
    constexpr int A = decltype(a)::value;
    constexpr long long per_tile = tile_elems<A / 4, half_repeats>;
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
    const long long col_tiles = (cols + n - 1) / n, row_groups = (rows + bias_rows - 1) / bias_rows;
    const dim3 grid(stream::grid_for(col_tiles),
                    static_cast<unsigned>(row_groups < 65535 ? row_groups : 65535));
    add_bias_kernel<A><<<grid, stream::threads, 0, s>>>(tirx::grid_tensor<A>(x, rows, cols),
                                                        tirx::grid_tensor<A>(bias, cols),
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
