// GPU test of the qualified ld/st forms of include/tirx/ptx/memory.hpp
// (rows/ld_qualified.def, rows/st_qualified.def; label gpu). A representative
// subset per class, not every spelling (gpu_apply_* walks the unqualified
// rows one kernel per spelling; this one must stay cheap to build): each
// case names one spelling of each class (the integer and floating types,
// .shared::cta, .weak, .volatile, .relaxed/.acquire/.release at each scope,
// the L1 eviction priorities, the L2 prefetch sizes, ldu) and moves seeded
// random bits through it at warp scope (one warp) and cta scope (two warps),
// each its own register layout, out to a poisoned buffer; every byte must
// come back (bit-exact round trips). Classes:
//   G  global -> registers by the case's ld, registers -> global by its st
//   S  global -> registers -> shared by the case's st, bar.sync, shared ->
//      registers by its ld -> global
//   L  the same through a local tensor
// Then message passing: CTA 0 writes a payload with plain st.global and
// st.release.gpu.global.b32 a flag; CTA 1 spins on ld.acquire.gpu.global.b32
// (bounded) and copies the payload out: the flag must be seen and the
// payload whole. On sm_90: a cluster of two CTAs, each storing its words
// into the other's shared memory with st.shared::cluster (a shared tensor
// on the peer's address from mapa) and, after a cluster barrier, reading
// them back with ld.shared::cluster.
//   gpu_memory_forms [SEED]   Exit 0: all passed; 1: a failure; 77: no GPU.
#include "gpu_check.hpp"

#include <tirx/tile.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

