// The tuning sweep behind the heavier maps of kernels/elementwise.cuh, over
// 1 GiB of random floats, each variant checked against a host reference on
// a sample before it is timed, cudaMemcpy D2D of the same bytes as the
// reference (counting bytes read and written; median of 20 event-timed
// runs after 3 warm-ups; best first):
//   * SiLU: CTA size (warps), vectors per thread (repeats) and the
//     arithmetic: 0 __expf / __fdividef (ex2.approx, div.approx), 1 tirx
//     atoms with flush to zero (mul.ftz, ex2.approx.ftz, add.ftz,
//     rcp.approx.ftz, mul.ftz), 2 expf and an IEEE division (what PyTorch
//     eager computes), 3 atoms as Triton emits them (mul, ex2.approx, add,
//     div.full, mul).
//   * f32 -> f16: CTA size and vectors per thread.
//   * add_bias over rows of 4096: rows per CTA step, one step per CTA or a
//     persistent grid whose CTAs keep one column tile's bias in registers
//     and walk rows.
//
//   tirx_tune_maps [MiB] [--once]
//
// (default 1024 MiB; --once launches each variant once, for a profiler)
#include "tune_common.cuh"

#include "kernels/tiling.cuh"

#include <cuda_fp16.h>

#include <cmath>

using namespace tirx;

// (the kernels' tiling, kernels/tiling.cuh, with float4 vectors)
using tirx_kernels::stream::by_thread;
using tirx_kernels::stream::registers;
using tirx_kernels::stream::tile_elems;

// -- SiLU -----------------------------------------------------------------------

template <int W, int R, int Math>
__global__ void __launch_bounds__(W * 32)
    silu(GridTensor<const float, 1, 16> x, GridTensor<float, 1, 16> y) {
  constexpr index_t n = tile_elems<4, R, W>;
  auto v = registers<float, 4, R, W>();
  for (long long t : grid_stride(x.template num_tiles<n>())) {
    auto in = x.template tile<n>(t);
    auto out = y.template tile<n>(t);
    tile::apply<ptx<"ld.global.nc.v4.b32">>(v, by_thread<4, R, W>(in.tensor), scope::cta,
                                            in.bound());
    if constexpr (Math == 0) {
      tile::ewise([](float a) { return __fdividef(a, 1.0f + __expf(-a)); }, v, v, scope::cta);
    } else if constexpr (Math == 2) {
      tile::ewise([](float a) { return a / (1.0f + expf(-a)); }, v, v, scope::cta);
    } else {
      auto e = registers<float, 4, R, W>();
      auto s = v.template view<W, 32, R * 4, 1>();
      auto es = e.template view<W, 32, R * 4, 1>();
      constexpr float minus_log2e = -1.4426950408889634f;
      if constexpr (Math == 1) {
        tile::apply<ptx<"mul.ftz.f32">>(es, s, minus_log2e, scope::cta);
        tile::apply<ptx<"ex2.approx.ftz.f32">>(es, es, scope::cta);
        tile::apply<ptx<"add.ftz.f32">>(es, es, 1.0f, scope::cta);
        tile::apply<ptx<"rcp.approx.ftz.f32">>(es, es, scope::cta);
        tile::apply<ptx<"mul.ftz.f32">>(s, s, es, scope::cta);
      } else {
        tile::apply<ptx<"mul.f32">>(es, s, minus_log2e, scope::cta);
        tile::apply<ptx<"ex2.approx.f32">>(es, es, scope::cta);
        tile::apply<ptx<"add.f32">>(es, es, 1.0f, scope::cta);
        tile::apply<ptx<"div.full.f32">>(es, 1.0f, es, scope::cta);
        tile::apply<ptx<"mul.f32">>(s, s, es, scope::cta);
      }
    }
    tile::apply<ptx<"st.global.v4.b32">>(by_thread<4, R, W>(out.tensor), v, scope::cta,
                                         out.bound());
  }
}

// -- f32 -> f16 -------------------------------------------------------------------

template <int W, int R>
__global__ void __launch_bounds__(W * 32)
    to_f16(GridTensor<const float, 1, 16> x, GridTensor<__half, 1, 8> y) {
  constexpr index_t n = tile_elems<4, R, W>;
  auto v = registers<float, 4, R, W>();
  auto h = registers<uint16, 4, R, W>();
  for (long long t : grid_stride(x.template num_tiles<n>())) {
    auto in = x.template tile<n>(t);
    auto out = y.template tile<n>(t);
    tile::apply<ptx<"ld.global.nc.v4.b32">>(v, by_thread<4, R, W>(in.tensor), scope::cta,
                                            in.bound());
    tile::apply<ptx<"cvt.rn.f16.f32">>(h.template view<W, 32, R * 4, 1>(),
                                       v.template view<W, 32, R * 4, 1>(), scope::cta);
    tile::apply<ptx<"st.global.v4.b16">>(by_thread<4, R, W>(out.tensor.template view<uint16>()), h,
                                         scope::cta, out.bound());
  }
}

