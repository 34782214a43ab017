// Row operations on the register fragment of a matrix instruction (the
// wgmma accumulator, an mma.sync fragment, any rank-2 register tile whose
// layout spreads a (Rows, Cols) tile over lanes and warps): which rows and
// columns a thread holds, reductions along rows (within the thread, then
// across the lanes that share the rows), per-row updates (rescale,
// divide), per-element updates that see the element's coordinates
// (masks on tile edges), and the type conversion that turns an fp32
// accumulator into 16-bit values in the same layout (the register A
// operand of the next wgmma, P in attention).
//
//   auto s = alloc_wgmma_accumulator<float, 128>();   // (64, 128)
//   auto mx = row_reduce(fmax_op{}, -INFINITY, s);    // cuda::std::array<float, 2>
//   row_map([](float v, float m) { return v - m; }, s, mx);
//   coord_map([&](float v, int r, int c) { return c <= r ? v : -INFINITY; }, s);
//   auto p = alloc_like<nv_bfloat16>(s);              // (64, 128) bf16, same layout
//   convert(p, s);
//   tile::apply<wgmma>(o, p.sub(_, range<0, 16>), v, scope::warpgroup);
//
// The facts come from the layout at compile time: every shard lies in the
// rows or in the columns (none straddles), its axis is the register axis m,
// laneid, wid_in_wg or warpid, and a row is never spread over warps (so a
// row reduction needs shuffles only). A layout that breaks one of these is
// refused with a message (exec/fragment_facts.hpp). The conversions and
// stores are in exec/fragment_store.hpp.
#pragma once

#include <tirx/exec/fragment_facts.hpp>

