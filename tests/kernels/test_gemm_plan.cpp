// Host tests of the Hopper GEMM's heuristic (the headers compile with g++):
// choose_config's tail split (tail_choice) for the shapes docs/gemm.md
// names, and none where the last wave is nearly full, under a wave, or
// after many waves; swap_choice's orientation; fast_cluster's clusters of
// the fast path; narrow_tile's 128 x 224 and 128 x 176 tiles. (The tail split's walk:
// test_gemm_streamk.cpp.)
#include "../../kernels/gemm/gemm_heuristic.cuh"

#include <catch2/catch.hpp>

using namespace tirx_kernels;

TEST_CASE("choose_config: the tail split where the last wave is small", "[gemm]") {
  auto tail = [](int m, int n, int k) { return choose_config(m, n, k, 1, 132).tail_split; };
  CHECK(tail(1024, 14336, 4096) == 2);   // 448 tiles: 52 in the last wave
  CHECK(tail(4095, 4104, 4096) == 4);    // 544 tiles: 16
  CHECK(tail(2100, 2048, 1024) == 4);    // 136 tiles: 4 (gpu_gemm_general's case)
  CHECK(tail(4096, 4096, 4096) == 1);    // 512 tiles: 116, nearly a whole wave
  CHECK(tail(8192, 8192, 8192) == 1);    // 2048 tiles: 68
  CHECK(tail(8191, 8200, 8192) == 1);    // 2112 tiles: whole waves
  CHECK(tail(16384, 16384, 16384) == 1); // 8192 tiles: 62 waves and 8
  CHECK(tail(1024, 4096, 4096) == 1);    // 128 tiles: under a wave (the table's)
  CHECK(tail(1024, 14336, 64) == 1);     // one K block
}

TEST_CASE("swap_choice: the exchanged orientation where its tiles fill the waves", "[gemm]") {
  using gemm_heuristic::swap_choice;
  CHECK(swap_choice(4095, 4104, 4096, 1, 132));        // 528 tiles (4 waves) against 544
  CHECK(swap_choice(4095, 4104, 256, 1, 132));         // (gpu_gemm_general's case)
  CHECK_FALSE(swap_choice(4104, 4095, 4096, 1, 132));  // already the 528
  CHECK_FALSE(swap_choice(4096, 4096, 4096, 1, 132));  // 512 both ways
  CHECK_FALSE(swap_choice(1024, 14336, 4096, 1, 132)); // 448 both ways
  CHECK_FALSE(swap_choice(8191, 8200, 8192, 1, 132));  // 2112: whole waves, against 2080
  CHECK_FALSE(swap_choice(128, 4104, 4096, 1, 132));   // under a wave
  CHECK_FALSE(swap_choice(4095, 4104, 4096, 1, 0));    // no SM count
}

TEST_CASE("fast_cluster: 4 stages in clusters of 2 where each CTA has 64 K blocks", "[gemm]") {
  using gemm_heuristic::fast_cluster;
  CHECK(fast_cluster(4096, 4096, 4096, 132));        // 512 tiles: 4 per CTA x 64
  CHECK(fast_cluster(8192, 8192, 8192, 132));        // 2048 tiles: 16 x 128
  CHECK(fast_cluster(1024, 4096, 4096, 132));        // 128 tiles: 1 x 64
  CHECK(fast_cluster(4095, 4104, 4096, 132));        // 32 M tiles (even)
  CHECK_FALSE(fast_cluster(2048, 2048, 2048, 132));  // 1 x 32
  CHECK_FALSE(fast_cluster(1152, 14336, 4096, 132)); // 9 M tiles: no whole clusters
  CHECK_FALSE(fast_cluster(4096, 4096, 4096, 0));    // no SM count
}

TEST_CASE("narrow_tile: the 128 x 224 or 128 x 176 tile where its waves are shorter", "[gemm]") {
  using gemm_heuristic::narrow_tile;
  CHECK(narrow_tile(384, 11392, 4096, 1, 132) == 176);  // 195 tiles (1.48 waves) against 135
  CHECK(narrow_tile(512, 8576, 4096, 1, 132) == 176);   // 196 against 136
  CHECK(narrow_tile(1024, 14336, 4096, 1, 132) == 224); // 512 (3.88 waves) against 448
  CHECK(narrow_tile(4095, 4104, 4096, 1, 132) == 224);  // 608 / 544 (but gemm exchanges)
  CHECK(narrow_tile(4096, 4096, 4096, 1, 132) == 0);    // 608 / 768 against 512
  CHECK(narrow_tile(8192, 8192, 8192, 1, 132) == 0);    // 2368 / 3008 against 2048
  CHECK(narrow_tile(4096, 14336, 4096, 1, 132) == 0);   // 2048 / 2624 against 1792
  CHECK(narrow_tile(2048, 14336, 4096, 1, 132) == 0);   // 1024 (7.76 waves) against 896
  CHECK(narrow_tile(3072, 14336, 4096, 1, 132) == 224); // 1536 (11.6) against 1344 (10.2)
  CHECK(narrow_tile(1536, 4096, 4096, 1, 132) == 224);  // 228 (1.73) against 192 (1.45, split)
  CHECK(narrow_tile(1024, 28672, 4096, 1, 132) == 0);   // 1024 (7.76) against 896 (6.79)
  CHECK(narrow_tile(1024, 4096, 4096, 1, 132) == 0);    // under a wave of 128 x 256
  CHECK(narrow_tile(384, 11392, 4096, 1, 0) == 0);      // no SM count
  // choose_config takes them only where B is K-major (narrow), unsplit
  const GemmChoice c = choose_config(384, 11392, 4096, 1, 132, true);
  CHECK(c.tile_n == 176);
  CHECK(c.split == 1);
  CHECK(choose_config(384, 11392, 4096, 1, 132, false).tile_n == 256);
  const GemmChoice w = choose_config(1024, 14336, 4096, 1, 132, true);
  CHECK(w.tile_n == 224);
  CHECK(w.tail_split == 1); // (the fast path's kernel: 116 tiles in the last wave)
  CHECK(choose_config(1024, 14336, 4096, 1, 132, false).tile_n == 256);
}
