// Random inputs for the test programs, from a seeded generator (the tests
// print their seed, so a run replays):
//
//   std::mt19937 rng(seed);
//   std::vector<float> x = tirx_test::uniform_floats(rng, 256, -1000.0f, 1000.0f);
//   std::vector<float> w = tirx_test::whole_floats(rng, 256, -1000, 1000);  // exact sums
//   std::vector<std::uint16_t> h = tirx_test::random_bits<std::uint16_t>(rng, 512);
#pragma once

#include <cstddef>
#include <random>
#include <vector>

namespace tirx_test {

/// n floats uniform in [lo, hi).
template <class Gen>
std::vector<float> uniform_floats(Gen& gen, std::size_t n, float lo, float hi) {
  std::uniform_real_distribution<float> d(lo, hi);
  std::vector<float> v(n);
  for (float& x : v)
    x = d(gen);
  return v;
}

/// n whole numbers uniform in [lo, hi], held as floats: their sums are exact
/// in any order (while they stay below 2^24).
template <class Gen> std::vector<float> whole_floats(Gen& gen, std::size_t n, int lo, int hi) {
  std::uniform_int_distribution<int> d(lo, hi);
  std::vector<float> v(n);
  for (float& x : v)
    x = static_cast<float>(d(gen));
  return v;
}

/// n values of the unsigned type T, each the low bits of one draw.
template <class T, class Gen> std::vector<T> random_bits(Gen& gen, std::size_t n) {
  std::vector<T> v(n);
  for (T& x : v)
    x = static_cast<T>(gen());
  return v;
}

} // namespace tirx_test
