// GPU test of the st.async / red.async family (sm_90; label gpu): clusters
// of 2 CTAs of 128 threads, each CTA sending to the other's shared memory
// through tile::apply with the receiving CTA's mbarrier
// (MBarrier::cluster_addr), which expects the bytes
// (arrive_expect_tx) and is the only synchronization before the receiver
// reads them. Every st.async type and vector width (.b32 ... .f64, .v2,
// .v4) with and without .weak and .shared::cluster, at thread scope (one
// atom per thread at its own offset) and at cta scope (a 128 x 4 tile of
// .v4 atoms in a register layout over warps and lanes); a guarded store
// (tile::pred: the guarded-off slots keep the receiver's values and their
// bytes are not expected); every red.async operation and type onto
// seeded random initial values, each thread its own slot and all 128
// threads contending on 4 slots. Each received buffer is checked bit for
// bit against a host model of the sender's values (seeded random bits);
// one PASS/FAIL line per case, then "N passed, M failed"; exit 77 without
// a GPU, skipped below sm_90.
#include "gpu_check.hpp"
#include "support/device_buffer.hpp"
#include "support/random.hpp"
#include "support/spelling_tag.hpp"

#include <tirx/tile.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <type_traits>
#include <vector>

namespace {

using namespace tirx;
using tirx_test::instr_of;

constexpr int threads = 128, clusters = 2, ctas = 2 * clusters;
int passed = 0, failed = 0;

enum class Op { store, add, min, max, inc, dec, band, bor, bxor };
/// How the threads of the sender address the receiver: each its own atom
/// (own), its own atom with the upper quarter guarded off (guarded), all
/// on four slots (contended).
enum class Mode { own, guarded, contended };

template <class T> __device__ T* cluster_peer(T* p, unsigned rank) {
  unsigned long long out = 0;
#if __CUDA_ARCH__ >= 900
  asm volatile("mapa.u64 %0, %1, %2;" : "=l"(out) : "l"(p), "r"(rank));
#endif
  return reinterpret_cast<T*>(out);
}

/// The slot (in atoms) of sender thread t.
TIRX_HD constexpr int slot_of(Mode m, int t) { return m == Mode::contended ? t % 4 : t; }
/// Whether sender thread t sends.
TIRX_HD constexpr bool sends(Mode m, int t) { return m != Mode::guarded || t < 96; }

// [snippet:send-receive]
/// One CTA: receives into recv (initialized from init), sends its values
/// to the peer CTA; out gets what it received.
template <class Tag, class T, int N, Mode M>
__global__ void thread_kernel(const T* in, const T* init, T* out) {
  __shared__ alignas(16) T recv[threads * N];
  __shared__ alignas(8) cuda::std::uint64_t word;
#if __CUDA_ARCH__ >= 900
  const MBarrier bar(&word);
  const int cta = static_cast<int>(blockIdx.x), t = static_cast<int>(threadIdx.x);
  const unsigned peer = static_cast<unsigned>(cluster_rank()) ^ 1u;
  for (int i = t; i < threads * N; i += threads)
    recv[i] = init[cta * threads * N + i];
  if (t == 0)
    bar.init(1);
  fence_mbarrier_init();
  cluster_sync(); // both barriers and buffers ready
  int sent = 0;
  for (int s = 0; s < threads; ++s)
    sent += sends(M, s) ? 1 : 0;
  if (t == 0)
    bar.arrive_expect_tx(static_cast<unsigned>(sent * N * sizeof(T)));
  using St = Tensor<T, ShapeT<N>, MemScope::shared, N* static_cast<int>(sizeof(T))>;
  auto dst = decl_tensor<St>(cluster_peer(recv, peer) + slot_of(M, t) * N);
  auto v = alloc_local<T, shape(N)>();
  const int sender = cta * threads + t;
  for (int j = 0; j < N; ++j)
    v(j) = in[sender * N + j];
  if constexpr (M == Mode::guarded)
    tile::apply<instr_of<Tag>>(dst, v, bar.cluster_addr(peer), scope::thread,
                               tile::pred(sends(M, t)));
  else
    tile::apply<instr_of<Tag>>(dst, v, bar.cluster_addr(peer), scope::thread);
  bar.wait(0);
  for (int i = t; i < threads * N; i += threads)
    out[cta * threads * N + i] = recv[i];
  cluster_sync(); // the peer's barrier and buffer stay until it has read them
#else
  (void)in, (void)init, (void)out, (void)word, (void)recv;
#endif
}
// [/snippet]

/// cta scope: the 128 threads send a 128 x 4 tile of 32-bit words as one
/// .v4 atom each, the register layout over warps and lanes.
template <class Tag>
__global__ void cta_kernel(const unsigned* in, const unsigned* /*unused*/, unsigned* out) {
  __shared__ alignas(16) unsigned recv[threads * 4];
  __shared__ alignas(8) cuda::std::uint64_t word;
#if __CUDA_ARCH__ >= 900
  const MBarrier bar(&word);
  const int cta = static_cast<int>(blockIdx.x), t = static_cast<int>(threadIdx.x);
  const unsigned peer = static_cast<unsigned>(cluster_rank()) ^ 1u;
  for (int i = t; i < threads * 4; i += threads)
    recv[i] = 0xdeadbeefu;
  if (t == 0)
    bar.init(1);
  fence_mbarrier_init();
  cluster_sync();
  if (t == 0)
    bar.arrive_expect_tx(threads * 4 * 4);
  constexpr TileLayout regs = layout_of<"S[(4, 32, 4) : (1@warpid, 1@laneid, 1)]">;
  auto v = alloc_local<unsigned, shape(4, 32, 4), regs>();
  for (int j = 0; j < 4; ++j)
    v.data()[j] = in[(cta * threads + t) * 4 + j];
  using Tile = Tensor<unsigned, ShapeT<4, 32, 4>, MemScope::shared, 16>;
  auto dst = decl_tensor<Tile>(cluster_peer(recv, peer));
  tile::apply<instr_of<Tag>>(dst, v, bar.cluster_addr(peer), scope::cta);
  bar.wait(0);
  for (int i = t; i < threads * 4; i += threads)
    out[cta * threads * 4 + i] = recv[i];
  cluster_sync();
#else
  (void)in, (void)out, (void)word, (void)recv;
#endif
}

template <class T> T fold(Op op, T a, T b) {
  using S = std::make_signed_t<T>;
  switch (op) {
  case Op::store:
    return b;
  case Op::add:
    return static_cast<T>(a + b);
  case Op::min:
    return std::is_signed_v<T> ? (static_cast<S>(a) < static_cast<S>(b) ? a : b) : (a < b ? a : b);
  case Op::max:
    return std::is_signed_v<T> ? (static_cast<S>(a) > static_cast<S>(b) ? a : b) : (a > b ? a : b);
  case Op::inc:
    return a >= b ? T{0} : static_cast<T>(a + 1);
  case Op::dec:
    return a == 0 || a > b ? b : static_cast<T>(a - 1);
  case Op::band:
    return a & b;
  case Op::bor:
    return a | b;
  case Op::bxor:
    return a ^ b;
  }
  return a;
}

template <class Fn> void launch_cluster(Fn kernel, const void* a, const void* b, void* c) {
  cudaLaunchConfig_t cfg{};
  cfg.gridDim = dim3(ctas);
  cfg.blockDim = dim3(threads);
  cudaLaunchAttribute attr{};
  attr.id = cudaLaunchAttributeClusterDimension;
  attr.val.clusterDim.x = 2, attr.val.clusterDim.y = 1, attr.val.clusterDim.z = 1;
  cfg.attrs = &attr, cfg.numAttrs = 1;
  void* args[] = {&a, &b, &c};
  TIRX_CHECK_CUDA(cudaLaunchKernelExC(&cfg, reinterpret_cast<const void*>(kernel), args));
}

void report(bool ok, const char* name, const char* mode, const char* why) {
  std::printf("%s %s %s%s%s\n", ok ? "PASS" : "FAIL", name, mode, ok ? "" : ": ", ok ? "" : why);
  (ok ? passed : failed) += 1;
}

/// One thread-scope case: T is the unsigned carrier of the spelling's type
/// (S: signed, for min/max), values seeded random bits; for inc/dec small
/// values and bounds.
template <class Tag, class T, int N, Mode M, bool Signed = false>
void thread_case(Op op, unsigned seed) {
  std::mt19937 rng(seed);
  const int n = ctas * threads * N;
  std::vector<T> in = tirx_test::random_bits<T>(rng, n), init = tirx_test::random_bits<T>(rng, n);
  if (op == Op::inc || op == Op::dec)
    for (int i = 0; i < n; ++i)
      in[i] = static_cast<T>(in[i] % 50), init[i] = static_cast<T>(init[i] % 60);
  if (M == Mode::contended && op == Op::add)
    for (int i = 0; i < n; ++i)
      in[i] = static_cast<T>(in[i] & 0xffff);
  tirx_test::DeviceBuffer<T> din(n), dinit(n), dout(n);
  din.upload(in), dinit.upload(init), dout.poison();
  launch_cluster(thread_kernel<Tag, T, N, M>, din.ptr, dinit.ptr, dout.ptr);
  TIRX_CHECK_LAUNCH(Tag::text);
  const std::vector<T> got = dout.download();
  // the model: receiver cta r gets sender cta r ^ 1's values
  std::vector<T> want = init;
  for (int cta = 0; cta < ctas; ++cta)
    for (int t = 0; t < threads; ++t) {
      if (!sends(M, t))
        continue;
      const int from = (cta ^ 1) * threads + t;
      for (int j = 0; j < N; ++j) {
        T& w = want[(cta * threads + slot_of(M, t)) * N + j];
        using V = std::conditional_t<Signed, std::make_signed_t<T>, T>;
        w = static_cast<T>(fold<V>(op, static_cast<V>(w), static_cast<V>(in[from * N + j])));
      }
    }
  int bad = -1;
  for (int i = 0; i < n && bad < 0; ++i)
    if (got[i] != want[i])
      bad = i;
  char why[160] = "";
  if (bad >= 0)
    std::snprintf(why, sizeof why, "element %d is 0x%llx, the model says 0x%llx", bad,
                  static_cast<unsigned long long>(got[bad]),
                  static_cast<unsigned long long>(want[bad]));
  report(bad < 0, Tag::text,
         M == Mode::own       ? "(thread)"
         : M == Mode::guarded ? "(thread, guarded)"
                              : "(contended)",
         why);
}

template <class Tag> void cta_case(unsigned seed) {
  std::mt19937 rng(seed);
  const int n = ctas * threads * 4;
  const std::vector<unsigned> in = tirx_test::random_bits<unsigned>(rng, n);
  tirx_test::DeviceBuffer<unsigned> din(n), dout(n);
  din.upload(in), dout.poison();
  launch_cluster(cta_kernel<Tag>, din.ptr, nullptr, dout.ptr);
  TIRX_CHECK_LAUNCH(Tag::text);
  const std::vector<unsigned> got = dout.download();
  bool ok = true;
  for (int cta = 0; cta < ctas && ok; ++cta)
    for (int i = 0; i < threads * 4 && ok; ++i)
      ok = got[cta * threads * 4 + i] == in[(cta ^ 1) * threads * 4 + i];
  report(ok, Tag::text, "(cta, 4 warps x 32 lanes x .v4)", "a word differs from the sender's");
}

#define SA "st.async.shared::cluster.mbarrier::complete_tx::bytes"
#define SAW "st.async.weak.shared::cluster.mbarrier::complete_tx::bytes"
#define SAG "st.async.mbarrier::complete_tx::bytes"
#define SAWG "st.async.weak.mbarrier::complete_tx::bytes"
#define RA "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes"
#define RAG "red.async.relaxed.cluster.mbarrier::complete_tx::bytes"
TIRX_SPELLING(StB32, SA ".b32");
TIRX_SPELLING(StU32, SAW ".u32");
TIRX_SPELLING(StS32, SAG ".s32");
TIRX_SPELLING(StF32, SAWG ".f32");
TIRX_SPELLING(StB64, SA ".b64");
TIRX_SPELLING(StU64, SAW ".u64");
TIRX_SPELLING(StS64, SAG ".s64");
TIRX_SPELLING(StF64, SA ".f64");
TIRX_SPELLING(StV2B32, SA ".v2.b32");
TIRX_SPELLING(StV2F32, SAWG ".v2.f32");
TIRX_SPELLING(StV2B64, SA ".v2.b64");
TIRX_SPELLING(StV2F64, SAW ".v2.f64");
TIRX_SPELLING(StV4B32, SA ".v4.b32");
TIRX_SPELLING(StV4S32, SAG ".v4.s32");
TIRX_SPELLING(StV4F32, SAW ".v4.f32");
TIRX_SPELLING(RedAddU32, RA ".add.u32");
TIRX_SPELLING(RedAddS32, RAG ".add.s32");
TIRX_SPELLING(RedAddU64, RA ".add.u64");
TIRX_SPELLING(RedMinU32, RA ".min.u32");
TIRX_SPELLING(RedMinS32, RA ".min.s32");
TIRX_SPELLING(RedMaxU32, RAG ".max.u32");
TIRX_SPELLING(RedMaxS32, RA ".max.s32");
TIRX_SPELLING(RedIncU32, RA ".inc.u32");
TIRX_SPELLING(RedDecU32, RA ".dec.u32");
TIRX_SPELLING(RedAndB32, RA ".and.b32");
TIRX_SPELLING(RedOrB32, RAG ".or.b32");
TIRX_SPELLING(RedXorB32, RA ".xor.b32");

} // namespace

