// Shape: the extents of a tensor's logical modes, as a compile-time value.
#pragma once

#include <tirx/core/config.hpp>

namespace tirx {

inline constexpr int max_rank = 8;

/// A logical shape, row-major. A value type, usable as a template argument.
struct Shape {
  int rank = 0;
  index_t dims[max_rank] = {};

  constexpr bool operator==(const Shape&) const = default;
  TIRX_HD constexpr index_t operator[](int i) const { return dims[i]; }
  TIRX_HD constexpr index_t size() const {
    index_t s = 1;
    for (int i = 0; i < rank; ++i)
      s *= dims[i];
    return s;
  }
  /// Row-major stride of mode i: the product of the extents after it.
  TIRX_HD constexpr index_t row_stride(int i) const {
    index_t s = 1;
    for (int k = i + 1; k < rank; ++k)
      s *= dims[k];
    return s;
  }
  TIRX_HD constexpr bool valid() const {
    if (rank < 0 || rank > max_rank)
      return false;
    for (int i = 0; i < rank; ++i)
      if (dims[i] < 1)
        return false;
    return true;
  }
};

/// shape(2, 32, 4) is the Shape {2, 32, 4}.
template <class... D> TIRX_HD constexpr Shape shape(D... dims) {
  static_assert(sizeof...(D) <= max_rank, "tirx::shape: at most 8 modes; merge modes with view()");
  Shape s{};
  ((s.dims[s.rank++] = static_cast<index_t>(dims)), ...);
  return s;
}

} // namespace tirx
