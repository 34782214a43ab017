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
// whole 16 bytes) goes through TMA; an A or B that breaks a rule is first
// copied into 16-byte rows of a workspace (gemm_copy.cuh: the caller's
// GemmArgs::workspace when gemm_workspace_bytes fits, else cudaMallocAsync
// on the stream) and read from there by TMA; a D that breaks one is
// written by plain stores in the same kernel:
// every valid call is served. A TN call without an epilogue, of one GEMM,
// whose D takes TMA runs the fast path's kernel (gemm_bf16_tn's: 3 stages,
// or 4 in clusters of 2 with the wgmma overlap where
// gemm_heuristic::fast_cluster says) when the
// configuration is its own (tile 128 x 256 or 128 x 224, no split). The
// configuration (GemmArgs::tile_n, split; 0: choose_config's,
// gemm_heuristic.cuh): a 128 x 256, 128 x 224 or 128 x 176 (both B
// column-major) or 128 x 128 CTA tile, split-K over S CTAs with a
// deterministic reduction (gemm_splitk.cuh), and the tail split of the
// last partial wave (GemmArgs::tail_split, gemm_streamk.cuh); a TN or NT
// call may compute D^T = B^T A^T instead (GemmArgs::swap_ab). Invalid
// arguments (gemm_check) are refused with cudaErrorInvalidValue.
#pragma once

#if defined(TIRX_KERNELS_GEMM_API)
#error                                                                                             \
    "kernels/gemm/gemm.cuh after kernels/gemm/gemm_api.cuh: a translation unit calls the GEMM one way; include gemm.cuh alone (header-only) or gemm_api.cuh alone (tirx::kernels)"
#endif
#define TIRX_KERNELS_GEMM_HEADER 1

#include "gemm_check.cuh"
#include "gemm_copy.cuh"
#include "gemm_device.cuh"
#include "gemm_heuristic.cuh"
#include "gemm_sm90.cuh"
#include "gemm_splitk.cuh"

#include <cstdint>

