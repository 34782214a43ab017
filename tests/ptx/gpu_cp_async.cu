// GPU test of the cp.async family (ptx/cp_async.hpp, ptx/cp_async_sync.hpp)
// through tile::apply, bit-exact against a host model of PTX's rule: at
// thread, warp, warpgroup and cta scope, into row-major, padded, permuted and
// 128-byte-swizzled shared tiles; 4-, 8- and 16-byte chunks of 1-, 2- and
// 4-byte elements; .ca and .cg, .shared and .shared::cta, the L2 prefetch
// sizes, .L2::cache_hint with a policy; tile::src_size with every valid byte
// count 0..chunk (per repeat, and one per thread), tile::ignore_src,
// tile::pred (a guarded-off chunk stays as it was) and both together; then
// four commit groups in flight waited on one by one, wait_all, and the
// mbarrier completion (cp.async.mbarrier.arrive and .noinc) over six phases.
//
// Every shared tile is poisoned (0xA5 in every byte) before the copy and
// read back whole, byte by byte, so a chunk written where it should not be,
// a missing zero fill or a byte too many shows. The inputs are seeded random
// bits (`gpu_cp_async SEED` replays a run). One line per case: PASS or FAIL.
// Exit 0: all passed; 1: a case failed; 77: no GPU (ctest: skipped).
#include "support/device_buffer.hpp"
#include "support/random.hpp"

#include <tirx/tile.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

