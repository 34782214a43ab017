// GPU test of the typed ld/st forms (include/tirx/ptx/memory_types.hpp: the
// .u8 ... .f64 spellings of every bit form; label gpu). Each case moves
// seeded random bits at warp scope (32 lanes, 8 elements each) from a global
// buffer through registers out to a poisoned one, and every element must be
// the host's model of PTX's rule, bit for bit:
//   a load of .sN sign-extends the N-bit value into its register (int32 or
//   the type's width), .uN zero-extends it; a store of .uN/.sN writes the low
//   N bits of its register; .bN, .f32, .f64 and the same-width integer types
//   move the bits as they are (round trips).
// Classes: G global -> registers (the case's ld) -> global (its st); S and L:
// global -> registers (plain ld.global.bN) -> shared or local memory (the
// case's middle st) -> registers (its ld) -> global (its st). P: the case's
// ld guarded by tile::pred (even lanes) with tile::preserve_dst, the
// registers poisoned first: odd lanes keep the poison. A case of a newer
// sm than the GPU's reports SKIP (the 32-byte forms: sm_100). Generic
// addressing (no state space: cases 31, 32, 34-38, a global tensor's address
// in G, a shared one's in S) and .mmio (33, 34, 36, 38) follow the same rules.
//   gpu_typed_memory [SEED]   Exit 0: all passed; 1: a failure; 77: no GPU.
#include "gpu_check.hpp"

#include <tirx/tile.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

