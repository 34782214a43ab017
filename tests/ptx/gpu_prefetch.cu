// GPU test of the cache-line family (ptx/prefetch.hpp, rows/prefetch.def;
// label gpu): every spelling of prefetch, prefetchu, discard and
// applypriority through tile::apply, the tensor its one operand. 64 threads
// (two warps) hold two 128-byte lines each of a global buffer of seeded
// random floats; each global spelling runs at thread, warp and cta scope,
// the thread's lines at the same places in each (lane-major). Checks, bit
// for bit against the host's copy of the buffer:
//   prefetch*, applypriority   every float of the buffer unchanged
//   discard                    the kernel runs, and every float outside the
//                              discarded lines (the lines between them: the
//                              tensor's lines are every other 128-byte line,
//                              and the padding) unchanged; a discarded line's
//                              contents are undefined (PTX), so not compared
// and besides: the prefetches of global memory at warp scope on lines that
// start 4 bytes past a 128-byte boundary (each straddles two cache lines:
// both are prefetched), prefetch.global.L2 at cta scope under tile::pred
// (odd threads off), prefetch.local.{L1,L2} of each thread's local tensor at
// thread scope (a local tensor is per thread), and the generic prefetches of
// a shared tensor at cta scope (PTX: a prefetch of shared memory does
// nothing), each round trip into a poisoned output compared with the input.
// The PTX text of this file holds every spelling as written (ctest
// ptx_text_prefetch). Prints one PASS/FAIL line per case and "N passed, M
// failed".   gpu_prefetch [SEED]   Exit 0: all passed; 1: a failure; 77: no GPU.
#include "gpu_check.hpp"
#include "support/device_buffer.hpp"
#include "support/random.hpp"

#include <tirx/tile.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

using namespace tirx;

// (id, spelling, kind): g a prefetch of global memory, a applypriority, d discard, l local
#define PF_SPELLINGS(X)                                                                            \
  X(0, "prefetch.global.L1", 'g')                                                                  \
  X(1, "prefetch.global.L2", 'g')                                                                  \
  X(2, "prefetch.L1", 'g')                                                                         \
  X(3, "prefetch.L2", 'g')                                                                         \
  X(4, "prefetchu.L1", 'g')                                                                        \
  X(5, "prefetch.global.L2::evict_last", 'g')                                                      \
  X(6, "prefetch.global.L2::evict_normal", 'g')                                                    \
  X(7, "applypriority.global.L2::evict_normal", 'a')                                               \
  X(8, "applypriority.L2::evict_normal", 'a')                                                      \
  X(9, "discard.global.L2", 'd')                                                                   \
  X(10, "discard.L2", 'd')                                                                         \
  X(11, "prefetch.local.L1", 'l')                                                                  \
  X(12, "prefetch.local.L2", 'l')

template <int Id> struct spelling_of;
#define PF_X(ID, SP, KIND)                                                                         \
  template <> struct spelling_of<ID> {                                                             \
    using instr = ptx<SP>;                                                                         \
    static constexpr const char* text = SP;                                                        \
    static constexpr char kind = KIND;                                                             \
  };
PF_SPELLINGS(PF_X)
#undef PF_X

constexpr int threads = 64;
constexpr int lines = 2;              // lines per thread
constexpr int line_floats = 32;       // 128 bytes
constexpr int pad = 2 * line_floats;  // after the region (the unaligned case reaches into it)
constexpr int span = 2 * line_floats; // floats between a thread's lines, at most
constexpr int region = threads * lines * span;
constexpr int buffer_floats = region + pad;

/// The tensor's layout at scope Sc (0 thread, 1 warp, 2 cta): a thread's
/// lines St floats apart, thread t's first at t * lines * St.
template <int Sc, int St> TIRX_HD constexpr TileLayout line_layout() {
  if constexpr (Sc == 0)
    return S({lines, line_floats}, {St, 1});
  else if constexpr (Sc == 1)
    return S({32, lines, line_floats}, {lines * St, St, 1});
  else
    return S({2, 32, lines, line_floats}, {32 * lines * St, lines * St, St, 1});
}
template <int Sc> TIRX_HD constexpr Shape line_shape() {
  if constexpr (Sc == 0)
    return shape(lines, line_floats);
  else if constexpr (Sc == 1)
    return shape(32, lines, line_floats);
  else
    return shape(2, 32, lines, line_floats);
}

