// TMA in im2col mode: one load gathers a column of pixels of an NWC / NHWC
// / NDHWC tensor (an Im2colTensorMap, tensor/tensor_map_im2col.hpp, encoded
// by make_im2col_tensor_map) into a shared tile of (pixels, channels), one
// pixel per row, completing its bytes on an mbarrier like tma::load (bar:
// an MBarrier, a TMABarrier or the word's cuda::std::uint64_t*):
//
//   tma::load_im2col(tile, map, bar, n, [d,] h, w, c, [off_d,] off_h, off_w)
//   tma::load_im2col(tile, map, bar, tile::cache_hint(p), n, ..., off_w)
//   tma::load_im2col_multicast(tile, map, bar, cta_mask, n, ..., off_w)   (sm_90a)
//   tma::prefetch_im2col(map, n, ..., off_w)              the same pixels into L2
//   tma::store_im2col(map, tile, [tile::cache_hint(p),] n, [d,] h, w, c)   shared -> global
//   tma::reduce_im2col_add / _min / _max(map, tile, [hint,] n, ..., c)   global op= shared
//
// The arguments after the barrier are Map::rank coordinates, outermost
// first as the tensor's shape, then Map::rank - 2 im2col offsets, outermost
// first ((d,) h, w). The coordinates name the first pixel of the column
// (the filter window's corner of the first output pixel: lower corner +
// output position x traversal stride, negative in the padding) and the
// first channel c. The unit then walks the pixels of the map's bounding box
// (from the lower corner to extent - 1 + upper corner in each spatial mode,
// in steps of the traversal stride), W fastest, then H, D and N, and loads
// for each pixel the one `offsets` away from it (the filter tap, in
// pixels: tap x dilation): channels c .. c + channels - 1 of that pixel, or
// zeros where it lies outside the tensor (the padding, or past the last
// image). The offsets are 16-bit unsigned; c times sizeof(T) must be a
// multiple of 16 bytes (debug builds check both).
#pragma once

#include <tirx/exec/tma.hpp>
#include <tirx/tensor/tensor_map_im2col.hpp>

