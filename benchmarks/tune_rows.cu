// The tuning sweep behind RMSNorm's shapes (kernels/rows.cuh) for rows of
// 4096, 8192 and 16384 floats kept in registers (16 floats per thread, and
// 32 for rows of 16384 in 16 warps): one CTA per row (8, 16 or 32 warps) or
// one cluster of two CTAs per row
// (each holding half, their sums of squares meeting through distributed
// shared memory), with the weights read from global memory (L2) after the
// reduction or staged once per CTA in shared memory by a grid of resident
// CTAs. Over 1 GiB of random floats; every variant's output must match the
// first's (bit for bit where the arithmetic is the same, else to 1e-5);
// GB/s counts bytes read and written (median of 20 event-timed runs after
// 3 warm-ups); cudaMemcpy D2D of the same bytes is the roofline.
//
//   tirx_tune_rows_4096|_8192|_16384 [MiB] [--once]
//
// (default 1024 MiB; --once launches each variant once, for a profiler).
// One program per row length (TUNE_ROWS_COLS): nvcc spends a minute or more
// on each, so the three build side by side.
#include "tune_common.cuh"

#include "kernels/rows.cuh"

#include <cmath>

using namespace tirx;

int main(int argc, char** argv) {
  constexpr long long cols = TUNE_ROWS_COLS;
  const long long mib = tune::parse_args(argc, argv);
  const long long n = mib * (1LL << 20) / 4 / cols * cols, rows = n / cols;
  float *x, *y, *w;
  TUNE_CHECK(cudaMalloc(&x, n * 4));
  TUNE_CHECK(cudaMalloc(&y, n * 4));
  TUNE_CHECK(cudaMalloc(&w, cols * 4));
  tune::fill(x, n, 11);
  tune::fill(w, cols, 12, 0.5f, 1.5f);
  std::vector<float> want(static_cast<size_t>(n)), got(static_cast<size_t>(n));
  const double bytes = 8.0 * n;
  auto memcpy_line = [&](const char* name) {
    return tune::Result{
        name,
        tune::time_gbps([&] { TUNE_CHECK(cudaMemcpyAsync(y, x, n * 4, cudaMemcpyDeviceToDevice)); },
                        bytes)};
  };
  std::vector<tune::Result> results{memcpy_line("cudaMemcpy D2D")};
  auto gx = grid_tensor<16>(static_cast<const float*>(x), rows, cols);
  auto gw = grid_tensor<16>(static_cast<const float*>(w), cols);
  auto gy = grid_tensor<16>(y, rows, cols);
  bool all_ok = true, first = true;
  auto one = [&]<int W, int Ctas, bool Staged, int E = 16>() {
    char name[128];
    std::snprintf(name, sizeof name, "rmsnorm cols=%lld: %s of %d warps x %d floats, weights %s",
                  cols, Ctas == 1 ? "a CTA" : "a cluster of 2 CTAs", W, E,
                  Staged ? "staged in shared memory" : "from L2");
    all_ok &= tune::checked_time(
        results, name, y, n * 4,
        [&] {
          TUNE_CHECK((tirx_kernels::rows::launch_rmsnorm<16, W, E, Ctas, Staged>(gx, gw, gy, 1e-6f,
                                                                                 nullptr)));
        },
        [&] { // the first variant is the reference of the others
          TUNE_CHECK(cudaMemcpy((first ? want : got).data(), y, n * 4, cudaMemcpyDeviceToHost));
          bool ok = true;
          for (long long i = 0; i < n && ok && !first; ++i) {
            const float a = got[static_cast<size_t>(i)], b = want[static_cast<size_t>(i)];
            ok = std::fabs(a - b) <= 1e-5f * std::fabs(b) + 1e-30f;
          }
          first = false;
          return ok;
        },
        bytes);
  };
    // (W x 32 threads x E floats x Ctas = cols)
#if TUNE_ROWS_COLS == 4096
  one.template operator()<8, 1, false>();
  one.template operator()<8, 1, true>();
  one.template operator()<4, 2, false>();
#elif TUNE_ROWS_COLS == 8192
  one.template operator()<16, 1, false>();
  one.template operator()<16, 1, true>();
  one.template operator()<8, 2, false>();
  one.template operator()<8, 2, true>();
#else
  one.template operator()<32, 1, false>();
  one.template operator()<32, 1, true>();
  one.template operator()<16, 2, false>();
  one.template operator()<16, 2, true>();
  one.template operator()<16, 1, false, 32>();
  one.template operator()<16, 1, true, 32>();
#endif
  results.push_back(memcpy_line("cudaMemcpy D2D (again)"));
  tune::report("rmsnorm, rows in registers (16 floats per thread)", results);
  return all_ok ? 0 : 1;
}