/// Spelling Id over the buffer at scope Sc, lines St floats apart, the
/// whole tensor Shift floats past p; Pred: odd threads guarded off.
template <int Id, int Sc, int St, int Shift, bool Pred> __global__ void lines_kernel(float* p) {
  constexpr int align = Shift == 0 ? 128 : 4;
  constexpr TileLayout lay = line_layout<Sc, St>();
  using Tile = Tensor<float, typename detail::shape_type_of<line_shape<Sc>()>::type,
                      MemScope::global, align, typename detail::layout_type_of<lay>::type>;
  using Instr = typename spelling_of<Id>::instr;
  const int t = static_cast<int>(threadIdx.x);
  float* base = p + Shift;
  if constexpr (Sc == 0) {
    tile::apply<Instr>(Tile{base + t * lines * St}, scope::thread);
  } else if constexpr (Sc == 1) {
    tile::apply<Instr>(Tile{base + (t / 32) * 32 * lines * St}, scope::warp);
  } else if constexpr (Pred) {
    tile::apply<Instr>(Tile{base}, scope::cta, tile::pred((t & 1) == 0));
  } else {
    tile::apply<Instr>(Tile{base}, scope::cta);
  }
}

/// Each thread's two lines into its local tensor, prefetched, and out.
template <int Id> __global__ void local_kernel(const float* in, float* out) {
  auto mine = alloc_local<float, shape(lines, line_floats)>();
  const int t = static_cast<int>(threadIdx.x);
  for (int i = 0; i < lines * line_floats; ++i)
    mine.data()[i] = in[t * lines * line_floats + i];
  tile::apply<typename spelling_of<Id>::instr>(mine, scope::thread);
  for (int i = 0; i < lines * line_floats; ++i)
    out[t * lines * line_floats + i] = mine.data()[i];
}

/// The block's lines into a shared tensor, prefetched (generic: nothing
/// happens), and out.
template <int Id> __global__ void shared_kernel(const float* in, float* out) {
  constexpr int n = threads * lines * line_floats;
  auto tile = alloc_shared<float, shape(2, 32, lines, line_floats)>();
  for (int i = static_cast<int>(threadIdx.x); i < n; i += threads)
    tile.data()[i] = in[i];
  __syncthreads();
  tile::apply<typename spelling_of<Id>::instr>(tile, scope::cta);
  __syncthreads();
  for (int i = static_cast<int>(threadIdx.x); i < n; i += threads)
    out[i] = tile.data()[i];
}

// [snippet:prefetch-lines]
// A warp sums rows of 32 floats, one 128-byte line each, a block of 32 rows
// at a time; before it reads a block, lane l asks L2 for row l of the next
// one (prefetch.global.L2: one instruction per line, nothing written).
using Rows = GlobalTensor<float, ShapeT<32, 32>, 128>; // (lane, a line's 32 floats)
__global__ void row_sums(float* data, float* sums, int blocks) {
  const int lane = static_cast<int>(threadIdx.x);
  for (int b = 0; b < blocks; ++b) {
    if (b + 1 < blocks)
      tile::apply<ptx<"prefetch.global.L2">>(Rows{data + (b + 1) * 1024}, scope::warp);
    float s = 0.0f;
    for (int j = 0; j < 32; ++j)
      s += data[b * 1024 + lane * 32 + j];
    sums[b * 32 + lane] = s;
  }
}
// [/snippet]

int passed = 0, failed = 0;

void report(bool ok, const char* spelling, const char* what, const char* detail) {
  std::printf("%s %-40s %-22s %s\n", ok ? "PASS" : "FAIL", spelling, what, detail);
  ++(ok ? passed : failed);
}

/// The first float that differs where `compare(i)` holds; -1 if none.
template <class C>
long first_difference(const std::vector<float>& a, const std::vector<float>& b, C compare) {
  for (std::size_t i = 0; i < a.size(); ++i)
    if (compare(static_cast<int>(i)) && std::memcmp(&a[i], &b[i], sizeof(float)) != 0)
      return static_cast<long>(i);
  return -1;
}

struct Gpu {
  tirx_test::DeviceBuffer<float> data{buffer_floats};
  tirx_test::DeviceBuffer<float> out{buffer_floats};
  std::vector<float> host;
};