namespace tirx::tma {

namespace detail {
template <class Map, class... A> TIRX_HD constexpr bool im2col_arg_rules() {
  static_assert(is_im2col_tensor_map_v<Map>,
                "tirx::tma::load_im2col: the map must be a tirx::Im2colTensorMap "
                "(make_im2col_tensor_map on the host)");
  if constexpr (is_im2col_tensor_map_v<Map>) {
    static_assert(sizeof...(A) == 2 * Map::rank - 2,
                  "tirx::tma::load_im2col: give the tensor's coordinates (n, [d,] h, w, c, "
                  "outermost first) and then one im2col offset per spatial mode ([d,] h, w)");
    static_assert((cuda::std::is_integral_v<A> && ...),
                  "tirx::tma: the coordinates are integers (elements of the tensor)");
  }
  return true; // the rules above report
}

template <class Map, class... C> TIRX_HD constexpr bool im2col_store_rules() {
  static_assert(is_im2col_tensor_map_v<Map>,
                "tirx::tma::store_im2col: the map must be a tirx::Im2colTensorMap "
                "(make_im2col_tensor_map on the host)");
  if constexpr (is_im2col_tensor_map_v<Map>) {
    static_assert(sizeof...(C) == Map::rank,
                  "tirx::tma::store_im2col: give the tensor's coordinates (n, [d,] h, w, c, "
                  "outermost first) and no im2col offsets (the im2col_no_offs mode has none)");
    static_assert((cuda::std::is_integral_v<C> && ...),
                  "tirx::tma: the coordinates are integers (elements of the tensor)");
  }
  return true; // the rules above report
}

#if defined(__CUDACC__)
/// The coordinates and offsets of args (coordinates, then offsets, each
/// outermost first) in the driver's order (innermost first).
struct Im2colArgs {
  Coords5 c;
  Offsets3 o;
};
template <class Map, class... A> __device__ TIRX_FORCEINLINE Im2colArgs im2col_args(A... args) {
  constexpr int R = Map::rank;
  Im2colArgs out{};
  if constexpr (sizeof...(A) != 2 * R - 2) {
    return out; // (im2col_arg_rules reports)
  } else {
    const long long a[sizeof...(A)] = {static_cast<long long>(args)...};
#pragma unroll
    for (int i = 0; i < R; ++i)
      out.c.v[R - 1 - i] = static_cast<cuda::std::int32_t>(a[i]);
#pragma unroll
    for (int i = 0; i < R - 2; ++i) {
      TIRX_CHECK(a[R + i] >= 0 && a[R + i] <= 65535,
                 "tirx::tma::load_im2col: an im2col offset lies outside 0..65535 (they are 16-bit "
                 "unsigned); give the filter tap times the dilation, in pixels");
      out.o.v[R - 3 - i] = static_cast<cuda::std::uint16_t>(a[R + i]);
    }
    TIRX_CHECK(static_cast<long long>(out.c.v[0]) *
                       static_cast<long long>(sizeof(typename Map::element_type)) % 16 ==
                   0,
               "tirx::tma: the innermost coordinate is not a multiple of 16 bytes (8 bf16, 4 "
               "floats); the TMA unit traps on it: start the box at a 16-byte column");
    return out;
  }
}
#endif
} // namespace detail

#if defined(__CUDACC__)

/// Loads the column of Map::pixels pixels starting at the coordinates, each
/// moved by the offsets, into tile; the bytes complete on the mbarrier bar.
template <class Smem, class Map, class Bar, class... A>
requires(!(cuda::std::is_same_v<A, tile::CacheHint> || ...)) __device__ TIRX_FORCEINLINE
    void load_im2col(const Smem& smem, const Map& map, Bar bar, A... args) {
  TIRX_BARRIER_RULE(Bar, "tirx::tma::load_im2col: ");
  static_assert(detail::im2col_arg_rules<Map, A...>() && detail::tile_rules<0, Smem, Map>());
  detail::check_align<Map>(smem);
  detail::arch_rule<Map>();
  const detail::Im2colArgs a = detail::im2col_args<Map>(args...);
  detail::load_im2col<Map::rank, 0>(detail::smem_address(detail::tile_ptr<Map>(smem)),
                                    map.descriptor(), detail::smem_address(barrier_word(bar)), a.c,
                                    a.o);
}
/// The same with an L2 cache policy.
template <class Smem, class Map, class Bar, class... A>
__device__ TIRX_FORCEINLINE void load_im2col(const Smem& smem, const Map& map, Bar bar,
                                             tile::CacheHint hint, A... args) {
  TIRX_BARRIER_RULE(Bar, "tirx::tma::load_im2col: ");
  static_assert(detail::im2col_arg_rules<Map, A...>() && detail::tile_rules<0, Smem, Map>());
  detail::check_align<Map>(smem);
  detail::arch_rule<Map>();
  const detail::Im2colArgs a = detail::im2col_args<Map>(args...);
  detail::load_im2col<Map::rank, 1>(detail::smem_address(detail::tile_ptr<Map>(smem)),
                                    map.descriptor(), detail::smem_address(barrier_word(bar)), a.c,
                                    a.o, 0, hint.policy);
}

/// The column into the tile at the same shared offset in every CTA of the
/// cluster whose bit is set in cta_mask, each completing on its own mbarrier
/// at bar's offset (as tma::load_multicast). Needs sm_90a.
template <class Smem, class Map, class Bar, class... A>
requires(!(cuda::std::is_same_v<A, tile::CacheHint> || ...)) __device__ TIRX_FORCEINLINE
    void load_im2col_multicast(const Smem& smem, const Map& map, Bar bar,
                               cuda::std::uint16_t cta_mask, A... args) {
  TIRX_BARRIER_RULE(Bar, "tirx::tma::load_im2col_multicast: ");
  static_assert(detail::im2col_arg_rules<Map, A...>() && detail::tile_rules<0, Smem, Map>());
  detail::check_align<Map>(smem);
  detail::arch_rule<Map>();
  if constexpr (!detail::multicast_available) {
    detail::multicast_unavailable<Map>();
  } else {
    const detail::Im2colArgs a = detail::im2col_args<Map>(args...);
    detail::load_im2col<Map::rank, 2>(detail::smem_address(detail::tile_ptr<Map>(smem)),
                                      map.descriptor(), detail::smem_address(barrier_word(bar)),
                                      a.c, a.o, cta_mask);
  }
}
template <class Smem, class Map, class Bar, class... A>
__device__ TIRX_FORCEINLINE void load_im2col_multicast(const Smem& smem, const Map& map, Bar bar,
                                                       cuda::std::uint16_t cta_mask,
                                                       tile::CacheHint hint, A... args) {
  TIRX_BARRIER_RULE(Bar, "tirx::tma::load_im2col_multicast: ");
  static_assert(detail::im2col_arg_rules<Map, A...>() && detail::tile_rules<0, Smem, Map>());
  detail::check_align<Map>(smem);
  detail::arch_rule<Map>();
  if constexpr (!detail::multicast_available) {
    detail::multicast_unavailable<Map>();
  } else {
    const detail::Im2colArgs a = detail::im2col_args<Map>(args...);
    detail::load_im2col<Map::rank, 3>(detail::smem_address(detail::tile_ptr<Map>(smem)),
                                      map.descriptor(), detail::smem_address(barrier_word(bar)),
                                      a.c, a.o, cta_mask, hint.policy);
  }
}

/// Brings the pixels one load_im2col with the same arguments reads into L2.
template <class Map, class... A>
__device__ TIRX_FORCEINLINE void prefetch_im2col(const Map& map, A... args) {
  static_assert(detail::im2col_arg_rules<Map, A...>());
  detail::arch_rule<Map>();
  const detail::Im2colArgs a = detail::im2col_args<Map>(args...);
  detail::prefetch_im2col<Map::rank>(map.descriptor(), a.c, a.o);
}

namespace detail {
template <ReduceOp Op, bool Hint, class Map, class Smem, class... C>
__device__ TIRX_FORCEINLINE void store_im2col(const Map& map, const Smem& smem,
                                              cuda::std::uint64_t policy, C... coords) {
  static_assert(im2col_store_rules<Map, C...>() && tile_rules<1, Smem, Map>());
  check_align<Map>(smem);
  arch_rule<Map>();
  if constexpr (sizeof...(C) == Map::rank)
    store_im2col<Map::rank, Op, Hint>(map.descriptor(), smem_address(tile_ptr<Map>(smem)), policy,
                                      store_coords<Map>(coords...));
}
} // namespace detail

/// Writes the tile's Map::pixels rows (Map::channels channels each) to the
/// pixels of the map's walk from the coordinates, as load_im2col reads them
/// with all offsets 0 (the im2col_no_offs mode): the first row to the pixel
/// at the coordinates, the next ones through the bounding box, W fastest;
/// pixels outside the tensor are skipped. In this thread's bulk group, like
/// tma::store (store_commit, store_wait; fence_proxy_async_shared before it
/// for the tile's generic writes). No coordinate may be negative (debug builds check).
template <class Map, class Smem, class... C>
requires(!(cuda::std::is_same_v<C, tile::CacheHint> || ...)) __device__ TIRX_FORCEINLINE
    void store_im2col(const Map& map, const Smem& smem, C... coords) {
  detail::store_im2col<detail::ReduceOp::none, false>(map, smem, 0, coords...);
}
template <class Map, class Smem, class... C>
__device__ TIRX_FORCEINLINE void store_im2col(const Map& map, const Smem& smem,
                                              tile::CacheHint hint, C... coords) {
  detail::store_im2col<detail::ReduceOp::none, true>(map, smem, hint.policy, coords...);
}

/// The same pixels op= the tile's rows (elementwise, atomically per element),
/// in the bulk group: reduce_im2col_add / _min / _max, with an optional
/// tile::cache_hint before the coordinates.
#define TIRX_TMA_I2C_REDUCE(NAME, OP)                                                              \
  template <class Map, class Smem, class... C>                                                     \
  requires(!(cuda::std::is_same_v<C, tile::CacheHint> || ...)) __device__ TIRX_FORCEINLINE void    \
  NAME(const Map& map, const Smem& smem, C... coords) {                                            \
    detail::store_im2col<detail::ReduceOp::OP, false>(map, smem, 0, coords...);                    \
  }                                                                                                \
  template <class Map, class Smem, class... C>                                                     \
  __device__ TIRX_FORCEINLINE void NAME(const Map& map, const Smem& smem, tile::CacheHint hint,    \
                                        C... coords) {                                             \
    detail::store_im2col<detail::ReduceOp::OP, true>(map, smem, hint.policy, coords...);           \
  }
TIRX_TMA_I2C_REDUCE(reduce_im2col_add, add)
TIRX_TMA_I2C_REDUCE(reduce_im2col_min, min)
TIRX_TMA_I2C_REDUCE(reduce_im2col_max, max)
#undef TIRX_TMA_I2C_REDUCE

#endif // __CUDACC__

} // namespace tirx::tma
