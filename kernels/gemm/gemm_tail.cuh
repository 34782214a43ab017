// The tail split of the Hopper GEMM (kernels/gemm/gemm.cuh): a problem of T
// tiles on a persistent grid of G CTAs runs T / G whole waves and a last
// wave of T % G tiles; when that wave is small most SMs idle through it
// (1024 x 14336: 448 tiles of 128 x 256 on 132 SMs are 3 waves and 52
// tiles). With p.tail_split = S > 1 the general kernel (gemm_sm90.cuh)
// walks work units instead of tiles (TailWalk): the first `whole` units
// (whole waves of the grid) are tiles as before, and each tile after them
// is cut into S consecutive K ranges, S units on S CTAs, so the last wave
// is S times as wide and 1/S as long. Each part counts its arrival; the
// others store their accumulator into their slots of the workspace, the
// last to arrive adds the S parts (the same bits whichever part ends last:
// tail_fixup) and runs the tile's epilogue as a whole tile would. No second kernel; the last
// part waits only for stores already under way (the others have ended their
// main loops), so no part waits for work not yet started.
//
// The workspace: per tail tile, S slots per consumer warpgroup, each one
// warpgroup's accumulator in fragment order (thread t's registers r .. r +
// 3 at float4 (r / 4) * 128 + t: coalesced), then two counters per tail
// tile and consumer, arrivals and written slots (zeroed before the launch).
#pragma once

#include "gemm_epilogue.cuh"
#include "gemm_splitk.cuh"

#include <tirx/exec/fence.hpp>
#include <tirx/exec/sync.hpp>

