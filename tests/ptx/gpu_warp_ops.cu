// GPU test of the warp-level families through tile::apply (label gpu):
// shfl.sync (every mode, with and without the d|p predicate, b as a scalar
// and as a per-lane register tensor), vote.sync (all, any, uni, ballot),
// match.sync (any/all, .b32/.b64, all's d|p), redux.sync (every integer
// form), activemask and elect.sync (sm_90), and warp_reduce<Width> for every
// width. Every spelling runs in both scopes and layouts: scope::warp (one
// warp, S[(32, 2) : (1@laneid, 1)], two registers a lane) and scope::cta
// (4 warps, S[(4, 32, 1) : (1@warpid, 1@laneid, 1)]), each warp under its
// own member mask (the full warp, a half, or seeded random lanes; shfl's
// masks are whole segments so every source lane is a member). Lanes outside
// the mask do not call; their outputs must keep the poison. Inputs are
// seeded random (few distinct values for match, sparse and dense
// predicates), each result checked bit for bit against a host model of
// PTX's rule. One kernel per scope runs every spelling (a switch on the
// case), so the TU stays small.
// One PASS/FAIL line per case; exit 0: all passed, 1: a case failed, 77: no GPU.
#include "gpu_check.hpp"

#include <tirx/tile.hpp>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

