// The tile and split-K choice of the Hopper GEMM (kernels/gemm/gemm.cuh):
// choose_config(m, n, k, batch, sms, narrow) picks the CTA tile's N (256,
// 224, 176 or 128) and the split-K count S for a problem, host-side.
//
// A problem with a full wave of 128 x 256 tiles (at least sms of them)
// keeps the fast path's tile, unsplit; its last partial wave is cut into K
// ranges (the tail split, gemm_streamk.cuh) where the wave model of
// tail_choice says that is faster; where B is K-major (narrow) and the
// 128 x 224 or 128 x 176 tiles fill the waves enough better (narrow_tile), those. Otherwise first
// the table (gemm_table): the shapes swept on the H200 by `tirx_bench_gemm --sweep-small`
// (benchmarks/bench_gemm.cu), each with its best configuration. A row applies to a problem of one
// GEMM (batch 1) whose n and k lie within a factor 2^0.25 of the row's and whose m lies in (row.m /
// 2, row.m]. Any other problem goes to the wave model (model_choice): every candidate (256 or 128,
// S in 1, 2, 3, 4, 6, 8) is costed as waves x K blocks per CTA x the time of one K block, plus the
// reduction's launch and traffic when S > 1, and the cheapest wins.
#pragma once

#include <initializer_list>

/// Whether gemm's 4-stage cluster kernel of the fast path (where
/// gemm_heuristic::fast_cluster says) keeps one stage's wgmmas in flight
/// (its Overlap): 1, 0.2-1% faster at the power limit than 0 (records/gemm.md,
/// "The overlap and the tile order at the power limit";
/// scripts/gemm_sustained_sweep.sh rebuilds the benchmark with 0).
#ifndef TIRX_GEMM_CLUSTER_OVERLAP
#define TIRX_GEMM_CLUSTER_OVERLAP 1
#endif
/// Whether gemm takes that cluster kernel where fast_cluster says (1), or
/// the 3-stage kernel alone everywhere (0: for a profile of the two side by
/// side, scripts/gemm_profile.sh).
#ifndef TIRX_GEMM_FAST_CLUSTER
#define TIRX_GEMM_FAST_CLUSTER 1
#endif

