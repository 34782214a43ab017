// The epilogue of the Hopper GEMM (kernels/gemm/gemm_sm90.cuh): what a
// consumer warpgroup does with its 64 x BN accumulator (BN = 256, 176, 128)
// at the end of a tile. First the fused math, in fp32 on the registers
// (fn(alpha acc + beta C + bias), C and the bias read at indices clamped
// into D), unless the epilogue is Plain; then the store: through the
// swizzled shared staging and TMA stores (the TMA unit skips the rows
// outside D, and the columns past n when D's rows end on 16 bytes: it
// writes whole 16-byte units), or from the registers with bounded plain
// stores (any alignment of D).
//
// Thread t of the warpgroup (warp w = t / 32, lane l) holds register r of
// the accumulator at row 16w + l/4 + 8((r/2) % 2), column 8(r/4) + 2(l%4)
// + r%2 of its 64 x BN part (wgmma_accumulator_layout; docs/gemm.md).
#pragma once

#include "gemm_tiles.cuh"

#include <tirx/exec/tma.hpp>

namespace tirx_kernels::gemm_sm90 {

template <class Out> TIRX_HD inline float to_float(Out x) {
  if constexpr (cuda::std::is_same_v<Out, float>)
    return x;
  else if constexpr (cuda::std::is_same_v<Out, half>)
    return __half2float(x);
  else
    return __bfloat162float(x);
}
template <class Out> TIRX_HD inline Out from_float(float x) {
  if constexpr (cuda::std::is_same_v<Out, float>)
    return x;
  else if constexpr (cuda::std::is_same_v<Out, half>)
    return __float2half_rn(x);
  else
    return __float2bfloat16_rn(x);
}
/// Two neighbours of a row as one store: bf16x2, half2 or float2.
template <class Out> TIRX_HD inline auto pair_of(float x, float y) {
  if constexpr (cuda::std::is_same_v<Out, float>)
    return float2{x, y};
  else if constexpr (cuda::std::is_same_v<Out, half>)
    return __floats2half2_rn(x, y);
  else
    return __floats2bfloat162_rn(x, y);
}
template <class Out> using pair_t = decltype(pair_of<Out>(0.0f, 0.0f));

#if defined(__CUDACC__)
/// acc = fn(alpha acc + beta C + bias) in place; (row, col): the element
/// of register 0 in D (batch bt). Branch-free: C and the bias are read at
/// indices clamped into D (what lies outside D is computed but never
/// stored), C only when beta != 0 (one uniform branch). BN: the tile's N.
/// DCol: D and C column-major and the bias along the other mode (the
/// caller's column is the launch's row: Config's DCol).
template <class Epi, int BN, bool DCol, class P, class Acc>
__device__ TIRX_FORCEINLINE void apply_epilogue(Acc& acc, const P& p, int row, int col, int bt) {
  auto clamp = [](int x, int end) { return x < end ? x : end - 1; };
  if (p.beta != 0.0f) {
    // C's element (i, j): i ldc + j, or j ldc + i under DCol
    const auto* c0 = p.c + bt * p.stride_c + (DCol ? clamp(row, p.m) : clamp(row, p.m) * p.ldc);
    const auto* c1 =
        p.c + bt * p.stride_c + (DCol ? clamp(row + 8, p.m) : clamp(row + 8, p.m) * p.ldc);
#pragma unroll
    for (int r = 0; r < BN / 2; ++r) {
      const int j = clamp(col + 8 * (r / 4) + r % 2, p.n);
      const auto* c = (r / 2) % 2 ? c1 : c0;
      acc.data()[r] = p.alpha * acc.data()[r] + p.beta * to_float(DCol ? c[j * p.ldc] : c[j]);
    }
  } else {
#pragma unroll
    for (int r = 0; r < BN / 2; ++r)
      acc.data()[r] *= p.alpha;
  }
  const auto* bias = p.bias + bt * p.stride_bias;
  constexpr bool along_col = (Epi::bias == Bias::column) != DCol;
#pragma unroll
  for (int r = 0; r < BN / 2; ++r) {
    float v = acc.data()[r];
    if constexpr (Epi::bias != Bias::none && along_col)
      v += to_float(bias[clamp(col + 8 * (r / 4) + r % 2, p.n)]);
    else if constexpr (Epi::bias != Bias::none)
      v += to_float(bias[clamp(row + 8 * ((r / 2) % 2), p.m)]);
    acc.data()[r] = p.fn(v);
  }
}

/// The TMA-store epilogue of consumer c: the values into this warpgroup's
/// swizzled staging (64 rows of (64, 128-byte) blocks; fp32 in two passes
/// of 128 columns; with 4 stages of 128 x 256, a ring of two one-box slots,
/// a pass per box), then one thread's TMA stores, which run on while the
/// next tile's mainloop starts. (row0, col0): the part's corner in D.
template <class Cfg, class Acc>
__device__ TIRX_FORCEINLINE void store_staged(const Acc& acc, typename Cfg::Out* stage_d,
                                              const typename Cfg::MapD& map_d, int c, int row0,
                                              int col0, int bt) {
  using Out = typename Cfg::Out;
  static_assert(!Cfg::d_col || sizeof(Out) == 2, "store_staged: a column-major D is 16-bit");
  using View = BoxTile<Out, 2, 64, Cfg::d_cols>;            // the registers' view
  using TileD = BoxTile<Out, Cfg::rank, 64, Cfg::d_cols>;   // the TMA stores' (batch mode first)
  constexpr int cols = Cfg::d_cols, pass_n = Cfg::d_pass_n; // columns per pass
  constexpr int passes = Cfg::tile_n / pass_n, slots = Cfg::d_slots;
  const int t = static_cast<int>(threadIdx.x % 128), w = t / 32, l = t % 32;
  // passes with constant numbers (the accumulator's registers are indexed
  // by constants only): one (bf16, fp16) or two (fp32) through the whole
  // staging, or one per box through a ring of two slots
  auto pass_of = [&](auto pass_constant) {
    constexpr int pass = decltype(pass_constant)::value;
    Out* slot = stage_d + (pass % slots) * 64 * pass_n;
    if (t == 0)
      tma::store_wait_read<slots - 1>(); // the stores that read this slot last are done
    named_barrier_sync(1 + c, 128);
#pragma unroll
    for (int r = pass * pass_n / 2; r < (pass + 1) * pass_n / 2; r += 2) {
      const int row = 16 * w + l / 4 + 8 * ((r / 2) % 2);
      const int col = 8 * (r / 4) + 2 * (l % 4) - pass * pass_n;
      auto blk = decl_tensor<View>(slot + (col / cols) * 64 * cols);
      if constexpr (Cfg::d_col) { // D column-major: the part's columns are D's rows
        blk(col % cols, row) = from_float<Out>(acc.data()[r]);
        blk(col % cols + 1, row) = from_float<Out>(acc.data()[r + 1]);
      } else {
        *reinterpret_cast<pair_t<Out>*>(&blk(row, col % cols)) =
            pair_of<Out>(acc.data()[r], acc.data()[r + 1]);
      }
    }
    fence_proxy_async_shared();
    named_barrier_sync(1 + c, 128);
    if (t == 0) {
#pragma unroll
      for (int j = 0; j < pass_n / cols; ++j) {
        auto blk = decl_tensor<TileD>(slot + j * 64 * cols);
        const int at_col = col0 + pass * pass_n + j * cols; // (D column-major: D's row)
        if constexpr (Cfg::rank == 3)
          tma::store(map_d, blk, bt, Cfg::d_col ? at_col : row0, Cfg::d_col ? row0 : at_col);
        else
          tma::store(map_d, blk, Cfg::d_col ? at_col : row0, Cfg::d_col ? row0 : at_col);
      }
      tma::store_commit();
    }
  };
  [&]<int... P>(cuda::std::integer_sequence<int, P...>) {
    (pass_of(cuda::std::integral_constant<int, P>{}), ...);
  }
  (cuda::std::make_integer_sequence<int, passes>{});
}

/// The epilogue from the registers: bounded stores into the m x n matrix
/// d (rows ld apart; pairs where its rows and pointer allow; Cols: d
/// column-major, element (i, j) at j ld + i, one element per store). (row,
/// col): register 0's element. BN: the tile's N. Also the split-K partials.
template <class Out, int BN, bool Cols = false, class Acc>
__device__ TIRX_FORCEINLINE void store_rows(const Acc& acc, Out* d, long long ld, int m, int n,
                                            bool pairs, int row, int col) {
#pragma unroll
  for (int r = 0; r < BN / 2; r += 2) {
    const int i = row + 8 * ((r / 2) % 2), j = col + 8 * (r / 4);
    auto at = [&](int x) -> Out& { return Cols ? d[x * ld + i] : d[i * ld + x]; };
    if (!Cols && i < m && j + 1 < n && pairs) {
      *reinterpret_cast<pair_t<Out>*>(d + i * ld + j) =
          pair_of<Out>(acc.data()[r], acc.data()[r + 1]);
    } else if (i < m) {
      if (j < n)
        at(j) = from_float<Out>(acc.data()[r]);
      if (j + 1 < n)
        at(j + 1) = from_float<Out>(acc.data()[r + 1]);
    }
  }
}

/// The epilogue from the registers into D (batch bt): store_rows (column-
/// major for Config's DCol).
template <class Cfg, class Acc, class P>
__device__ TIRX_FORCEINLINE void store_direct(const Acc& acc, const P& p, int row, int col,
                                              int bt) {
  store_rows<typename Cfg::Out, Cfg::tile_n, Cfg::d_col>(acc, p.d + bt * p.stride_d, p.ldd, p.m,
                                                         p.n, p.pairs, row, col);
}
#endif

} // namespace tirx_kernels::gemm_sm90