namespace {

using namespace tirx;

enum Op {
  shfl_up,
  shfl_down,
  shfl_bfly,
  shfl_idx, // d, a, b, c, mask
  shfl_up_p,
  shfl_down_p,
  shfl_bfly_p,
  shfl_idx_p,     // d, p, a, b, c, mask
  shfl_idx_lanes, // d, p, a, b (per-lane tensor), c, mask
  vote_all,
  vote_any,
  vote_uni,
  vote_ballot,
  match_any32,
  match_any64,
  match_all32,
  match_all64,
  match_all32_p,
  match_all64_p,
  redux_add_u,
  redux_add_s,
  redux_min_u,
  redux_min_s,
  redux_max_u,
  redux_max_s,
  redux_and,
  redux_or,
  redux_xor,
  activemask,
  elect,
  op_count
};
constexpr const char* op_name[] = {
    "shfl.sync.up.b32",       "shfl.sync.down.b32",    "shfl.sync.bfly.b32",
    "shfl.sync.idx.b32",      "shfl.sync.up.b32 d|p",  "shfl.sync.down.b32 d|p",
    "shfl.sync.bfly.b32 d|p", "shfl.sync.idx.b32 d|p", "shfl.sync.idx.b32 d|p, b per lane",
    "vote.sync.all.pred",     "vote.sync.any.pred",    "vote.sync.uni.pred",
    "vote.sync.ballot.b32",   "match.any.sync.b32",    "match.any.sync.b64",
    "match.all.sync.b32",     "match.all.sync.b64",    "match.all.sync.b32 d|p",
    "match.all.sync.b64 d|p", "redux.sync.add.u32",    "redux.sync.add.s32",
    "redux.sync.min.u32",     "redux.sync.min.s32",    "redux.sync.max.u32",
    "redux.sync.max.s32",     "redux.sync.and.b32",    "redux.sync.or.b32",
    "redux.sync.xor.b32",     "activemask.b32",        "elect.sync"};
static_assert(sizeof(op_name) / sizeof(op_name[0]) == op_count);

constexpr bool is_shfl(int op) { return op <= shfl_idx_lanes; }
constexpr bool has_p(int op) {
  return (op >= shfl_up_p && op <= shfl_idx_lanes) || op == match_all32_p || op == match_all64_p ||
         op == elect;
}

constexpr int threads_max = 128, regs_max = 2;
constexpr unsigned poison = 0xABABABABu;

struct Params {
  const unsigned* a;     // [thread * regs + k]
  const unsigned* lanes; // b per lane (shfl_idx_lanes)
  const unsigned long long* a64;
  unsigned* d;
  unsigned* p;
  const unsigned* masks; // one per warp
  unsigned b, c;
  int op;
};

/// Every case on one scope's tensors; t: the thread, regs: registers a lane.
/// p (the d|p forms' predicate), pa (vote's a) and dp (the d of vote's
/// .pred forms) are bool tensors; each starts at a pseudo-random value (a
/// hash of the element and the case), so a form that left one unwritten
/// fails on about half of its elements.
template <class S, class Tn, class Tb, class Tw>
__device__ void run_case(const Params& P, S s, Tn& a, Tn& b, Tn& d, Tb& p, Tb& pa, Tb& dp, Tw& a64,
                         int regs) {
  const int t = static_cast<int>(threadIdx.x), lane = t % 32;
  const unsigned m = P.masks[t / 32];
  if (((m >> lane) & 1u) == 0)
    return; // not a member: does not call, its outputs keep the poison
  for (int k = 0; k < regs; ++k) {
    a.data()[k] = P.a[t * regs + k];
    b.data()[k] = P.lanes[t * regs + k];
    a64.data()[k] = P.a64[t * regs + k];
    d.data()[k] = poison;
    const unsigned h = (static_cast<unsigned>(t * regs + k) ^ P.b ^ (P.c << 8)) * 2654435761u;
    p.data()[k] = ((h >> 17) & 1u) != 0;
    dp.data()[k] = ((h >> 23) & 1u) != 0;
    pa.data()[k] = a.data()[k] != 0;
  }
  const unsigned bv = P.b, cv = P.c;
  switch (P.op) {
  case shfl_up:
    tile::apply<ptx<"shfl.sync.up.b32">>(d, a, bv, cv, m, s);
    break;
  case shfl_down:
    tile::apply<ptx<"shfl.sync.down.b32">>(d, a, bv, cv, m, s);
    break;
  case shfl_bfly:
    tile::apply<ptx<"shfl.sync.bfly.b32">>(d, a, bv, cv, m, s);
    break;
  case shfl_idx:
    tile::apply<ptx<"shfl.sync.idx.b32">>(d, a, bv, cv, m, s);
    break;
  case shfl_up_p:
    tile::apply<ptx<"shfl.sync.up.b32">>(d, p, a, bv, cv, m, s);
    break;
  case shfl_down_p:
    tile::apply<ptx<"shfl.sync.down.b32">>(d, p, a, bv, cv, m, s);
    break;
  case shfl_bfly_p:
    tile::apply<ptx<"shfl.sync.bfly.b32">>(d, p, a, bv, cv, m, s);
    break;
  case shfl_idx_p:
    tile::apply<ptx<"shfl.sync.idx.b32">>(d, p, a, bv, cv, m, s);
    break;
  case shfl_idx_lanes:
    tile::apply<ptx<"shfl.sync.idx.b32">>(d, p, a, b, cv, m, s);
    break;
  case vote_all:
    tile::apply<ptx<"vote.sync.all.pred">>(dp, pa, m, s);
    break;
  case vote_any:
    tile::apply<ptx<"vote.sync.any.pred">>(dp, pa, m, s);
    break;
  case vote_uni:
    tile::apply<ptx<"vote.sync.uni.pred">>(dp, pa, m, s);
    break;
  case vote_ballot:
    tile::apply<ptx<"vote.sync.ballot.b32">>(d, pa, m, s);
    break;
  case match_any32:
    tile::apply<ptx<"match.any.sync.b32">>(d, a, m, s);
    break;
  case match_any64:
    tile::apply<ptx<"match.any.sync.b64">>(d, a64, m, s);
    break;
  case match_all32:
    tile::apply<ptx<"match.all.sync.b32">>(d, a, m, s);
    break;
  case match_all64:
    tile::apply<ptx<"match.all.sync.b64">>(d, a64, m, s);
    break;
  case match_all32_p:
    tile::apply<ptx<"match.all.sync.b32">>(d, p, a, m, s);
    break;
  case match_all64_p:
    tile::apply<ptx<"match.all.sync.b64">>(d, p, a64, m, s);
    break;
  case redux_add_u:
    tile::apply<ptx<"redux.sync.add.u32">>(d, a, m, s);
    break;
  case redux_add_s:
    tile::apply<ptx<"redux.sync.add.s32">>(d, a, m, s);
    break;
  case redux_min_u:
    tile::apply<ptx<"redux.sync.min.u32">>(d, a, m, s);
    break;
  case redux_min_s:
    tile::apply<ptx<"redux.sync.min.s32">>(d, a, m, s);
    break;
  case redux_max_u:
    tile::apply<ptx<"redux.sync.max.u32">>(d, a, m, s);
    break;
  case redux_max_s:
    tile::apply<ptx<"redux.sync.max.s32">>(d, a, m, s);
    break;
  case redux_and:
    tile::apply<ptx<"redux.sync.and.b32">>(d, a, m, s);
    break;
  case redux_or:
    tile::apply<ptx<"redux.sync.or.b32">>(d, a, m, s);
    break;
  case redux_xor:
    tile::apply<ptx<"redux.sync.xor.b32">>(d, a, m, s);
    break;
  case activemask:
    __syncwarp(m);
    tile::apply<ptx<"activemask.b32">>(d, s);
    break;
  case elect:
#if __CUDA_ARCH__ >= 900
    tile::apply<ptx<"elect.sync">>(d, p, m, s);
#endif
    break;
  default:
    break;
  }
  const bool pred_d = P.op == vote_all || P.op == vote_any || P.op == vote_uni;
  for (int k = 0; k < regs; ++k) {
    P.d[t * regs + k] = pred_d ? (dp.data()[k] ? 1u : 0u) : d.data()[k];
    P.p[t * regs + k] = p.data()[k] ? 1u : 0u;
  }
}

__global__ void warp_kernel(Params P) {
  constexpr TileLayout regs = layout_of<"S[(32, 2) : (1@laneid, 1)]">;
  auto a = alloc_local<unsigned, shape(32, 2), regs>();
  auto b = alloc_local<unsigned, shape(32, 2), regs>();
  auto d = alloc_local<unsigned, shape(32, 2), regs>();
  auto p = alloc_local<bool, shape(32, 2), regs>();
  auto pa = alloc_local<bool, shape(32, 2), regs>();
  auto dp = alloc_local<bool, shape(32, 2), regs>();
  auto a64 = alloc_local<unsigned long long, shape(32, 2), regs>();
  run_case(P, scope::warp, a, b, d, p, pa, dp, a64, 2);
}

__global__ void cta_kernel(Params P) {
  constexpr TileLayout regs = layout_of<"S[(4, 32, 1) : (1@warpid, 1@laneid, 1)]">;
  auto a = alloc_local<unsigned, shape(4, 32, 1), regs>();
  auto b = alloc_local<unsigned, shape(4, 32, 1), regs>();
  auto d = alloc_local<unsigned, shape(4, 32, 1), regs>();
  auto p = alloc_local<bool, shape(4, 32, 1), regs>();
  auto pa = alloc_local<bool, shape(4, 32, 1), regs>();
  auto dp = alloc_local<bool, shape(4, 32, 1), regs>();
  auto a64 = alloc_local<unsigned long long, shape(4, 32, 1), regs>();
  run_case(P, scope::cta, a, b, d, p, pa, dp, a64, 1);
}

/// warp_reduce<W> of a sum (u32, exact) and a max (float) over groups of W lanes.
template <int W> __global__ void reduce_kernel(const unsigned* in, unsigned* sums, float* maxes) {
  const int t = static_cast<int>(threadIdx.x);
  sums[t] = warp_reduce<W>([](unsigned x, unsigned y) { return x + y; }, in[t]);
  maxes[t] = warp_reduce<W>([](float x, float y) { return fmaxf(x, y); },
                            static_cast<float>(static_cast<int>(in[t] % 2001u) - 1000));
}

// ---- host models ------------------------------------------------------------

/// PTX's shfl.sync rule: the lane whose a `lane` receives, and whether it was in range.
int source_lane(int mode, int lane, unsigned b, unsigned c, bool& ok) {
  const int bval = static_cast<int>(b & 31), cval = static_cast<int>(c & 31);
  const int segmask = static_cast<int>((c >> 8) & 31);
  const int max_lane = (lane & segmask) | (cval & ~segmask);
  const int min_lane = lane & segmask;
  int j = 0;
  switch (mode) {
  case 0:
    j = lane - bval, ok = j >= max_lane;
    break;
  case 1:
    j = lane + bval, ok = j <= max_lane;
    break;
  case 2:
    j = lane ^ bval, ok = j <= max_lane;
    break;
  default:
    j = min_lane | (bval & ~segmask), ok = j <= max_lane;
    break;
  }
  return ok ? j : lane;
}

unsigned fold(int op, unsigned acc, unsigned x) {
  const int sa = static_cast<int>(acc), sx = static_cast<int>(x);
  switch (op) {
  case redux_add_u:
  case redux_add_s:
    return acc + x;
  case redux_min_u:
    return x < acc ? x : acc;
  case redux_min_s:
    return static_cast<unsigned>(sx < sa ? sx : sa);
  case redux_max_u:
    return x > acc ? x : acc;
  case redux_max_s:
    return static_cast<unsigned>(sx > sa ? sx : sa);
  case redux_and:
    return acc & x;
  case redux_or:
    return acc | x;
  default:
    return acc ^ x;
  }
}

struct Host {
  std::vector<unsigned> a, lanes, d, p, masks;
  std::vector<unsigned long long> a64;
};

/// Checks one run; returns the number of wrong elements (prints the first few).
int check(int op, const Host& h, int threads, int regs, unsigned b, unsigned c, const char* where) {
  int bad = 0;
  auto fail = [&](int t, int k, const char* what, unsigned got, unsigned want) {
    if (bad++ < 4)
      std::printf("  %s %s: thread %d reg %d %s: got 0x%08x, want 0x%08x (mask 0x%08x)\n",
                  op_name[op], where, t, k, what, got, want, h.masks[t / 32]);
  };
  for (int t = 0; t < threads; ++t) {
    const int lane = t % 32, base = t - lane;
    const unsigned m = h.masks[t / 32];
    for (int k = 0; k < regs; ++k) {
      const int i = t * regs + k;
      auto at = [&](int l) { return (base + l) * regs + k; };
      const unsigned gd = h.d[i], gp = h.p[i];
      if (((m >> lane) & 1u) == 0) { // outside the mask: untouched
        if (gd != poison)
          fail(t, k, "d (not a member)", gd, poison);
        continue;
      }
      unsigned wd = 0, wp = poison;
      bool check_d = true;
      if (is_shfl(op)) {
        const int mode = op == shfl_idx_lanes ? 3 : op % 4;
        const unsigned bl = op == shfl_idx_lanes ? h.lanes[i] : b;
        bool ok = false;
        wd = h.a[at(source_lane(mode, lane, bl, c, ok))];
        if (has_p(op))
          wp = ok ? 1u : 0u;
      } else if (op >= vote_all && op <= vote_ballot) {
        unsigned ballot = 0;
        for (int l = 0; l < 32; ++l)
          if (((m >> l) & 1u) && h.a[at(l)] != 0)
            ballot |= 1u << l;
        wd = op == vote_all   ? (ballot == m ? 1u : 0u)
             : op == vote_any ? (ballot != 0 ? 1u : 0u)
             : op == vote_uni ? (ballot == 0 || ballot == m ? 1u : 0u)
                              : ballot;
      } else if (op >= match_any32 && op <= match_all64_p) {
        const bool wide = op == match_any64 || op == match_all64 || op == match_all64_p;
        auto value = [&](int l) -> unsigned long long { return wide ? h.a64[at(l)] : h.a[at(l)]; };
        unsigned same = 0;
        for (int l = 0; l < 32; ++l)
          if (((m >> l) & 1u) && value(l) == value(lane))
            same |= 1u << l;
        if (op == match_any32 || op == match_any64)
          wd = same;
        else
          wd = same == m ? m : 0u;
        if (has_p(op))
          wp = same == m ? 1u : 0u;
      } else if (op >= redux_add_u && op <= redux_xor) {
        bool first = true;
        for (int l = 0; l < 32; ++l)
          if ((m >> l) & 1u) {
            wd = first ? h.a[at(l)] : fold(op, wd, h.a[at(l)]);
            first = false;
          }
      } else if (op == activemask) {
        // the lanes executing together: a subset of the members holding the
        // calling lane (the whole warp where every lane is a member)
        check_d = false;
        const bool ok = ((gd >> lane) & 1u) && (gd & ~m) == 0 && (m != ~0u || gd == m);
        if (!ok)
          fail(t, k, "activemask", gd, m);
      } else if (op == elect) {
        // one member elected: d its lane in every member, p 1 there alone
        check_d = false;
        int elected = -1, count = 0;
        for (int l = 0; l < 32; ++l)
          if (((m >> l) & 1u) && h.p[at(l)] == 1u)
            elected = l, ++count;
        if (count != 1 || gd != static_cast<unsigned>(elected) || gp != (lane == elected ? 1u : 0u))
          fail(t, k, "elect (d, then p)", gd, static_cast<unsigned>(elected));
        if (gp != 0u && gp != 1u)
          fail(t, k, "elect p", gp, 0u);
      }
      if (check_d && gd != wd)
        fail(t, k, "d", gd, wd);
      if (has_p(op) && op != elect && gp != wp)
        fail(t, k, "p", gp, wp);
    }
  }
  return bad;
}

struct Device {
  unsigned *a, *lanes, *d, *p, *masks;
  unsigned long long* a64;
  Device() {
    TIRX_CHECK_CUDA(cudaMalloc(&a, threads_max * regs_max * 4));
    TIRX_CHECK_CUDA(cudaMalloc(&lanes, threads_max * regs_max * 4));
    TIRX_CHECK_CUDA(cudaMalloc(&d, threads_max * regs_max * 4));
    TIRX_CHECK_CUDA(cudaMalloc(&p, threads_max * regs_max * 4));
    TIRX_CHECK_CUDA(cudaMalloc(&masks, 4 * 4));
    TIRX_CHECK_CUDA(cudaMalloc(&a64, threads_max * regs_max * 8));
  }
  ~Device() {
    cudaFree(a), cudaFree(lanes), cudaFree(d), cudaFree(p), cudaFree(masks), cudaFree(a64);
  }
};

/// A member mask for warp w of a trial: the full warp, a half, or random lanes
/// (shfl: whole 16-lane segments only, so every source lane is a member).
unsigned pick_mask(std::mt19937& rng, int op, int trial, int w) {
  const int kind = (trial + w) % 4;
  if (kind == 0 || op == activemask)
    return kind == 0 || rng() % 2 ? ~0u : (rng() % 2 ? 0x0000ffffu : 0xffff0000u);
  if (kind == 1 || is_shfl(op))
    return rng() % 2 ? 0x0000ffffu : 0xffff0000u;
  unsigned m = 0;
  while (m == 0)
    m = static_cast<unsigned>(rng()) & static_cast<unsigned>(rng() | rng());
  return m;
}

/// One case: trials over both scopes. Returns the wrong elements.
int run_op(Device& dev, std::mt19937& rng, int op, bool sm90) {
  int bad = 0;
  for (int trial = 0; trial < 12; ++trial) {
    for (int scope = 0; scope < 2; ++scope) {
      const int threads = scope == 0 ? 32 : 128, regs = scope == 0 ? 2 : 1;
      const int n = threads * regs;
      Host h;
      h.a.resize(n), h.lanes.resize(n), h.a64.resize(n), h.masks.resize(4);
      for (int w = 0; w < 4; ++w)
        h.masks[w] = pick_mask(rng, op, trial, w);
      const bool segments =
          h.masks[0] != ~0u ||
          (scope == 1 && (h.masks[1] != ~0u || h.masks[2] != ~0u || h.masks[3] != ~0u));
      // shfl's b and c: the whole warp, or 16-lane segments where a mask is a half
      // (and, with full masks, random clamps and segments)
      const int mode = op == shfl_idx_lanes ? 3 : op % 4;
      unsigned b = rng() % (segments ? 16 : 32), c = 0;
      if (is_shfl(op)) {
        const unsigned clamp = mode == 0 ? 0u : (segments ? 0xfu : 0x1fu);
        c = segments         ? (0x10u << 8) | clamp
            : trial % 3 == 1 ? ((rng() % 32) | ((rng() % 32) << 8))
                             : clamp;
      }
      // a: random words, a few distinct values (match), sparse or dense predicates (vote)
      const int density = trial % 4; // vote: all false, all true, sparse, half
      for (int i = 0; i < n; ++i) {
        unsigned v = static_cast<unsigned>(rng());
        if (op >= vote_all && op <= vote_ballot)
          v = density == 0   ? 0u
              : density == 1 ? (v | 1u)
              : density == 2 ? (rng() % 8 == 0 ? v | 4u : 0u)
                             : (rng() % 2 ? v | 2u : 0u);
        if (op >= match_any32 && op <= match_all64_p && trial % 3 != 2)
          v = trial % 3 == 0 ? 7u : v % 3u; // all equal, or three values
        if (op >= redux_add_u && op <= redux_xor && trial % 2)
          v |= static_cast<unsigned>(rng());
        h.a[i] = v;
        h.lanes[i] = static_cast<unsigned>(rng()) % (segments ? 16u : 32u);
        h.a64[i] = (static_cast<unsigned long long>(trial % 3 == 2 ? rng() : v % 2u) << 32) | v;
      }
      TIRX_CHECK_CUDA(cudaMemcpy(dev.a, h.a.data(), n * 4, cudaMemcpyHostToDevice));
      TIRX_CHECK_CUDA(cudaMemcpy(dev.lanes, h.lanes.data(), n * 4, cudaMemcpyHostToDevice));
      TIRX_CHECK_CUDA(cudaMemcpy(dev.a64, h.a64.data(), n * 8, cudaMemcpyHostToDevice));
      TIRX_CHECK_CUDA(cudaMemcpy(dev.masks, h.masks.data(), 16, cudaMemcpyHostToDevice));
      TIRX_CHECK_CUDA(cudaMemset(dev.d, 0xAB, n * 4));
      TIRX_CHECK_CUDA(cudaMemset(dev.p, 0xAB, n * 4));
      const Params P{dev.a, dev.lanes, dev.a64, dev.d, dev.p, dev.masks, b, c, op};
      if (op == elect && !sm90)
        return -1;
      if (scope == 0)
        warp_kernel<<<1, 32>>>(P);
      else
        cta_kernel<<<1, 128>>>(P);
      TIRX_CHECK_LAUNCH(op_name[op]);
      h.d.resize(n), h.p.resize(n);
      TIRX_CHECK_CUDA(cudaMemcpy(h.d.data(), dev.d, n * 4, cudaMemcpyDeviceToHost));
      TIRX_CHECK_CUDA(cudaMemcpy(h.p.data(), dev.p, n * 4, cudaMemcpyDeviceToHost));
      char where[64];
      std::snprintf(where, sizeof where, "%s trial %d b=%u c=0x%x", scope == 0 ? "warp" : "cta",
                    trial, b, c);
      bad += check(op, h, threads, regs, b, c, where);
    }
  }
  return bad;
}

template <int W> int run_reduce(std::mt19937& rng) {
  std::vector<unsigned> in(32), sums(32, poison);
  std::vector<float> maxes(32, -1.0f);
  for (auto& v : in)
    v = static_cast<unsigned>(rng());
  unsigned *din, *dsum;
  float* dmax;
  TIRX_CHECK_CUDA(cudaMalloc(&din, 128));
  TIRX_CHECK_CUDA(cudaMalloc(&dsum, 128));
  TIRX_CHECK_CUDA(cudaMalloc(&dmax, 128));
  TIRX_CHECK_CUDA(cudaMemcpy(din, in.data(), 128, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(dsum, 0xAB, 128));
  TIRX_CHECK_CUDA(cudaMemset(dmax, 0xAB, 128));
  reduce_kernel<W><<<1, 32>>>(din, dsum, dmax);
  TIRX_CHECK_LAUNCH("warp_reduce");
  TIRX_CHECK_CUDA(cudaMemcpy(sums.data(), dsum, 128, cudaMemcpyDeviceToHost));
  TIRX_CHECK_CUDA(cudaMemcpy(maxes.data(), dmax, 128, cudaMemcpyDeviceToHost));
  cudaFree(din), cudaFree(dsum), cudaFree(dmax);
  int bad = 0;
  for (int l = 0; l < 32; ++l) {
    unsigned s = 0;
    float mx = -1e30f;
    for (int j = l - l % W; j < l - l % W + W; ++j) {
      s += in[j];
      const float f = static_cast<float>(static_cast<int>(in[j] % 2001u) - 1000);
      mx = f > mx ? f : mx;
    }
    if ((sums[l] != s || maxes[l] != mx) && bad++ < 4)
      std::printf("  warp_reduce<%d> lane %d: sum 0x%08x (want 0x%08x), max %g (want %g)\n", W, l,
                  sums[l], s, maxes[l], mx);
  }
  std::printf("%s warp_reduce<%d> (sum u32, max f32)\n", bad ? "FAIL" : "PASS", W);
  return bad ? 1 : 0;
}

} // namespace

int main(int argc, char** argv) {
  if (int rc = tirx_test_require_gpu())
    return rc;
  const unsigned seed =
      argc > 1 ? static_cast<unsigned>(std::strtoul(argv[1], nullptr, 10)) : std::random_device{}();
  std::printf("gpu_warp_ops: seed %u (replay: gpu_warp_ops %u)\n", seed, seed);
  std::mt19937 rng(seed);
  int major = 0;
  TIRX_CHECK_CUDA(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0));
  Device dev;
  int passed = 0, failed = 0;
  for (int op = 0; op < op_count; ++op) {
    const int bad = run_op(dev, rng, op, major >= 9);
    if (bad < 0) {
      std::printf("SKIP %s (needs sm_90)\n", op_name[op]);
      continue;
    }
    std::printf("%s %s (warp and cta scope, 12 trials each)\n", bad ? "FAIL" : "PASS", op_name[op]);
    (bad ? failed : passed)++;
  }
  const int reduce_bad[] = {run_reduce<1>(rng), run_reduce<2>(rng),  run_reduce<4>(rng),
                            run_reduce<8>(rng), run_reduce<16>(rng), run_reduce<32>(rng)};
  for (int r : reduce_bad)
    (r ? failed : passed)++;
  std::printf("gpu_warp_ops: %d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
