// The movmatrix family (warp, whole operands): a warp moves one 8 x 8
// matrix of 16-bit elements between the two ldmatrix fragments, in
// registers (one 32-bit register per lane).
//   tile::apply<ptx<"movmatrix.sync.aligned.m8n8.trans.b16">>(d, a, scope::warp);
// a: a local (8, 8) tensor with an 8 x 8 fragment layout (e.g.
// ldmatrix_fragment_layout(1, false)); d: the same shape and element
// type with the transposed fragment (ldmatrix_fragment_layout(1, true)
// for that a, in general a's layout with the fragment's rows and columns
// exchanged). Logical coordinates do not change, d(i, j) = a(i, j): lane
// l of d holds what lane l of a held of the transposed matrix. View d as
// (8, 8) transposed (rearrange<"i j -> j i">) for the transposed matrix in
// a's layout. Rows: ptx/rows/movmatrix.def.
#pragma once

#include <tirx/ptx/emit.hpp>
#include <tirx/ptx/matrix_layout.hpp>
#include <tirx/tensor/tensor.hpp>

namespace tirx::ptxmovmatrix {

enum class Error { none, not_fragment, element, shape, fragment, not_transposed };

template <class Dr, class Ar> TIRX_HD constexpr Error check() {
  using D = cuda::std::remove_cvref_t<Dr>;
  using A = cuda::std::remove_cvref_t<Ar>;
  if constexpr (!is_tensor_v<D> || !is_tensor_v<A>) {
    return Error::not_fragment;
  } else if constexpr (D::scope != MemScope::local || A::scope != MemScope::local) {
    return Error::not_fragment;
  } else if constexpr (sizeof(typename D::value_type) != 2 ||
                       !cuda::std::is_same_v<typename D::value_type, typename A::value_type>) {
    return Error::element;
  } else {
    if (D::shape().rank != 2 || !(D::shape() == A::shape()) || D::shape().size() != 64)
      return Error::shape;
    const MatrixFragment a = matrix_fragment_of(A::layout(), A::shape(), 1);
    const MatrixFragment d = matrix_fragment_of(D::layout(), D::shape(), 1);
    if (a.error != MatrixFragment::Error::none || d.error != MatrixFragment::Error::none)
      return Error::fragment;
    if (d.row[0] != a.row[0] || d.col[0] != a.col[0] || d.down_r != a.right_r ||
        d.down_c != a.right_c || d.right_r != a.down_r || d.right_c != a.down_c)
      return Error::not_transposed;
    return Error::none;
  }
}

template <Error E> TIRX_HD constexpr void report() {
  static_assert(E != Error::not_fragment,
                "tirx::tile::apply: movmatrix: d and a must be the warp's register fragments "
                "(local tensors from alloc_local)");
  static_assert(E != Error::element,
                "tirx::tile::apply: movmatrix: d and a must have the same 16-bit element type "
                "(half, nv_bfloat16, uint16)");
  static_assert(E != Error::shape,
                "tirx::tile::apply: movmatrix: d and a must both be one (8, 8) matrix");
  static_assert(E != Error::fragment,
                "tirx::tile::apply: movmatrix: a and d must each be one 8 x 8 ldmatrix "
                "fragment; use ldmatrix_fragment_layout(1, false) for a, (1, true) for d");
  static_assert(E != Error::not_transposed,
                "tirx::tile::apply: movmatrix: d's fragment must be a's with rows and columns "
                "exchanged (d(i, j) = a(i, j)); use ldmatrix_fragment_layout(1, true) for d "
                "when a has ldmatrix_fragment_layout(1, false)");
}

struct family {
  static constexpr const char* name = "movmatrix";

  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) { return t.is(0, "movmatrix"); }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    d.dst = d.src = Operand{Role::reg, Space::none, 16, 'r'};
    d.min_srcs = d.max_srcs = 1;
    d.lanes = 32;
    d.whole = true;
    d.guards = false;
    d.parsed = t.n == 6 && t.is(1, "sync") && t.is(2, "aligned");
    return d;
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/movmatrix.def>
#include <tirx/ptx/rows/forms_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/movmatrix.def>
#include <tirx/ptx/rows/report_end.inc>
  }

#if defined(__CUDACC__)
  template <fixed_string S, unsigned Flags, class D, class A>
  __device__ TIRX_FORCEINLINE static void issue_whole(const ptxemit::Issue&, D& d, A& a) {
    constexpr Error e = check<D, A>();
    if constexpr (e != Error::none) {
      ptxmovmatrix::report<e>();
    } else {
      unsigned* r = reinterpret_cast<unsigned*>(d.data());
      const unsigned* s = reinterpret_cast<const unsigned*>(a.data());
      asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(r[0]) : "r"(s[0]));
    }
  }
#endif
};

} // namespace tirx::ptxmovmatrix
