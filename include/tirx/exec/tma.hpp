// TMA: boxes of a global tensor copied by the tensor memory accelerator
// (cp.async.bulk.tensor, sm_90), described by a TensorMap
// (tensor/tensor_map.hpp; encoded on the host by make_tensor_map) that the
// kernel takes as a `const __grid_constant__` parameter. One thread issues
// each copy; the copy runs asynchronously:
//
//   tma::load(tile, map, bar, c...)      global -> shared; completes bytes on the mbarrier bar
//   tma::load_multicast(tile, map, bar, mask, c...)   the same box into every CTA of mask
//   tma::store(map, tile, c...)          shared -> global, in the thread's bulk group
//   tma::reduce_add/min/max(map, tile, c...)          global op= shared, in the bulk group
//   tma::store_commit(), store_wait<N>(), store_wait_read<N>()   the bulk groups
//   tma::prefetch(map, c...)             the box into L2
//   tma::prefetch_tensor_map(map)        the descriptor into its cache
//   tma::box_bytes<Map>                  the bytes of one box (mbarrier arrive_expect_tx)
//   tma::cluster_mask<N>()               the ctaMask of every CTA of a cluster of N
//   tma::multicast_bytes<Map, N>         what each CTA's barrier expects when N CTAs multicast
//   tma::multicast_slice<N>(tile, rank)  the part of tile that CTA rank loads for all N
//
// bar is a tirx::MBarrier (a BarrierRing's full(stage), alloc_barriers'
// bars[i]), a TMABarrier, or the barrier word's cuda::std::uint64_t*
// (is_barrier_v, exec/barrier.hpp); anything else is a compile-time error.
// A tile written with plain stores before a store needs
// fence_proxy_async_shared() (exec/fence.hpp) by every writing thread, then
// a CTA barrier.
//
// The coordinates c... are the box's first element in the tensor, in
// elements, one per mode in the tensor's index order (outermost first, as
// the tensor's shape); they may run past the end (the elements outside
// the tensor are zero-filled on loads and skipped on stores), and a load's
// may be negative (a store's or reduction's must not: the unit traps). The innermost (last)
// coordinate times sizeof(T) must be a multiple of 16 bytes (8 bf16, 4 floats): the TMA unit traps
// on any other (cudaErrorIllegalInstruction), in bounds or not. The shared tile must be a shared
// tensor of the map's element type and SmemLayout (Map::smem_tensor<>), or a sub-tile of a bigger
// one with that layout that starts on a swizzle atom (exec/tma_tile.hpp): anything else is a
// compile-time error. Every copy has a form with an L2 cache policy as the argument before the
// coordinates: tma::load(tile, map, bar, tile::cache_hint(p), c...). Debug builds check the tile's
// alignment (Map::smem_align bytes: 128, and 1024 for the 128-byte swizzle) and the innermost
// coordinate's 16 bytes at run time.
#pragma once

#include <tirx/exec/options.hpp>
#include <tirx/exec/pipeline.hpp>
#include <tirx/exec/tma_asm.hpp>
#include <tirx/exec/tma_tile.hpp>
#include <tirx/tensor/tensor_map.hpp>

