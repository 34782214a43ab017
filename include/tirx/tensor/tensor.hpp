// Tensor: a pointer (or a small owned array) plus a static type: element
// type, shape, memory scope, pointer alignment and layout. Every view
// (sub, view, permute, rearrange) returns another Tensor over the same
// storage; every static fact is checked at compile time.
#pragma once

#include <tirx/core/integer.hpp>
#include <tirx/layout/layout_type.hpp>
#include <tirx/layout/ops.hpp>
#include <tirx/tensor/dtype.hpp>
#include <tirx/tensor/gather.hpp>
#include <tirx/tensor/rearrange.hpp>
#include <tirx/tensor/retype.hpp>
#include <tirx/tensor/mem_scope.hpp>
#include <tirx/tensor/storage.hpp>
#include <tirx/tensor/sub.hpp>

namespace tirx {

/// The row-major layout type of a ShapeT.
namespace detail {
template <class Shp> struct row_major_of {
  static constexpr TileLayout value = row_major(Shp::value);
  using type = typename layout_type_of<value>::type;
};
} // namespace detail
template <class Shp> using row_major_t = typename detail::row_major_of<Shp>::type;

namespace detail {
/// permute() of a static layout, evaluated when instantiated. (A constexpr
/// array of the indices in Tensor::permute itself would be a constant
/// address in a template definition, which nvcc's front end evaluates the
/// call with at every include: +900 MB of cudafe++ memory.)
template <TileLayout L, Shape S, int... P> TIRX_HD constexpr PermuteResult permute_of() {
  constexpr int perm[max_rank] = {P...};
  return ::tirx::permute(L, S, perm);
}
} // namespace detail

/// The rvalue overloads of the views of an owning tensor: refused, since the
/// view would outlive the registers it points at.
#define TIRX_TEMPORARY_TILE_VIEW(OP)                                                               \
  static_assert(!owns_storage_v<Store>,                                                            \
                "tirx::Tensor::" OP ": a view of a temporary register tile would dangle (its "     \
                "registers die at the end of the expression); name the tile (auto regs = "         \
                "alloc_local<...>();) and take views of that variable")

// -- Tensor --------------------------------------------------------------------

/// A tensor: storage plus its static type.
///   T        element type (float, half, ..., see dtype.hpp)
///   Shp      ShapeT<...>, the logical shape (row-major)
///   Sc       memory scope
///   Align    alignment of data() in bytes
///   Lay      LayoutT<...>, the placement of each logical element
///   Store    PointerStorage<T> for views, ArrayStorage for alloc_local
template <class T, class Shp, MemScope Sc = MemScope::global, int Align = alignof(T),
          class Lay = row_major_t<Shp>, class Store = PointerStorage<T>>
class Tensor : detail::register_tile_not_copyable<owns_storage_v<Store>> {
  static_assert(is_shape_type_v<Shp>,
                "tirx::Tensor: the shape must be a ShapeT<...>, e.g. ShapeT<2, 32, 4>");
  static_assert(is_layout_type_v<Lay>, "tirx::Tensor: the layout must be a LayoutT; write "
                                       "layout_type<value> or layout_type<layout_of<\"...\">>");
  static_assert(Shp::value.valid(), "tirx::Tensor: every shape extent must be at least 1");
  static_assert(Shp::size == Lay::value.size(),
                "tirx::Tensor: the shape and the layout must have the same number of elements; "
                "give a layout whose shard extents multiply to the shape's size");
  static_assert(Align > 0 && (Align & (Align - 1)) == 0,
                "tirx::Tensor: align must be a power of two");
  static_assert(detail::check_register_threads<Lay::value, Sc == MemScope::local>());

public:
  using element_type = T;
  using value_type = cuda::std::remove_cv_t<T>;
  using shape_type = Shp;
  using layout_type = Lay;
  using storage_type = Store;
  static constexpr MemScope scope = Sc;
  static constexpr int align = Align;
  static constexpr int rank = Shp::rank;
  /// Whether the tensor owns its storage (alloc_local): then it is not
  /// copied, and its views are taken of a named variable only.
  static constexpr bool owning = owns_storage_v<Store>;

  /// The shape and layout as values (for constant expressions).
  TIRX_HD static constexpr Shape shape() { return Shp::value; }
  TIRX_HD static constexpr TileLayout layout() { return Lay::value; }
  TIRX_HD static constexpr index_t size() { return Shp::size; }

