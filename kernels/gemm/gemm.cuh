// The tirx GEMM (sm_90a): D = fn(alpha A B + beta C + bias), batched.
//
//   tirx_kernels::GemmArgs<__nv_bfloat16> g{.m = m, .n = n, .k = k, .a = a, .b = b, .d = d};
//   tirx_kernels::gemm<Major::row, Major::col>(g, stream);             // D = A B
//   tirx_kernels::gemm<Major::row, Major::col>(g, stream,
//       Epilogue<ewise::gelu_tanh, Bias::column>{});         // D = gelu(A B + bias)
//
// Inputs bf16 or fp16 (A and B alike), fp32 accumulation, D (and C, bias)
// bf16, fp16 or fp32; A (m x k) and B (k x n) row- or column-major, D and
// C row-major; any m, n, k >= 1 and a batch of GEMMs with strides. What
// the TMA unit takes (16-byte aligned pointers, rows and batch strides of
// whole 16 bytes) goes through TMA; an operand that breaks a rule is read
// by plain loads (A, B) or written by plain stores (D) in the same kernel:
// every valid call is served. A TN call without an epilogue whose operands
// all take TMA runs the fast path's kernel (gemm_bf16_tn's). Invalid arguments (gemm_check) are
// refused with cudaErrorInvalidValue, the reason in gemm_check's message.
#pragma once

#include "gemm_sm90.cuh"

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
         (batch == 1 || stride * bytes % 16 == 0) && ld * bytes < (1ll << 40) &&
         stride * bytes < (1ll << 40);
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
  return nullptr;
}

/// D = fn(alpha A B + beta C + bias) for g.batch GEMMs, asynchronously on
/// stream (see the header comment and docs/gemm.md). T: __nv_bfloat16 or
/// __half; Out: T, __nv_bfloat16, __half or float. Returns
/// cudaErrorInvalidValue when gemm_check names a reason.
template <Major MajorA = Major::row, Major MajorB = Major::col, class Epi = Epilogue<>, class T,
          class Out>
cudaError_t gemm(const GemmArgs<T, Out>& g, cudaStream_t stream = 0, const Epi& epi = {}) {
  using namespace gemm_sm90;
  using Cfg = Config<T, Out, MajorA, MajorB, Epi, Io::any, 3, 3, false, 1>;
  if (gemm_check<MajorA, MajorB, Epi>(g) != nullptr)
    return cudaErrorInvalidValue;
  typename Cfg::ParamsT p{};
  p.m = g.m, p.n = g.n, p.k = g.k, p.batch = g.batch;
  p.a = g.a, p.lda = g.lda ? g.lda : dense_ld(MajorA, g.m, g.k), p.stride_a = g.stride_a;
  p.b = g.b, p.ldb = g.ldb ? g.ldb : dense_ld(MajorB, g.k, g.n), p.stride_b = g.stride_b;
  p.d = g.d, p.ldd = g.ldd ? g.ldd : g.n, p.stride_d = g.stride_d;
  p.c = g.c, p.ldc = g.ldc ? g.ldc : g.n, p.stride_c = g.stride_c;
  p.bias = g.bias, p.stride_bias = g.stride_bias;
  p.alpha = g.alpha, p.beta = g.beta, p.fn = epi.fn;
  // an operand with stride 0 (or a batch of one) is one matrix: batch coordinate 0
  const bool batch_a = g.batch > 1 && g.stride_a != 0, batch_b = g.batch > 1 && g.stride_b != 0;
  p.a_batch = batch_a, p.b_batch = batch_b;
  constexpr int in = 2, out = static_cast<int>(sizeof(Out));
  p.tma_loads = tma_takes(g.a, p.lda, g.stride_a, g.batch, in) &&
                tma_takes(g.b, p.ldb, g.stride_b, g.batch, in);
  // (a TMA store writes whole 16-byte units at the end of a row, measured on
  // the H200: past n it would write into D's padding)
  p.tma_store = tma_takes(g.d, p.ldd, g.stride_d, g.batch, out) && g.n * out % 16 == 0;
  p.pairs = reinterpret_cast<std::uintptr_t>(g.d) % (2 * out) == 0 && p.ldd % 2 == 0 &&
            (g.batch == 1 || g.stride_d % 2 == 0);
  // the fast path's kernel (gemm_bf16_tn's, for any T and Out) where it
  // computes the same: TN, no epilogue, one GEMM, everything through TMA
  constexpr bool tn = MajorA == Major::row && MajorB == Major::col;
  constexpr bool no_epilogue = Epi::plain || cuda::std::is_same_v<Epi, Epilogue<>>;
  if constexpr (tn && no_epilogue) {
    if (g.alpha == 1.0f && g.beta == 0.0f && g.batch == 1 && p.tma_loads && p.tma_store) {
      using Fast = Config<T, Out, MajorA, MajorB, Plain, Io::tma, 2, 3, false, 1>;
      try {
        const long long ea[2] = {g.m, g.k}, sa[2] = {p.lda, 1}, eb[2] = {g.n, g.k},
                        sb[2] = {p.ldb, 1}, ed[2] = {g.m, g.n}, sd[2] = {p.ldd, 1};
        const auto fa = map_of<typename Fast::MapA>(g.a, ea, sa);
        const auto fb = map_of<typename Fast::MapB>(g.b, eb, sb);
        const auto fd = map_of<typename Fast::MapD>(g.d, ed, sd);
        typename Fast::ParamsT q{};
        q.m = g.m, q.n = g.n, q.k = g.k, q.d = g.d, q.ldd = p.ldd;
        return launch<Fast>(fa, fb, fd, q, stream);
      } catch (const std::exception&) {
        // (the general kernel below takes what a map refuses)
      }
    }
  }
  typename Cfg::MapA ma{};
  typename Cfg::MapB mb{};
  typename Cfg::MapD md{};
  // 3-D maps (batch, rows, cols); an operand shared by the batch is one
  // matrix (batch coordinate 0); what TMA still refuses goes the plain way
  try {
    if (p.tma_loads) {
      const long long ra = MajorA == Major::row ? g.m : g.k, ca = MajorA == Major::row ? g.k : g.m;
      const long long rb = MajorB == Major::col ? g.n : g.k, cb = MajorB == Major::col ? g.k : g.n;
      const long long ea[3] = {batch_a ? g.batch : 1, ra, ca},
                      eb[3] = {batch_b ? g.batch : 1, rb, cb};
      const long long sa[3] = {batch_a ? g.stride_a : ra * p.lda, p.lda, 1};
      const long long sb[3] = {batch_b ? g.stride_b : rb * p.ldb, p.ldb, 1};
      ma = map_of<typename Cfg::MapA>(g.a, ea, sa);
      mb = map_of<typename Cfg::MapB>(g.b, eb, sb);
    }
  } catch (const std::exception&) {
    p.tma_loads = false;
  }
  try {
    if (p.tma_store) {
      const long long ed[3] = {g.batch, g.m, g.n};
      const long long sd[3] = {g.batch > 1 ? g.stride_d : g.m * p.ldd, p.ldd, 1};
      md = map_of<typename Cfg::MapD>(g.d, ed, sd);
    }
  } catch (const std::exception&) {
    p.tma_store = false;
  }
  return launch<Cfg>(ma, mb, md, p, stream);
}

} // namespace tirx_kernels
