// Operand types for the tcgen05 tests (compile-fail sources, device compile):
// canonical shared tiles and TMEM accumulators, built through a static member
// (g++ 12 fails on alias templates of dependent layout values).
#pragma once

#include <tirx/tile.hpp>

namespace tc05 {
using namespace tirx;

/// A canonical (rows, K) shared tile of T (K-major 32-byte swizzle unless given).
template <class T, index_t R, index_t K, MatrixMajor Mj, SwizzleMode Md> struct SmemOf {
  static constexpr TileLayout value = wgmma_smem_layout(shape(R, K), Mj, Md, sizeof(T));
  using type = Tensor<T, ShapeT<R, K>, MemScope::shared_dyn, 1024,
                      typename detail::layout_type_of<value>::type>;
};
template <class T, index_t R, index_t K, MatrixMajor Mj = MatrixMajor::k,
          SwizzleMode Md = SwizzleMode::b32>
using Smem = typename SmemOf<T, R, K, Mj, Md>::type;

/// The (M / G, N) accumulator of an M x N tcgen05.mma with cta_group::G.
template <class T, index_t M, index_t N, int G> struct AccOf {
  static constexpr TileLayout value = tcgen05_accumulator_layout(M, N, G, 8 * sizeof(T));
  using type = TmemTensor<T, ShapeT<M / G, N>, typename detail::layout_type_of<value>::type>;
};
template <class T, index_t M, index_t N, int G = 1> using Acc = typename AccOf<T, M, N, G>::type;

#if defined(__CUDACC__)
/// Tile X at the start of dynamic shared memory plus `offset` bytes.
template <class X> __device__ X smem_at(unsigned offset = 0) {
  extern __shared__ __align__(1024) unsigned char tc05_smem[];
  return decl_tensor<X>(reinterpret_cast<typename X::element_type*>(tc05_smem + offset));
}
#endif
} // namespace tc05