namespace {

using namespace tirx;

template <int Bytes> struct elem_of;
template <> struct elem_of<1> { using type = std::uint8_t; };
template <> struct elem_of<2> { using type = std::uint16_t; };
template <> struct elem_of<4> { using type = std::uint32_t; };
template <> struct elem_of<8> { using type = unsigned long long; };
template <> struct elem_of<16> { using type = uint128; };

// (number, class, ld, st, element bytes, vector width, min sm)
#define MEM_CASES(X)                                                                               \
  X(0, 'G', "ld.global.u8", "st.global.s8", 1, 1, 80)                                              \
  X(1, 'G', "ld.global.s16", "st.global.u16", 2, 1, 80)                                            \
  X(2, 'G', "ld.global.f32", "st.global.s32", 4, 1, 80)                                            \
  X(3, 'G', "ld.global.f64", "st.global.u64", 8, 1, 80)                                            \
  X(4, 'G', "ld.global.v4.u32", "st.global.v4.f32", 4, 4, 80)                                      \
  X(5, 'G', "ld.global.v2.f64", "st.global.v2.f64", 8, 2, 80)                                      \
  X(6, 'G', "ld.weak.global.b128", "st.weak.global.b128", 16, 1, 80)                               \
  X(7, 'G', "ld.volatile.global.v4.b32", "st.volatile.global.v4.b32", 4, 4, 80)                    \
  X(8, 'G', "ld.relaxed.gpu.global.b64", "st.relaxed.sys.global.b64", 8, 1, 80)                    \
  X(9, 'G', "ld.acquire.sys.global.v2.b32", "st.release.gpu.global.v2.b32", 4, 2, 80)              \
  X(10, 'G', "ld.relaxed.cta.global.v4.b32", "st.release.cta.global.v4.b32", 4, 4, 80)             \
  X(11, 'G', "ld.acquire.cluster.global.b32", "st.relaxed.cluster.global.b32", 4, 1, 90)           \
  X(12, 'G', "ld.global.L1::evict_normal.b16", "st.global.L1::evict_first.b16", 2, 1, 80)          \
  X(13, 'G', "ld.global.L1::evict_unchanged.v4.b32", "st.global.L1::evict_last.v4.b32", 4, 4, 80)  \
  X(14, 'G', "ld.global.L2::64B.b8", "st.global.L1::evict_normal.b8", 1, 1, 80)                    \
  X(15, 'G', "ld.global.L2::128B.b128", "st.global.L1::evict_unchanged.b128", 16, 1, 80)           \
  X(16, 'G', "ldu.global.b64", "st.global.b64", 8, 1, 80)                                          \
  X(17, 'S', "ld.shared.s8", "st.shared.u8", 1, 1, 80)                                             \
  X(18, 'S', "ld.shared.v4.f32", "st.shared.v4.u32", 4, 4, 80)                                     \
  X(19, 'S', "ld.shared::cta.b64", "st.shared::cta.b64", 8, 1, 80)                                 \
  X(20, 'S', "ld.volatile.shared.v4.b32", "st.weak.shared.v4.b32", 4, 4, 80)                       \
  X(21, 'S', "ld.weak.shared.b16", "st.volatile.shared.b16", 2, 1, 80)                             \
  X(22, 'S', "ld.acquire.cta.shared.b32", "st.release.cta.shared.b32", 4, 1, 80)                   \
  X(23, 'S', "ld.relaxed.sys.shared.v2.b32", "st.relaxed.gpu.shared.v2.b32", 4, 2, 80)             \
  X(24, 'S', "ld.acquire.cluster.shared.b64", "st.release.cluster.shared.b64", 8, 1, 90)           \
  X(25, 'L', "ld.local.u64", "st.local.f64", 8, 1, 80)                                             \
  X(26, 'L', "ld.local.v2.f32", "st.local.v2.f32", 4, 2, 80)

constexpr int per_thread = 8; // elements per thread: 8 / vec repeats

template <int N> struct Case;
#define MEM_CASE(N_, C_, LD_, ST_, B_, V_, SM_)                                                    \
  template <> struct Case<N_> {                                                                    \
    static constexpr char cls = C_;                                                                \
    static constexpr int bytes = B_, vec = V_, sm = SM_;                                           \
    using T = elem_of<B_>::type;                                                                   \
    static constexpr const char* ld = LD_;                                                         \
    static constexpr const char* st = ST_;                                                         \
    template <class D, class S, class Sc> __device__ static void load(D& d, const S& s, Sc sc) {   \
      tile::apply<ptx<LD_>>(d, s, sc);                                                             \
    }                                                                                              \
    template <class D, class S, class Sc> __device__ static void store(D& d, const S& s, Sc sc) {  \
      tile::apply<ptx<ST_>>(d, s, sc);                                                             \
    }                                                                                              \
  };
MEM_CASES(MEM_CASE)
#undef MEM_CASE
#define MEM_COUNT(...) +1
constexpr int case_count = 0 MEM_CASES(MEM_COUNT);
#undef MEM_COUNT

// the plain global ld/st of B-byte elements, V a vector (class S and L move the data with them)
#define MEM_PLAIN(OP, B, V, D, S, SC)                                                              \
  if constexpr (B == 1)                                                                            \
    tile::apply<ptx<OP ".global.b8">>(D, S, SC);                                                   \
  else if constexpr (B == 2)                                                                       \
    tile::apply<ptx<OP ".global.b16">>(D, S, SC);                                                  \
  else if constexpr (B == 4 && V == 1)                                                             \
    tile::apply<ptx<OP ".global.b32">>(D, S, SC);                                                  \
  else if constexpr (B == 4 && V == 2)                                                             \
    tile::apply<ptx<OP ".global.v2.b32">>(D, S, SC);                                               \
  else if constexpr (B == 4)                                                                       \
    tile::apply<ptx<OP ".global.v4.b32">>(D, S, SC);                                               \
  else if constexpr (B == 8 && V == 1)                                                             \
    tile::apply<ptx<OP ".global.b64">>(D, S, SC);                                                  \
  else if constexpr (B == 8)                                                                       \
    tile::apply<ptx<OP ".global.v2.b64">>(D, S, SC);                                               \
  else                                                                                             \
    tile::apply<ptx<OP ".global.b128">>(D, S, SC);
template <int B, int V, class D, class S, class Sc>
__device__ void plain_ld(D& d, const S& s, Sc sc) {
  MEM_PLAIN("ld", B, V, d, s, sc)
}
template <int B, int V, class D, class S, class Sc>
__device__ void plain_st(D& d, const S& s, Sc sc) {
  MEM_PLAIN("st", B, V, d, s, sc)
}
#undef MEM_PLAIN

// the register layouts: (lane, 8 / V, V) at warp scope, (warp, lane, 8 / V, V) at cta scope
template <int V, bool Cta> TIRX_HD constexpr TileLayout regs_layout() {
  if constexpr (Cta)
    return V == 1   ? layout_of<"S[(2, 32, 8) : (1@warpid, 1@laneid, 1)]">
           : V == 2 ? layout_of<"S[(2, 32, 4, 2) : (1@warpid, 1@laneid, 2, 1)]">
                    : layout_of<"S[(2, 32, 2, 4) : (1@warpid, 1@laneid, 4, 1)]">;
  else
    return V == 1   ? layout_of<"S[(32, 8) : (1@laneid, 1)]">
           : V == 2 ? layout_of<"S[(32, 4, 2) : (1@laneid, 2, 1)]">
                    : layout_of<"S[(32, 2, 4) : (1@laneid, 4, 1)]">;
}
template <int V, bool Cta> TIRX_HD constexpr Shape mem_shape() {
  if constexpr (Cta)
    return V == 1 ? shape(2, 32, 8) : shape(2, 32, 8 / V, V);
  else
    return V == 1 ? shape(32, 8) : shape(32, 8 / V, V);
}

/// One case at scope Cta ? cta (2 warps; registers (warp, lane, 8)) : warp
/// (registers (lane, 8)); 8 / vec repeats a thread.
template <int N, bool Cta> __global__ void round_trip(void* in_p, void* out_p) {
#if __CUDA_ARCH__ / 10 >= 80
  using C = Case<N>;
  using T = typename C::T;
  static_assert(C::vec == 1 || C::vec == 2 || C::vec == 4);
  if constexpr (C::sm <= __CUDA_ARCH__ / 10) {
    T* in = static_cast<T*>(in_p);
    T* out = static_cast<T*>(out_p);
    auto run = [&](auto& regs, auto gin, auto gout, auto& smem, auto& lmem, auto sc) {
      if constexpr (C::cls == 'G') {
        C::load(regs, gin, sc);
        C::store(gout, regs, sc);
      } else if constexpr (C::cls == 'S') {
        plain_ld<C::bytes, C::vec>(regs, gin, sc);
        C::store(smem, regs, sc);
        __syncthreads();
        C::load(regs, smem, sc);
        plain_st<C::bytes, C::vec>(gout, regs, sc);
      } else {
        plain_ld<C::bytes, C::vec>(regs, gin, sc);
        C::store(lmem, regs, sc);
        C::load(regs, lmem, sc);
        plain_st<C::bytes, C::vec>(gout, regs, sc);
      }
    };
    constexpr Shape sh = mem_shape<C::vec, Cta>();
    using G = GlobalTensor<T, typename detail::shape_type_of<sh>::type, 16>;
    auto regs = alloc_local<T, sh, regs_layout<C::vec, Cta>()>();
    auto smem = alloc_shared<T, sh>();
    auto lmem = alloc_local<T, sh>();
    if constexpr (Cta)
      run(regs, decl_tensor<G>(in), decl_tensor<G>(out), smem, lmem, scope::cta);
    else
      run(regs, decl_tensor<G>(in), decl_tensor<G>(out), smem, lmem, scope::warp);
  }
#endif
}
} // namespace

