// The public options of the tirx GEMM (kernels/gemm/gemm.cuh):
//   D = fn(alpha * op(A) op(B) + beta * C + bias)      (in fp32, then converted)
// The storage order of A (m x k) and of B (k x n) (Major), the bias vector
// (Bias), the elementwise functions (ewise::identity, relu, silu, gelu_tanh,
// or a user functor), the epilogue that combines them (Epilogue, or Plain for
// D = A B with nothing else), and the arguments of one call (GemmArgs).
#pragma once

#include <tirx/core/config.hpp>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cmath>

namespace tirx_kernels {

/// The storage order of a matrix: row-major (the columns of a row are
/// contiguous, rows ld elements apart) or column-major.
enum class Major { row, col };

/// The bias added before the function: none, one value per column of D
/// (bias[j], n values, the bias of a linear layer) or per row (bias[i]).
enum class Bias { none, column, row };

namespace ewise {
/// e^x: the fast exponential of the SFU on the device (2 ulp near 0, a
/// few more for large |x|), expf on the host.
TIRX_HD inline float fast_exp(float x) {
#if defined(__CUDA_ARCH__)
  return __expf(x);
#else
  return expf(x);
#endif
}

/// x / y: the SFU's reciprocal and one multiply on the device (2 ulp for
/// |y| in [2^-126, 2^126]; 0 for a finite x and a larger |y|, an infinite
/// one included), IEEE division on the host. An IEEE division on the
/// device checks every quotient (FCHK) and calls a slow path for a huge
/// divisor: GELU and SiLU of very negative x (e^-x past 2^126) took it,
/// about a third of D's elements on the benchmark's data, and ran the
/// fused epilogue at 0.61 of cublasLt (docs/gemm.md, "The epilogue").
TIRX_HD inline float fast_div(float x, float y) {
#if defined(__CUDA_ARCH__)
  return __fdividef(x, y);
#else
  return x / y;
#endif
}

/// The elementwise functions of the epilogue, on fp32 values.
struct identity {
  TIRX_HD float operator()(float x) const { return x; }
};
struct relu {
  TIRX_HD float operator()(float x) const { return x > 0.0f ? x : 0.0f; }
};
/// x * sigmoid(x).
struct silu {
  TIRX_HD float operator()(float x) const { return fast_div(x, 1.0f + fast_exp(-x)); }
};
/// GELU with the tanh approximation, x/2 (1 + tanh(sqrt(2/pi) (x + 0.044715
/// x^3))), computed as x sigmoid(2 sqrt(2/pi) (x + 0.044715 x^3)) (the same
/// function: one exponential, no tanh).
struct gelu_tanh {
  TIRX_HD float operator()(float x) const {
    return fast_div(x, 1.0f + fast_exp(-1.5957691216f * (x + 0.044715f * x * x * x)));
  }
};
} // namespace ewise

/// The epilogue D = fn(alpha * A B + beta * C + bias) in fp32. Fn: a
/// default-constructible, copyable functor with `float operator()(float)
/// const` callable on the device (its state travels with the launch); B:
/// the bias vector. C is read only when beta != 0.
template <class Fn = ewise::identity, Bias B = Bias::none> struct Epilogue {
  static constexpr bool plain = false;
  static constexpr Bias bias = B;
  using function = Fn;
  Fn fn{};
};

/// No epilogue: D = A B, converted (alpha must be 1, beta 0, no bias).
/// The code of the fast path, gemm_bf16_tn.
struct Plain {
  static constexpr bool plain = true;
  static constexpr Bias bias = Bias::none;
  using function = ewise::identity;
  ewise::identity fn{};
};

/// The arguments of one GEMM (batch of GEMMs): D (m x n, row-major) =
/// fn(alpha A B + beta C + bias), A m x k and B k x n in the storage
/// orders of gemm<MajorA, MajorB>, C m x n row-major. T: the input type
/// (__nv_bfloat16 or __half), Out: D's, C's and the bias's type (T,
/// __nv_bfloat16, __half or float). A leading dimension of 0 means dense
/// (the contiguous extent: k for a row-major A, m for a column-major one).
/// Batch b of X starts at X + b * stride_x (stride_a, stride_b,
/// stride_bias may be 0: the same matrix for every batch; stride_d not).
template <class T, class Out = T> struct GemmArgs {
  int m = 0, n = 0, k = 0;
  const T* a = nullptr;
  long long lda = 0;
  const T* b = nullptr;
  long long ldb = 0;
  Out* d = nullptr;
  long long ldd = 0;
  float alpha = 1.0f, beta = 0.0f;
  const Out* c = nullptr; ///< read only when beta != 0
  long long ldc = 0;
  const Out* bias = nullptr; ///< n values (Bias::column) or m (Bias::row)
  int batch = 1;
  long long stride_a = 0, stride_b = 0, stride_c = 0, stride_d = 0, stride_bias = 0;
  /// The CTA tile's N (256, 176 with a column-major B, or 128) and the split-K count S (>= 1); 0:
  /// the heuristic's choice (kernels/gemm/gemm_heuristic.cuh). S is cut to the K blocks of 64 there
  /// are, so that every K range holds one.
  int tile_n = 0, split = 0;
  /// The tail split S: 1, none; S > 1, the tiles of the last partial wave of
  /// the persistent grid cut into S K ranges, S CTAs each (gemm_streamk.cuh;
  /// without split-K only); 0: the heuristic's.
  int tail_split = 0;
  /// Stream-K (gemm_streamk.cuh): the K blocks of the last one to two waves
  /// of tiles divided evenly among the grid, in place of the tail split
  /// (without split-K only). Measured slower than the tail split on the H200
  /// (records/gemm.md, "Stream-K"): the heuristic never picks it.
  bool stream_k = false;
  /// The orientation: 0, the heuristic's; 1, D = A B as given; 2, the
  /// kernel computes D^T = B^T A^T (A and B exchanged, M and N with them,
  /// D and C written and read column-major; TN and NT layouts only, no
  /// split-K), the orientation whose tiles fill the waves better for some
  /// ragged N (gemm.cuh, docs/gemm.md "The orientation").
  int swap_ab = 0;
  /// Split-K's fp32 partials (S x batch x m x n floats) or the tail split's, then the copies of an
  /// A or B that TMA cannot read (gemm_copy.cuh): gemm_workspace_bytes(args) bytes are enough; used
  /// when it holds what the call needs (16-byte aligned where a copy is made), otherwise the
  /// launcher allocates it with cudaMallocAsync on the stream and frees it with cudaFreeAsync after
  /// the call's kernels.
  float* workspace = nullptr;
  long long workspace_bytes = 0;
};

/// Whether gemm<MajorA, MajorB> can exchange A and B (GemmArgs::swap_ab):
/// TN and NT, whose exchanged operands have the same storage orders: the
/// kernel of those majors computes D^T (with a column-major D: DCol).
template <Major MajorA, Major MajorB> inline constexpr bool swaps_ab = MajorA != MajorB;

/// The arguments of D^T = B^T A^T for g's D = A B (TN or NT: the exchanged
/// operands keep the storage orders MajorA, MajorB): m and n, A and B
/// exchanged, the leading dimensions made explicit (D's and C's are still
/// their rows', read column-major by the kernel: Config's DCol).
template <Major MajorA, Major MajorB, class T, class Out>
GemmArgs<T, Out> swapped_ab(const GemmArgs<T, Out>& g) {
  GemmArgs<T, Out> s = g;
  s.m = g.n, s.n = g.m;
  s.a = g.b, s.lda = g.ldb ? g.ldb : MajorB == Major::row ? g.n : g.k, s.stride_a = g.stride_b;
  s.b = g.a, s.ldb = g.lda ? g.lda : MajorA == Major::row ? g.k : g.m, s.stride_b = g.stride_a;
  s.ldd = g.ldd ? g.ldd : g.n, s.ldc = g.ldc ? g.ldc : g.n;
  return s;
}

} // namespace tirx_kernels