/// A global case: upload, run, compare (discard: outside its lines only).
template <int Id, int Sc, int Shift = 0, bool Pred = false> void global_case(Gpu& g) {
  constexpr char kind = spelling_of<Id>::kind;
  constexpr int st = kind == 'd' ? span : line_floats;
  static const char* const scopes[] = {"thread", "warp", "cta"};
  char what[32];
  std::snprintf(what, sizeof what, "%s%s%s", scopes[Sc], Shift ? " unaligned" : "",
                Pred ? " pred" : "");
  g.data.upload(g.host);
  lines_kernel<Id, Sc, st, Shift, Pred><<<1, threads>>>(g.data.ptr);
  TIRX_CHECK_LAUNCH(spelling_of<Id>::text);
  const std::vector<float> back = g.data.download();
  // discard: the tensor's lines are [k * span, k * span + 32) (Shift 0); the rest must hold
  const long at = first_difference(
      back, g.host, [&](int i) { return kind != 'd' || i >= region || i % span >= line_floats; });
  char detail[96];
  if (at < 0)
    std::snprintf(detail, sizeof detail,
                  kind == 'd' ? "ran; lines between unchanged" : "every float unchanged");
  else
    std::snprintf(detail, sizeof detail, "float %ld is %g, was %g", at, back[at], g.host[at]);
  report(at < 0, spelling_of<Id>::text, what, detail);
}

/// A round trip through a local or shared tensor: out must equal the input.
template <int Id, bool Shared> void round_trip_case(Gpu& g) {
  static_assert(Shared == (spelling_of<Id>::kind == 'g'), "a local spelling, or a generic one");
  constexpr int n = threads * lines * line_floats;
  g.data.upload(g.host);
  g.out.poison();
  if constexpr (Shared)
    shared_kernel<Id><<<1, threads>>>(g.data.ptr, g.out.ptr);
  else
    local_kernel<Id><<<1, threads>>>(g.data.ptr, g.out.ptr);
  TIRX_CHECK_LAUNCH(spelling_of<Id>::text);
  const std::vector<float> back = g.out.download();
  const long at = first_difference(back, g.host, [&](int i) { return i < n; });
  char detail[96];
  if (at < 0)
    std::snprintf(detail, sizeof detail, "round trip exact");
  else
    std::snprintf(detail, sizeof detail, "float %ld is %g, expected %g", at, back[at], g.host[at]);
  report(at < 0, spelling_of<Id>::text, Shared ? "cta shared tensor" : "thread local tensor",
         detail);
}

/// The guide's example: the row sums, bit for bit (the host adds in the same order).
void row_sums_case(Gpu& g) {
  constexpr int blocks = 4; // 4 x 1024 floats: within the buffer
  g.data.upload(g.host);
  g.out.poison();
  row_sums<<<1, 32>>>(g.data.ptr, g.out.ptr, blocks);
  TIRX_CHECK_LAUNCH("row_sums");
  const std::vector<float> back = g.out.download();
  int bad = -1;
  for (int r = 0; r < blocks * 32 && bad < 0; ++r) {
    float s = 0.0f;
    for (int j = 0; j < 32; ++j)
      s += g.host[r * 32 + j];
    if (std::memcmp(&s, &back[r], sizeof s) != 0)
      bad = r;
  }
  char detail[64];
  std::snprintf(detail, sizeof detail, bad < 0 ? "row sums exact" : "row %d differs", bad);
  report(bad < 0, "prefetch.global.L2", "warp (docs example)", detail);
}

template <int Id> void every_scope(Gpu& g) {
  global_case<Id, 0>(g);
  global_case<Id, 1>(g);
  global_case<Id, 2>(g);
}

} // namespace

int main(int argc, char** argv) {
  if (int rc = tirx_test_require_gpu())
    return rc;
  const unsigned seed = argc > 1 ? static_cast<unsigned>(std::strtoul(argv[1], nullptr, 10)) : 11u;
  std::printf("gpu_prefetch seed %u\n", seed);
  std::mt19937 rng(seed);
  Gpu g;
  g.host = tirx_test::uniform_floats(rng, buffer_floats, -1000.0f, 1000.0f);
  every_scope<0>(g);
  every_scope<1>(g);
  every_scope<2>(g);
  every_scope<3>(g);
  every_scope<4>(g);
  every_scope<5>(g);
  every_scope<6>(g);
  every_scope<7>(g);
  every_scope<8>(g);
  every_scope<9>(g);
  every_scope<10>(g);
  // lines 4 bytes past a 128-byte boundary: the prefetches of global memory
  global_case<0, 1, 1>(g);
  global_case<1, 1, 1>(g);
  global_case<2, 1, 1>(g);
  global_case<3, 1, 1>(g);
  global_case<4, 1, 1>(g);
  global_case<5, 1, 1>(g);
  global_case<6, 1, 1>(g);
  global_case<1, 2, 0, true>(g); // guarded
  round_trip_case<11, false>(g);
  round_trip_case<12, false>(g);
  round_trip_case<2, true>(g);
  round_trip_case<3, true>(g);
  round_trip_case<4, true>(g);
  row_sums_case(g);
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
