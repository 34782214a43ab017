// Compile-time integers: tirx::Int<4>, tirx::c<4>, 4_c.
#pragma once

#include <tirx/core/config.hpp>

namespace tirx {

/// An integer known at compile time. It is cuda::std::integral_constant, so
/// anything written for CCCL's integral constants works with it.
template <index_t V> using Int = cuda::std::integral_constant<index_t, V>;

/// A variable of type Int<V>: `t.sub(c<2>, all)`.
template <index_t V> inline constexpr Int<V> c{};

template <class T> inline constexpr bool is_static_int_v = false;
template <class T, T V>
inline constexpr bool is_static_int_v<cuda::std::integral_constant<T, V>> =
    cuda::std::is_integral_v<T>;

namespace detail {
template <char... Ds> TIRX_HD constexpr index_t parse_digits() {
  index_t v = 0;
  ((v = v * 10 + (Ds - '0')), ...);
  return v;
}
} // namespace detail

namespace literals {

/// 3_c is Int<3>.
template <char... Ds> TIRX_HD constexpr Int<detail::parse_digits<Ds...>()> operator""_c() {
  static_assert(((Ds >= '0' && Ds <= '9') && ...),
                "tirx::_c: only decimal digits are accepted; write 12_c, not 0xC_c");
  return {};
}
} // namespace literals

} // namespace tirx
