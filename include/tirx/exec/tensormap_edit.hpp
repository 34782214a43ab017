// Editing a tensor map on the device (tensormap.replace, sm_90a; copies and
// fences through cuda::ptx): a kernel that moves from one tensor to another
// (a grouped GEMM's next problem, a paged cache's next page) rewrites a
// TensorMap's fields instead of taking one map per tensor from the host.
//
//   __shared__ TMap edit;                       // 128-byte aligned, like every TensorMap
//   if (warp == 0) {                            // one warp
//     tma::copy_map(edit, param_map);           //   the template into shared memory
//     __syncwarp();
//     if (lane == 0) {
//       tma::replace_global_address(edit, group_ptr);
//       tma::replace_global_dim<0>(edit, cols);
//       tma::replace_global_stride<0>(edit, row_bytes);
//     }
//     __syncwarp();
//     tma::publish_map<FenceScope::gpu>(global_slot, edit);  // the whole warp
//   }
//   ...                                         // a consumer, after the slot is published:
//   tma::acquire_map<FenceScope::gpu>(global_slot);
//   tma::load(tile, global_slot, bar, x, y);
//
// The fields (tensormap.replace.tile.FIELD.SPACE.b1024.bN; SPACE .shared::cta
// for a map in shared memory, .global for one in global memory, the
// template parameter MapSpace says which): global_address, rank,
// global_dim, global_stride, box_dim, element_stride (a dimension Dim,
// innermost 0), elemtype, interleave_layout, swizzle_mode, fill_mode (a
// constant). publish_map is tensormap.cp_fenceproxy.global.shared::cta.
// tensormap::generic.release.SCOPE.sync.aligned (sm_90, every lane of a
// warp), acquire_map fence.proxy.tensormap::generic.acquire.SCOPE [map],
// 128 and release_maps fence.proxy.tensormap::generic.release.SCOPE (sm_90).
#pragma once

#include <tirx/exec/fence.hpp>
#include <tirx/exec/tma_asm.hpp>
#include <tirx/tensor/tensor_map.hpp>