namespace {

using namespace tirx;

// (number, class, ld, st, middle st (S, L), register, memory and out element, min sm)
#define TYPED_CASES(X)                                                                             \
  X(0, 'G', "ld.global.s8", "st.global.b32", "", int32, int8, uint32, 80)                          \
  X(1, 'G', "ld.global.u8", "st.global.u32", "", uint32, uint8, uint32, 80)                        \
  X(2, 'G', "ld.global.v4.s8", "st.global.v4.s32", "", int32, int8, int32, 80)                     \
  X(3, 'G', "ld.global.v2.u8", "st.global.v2.u32", "", int32, uint8, uint32, 80)                   \
  X(4, 'G', "ld.global.v4.s16", "st.global.v4.b32", "", int32, int16, uint32, 80)                  \
  X(5, 'G', "ld.global.nc.v2.u16", "st.global.v2.s32", "", uint32, uint16, int32, 80)              \
  X(6, 'G', "ld.global.s16", "st.global.u16", "", int16, int16, uint16, 80)                        \
  X(7, 'G', "ld.global.nc.v4.s8", "st.global.cs.v4.s8", "", int8, int8, int8, 80)                  \
  X(8, 'G', "ld.global.v4.u32", "st.global.v4.u8", "", uint32, uint32, uint8, 80)                  \
  X(9, 'G', "ld.global.v2.s32", "st.global.v2.s16", "", int32, int32, int16, 80)                   \
  X(10, 'G', "ld.global.v4.f32", "st.global.v4.f32", "", float, uint32, float, 80)                 \
  X(11, 'G', "ld.global.v2.f64", "st.global.v2.f64", "", double, uint64, double, 80)               \
  X(12, 'G', "ld.global.v2.s64", "st.global.v2.u64", "", int64, int64, uint64, 80)                 \
  X(13, 'G', "ld.relaxed.gpu.global.v4.s32", "st.release.gpu.global.v4.f32", "", int32, int32,     \
    float, 80)                                                                                     \
  X(14, 'G', "ld.volatile.global.v4.u32", "st.weak.global.s8", "", int32, uint32, int8, 80)        \
  X(15, 'G', "ldu.global.v4.f32", "st.global.L1::evict_first.f32", "", float, float, float, 80)    \
  X(16, 'G', "ld.global.L1::evict_normal.s16", "st.global.L1::no_allocate.v4.u16", "", int32,      \
    int16, uint16, 80)                                                                             \
  X(17, 'G', "ld.global.L2::128B.s8", "st.global.wt.v2.s32", "", int32, int8, int32, 80)           \
  X(18, 'G', "ld.global.L2::cache_hint.v4.s8", "st.global.L2::cache_hint.v2.s16", "", int16, int8, \
    int16, 80)                                                                                     \
  X(19, 'G', "ld.acquire.cluster.global.v2.u32", "st.relaxed.cluster.global.v2.s32", "", uint32,   \
    uint32, int32, 90)                                                                             \
  X(20, 'S', "ld.shared.v4.s8", "st.global.v4.s32", "st.shared.v4.u8", int32, int8, int32, 80)     \
  X(21, 'S', "ld.shared::cta.s16", "st.global.u32", "st.shared.v2.s16", uint32, int16, uint32, 80) \
  X(22, 'S', "ld.acquire.cta.shared.v4.f32", "st.global.v4.f32", "st.volatile.shared.f32", float,  \
    float, float, 80)                                                                              \
  X(23, 'L', "ld.local.v2.s16", "st.global.v2.s32", "st.local.v4.u16", int32, int16, int32, 80)    \
  X(24, 'L', "ld.local.cs.u8", "st.global.b32", "st.local.wb.v2.s8", int32, uint8, uint32, 80)     \
  X(25, 'P', "ld.global.v4.s8", "st.global.v4.b32", "", int32, int8, uint32, 80)                   \
  X(26, 'P', "ld.relaxed.sys.global.v2.s32", "st.global.v2.s32", "", int32, int32, int32, 80)      \
  X(27, 'G', "ld.global.v8.s32", "st.global.L2::evict_last.v8.f32", "", int32, int32, float, 100)  \
  X(28, 'G', "ld.global.nc.v4.f64", "st.global.v4.s64", "", uint64, uint64, int64, 100)            \
  X(29, 'G', "ld.acquire.gpu.global.v4.s8", "st.release.gpu.global.v2.u16", "", int32, int8,       \
    uint16, 80)                                                                                    \
  X(30, 'G', "ldu.global.v2.s16", "st.volatile.global.v4.s8", "", int32, int16, int8, 80)          \
  X(31, 'G', "ld.v4.s8", "st.v4.s32", "", int32, int8, int32, 80)                                  \
  X(32, 'G', "ld.relaxed.gpu.v2.u16", "st.release.sys.v2.b32", "", uint32, uint16, uint32, 80)     \
  X(33, 'G', "ld.mmio.relaxed.sys.global.s16", "st.mmio.relaxed.sys.global.u32", "", int32, int16, \
    uint32, 80)                                                                                    \
  X(34, 'G', "ld.mmio.relaxed.sys.f64", "st.mmio.relaxed.sys.b64", "", double, uint64, uint64, 80) \
  X(35, 'S', "ld.weak.v4.u8", "st.global.v4.u32", "st.volatile.v4.s8", uint32, uint8, uint32, 80)  \
  X(36, 'G', "ldu.v2.s32", "st.mmio.relaxed.sys.s8", "", int32, int32, int8, 80)                   \
  X(37, 'S', "ld.acquire.cluster.s16", "st.global.b32", "st.relaxed.cta.b16", int32, int16,        \
    uint32, 90)                                                                                    \
  X(38, 'G', "ld.mmio.relaxed.sys.global.u8", "st.mmio.relaxed.sys.u16", "", uint32, uint8,        \
    uint16, 80)

constexpr int per_thread = 8;
constexpr unsigned long long poison = 0x5A5A5A5A5A5A5A5Aull;

template <int N> struct Case;
#define TYPED_CASE(N_, C_, LD_, ST_, MID_, R_, M_, O_, SM_)                                        \
  template <> struct Case<N_> {                                                                    \
    static constexpr char cls = C_;                                                                \
    static constexpr int sm = SM_;                                                                 \
    using R = R_;                                                                                  \
    using M = M_;                                                                                  \
    using O = O_;                                                                                  \
    static constexpr const char* ld = LD_;                                                         \
    static constexpr const char* st = ST_;                                                         \
    static constexpr const char* mid = MID_;                                                       \
    using Ld = ptx<LD_>;                                                                           \
    using St = ptx<ST_>;                                                                           \
    using Mid = ptx<MID_>;                                                                         \
  };
TYPED_CASES(TYPED_CASE)
#undef TYPED_CASE
#define TYPED_COUNT(...) +1
constexpr int case_count = 0 TYPED_CASES(TYPED_COUNT);
#undef TYPED_COUNT

/// apply<Instr>(d, s) at warp scope, with a policy for a .L2::cache_hint
/// spelling and, when Guarded, tile::pred(even lane) and preserve_dst.
template <class Instr, bool Guarded, class D, class S> __device__ void apply_one(D& d, S& s) {
  if constexpr (Guarded)
    tile::apply<Instr>(d, s, scope::warp, tile::pred(threadIdx.x % 2 == 0), tile::preserve_dst);
  else if constexpr (Instr::desc.cache_hint)
    tile::apply<Instr>(d, s, scope::warp, tile::cache_hint(policy::evict_last()));
  else
    tile::apply<Instr>(d, s, scope::warp);
}
/// The same on (lane, 8 / V, V) views of both operands for a vector of V.
template <class Instr, bool Guarded = false, class D, class S> __device__ void issue(D& d, S& s) {
  constexpr int v = Instr::desc.vec;
  if constexpr (v > 1) {
    auto dv = d.template view<32, per_thread / v, v>();
    auto sv = s.template view<32, per_thread / v, v>();
    apply_one<Instr, Guarded>(dv, sv);
  } else {
    apply_one<Instr, Guarded>(d, s);
  }
}

/// The plain bit load of B-byte elements (the S and L classes' first step).
template <int B, class D, class S> __device__ void plain_ld(D& d, S& s) {
  if constexpr (B == 1)
    issue<ptx<"ld.global.b8">>(d, s);
  else if constexpr (B == 2)
    issue<ptx<"ld.global.b16">>(d, s);
  else if constexpr (B == 4)
    issue<ptx<"ld.global.b32">>(d, s);
  else
    issue<ptx<"ld.global.b64">>(d, s);
}

template <int N> __global__ void typed_case(void* in_p, void* out_p) {
#if __CUDA_ARCH__ / 10 >= 80
  using C = Case<N>;
  if constexpr (C::sm <= __CUDA_ARCH__ / 10) {
    using R = typename C::R;
    using M = typename C::M;
    using O = typename C::O;
    constexpr TileLayout reg = layout_of<"S[(32, 8) : (1@laneid, 1)]">;
    using GM = GlobalTensor<M, ShapeT<32, per_thread>, 32>;
    using GO = GlobalTensor<O, ShapeT<32, per_thread>, 32>;
    auto in = decl_tensor<GM>(static_cast<M*>(in_p));
    auto out = decl_tensor<GO>(static_cast<O*>(out_p));
    auto regs = alloc_local<R, shape(32, per_thread), reg>();
    const unsigned long long bits = poison; // (a copy: memcpy takes an address)
    for (int i = 0; i < per_thread; ++i) {
      R p;
      __builtin_memcpy(&p, &bits, sizeof p);
      regs.data()[i] = p;
    }
    if constexpr (C::cls == 'G') {
      issue<typename C::Ld>(regs, in);
    } else if constexpr (C::cls == 'P') {
      issue<typename C::Ld, true>(regs, in);
    } else {
      auto raw = alloc_local<M, shape(32, per_thread), reg>();
      plain_ld<sizeof(M)>(raw, in);
      if constexpr (C::cls == 'S') {
        auto smem =
            alloc_shared<M, shape(32, per_thread), row_major(shape(32, per_thread)), Case<N>, 32>();
        issue<typename C::Mid>(smem, raw);
        __syncwarp();
        issue<typename C::Ld>(regs, smem);
      } else {
        auto lmem = alloc_local<M, shape(32, per_thread)>();
        issue<typename C::Mid>(lmem, raw);
        issue<typename C::Ld>(regs, lmem);
      }
    }
    issue<typename C::St>(out, regs);
  }
#endif
}

struct Counts {
  int passed = 0, failed = 0, skipped = 0;
  void report(bool ok, const char* what) {
    std::printf("%s %s\n", ok ? "PASS" : "FAIL", what);
    (ok ? passed : failed) += 1;
  }
};

/// The type of a spelling (its last token): its letter ('b', 'u', 's', 'f') and bits.
struct TypeOf {
  char letter;
  int bits;
};
TypeOf type_of(const char* spelling) {
  const char* t = std::strrchr(spelling, '.') + 1;
  return {t[0], std::atoi(t + 1)};
}
/// The low `bits` bits of v, sign-extended from them (signed) or not.
unsigned long long low_bits(unsigned long long v, int bits, bool sign) {
  if (bits >= 64)
    return v;
  const unsigned long long mask = (1ull << bits) - 1;
  v &= mask;
  if (sign && (v >> (bits - 1)) != 0)
    v |= ~mask;
  return v;
}

template <int N>
void run_case(Counts& c, std::mt19937_64& rng, int sm, unsigned char* in, unsigned char* out) {
  using C = Case<N>;
  using M = typename C::M;
  using R = typename C::R;
  using O = typename C::O;
  const int n = 32 * per_thread;
  char what[200];
  std::snprintf(what, sizeof what, "%c %s / %s%s%s", C::cls, C::ld, C::st, C::mid[0] ? " via " : "",
                C::mid);
  if (C::sm > sm) {
    std::printf("SKIP %s (needs sm_%d)\n", what, C::sm);
    ++c.skipped;
    return;
  }
  std::vector<unsigned char> host(n * sizeof(M)), back(n * sizeof(O));
  for (auto& b : host)
    b = static_cast<unsigned char>(rng());
  TIRX_CHECK_CUDA(cudaMemcpy(in, host.data(), host.size(), cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(out, 0xA5, back.size())); // poison
  typed_case<N><<<1, 32>>>(in, out);
  TIRX_CHECK_LAUNCH(what);
  TIRX_CHECK_CUDA(cudaMemcpy(back.data(), out, back.size(), cudaMemcpyDeviceToHost));
  // the model: the memory bits, through the middle store's and the load's
  // types (each keeps or extends its type's bits into the next), into the
  // register, then the store's type's low bits
  const TypeOf ld = type_of(C::ld), st = type_of(C::st), mid = type_of(C::mid[0] ? C::mid : C::ld);
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    unsigned long long m = 0;
    std::memcpy(&m, host.data() + i * sizeof(M), sizeof(M));
    unsigned long long v = low_bits(m, 8 * static_cast<int>(sizeof(M)), false);
    if (C::cls == 'S' || C::cls == 'L') // the middle store writes the type's low bits
      v = low_bits(v, mid.bits, false);
    v = low_bits(v, ld.bits, ld.letter == 's'); // the load extends into its register
    v = low_bits(v, 8 * static_cast<int>(sizeof(R)), false);
    const bool kept = C::cls == 'P' && (i / per_thread) % 2 == 1; // a guarded-off lane
    if (kept)
      v = low_bits(poison, 8 * static_cast<int>(sizeof(R)), false);
    const unsigned long long want = low_bits(v, st.bits, false);
    unsigned long long got = 0;
    std::memcpy(&got, back.data() + i * sizeof(O), sizeof(O));
    if (got != want) {
      if (bad < 4)
        std::printf("  element %d: memory 0x%llx, got 0x%llx, want 0x%llx\n", i, m, got, want);
      ++bad;
    }
  }
  if (bad)
    std::printf("  %d of %d elements wrong\n", bad, n);
  c.report(bad == 0, what);
}

template <int... N>
void run_all(Counts& c, std::mt19937_64& rng, int sm, unsigned char* in, unsigned char* out,
             std::integer_sequence<int, N...>) {
  (run_case<N>(c, rng, sm, in, out), ...);
}
} // namespace