// -- add_bias -----------------------------------------------------------------------

/// BR rows per step; Persist: the grid is a multiple of the column tiles,
/// CTA b keeps column tile b % col_tiles's bias and walks row groups.
template <int BR, bool Persist>
__global__ void __launch_bounds__(256)
    add_bias(GridTensor<const float, 2, 16> x, GridTensor<const float, 1, 16> bias,
             GridTensor<float, 2, 16> y) {
  constexpr int W = 8;
  constexpr index_t n = tile_elems<4, 1, W>;
  const long long col_tiles = bias.template num_tiles<n>();
  const long long groups = (x.rows() + BR - 1) / BR;
  auto b = registers<float, 4, 1, W>();
  auto v = registers<float, 4, BR, W>();
  auto load_bias = [&](long long j) {
    auto add = bias.template tile<n>(j);
    tile::apply<ptx<"ld.global.nc.v4.b32">>(b, by_thread<4, 1, W>(add.tensor), scope::cta,
                                            add.bound());
  };
  auto step = [&](long long g, long long j) {
    const long long r0 = g * BR;
    [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
      (
          [&] {
            if (r0 + K >= x.rows())
              return;
            auto in = x.row(r0 + K).template tile<n>(j);
            tile::apply<ptx<"ld.global.nc.v4.b32">>(
                v.sub(_, _, c<K>, _).template view<W, 32, 1, 4>(), by_thread<4, 1, W>(in.tensor),
                scope::cta, in.bound());
          }(),
          ...);
      (
          [&] {
            if (r0 + K >= x.rows())
              return;
            auto row = v.sub(_, _, c<K>, _).template view<W, 32, 1, 4>();
            tile::ewise([](float a, float c) { return a + c; }, row, row, b, scope::cta);
            auto out = y.row(r0 + K).template tile<n>(j);
            tile::apply<ptx<"st.global.v4.b32">>(by_thread<4, 1, W>(out.tensor), row, scope::cta,
                                                 out.bound());
          }(),
          ...);
    }
    (cuda::std::make_integer_sequence<int, BR>{});
  };
  if constexpr (Persist) {
    const long long j = blockIdx.x % col_tiles;
    const long long lanes = gridDim.x / col_tiles;
    load_bias(j);
    for (long long g = blockIdx.x / col_tiles; g < groups; g += lanes)
      step(g, j);
  } else {
    for (long long t : grid_stride(groups * col_tiles)) {
      load_bias(t % col_tiles);
      step(t / col_tiles, t % col_tiles);
    }
  }
}

// -- driver ---------------------------------------------------------------------------

