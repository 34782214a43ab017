// The rules of tirx_kernels::gemm's arguments (kernels/gemm/gemm.cuh):
// gemm_check names the first one a call breaks (gemm then returns
// cudaErrorInvalidValue), and the facts about an operand's storage both the
// check and the launch read (dense_ld, tma_takes).
#pragma once

#include "gemm_options.cuh"

#include <cstdint>

namespace tirx_kernels {

namespace gemm_sm90 {
/// The contiguous extent of an operand stored rows x cols in order mj.
inline long long dense_ld(Major mj, long long rows, long long cols) {
  return mj == Major::row ? cols : rows;
}
/// Whether TMA takes a matrix at p with rows ld elements apart and
/// batches stride apart (16-byte aligned pointer, ld and stride on 16 bytes).
inline bool tma_takes(const void* p, long long ld, long long stride, int batch, int bytes) {
  return reinterpret_cast<std::uintptr_t>(p) % 16 == 0 && ld * bytes % 16 == 0 &&
         (batch == 1 || stride == 0 || (stride > 0 && stride * bytes % 16 == 0)) &&
         ld * bytes < (1ll << 40) && stride * bytes < (1ll << 40);
}
} // namespace gemm_sm90

/// Why the arguments cannot be computed, or nullptr: sizes >= 1, the
/// pointers the epilogue reads, leading dimensions at least the contiguous
/// extent, stride_d nonzero for a batch, alpha 1 and beta 0 for Plain.
template <Major MajorA, Major MajorB, class Epi, class T, class Out>
const char* gemm_check(const GemmArgs<T, Out>& g) {
  using gemm_sm90::dense_ld;
  if (g.m < 1 || g.n < 1 || g.k < 1 || g.batch < 1)
    return "tirx_kernels::gemm: m, n, k and batch must be >= 1";
  if (g.a == nullptr || g.b == nullptr || g.d == nullptr)
    return "tirx_kernels::gemm: a, b and d must be device pointers";
  if ((g.lda != 0 && g.lda < dense_ld(MajorA, g.m, g.k)) ||
      (g.ldb != 0 && g.ldb < dense_ld(MajorB, g.k, g.n)) || (g.ldd != 0 && g.ldd < g.n) ||
      (g.ldc != 0 && g.ldc < g.n))
    return "tirx_kernels::gemm: a leading dimension is below the contiguous extent (lda >= k "
           "for a row-major A, >= m for a column-major one; ldb likewise; ldc, ldd >= n)";
  if (g.beta != 0.0f && g.c == nullptr)
    return "tirx_kernels::gemm: beta != 0 reads C: give c";
  if ((Epi::bias != Bias::none) != (g.bias != nullptr))
    return "tirx_kernels::gemm: give bias exactly when the epilogue has one "
           "(Epilogue<Fn, Bias::column> or Bias::row)";
  if (Epi::plain && (g.alpha != 1.0f || g.beta != 0.0f))
    return "tirx_kernels::gemm: Plain computes D = A B; use Epilogue<> for alpha "
           "and beta";
  if (g.batch > 1 && g.stride_d == 0)
    return "tirx_kernels::gemm: a batch needs stride_d (the batches of D must not overlap)";
  if (g.batch > 1 && g.beta != 0.0f && g.stride_c == 0 && g.c == g.d)
    return "tirx_kernels::gemm: in-place C = D over a batch needs stride_c";
  if (g.tile_n != 0 && g.tile_n != 128 && g.tile_n != 176 && g.tile_n != 224 && g.tile_n != 256)
    return "tirx_kernels::gemm: tile_n is 0 (the heuristic's), 128, 176, 224 or 256";
  if ((g.tile_n == 176 || g.tile_n == 224) && (MajorB != Major::col || g.swap_ab == 2))
    return g.tile_n == 176
               ? "tirx_kernels::gemm: tile_n 176 reads B K-major (gemm<MajorA, Major::col>) and "
                 "computes D = A B as given (swap_ab 0 or 1)"
               : "tirx_kernels::gemm: tile_n 224 reads B K-major (gemm<MajorA, Major::col>) and "
                 "computes D = A B as given (swap_ab 0 or 1)";
  if (g.split < 0 || g.split > 64)
    return "tirx_kernels::gemm: split is 0 (the heuristic's) or 1..64";
  if (g.tail_split < 0 || g.tail_split > 64)
    return "tirx_kernels::gemm: tail_split is 0 (the heuristic's) or 1..64";
  if (g.swap_ab < 0 || g.swap_ab > 2)
    return "tirx_kernels::gemm: swap_ab is 0 (the heuristic's), 1 (as given) or 2 (D^T = B^T A^T)";
  if (g.swap_ab == 2 && !swaps_ab<MajorA, MajorB>)
    return "tirx_kernels::gemm: swap_ab 2 exchanges A and B in the TN and NT layouts only "
           "(gemm<Major::row, Major::col> or <Major::col, Major::row>)";
  if (g.swap_ab == 2 && g.split > 1)
    return "tirx_kernels::gemm: swap_ab 2 takes no split-K (split 0 or 1)";
  return nullptr;
}

} // namespace tirx_kernels