namespace tirx::tma {

/// The bytes one box of Map moves: the transaction count a load adds to
/// its mbarrier (arrive_expect_tx with box_bytes<Map> x boxes). A host
/// constant: in device code use its value (unsigned{box_bytes<Map>} where a
/// function takes a reference, as cuda::ptx's arrive_expect_tx does).
template <class Map> inline constexpr unsigned box_bytes = Map::box_bytes;

namespace detail {
template <int First, int Count, int Stride> TIRX_HD constexpr cuda::std::uint16_t mask_of() {
  static_assert(Count >= 1 && Stride >= 1 && First >= 0 && First + (Count - 1) * Stride < 16,
                "tirx::tma::cluster_mask: a cluster has at most 16 CTAs (the ctaMask of a "
                "multicast has 16 bits, one per %cluster_ctarank); name ranks 0..15");
  unsigned m = 0;
  for (int i = 0; i < Count; ++i)
    m |= 1u << (First + i * Stride);
  return static_cast<cuda::std::uint16_t>(m);
}
template <class Map, int N> TIRX_HD constexpr unsigned multicast_bytes_of() {
  static_assert(N >= 1 && N <= 16,
                "tirx::tma::multicast_bytes<Map, N>: a cluster has 1 to 16 CTAs");
  static_assert(static_cast<unsigned long long>(N) * Map::box_bytes <= mbarrier_max_count,
                "tirx::tma::multicast_bytes<Map, N>: a phase takes fewer than 2^20 bytes; split "
                "the tile over more stages");
  return static_cast<unsigned>(N) * Map::box_bytes;
}
} // namespace detail

/// The ctaMask of a multicast to every CTA of a cluster of N (bits 0..N-1,
/// bit i: the CTA of %cluster_ctarank i), as load_multicast takes it.
template <int N> TIRX_HD constexpr cuda::std::uint16_t cluster_mask() {
  return detail::mask_of<0, N, 1>();
}
/// The ctaMask of Count CTAs First, First + Stride, ...: a row (Stride 1) or
/// a column (Stride: the row's length) of a 2-D cluster, whose ranks run
/// along x first. Needs First + (Count - 1) * Stride < 16.
template <int Count, int Stride, int First = 0>
TIRX_HD constexpr cuda::std::uint16_t cluster_mask() {
  return detail::mask_of<First, Count, Stride>();
}
/// The ctaMask of the cluster_mask<Count, Stride> pattern from a run-time
/// first rank (this CTA's row or column). Debug builds check that it fits
/// 16 bits.
template <int Count, int Stride> TIRX_HD constexpr cuda::std::uint16_t cluster_mask(int first) {
  TIRX_CHECK(first >= 0 && first + (Count - 1) * Stride < 16,
             "tirx::tma::cluster_mask: the ranks reach past 15 (ctaMask has 16 bits)");
  return static_cast<cuda::std::uint16_t>(detail::mask_of<0, Count, Stride>() << first);
}

/// The transaction bytes each CTA's barrier expects when each of N CTAs of
/// a cluster loads one box of Map and multicasts it to all N: every CTA
/// receives all N boxes (the whole tile), its own and its peers', and the
/// peers' complete_tx land on its barrier as its own do.
template <class Map, int N>
inline constexpr unsigned multicast_bytes = detail::multicast_bytes_of<Map, N>();

/// The slice of a shared tile that CTA `rank` of a cluster of N loads and
/// multicasts: part `rank` of N equal parts of the tile's outermost mode (a
/// (64, 64) tile in a cluster of 4: rows 16 rank .. 16 rank + 15), a view
/// of the same memory (the pointer moves by whole parts). Each part must
/// start on a swizzle atom: a compile-time error otherwise.
template <int N, class Smem> TIRX_HD constexpr auto multicast_slice(const Smem& tile, int rank) {
  constexpr Shape s = Smem::shape();
  static_assert(N >= 1 && N <= 16, "tirx::tma::multicast_slice<N>: a cluster has 1 to 16 CTAs");
  static_assert(s.dims[0] % N == 0, "tirx::tma::multicast_slice<N>: the tile's outermost extent "
                                    "must split into N equal slices");
  constexpr TileLayout l = Smem::layout();
  constexpr long long repeat = l.swz.active() ? (1ll << (l.swz.base + l.swz.shift + l.swz.bits))
                                              : 128 / static_cast<long long>(sizeof(*tile.data()));
  constexpr bool on_atom = static_cast<long long>(s.size() / N) % repeat == 0;
  static_assert(on_atom,
                "tirx::tma::multicast_slice<N>: a slice must start on a swizzle atom (1024 bytes "
                "for b128, 128 unswizzled); give each CTA more rows or use fewer CTAs");
  TIRX_CHECK(rank >= 0 && rank < N, "tirx::tma::multicast_slice: rank outside 0..N-1");
  return [&]<int... I>(cuda::std::integer_sequence<int, I...>) {
    auto parts = tile.template view<N, s.dims[0] / N, s.dims[I + 1]...>();
    if constexpr (on_atom)
      return parts.sub(rank, _, ((void)I, _)...);
    else // (reported above; slice 0 keeps the caller free of further errors)
      return parts.sub(c<0>, _, ((void)I, _)...);
  }
  (cuda::std::make_integer_sequence<int, s.rank - 1>{});
}

namespace detail {
template <class Map, class... C> TIRX_HD constexpr bool coord_rules() {
  static_assert(sizeof...(C) == Map::rank,
                "tirx::tma: give one coordinate per box mode, outermost first, as the tensor's "
                "shape");
  static_assert((cuda::std::is_integral_v<C> && ...),
                "tirx::tma: the coordinates are integers (elements of the tensor)");
  return true; // the rules above report
}

#if defined(__CUDACC__)
/// The coordinates in the driver's order (innermost first), padded to 5.
template <class... C> __device__ TIRX_FORCEINLINE Coords5 reversed(C... c) {
  Coords5 out{};
  int i = static_cast<int>(sizeof...(C));
  ((out.v[--i] = static_cast<cuda::std::int32_t>(c)), ...);
  return out;
}

/// reversed(c...), checking (debug builds) that the innermost coordinate is
/// a multiple of 16 bytes, as the TMA unit needs (it traps otherwise).
template <class Map, class... C> __device__ TIRX_FORCEINLINE Coords5 coords(C... c) {
  const Coords5 out = reversed(c...);
  TIRX_CHECK(static_cast<long long>(out.v[0]) *
                     static_cast<long long>(sizeof(typename Map::element_type)) % 16 ==
                 0,
             "tirx::tma: the innermost coordinate is not a multiple of 16 bytes (8 bf16, 4 "
             "floats); the TMA unit traps on it: start the box at a 16-byte column");
  return out;
}

/// coords<Map>(c...) for a store or reduction, checking (debug builds) that
/// no coordinate is negative: the TMA unit clips a store's box at the
/// tensor's end but traps on a box that starts before it (measured on an
/// H200: a (64, 64) store at row -5 traps, at row 5 runs; loads take
/// negative coordinates and zero-fill).
template <class Map, class... C> __device__ TIRX_FORCEINLINE Coords5 store_coords(C... c) {
  TIRX_CHECK(((static_cast<long long>(c) >= 0) && ...),
             "tirx::tma: a store or reduction box starts before the tensor (a negative "
             "coordinate); the TMA unit traps on it: clip the box's start to 0 (the end is "
             "clipped by the unit)");
  return coords<Map>(c...);
}

#endif
} // namespace detail

#if defined(__CUDACC__)

/// Loads the box at coords into tile; the bytes complete on the mbarrier
/// bar (in shared memory) of this CTA.
template <class Smem, class Map, class Bar, class... C>
requires(!(cuda::std::is_same_v<C, tile::CacheHint> || ...)) __device__ TIRX_FORCEINLINE
    void load(const Smem& smem, const Map& map, Bar bar, C... coords) {
  TIRX_BARRIER_RULE(Bar, "tirx::tma::load: ");
  static_assert(detail::tile_rules<0, Smem, Map>() && detail::coord_rules<Map, C...>());
  detail::check_align<Map>(smem);
  detail::arch_rule<Map>();
  const detail::Coords5 c = detail::coords<Map>(coords...);
  detail::by_rank<Map::rank>(
      [&](const auto& crd) {
        cuda::ptx::cp_async_bulk_tensor(cuda::ptx::space_cluster, cuda::ptx::space_global,
                                        detail::tile_ptr<Map>(smem), map.descriptor(), crd,
                                        barrier_word(bar));
      },
      c);
}
/// The same with an L2 cache policy.
template <class Smem, class Map, class Bar, class... C>
__device__ TIRX_FORCEINLINE void load(const Smem& smem, const Map& map, Bar bar,
                                      tile::CacheHint hint, C... coords) {
  TIRX_BARRIER_RULE(Bar, "tirx::tma::load: ");
  static_assert(detail::tile_rules<0, Smem, Map>() && detail::coord_rules<Map, C...>());
  detail::check_align<Map>(smem);
  detail::arch_rule<Map>();
  detail::load_hint<Map::rank>(detail::smem_address(detail::tile_ptr<Map>(smem)), map.descriptor(),
                               detail::smem_address(barrier_word(bar)), hint.policy,
                               detail::coords<Map>(coords...));
}

/// Loads the box at coords into the tile at the same shared offset in every
/// CTA of the cluster whose bit is set in cta_mask (bit i: the CTA of
/// %cluster_ctarank i), each completing on its own mbarrier at bar's
/// offset. Needs sm_90a (or sm_100a): a pass for plain sm_90 (the PTX of
/// -arch=sm_90a) traps.
template <class Smem, class Map, class Bar, class... C>
requires(!(cuda::std::is_same_v<C, tile::CacheHint> || ...)) __device__ TIRX_FORCEINLINE
    void load_multicast(const Smem& smem, const Map& map, Bar bar, cuda::std::uint16_t cta_mask,
                        C... coords) {
  TIRX_BARRIER_RULE(Bar, "tirx::tma::load_multicast: ");
  static_assert(detail::tile_rules<0, Smem, Map>() && detail::coord_rules<Map, C...>());
  detail::check_align<Map>(smem);
  detail::arch_rule<Map>();
  if constexpr (!detail::multicast_available) {
    detail::multicast_unavailable<Map>();
  } else {
    const detail::Coords5 c = detail::coords<Map>(coords...);
    detail::by_rank<Map::rank>(
        [&](const auto& crd) {
          cuda::ptx::cp_async_bulk_tensor(cuda::ptx::space_cluster, cuda::ptx::space_global,
                                          detail::tile_ptr<Map>(smem), map.descriptor(), crd,
                                          barrier_word(bar), cta_mask);
        },
        c);
  }
}
template <class Smem, class Map, class Bar, class... C>
__device__ TIRX_FORCEINLINE void load_multicast(const Smem& smem, const Map& map, Bar bar,
                                                cuda::std::uint16_t cta_mask, tile::CacheHint hint,
                                                C... coords) {
  TIRX_BARRIER_RULE(Bar, "tirx::tma::load_multicast: ");
  static_assert(detail::tile_rules<0, Smem, Map>() && detail::coord_rules<Map, C...>());
  detail::check_align<Map>(smem);
  detail::arch_rule<Map>();
  if constexpr (!detail::multicast_available) {
    detail::multicast_unavailable<Map>();
  } else {
    detail::multicast_hint<Map::rank>(detail::smem_address(detail::tile_ptr<Map>(smem)),
                                      map.descriptor(), detail::smem_address(barrier_word(bar)),
                                      cta_mask, hint.policy, detail::coords<Map>(coords...));
  }
}

/// Stores tile to the box at coords (elements outside the tensor are
/// skipped). Runs in this thread's bulk group: store_commit() then
/// store_wait<0>() (global written) or store_wait_read<0>() (tile reusable).
/// Generic writes to the tile before it need fence_proxy_async_shared()
/// first, by every writing thread, then a CTA barrier.
template <class Map, class Smem, class... C>
requires(!(cuda::std::is_same_v<C, tile::CacheHint> || ...)) __device__ TIRX_FORCEINLINE
    void store(const Map& map, const Smem& smem, C... coords) {
  static_assert(detail::tile_rules<1, Smem, Map>() && detail::coord_rules<Map, C...>());
  detail::check_align<Map>(smem);
  detail::arch_rule<Map>();
  const detail::Coords5 c = detail::store_coords<Map>(coords...);
  detail::by_rank<Map::rank>(
      [&](const auto& crd) {
        cuda::ptx::cp_async_bulk_tensor(cuda::ptx::space_global, cuda::ptx::space_shared,
                                        map.descriptor(), crd, detail::tile_ptr<Map>(smem));
      },
      c);
}
template <class Map, class Smem, class... C>
__device__ TIRX_FORCEINLINE void store(const Map& map, const Smem& smem, tile::CacheHint hint,
                                       C... coords) {
  static_assert(detail::tile_rules<1, Smem, Map>() && detail::coord_rules<Map, C...>());
  detail::check_align<Map>(smem);
  detail::arch_rule<Map>();
  detail::store_hint<Map::rank, detail::ReduceOp::none>(
      map.descriptor(), detail::smem_address(detail::tile_ptr<Map>(smem)), hint.policy,
      detail::store_coords<Map>(coords...));
}

namespace detail {
template <ReduceOp Op, class Map, class Smem, class... C>
__device__ TIRX_FORCEINLINE void reduce(const Map& map, const Smem& smem, C... coords) {
  static_assert(detail::tile_rules<1, Smem, Map>() && detail::coord_rules<Map, C...>());
  detail::check_align<Map>(smem);
  detail::arch_rule<Map>();
  const detail::Coords5 c = detail::store_coords<Map>(coords...);
  detail::by_rank<Map::rank>(
      [&](const auto& crd) {
        cuda::ptx::cp_reduce_async_bulk_tensor(cuda::ptx::space_global, cuda::ptx::space_shared,
                                               ptx_op<Op>(), map.descriptor(), crd,
                                               detail::tile_ptr<Map>(smem));
      },
      c);
}
template <ReduceOp Op, class Map, class Smem, class... C>
__device__ TIRX_FORCEINLINE void reduce(const Map& map, const Smem& smem, tile::CacheHint hint,
                                        C... coords) {
  static_assert(detail::tile_rules<1, Smem, Map>() && detail::coord_rules<Map, C...>());
  detail::check_align<Map>(smem);
  detail::arch_rule<Map>();
  detail::store_hint<Map::rank, Op>(map.descriptor(),
                                    detail::smem_address(detail::tile_ptr<Map>(smem)), hint.policy,
                                    detail::store_coords<Map>(coords...));
}
} // namespace detail

/// global[box at coords] += tile (elementwise, atomically per element), in
/// the bulk group. The map's element type picks the arithmetic (f32, f16,
/// bf16, s32, u32, u64, ...).
template <class Map, class Smem, class... A>
__device__ TIRX_FORCEINLINE void reduce_add(const Map& map, const Smem& smem, A... args) {
  detail::reduce<detail::ReduceOp::add>(map, smem, args...);
}
/// global[box] = min(global[box], tile), in the bulk group (integer, f16
/// and bf16 elements; PTX has no f32 min or max here).
template <class Map, class Smem, class... A>
__device__ TIRX_FORCEINLINE void reduce_min(const Map& map, const Smem& smem, A... args) {
  detail::reduce<detail::ReduceOp::min>(map, smem, args...);
}
/// global[box] = max(global[box], tile), in the bulk group (integer, f16
/// and bf16 elements).
template <class Map, class Smem, class... A>
__device__ TIRX_FORCEINLINE void reduce_max(const Map& map, const Smem& smem, A... args) {
  detail::reduce<detail::ReduceOp::max>(map, smem, args...);
}

/// Ends this thread's current bulk group (the stores and reductions since
/// the last commit).
template <class Any = void> __device__ TIRX_FORCEINLINE void store_commit() {
  cuda::ptx::cp_async_bulk_commit_group();
}
/// Waits until at most N of this thread's bulk groups are pending: their
/// writes to global memory are done.
template <int N = 0> __device__ TIRX_FORCEINLINE void store_wait() {
  static_assert(N >= 0 && N <= 63, "tirx::tma::store_wait<N>: N lies in 0..63");
  cuda::ptx::cp_async_bulk_wait_group(cuda::ptx::n32_t<N>{});
}
/// Waits until at most N bulk groups still read their shared sources (the
/// tiles may be overwritten; global memory may not be written yet).
template <int N = 0> __device__ TIRX_FORCEINLINE void store_wait_read() {
  static_assert(N >= 0 && N <= 63, "tirx::tma::store_wait_read<N>: N lies in 0..63");
  cuda::ptx::cp_async_bulk_wait_group_read(cuda::ptx::n32_t<N>{});
}

/// Brings the box at coords into L2 (cp.async.bulk.prefetch.tensor).
template <class Map, class... C>
requires(!(cuda::std::is_same_v<C, tile::CacheHint> || ...)) __device__ TIRX_FORCEINLINE
    void prefetch(const Map& map, C... coords) {
  static_assert(is_tensor_map_v<Map> && detail::coord_rules<Map, C...>());
  detail::arch_rule<Map>();
  detail::prefetch_box<Map::rank>(map.descriptor(), detail::coords<Map>(coords...));
}
template <class Map, class... C>
__device__ TIRX_FORCEINLINE void prefetch(const Map& map, tile::CacheHint hint, C... coords) {
  static_assert(is_tensor_map_v<Map> && detail::coord_rules<Map, C...>());
  detail::arch_rule<Map>();
  detail::prefetch_box_hint<Map::rank>(map.descriptor(), hint.policy,
                                       detail::coords<Map>(coords...));
}

/// Brings the descriptor itself into the TMA unit's cache (prefetch.tensormap);
/// one thread, early in the kernel.
template <class Map> __device__ TIRX_FORCEINLINE void prefetch_tensor_map(const Map& map) {
  static_assert(is_tensor_map_v<Map>, "tirx::tma::prefetch_tensor_map: takes a tirx::TensorMap");
  detail::arch_rule<Map>();
  detail::prefetch_map(map.descriptor());
}

#endif // __CUDACC__

} // namespace tirx::tma