namespace {

using namespace tirx;
using ptxemit::Fill;

constexpr unsigned char poison = 0xA5;

// ---------------------------------------------------------------------------
// One copy case: a source tile in global memory (row-major: chunk q of the
// source at bytes [q * chunk, (q + 1) * chunk)), a shared tile of some layout,
// and one tile::apply. Chunk q = g * repeats + r is the calling thread's
// (g: its index in the scope's group) repeat r. host_dst(q) is the byte
// offset of chunk q in the shared tile, written out by hand from the layout.
// sizes[q] (in [0, chunk]) and flags[q] (bit 0: ignore the source, bit 1:
// the guard is on) are random; the host reads them as the case passes them.
// ---------------------------------------------------------------------------
struct CaseBase {
  static constexpr Fill fill = Fill::none;
  static constexpr bool guarded = false;
  static constexpr bool wait_all = false;
  static constexpr int callers = 0; // 0: every thread of the block calls apply
  /// bytes of chunk q read from the source (chunk: all), given the inputs
  static unsigned host_size(const std::vector<unsigned>& sizes, int q, int /*repeats*/) {
    return sizes[q];
  }
  static bool host_ignore(const std::vector<unsigned char>& flags, int q, int) {
    return flags[q] & 1;
  }
  static bool host_on(const std::vector<unsigned char>& flags, int q, int) { return flags[q] & 2; }
};

/// The calling thread's index in a scope's group: its lane, or its thread
/// index in the warpgroup or the CTA.
__device__ int group_index() { return static_cast<int>(threadIdx.x); }

template <class C>
__global__ void copy_case(const typename C::T* src, unsigned char* dump, const unsigned* sizes,
                          const unsigned char* flags) {
  auto smem = C::smem();
  unsigned char* bytes = reinterpret_cast<unsigned char*>(smem.data());
  for (int i = threadIdx.x; i < C::smem_bytes; i += blockDim.x)
    bytes[i] = poison;
  cta_sync();
  if (C::callers == 0 || static_cast<int>(threadIdx.x) < C::callers)
    C::copy(smem, decl_tensor<typename C::Src>(const_cast<typename C::T*>(src)), sizes, flags);
  if constexpr (C::wait_all) {
    cp_async_wait_all();
  } else {
    cp_async_commit_group();
    cp_async_wait_group<0>();
  }
  cta_sync();
  for (int i = threadIdx.x; i < C::smem_bytes; i += blockDim.x)
    dump[i] = bytes[i];
}

/// Runs case C once on fresh random inputs; returns the mismatching bytes.
template <class C> int run_case(const char* name, std::mt19937& rng) {
  constexpr int chunks = C::groups * C::repeats;
  constexpr int src_bytes = chunks * C::chunk;
  std::vector<unsigned char> src = tirx_test::random_bits<unsigned char>(rng, src_bytes);
  std::vector<unsigned> sizes(chunks);
  const unsigned start = static_cast<unsigned>(rng());
  for (int q = 0; q < chunks; ++q) // every byte count 0..chunk, in a random order
    sizes[q] = (start + static_cast<unsigned>(q) * 7u) % (C::chunk + 1);
  std::vector<unsigned char> flags = tirx_test::random_bits<unsigned char>(rng, chunks);
  tirx_test::DeviceBuffer<typename C::T> dsrc(src_bytes / sizeof(typename C::T));
  tirx_test::DeviceBuffer<unsigned char> ddump(C::smem_bytes);
  tirx_test::DeviceBuffer<unsigned> dsizes(chunks);
  tirx_test::DeviceBuffer<unsigned char> dflags(chunks);
  TIRX_CHECK_CUDA(cudaMemcpy(dsrc.ptr, src.data(), src_bytes, cudaMemcpyHostToDevice));
  dsizes.upload(sizes);
  dflags.upload(flags);
  TIRX_CHECK_CUDA(cudaMemset(ddump.ptr, 0, C::smem_bytes));
  copy_case<C><<<1, C::threads>>>(dsrc.ptr, ddump.ptr, dsizes.ptr, dflags.ptr);
  TIRX_CHECK_LAUNCH(name);
  const std::vector<unsigned char> got = ddump.download();

  std::vector<unsigned char> want(C::smem_bytes, poison);
  for (int q = 0; q < chunks; ++q) {
    const int at = C::host_dst(q);
    if (C::guarded && !C::host_on(flags, q, C::repeats))
      continue; // not copied: the poison stays
    unsigned n = C::chunk;
    if (C::fill == Fill::src_size)
      n = C::host_size(sizes, q, C::repeats);
    if (C::fill == Fill::ignore_src && C::host_ignore(flags, q, C::repeats))
      n = 0;
    for (int b = 0; b < C::chunk; ++b)
      want[at + b] = b < static_cast<int>(n) ? src[q * C::chunk + b] : 0;
  }
  int bad = 0;
  for (int i = 0; i < C::smem_bytes; ++i)
    if (got[i] != want[i] && bad++ < 4)
      std::printf("  %s: shared byte %d is 0x%02x, want 0x%02x\n", name, i, got[i], want[i]);
  std::printf("%s %s (%d chunks of %d bytes)\n", bad ? "FAIL" : "PASS", name, chunks, C::chunk);
  return bad;
}

// --- thread scope: one thread copies every chunk ---------------------------

// (8, 4) floats: eight 16-byte chunks, .ca, finished with wait_all
struct ThreadCa16 : CaseBase {
  using T = float;
  static constexpr int threads = 32, callers = 1, groups = 1, repeats = 8, chunk = 16;
  static constexpr int smem_bytes = 8 * 16;
  static constexpr bool wait_all = true;
  using Src = GlobalTensor<T, ShapeT<8, 4>, 16>;
  __device__ static auto smem() { return alloc_shared<T, shape(8, 4)>(); }
  static int host_dst(int q) { return q * 16; }
  template <class S, class G>
  __device__ static void copy(S& s, G g, const unsigned*, const unsigned char*) {
    tile::apply<ptx<"cp.async.ca.shared.global">>(s, g, scope::thread);
  }
};

// (16, 4) bytes: sixteen 4-byte chunks of uint8, src-size per repeat
struct ThreadCa4Size : CaseBase {
  using T = uint8;
  static constexpr int threads = 32, callers = 1, groups = 1, repeats = 16, chunk = 4;
  static constexpr int smem_bytes = 64;
  static constexpr Fill fill = Fill::src_size;
  using Src = GlobalTensor<T, ShapeT<16, 4>, 4>;
  __device__ static auto smem() { return alloc_shared<T, shape(16, 4)>(); }
  static int host_dst(int q) { return q * 4; }
  template <class S, class G>
  __device__ static void copy(S& s, G g, const unsigned* sizes, const unsigned char*) {
    tile::apply<ptx<"cp.async.ca.shared::cta.global">>(
        s, g, scope::thread, tile::src_size([=](index_t r) { return sizes[r]; }));
  }
};

// (2, 3, 8) halves: six 16-byte chunks, two repeat modes, .cg.L2::256B, src-size per repeat
struct ThreadCg16Size : CaseBase {
  using T = half;
  static constexpr int threads = 32, callers = 1, groups = 1, repeats = 6, chunk = 16;
  static constexpr int smem_bytes = 96;
  static constexpr Fill fill = Fill::src_size;
  using Src = GlobalTensor<T, ShapeT<2, 3, 8>, 16>;
  __device__ static auto smem() { return alloc_shared<T, shape(2, 3, 8)>(); }
  static int host_dst(int q) { return q * 16; }
  template <class S, class G>
  __device__ static void copy(S& s, G g, const unsigned* sizes, const unsigned char*) {
    tile::apply<ptx<"cp.async.cg.shared.global.L2::256B">>(
        s, g, scope::thread, tile::src_size([=](index_t r) { return sizes[r]; }));
  }
};

// --- warp scope -------------------------------------------------------------

// (32, 4, 4) halves: 8-byte chunks, .ca.L2::64B, ignore-src per repeat
struct WarpCa8Ignore : CaseBase {
  using T = half;
  static constexpr int threads = 32, groups = 32, repeats = 4, chunk = 8;
  static constexpr int smem_bytes = 32 * 4 * 8;
  static constexpr Fill fill = Fill::ignore_src;
  using Src = GlobalTensor<T, ShapeT<32, 4, 4>, 8>;
  __device__ static auto smem() { return alloc_shared<T, shape(32, 4, 4)>(); }
  static int host_dst(int q) { return q * 8; }
  template <class S, class G>
  __device__ static void copy(S& s, G g, const unsigned*, const unsigned char* flags) {
    const int t = group_index();
    tile::apply<ptx<"cp.async.ca.shared.global.L2::64B">>(
        s, g, scope::warp,
        tile::ignore_src([=](index_t r) { return (flags[t * 4 + r] & 1) != 0; }));
  }
};

// (32, 3, 1) floats: 4-byte chunks, .ca.shared::cta.L2::128B, guarded per repeat
struct WarpCa4Pred : CaseBase {
  using T = float;
  static constexpr int threads = 32, groups = 32, repeats = 3, chunk = 4;
  static constexpr int smem_bytes = 32 * 3 * 4;
  static constexpr bool guarded = true;
  using Src = GlobalTensor<T, ShapeT<32, 3, 1>, 4>;
  __device__ static auto smem() { return alloc_shared<T, shape(32, 3, 1)>(); }
  static int host_dst(int q) { return q * 4; }
  template <class S, class G>
  __device__ static void copy(S& s, G g, const unsigned*, const unsigned char* flags) {
    const int t = group_index();
    tile::apply<ptx<"cp.async.ca.shared::cta.global.L2::128B">>(
        s, g, scope::warp, tile::pred([=](index_t r) { return (flags[t * 3 + r] & 2) != 0; }));
  }
};

// (32, 2, 8) uint16: 16-byte chunks, .cg with a cache policy (evict_last).
// The address is a thread offset plus the uniform shared base: the case that
// ptxas 12.9 / 13.0 turned into an illegal LDGSTS before ptxcpasync::family
// permuted hinted addresses (ptx/cp_async.hpp)
struct WarpCg16Hint : CaseBase {
  using T = uint16;
  static constexpr int threads = 32, groups = 32, repeats = 2, chunk = 16;
  static constexpr int smem_bytes = 32 * 2 * 16;
  using Src = GlobalTensor<T, ShapeT<32, 2, 8>, 16>;
  __device__ static auto smem() { return alloc_shared<T, shape(32, 2, 8)>(); }
  static int host_dst(int q) { return q * 16; }
  template <class S, class G>
  __device__ static void copy(S& s, G g, const unsigned*, const unsigned char*) {
    tile::apply<ptx<"cp.async.cg.shared.global.L2::cache_hint">>(
        s, g, scope::warp, tile::cache_hint(policy::evict_last()));
  }
};

// --- warpgroup scope --------------------------------------------------------

// (4, 32, 2, 2) floats: 8-byte chunks, .ca, one src-size per thread (a value, not a callable)
struct GroupCa8SizeScalar : CaseBase {
  using T = float;
  static constexpr int threads = 128, groups = 128, repeats = 2, chunk = 8;
  static constexpr int smem_bytes = 128 * 2 * 8;
  static constexpr Fill fill = Fill::src_size;
  using Src = GlobalTensor<T, ShapeT<4, 32, 2, 2>, 8>;
  __device__ static auto smem() { return alloc_shared<T, shape(4, 32, 2, 2)>(); }
  static int host_dst(int q) { return q * 8; }
  static unsigned host_size(const std::vector<unsigned>& sizes, int q, int repeats) {
    return sizes[(q / repeats) * repeats]; // the thread's first entry, for every repeat
  }
  template <class S, class G>
  __device__ static void copy(S& s, G g, const unsigned* sizes, const unsigned char*) {
    const unsigned valid = sizes[group_index() * 2];
    tile::apply<ptx<"cp.async.ca.shared.global">>(s, g, scope::warpgroup, tile::src_size(valid));
  }
};

// --- cta scope (4 warps) ----------------------------------------------------

// (4, 32, 2, 4) floats, row-major: .cg, plain
struct CtaCg16 : CaseBase {
  using T = float;
  static constexpr int threads = 128, groups = 128, repeats = 2, chunk = 16;
  static constexpr int smem_bytes = 128 * 2 * 16;
  using Src = GlobalTensor<T, ShapeT<4, 32, 2, 4>, 16>;
  __device__ static auto smem() { return alloc_shared<T, shape(4, 32, 2, 4)>(); }
  static int host_dst(int q) { return q * 16; }
  template <class S, class G>
  __device__ static void copy(S& s, G g, const unsigned*, const unsigned char*) {
    tile::apply<ptx<"cp.async.cg.shared.global">>(s, g, scope::cta);
  }
};

// padded: each thread's 8 floats followed by 4 unused (stride 12 floats, 48 bytes), .ca.L2::128B
constexpr TileLayout padded = layout_of<"S[(4, 32, 2, 4) : (384, 12, 4, 1)]">;
struct CtaCa16Padded : CaseBase {
  using T = float;
  static constexpr int threads = 128, groups = 128, repeats = 2, chunk = 16;
  static constexpr int smem_bytes =
      (3 * 384 + 31 * 12 + 8) * 4; // the last thread's pad unallocated
  using Src = GlobalTensor<T, ShapeT<4, 32, 2, 4>, 16>;
  __device__ static auto smem() { return alloc_shared<T, shape(4, 32, 2, 4), padded>(); }
  static int host_dst(int q) { return (q / 2) * 48 + (q % 2) * 16; }
  template <class S, class G>
  __device__ static void copy(S& s, G g, const unsigned*, const unsigned char*) {
    tile::apply<ptx<"cp.async.ca.shared.global.L2::128B">>(s, g, scope::cta);
  }
};

// permuted: the repeat mode outermost in shared memory (stride 1024 halves),
// .cg.shared::cta.L2::256B, src-size per repeat
constexpr TileLayout repeat_outer = layout_of<"S[(4, 32, 2, 8) : (256, 8, 1024, 1)]">;
struct CtaCg16Permuted : CaseBase {
  using T = half;
  static constexpr int threads = 128, groups = 128, repeats = 2, chunk = 16;
  static constexpr int smem_bytes = 2 * 128 * 16;
  static constexpr Fill fill = Fill::src_size;
  using Src = GlobalTensor<T, ShapeT<4, 32, 2, 8>, 16>;
  __device__ static auto smem() { return alloc_shared<T, shape(4, 32, 2, 8), repeat_outer>(); }
  static int host_dst(int q) { return (q % 2) * 2048 + (q / 2) * 16; }
  template <class S, class G>
  __device__ static void copy(S& s, G g, const unsigned* sizes, const unsigned char*) {
    const int t = group_index();
    tile::apply<ptx<"cp.async.cg.shared::cta.global.L2::256B">>(
        s, g, scope::cta, tile::src_size([=](index_t r) { return sizes[t * 2 + r]; }));
  }
};

// 128-byte swizzle: 32 rows of 32 floats, the 16-byte chunk c of row y stored
// at chunk c ^ (y % 8); .ca, a cache policy (evict_first) and src-size per repeat
constexpr TileLayout swizzled = layout_of<"S[(4, 32, 2, 4) : (256, 8, 4, 1)] ^ swizzle(3, 2, 3)">;
struct CtaCa16Swizzled : CaseBase {
  using T = float;
  static constexpr int threads = 128, groups = 128, repeats = 2, chunk = 16;
  static constexpr int smem_bytes = 128 * 2 * 16;
  static constexpr Fill fill = Fill::src_size;
  using Src = GlobalTensor<T, ShapeT<4, 32, 2, 4>, 16>;
  __device__ static auto smem() { return alloc_shared<T, shape(4, 32, 2, 4), swizzled>(); }
  static int host_dst(int q) {
    const int b = q * 16; // the byte offset before the swizzle
    return b ^ (((b >> 7) & 7) << 4);
  }
  template <class S, class G>
  __device__ static void copy(S& s, G g, const unsigned* sizes, const unsigned char*) {
    const int t = group_index();
    tile::apply<ptx<"cp.async.ca.shared.global.L2::cache_hint">>(
        s, g, scope::cta, tile::cache_hint(policy::evict_first()),
        tile::src_size([=](index_t r) { return sizes[t * 2 + r]; }));
  }
};

// (4, 32, 3, 1) uint32: 4-byte chunks, .ca with a cache policy, ignore-src and a guard together
struct CtaCa4IgnorePredHint : CaseBase {
  using T = uint32;
  static constexpr int threads = 128, groups = 128, repeats = 3, chunk = 4;
  static constexpr int smem_bytes = 128 * 3 * 4;
  static constexpr Fill fill = Fill::ignore_src;
  static constexpr bool guarded = true;
  using Src = GlobalTensor<T, ShapeT<4, 32, 3, 1>, 4>;
  __device__ static auto smem() { return alloc_shared<T, shape(4, 32, 3, 1)>(); }
  static int host_dst(int q) { return q * 4; }
  template <class S, class G>
  __device__ static void copy(S& s, G g, const unsigned*, const unsigned char* flags) {
    const int t = group_index();
    tile::apply<ptx<"cp.async.ca.shared.global.L2::cache_hint.L2::64B">>(
        s, g, scope::cta, tile::cache_hint(policy::evict_normal()),
        tile::ignore_src([=](index_t r) { return (flags[t * 3 + r] & 1) != 0; }),
        tile::pred([=](index_t r) { return (flags[t * 3 + r] & 2) != 0; }));
  }
};

// (4, 32, 2, 2) halves: 4-byte chunks of 2 halves, .ca.L2::256B, src-size and a guard
struct CtaCa4SizePred : CaseBase {
  using T = half;
  static constexpr int threads = 128, groups = 128, repeats = 2, chunk = 4;
  static constexpr int smem_bytes = 128 * 2 * 4;
  static constexpr Fill fill = Fill::src_size;
  static constexpr bool guarded = true;
  using Src = GlobalTensor<T, ShapeT<4, 32, 2, 2>, 4>;
  __device__ static auto smem() { return alloc_shared<T, shape(4, 32, 2, 2)>(); }
  static int host_dst(int q) { return q * 4; }
  template <class S, class G>
  __device__ static void copy(S& s, G g, const unsigned* sizes, const unsigned char* flags) {
    const int t = group_index();
    tile::apply<ptx<"cp.async.ca.shared.global.L2::256B">>(
        s, g, scope::cta, tile::src_size([=](index_t r) { return sizes[t * 2 + r]; }),
        tile::pred([=](index_t r) { return (flags[t * 2 + r] & 2) != 0; }));
  }
};

// (4, 32, 1, 16) uint8: 16-byte chunks of bytes, .cg with a policy, ignore-src per thread (a bool)
struct CtaCg16IgnoreScalar : CaseBase {
  using T = uint8;
  static constexpr int threads = 128, groups = 128, repeats = 1, chunk = 16;
  static constexpr int smem_bytes = 128 * 16;
  static constexpr Fill fill = Fill::ignore_src;
  using Src = GlobalTensor<T, ShapeT<4, 32, 1, 16>, 16>;
  __device__ static auto smem() { return alloc_shared<T, shape(4, 32, 1, 16)>(); }
  static int host_dst(int q) { return q * 16; }
  template <class S, class G>
  __device__ static void copy(S& s, G g, const unsigned*, const unsigned char* flags) {
    const bool skip = (flags[group_index()] & 1) != 0;
    tile::apply<ptx<"cp.async.cg.shared.global.L2::cache_hint.L2::128B">>(
        s, g, scope::cta, tile::cache_hint(policy::evict_first(0.5f)), tile::ignore_src(skip));
  }
};

// ---------------------------------------------------------------------------
// Four commit groups in flight: group s copies tile s into stage buffer s;
// after wait_group<3 - s> (and a barrier) stage s must be complete, whatever
// the later groups are doing. Each thread then reads another thread's chunk.
// ---------------------------------------------------------------------------
using StageSrc = GlobalTensor<float, ShapeT<4, 32, 1, 4>, 16>;
constexpr int stage_floats = 512;

template <int K, class B> __device__ void wait_and_read(B& stage, float* out) {
  cp_async_wait_group<K>();
  cta_sync();
  const int other = (threadIdx.x + 37) % 128;
  for (int k = 0; k < 4; ++k)
    out[threadIdx.x * 4 + k] = stage.data()[other * 4 + k];
}

__global__ void groups_in_flight(float* src, float* out) {
  auto s0 = alloc_shared<float, shape(4, 32, 1, 4), row_major(shape(4, 32, 1, 4)), struct s0_tag>();
  auto s1 = alloc_shared<float, shape(4, 32, 1, 4), row_major(shape(4, 32, 1, 4)), struct s1_tag>();
  auto s2 = alloc_shared<float, shape(4, 32, 1, 4), row_major(shape(4, 32, 1, 4)), struct s2_tag>();
  auto s3 = alloc_shared<float, shape(4, 32, 1, 4), row_major(shape(4, 32, 1, 4)), struct s3_tag>();
  float* stages[] = {s0.data(), s1.data(), s2.data(), s3.data()};
  for (int s = 0; s < 4; ++s)
    for (int k = 0; k < 4; ++k)
      stages[s][threadIdx.x * 4 + k] = -1.0f;
  cta_sync();
  tile::apply<ptx<"cp.async.cg.shared.global">>(s0, StageSrc{src + 0 * stage_floats}, scope::cta);
  cp_async_commit_group();
  tile::apply<ptx<"cp.async.cg.shared.global">>(s1, StageSrc{src + 1 * stage_floats}, scope::cta);
  cp_async_commit_group();
  tile::apply<ptx<"cp.async.ca.shared.global">>(s2, StageSrc{src + 2 * stage_floats}, scope::cta);
  cp_async_commit_group();
  tile::apply<ptx<"cp.async.ca.shared.global">>(s3, StageSrc{src + 3 * stage_floats}, scope::cta);
  cp_async_commit_group();
  wait_and_read<3>(s0, out + 0 * stage_floats);
  wait_and_read<2>(s1, out + 1 * stage_floats);
  wait_and_read<1>(s2, out + 2 * stage_floats);
  wait_and_read<0>(s3, out + 3 * stage_floats);
}

// ---------------------------------------------------------------------------
// mbarrier completion: six tiles through one shared buffer, each tile's
// copies completing phase t of one MBarrier (parity t % 2) through
// cp.async.mbarrier.arrive.noinc (the barrier counts 128 asynchronous
// arrivals) or cp.async.mbarrier.arrive followed by each thread's own
// arrive (128 arrivals, the asynchronous ones netted out). No cp.async wait:
// the barrier's wait is what makes every thread's chunks visible.
// ---------------------------------------------------------------------------
constexpr int phase_tiles = 6;

template <bool NoInc> __global__ void mbarrier_completion(float* src, float* out) {
  auto tile_smem = alloc_shared<float, shape(4, 32, 1, 4)>();
  __shared__ cuda::std::uint64_t word;
  const MBarrier bar(&word);
  if (threadIdx.x == 0)
    bar.init(128);
  for (int k = 0; k < 4; ++k)
    tile_smem.data()[threadIdx.x * 4 + k] = -1.0f;
  cta_sync();
  for (int t = 0; t < phase_tiles; ++t) {
    tile::apply<ptx<"cp.async.cg.shared.global">>(tile_smem, StageSrc{src + t * stage_floats},
                                                  scope::cta);
    if constexpr (NoInc) {
      cp_async_mbarrier_arrive_noinc(bar);
    } else {
      // compute-sanitizer synccheck (CUDA 13.0) reports "Missing wait" here,
      // wrongly (docs/async-copies.md, "Completion on an mbarrier")
      cp_async_mbarrier_arrive(bar);
      bar.arrive();
    }
    bar.wait(static_cast<unsigned>(t % 2));
    const int other = (threadIdx.x + 37) % 128;
    for (int k = 0; k < 4; ++k)
      out[t * stage_floats + threadIdx.x * 4 + k] = tile_smem.data()[other * 4 + k];
    cta_sync(); // every read of tile t before tile t + 1 overwrites it
  }
}

/// Checks out[t * 512 + i * 4 + k] == src[t * 512 + ((i + 37) % 128) * 4 + k].
int check_tiles(const char* name, int tiles, const std::vector<float>& src,
                const std::vector<float>& out) {
  int bad = 0;
  for (int t = 0; t < tiles; ++t)
    for (int i = 0; i < 128; ++i)
      for (int k = 0; k < 4; ++k) {
        const float want = src[t * stage_floats + ((i + 37) % 128) * 4 + k];
        const float got = out[t * stage_floats + i * 4 + k];
        if (std::memcmp(&want, &got, 4) != 0 && bad++ < 4)
          std::printf("  %s: tile %d thread %d element %d: got %g, want %g\n", name, t, i, k, got,
                      want);
      }
  std::printf("%s %s (%d tiles of %d floats)\n", bad ? "FAIL" : "PASS", name, tiles, stage_floats);
  return bad;
}

template <class Kernel>
int run_tiles(const char* name, int tiles, Kernel kernel, std::mt19937& rng) {
  const std::vector<float> src =
      tirx_test::whole_floats(rng, tiles * stage_floats, -100000, 100000);
  tirx_test::DeviceBuffer<float> dsrc(src.size()), dout(src.size());
  dsrc.upload(src);
  dout.poison();
  kernel<<<1, 128>>>(dsrc.ptr, dout.ptr);
  TIRX_CHECK_LAUNCH(name);
  return check_tiles(name, tiles, src, dout.download());
}

} // namespace