namespace {
// message passing: CTA 0 the producer, CTA 1 the consumer (gpu scope)
constexpr int payload = 64;
// [snippet:message-passing]
// CTA 0 writes a payload, then a flag with release semantics at gpu scope;
// CTA 1 spins on the flag with acquire loads: once it reads 1, the payload
// written before the release is visible to its plain loads.
__global__ void message(unsigned* data, unsigned* flag, unsigned* out, unsigned* seen) {
  using P = GlobalTensor<unsigned, ShapeT<payload>, 16>;
  using F = GlobalTensor<unsigned, ShapeT<1>, 4>;
  auto r = alloc_local<unsigned, shape(payload)>();
  auto f = alloc_local<unsigned, shape(1)>();
  if (threadIdx.x != 0)
    return;
  if (blockIdx.x == 0) {
    for (int i = 0; i < payload; ++i)
      r.data()[i] = 0x9e3779b9u * static_cast<unsigned>(i + 1) ^ seen[1];
    tile::apply<ptx<"st.global.b32">>(decl_tensor<P>(data), r, scope::thread);
    f.data()[0] = 1u;
    tile::apply<ptx<"st.release.gpu.global.b32">>(decl_tensor<F>(flag), f, scope::thread);
  } else {
    long long spins = 0;
    do {
      tile::apply<ptx<"ld.acquire.gpu.global.b32">>(f, decl_tensor<F>(flag), scope::thread);
    } while (f.data()[0] != 1u && ++spins < (1LL << 26));
    seen[0] = f.data()[0];
    tile::apply<ptx<"ld.global.b32">>(r, decl_tensor<P>(data), scope::thread);
    tile::apply<ptx<"st.global.b32">>(decl_tensor<P>(out), r, scope::thread);
  }
}
// [/snippet]

// .shared::cluster: two CTAs of a cluster write each other's shared words
__global__ void cluster_swap(unsigned* out) { // launched as a cluster of 2
#if __CUDA_ARCH__ >= 900
  auto mine = alloc_shared<unsigned, shape(32, 4)>();
  auto regs = alloc_local<unsigned, shape(32, 4), layout_of<"S[(32, 4) : (1@laneid, 1)]">>();
  unsigned rank = 0;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
  unsigned long long peer = 0;
  asm volatile("mapa.u64 %0, %1, %2;"
               : "=l"(peer)
               : "l"(reinterpret_cast<unsigned long long>(mine.data())), "r"(rank ^ 1u));
  auto theirs = decl_tensor<decltype(mine)>(reinterpret_cast<unsigned*>(peer));
  for (int j = 0; j < 4; ++j)
    regs.data()[j] = (rank << 24) | (threadIdx.x << 8) | static_cast<unsigned>(j);
  asm volatile("barrier.cluster.arrive.release;\n\tbarrier.cluster.wait.acquire;" ::: "memory");
  tile::apply<ptx<"st.shared::cluster.v4.b32">>(theirs, regs, scope::warp);
  asm volatile("barrier.cluster.arrive.release;\n\tbarrier.cluster.wait.acquire;" ::: "memory");
  // this CTA's words (written by the peer) through its own cluster address, then the peer's
  tile::apply<ptx<"ld.shared::cluster.b32">>(regs, mine, scope::warp);
  using G = GlobalTensor<unsigned, ShapeT<32, 4>, 16>;
  tile::apply<ptx<"st.global.v4.b32">>(decl_tensor<G>(out + rank * 256), regs, scope::warp);
  tile::apply<ptx<"ld.shared::cluster.v4.b32">>(regs, theirs, scope::warp);
  tile::apply<ptx<"st.global.v4.b32">>(decl_tensor<G>(out + rank * 256 + 128), regs, scope::warp);
  asm volatile("barrier.cluster.arrive.release;\n\tbarrier.cluster.wait.acquire;" ::: "memory");
#endif
}

struct Counts {
  int passed = 0, failed = 0, skipped = 0;
  void report(bool ok, const char* what) {
    std::printf("%s %s\n", ok ? "PASS" : "FAIL", what);
    (ok ? passed : failed) += 1;
  }
};

template <int N, bool Cta>
void run_case(Counts& c, std::mt19937& rng, int sm, unsigned char* in, unsigned char* out) {
  using C = Case<N>;
  const int threads = Cta ? 64 : 32;
  const std::size_t n = static_cast<std::size_t>(threads) * per_thread * C::bytes;
  char what[160];
  std::snprintf(what, sizeof what, "%c %s / %s at %s", C::cls, C::ld, C::st, Cta ? "cta" : "warp");
  if (C::sm > sm) {
    std::printf("SKIP %s (needs sm_%d)\n", what, C::sm);
    ++c.skipped;
    return;
  }
  std::vector<unsigned char> host(n), back(n);
  for (auto& b : host)
    b = static_cast<unsigned char>(rng());
  TIRX_CHECK_CUDA(cudaMemcpy(in, host.data(), n, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(out, 0xA5, n)); // poison
  round_trip<N, Cta><<<1, threads>>>(in, out);
  TIRX_CHECK_LAUNCH(what);
  TIRX_CHECK_CUDA(cudaMemcpy(back.data(), out, n, cudaMemcpyDeviceToHost));
  std::size_t bad = 0;
  for (std::size_t i = 0; i < n; ++i)
    bad += host[i] != back[i];
  if (bad)
    std::printf("  %zu of %zu bytes wrong\n", bad, n);
  c.report(bad == 0, what);
}

template <int... N>
void run_all(Counts& c, std::mt19937& rng, int sm, unsigned char* in, unsigned char* out,
             std::integer_sequence<int, N...>) {
  (run_case<N, false>(c, rng, sm, in, out), ...);
  (run_case<N, true>(c, rng, sm, in, out), ...);
}
} // namespace

int main(int argc, char** argv) {
  if (int rc = tirx_test_require_gpu())
    return rc;
  const unsigned seed =
      argc > 1 ? static_cast<unsigned>(std::strtoul(argv[1], nullptr, 10))
               : static_cast<unsigned>(std::chrono::steady_clock::now().time_since_epoch().count());
  std::printf("gpu_memory_forms: seed %u (replay: gpu_memory_forms %u)\n", seed, seed);
  std::mt19937 rng(seed);
  int dev = 0, major = 0, minor = 0;
  TIRX_CHECK_CUDA(cudaGetDevice(&dev));
  TIRX_CHECK_CUDA(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev));
  TIRX_CHECK_CUDA(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev));
  const int sm = major * 10 + minor;
  unsigned char *in = nullptr, *out = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&in, 64 * per_thread * 16));
  TIRX_CHECK_CUDA(cudaMalloc(&out, 64 * per_thread * 16));
  Counts c;
  run_all(c, rng, sm, in, out, std::make_integer_sequence<int, case_count>{});

  { // message passing
    unsigned *data = nullptr, *flag = nullptr, *res = nullptr, *seen = nullptr;
    TIRX_CHECK_CUDA(cudaMalloc(&data, payload * 4));
    TIRX_CHECK_CUDA(cudaMalloc(&flag, 4));
    TIRX_CHECK_CUDA(cudaMalloc(&res, payload * 4));
    TIRX_CHECK_CUDA(cudaMalloc(&seen, 8));
    const unsigned salt[2] = {0u, static_cast<unsigned>(rng())};
    TIRX_CHECK_CUDA(cudaMemset(data, 0, payload * 4));
    TIRX_CHECK_CUDA(cudaMemset(flag, 0, 4));
    TIRX_CHECK_CUDA(cudaMemset(res, 0xA5, payload * 4));
    TIRX_CHECK_CUDA(cudaMemcpy(seen, salt, 8, cudaMemcpyHostToDevice));
    message<<<2, 32>>>(data, flag, res, seen);
    TIRX_CHECK_LAUNCH("message");
    std::vector<unsigned> got(payload);
    unsigned flag_seen = 0;
    TIRX_CHECK_CUDA(cudaMemcpy(got.data(), res, payload * 4, cudaMemcpyDeviceToHost));
    TIRX_CHECK_CUDA(cudaMemcpy(&flag_seen, seen, 4, cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int i = 0; i < payload; ++i)
      bad += got[i] != (0x9e3779b9u * static_cast<unsigned>(i + 1) ^ salt[1]);
    if (flag_seen != 1u || bad)
      std::printf("  flag seen %u, %d of %d payload words wrong\n", flag_seen, bad, payload);
    c.report(flag_seen == 1u && bad == 0,
             "message passing: st.release.gpu.global / ld.acquire.gpu.global between two CTAs");
  }

  if (sm >= 90) { // .shared::cluster
    unsigned* res = nullptr;
    TIRX_CHECK_CUDA(cudaMalloc(&res, 512 * 4));
    TIRX_CHECK_CUDA(cudaMemset(res, 0xA5, 512 * 4));
    cudaLaunchConfig_t cfg{};
    cfg.gridDim = dim3(2);
    cfg.blockDim = dim3(32);
    cudaLaunchAttribute attr{};
    attr.id = cudaLaunchAttributeClusterDimension;
    attr.val.clusterDim.x = 2;
    attr.val.clusterDim.y = 1;
    attr.val.clusterDim.z = 1;
    cfg.attrs = &attr;
    cfg.numAttrs = 1;
    TIRX_CHECK_CUDA(cudaLaunchKernelEx(&cfg, cluster_swap, res));
    TIRX_CHECK_LAUNCH("cluster_swap");
    std::vector<unsigned> got(512);
    TIRX_CHECK_CUDA(cudaMemcpy(got.data(), res, 512 * 4, cudaMemcpyDeviceToHost));
    int bad = 0;
    for (unsigned r = 0; r < 2; ++r)
      for (unsigned t = 0; t < 32; ++t)
        for (unsigned j = 0; j < 4; ++j) {
          // mine holds the peer's words, theirs holds mine
          bad += got[r * 256 + t * 4 + j] != (((r ^ 1u) << 24) | (t << 8) | j);
          bad += got[r * 256 + 128 + t * 4 + j] != ((r << 24) | (t << 8) | j);
        }
    if (bad)
      std::printf("  %d of 512 words wrong\n", bad);
    c.report(bad == 0, "st.shared::cluster / ld.shared::cluster between the two CTAs of a cluster");
  } else {
    std::printf("SKIP .shared::cluster (needs sm_90)\n");
    ++c.skipped;
  }
  std::printf("%d passed, %d failed, %d skipped\n", c.passed, c.failed, c.skipped);
  return c.failed ? 1 : 0;
}