namespace tirx_kernels {

namespace gemm_sm90 {
/// The general kernel of Cfg on p (filled by gemm): its tensor maps (3-D:
/// batch, rows, cols; an operand shared by the batch is one matrix, batch
/// coordinate 0; A and B take TMA here: gemm copied what tma_takes refuses),
/// then its launch, with split-K's reduction when p.split > 1.
template <class Cfg, Major MajorA, Major MajorB, class T, class Out>
cudaError_t run_general(const GemmArgs<T, Out>& g, typename Cfg::ParamsT p, cudaStream_t stream) {
  typename Cfg::MapA ma{};
  typename Cfg::MapB mb{};
  typename Cfg::MapD md{};
  try {
    {
      const long long ra = MajorA == Major::row ? g.m : g.k, ca = MajorA == Major::row ? g.k : g.m;
      const long long rb = MajorB == Major::col ? g.n : g.k, cb = MajorB == Major::col ? g.k : g.n;
      const long long ea[3] = {p.a_batch ? g.batch : 1, ra, ca},
                      eb[3] = {p.b_batch ? g.batch : 1, rb, cb};
      const long long sa[3] = {p.a_batch ? g.stride_a : ra * p.lda, p.lda, 1};
      const long long sb[3] = {p.b_batch ? g.stride_b : rb * p.ldb, p.ldb, 1};
      ma = map_of<typename Cfg::MapA>(g.a, ea, sa);
      mb = map_of<typename Cfg::MapB>(g.b, eb, sb);
    }
  } catch (const std::exception&) {
    return cudaErrorInvalidValue; // (not reached: tma_takes holds for A and B here)
  }
  if (p.split > 1) { // the partials to the workspace, never through D's map
    p.tma_store = false;
    return run_split<typename Cfg::Epi>(
        p, g.workspace, g.workspace_bytes, stream, sm_count(),
        [&](const typename Cfg::ParamsT& q) { return launch<Cfg>(ma, mb, md, q, stream); });
  }
  try {
    if (p.tma_store) { // (D m x n, or n x m when it is column-major: Cfg::d_col)
      const long long rows = Cfg::d_col ? g.n : g.m, cols = Cfg::d_col ? g.m : g.n;
      const long long ed[3] = {g.batch, rows, cols};
      const long long sd[3] = {g.batch > 1 ? g.stride_d : rows * p.ldd, p.ldd, 1};
      md = map_of<typename Cfg::MapD>(g.d, ed, sd);
    }
  } catch (const std::exception&) {
    p.tma_store = false;
  }
  if (p.sk_mode > 0) { // the slots and counters of gemm_streamk.cuh, the counters zeroed
    const long long counters = 4ll * p.sk_slots * 64 * Cfg::tile_n;
    return with_workspace(streamk_workspace_bytes(p.sk_slots, Cfg::tile_n), g.workspace,
                          g.workspace_bytes, stream, [&](float* w) {
                            p.workspace = w;
                            const cudaError_t e =
                                cudaMemsetAsync(w + counters, 0, 32ll * p.sk_slots, stream);
                            return e != cudaSuccess ? e : launch<Cfg>(ma, mb, md, p, stream);
                          });
  }
  return launch<Cfg>(ma, mb, md, p, stream);
}
} // namespace gemm_sm90

/// The configuration gemm<MajorA, MajorB> runs g with: the orientation
/// (GemmArgs::swap_ab, or swap_choice's where the layout can exchange A and
/// B and neither split-K nor a 128- or 176-wide tile is asked for; the exchange
/// runs the 128 x 256 tile unsplit), then for that orientation
/// GemmArgs::tile_n, split and tail_split where given, choose_config's
/// otherwise (its tail split only with its tile), S cut to the K blocks
/// there are; no tail split with split-K.
template <Major MajorA = Major::row, Major MajorB = Major::col, class T, class Out>
GemmChoice gemm_choice(const GemmArgs<T, Out>& g) {
  GemmChoice c{g.tile_n, g.split, g.tail_split, g.stream_k};
  const int sms = gemm_sm90::sm_count();
  c.swap_ab = swaps_ab<MajorA, MajorB> &&
              (g.swap_ab == 2 || (g.swap_ab == 0 && g.split <= 1 && g.tile_n % 256 == 0 &&
                                  gemm_heuristic::swap_choice(g.m, g.n, g.k, g.batch, sms)));
  const int m = c.swap_ab ? g.n : g.m, n = c.swap_ab ? g.m : g.n;
  if (c.swap_ab) // (its kernel: the 128 x 256 tile, no split-K)
    c.tile_n = 256, c.split = 1;
  if (c.tile_n == 0 || c.split == 0 || c.tail_split == 0) {
    const GemmChoice h = choose_config(m, n, g.k, g.batch, sms, MajorB == Major::col && !c.swap_ab);
    const bool same_tile = c.tile_n == 0 || c.tile_n == h.tile_n;
    c.tile_n = c.tile_n ? c.tile_n : h.tile_n;
    c.split = c.split ? c.split : h.split;
    c.tail_split = c.tail_split ? c.tail_split : same_tile ? h.tail_split : 1;
  }
  c.split = gemm_sm90::split_plan(g.k, c.split).split;
  c.tail_split = c.split > 1 ? 1 : gemm_sm90::split_plan(g.k, c.tail_split).split;
  c.stream_k = c.stream_k && c.split == 1;
  return c;
}

namespace gemm_sm90 {
/// The stream-K mode gemm runs g with under choice c: 0 none, 1 the tail
/// split, 2 stream-K (gemm_streamk.cuh).
inline int sk_mode_of(GemmChoice c) {
  return c.split > 1 ? 0 : c.stream_k ? 2 : c.tail_split > 1 ? 1 : 0;
}
/// The bytes of the kernel's fp32 partials at the workspace's start:
/// split-K's, or the tail split's and stream-K's (slots for every SM), 0
/// without either.
template <class T, class Out> long long partials_bytes(const GemmArgs<T, Out>& g, GemmChoice c) {
  return c.split > 1     ? splitk_workspace_bytes(g.m, g.n, g.batch, c.split)
         : sk_mode_of(c) ? streamk_workspace_bytes(sm_count(), c.tile_n)
                         : 0;
}

/// The copies gemm makes of A and B (those tma_takes refuses, gemm_copy.cuh)
/// and where they lie in the workspace: the partials first (partials_bytes),
/// then A's copy, then B's, each 256-byte aligned; bytes: the whole (the
/// partials alone without a copy).
struct CopyPlan {
  bool a = false, b = false;
  CopyArgs ca{}, cb{}; ///< the copies (src, dst still to be set: dst by offset)
  long long a_offset = 0, b_offset = 0, bytes = 0;
};
/// The copy of one operand stored rows x cols (cols contiguous) at p with
/// rows ld apart and batches stride apart: count matrices (1 when shared).
template <class T>
CopyArgs copy_of(const T* p, long long ld, long long stride, long long rows, long long cols,
                 int batch) {
  CopyArgs c{};
  c.src = reinterpret_cast<const uint16_t*>(p);
  c.ld = ld, c.stride = stride, c.rows = rows, c.cols = cols;
  c.count = batch > 1 && stride != 0 ? batch : 1;
  return c;
}
template <Major MajorA, Major MajorB, class T, class Out>
CopyPlan copy_plan(const GemmArgs<T, Out>& g, long long partials) {
  CopyPlan c{};
  const long long lda = g.lda ? g.lda : dense_ld(MajorA, g.m, g.k);
  const long long ldb = g.ldb ? g.ldb : dense_ld(MajorB, g.k, g.n);
  c.a = !tma_takes(g.a, lda, g.stride_a, g.batch, 2);
  c.b = !tma_takes(g.b, ldb, g.stride_b, g.batch, 2);
  const bool ar = MajorA == Major::row, bc = MajorB == Major::col;
  c.ca = copy_of(g.a, lda, g.stride_a, ar ? g.m : g.k, ar ? g.k : g.m, g.batch);
  c.cb = copy_of(g.b, ldb, g.stride_b, bc ? g.n : g.k, bc ? g.k : g.n, g.batch);
  c.a_offset = (partials + 255) / 256 * 256;
  c.b_offset = c.a_offset + (c.a ? copy_bytes(c.ca.count, c.ca.rows, c.ca.cols) : 0);
  c.bytes = !c.a && !c.b ? partials
                         : c.b_offset + (c.b ? copy_bytes(c.cb.count, c.cb.rows, c.cb.cols) : 0);
  return c;
}
} // namespace gemm_sm90

/// The bytes of workspace gemm needs for g, for every MajorA and MajorB:
/// the fp32 partials of split-K or the tail split (none without), then the copies of A and
/// B where TMA cannot read them (none when it can). Give GemmArgs::workspace
/// of at least this size (16-byte aligned, as cudaMalloc's are) to spare the
/// allocation.
template <class T, class Out> long long gemm_workspace_bytes(const GemmArgs<T, Out>& g) {
  // (TN's choice may exchange A and B, NN's never: the larger partials)
  const long long p0 = gemm_sm90::partials_bytes(g, gemm_choice<Major::row, Major::col>(g)),
                  p1 = gemm_sm90::partials_bytes(g, gemm_choice<Major::row, Major::row>(g));
  const long long part = p0 > p1 ? p0 : p1;
  const long long x[4] = {gemm_sm90::copy_plan<Major::row, Major::row>(g, part).bytes,
                          gemm_sm90::copy_plan<Major::row, Major::col>(g, part).bytes,
                          gemm_sm90::copy_plan<Major::col, Major::row>(g, part).bytes,
                          gemm_sm90::copy_plan<Major::col, Major::col>(g, part).bytes};
  long long most = 0;
  for (int i = 0; i < 4; ++i)
    most = x[i] > most ? x[i] : most;
  return most;
}

namespace gemm_sm90 {
/// gemm's launches once A and B take TMA (g checked, copies made).
template <Major MajorA, Major MajorB, class Epi, class T, class Out>
cudaError_t run_tma(const GemmArgs<T, Out>& g, const GemmChoice choice, cudaStream_t stream,
                    const Epi& epi) {
  using Cfg = Config<T, Out, MajorA, MajorB, Epi, Io::any, 3, 3, false, 1>;
  using Cfg128 = Config<T, Out, MajorA, MajorB, Epi, Io::any, 3, 5, false, 1, 128>;
  using Cfg176 = Config<T, Out, MajorA, MajorB, Epi, Io::any, 3, 4, false, 1, 176>;
  using Cfg224 = Config<T, Out, MajorA, MajorB, Epi, Io::any, 3, 4, false, 1, 224>;
  const SplitPlan sp = split_plan(g.k, choice.split);
  typename Cfg::ParamsT p{};
  p.m = g.m, p.n = g.n, p.k = g.k, p.batch = g.batch;
  p.a = g.a, p.lda = g.lda ? g.lda : dense_ld(MajorA, g.m, g.k), p.stride_a = g.stride_a;
  p.b = g.b, p.ldb = g.ldb ? g.ldb : dense_ld(MajorB, g.k, g.n), p.stride_b = g.stride_b;
  p.d = g.d, p.ldd = g.ldd ? g.ldd : g.n, p.stride_d = g.stride_d;
  p.c = g.c, p.ldc = g.ldc ? g.ldc : g.n, p.stride_c = g.stride_c;
  p.bias = g.bias, p.stride_bias = g.stride_bias;
  p.alpha = g.alpha, p.beta = g.beta, p.fn = epi.fn;
  p.split = sp.split, p.split_blocks = sp.blocks;
  p.sk_mode = sk_mode_of(choice), p.sk_split = choice.tail_split, p.sk_slots = sm_count();
  // an operand with stride 0 (or a batch of one) is one matrix: batch coordinate 0
  p.a_batch = g.batch > 1 && g.stride_a != 0, p.b_batch = g.batch > 1 && g.stride_b != 0;
  constexpr int out = static_cast<int>(sizeof(Out));
  // (a TMA store writes whole 16-byte units at the end of a row, measured on
  // the H200: past n it would write into D's padding)
  // the past-n rule: D's rows are n long, m when exchanged (16-bit D only)
  p.tma_store = tma_takes(g.d, p.ldd, g.stride_d, g.batch, out) &&
                (choice.swap_ab ? g.m * out % 16 == 0 && out == 2 : g.n * out % 16 == 0);
  p.pairs = reinterpret_cast<std::uintptr_t>(g.d) % (2 * out) == 0 && p.ldd % 2 == 0 &&
            (g.batch == 1 || g.stride_d % 2 == 0);
  // the fast path's kernel (gemm_bf16_tn's, for any T and Out) where it
  // computes the same: TN, no epilogue, one GEMM, everything through TMA,
  // its own configuration
  constexpr bool tn = MajorA == Major::row && MajorB == Major::col;
  constexpr bool no_epilogue = Epi::plain || cuda::std::is_same_v<Epi, Epilogue<>>;
  if constexpr (tn && no_epilogue) {
    if (g.alpha == 1.0f && g.beta == 0.0f && g.batch == 1 && p.tma_store &&
        (choice.tile_n == 256 || choice.tile_n == 224) && sp.split == 1 && p.sk_mode == 0 &&
        !choice.swap_ab) {
      // 3 stages alone, or 4 in clusters of 2 with one stage's wgmmas kept in
      // flight (gemm_heuristic::fast_cluster; TIRX_GEMM_CLUSTER_OVERLAP); the
      // 128 x 256 tile or the 128 x 224 one
      auto fast = [&]<int Stages, bool Overlap, int Cluster, int BN>() {
        using Fast =
            Config<T, Out, MajorA, MajorB, Plain, Io::tma, 2, Stages, Overlap, Cluster, BN>;
        const long long ea[2] = {g.m, g.k}, sa[2] = {p.lda, 1}, eb[2] = {g.n, g.k},
                        sb[2] = {p.ldb, 1}, ed[2] = {g.m, g.n}, sd[2] = {p.ldd, 1};
        const auto fa = map_of<typename Fast::MapA>(g.a, ea, sa);
        const auto fb = map_of<typename Fast::MapB>(g.b, eb, sb);
        const auto fd = map_of<typename Fast::MapD>(g.d, ed, sd);
        typename Fast::ParamsT q{};
        q.m = g.m, q.n = g.n, q.k = g.k, q.d = g.d, q.ldd = p.ldd;
        return launch<Fast>(fa, fb, fd, q, stream);
      };
      try {
        constexpr bool ov = TIRX_GEMM_CLUSTER_OVERLAP != 0;
        const bool cl = TIRX_GEMM_FAST_CLUSTER &&
                        gemm_heuristic::fast_cluster(g.m, g.n, g.k, sm_count(), choice.tile_n);
        if (choice.tile_n == 224)
          return cl ? fast.template operator()<4, ov, 2, 224>()
                    : fast.template operator()<3, false, 1, 224>();
        return cl ? fast.template operator()<4, ov, 2, 256>()
                  : fast.template operator()<3, false, 1, 256>();
      } catch (const std::exception&) {
        // (the general kernel below takes what a map refuses)
      }
    }
  }
  if constexpr (swaps_ab<MajorA, MajorB>) {
    if (choice.swap_ab) { // (g is exchanged already: gemm's swapped_ab) D column-major
      using CfgX = Config<T, Out, MajorA, MajorB, Epi, Io::any, 3, 3, false, 1, 256, true>;
      return run_general<CfgX, MajorA, MajorB>(g, p, stream);
    }
  }
  if (choice.tile_n == 128)
    return run_general<Cfg128, MajorA, MajorB>(g, p, stream);
  if constexpr (MajorB == Major::col) // (the 176- and 224-wide tiles read B K-major)
    if (choice.tile_n == 176 || choice.tile_n == 224)
      return choice.tile_n == 176 ? run_general<Cfg176, MajorA, MajorB>(g, p, stream)
                                  : run_general<Cfg224, MajorA, MajorB>(g, p, stream);
  return run_general<Cfg, MajorA, MajorB>(g, p, stream);
}

/// gemm's work once the choice is made (g exchanged when choice.swap_ab):
/// the copies of A and B that TMA cannot read, then run_tma.
template <Major MajorA, Major MajorB, class Epi, class T, class Out>
cudaError_t run_chosen(const GemmArgs<T, Out>& g, const GemmChoice choice, cudaStream_t stream,
                       const Epi& epi) {
  const CopyPlan cp = copy_plan<MajorA, MajorB>(g, partials_bytes(g, choice));
  if (!cp.a && !cp.b)
    return run_tma<MajorA, MajorB>(g, choice, stream, epi);
  // A and/or B into 16-byte rows first: the caller's workspace, or one of
  // the stream's (split-K's part, if any, at its start)
  GemmArgs<T, Out> h = g;
  char* ws = reinterpret_cast<char*>(g.workspace);
  void* own = nullptr;
  if (ws == nullptr || g.workspace_bytes < cp.bytes ||
      reinterpret_cast<std::uintptr_t>(ws) % 16 != 0) {
    if (cudaError_t e = cudaMallocAsync(&own, static_cast<size_t>(cp.bytes), stream);
        e != cudaSuccess)
      return e;
    ws = static_cast<char*>(own);
  }
  h.workspace = reinterpret_cast<float*>(ws), h.workspace_bytes = cp.bytes;
  const int sms = sm_count();
  cudaError_t e = cudaSuccess;
  if (cp.a) {
    CopyArgs c = cp.ca;
    c.dst = reinterpret_cast<uint16_t*>(ws + cp.a_offset);
    e = copy_operand(c, sms, stream);
    h.a = reinterpret_cast<const T*>(c.dst), h.lda = copy_ld(c.cols);
    h.stride_a = c.count > 1 ? c.rows * copy_ld(c.cols) : 0;
  }
  if (cp.b && e == cudaSuccess) {
    CopyArgs c = cp.cb;
    c.dst = reinterpret_cast<uint16_t*>(ws + cp.b_offset);
    e = copy_operand(c, sms, stream);
    h.b = reinterpret_cast<const T*>(c.dst), h.ldb = copy_ld(c.cols);
    h.stride_b = c.count > 1 ? c.rows * copy_ld(c.cols) : 0;
  }
  if (e == cudaSuccess)
    e = run_tma<MajorA, MajorB>(h, choice, stream, epi);
  if (own != nullptr) {
    const cudaError_t f = cudaFreeAsync(own, stream);
    if (e == cudaSuccess)
      e = f;
  }
  return e;
}
} // namespace gemm_sm90

/// D = fn(alpha A B + beta C + bias) for g.batch GEMMs, asynchronously on
/// stream (see the header comment and docs/gemm.md). T: __nv_bfloat16 or
/// __half; Out: T, __nv_bfloat16, __half or float. Returns
/// cudaErrorInvalidValue when gemm_check names a reason, the error of
/// cudaMallocAsync when a workspace it needs cannot be allocated.
template <Major MajorA = Major::row, Major MajorB = Major::col, class Epi = Epilogue<>, class T,
          class Out>
cudaError_t gemm(const GemmArgs<T, Out>& g, cudaStream_t stream = 0, const Epi& epi = {}) {
  using namespace gemm_sm90;
  if (gemm_check<MajorA, MajorB, Epi>(g) != nullptr)
    return cudaErrorInvalidValue;
  const GemmChoice choice = gemm_choice<MajorA, MajorB>(g);
  if constexpr (swaps_ab<MajorA, MajorB>) {
    if (choice.swap_ab)
      return run_chosen<MajorA, MajorB>(swapped_ab<MajorA, MajorB>(g), choice, stream, epi);
  }
  return run_chosen<MajorA, MajorB>(g, choice, stream, epi);
}

} // namespace tirx_kernels
