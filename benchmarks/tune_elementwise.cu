// The tuning sweep behind kernels/elementwise.cuh: add_one written with
// tirx over 1 GiB of floats, for every combination of CTA size (warps),
// vectors in flight per thread (repeats), grid (one tile per CTA, or a
// persistent grid of k CTAs per SM walking tiles with grid_stride) and cache
// qualifiers of the load and the store; cudaMemcpy D2D of the same bytes
// is the reference. Each variant's output is checked (every 97th element)
// before it is timed. Prints one line per variant (GB/s counting bytes read
// and written, median of 20 event-timed runs after 3 warm-ups), best first.
//
//   tirx_tune_elementwise [MiB] [--once]
//
// (default 1024 MiB; --once launches each variant once, for a profiler)
#include "tune_common.cuh"

#include "kernels/tiling.cuh"

using namespace tirx;

/// Load flavours: 0 ld.global.nc, 1 ld.global.nc.L1::no_allocate, 2 ld.global.
/// Store flavours: 0 st.global, 1 st.global.cs, 2 st.global.L1::no_allocate.
template <int W, int R, int Ld, int St>
__global__ void __launch_bounds__(W * 32)
    add_one(GridTensor<const float, 1, 16> x, GridTensor<float, 1, 16> y) {
  // the kernels' tiling (kernels/tiling.cuh) with float4 vectors
  constexpr index_t n = tirx_kernels::stream::tile_elems<4, R, W>;
  auto v = tirx_kernels::stream::registers<float, 4, R, W>();
  for (long long t : grid_stride(x.template num_tiles<n>())) {
    auto in = x.template tile<n>(t);
    auto out = y.template tile<n>(t);
    auto src = tirx_kernels::stream::by_thread<4, R, W>(in.tensor);
    auto dst = tirx_kernels::stream::by_thread<4, R, W>(out.tensor);
    if constexpr (Ld == 0)
      tile::apply<ptx<"ld.global.nc.v4.b32">>(v, src, scope::cta, in.bound());
    else if constexpr (Ld == 1)
      tile::apply<ptx<"ld.global.nc.L1::no_allocate.v4.b32">>(v, src, scope::cta, in.bound());
    else
      tile::apply<ptx<"ld.global.v4.b32">>(v, src, scope::cta, in.bound());
    tile::ewise([](float a) { return a + 1.0f; }, v, v, scope::cta);
    if constexpr (St == 0)
      tile::apply<ptx<"st.global.v4.b32">>(dst, v, scope::cta, out.bound());
    else if constexpr (St == 1)
      tile::apply<ptx<"st.global.cs.v4.b32">>(dst, v, scope::cta, out.bound());
    else
      tile::apply<ptx<"st.global.L1::no_allocate.v4.b32">>(dst, v, scope::cta, out.bound());
  }
}

int main(int argc, char** argv) {
  const long long mib = tune::parse_args(argc, argv);
  const long long n = mib * (1LL << 20) / 4;
  float *x, *y;
  TUNE_CHECK(cudaMalloc(&x, n * 4));
  TUNE_CHECK(cudaMalloc(&y, n * 4));
  tune::fill(x, n, 1); // random, never zeros
  std::vector<float> hx(static_cast<size_t>(n));
  TUNE_CHECK(cudaMemcpy(hx.data(), x, n * 4, cudaMemcpyDeviceToHost));
  bool all_ok = true;
  const int sms = tune::sm_count();
  const double bytes = 8.0 * n;
  std::vector<tune::Result> results;
  results.push_back(
      {"cudaMemcpy D2D",
       tune::time_gbps([&] { TUNE_CHECK(cudaMemcpyAsync(y, x, n * 4, cudaMemcpyDeviceToDevice)); },
                       bytes)});
  auto gx = grid_tensor<16>(static_cast<const float*>(x), n);
  auto gy = grid_tensor<16>(y, n);
  auto variants = [&]<int W, int R, int Ld, int St>() {
    constexpr long long tile = W * 32LL * R * 4;
    const long long tiles = (n + tile - 1) / tile;
    for (int per_sm : {0, 16}) {
      const long long grid = per_sm == 0 ? tiles : std::min<long long>(tiles, 1LL * per_sm * sms);
      char name[128];
      std::snprintf(name, sizeof name, "warps=%d repeats=%d ld=%d st=%d grid=%s", W, R, Ld, St,
                    per_sm == 0 ? "tiles" : (std::to_string(per_sm) + "/SM").c_str());
      all_ok &= tune::checked_time(
          results, name, y, n * 4,
          [&] { add_one<W, R, Ld, St><<<static_cast<unsigned>(grid), W * 32>>>(gx, gy); },
          [&] {
            return tune::sample_ok(
                y, n, [&](long long i) { return hx[static_cast<size_t>(i)] + 1.0f; }, 0.0);
          },
          bytes);
    }
  };
  auto by_cache = [&]<int W, int R>() {
    variants.template operator()<W, R, 0, 0>();
    variants.template operator()<W, R, 1, 0>();
    variants.template operator()<W, R, 2, 0>();
    variants.template operator()<W, R, 1, 1>();
    variants.template operator()<W, R, 2, 1>();
  };
  by_cache.template operator()<1, 2>();
  by_cache.template operator()<1, 4>();
  by_cache.template operator()<2, 1>();
  by_cache.template operator()<2, 2>();
  by_cache.template operator()<2, 4>();
  by_cache.template operator()<4, 1>();
  by_cache.template operator()<4, 2>();
  by_cache.template operator()<4, 4>();
  by_cache.template operator()<8, 1>();
  by_cache.template operator()<8, 2>();
  by_cache.template operator()<8, 4>();
  results.push_back(
      {"cudaMemcpy D2D (again, at the end)",
       tune::time_gbps([&] { TUNE_CHECK(cudaMemcpyAsync(y, x, n * 4, cudaMemcpyDeviceToDevice)); },
                       bytes)});
  char title[160];
  std::snprintf(title, sizeof title,
                "add_one over %lld MiB (ld: 0 nc, 1 nc.L1::no_allocate, 2 plain; st: 0 plain, 1 "
                "cs, 2 L1::no_allocate)",
                mib);
  tune::report(title, results);
  return all_ok ? 0 : 1;
}