  /// Run-time index type: int when every offset fits in 31 bits.
  using index_type = cuda::std::conditional_t<(Shp::size < (index_t{1} << 31) &&
                                               span(Lay::value, Axis{0}) < (index_t{1} << 31)),
                                              int, long long>;

  Store store; // owned arrays start uninitialised, like registers

  constexpr Tensor() = default;
  TIRX_HD constexpr explicit Tensor(T* p) requires cuda::std::is_same_v<Store, PointerStorage<T>>
      : store{p} {}

  /// The base data pointer.
  TIRX_HD constexpr T* data() const requires cuda::std::is_same_v<Store, PointerStorage<T>> {
    return store.data();
  }
  TIRX_HD constexpr T* data() requires(!cuda::std::is_same_v<Store, PointerStorage<T>>) {
    return store.data();
  }
  TIRX_HD constexpr const T* data() const
      requires(!cuda::std::is_same_v<Store, PointerStorage<T>>) {
    return store.data();
  }

  /// Offset on m of a logical coordinate (one index per mode).
  template <class... I> TIRX_HD TIRX_FORCEINLINE static constexpr index_type offset_of(I... idx) {
    static_assert(sizeof...(I) == rank, "tirx::Tensor: give one index per mode");
    static_assert(Sc != MemScope::tmem,
                  "tirx::Tensor: tensor memory is read and written with tcgen05 "
                  "instructions, not by element");
    constexpr GroupedLayout g = regroup(Lay::value, Shp::value);
    if constexpr (g.ok) {
      // mode by mode: a mode spread over threads only (warp, lane) adds
      // nothing, so register tiles keep static slots whatever the thread
      index_type off = static_cast<index_type>(Lay::value.offset_on(Axis{0}));
      [&]<int... D>(cuda::std::integer_sequence<int, D...>) {
        ((off +=
          detail::mode_offset<g.layout, g.bound[D], g.bound[D + 1]>(static_cast<index_type>(idx))),
         ...);
      }
      (cuda::std::make_integer_sequence<int, rank>{});
      if constexpr (Lay::value.swz.active()) {
        constexpr Swizzle sw = Lay::value.swz;
        constexpr index_type mask =
            static_cast<index_type>(((index_t{1} << sw.bits) - 1) << (sw.shift + sw.base));
        off ^= (off & mask) >> sw.shift;
      }
      return off;
    } else {
      return axis_offset<Lay::value, Axis{0}>(Shp::template flatten<index_type>(idx...));
    }
  }

  /// A[i] on a 1-D tensor, or A[ramp(base, stride, lanes)] (see vector.hpp).
  template <class I> TIRX_HD TIRX_FORCEINLINE constexpr decltype(auto) operator[](I i) const& {
    if constexpr (cuda::std::is_integral_v<I> || is_static_int_v<I>) {
      static_assert(rank == 1,
                    "tirx::Tensor::operator[]: use A(i, j, ...) for tensors of several modes");
      return (*this)(i);
    } else {
      return at(*this, i);
    }
  }
  /// The same on a mutable owning tensor (alloc_local): `values[k] = x` and
  /// `values[ramp(...)] = v` write (the const overload would give const T&).
  template <class I> TIRX_HD TIRX_FORCEINLINE constexpr decltype(auto) operator[](I i) & {
    if constexpr (cuda::std::is_integral_v<I> || is_static_int_v<I>) {
      static_assert(rank == 1,
                    "tirx::Tensor::operator[]: use A(i, j, ...) for tensors of several modes");
      return (*this)(i);
    } else {
      return at(view(), i);
    }
  }
  template <class I> TIRX_HD constexpr decltype(auto) operator[](I i) const&& requires owning {
    TIRX_TEMPORARY_TILE_VIEW("operator[]");
    return static_cast<const Tensor&>(*this)[i];
  }

  /// A pointer to element (i, j, ...): this thread's slot for distributed layouts.
  template <class... I> TIRX_HD TIRX_FORCEINLINE constexpr auto ptr_to(I... idx) const {
    return data() + offset_of(idx...);
  }
  template <class... I> TIRX_HD TIRX_FORCEINLINE constexpr auto ptr_to(I... idx) {
    return data() + offset_of(idx...);
  }