int main(int argc, char** argv) {
  if (int rc = tirx_test_require_gpu())
    return rc;
  const unsigned seed =
      argc > 1 ? static_cast<unsigned>(std::strtoul(argv[1], nullptr, 10))
               : static_cast<unsigned>(std::chrono::steady_clock::now().time_since_epoch().count());
  std::printf("gpu_typed_memory: seed %u (replay: gpu_typed_memory %u)\n", seed, seed);
  std::mt19937_64 rng(seed);
  int dev = 0, major = 0, minor = 0;
  TIRX_CHECK_CUDA(cudaGetDevice(&dev));
  TIRX_CHECK_CUDA(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev));
  TIRX_CHECK_CUDA(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev));
  const int sm = major * 10 + minor;
  unsigned char *in = nullptr, *out = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&in, 32 * per_thread * 8));
  TIRX_CHECK_CUDA(cudaMalloc(&out, 32 * per_thread * 8));
  Counts c;
  run_all(c, rng, sm, in, out, std::make_integer_sequence<int, case_count>{});
  TIRX_CHECK_CUDA(cudaFree(in));
  TIRX_CHECK_CUDA(cudaFree(out));
  std::printf("%d passed, %d failed, %d skipped\n", c.passed, c.failed, c.skipped);
  return c.failed ? 1 : 0;
}