namespace tirx::tma {

/// Where the map being edited lies.
enum class MapSpace { shared, global };

#if defined(__CUDACC__)
namespace detail {

/// The contracts of an edit of Map: a TensorMap, an sm_90 target.
template <class Map> __device__ TIRX_FORCEINLINE constexpr void edit_rules() {
  static_assert(is_tensor_map_v<Map>, "tirx::tma::replace_*: the map is a TensorMap<T, Box, "
                                      "Layout> (in shared or global memory)");
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
  static_assert(always_false<Map>,
                "tirx::tma::replace_*: tensormap.replace needs sm_90a or sm_100a, and this device "
                "pass targets an older architecture; compile with -arch=sm_90a, or keep the call "
                "under #if __CUDA_ARCH__ >= 900 in code built for several targets");
#endif
}

/// The cuda::ptx space tag of S.
template <MapSpace S> __device__ TIRX_FORCEINLINE constexpr auto space_tag() {
  if constexpr (S == MapSpace::shared)
    return cuda::ptx::space_shared;
  else
    return cuda::ptx::space_global;
}

/// The cuda::ptx scope tag of a fence scope.
template <FenceScope Sc> __device__ TIRX_FORCEINLINE constexpr auto scope_tag() {
  if constexpr (Sc == FenceScope::cta)
    return cuda::ptx::scope_cta;
  else if constexpr (Sc == FenceScope::cluster)
    return cuda::ptx::scope_cluster;
  else if constexpr (Sc == FenceScope::gpu)
    return cuda::ptx::scope_gpu;
  else
    return cuda::ptx::scope_sys;
}

/// Checks in debug builds that map lies in space S, then runs edit (the
/// sm_90a forms: a pass without the arch-specific features traps).
template <MapSpace S, class Map, class F>
__device__ TIRX_FORCEINLINE void edit(Map& map, [[maybe_unused]] F&& f) {
  edit_rules<Map>();
  TIRX_CHECK(S == MapSpace::shared ? __isShared(&map) != 0 : __isGlobal(&map) != 0,
             "tirx::tma::replace_*: the map is not in the state space MapSpace names "
             "(MapSpace::shared: a __shared__ TensorMap; MapSpace::global: one in global memory)");
#if TIRX_TMA_ARCH_SPECIFIC
  f(space_tag<S>(), map.descriptor());
#else
  ::tirx::detail::fail("tirx::tma::replace_*: this code was compiled for an sm_90 target without "
                       "the a; compile for sm_90a (-gencode=arch=compute_90a,code=sm_90a)");
#endif
}

template <int Dim, class Map> __device__ TIRX_FORCEINLINE constexpr void dim_rule() {
  static_assert(Dim >= 0 && Dim < Map::rank, "tirx::tma::replace_*<Dim>: the dimension lies in "
                                             "[0, the map's rank), innermost 0");
}

} // namespace detail

/// Copies the 128 bytes of map src into dst (a map in shared memory being
/// edited), one 16-byte word per lane of the calling threads: call it
/// from a warp, then __syncwarp() before the edits.
template <class Map> __device__ TIRX_FORCEINLINE void copy_map(Map& dst, const Map& src) {
  static_assert(is_tensor_map_v<Map>, "tirx::tma::copy_map: the maps are TensorMaps");
  const unsigned lane = threadIdx.x % 32;
  if (lane < 8)
    reinterpret_cast<uint4*>(dst.opaque)[lane] = reinterpret_cast<const uint4*>(src.opaque)[lane];
}

/// The tensor's global address (16-byte aligned, as the encoding needs).
template <MapSpace S = MapSpace::shared, class Map>
__device__ TIRX_FORCEINLINE void replace_global_address(Map& map,
                                                        const typename Map::element_type* p) {
  TIRX_CHECK((reinterpret_cast<unsigned long long>(p) & 15) == 0,
             "tirx::tma::replace_global_address: a tensor's address is 16-byte aligned");
  detail::edit<S>(map, [&](auto space, void* m) {
    cuda::ptx::tensormap_replace_global_address(space, m, reinterpret_cast<cuda::std::uint64_t>(p));
  });
}
/// The extent of dimension Dim (innermost 0), in elements.
template <int Dim, MapSpace S = MapSpace::shared, class Map>
__device__ TIRX_FORCEINLINE void replace_global_dim(Map& map, cuda::std::uint32_t extent) {
  detail::dim_rule<Dim, Map>();
  detail::edit<S>(map, [&](auto space, void* m) {
    cuda::ptx::tensormap_replace_global_dim(space, m, cuda::ptx::n32_t<Dim>{}, extent);
  });
}
/// The stride in bytes of dimension Dim + 1 (Dim 0: the second dimension's,
/// the row pitch; a multiple of 16).
template <int Dim, MapSpace S = MapSpace::shared, class Map>
__device__ TIRX_FORCEINLINE void replace_global_stride(Map& map, cuda::std::uint64_t bytes) {
  static_assert(Dim >= 0 && Dim + 1 < Map::rank,
                "tirx::tma::replace_global_stride<Dim>: Dim names the stride of dimension Dim + "
                "1, so it lies in [0, rank - 1)");
  TIRX_CHECK(bytes % 16 == 0, "tirx::tma::replace_global_stride: a stride is a multiple of 16 "
                              "bytes");
  detail::edit<S>(map, [&](auto space, void* m) {
    cuda::ptx::tensormap_replace_global_stride(space, m, cuda::ptx::n32_t<Dim>{}, bytes);
  });
}
/// The box's extent in dimension Dim (1..256), as the shared tile's.
template <int Dim, MapSpace S = MapSpace::shared, class Map>
__device__ TIRX_FORCEINLINE void replace_box_dim(Map& map, cuda::std::uint32_t extent) {
  detail::dim_rule<Dim, Map>();
  detail::edit<S>(map, [&](auto space, void* m) {
    cuda::ptx::tensormap_replace_box_dim(space, m, cuda::ptx::n32_t<Dim>{}, extent);
  });
}
/// The traversal stride of dimension Dim (1..8).
template <int Dim, MapSpace S = MapSpace::shared, class Map>
__device__ TIRX_FORCEINLINE void replace_element_stride(Map& map, cuda::std::uint32_t stride) {
  detail::dim_rule<Dim, Map>();
  detail::edit<S>(map, [&](auto space, void* m) {
    cuda::ptx::tensormap_replace_element_stride(space, m, cuda::ptx::n32_t<Dim>{}, stride);
  });
}
/// The rank less one (the encoding's field; a map of the same box rank).
template <MapSpace S = MapSpace::shared, class Map>
__device__ TIRX_FORCEINLINE void replace_rank(Map& map, cuda::std::uint32_t rank_minus_one) {
  detail::edit<S>(map, [&](auto space, void* m) {
    cuda::ptx::tensormap_replace_rank(space, m, rank_minus_one);
  });
}
/// The element type, swizzle, interleave and fill fields: constants of
/// the encoding (CUtensorMapDataType, CUtensorMapSwizzle, ...).
template <int V, MapSpace S = MapSpace::shared, class Map>
__device__ TIRX_FORCEINLINE void replace_elemtype(Map& map) {
  detail::edit<S>(map, [&](auto space, void* m) {
    cuda::ptx::tensormap_replace_elemtype(space, m, cuda::ptx::n32_t<V>{});
  });
}
template <int V, MapSpace S = MapSpace::shared, class Map>
__device__ TIRX_FORCEINLINE void replace_interleave_layout(Map& map) {
  detail::edit<S>(map, [&](auto space, void* m) {
    cuda::ptx::tensormap_replace_interleave_layout(space, m, cuda::ptx::n32_t<V>{});
  });
}
template <int V, MapSpace S = MapSpace::shared, class Map>
__device__ TIRX_FORCEINLINE void replace_swizzle_mode(Map& map) {
  detail::edit<S>(map, [&](auto space, void* m) {
    cuda::ptx::tensormap_replace_swizzle_mode(space, m, cuda::ptx::n32_t<V>{});
  });
}
template <int V, MapSpace S = MapSpace::shared, class Map>
__device__ TIRX_FORCEINLINE void replace_fill_mode(Map& map) {
  detail::edit<S>(map, [&](auto space, void* m) {
    cuda::ptx::tensormap_replace_fill_mode(space, m, cuda::ptx::n32_t<V>{});
  });
}

/// Copies the edited map src (shared memory) to dst (global memory) and
/// releases it to the tensormap proxy at Scope
/// (tensormap.cp_fenceproxy...release.SCOPE.sync.aligned): every lane of
/// the warp calls it, with the same maps.
template <FenceScope Scope = FenceScope::gpu, class Map>
__device__ TIRX_FORCEINLINE void publish_map(Map& dst, const Map& src) {
  static_assert(is_tensor_map_v<Map>, "tirx::tma::publish_map: the maps are TensorMaps");
  TIRX_NEEDS_SM90(Map, "tirx::tma::publish_map");
  TIRX_CHECK(__isGlobal(&dst) != 0 && __isShared(&src) != 0,
             "tirx::tma::publish_map: the destination is in global memory, the source in shared");
#if __CUDA_ARCH__ >= 900
  cuda::ptx::tensormap_cp_fenceproxy(cuda::ptx::sem_release, detail::scope_tag<Scope>(),
                                     dst.descriptor(), src.descriptor(), cuda::ptx::n32_t<128>{});
#endif
}

/// Makes a map that another thread published (or edited in global memory
/// and released) usable by this thread's TMA copies: acquire at Scope on
/// its 128 bytes (fence.proxy.tensormap::generic.acquire.SCOPE).
template <FenceScope Scope = FenceScope::gpu, class Map>
__device__ TIRX_FORCEINLINE void acquire_map(const Map& map) {
  static_assert(is_tensor_map_v<Map>, "tirx::tma::acquire_map: the map is a TensorMap");
  TIRX_NEEDS_SM90(Map, "tirx::tma::acquire_map");
#if __CUDA_ARCH__ >= 900
  cuda::ptx::fence_proxy_tensormap_generic(cuda::ptx::sem_acquire, detail::scope_tag<Scope>(),
                                           map.descriptor(), cuda::ptx::n32_t<128>{});
#endif
}

/// Releases this thread's generic writes of maps in global memory to the
/// tensormap proxy at Scope (fence.proxy.tensormap::generic.release.SCOPE),
/// after editing them in place (MapSpace::global).
template <FenceScope Scope = FenceScope::gpu, class T = void>
__device__ TIRX_FORCEINLINE void release_maps() {
  TIRX_NEEDS_SM90(T, "tirx::tma::release_maps");
#if __CUDA_ARCH__ >= 900
  cuda::ptx::fence_proxy_tensormap_generic(cuda::ptx::sem_release, detail::scope_tag<Scope>());
#endif
}
#endif

} // namespace tirx::tma
