// Allocation: per-thread local tensors and static shared-memory tensors.
#pragma once

#include <tirx/tensor/tensor.hpp>

namespace tirx {

namespace detail {
/// Elements one thread must hold for a layout: its storage()'s reach on m
/// (span()), rounded up to whole 2^(M+B)-element blocks under a swizzle,
/// which moves elements within their block.
TIRX_HD constexpr index_t local_elements(const TileLayout& l) {
  TileLayout st = storage(l);
  index_t n = span(st, Axis{0});
  if (st.swz.active()) {
    index_t block = index_t{1} << (st.swz.base + st.swz.bits);
    n = (n + block - 1) / block * block;
  }
  return n;
}
TIRX_HD constexpr bool local_reach_ok(const TileLayout& l) {
  return range_on(storage(l), Axis{0}).lo >= 0;
}
TIRX_HD constexpr int storage_align(index_t bytes, int elem_align) {
  int a = elem_align;
  while (a < 16 && bytes % (2 * a) == 0)
    a *= 2;
  return a;
}
} // namespace detail

/// Per-thread storage with a layout (TIRx alloc_local): each thread owns
/// the slots that storage(layout) reaches on m. The result owns its array,
/// so it is a value; its views point into it. The CUDA compiler keeps the
/// array in registers when every index is static after inlining.
///   auto regs = alloc_local<float, shape(2, 32, 3, 4), register_layout>();
template <class T, Shape Shp, TileLayout Lay = row_major(Shp)>
TIRX_HD constexpr auto alloc_local() {
  static_assert(check_layout<Lay>());
  static_assert(
      Shp.size() == Lay.size(),
      "tirx::alloc_local: the shape and the layout must have the same number of elements");
  static_assert(detail::local_reach_ok(Lay),
                "tirx::alloc_local: the layout places elements at negative local offsets");
  constexpr index_t n = detail::local_elements(Lay);
  constexpr int align = detail::storage_align(n * index_t{sizeof(T)}, alignof(T));
  // ArrayStorage's constructor leaves the values uninitialised, like registers
  return Tensor<T, typename detail::shape_type_of<Shp>::type, MemScope::local, align,
                typename detail::layout_type_of<Lay>::type, ArrayStorage<T, n, align>>{};
}
/// The same with types: alloc_local<float, ShapeT<4>, LayoutT<...>>().
template <class T, class ShpT, class LayT = row_major_t<ShpT>>
requires(is_shape_type_v<ShpT>&& is_layout_type_v<LayT>) TIRX_HD constexpr auto alloc_local() {
  return alloc_local<T, ShpT::value, LayT::value>();
}

#if defined(__CUDACC__)
/// A shared-memory tensor whose size is fixed at compile time (TIRx
/// alloc_shared). Storage belongs to the template arguments: two calls with
/// the same arguments in one kernel share it, so give distinct tags to
/// distinct buffers of the same type and shape:
///   auto a = alloc_shared<float, shape(128)>();
///   auto b = alloc_shared<float, shape(128), row_major(shape(128)), struct b_tag>();
/// (SMEMPool carves many buffers out of dynamic shared memory instead.)
template <class T, Shape Shp, TileLayout Lay = row_major(Shp), class Tag = void, int Align = 16>
__device__ TIRX_FORCEINLINE auto alloc_shared() {
  static_assert(check_layout<Lay>());
  static_assert(
      Shp.size() == Lay.size(),
      "tirx::alloc_shared: the shape and the layout must have the same number of elements");
  static_assert(!Lay.has_thread_axis(), "tirx::alloc_shared: a shared tensor's layout may use "
                                        "memory axes only (drop thread axes with storage())");
  static_assert(detail::local_reach_ok(Lay),
                "tirx::alloc_shared: the layout reaches negative offsets");
  constexpr index_t n = detail::local_elements(Lay);
  __shared__ __align__(Align) unsigned char bytes[n * sizeof(T)];
  return Tensor<T, typename detail::shape_type_of<Shp>::type, MemScope::shared, Align,
                typename detail::layout_type_of<Lay>::type>{reinterpret_cast<T*>(bytes)};
}
#endif

} // namespace tirx
