// Stream-K and the tail split for the Hopper GEMM (kernels/gemm/gemm.cuh;
// measured in records/gemm.md "Stream-K": correct, slower than the tail split
// on the H200, so an option the heuristic does not pick). A problem
// of T tiles of K blocks each on a persistent grid of G CTAs: the first dp
// tiles (whole waves but the last: (T / G - 1) G, or 0 under two waves) are
// done whole, round-robin as before; the K blocks of the remaining sk = T -
// dp tiles (between one and two waves of them) are divided evenly among the
// G CTAs: CTA c takes iterations [c I / G, (c + 1) I / G) of the I = sk K
// blocks, cut at tile boundaries into pieces. A piece that is a whole tile
// is stored as one; a partial piece counts its K blocks on its tile and, if
// they do not complete the tile, stores its fp32 accumulator into one of its
// CTA's two slots (its first piece: slot 0; its last: slot 1) and counts it
// written; the piece that completes the count waits for the others' stores
// (under way: their pieces have ended), adds the pieces in K order (the CTAs
// in order; two pieces: the other added to its registers, a + b == b + a)
// and stores the tile. Every CTA ends within one K block of the others.
#pragma once

#include "gemm_splitk.cuh"

#include <tirx/exec/fence.hpp>
#include <tirx/exec/sync.hpp>

