// Vector access: a Ramp (base, stride, lanes) selects several elements of a
// 1-D tensor at once; reads give a vec<T, Lanes>, writes take one.
//   auto v = A[ramp(tx * 4, 1_c, 4_c)];   // one 16-byte load for float
//   B[ramp(tx * 4, 1_c, 4_c)] = v + 1.0f;
#pragma once

#include <tirx/tensor/tensor.hpp>

namespace tirx {

/// Lanes values of T (TIRx float32x4 is vec<float, 4>, laid out as float4).
template <class T, int Lanes>
struct alignas(sizeof(T) * Lanes <= 16 && ((sizeof(T) * Lanes) & (sizeof(T) * Lanes - 1)) == 0
                   ? sizeof(T) * Lanes
                   : alignof(T)) vec {
  T lane[Lanes];

  TIRX_HD constexpr T& operator[](int i) { return lane[i]; }
  TIRX_HD constexpr const T& operator[](int i) const { return lane[i]; }

#define TIRX_VEC_OP(OP)                                                                            \
  TIRX_HD friend constexpr vec operator OP(const vec& a, const vec& b) {                           \
    vec r{};                                                                                       \
    for (int i = 0; i < Lanes; ++i)                                                                \
      r.lane[i] = a.lane[i] OP b.lane[i];                                                          \
    return r;                                                                                      \
  }                                                                                                \
  TIRX_HD friend constexpr vec operator OP(const vec& a, const T& b) {                             \
    vec r{};                                                                                       \
    for (int i = 0; i < Lanes; ++i)                                                                \
      r.lane[i] = a.lane[i] OP b;                                                                  \
    return r;                                                                                      \
  }                                                                                                \
  TIRX_HD friend constexpr vec operator OP(const T& a, const vec& b) {                             \
    vec r{};                                                                                       \
    for (int i = 0; i < Lanes; ++i)                                                                \
      r.lane[i] = a OP b.lane[i];                                                                  \
    return r;                                                                                      \
  }
  TIRX_VEC_OP(+)
  TIRX_VEC_OP(-)
  TIRX_VEC_OP(*)
  TIRX_VEC_OP(/)
#undef TIRX_VEC_OP
};

/// The CUDA vector type of the same bytes, where there is one (float4, ...).
template <class V> struct cuda_vector;
template <> struct cuda_vector<vec<float, 4>> { using type = float4; };
template <> struct cuda_vector<vec<float, 2>> { using type = float2; };
template <> struct cuda_vector<vec<int, 4>> { using type = int4; };

namespace detail {
/// The value of a static integer type; 0 for a run-time one.
template <class S> inline constexpr index_t static_value_or_zero = 0;
template <class T, T V>
inline constexpr index_t static_value_or_zero<cuda::std::integral_constant<T, V>> = V;
} // namespace detail

/// Ramp(base, stride, lanes): indices base, base + stride, ... (lanes of them).
template <class Stride, class Lanes> struct Ramp {
  static_assert(is_static_int_v<Lanes>, "tirx::ramp: the lane count must be static, e.g. 4_c");
  index_t base;
  static constexpr index_t lanes = Lanes::value;
  static constexpr bool static_stride = is_static_int_v<Stride>;
  /// The stride when it is static (static_stride), else 0.
  static constexpr index_t static_stride_value = detail::static_value_or_zero<Stride>;
  index_t stride;
};
template <class B, class St, class L> TIRX_HD constexpr Ramp<St, L> ramp(B base, St stride, L) {
  return Ramp<St, L>{static_cast<index_t>(base), static_cast<index_t>(stride)};
}

namespace detail {

/// Whether a ramp over a 1-D tensor can be one vector access: static unit
/// stride, a power-of-two byte count up to 16, the tensor's alignment, and
/// a contiguous innermost iter on m whose extent the lanes divide.
template <class Tens, class R> TIRX_HD constexpr bool ramp_vectorizes() {
  using T = typename Tens::value_type;
  constexpr index_t bytes = R::lanes * index_t{sizeof(T)};
  if constexpr (!R::static_stride || R::static_stride_value != 1)
    return false;
  else {
    constexpr TileLayout l = Tens::layout();
    if (bytes > 16 || (bytes & (bytes - 1)) != 0 || Tens::align < bytes)
      return false;
    if (l.rank == 0 || l.swz.active())
      return false;
    const Iter& in = l.shard[l.rank - 1];
    if (!(in.axis == Axis{0}) || in.stride != 1 || in.extent % R::lanes != 0)
      return false;
    if (l.offset_on(Axis{0}) % R::lanes != 0)
      return false;
    for (int i = 0; i + 1 < l.rank; ++i)
      if (l.shard[i].axis == Axis{0} && l.shard[i].stride % R::lanes != 0)
        return false;
    return true;
  }
}

template <class Tens, class R> struct RampRef {
  Tens t;
  R r;
  using T = typename Tens::value_type;
  using V = vec<T, static_cast<int>(R::lanes)>;
  static constexpr bool vector = ramp_vectorizes<Tens, R>();

  TIRX_HD TIRX_FORCEINLINE constexpr RampRef(const Tens& tensor, const R& indices)
      : t(tensor), r(indices) {}
  RampRef(const RampRef&) = default;
  /// B[ramp(...)] = A[ramp(...)] copies the elements, also when A and B have
  /// the same type (the implicit copy assignment would only rebind this
  /// temporary reference and write nothing).
  TIRX_HD TIRX_FORCEINLINE const RampRef& operator=(const RampRef& other) const {
    return *this = other.load();
  }

  TIRX_HD TIRX_FORCEINLINE V load() const {
    V v;
    if constexpr (vector) {
      TIRX_CHECK(r.base % R::lanes == 0 && (r.stride == 1),
                 "tirx::ramp: a vector access needs a base that is a multiple of the lane count");
      v = *reinterpret_cast<const V*>(t.ptr_to(static_cast<typename Tens::index_type>(r.base)));
    } else {
      for (int i = 0; i < R::lanes; ++i)
        v.lane[i] = t(static_cast<typename Tens::index_type>(r.base + i * r.stride));
    }
    return v;
  }
  TIRX_HD TIRX_FORCEINLINE operator V() const { return load(); } // NOLINT
  TIRX_HD TIRX_FORCEINLINE const RampRef& operator=(const V& v) const {
    if constexpr (vector) {
      TIRX_CHECK(r.base % R::lanes == 0,
                 "tirx::ramp: a vector access needs a base that is a multiple of the lane count");
      *reinterpret_cast<V*>(t.ptr_to(static_cast<typename Tens::index_type>(r.base))) = v;
    } else {
      for (int i = 0; i < R::lanes; ++i)
        t(static_cast<typename Tens::index_type>(r.base + i * r.stride)) = v.lane[i];
    }
    return *this;
  }
  template <class U> TIRX_HD friend V operator+(const RampRef& a, const U& b) {
    return a.load() + b;
  }
  template <class U> TIRX_HD friend V operator*(const RampRef& a, const U& b) {
    return a.load() * b;
  }
  template <class U> TIRX_HD friend V operator-(const RampRef& a, const U& b) {
    return a.load() - b;
  }
};

} // namespace detail

/// A[ramp(...)] on a 1-D tensor: a reference to Lanes elements.
template <class Tens, class St, class L>
requires(is_tensor_v<Tens>) TIRX_HD TIRX_FORCEINLINE auto at(const Tens& t, Ramp<St, L> r) {
  static_assert(Tens::rank == 1,
                "tirx::ramp: vector indices apply to 1-D tensors; view<N>() first");
  return detail::RampRef<decltype(t.view()), Ramp<St, L>>{t.view(), r};
}
/// at() of a temporary register tile: refused (the reference would dangle).
template <class Tens, class St, class L>
requires(is_tensor_v<Tens>&& Tens::owning) TIRX_HD auto at(const Tens&& t, Ramp<St, L> r) {
  static_assert(!Tens::owning,
                "tirx::ramp: a reference into a temporary register tile would "
                "dangle (its registers die at the end of the expression); name "
                "the tile (auto regs = alloc_local<...>();) and index that variable");
  return at(t, r);
}

} // namespace tirx