namespace tirx_kernels {

/// A configuration of the general kernel: the CTA tile's N (256, 224, 176 or 128),
/// the split-K count (1: no split; S > 1: S K ranges and a reduction) and
/// the tail split (1: none; S > 1: the tiles of the last partial wave cut
/// into S K ranges).
struct GemmChoice {
  int tile_n = 256, split = 1, tail_split = 1;
  bool stream_k = false; ///< stream-K in place of the tail split (gemm_streamk.cuh)
  bool swap_ab = false;  ///< D^T = B^T A^T computed (GemmArgs::swap_ab; the rest is for it)
};

/// One row of the table: the problem (m, n, k) and its configuration.
struct GemmTableRow {
  int m, n, k, tile_n, split;
};

/// The best configuration per shape of `tirx_bench_gemm --sweep-small` on
/// the H200 (2026-12-01, its last run on bb3c05d; every candidate
/// checked against cuBLAS, then timed beside it; docs/gemm.md, "Tiles,
/// split-K and the heuristic"): the ratio to cuBLAS and the TFLOP/s of the
/// chosen configuration. Rows of problems with a full wave of 128 x 256
/// tiles record the sweep; choose_config keeps those on the fast path.
inline constexpr GemmTableRow gemm_table[] = {
    {1, 4096, 4096, 256, 8},     // 0.797 of cuBLAS, 1.5 TFLOP/s
    {16, 4096, 4096, 256, 8},    // 0.807 of cuBLAS, 24.7 TFLOP/s
    {128, 4096, 4096, 128, 4},   // 0.975 of cuBLAS, 193.7 TFLOP/s
    {1024, 4096, 4096, 256, 1},  // 1.101 of cuBLAS, 663.6 TFLOP/s
    {1, 14336, 4096, 256, 2},    // 0.796 of cuBLAS, 2.3 TFLOP/s
    {16, 14336, 4096, 256, 2},   // 0.809 of cuBLAS, 36.9 TFLOP/s
    {128, 14336, 4096, 128, 1},  // 1.092 of cuBLAS, 368.7 TFLOP/s
    {1024, 14336, 4096, 256, 1}, // 0.899 of cuBLAS, 661.4 TFLOP/s
    {1, 4096, 14336, 256, 8},    // 0.946 of cuBLAS, 2.7 TFLOP/s
    {16, 4096, 14336, 256, 8},   // 0.934 of cuBLAS, 41.4 TFLOP/s
    {128, 4096, 14336, 128, 4},  // 0.977 of cuBLAS, 309.5 TFLOP/s
    {1024, 4096, 14336, 256, 1}, // 1.008 of cuBLAS, 768.7 TFLOP/s
    {1024, 1024, 1024, 128, 1},  // 1.129 of cuBLAS, 141.9 TFLOP/s
    {2048, 2048, 2048, 256, 1},  // 1.142 of cuBLAS, 557.5 TFLOP/s
    {2048, 14336, 4096, 256, 1}, // 1.008 of cuBLAS, 756.7 TFLOP/s
    {4095, 4104, 4096, 256, 1},  // 0.804 of cuBLAS, 577.4 TFLOP/s
    {8191, 8200, 8192, 256, 1},  // 0.964 of cuBLAS, 699.7 TFLOP/s
};

namespace gemm_heuristic {
inline long long cdiv(long long a, long long b) { return (a + b - 1) / b; }
/// Whether x lies within a factor 2^0.25 (1.19) of ref.
inline bool near(long long x, long long ref) {
  return x * 100 <= ref * 119 && ref * 100 <= x * 119;
}

/// The wave model: estimated microseconds of a candidate on sms SMs (one
/// K block of 64: 0.75 us for a 128 x 256 tile, 0.5 for 128 x 128, the
/// measured pace of a lone CTA on the H200; a reduction: 4 us of launch
/// plus its fp32 traffic at 3 TB/s).
inline double model_us(long long m, long long n, long long k, long long batch, int sms,
                       GemmChoice c) {
  const long long tiles = cdiv(m, 128) * cdiv(n, c.tile_n) * batch;
  const long long waves = cdiv(tiles * c.split, sms), blocks = cdiv(cdiv(k, 64), c.split);
  double us = static_cast<double>(waves * blocks) * (c.tile_n == 256 ? 0.75 : 0.5);
  if (c.split > 1)
    us += 4.0 + static_cast<double>((c.split + 1) * m * n * batch * 4) / 3.0e6;
  return us;
}

/// The cheapest candidate of the wave model (S no more than the K blocks).
inline GemmChoice model_choice(int m, int n, int k, int batch, int sms) {
  GemmChoice best{256, 1};
  double best_us = model_us(m, n, k, batch, sms, best);
  for (int tile_n : {256, 128})
    for (int split : {1, 2, 3, 4, 6, 8}) {
      if (split > cdiv(k, 64))
        continue;
      const GemmChoice c{tile_n, split};
      const double us = model_us(m, n, k, batch, sms, c);
      if (us < best_us)
        best = c, best_us = us;
    }
  return best;
}

/// The tail split of a problem of `tiles` tiles (at least a wave of sms):
/// the S in 2..8 (S tail tiles' ranges fitting in a wave, ranges of at least
/// 2 K blocks) that most shortens the wave model's time, in waves: whole
/// waves + 1 without; 1.01 (whole + 1 / S) + 0.2 + 0.06 S with (the general
/// kernel about 1% slower than the fast path's; the fixup 0.2 of a wave and
/// 0.06 per range: fit to `tirx_bench_gemm --one` on the H200, 2026-12-02,
/// 4095 x 4104 x 4096 at S = 2, 4, 8 and 1024 x 14336 x 4096 at S = 2);
/// only where that saves more than 3%; 1 otherwise.
inline double tail_waves(long long whole, int s) {
  return 1.01 * (static_cast<double>(whole) + 1.0 / s) + 0.2 + 0.06 * s;
}
inline int tail_choice(long long tiles, int sms, int k) {
  const long long whole = tiles / sms, tail = tiles % sms;
  int best = 1;
  double best_waves = 0.97 * static_cast<double>(whole + 1);
  for (int s = 2; tail > 0 && s <= 8 && s * tail <= sms && 2 * s <= cdiv(k, 64); ++s) {
    if (const double waves = tail_waves(whole, s); waves < best_waves)
      best = s, best_waves = waves;
  }
  return best;
}
/// The wave model's time of `tiles` 128 x 256 tiles (at least a wave), in
/// waves: the whole waves, then the last partial one whole or tail-split.
inline double wave_cost(long long tiles, int sms, int k) {
  const long long whole = tiles / sms;
  if (tiles % sms == 0)
    return static_cast<double>(whole);
  const int s = tail_choice(tiles, sms, k);
  return s > 1 ? tail_waves(whole, s) : static_cast<double>(whole + 1);
}
/// The pace of a narrower tile against the 128 x 256 one, per K block: its
/// share of the work (BN / 256) times what it loses per flop, measured on
/// whole waves of both on the H200: 128 x 176 1.125 (`tirx_bench_gemm --one
/// 16896 2816 4096`, 2026-12-02: 651.1 TFLOP/s against the fast path's
/// 732.5); 128 x 224 1.025 (16896 x 1792 x 4096, 2026-12-04: 8 waves of it
/// against 7 of 128 x 256, 0.976 of its TFLOP/s over four runs in ABBA order).
inline double narrow_pace(int bn) {
  return bn == 176 ? 176.0 / 256.0 * 1.125 : 224.0 / 256.0 * 1.025;
}
/// The narrower tile (224 or 176; 0: neither) for a problem with a full wave
/// of 128 x 256 tiles: the one whose waves (tail-split as wave_cost's) at
/// its narrow_pace are the shorter, where they are shorter than the 128 x
/// 256 tile's by 1% (224: the fast path's kernel, its pace measured) or 5%
/// (176). 384 x 11392: 176 (195 tiles, 1.48 waves of 132, against 135: one
/// and a tail of 3); 1024 x 14336: 224 (512 tiles, 3.88 waves, against 448:
/// 3 and a tail of 52). The sweep of the 224-wide tile (records/gemm.md, "The
/// 128 x 224 tile") measured it 3-12% faster where this takes it.
inline int narrow_tile(long long m, long long n, int k, int batch, int sms) {
  const long long wide = cdiv(m, 128) * cdiv(n, 256) * batch;
  if (sms < 1 || wide < sms)
    return 0;
  const double wide_cost = wave_cost(wide, sms, k);
  int best = 0;
  double best_cost = wide_cost;
  for (int bn : {224, 176}) {
    const long long tiles = cdiv(m, 128) * cdiv(n, bn) * batch;
    const double cost = narrow_pace(bn) * wave_cost(tiles, sms, k);
    if (cost < (bn == 224 ? 0.99 : 0.95) * wide_cost && cost < best_cost)
      best = bn, best_cost = cost;
  }
  return best;
}
/// Whether the exchanged orientation (D^T = B^T A^T: 128-row tiles along
/// n, 256 columns along m) is the faster one: both orientations a full
/// wave or more of 128 x 256 tiles, the exchanged one 5% fewer waves (its
/// kernel is the general one, not the fast path's). 4095 x 4104: 528
/// tiles, 4 whole waves of 132, against 544 (4 and a tail of 16).
inline bool swap_choice(long long m, long long n, int k, int batch, int sms) {
  const long long given = cdiv(m, 128) * cdiv(n, 256) * batch;
  const long long swapped = cdiv(n, 128) * cdiv(m, 256) * batch;
  if (sms < 1 || given < sms || swapped < sms)
    return false;
  return wave_cost(swapped, sms, k) < 0.95 * wave_cost(given, sms, k);
}
/// Whether the fast path's problem runs its kernel of 4 stages in clusters
/// of 2 (B multicast, the D staging a ring of two slots) rather than of 3
/// stages alone: each CTA at least 64 K blocks of work (its tiles' K
/// blocks), and whole clusters of M tiles. Measured sustained at the power
/// limit on the H200 (records/gemm.md, "Clusters of 2 at the power limit"):
/// 1.4-5% faster where each CTA has 64 or more (1024 x 4096 x 4096 with 64,
/// 4096^3, 8192^3, 4095 x 4104 x 4096), level on 4096 x 14336 x 4096,
/// 1.7% slower on 2048^3 (32).
inline bool fast_cluster(long long m, long long n, long long k, int sms, int tile_n = 256) {
  if (sms < 1 || cdiv(m, 128) % 2 != 0)
    return false;
  const long long tiles = cdiv(m, 128) * cdiv(n, tile_n);
  return cdiv(tiles, tiles < sms ? tiles : sms) * cdiv(k, 64) >= 64;
}
} // namespace gemm_heuristic

/// The configuration for a problem of batch GEMMs of m x n x k on sms
/// SMs (narrow: B K-major, the 128 x 224 and 128 x 176 tiles possible): the table's row
/// for it, or the wave model's choice.
inline GemmChoice choose_config(int m, int n, int k, int batch, int sms, bool narrow = false) {
  using namespace gemm_heuristic;
  sms = sms > 0 ? sms : 132;
  const long long tiles = cdiv(m, 128) * cdiv(n, 256) * batch;
  if (const int bn = narrow ? narrow_tile(m, n, k, batch, sms) : 0)
    return {bn, 1, tail_choice(cdiv(m, 128) * cdiv(n, bn) * batch, sms, k)};
  if (tiles >= sms) // a full wave of the fast path's tiles
    return {256, 1, tail_choice(tiles, sms, k)};
  if (batch == 1)
    for (const GemmTableRow& r : gemm_table)
      if (near(n, r.n) && near(k, r.k) && m <= r.m && 2 * m > r.m)
        return {r.tile_n, r.split};
  return model_choice(m, n, k, batch, sms);
}

} // namespace tirx_kernels
