// The tuning sweep behind kernels/elementwise.cuh: add_one written with
// tirx over 1 GiB of floats, for every combination of CTA size (warps),
// vectors in flight per thread (repeats), grid (one tile per CTA, or a
// persistent grid of k CTAs per SM walking tiles with grid_stride) and cache
// qualifiers of the load and the store; cudaMemcpy D2D of the same bytes
// is the reference. Prints one line per variant (GB/s counting bytes read
// and written, median of 20 event-timed runs after 3 warm-ups), best first.
//
//   tirx_tune_elementwise [MiB]     (default 1024)
#include <tirx/tile.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace tirx;

#define CHECK(call)                                                                                \
  do {                                                                                             \
    cudaError_t e_ = (call);                                                                       \
    if (e_ != cudaSuccess) {                                                                       \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));             \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

/// Load flavours: 0 ld.global.nc, 1 ld.global.nc.L1::no_allocate, 2 ld.global.
/// Store flavours: 0 st.global, 1 st.global.cs, 2 st.global.L1::no_allocate.
template <int W, int R, int Ld, int St>
__global__ void __launch_bounds__(W * 32)
    add_one(GridTensor<const float, 1, 16> x, GridTensor<float, 1, 16> y) {
  constexpr index_t n = index_t{W} * 32 * R * 4;
  constexpr TileLayout layout = S({W, 32, R, 4}, {1 * warpid, 1 * laneid, 4, 1});
  auto v = alloc_local<float, shape(W, 32, R, 4), layout>();
  for (long long t : grid_stride(x.template num_tiles<n>())) {
    auto in = x.template tile<n>(t);
    auto out = y.template tile<n>(t);
    auto src = in.tensor.template view<R, W, 32, 4>().template permute<1, 2, 0, 3>();
    auto dst = out.tensor.template view<R, W, 32, 4>().template permute<1, 2, 0, 3>();
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

struct Result {
  std::string name;
  double gbps;
};

template <class F> double time_gbps(F&& launch, double bytes) {
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  for (int i = 0; i < 3; ++i)
    launch();
  std::vector<float> ms;
  for (int i = 0; i < 20; ++i) {
    CHECK(cudaEventRecord(a));
    launch();
    CHECK(cudaEventRecord(b));
    CHECK(cudaEventSynchronize(b));
    float t = 0;
    CHECK(cudaEventElapsedTime(&t, a, b));
    ms.push_back(t);
  }
  CHECK(cudaGetLastError());
  std::sort(ms.begin(), ms.end());
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  return bytes / (ms[ms.size() / 2] * 1e-3) / 1e9;
}

int main(int argc, char** argv) {
  const long long mib = argc > 1 ? std::atoll(argv[1]) : 1024;
  const long long n = mib * (1LL << 20) / 4;
  float *x, *y;
  CHECK(cudaMalloc(&x, n * 4));
  CHECK(cudaMalloc(&y, n * 4));
  CHECK(cudaMemset(x, 0, n * 4));
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const double bytes = 8.0 * n;
  std::vector<Result> results;
  results.push_back(
      {"cudaMemcpy D2D",
       time_gbps([&] { CHECK(cudaMemcpyAsync(y, x, n * 4, cudaMemcpyDeviceToDevice)); }, bytes)});
  auto gx = grid_tensor<16>(static_cast<const float*>(x), n);
  auto gy = grid_tensor<16>(y, n);
  auto variants = [&]<int W, int R, int Ld, int St>() {
    constexpr long long tile = W * 32LL * R * 4;
    const long long tiles = (n + tile - 1) / tile;
    for (int per_sm : {0, 16}) {
      const long long grid = per_sm == 0 ? tiles : std::min<long long>(tiles, 1LL * per_sm * sms);
      const double g = time_gbps(
          [&] { add_one<W, R, Ld, St><<<static_cast<unsigned>(grid), W * 32>>>(gx, gy); }, bytes);
      char name[128];
      std::snprintf(name, sizeof name, "warps=%d repeats=%d ld=%d st=%d grid=%s", W, R, Ld, St,
                    per_sm == 0 ? "tiles" : (std::to_string(per_sm) + "/SM").c_str());
      results.push_back({name, g});
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
       time_gbps([&] { CHECK(cudaMemcpyAsync(y, x, n * 4, cudaMemcpyDeviceToDevice)); }, bytes)});
  std::stable_sort(results.begin(), results.end(),
                   [](const Result& a, const Result& b) { return a.gbps > b.gbps; });
  std::printf("add_one over %lld MiB (ld: 0 nc, 1 nc.L1::no_allocate, 2 plain; st: 0 plain, 1 cs, "
              "2 L1::no_allocate)\n",
              mib);
  for (const Result& r : results)
    std::printf("%8.1f GB/s  %s\n", r.gbps, r.name.c_str());
  return 0;
}