  /// Element access.
  template <class... I>
  TIRX_HD TIRX_FORCEINLINE constexpr decltype(auto) operator()(I... idx) const {
    return data()[offset_of(idx...)];
  }
  template <class... I> TIRX_HD TIRX_FORCEINLINE constexpr decltype(auto) operator()(I... idx) {
    return data()[offset_of(idx...)];
  }

  /// The same storage as a pointer view (an owning local tensor stays put).
  TIRX_HD constexpr auto view() & {
    return Tensor<T, Shp, Sc, Align, Lay, PointerStorage<T>>{data()};
  }
  TIRX_HD constexpr auto view() const& {
    using C = cuda::std::conditional_t<cuda::std::is_same_v<Store, PointerStorage<T>>, T, const T>;
    return Tensor<C, Shp, Sc, Align, Lay, PointerStorage<C>>{data()};
  }
  TIRX_HD constexpr auto view() const&& requires owning {
    TIRX_TEMPORARY_TILE_VIEW("view");
    return static_cast<const Tensor&>(*this).view();
  }

  /// view<64, 4>(): the same elements under another shape of equal size.
  template <index_t... Dims> TIRX_HD constexpr auto view() const&& requires owning {
    TIRX_TEMPORARY_TILE_VIEW("view");
    return static_cast<const Tensor&>(*this).template view<Dims...>();
  }
  template <index_t... Dims> TIRX_HD constexpr auto view() const& {
    static_assert(sizeof...(Dims) > 0,
                  "tirx::Tensor::view: give the new shape, e.g. view<64, 4>()");
    static_assert((index_t{1} * ... * Dims) == Shp::size,
                  "tirx::Tensor::view: the new shape must have as many elements as the tensor; "
                  "check the extents (use sub() to select a part)");
    auto self = base_view();
    return Tensor<elem_t, ShapeT<Dims...>, Sc, Align, Lay, PointerStorage<elem_t>>{self.data()};
  }

  /// view<U>(): the same bytes as elements of type U (8 halves as 4 uint32).
  template <class U>
  requires(!is_static_int_v<U> && owning) TIRX_HD auto view() const&& {
    TIRX_TEMPORARY_TILE_VIEW("view<U>");
    return static_cast<const Tensor&>(*this).template view<U>();
  }
  template <class U>
  requires(!is_static_int_v<U>) TIRX_HD auto view() const& {
    static_assert(dtype_traits<U>::known,
                  "tirx::Tensor::view<U>: U must be a tirx element type (see dtype.hpp)");
    constexpr RetypeResult r = retype(Lay::value, Shp::value, dtype_bits<T>, dtype_bits<U>);
    if constexpr (detail::retype_checked<r.error>()) {
      using U2 = cuda::std::conditional_t<cuda::std::is_const_v<T>, const U, U>;
      return Tensor<U2, typename detail::shape_type_of<r.shape>::type, Sc, Align,
                    typename detail::layout_type_of<r.layout>::type, PointerStorage<U2>>{
          reinterpret_cast<U2*>(base_view().data())};
    }
  }

  /// permute<1, 0>(): reorder the modes; new mode i is old mode P[i].
  template <int... P> TIRX_HD constexpr auto permute() const&& requires owning {
    TIRX_TEMPORARY_TILE_VIEW("permute");
    return static_cast<const Tensor&>(*this).template permute<P...>();
  }
  template <int... P> TIRX_HD constexpr auto permute() const& {
    static_assert(sizeof...(P) == rank, "tirx::Tensor::permute: give one mode index per mode");
    constexpr bool grouped = regroup(Lay::value, Shp::value).ok;
    static_assert(grouped,
                  "tirx::Tensor::permute: the layout's iters do not split along the shape's "
                  "modes; view<...>() to a shape that matches the layout first");
    constexpr PermuteResult r = detail::permute_of<Lay::value, Shp::value, P...>();
    static_assert(r.ok || !grouped,
                  "tirx::Tensor::permute: the indices must be a permutation of 0..rank-1");
    if constexpr (r.ok)
      return Tensor<elem_t, typename detail::shape_type_of<r.shape>::type, Sc, Align,
                    typename detail::layout_type_of<r.layout>::type, PointerStorage<elem_t>>{
          base_view().data()};
  }

