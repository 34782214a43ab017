// The online softmax over the rows of a score fragment (FlashAttention's
// running max and sum), on top of the fragment row operations
// (exec/fragment.hpp). One OnlineSoftmax<Frag> lives in each thread's
// registers beside the output accumulator; per block of scores:
//
//   OnlineSoftmax<decltype(s)> sm;               // max -inf, sum 0
//   auto factor = sm.step(s, scale_log2);        // s becomes exp2(scale_log2 (s - max))
//   row_map(times{}, o, factor);                 // O *= exp2(scale_log2 (old max - new max))
//   convert(p, s);                               // P (bf16) for O += P V
//   auto inv = sm.finish();                      // 1 / row sum (0 for a row with no key)
//   row_map(times{}, o, inv);
//   float lse = sm.lse(j, scale);                // natural-log logsumexp of row j
//
// scale_log2 is the softmax scale times log2(e): each element costs one
// FFMA and one ex2.approx.ftz. The row max is combined across the lanes of
// a row at every step; the row sum only in finish() (each thread keeps its
// partial sum; the rescales distribute over it). A row whose scores are all
// -inf (masked) keeps max -inf, its probabilities 0, its output 0 and its
// logsumexp +inf.
#pragma once

#include <tirx/exec/apply.hpp>
#include <tirx/exec/fragment_store.hpp>

namespace tirx {

#if defined(__CUDACC__)
namespace detail {
struct fmax_op {
  __device__ TIRX_FORCEINLINE float operator()(float a, float b) const { return fmaxf(a, b); }
};
struct fadd_op {
  __device__ TIRX_FORCEINLINE float operator()(float a, float b) const { return a + b; }
};
} // namespace detail

template <class Frag> struct OnlineSoftmax {
  static constexpr int rows = fragment_rows<Frag>;
  RowValues<float, Frag> max, sum;

  __device__ TIRX_FORCEINLINE OnlineSoftmax() {
#pragma unroll
    for (int j = 0; j < rows; ++j)
      max[j] = -INFINITY, sum[j] = 0.0f;
  }

  /// One block of scores s (fp32, the fragment's layout; -inf where
  /// masked): updates the row maxima, turns s into the unnormalised
  /// probabilities exp2(scale_log2 (s - max)), adds them to the sums, and
  /// returns each row's factor for what was accumulated before
  /// (exp2(scale_log2 (old max - new max)); 1 on the first block when
  /// First). Every lane of the warp must call.
  template <bool First = false, class S>
  __device__ TIRX_FORCEINLINE RowValues<float, Frag> step(S& s, float scale_log2) {
    static_assert(cuda::std::is_same_v<cuda::std::remove_cv_t<typename S::value_type>, float>,
                  "tirx::OnlineSoftmax::step: the scores must be fp32");
    static_assert(fragment_rows<S> == rows,
                  "tirx::OnlineSoftmax::step: the scores must hold the rows of the softmax's "
                  "fragment (one OnlineSoftmax per row set)");
    const auto blk = row_reduce(detail::fmax_op{}, -INFINITY, s);
    RowValues<float, Frag> factor, shift;
#pragma unroll
    for (int j = 0; j < rows; ++j) {
      const float m = fmaxf(max[j], blk[j]);
      // a row with no key yet: nothing to scale, exp2(-inf) = 0 below
      const bool none = m == -INFINITY;
      factor[j] = First || none ? 1.0f : exp2f((max[j] - m) * scale_log2);
      shift[j] = none ? 0.0f : m * scale_log2;
      max[j] = m;
    }
    row_map([scale_log2](float v, float sh) { return fmaf(v, scale_log2, -sh); }, s, shift);
    auto slots = thread_slots(s);
    tile::apply<ptx<"ex2.approx.ftz.f32">>(slots, slots, scope::thread);
    const auto part = row_fold(detail::fadd_op{}, 0.0f, s);
#pragma unroll
    for (int j = 0; j < rows; ++j)
      sum[j] = First ? part[j] : fmaf(sum[j], factor[j], part[j]);
    return factor;
  }

  /// After the last block: combines the sums across the lanes of each row
  /// and returns 1 / sum per row (0 for a row without keys, whose output
  /// stays 0). Every lane of the warp must call, once.
  __device__ TIRX_FORCEINLINE RowValues<float, Frag> finish() {
    sum = row_combine<Frag>(detail::fadd_op{}, sum);
    RowValues<float, Frag> inv;
#pragma unroll
    for (int j = 0; j < rows; ++j)
      inv[j] = sum[j] == 0.0f || sum[j] != sum[j] ? 0.0f : 1.0f / sum[j];
    return inv;
  }

  /// The logsumexp of row j in natural log, of scale * scores: max *
  /// scale + ln(sum) (+inf for a row without keys). After finish().
  __device__ TIRX_FORCEINLINE float lse(int j, float scale) const {
    return sum[j] == 0.0f || sum[j] != sum[j] ? INFINITY : max[j] * scale + logf(sum[j]);
  }
};
#endif

} // namespace tirx
