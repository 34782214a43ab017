// The device side of kernels/rows.cuh (its header comment says what the
// kernels do): the warp-per-row and CTA-per-row kernels; rows.cuh holds
// their launchers.
#pragma once

#include "elementwise.cuh"

#include <math_constants.h>

namespace tirx_kernels {

namespace rows {
using namespace tirx;

inline constexpr int warps = 8;
inline constexpr int threads = warps * 32;

struct Plus {
  __device__ float operator()(float a, float b) const { return a + b; }
};
struct Max {
  __device__ float operator()(float a, float b) const { return fmaxf(a, b); }
};

/// Sets every register of a tile to `value` (the identity of a reduction,
/// for the elements a bounded load leaves out).
template <class Regs, class Sc> __device__ TIRX_FORCEINLINE void fill(Regs& v, float value, Sc sc) {
  tile::ewise([value]() { return value; }, v, sc);
}

// -- one warp per row: row_sum, row_max ---------------------------------------

/// Vectors each lane has in flight per chunk of a row.
inline constexpr int chunk_repeats = 8;

/// A warp's register tile: (lane, repeat, element), chunk_repeats of V.
template <int V> __device__ TIRX_FORCEINLINE auto warp_registers() {
  constexpr TileLayout layout = S({32, chunk_repeats, V}, {1 * laneid, V, 1});
  return alloc_local<float, shape(32, chunk_repeats, V), layout>();
}

/// Reduces each row with op (identity init): lane l reads vector r of a
/// chunk at (32r + l) * V, so every repeat is one coalesced warp sweep, and
/// each lane has chunk_repeats loads in flight.
template <int V, class Op, class Out>
__device__ TIRX_FORCEINLINE void reduce_rows(const GridTensor<const float, 2, V * 4>& x,
                                             const Out& y, Op op, float init) {
  constexpr index_t chunk = 32 * chunk_repeats * V;
  const long long row_groups = (x.rows() + warps - 1) / warps;
  auto v = warp_registers<V>();
  for (long long g : grid_stride(row_groups)) {
    const long long r = g * warps + threadIdx.x / 32;
    if (r >= x.rows())
      break; // whole warps leave together
    const auto row = x.row(r);
    float acc = init;
    for (long long c = 0; c < row.template num_tiles<chunk>(); ++c) {
      auto part = row.template tile<chunk>(c);
      if (!part.full())
        fill(v, init, scope::warp);
      tile::apply<ptx_vec<"ld.global.nc", V, "b32">>(
          v, part.tensor.template view<chunk_repeats, 32, V>().template permute<1, 0, 2>(),
          scope::warp, part.bound());
      acc = thread_reduce(op, acc, v);
    }
    acc = warp_reduce(op, acc);
    if (threadIdx.x % 32 == 0)
      y[r] = acc;
  }
}

// -- one CTA per row: softmax, rmsnorm ------------------------------------------

/// A CTA's register tile of E elements per thread in vectors of V, over W
/// warps: (warp, lane, repeat, element); repeat r of thread t at
/// (32W r + t) * V.
template <int W, int E, int V> __device__ TIRX_FORCEINLINE auto cta_registers() {
  constexpr int R = E / V;
  constexpr TileLayout layout = S({W, 32, R, V}, {1 * warpid, 1 * laneid, V, 1});
  return alloc_local<float, shape(W, 32, R, V), layout>();
}
template <int W, int E, int V, class Tile>
__device__ TIRX_FORCEINLINE auto cta_view(const Tile& t) {
  return t.template view<E / V, W, 32, V>().template permute<1, 2, 0, 3>();
}

/// Softmax of rows of at most 32W * E elements, each row in registers.
template <int Align, int W, int E>
__global__ void __launch_bounds__(W * 32)
    softmax_kernel(GridTensor<const float, 2, Align> x, GridTensor<float, 2, Align> y) {
  constexpr int V = Align / 4;
  constexpr index_t n = index_t{W} * 32 * E;
  __shared__ float scratch[W];
  auto v = cta_registers<W, E, V>();
  for (long long r : grid_stride(x.rows())) {
    auto in = x.row(r).template tile<n>(0);
    auto out = y.row(r).template tile<n>(0);
    if (!in.full())
      fill(v, -CUDART_INF_F, scope::cta); // exp(-inf - max) = 0 outside the row
    tile::apply<ptx_vec<"ld.global.nc", V, "b32">>(v, cta_view<W, E, V>(in.tensor), scope::cta,
                                                   in.bound());
    const float top = cta_reduce<W>(Max{}, thread_reduce(Max{}, -CUDART_INF_F, v), scratch);
    tile::ewise([top](float a) { return __expf(a - top); }, v, v, scope::cta);
    const float scale = 1.0f / cta_reduce<W>(Plus{}, thread_reduce(Plus{}, 0.0f, v), scratch);
    tile::ewise([scale](float a) { return a * scale; }, v, v, scope::cta);
    tile::apply<ptx_vec<"st.global", V, "b32">>(cta_view<W, E, V>(out.tensor), v, scope::cta,
                                                out.bound());
  }
}

/// Softmax of rows of any length, in chunks of 32W * 16 elements: one pass
/// for the maximum and the sum of exponentials (rescaled as the maximum
/// grows), one pass to write. The row is read twice.
template <int Align, int W = 32>
__global__ void __launch_bounds__(W * 32)
    softmax_long_kernel(GridTensor<const float, 2, Align> x, GridTensor<float, 2, Align> y) {
  constexpr int V = Align / 4, E = 16;
  constexpr index_t n = index_t{W} * 32 * E;
  __shared__ float scratch[W];
  auto v = cta_registers<W, E, V>();
  for (long long r : grid_stride(x.rows())) {
    const auto row = x.row(r);
    float top = -CUDART_INF_F, sum = 0.0f;
    for (long long c = 0; c < row.template num_tiles<n>(); ++c) {
      auto part = row.template tile<n>(c);
      if (!part.full())
        fill(v, -CUDART_INF_F, scope::cta);
      tile::apply<ptx_vec<"ld.global.nc", V, "b32">>(v, cta_view<W, E, V>(part.tensor), scope::cta,
                                                     part.bound());
      const float new_top = fmaxf(top, thread_reduce(Max{}, -CUDART_INF_F, v));
      if (new_top != -CUDART_INF_F) {
        sum *= __expf(top - new_top);
        sum =
            thread_reduce([new_top](float s, float a) { return s + __expf(a - new_top); }, sum, v);
        top = new_top;
      }
    }
    const float row_top = cta_reduce<W>(Max{}, top, scratch);
    const float mine = top == -CUDART_INF_F ? 0.0f : sum * __expf(top - row_top);
    const float scale = 1.0f / cta_reduce<W>(Plus{}, mine, scratch);
    const auto out = y.row(r);
    for (long long c = 0; c < row.template num_tiles<n>(); ++c) {
      auto part = row.template tile<n>(c);
      auto dst = out.template tile<n>(c);
      tile::apply<ptx_vec<"ld.global.nc", V, "b32">>(v, cta_view<W, E, V>(part.tensor), scope::cta,
                                                     part.bound());
      tile::ewise([row_top, scale](float a) { return __expf(a - row_top) * scale; }, v, v,
                  scope::cta);
      tile::apply<ptx_vec<"st.global", V, "b32">>(cta_view<W, E, V>(dst.tensor), v, scope::cta,
                                                  dst.bound());
    }
  }
}

/// RMSNorm of rows of at most 32W * E * Ctas elements, each row in
/// registers: a row per CTA, or, with Ctas = 2, a row per cluster of two
/// CTAs, each holding half (their sums of squares meet through distributed
/// shared memory: cluster_reduce). The weights come a vector at a time
/// after the reduction: from global memory (L2), or, when Staged, from
/// dynamic shared memory where each thread put its own weights once at the
/// start (the CTAs walk many rows: launch as many as stay resident, with
/// staged_weight_bytes<W, E>). A thread reads back only what it wrote, so
/// the staging needs no barrier.
template <int W, int E> inline constexpr size_t staged_weight_bytes = size_t{32} * W* E * 4;

template <int Align, int W, int E, int Ctas = 1, bool Staged = false>
__global__ void __launch_bounds__(W * 32)
    rmsnorm_kernel(GridTensor<const float, 2, Align> x, GridTensor<const float, 1, Align> w,
                   GridTensor<float, 2, Align> y, float eps) {
  constexpr int V = Align / 4;
  constexpr index_t n = index_t{W} * 32 * E;
  __shared__ float scratch[W + Ctas];
  const int part = Ctas > 1 ? cluster_rank() : 0; // which n-element part of a row it holds
  auto v = cta_registers<W, E, V>();
  auto weight = cta_registers<W, V, V>(); // one vector: the weights come repeat by repeat
  const auto w_all = cta_view<W, E, V>(w.template tile<n>(part).tensor);
  const auto w_bound = tile::bound(w.template tile<n>(part).valid);
  // the weights' vector K (a static sub keeps data(), so the bound is the tile's)
  auto weights_of = [&]<int K>(const auto& from) {
    return from.sub(_, _, c<K>, _).template view<W, 32, 1, V>();
  };
  auto staged = [&] {
    if constexpr (Staged) {
      auto pool = SMEMPool::dynamic();
      auto shared = pool.alloc<float, shape(n), 16>(); // 16 bytes: st.shared vectors
      pool.commit();
      return cta_view<W, E, V>(shared);
    } else {
      return 0;
    }
  }();
  if constexpr (Staged) {
    [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
      ((tile::apply<ptx_vec<"ld.global.nc", V, "b32">>(
            weight, weights_of.template operator()<K>(w_all), scope::cta, w_bound),
        tile::apply<ptx_vec<"st.shared", V, "b32">>(weights_of.template operator()<K>(staged),
                                                    weight, scope::cta)),
       ...);
    }
    (cuda::std::make_integer_sequence<int, E / V>{});
  }
  const float inv_cols = 1.0f / static_cast<float>(x.cols());
  for (long long r : cluster_stride(x.rows())) {
    auto in = x.row(r).template tile<n>(part);
    auto out = y.row(r).template tile<n>(part);
    if (!in.full())
      fill(v, 0.0f, scope::cta);
    tile::apply<ptx_vec<"ld.global.nc", V, "b32">>(v, cta_view<W, E, V>(in.tensor), scope::cta,
                                                   in.bound());
    const float squares = thread_reduce([](float s, float a) { return fmaf(a, a, s); }, 0.0f, v);
    const float scale = rsqrtf(cluster_reduce<Ctas, W>(Plus{}, squares, scratch) * inv_cols + eps);
    // repeat by repeat: the weights' vector, then the products
    [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
      (
          [&] {
            if constexpr (Staged)
              tile::apply<ptx_vec<"ld.shared", V, "b32">>(
                  weight, weights_of.template operator()<K>(staged), scope::cta);
            else
              tile::apply<ptx_vec<"ld.global.nc", V, "b32">>(
                  weight, weights_of.template operator()<K>(w_all), scope::cta, w_bound);
            auto vk = v.sub(_, _, c<K>, _).template view<W, 32, 1, V>();
            tile::ewise([scale](float a, float g) { return a * scale * g; }, vk, vk, weight,
                        scope::cta);
          }(),
          ...);
    }
    (cuda::std::make_integer_sequence<int, E / V>{});
    tile::apply<ptx_vec<"st.global", V, "b32">>(cta_view<W, E, V>(out.tensor), v, scope::cta,
                                                out.bound());
  }
}

/// RMSNorm of rows of any length, in chunks: one pass for the sum of
/// squares, one to write.
template <int Align, int W = 32>
__global__ void __launch_bounds__(W * 32)
    rmsnorm_long_kernel(GridTensor<const float, 2, Align> x, GridTensor<const float, 1, Align> w,
                        GridTensor<float, 2, Align> y, float eps) {
  constexpr int V = Align / 4, E = 16;
  constexpr index_t n = index_t{W} * 32 * E;
  __shared__ float scratch[W];
  auto v = cta_registers<W, E, V>();
  auto weight = cta_registers<W, E, V>();
  const float inv_cols = 1.0f / static_cast<float>(x.cols());
  for (long long r : grid_stride(x.rows())) {
    const auto row = x.row(r);
    float squares = 0.0f;
    for (long long c = 0; c < row.template num_tiles<n>(); ++c) {
      auto part = row.template tile<n>(c);
      if (!part.full())
        fill(v, 0.0f, scope::cta);
      tile::apply<ptx_vec<"ld.global.nc", V, "b32">>(v, cta_view<W, E, V>(part.tensor), scope::cta,
                                                     part.bound());
      squares = thread_reduce([](float s, float a) { return fmaf(a, a, s); }, squares, v);
    }
    const float scale = rsqrtf(cta_reduce<W>(Plus{}, squares, scratch) * inv_cols + eps);
    const auto out = y.row(r);
    for (long long c = 0; c < row.template num_tiles<n>(); ++c) {
      auto part = row.template tile<n>(c);
      auto wt = w.template tile<n>(c);
      auto dst = out.template tile<n>(c);
      tile::apply<ptx_vec<"ld.global.nc", V, "b32">>(v, cta_view<W, E, V>(part.tensor), scope::cta,
                                                     part.bound());
      tile::apply<ptx_vec<"ld.global.nc", V, "b32">>(weight, cta_view<W, E, V>(wt.tensor),
                                                     scope::cta, wt.bound());
      tile::ewise([scale](float a, float g) { return a * scale * g; }, v, v, weight, scope::cta);
      tile::apply<ptx_vec<"st.global", V, "b32">>(cta_view<W, E, V>(dst.tensor), v, scope::cta,
                                                  dst.bound());
    }
  }
}

template <int Align>
__global__ void __launch_bounds__(threads)
    row_sum_kernel(GridTensor<const float, 2, Align> x, float* y) {
  reduce_rows<Align / 4>(x, y, Plus{}, 0.0f);
}
template <int Align>
__global__ void __launch_bounds__(threads)
    row_max_kernel(GridTensor<const float, 2, Align> x, float* y) {
  reduce_rows<Align / 4>(x, y, Max{}, -CUDART_INF_F);
}
} // namespace rows

} // namespace tirx_kernels
