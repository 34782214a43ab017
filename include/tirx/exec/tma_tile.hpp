// The shared tile of a TMA copy: the rules between a shared tensor and a
// map (tile_rules), the address the box starts at (tile_ptr) and its
// alignment check (check_align).
//
// A box lands in a tile of the map's element type and SmemLayout
// (Map::smem_tensor<>), or in a part of a bigger shared tile whose layout
// is the map's from a static offset on: a static sub (tile.sub(range<64,
// 128>, _), the lower half of a (128, 64) tile), or a run-time stage of a
// ring (ring.sub(stage, _, _), which moves the pointer). The part must
// start on a swizzle atom of the map's swizzle (Map::smem_align bytes
// after an aligned start: 1024 for the 128-byte swizzle, 8 rows of 128
// bytes; 128 unswizzled), since the unit swizzles by address; anything
// else is a compile-time error.
#pragma once

#include <tirx/exec/tma_asm.hpp>
#include <tirx/layout/measure.hpp>
#include <tirx/tensor/tensor_map.hpp>

namespace tirx::tma::detail {

/// The shape without its extent-1 modes: a (1, 64, 64) box fits a (64, 64)
/// tile.
TIRX_HD constexpr Shape squeezed(const Shape& s) {
  Shape r{};
  for (int i = 0; i < s.rank; ++i)
    if (s.dims[i] != 1)
      r.dims[r.rank++] = s.dims[i];
  return r;
}

TIRX_HD constexpr long long low_bit(long long x) { return x & -x; }

/// How a shared tensor Smem holds a box of Map: whether its layout is the
/// map's (from a static offset on), the offset in elements, and the
/// alignment its box start has.
template <class Smem, class Map> struct TileFit {
  static constexpr TileLayout lay = Smem::layout();
  static constexpr index_t offset = lay.offset_on(Axis{0});
  static constexpr long long offset_bytes =
      static_cast<long long>(offset) * static_cast<long long>(sizeof(typename Smem::value_type));
  static constexpr bool same_layout =
      cuda::std::is_same_v<typename Smem::layout_type, typename Map::smem_layout_type> ||
      (!lay.has_thread_axis() && squeezed(Smem::shape()) == squeezed(Map::box()) &&
       without_offsets(lay) == without_offsets(Map::smem_layout()));
  /// The box starts on a swizzle atom (128 bytes unswizzled).
  static constexpr bool on_atom = offset_bytes % Map::smem_align == 0;
  static constexpr long long align = offset_bytes == 0 || low_bit(offset_bytes) >= Smem::align
                                         ? Smem::align
                                         : low_bit(offset_bytes);
};

/// The rules between a shared tile and a map. Op 0: a load, 1: a store or
/// a reduction.
template <int Op, class Smem, class Map> TIRX_HD constexpr bool tile_rules() {
  static_assert(is_tma_map_v<Map>,
                "tirx::tma: the map must be a tirx::TensorMap (make_tensor_map on the host)");
  if constexpr (is_tma_map_v<Map>) {
    constexpr bool shared = Smem::scope == MemScope::shared || Smem::scope == MemScope::shared_dyn;
    constexpr bool same_type =
        cuda::std::is_same_v<typename Smem::value_type, typename Map::element_type>;
    using Fit = TileFit<Smem, Map>;
    constexpr bool same_layout = Fit::same_layout, on_atom = Fit::on_atom;
    static_assert(Op != 0 || shared,
                  "tirx::tma::load: the destination must be a shared-memory tensor; allocate "
                  "it with SMEMPool::alloc or alloc_shared");
    static_assert(Op != 0 || !shared || same_type,
                  "tirx::tma::load: the shared tile's element type differs from the map's; "
                  "allocate the tile with the map's element type (Map::element_type)");
    static_assert(Op != 0 || !shared || !same_type || same_layout,
                  "tirx::tma::load: the shared tile's layout is not the map's SmemLayout; "
                  "allocate it with Map::smem_layout() (Map::smem_tensor<>)");
    static_assert(Op != 0 || !shared || !same_type || !same_layout || on_atom,
                  "tirx::tma::load: the sub-tile starts inside a swizzle atom (its offset is not "
                  "a multiple of Map::smem_align bytes: 1024 for b128, 8 rows of 128 bytes); "
                  "start it on an atom");
    static_assert(Op != 1 || shared,
                  "tirx::tma::store: the source must be a shared-memory tensor; stage the data "
                  "in a shared tile of the map's layout");
    static_assert(Op != 1 || !shared || same_type,
                  "tirx::tma::store: the shared tile's element type differs from the map's; "
                  "stage the data in a tile of the map's element type");
    static_assert(Op != 1 || !shared || !same_type || same_layout,
                  "tirx::tma::store: the shared tile's layout is not the map's SmemLayout; "
                  "stage the data in a tile of Map::smem_layout() (Map::smem_tensor<>)");
    static_assert(Op != 1 || !shared || !same_type || !same_layout || on_atom,
                  "tirx::tma::store: the sub-tile starts inside a swizzle atom (its offset is "
                  "not a multiple of Map::smem_align bytes: 1024 for b128, 8 rows of 128 bytes); "
                  "start it on an atom");
    return shared || same_type || same_layout || true; // the rules above report
  }
  return true;
}

#if defined(__CUDACC__)
/// Where the box starts: the tile's pointer plus its static offset (a sub-tile's).
template <class Map, class Smem> __device__ TIRX_FORCEINLINE void* tile_ptr(const Smem& smem) {
  return const_cast<void*>(static_cast<const void*>(smem.data() + TileFit<Smem, Map>::offset));
}

/// Debug builds: the box start is aligned to Map::smem_align when the
/// tile's type does not already say so.
template <class Map, class Smem> __device__ TIRX_FORCEINLINE void check_align(const Smem& smem) {
  if constexpr (TileFit<Smem, Map>::align < Map::smem_align) {
    TIRX_CHECK(smem_address(tile_ptr<Map>(smem)) % Map::smem_align == 0,
               "tirx::tma: the shared tile is less aligned than the map's swizzle needs (128 "
               "bytes; 256, 512, 1024 for b32, b64, b128); allocate it with "
               "SMEMPool::alloc<T, Box, Layout, Map::smem_align>");
  }
}
#endif

} // namespace tirx::tma::detail