  /// sub(i, all, range<0, 4>, range_from<8>(k), c<2>): a region. An integer
  /// drops its mode, a range narrows it (with a step), all keeps it. Static
  /// indices (c<k>, range<...>) may select along any axis; run-time ones only
  /// along memory (they move the pointer), in a swizzled tensor by whole
  /// swizzle repeats (the stage of a (stages, rows, cols) ring).
  template <class... A> TIRX_HD constexpr auto sub(A... a) const&& requires owning {
    TIRX_TEMPORARY_TILE_VIEW("sub");
    return static_cast<const Tensor&>(*this).sub(a...);
  }
  template <class... A> TIRX_HD constexpr auto sub(A... a) const& {
    static_assert(sizeof...(A) == rank,
                  "tirx::Tensor::sub: give one index, range or all per mode of the tensor");
    constexpr detail::SubPlan plan = detail::make_sub_plan<A...>(Lay::value, Shp::value);
    static_assert(
        !plan.index_out_of_range,
        "tirx::Tensor::sub: a static index is outside its mode; indices run from 0 to extent-1");
    static_assert(!plan.range_out_of_range,
                  "tirx::Tensor::sub: a static range reaches past the end of its mode");
    static_assert(!plan.dynamic_on_thread_axis,
                  "tirx::Tensor::sub: a run-time index can only select along memory; this mode is "
                  "spread over threads, so use a static index c<k> or range<b, e>");
    static_assert(!plan.dynamic_with_swizzle,
                  "tirx::Tensor::sub: a run-time index into a swizzled tensor must step by whole "
                  "swizzle repeats (1024 bytes for the 128-byte swizzle); use a static index "
                  "(c<k>, range<b, e>) or index a mode of whole repeats (a ring's stage)");
    static_assert(!plan.dyn_range_not_affine, "tirx::Tensor::sub: a run-time range needs a mode "
                                              "with one memory stride; use a static range");
    constexpr SliceResult r = slice(Lay::value, Shp::value, plan.spec);
    static_assert(r.ok || plan.index_out_of_range || plan.range_out_of_range,
                  "tirx::Tensor::sub: this range cannot be expressed with the layout's iters (it "
                  "must cover whole inner iters without wrapping); pick an aligned range");
    if constexpr (r.ok && !plan.dynamic_on_thread_axis && !plan.dynamic_with_swizzle) {
      constexpr GroupedLayout g = regroup(Lay::value, Shp::value);
      index_type off = 0;
      auto add = [&]<int D, class X>(X x) {
        using XD = cuda::std::remove_cvref_t<X>;
        if constexpr (cuda::std::is_integral_v<XD>) {
          [[maybe_unused]] constexpr index_t dim = Shp::value.dims[D]; // read by TIRX_CHECK only
          TIRX_CHECK(detail::index_within(x, dim),
                     "tirx::Tensor::sub: run-time index outside its mode");
          off +=
              detail::mode_offset<g.layout, g.bound[D], g.bound[D + 1]>(static_cast<index_type>(x));
        } else if constexpr (requires { x.begin; }) {
          [[maybe_unused]] constexpr index_t dim = Shp::value.dims[D]; // read by TIRX_CHECK only
          TIRX_CHECK(x.begin >= 0 && x.begin + (XD::len - 1) * XD::step < dim,
                     "tirx::Tensor::sub: run-time range reaches outside its mode");
          off += detail::mode_offset<g.layout, g.bound[D], g.bound[D + 1]>(
              static_cast<index_type>(x.begin));
        }
      };
      [&]<int... D>(cuda::std::integer_sequence<int, D...>) {
        (add.template operator()<D>(a), ...);
      }
      (cuda::std::make_integer_sequence<int, rank>{});
      constexpr bool dynamic = ((cuda::std::is_integral_v<A> || requires { A::len; }) || ...);
      constexpr int new_align =
          dynamic ? detail::pow2_divisor(plan.dyn_stride_gcd * index_t{sizeof(T)}, Align) : Align;
      return Tensor<elem_t, typename detail::shape_type_of<r.shape>::type, Sc, new_align,
                    typename detail::layout_type_of<r.layout>::type, PointerStorage<elem_t>>{
          base_view().data() + off};
    }
  }

