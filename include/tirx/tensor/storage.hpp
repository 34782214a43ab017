// The storage of a tensor: a pointer (a view) or an owned per-thread array
// (alloc_local), and the rule that an owning tensor is never copied.
#pragma once

#include <tirx/core/integer.hpp>

namespace tirx {

/// A view: the tensor refers to storage it does not own.
template <class T> struct PointerStorage {
  T* ptr = nullptr;
  TIRX_HD constexpr T* data() const { return ptr; }
};

/// Owned per-thread storage (alloc_local): N elements.
template <class T, index_t N, int Align> struct ArrayStorage {
  TIRX_HD constexpr ArrayStorage() {} // NOLINT: uninitialised on purpose
  alignas(Align) T values[N];
  TIRX_HD constexpr T* data() { return values; }
  TIRX_HD constexpr const T* data() const { return values; }
};

template <class Store> inline constexpr bool owns_storage_v = false;
template <class T, index_t N, int Align>
inline constexpr bool owns_storage_v<ArrayStorage<T, N, Align>> = true;

namespace detail {
/// The base of a tensor that owns its registers (alloc_local): neither copied
/// nor moved (`auto regs = alloc_local<...>();` is guaranteed copy elision).
template <bool Owning> struct register_tile_not_copyable {};
template <> struct register_tile_not_copyable<true> {
  constexpr register_tile_not_copyable() = default;
  // tirx::alloc_local: a register tile is not copied; pass it by reference (T&)
  register_tile_not_copyable(const register_tile_not_copyable&) = delete;
  register_tile_not_copyable& operator=(const register_tile_not_copyable&) = delete;
};
} // namespace detail

} // namespace tirx