int main(int argc, char** argv) {
  if (int rc = tirx_test_require_gpu())
    return rc;
  const unsigned seed =
      argc > 1 ? static_cast<unsigned>(std::strtoul(argv[1], nullptr, 10)) : std::random_device{}();
  std::printf("gpu_cp_async: seed %u (replay: gpu_cp_async %u)\n", seed, seed);
  std::mt19937 rng(seed);
  int bad = 0;
  for (int trial = 0; trial < 3; ++trial) { // fresh sizes, flags and data each time
    bad += run_case<ThreadCa16>("thread .ca 16B wait_all", rng);
    bad += run_case<ThreadCa4Size>("thread .ca.shared::cta 4B src_size", rng);
    bad += run_case<ThreadCg16Size>("thread .cg.L2::256B 16B src_size, two repeat modes", rng);
    bad += run_case<WarpCa8Ignore>("warp .ca.L2::64B 8B ignore_src", rng);
    bad += run_case<WarpCa4Pred>("warp .ca.shared::cta.L2::128B 4B pred", rng);
    bad += run_case<WarpCg16Hint>("warp .cg.L2::cache_hint 16B evict_last", rng);
    bad += run_case<GroupCa8SizeScalar>("warpgroup .ca 8B src_size per thread", rng);
    bad += run_case<CtaCg16>("cta .cg 16B", rng);
    bad += run_case<CtaCa16Padded>("cta .ca.L2::128B 16B padded", rng);
    bad += run_case<CtaCg16Permuted>("cta .cg.shared::cta.L2::256B 16B permuted src_size", rng);
    bad += run_case<CtaCa16Swizzled>("cta .ca.L2::cache_hint 16B swizzled src_size", rng);
    bad += run_case<CtaCa4IgnorePredHint>("cta .ca.L2::cache_hint.L2::64B 4B ignore_src pred", rng);
    bad += run_case<CtaCa4SizePred>("cta .ca.L2::256B 4B src_size pred", rng);
    bad += run_case<CtaCg16IgnoreScalar>(
        "cta .cg.L2::cache_hint.L2::128B 16B ignore_src per thread", rng);
  }
  bad += run_tiles("commit groups: 4 in flight, wait_group 3..0", 4, groups_in_flight, rng);
  bad += run_tiles("mbarrier: cp.async.mbarrier.arrive.noinc, 6 phases", phase_tiles,
                   mbarrier_completion<true>, rng);
  bad += run_tiles("mbarrier: cp.async.mbarrier.arrive + arrive, 6 phases", phase_tiles,
                   mbarrier_completion<false>, rng);
  std::printf("gpu_cp_async: %s (%d mismatches)\n", bad ? "FAILED" : "passed", bad);
  return bad ? 1 : 0;
}