int main() {
  if (int rc = tirx_test_require_gpu())
    return rc;
  cudaDeviceProp prop{};
  TIRX_CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  if (prop.major < 9) {
    std::printf("test skipped: st.async and red.async need sm_90\n");
    return 77;
  }
  using u32 = unsigned;
  using u64 = unsigned long long;
  unsigned seed = 3701;
  // st.async: every type and width (floats as their bits), each once
  thread_case<StB32, u32, 1, Mode::own>(Op::store, seed++);
  thread_case<StU32, u32, 1, Mode::own>(Op::store, seed++);
  thread_case<StS32, u32, 1, Mode::own>(Op::store, seed++);
  thread_case<StF32, u32, 1, Mode::own>(Op::store, seed++);
  thread_case<StB64, u64, 1, Mode::own>(Op::store, seed++);
  thread_case<StU64, u64, 1, Mode::own>(Op::store, seed++);
  thread_case<StS64, u64, 1, Mode::own>(Op::store, seed++);
  thread_case<StF64, u64, 1, Mode::own>(Op::store, seed++);
  thread_case<StV2B32, u32, 2, Mode::own>(Op::store, seed++);
  thread_case<StV2F32, u32, 2, Mode::own>(Op::store, seed++);
  thread_case<StV2B64, u64, 2, Mode::own>(Op::store, seed++);
  thread_case<StV2F64, u64, 2, Mode::own>(Op::store, seed++);
  thread_case<StV4B32, u32, 4, Mode::own>(Op::store, seed++);
  thread_case<StV4S32, u32, 4, Mode::own>(Op::store, seed++);
  thread_case<StV4F32, u32, 4, Mode::own>(Op::store, seed++);
  thread_case<StV4B32, u32, 4, Mode::guarded>(Op::store, seed++);
  cta_case<StV4B32>(seed++);
  // red.async: every operation and type, each slot its own and contended
  thread_case<RedAddU32, u32, 1, Mode::own>(Op::add, seed++);
  thread_case<RedAddS32, u32, 1, Mode::own>(Op::add, seed++);
  thread_case<RedAddU64, u64, 1, Mode::own>(Op::add, seed++);
  thread_case<RedMinU32, u32, 1, Mode::own>(Op::min, seed++);
  thread_case<RedMinS32, u32, 1, Mode::own, true>(Op::min, seed++);
  thread_case<RedMaxU32, u32, 1, Mode::own>(Op::max, seed++);
  thread_case<RedMaxS32, u32, 1, Mode::own, true>(Op::max, seed++);
  thread_case<RedIncU32, u32, 1, Mode::own>(Op::inc, seed++);
  thread_case<RedDecU32, u32, 1, Mode::own>(Op::dec, seed++);
  thread_case<RedAndB32, u32, 1, Mode::own>(Op::band, seed++);
  thread_case<RedOrB32, u32, 1, Mode::own>(Op::bor, seed++);
  thread_case<RedXorB32, u32, 1, Mode::own>(Op::bxor, seed++);
  thread_case<RedAddU32, u32, 1, Mode::contended>(Op::add, seed++);
  thread_case<RedAddU64, u64, 1, Mode::contended>(Op::add, seed++);
  thread_case<RedMaxS32, u32, 1, Mode::contended, true>(Op::max, seed++);
  thread_case<RedXorB32, u32, 1, Mode::contended>(Op::bxor, seed++);
  thread_case<RedAddU32, u32, 1, Mode::guarded>(Op::add, seed++);
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