namespace tirx_kernels::gemm_sm90 {

/// A tail split: `whole` tiles done whole (whole waves of `sms` CTAs), the
/// `tiles` after them cut into `split` K ranges of `blocks` K blocks each
/// (split 1: none).
struct TailPlan {
  long long whole = 0, tiles = 0;
  int split = 1, blocks = 0;
};
/// The tail split of `tiles` tiles on sms CTAs, S ranges asked for (cut to
/// the K blocks of k, as split_plan cuts split-K's).
inline TailPlan tail_plan(long long tiles, int sms, int k, int split) {
  TailPlan t{tiles, 0, 1, 0};
  const SplitPlan s = split_plan(k, split);
  if (s.split <= 1 || sms < 1)
    return t;
  t.whole = tiles / sms * sms, t.tiles = tiles - t.whole, t.split = s.split, t.blocks = s.blocks;
  if (t.tiles == 0)
    t = TailPlan{tiles, 0, 1, 0};
  return t;
}
/// The floats of one slot: a consumer warpgroup's 64 x BN accumulator.
inline long long tail_slot_floats(int tile_n) { return 64ll * tile_n; }
/// The workspace of a tail split: the slots, then the counters.
inline long long tail_workspace_bytes(const TailPlan& t, int tile_n) {
  return t.split > 1 ? 4 * t.tiles * (2ll * t.split * tail_slot_floats(tile_n) + 4) : 0;
}

/// The walk of one CTA over the units of a tail split: units start, start
/// + step, ... (the kernel's: blockIdx.x, gridDim.x); unit u < whole is tile
/// u of Sched's order, unit whole + i S + s part s of tile whole + i (split
/// 1: every unit a tile, the walk of Sched itself).
template <class Sched> class TailWalk {
public:
  TIRX_HD TailWalk(int m_tiles, int n_tiles, int batch, long long whole, int split, long long start,
                   long long step)
      : m_tiles_(m_tiles), n_tiles_(n_tiles), batch_(batch), whole_(whole), split_(split),
        u_(start), step_(step), at_(m_tiles, n_tiles, batch, 0, 1) {
    const long long tiles = at_.items();
    whole_ = split > 1 && whole < tiles ? whole : tiles;
    units_ = whole_ + (tiles - whole_) * split_;
    locate();
  }
  TIRX_HD bool done() const { return u_ >= units_; }
  TIRX_HD void next() {
    u_ += step_;
    locate();
  }
  TIRX_HD int tile_m() const { return at_.tile_m(); }
  TIRX_HD int tile_n() const { return at_.tile_n(); }
  TIRX_HD int batch_index() const { return at_.batch_index(); }
  TIRX_HD int rank() const { return 0; } // (no cluster with Io::any)
  /// The K range of a tail tile, or -1 for a whole tile.
  TIRX_HD int part() const { return u_ < whole_ ? -1 : static_cast<int>((u_ - whole_) % split_); }
  /// The tail tile's index among the tail tiles (part() >= 0).
  TIRX_HD long long tail_index() const { return (u_ - whole_) / split_; }

private:
  TIRX_HD void locate() {
    if (!done())
      at_ = Sched(m_tiles_, n_tiles_, batch_, u_ < whole_ ? u_ : whole_ + tail_index(), 1);
  }
  int m_tiles_, n_tiles_, batch_;
  long long whole_;
  int split_;
  long long u_, step_, units_ = 0;
  Sched at_;
};

#if defined(__CUDACC__)
/// The end of part `part` of tail tile `tail` for consumer warpgroup c:
/// whether it is the last part to end (a count of arrivals). The others
/// store their accumulator into their slot, count it written and return
/// false (their tile is not theirs to store); the last one waits until the
/// other slots are written (they are on their way: those parts have ended),
/// leaves the sum of the S parts in acc and returns true. The sum has the
/// same bits whichever part ends last: for S = 2 the other part added to
/// its registers (a + b == b + a), for S > 2 the S slots in the order 0 ..
/// S - 1 (its own stored first, like the others').
template <int BN, class P, class Acc>
__device__ TIRX_FORCEINLINE bool tail_fixup(Acc& acc, const P& p, long long tail, int part, int c) {
  constexpr int vecs = BN / 8; // float4s of a thread's BN / 2 registers
  const int t = static_cast<int>(threadIdx.x % 128), parts = p.tail_split;
  const long long slot = 128ll * vecs; // float4s
  float4* first = reinterpret_cast<float4*>(p.workspace) + tail * parts * 2 * slot + t;
  auto at = [&](int s, int v) { return first + (2ll * s + c) * slot + v * 128; };
  // counters: arrivals (one per tile and consumer), then written slots
  int* arrived =
      reinterpret_cast<int*>(p.workspace + p.tail_tiles * parts * 2 * 4 * slot) + 4 * tail + c;
  int* written = arrived + 2;
  bool last = false;
  if (t == 0)
    last = atomicAdd(arrived, 1) == parts - 1;
  last = named_barrier_or(1 + c, 128, last);
  if (!last || parts > 2) {
#pragma unroll
    for (int v = 0; v < vecs; ++v)
      *at(part, v) = make_float4(acc.data()[4 * v], acc.data()[4 * v + 1], acc.data()[4 * v + 2],
                                 acc.data()[4 * v + 3]);
  }
  if (!last) { // the warpgroup's stores, then one thread's release of them and its count
    named_barrier_sync(1 + c, 128);
    if (t == 0) {
      fence_acq_rel<FenceScope::gpu>();
      atomicAdd(written, 1);
    }
    return false;
  }
  if (t == 0) { // the count's acquire before the other slots are read (through L2)
    while (atomicAdd(written, 0) < parts - 1) {
    }
    fence_acq_rel<FenceScope::gpu>();
  }
  named_barrier_sync(1 + c, 128);
  // in chunks of 8 float4s per slot: the chunk's loads are independent
  // (one L2 latency per chunk and slot, not per float4; measured with ncu:
  // one float4 at a time made the last part as long as a whole tile)
  constexpr int chunk = 8;
#pragma unroll
  for (int v0 = 0; v0 < vecs; v0 += chunk) {
    for (int s = parts == 2 ? 1 - part : 0; s < parts; s += parts == 2 ? parts : 1) {
      float4 x[chunk];
#pragma unroll
      for (int v = 0; v < chunk; ++v)
        x[v] = __ldcg(at(s, v0 + v));
#pragma unroll
      for (int v = 0; v < chunk; ++v) {
        float* a = acc.data() + 4 * (v0 + v);
        const bool add = parts == 2 || s > 0;
        a[0] = add ? a[0] + x[v].x : x[v].x, a[1] = add ? a[1] + x[v].y : x[v].y;
        a[2] = add ? a[2] + x[v].z : x[v].z, a[3] = add ? a[3] + x[v].w : x[v].w;
      }
    }
  }
  return true;
}

/// Runs a tail-split GEMM (p.tail_* set from a TailPlan with split > 1):
/// the workspace given (when it holds tail_workspace_bytes) or allocated on
/// the stream, its counters zeroed, then launch_main(p) (the general
/// kernel's launch), and the workspace freed.
template <int TileN, class P, class Main>
cudaError_t run_tail(P p, float* workspace, long long workspace_bytes, cudaStream_t stream,
                     const Main& launch_main) {
  const TailPlan t{p.tail_whole, p.tail_tiles, p.tail_split, p.tail_blocks};
  const long long counters = 2 * t.split * t.tiles * tail_slot_floats(TileN);
  return with_workspace(
      tail_workspace_bytes(t, TileN), workspace, workspace_bytes, stream, [&](float* w) {
        p.workspace = w;
        const cudaError_t e = cudaMemsetAsync(w + counters, 0, 16 * t.tiles, stream);
        return e != cudaSuccess ? e : launch_main(p);
      });
}
#endif

} // namespace tirx_kernels::gemm_sm90
