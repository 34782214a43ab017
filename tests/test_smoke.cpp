// Smoke test: the host test pipeline works and the build is what tirx expects.
#include <tirx/tile.hpp>

#include <catch2/catch.hpp>
#include <cuda/std/type_traits>

TEST_CASE("host build is C++20 and sees the CUDA headers", "[smoke]") {
  STATIC_REQUIRE(__cplusplus >= 202002L);
  STATIC_REQUIRE(cuda::std::is_same_v<cuda::std::remove_cv_t<const int>, int>);
}