namespace tirx {

#if defined(__CUDACC__)
/// The (row, column) of the calling thread's first element in the tile:
/// add the static offsets of coord_map to it (the thread's part of the
/// layout, read from the thread's lane and warp).
template <class Frag> __device__ TIRX_FORCEINLINE cuda::std::array<int, 2> fragment_origin() {
  using F = detail::facts_of<Frag>;
  int r = 0, c = 0;
  detail::static_for<F::shards.n>([&](auto i) {
    constexpr auto sh = F::shards.at[decltype(i)::value];
    if constexpr (sh.axis != axis_id::m && sh.extent > 1) {
      const index_t digit = (detail::fragment_thread_coord(sh.axis) / sh.stride) % sh.extent;
      r += static_cast<int>(digit * sh.row_step);
      c += static_cast<int>(digit * sh.col_step);
    }
  });
  return {r, c};
}

/// Folds the values of each row within the calling thread: result[j] =
/// f(...f(init, x0), x1...) over the slots of row j (no shuffles).
template <class F, class T, class Frag>
__device__ TIRX_FORCEINLINE RowValues<T, Frag> row_fold(F f, T init, const Frag& x) {
  static_assert(detail::check_fragment<Frag>());
  using Fa = detail::facts_of<Frag>;
  RowValues<T, Frag> out;
#pragma unroll
  for (int j = 0; j < Fa::held; ++j)
    out[j] = init;
  detail::static_for<Fa::slots>([&](auto k) {
    constexpr int j = Fa::table.row_index[decltype(k)::value];
    constexpr index_t reg = Fa::table.reg[decltype(k)::value];
    out[j] = f(out[j], x.data()[reg]);
  });
  return out;
}

/// Combines per-row values across the lanes that hold the same rows (the
/// four lanes of a quad for wgmma and mma.sync accumulators), with xor
/// shuffles; every lane of the warp must call, and each gets its rows'
/// results. f associative and commutative; T 32 bits.
template <class Frag, class F, class T, size_t R>
__device__ TIRX_FORCEINLINE cuda::std::array<T, R> row_combine(F f, cuda::std::array<T, R> v) {
  static_assert(detail::check_fragment<Frag>());
  using Fa = detail::facts_of<Frag>;
  static_assert(!Fa::rows_span_warps,
                "tirx::row_combine: the fragment spreads a row over several warps; shuffles "
                "reach one warp only (reduce across warps through shared memory, cta_reduce)");
  static_assert(Fa::lane_masks.pow2, "tirx::row_combine: the lanes that share a row are not a "
                                     "power-of-two group with power-of-two strides");
  static_assert(sizeof(T) == 4, "tirx::row_combine: shuffles move 32-bit values here");
  detail::static_for<Fa::lane_masks.n>([&](auto b) {
    constexpr int mask = static_cast<int>(Fa::lane_masks.mask[decltype(b)::value]);
#pragma unroll
    for (size_t j = 0; j < R; ++j)
      v[j] = f(v[j], __shfl_xor_sync(0xffffffffu, v[j], mask));
  });
  return v;
}

/// row_fold, then row_combine: each row's value over the whole tile row.
template <class F, class T, class Frag>
__device__ TIRX_FORCEINLINE RowValues<T, Frag> row_reduce(F f, T init, const Frag& x) {
  return row_combine<Frag>(f, row_fold(f, init, x));
}

/// x = f(x, v[row]) for every element: a per-row rescale, shift or divide.
template <class F, class Frag, class T, size_t R>
__device__ TIRX_FORCEINLINE void row_map(F f, Frag& x, const cuda::std::array<T, R>& v) {
  static_assert(detail::check_fragment<Frag>());
  using Fa = detail::facts_of<Frag>;
  static_assert(R == static_cast<size_t>(Fa::held),
                "tirx::row_map: one value per row the thread holds (RowValues<T, Frag>)");
  detail::static_for<Fa::slots>([&](auto k) {
    constexpr index_t reg = Fa::table.reg[decltype(k)::value];
    constexpr int j = Fa::table.row_index[decltype(k)::value];
    x.data()[reg] = f(x.data()[reg], v[j]);
  });
}

/// The rows the calling thread holds, ascending, plus row0 (the tile's
/// first row in a bigger matrix).
template <class Frag>
__device__ TIRX_FORCEINLINE RowValues<int, Frag> fragment_row_coords(int row0 = 0) {
  static_assert(detail::check_fragment<Frag>());
  using Fa = detail::facts_of<Frag>;
  const int r = row0 + fragment_origin<Frag>()[0];
  RowValues<int, Frag> out;
  detail::static_for<Fa::held>([&](auto j) {
    constexpr int dr = static_cast<int>(Fa::table.row_of[decltype(j)::value]);
    out[decltype(j)::value] = r + dr;
  });
  return out;
}

/// x = f(x, row, col) for every element, (row, col) its coordinates in the
/// tile plus (row0, col0) (the tile's place in a bigger matrix): masks on
/// tile edges, causal masks.
template <class F, class Frag>
__device__ TIRX_FORCEINLINE void coord_map(F f, Frag& x, int row0 = 0, int col0 = 0) {
  static_assert(detail::check_fragment<Frag>());
  using Fa = detail::facts_of<Frag>;
  const auto o = fragment_origin<Frag>();
  const int r = row0 + o[0], c = col0 + o[1];
  detail::static_for<Fa::slots>([&](auto k) {
    constexpr index_t reg = Fa::table.reg[decltype(k)::value];
    constexpr int dr = static_cast<int>(Fa::table.row[decltype(k)::value]);
    constexpr int dc = static_cast<int>(Fa::table.col[decltype(k)::value]);
    x.data()[reg] = f(x.data()[reg], r + dr, c + dc);
  });
}

/// x = f(x, y, row, col) for every element, y a second register tile of
/// x's layout (its element at the same place): updates that combine two
/// fragments of one matrix, e.g. attention's backward dS = P * (dP - D[col]):
///   coord_map([&](float dp, float p, int, int c) { return p * (dp - d[c]); }, dp, p);
template <class F, class Frag, class Other>
requires is_tensor_v<cuda::std::remove_cvref_t<Other>> __device__ TIRX_FORCEINLINE void
coord_map(F f, Frag& x, const Other& y, int row0 = 0, int col0 = 0) {
  static_assert(detail::check_fragment<Frag>());
  using X = cuda::std::remove_cvref_t<Frag>;
  using Y = cuda::std::remove_cvref_t<Other>;
  static_assert(Y::scope == MemScope::local && X::layout() == Y::layout() &&
                    X::shape() == Y::shape(),
                "tirx::coord_map: the second tile must be a register tile of the first's shape "
                "and layout (alloc_like<T>(first))");
  using Fa = detail::facts_of<Frag>;
  const auto o = fragment_origin<Frag>();
  const int r = row0 + o[0], c = col0 + o[1];
  detail::static_for<Fa::slots>([&](auto k) {
    constexpr index_t reg = Fa::table.reg[decltype(k)::value];
    constexpr int dr = static_cast<int>(Fa::table.row[decltype(k)::value]);
    constexpr int dc = static_cast<int>(Fa::table.col[decltype(k)::value]);
    x.data()[reg] = f(x.data()[reg], y.data()[reg], r + dr, c + dc);
  });
}
#endif

} // namespace tirx