namespace tirx_kernels::gemm_sm90 {

/// The stream-K plan of `tiles` tiles of k on a grid of `grid` CTAs: none
/// under a whole wave or when the waves are whole.
inline StreamKPlan streamk_plan(long long tiles, int grid, int k) {
  StreamKPlan p{tiles, 0, grid, static_cast<int>((k + block_k - 1) / block_k)};
  if (grid < 1 || tiles < grid || tiles % grid == 0)
    return p;
  const long long waves = tiles / grid;
  p.dp = waves >= 2 ? (waves - 1) * grid : 0;
  p.sk = tiles - p.dp;
  return p;
}
/// The tail split as a stream-K plan: the whole waves of `grid` CTAs whole,
/// the tiles after them S ranges each on S CTAs (S cut so that they fit in
/// the grid and every range holds a K block).
inline StreamKPlan tail_streamk_plan(long long tiles, int grid, int k, int split) {
  StreamKPlan p{tiles, 0, grid, static_cast<int>((k + block_k - 1) / block_k)};
  if (grid < 1 || tiles % grid == 0 || split < 2)
    return p;
  const long long tail = tiles % grid;
  long long s = split < p.k_blocks ? split : p.k_blocks;
  s = s * tail <= grid ? s : grid / tail;
  if (s < 2)
    return p;
  p.dp = tiles - tail, p.sk = tail, p.ctas = static_cast<int>(s * tail);
  return p;
}
/// The workspace of a plan on at most `ctas` CTAs (the launch may take
/// fewer): 2 slots per CTA and consumer warpgroup (64 x BN floats each),
/// then per stream-K tile (fewer than 2 ctas of them) and consumer two
/// counters (K blocks done, slots written).
inline long long streamk_workspace_bytes(int ctas, int tile_n) {
  return 4 * (4ll * ctas * 64 * tile_n + 8ll * ctas);
}

/// The walk of CTA c of a grid of `step` CTAs over a stream-K plan: its
/// whole tiles (c, c + step, ... below dp), then the pieces of its iteration
/// range, each a K range [kb0, kb1) of one tile.
template <class Sched> class StreamKWalk {
public:
  TIRX_HD StreamKWalk(int m_tiles, int n_tiles, int batch, const StreamKPlan& p, long long cta,
                      long long step)
      : m_tiles_(m_tiles), n_tiles_(n_tiles), batch_(batch), p_(p), c_(cta), step_(step),
        at_(m_tiles, n_tiles, batch, 0, 1) {
    if (p_.sk == 0) { // no stream-K: every tile whole, round-robin
      p_.dp = at_.items();
    }
    u_ = c_;
    it_ = p_.sk > 0 ? p_.begin(c_) : 0;
    end_ = p_.sk > 0 ? p_.begin(c_ + 1) : 0;
    locate();
  }
  TIRX_HD bool done() const { return u_ >= p_.dp && it_ >= end_; }
  TIRX_HD void next() {
    if (u_ < p_.dp)
      u_ += step_;
    else
      it_ = piece_end();
    locate();
  }
  TIRX_HD int tile_m() const { return at_.tile_m(); }
  TIRX_HD int tile_n() const { return at_.tile_n(); }
  TIRX_HD int batch_index() const { return at_.batch_index(); }
  TIRX_HD int rank() const { return 0; }
  /// The current unit's K blocks.
  TIRX_HD int kb0() const { return in_sk() ? static_cast<int>(it_ % p_.k_blocks) : 0; }
  TIRX_HD int kb1() const {
    return in_sk() ? static_cast<int>(piece_end() - sk_tile() * p_.k_blocks) : p_.k_blocks;
  }
  /// Whether the unit is part of a tile (its tile needs the fixup).
  TIRX_HD bool partial() const { return in_sk() && (kb0() > 0 || kb1() < p_.k_blocks); }
  /// The unit's tile among the stream-K tiles.
  TIRX_HD long long sk_tile() const { return it_ / p_.k_blocks; }
  /// The unit's slot: this CTA's first piece 0, its last 1 (times 2, + c_).
  TIRX_HD long long slot() const { return 2 * c_ + (it_ == p_.begin(c_) ? 0 : 1); }

private:
  TIRX_HD bool in_sk() const { return u_ >= p_.dp; }
  TIRX_HD long long piece_end() const {
    const long long tile_end = (sk_tile() + 1) * p_.k_blocks;
    return tile_end < end_ ? tile_end : end_;
  }
  TIRX_HD void locate() {
    if (done())
      return;
    at_ = Sched(m_tiles_, n_tiles_, batch_, in_sk() ? p_.dp + sk_tile() : u_, 1);
  }
  int m_tiles_, n_tiles_, batch_;
  StreamKPlan p_;
  long long c_, step_, u_ = 0, it_ = 0, end_ = 0;
  Sched at_;
};

#if defined(__CUDACC__)
/// The end of a partial piece [kb0, kb1) of stream-K tile t for consumer
/// warpgroup c, the piece in its CTA's slot `slot`: whether this piece
/// completes the tile; if so acc holds the tile's sum (the pieces in K
/// order) and the caller stores it, else the piece is stored for the one
/// that completes it.
template <int BN, class P, class Acc>
__device__ TIRX_FORCEINLINE bool streamk_fixup(Acc& acc, const P& p, const StreamKPlan& plan,
                                               long long t, int kb0, int kb1, long long slot,
                                               int c) {
  constexpr int vecs = BN / 8;
  const int th = static_cast<int>(threadIdx.x % 128), kb = plan.k_blocks;
  const long long slot_f4 = 128ll * vecs;
  float4* slots = reinterpret_cast<float4*>(p.workspace) + th;
  auto at = [&](long long s, int v) { return slots + (2 * s + c) * slot_f4 + v * 128; };
  int* counts = reinterpret_cast<int*>(p.workspace + 4ll * p.sk_slots * 64 * BN) + 4 * t + c;
  const long long first = plan.cta_of(t * kb), last_cta = plan.cta_of((t + 1) * kb - 1);
  const int pieces = static_cast<int>(last_cta - first + 1);
  bool last = false;
  if (th == 0)
    last = atomicAdd(counts, kb1 - kb0) + (kb1 - kb0) == kb;
  last = named_barrier_or(1 + c, 128, last);
  if (!last || pieces > 2) {
#pragma unroll
    for (int v = 0; v < vecs; ++v)
      *at(slot, v) = make_float4(acc.data()[4 * v], acc.data()[4 * v + 1], acc.data()[4 * v + 2],
                                 acc.data()[4 * v + 3]);
  }
  if (!last) {
    named_barrier_sync(1 + c, 128);
    if (th == 0) {
      fence_acq_rel<FenceScope::gpu>();
      atomicAdd(counts + 2, 1);
    }
    return false;
  }
  if (th == 0) {
    while (atomicAdd(counts + 2, 0) < pieces - 1) {
    }
    fence_acq_rel<FenceScope::gpu>();
  }
  named_barrier_sync(1 + c, 128);
  // the pieces' slots in K order (CTA first .. last; a CTA's piece of this
  // tile is its last piece when its range began before the tile)
  auto slot_of = [&](long long cta) { return 2 * cta + (plan.begin(cta) < t * kb ? 1 : 0); };
  constexpr int chunk = 8;
#pragma unroll
  for (int v0 = 0; v0 < vecs; v0 += chunk) {
    for (long long q = first; q <= last_cta; ++q) {
      const long long s = slot_of(q);
      if (pieces == 2 && s == slot)
        continue; // its own: in the registers
      float4 x[chunk];
#pragma unroll
      for (int v = 0; v < chunk; ++v)
        x[v] = __ldcg(at(s, v0 + v));
#pragma unroll
      for (int v = 0; v < chunk; ++v) {
        float* a = acc.data() + 4 * (v0 + v);
        const bool add = pieces == 2 || q > first;
        a[0] = add ? a[0] + x[v].x : x[v].x, a[1] = add ? a[1] + x[v].y : x[v].y;
        a[2] = add ? a[2] + x[v].z : x[v].z, a[3] = add ? a[3] + x[v].w : x[v].w;
      }
    }
  }
  return true;
}
#endif

} // namespace tirx_kernels::gemm_sm90