int main(int argc, char** argv) {
  const long long mib = tune::parse_args(argc, argv);
  const long long n = mib * (1LL << 20) / 4;
  float *x, *y, *bias;
  TUNE_CHECK(cudaMalloc(&x, n * 4));
  TUNE_CHECK(cudaMalloc(&y, n * 4));
  TUNE_CHECK(cudaMalloc(&bias, 4096 * 4));
  tune::fill(x, n, 7);
  tune::fill(bias, 4096, 8);
  std::vector<float> hx(static_cast<size_t>(n)), hb(4096);
  TUNE_CHECK(cudaMemcpy(hx.data(), x, n * 4, cudaMemcpyDeviceToHost));
  TUNE_CHECK(cudaMemcpy(hb.data(), bias, 4096 * 4, cudaMemcpyDeviceToHost));
  const int sms = tune::sm_count();
  bool all_ok = true;
  auto memcpy_line = [&](double bytes) {
    return tune::Result{
        "cudaMemcpy D2D",
        tune::time_gbps([&] { TUNE_CHECK(cudaMemcpyAsync(y, x, n * 4, cudaMemcpyDeviceToDevice)); },
                        bytes)};
  };
  auto gx = grid_tensor<16>(static_cast<const float*>(x), n);
  auto gy = grid_tensor<16>(y, n);
  auto grid_of = [&](long long per_tile) {
    return static_cast<unsigned>((n + per_tile - 1) / per_tile);
  };

  { // SiLU
    std::vector<tune::Result> results{memcpy_line(8.0 * n)};
    auto one = [&]<int W, int R, int Math>() {
      char name[96];
      std::snprintf(name, sizeof name, "silu warps=%d repeats=%d math=%d", W, R, Math);
      all_ok &= tune::checked_time(
          results, name, y, n * 4,
          [&] { silu<W, R, Math><<<grid_of(W * 32LL * R * 4), W * 32>>>(gx, gy); },
          [&] {
            return tune::sample_ok(
                y, n,
                [&](long long i) {
                  const double a = hx[static_cast<size_t>(i)];
                  return a / (1.0 + std::exp(-a));
                },
                1e-5);
          },
          8.0 * n);
    };
    auto maths = [&]<int W, int R>() {
      one.template operator()<W, R, 0>();
      one.template operator()<W, R, 1>();
      one.template operator()<W, R, 2>();
      one.template operator()<W, R, 3>();
    };
    maths.template operator()<4, 1>();
    maths.template operator()<4, 2>();
    maths.template operator()<4, 4>();
    maths.template operator()<8, 1>();
    maths.template operator()<8, 2>();
    maths.template operator()<8, 4>();
    results.push_back(memcpy_line(8.0 * n));
    tune::report("silu (math: 0 __expf/__fdividef, 1 ftz atoms with rcp, 2 expf and IEEE "
                 "division, 3 Triton's atoms with div.full)",
                 results);
  }
  { // f32 -> f16
    __half* h = reinterpret_cast<__half*>(y);
    auto gh = grid_tensor<8>(h, n);
    std::vector<tune::Result> results{memcpy_line(8.0 * n)};
    auto one = [&]<int W, int R>() {
      char name[96];
      std::snprintf(name, sizeof name, "to_f16 warps=%d repeats=%d", W, R);
      all_ok &= tune::checked_time(
          results, name, h, n * 2,
          [&] { to_f16<W, R><<<grid_of(W * 32LL * R * 4), W * 32>>>(gx, gh); },
          [&] {
            return tune::sample_ok(
                h, n,
                [&](long long i) {
                  return static_cast<double>(
                      __half2float(__float2half_rn(hx[static_cast<size_t>(i)])));
                },
                0.0);
          },
          6.0 * n);
    };
    one.template operator()<4, 1>();
    one.template operator()<4, 2>();
    one.template operator()<4, 4>();
    one.template operator()<8, 1>();
    one.template operator()<8, 2>();
    one.template operator()<8, 4>();
    tune::report("f32 -> f16 (6 bytes per element)", results);
  }
  { // add_bias, rows of 4096
    const long long cols = 4096, rows = n / cols;
    auto bx = grid_tensor<16>(static_cast<const float*>(x), rows, cols);
    auto by = grid_tensor<16>(y, rows, cols);
    auto bb = grid_tensor<16>(static_cast<const float*>(bias), cols);
    const long long col_tiles = cols / 1024;
    std::vector<tune::Result> results{memcpy_line(8.0 * n)};
    auto one = [&]<int BR, bool Persist>(int per_sm) {
      const long long groups = (rows + BR - 1) / BR;
      const long long steps = groups * col_tiles;
      long long grid = steps;
      if constexpr (Persist) {
        grid = 1LL * per_sm * sms / col_tiles * col_tiles;
        if (grid > steps)
          grid = steps;
      }
      char name[112];
      std::snprintf(name, sizeof name, "add_bias rows/step=%d grid=%s", BR,
                    Persist ? (std::to_string(per_sm) + "/SM").c_str() : "steps");
      all_ok &= tune::checked_time(
          results, name, y, n * 4,
          [&] { add_bias<BR, Persist><<<static_cast<unsigned>(grid), 256>>>(bx, bb, by); },
          [&] {
            return tune::sample_ok(
                y, n,
                [&](long long i) {
                  return static_cast<double>(hx[static_cast<size_t>(i)] +
                                             hb[static_cast<size_t>(i % cols)]);
                },
                0.0);
          },
          8.0 * n);
    };
    one.template operator()<1, false>(0);
    one.template operator()<2, false>(0);
    one.template operator()<4, false>(0);
    one.template operator()<8, false>(0);
    for (int per_sm : {4, 8, 16}) {
      one.template operator()<1, true>(per_sm);
      one.template operator()<2, true>(per_sm);
      one.template operator()<4, true>(per_sm);
    }
    results.push_back(memcpy_line(8.0 * n));
    tune::report("add_bias, rows of 4096 floats", results);
  }
  return all_ok ? 0 : 1;
}
