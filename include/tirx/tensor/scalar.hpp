// Scalars: immutable `let` values and mutable one-element tensors.
#pragma once

#include <tirx/tensor/alloc.hpp>

namespace tirx {

/// An immutable value with an explicit type (TIRx `T.let[T.int32]`):
///   let<int> base = tx * 4;
template <class T> using let = const T;

/// A mutable scalar: a one-element tensor (TIRx represents `total: T.float32`
/// this way), usable as a plain value.
///   scalar<float> total = 0.0f;  total += x;  B[tx] = total;
template <class T, MemScope Sc, class Store>
class Scalar : public Tensor<T, ShapeT<1>, Sc, alignof(T), row_major_t<ShapeT<1>>, Store> {
  using Base = Tensor<T, ShapeT<1>, Sc, alignof(T), row_major_t<ShapeT<1>>, Store>;

public:
  using Base::Base;
  constexpr Scalar() = default;
  TIRX_HD constexpr Scalar(const T& v) // NOLINT: a scalar is initialised from a value
      requires(!cuda::std::is_same_v<Store, PointerStorage<T>>) {
    *this->data() = v;
  }
  TIRX_HD constexpr explicit Scalar(const Base& b) : Base(b) {}
  /// A local scalar is a value: a copy copies the value (the tensor under
  /// it, which owns its register, is never copied itself).
  constexpr Scalar(const Scalar&) requires(!owns_storage_v<Store>) = default;
  constexpr Scalar& operator=(const Scalar&) requires(!owns_storage_v<Store>) = default;
  TIRX_HD constexpr Scalar(const Scalar& o) requires(owns_storage_v<Store>) : Base() {
    *this->data() = o.value();
  }
  TIRX_HD constexpr Scalar& operator=(const Scalar& o) requires(owns_storage_v<Store>) {
    value() = o.value();
    return *this;
  }
  TIRX_HD constexpr T& value() const { return *const_cast<T*>(this->data()); }
  TIRX_HD constexpr operator T&() const { return value(); } // NOLINT
  TIRX_HD constexpr Scalar& operator=(const T& v) {
    value() = v;
    return *this;
  }
  TIRX_HD constexpr Scalar& operator+=(const T& v) {
    value() += v;
    return *this;
  }
  TIRX_HD constexpr Scalar& operator-=(const T& v) {
    value() -= v;
    return *this;
  }
  TIRX_HD constexpr Scalar& operator*=(const T& v) {
    value() *= v;
    return *this;
  }
  TIRX_HD constexpr Scalar& operator/=(const T& v) {
    value() /= v;
    return *this;
  }
};

/// A per-thread mutable scalar (TIRx local_scalar).
template <class T> using scalar = Scalar<T, MemScope::local, ArrayStorage<T, 1, alignof(T)>>;

/// The same, by function: auto total = local_scalar<float>(0.0f);
template <class T> TIRX_HD constexpr scalar<T> local_scalar(const T& init) {
  return scalar<T>(init);
}

#if defined(__CUDACC__)
/// A mutable scalar in shared memory, one per block (TIRx shared_scalar).
/// Like alloc_shared, storage belongs to (T, Tag).
template <class T, class Tag = void> __device__ TIRX_FORCEINLINE auto shared_scalar() {
  auto t = alloc_shared<T, shape(1), row_major(shape(1)), Tag>();
  return Scalar<T, MemScope::shared, PointerStorage<T>>(t.data());
}

/// TIRx alloc_scalar: a mutable scalar in the given scope.
template <class T, MemScope Sc = MemScope::local, class Tag = void>
__device__ TIRX_FORCEINLINE auto alloc_scalar() {
  static_assert(Sc == MemScope::local || Sc == MemScope::shared,
                "tirx::alloc_scalar: scalars live in local or shared memory");
  if constexpr (Sc == MemScope::local)
    return scalar<T>{};
  else
    return shared_scalar<T, Tag>();
}
#endif

} // namespace tirx