  /// rearrange<"(warp lane) value -> warp lane value", "warp=2 lane=32">():
  /// split, merge and reorder modes with an einops pattern. Names in one
  /// parenthesised group merge into one mode; sizes not given are inferred.
  template <fixed_string Pattern, fixed_string Sizes = "">
  TIRX_HD constexpr auto rearrange() const&& requires owning {
    TIRX_TEMPORARY_TILE_VIEW("rearrange");
    return static_cast<const Tensor&>(*this).template rearrange<Pattern, Sizes>();
  }
  template <fixed_string Pattern, fixed_string Sizes = "">
  TIRX_HD constexpr auto rearrange() const& {
    constexpr RearrangeResult r = detail::checked_rearrange<Pattern, Sizes>(Shp::value);
    if constexpr (detail::rearrange_checked<r.error>()) {
      constexpr Shape el = r.elementary;
      return [&]<int... I>(cuda::std::integer_sequence<int, I...>) {
        return this->template view<el.dims[I]...>().template permute<r.perm[I]...>();
      }
      (cuda::std::make_integer_sequence<int, el.rank>{}).template view_shape<r.out>();
    }
  }

  /// gather<M>(indices): mode M looked up through a tensor of integer indices
  /// (tensor/gather.hpp); element (a..., k..., b...) is this(a..., indices(k...), b...).
  template <int M = 0, class I> TIRX_HD constexpr auto gather(I&& indices) const&& requires owning {
    TIRX_TEMPORARY_TILE_VIEW("gather");
    return static_cast<const Tensor&>(*this).template gather<M>(static_cast<I&&>(indices));
  }
  template <int M = 0, class I> TIRX_HD constexpr auto gather(I&& indices) const& {
    return detail::make_gathered<M>(base_view(), static_cast<I&&>(indices));
  }

  /// view_shape<shape(64, 4)>(): view<...>() with a Shape value.
  template <Shape V> TIRX_HD constexpr auto view_shape() const&& requires owning {
    TIRX_TEMPORARY_TILE_VIEW("view_shape");
    return static_cast<const Tensor&>(*this).template view_shape<V>();
  }
  template <Shape V> TIRX_HD constexpr auto view_shape() const& {
    return [&]<int... I>(cuda::std::integer_sequence<int, I...>) {
      return this->template view<V.dims[I]...>();
    }
    (cuda::std::make_integer_sequence<int, V.rank>{});
  }

private:
  using elem_t = T;
  TIRX_HD constexpr auto base_view() const& {
    return Tensor<elem_t, Shp, Sc, Align, Lay, PointerStorage<elem_t>>{const_cast<elem_t*>(data())};
  }
};

template <class T> inline constexpr bool is_tensor_v = false;
template <class T, class Shp, MemScope Sc, int A, class L, class St>
inline constexpr bool is_tensor_v<Tensor<T, Shp, Sc, A, L, St>> = true;
/// Whether X (references and const aside) is a tensor that owns its
/// registers (alloc_local), which is passed by reference, never copied.
namespace detail {
template <class X> inline constexpr bool owning_tensor = false;
template <class T, class Shp, MemScope Sc, int A, class L, class St>
inline constexpr bool owning_tensor<Tensor<T, Shp, Sc, A, L, St>> = owns_storage_v<St>;
} // namespace detail
template <class X>
inline constexpr bool is_owning_tensor_v = detail::owning_tensor<cuda::std::remove_cvref_t<X>>;

/// A tensor type over global memory, for kernel parameters:
/// GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16>.
template <class T, class Shp, int Align = alignof(T), class Lay = row_major_t<Shp>>
using GlobalTensor = Tensor<T, Shp, MemScope::global, Align, Lay>;

/// A tensor view of the given type over an existing pointer (TIRx
/// decl_tensor). In debug builds the pointer's alignment is checked.
template <class TensorType> TIRX_HD TensorType decl_tensor(typename TensorType::element_type* ptr) {
  static_assert(is_tensor_v<TensorType>,
                "tirx::decl_tensor: the template argument must be a tirx::Tensor type");
  TIRX_CHECK(reinterpret_cast<unsigned long long>(ptr) % TensorType::align == 0,
             "tirx::decl_tensor: the pointer is less aligned than the tensor type's align");
  return TensorType{ptr};
}

} // namespace tirx
