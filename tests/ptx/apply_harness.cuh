// The harness of the tile::apply GPU tests gpu_apply_arith.cu,
// gpu_apply_cvt.cu and gpu_apply_memory.cu (built in parts: tests/ptx/CMakeLists.txt).
// Each test expands the X-macro spelling lists of include/tirx/ptx/*.hpp into
// one kernel per spelling, so a spelling added to a list is tested (or breaks
// the build) without touching the tests; a static_assert in each test fails
// when a header grows a list that the test does not expand.
//
//   gpu_apply_<part> [SEED [FILTER]]
//     SEED    inputs are fresh random values from SEED (default: from the
//             clock); the seed is printed first, so a failing run replays
//             with the same SEED. Each spelling and case draws from its own
//             stream (SEED and the spelling), so FILTER does not change them.
//     FILTER  run only the spellings that contain this text
//
// Output: the legend of the case numbers, then one line per spelling: `OK`
// with the cases it ran in and the number of values checked; `FAIL`
// followed by the first wrong elements (case, thread, repeat, inputs with
// their bits, the result, what was accepted); or `SKIP` (the spelling needs a
// newer GPU than the code that ran, e.g. the 3-input min/max need sm_100);
// at the end the lists of skipped and failed spellings and
// "N passed, M failed, K skipped". Exit 0: no failure; 1: a failure or a
// CUDA error; 77: no GPU (ctest: skipped).
//
// The cases (tables below) vary the scope (thread, warp, cta of 2 and of 4
// warps) and the register layouts: row-major, transposed, reversed (negative
// strides), interleaved and gapped (register slots left unused, offsets),
// each operand its own; a destination that is also a source; a scalar
// source broadcast to every repeat. Memory spellings also run predicated:
// tile::pred per repeat with and without tile::preserve_dst, tile::pred(bool)
// with preserve_dst. Outputs are poisoned before each launch with values
// that no accepted result has; memory that a store must not write (gaps,
// predicated-off repeats) holds guard values that must survive.
#pragma once

#include "apply_reference.hpp"
#include "support/device_buffer.hpp"
#include "support/gpu_check.hpp"
#include "support/spelling_tag.hpp"
#include "support/spelling_tokens.hpp"

#include <tirx/exec/apply.hpp>
#include <tirx/exec/ewise.hpp>
#include <tirx/layout/parse.hpp>
#include <tirx/ptx/regs.hpp>
#include <tirx/tensor/alloc.hpp>

#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

// The architecture of the code being compiled: 90 in the sm_90a device pass,
// 80 in the sm_80 one, 0 on the host. A spelling whose sm requirement is
// above it is compiled out of that pass (so the sm_80 build still
// assembles), and its kernel reports that it did not run.
#if defined(__CUDA_ARCH__)
#define TIRX_TEST_ARCH (__CUDA_ARCH__ / 10)
#else
#define TIRX_TEST_ARCH 0
#endif

namespace apply_test {

using namespace tirx;
using ref::u16;
using ref::u32;
using ref::u64;
using ref::u8;

// -----------------------------------------------------------------------------
// Which sm each spelling needs (docs/design/ptx-facts.md, PTX ISA 9.0). The
// test build's lowest target is sm_80; everything not listed runs there.
// -----------------------------------------------------------------------------

TIRX_HD constexpr int required_sm(text_view t, int nsrc) {
  // the oldest sm of the form, as its row in include/tirx/ptx/rows/ says
  const ptxdesc::Desc d = ptxdesc::registered::describe(t);
  const int sm = ptxdesc::registered::form(d.family, t, nsrc).min_sm / 10;
  return sm > 80 ? sm : 80;
}
template <class Instr, int NSrc>
inline constexpr int
    required_sm_v = required_sm(text_view{Instr::spelling.chars, Instr::spelling.size()}, NSrc);

/// Whether the current compilation pass emits the spelling.
template <class Instr, int NSrc>
inline constexpr bool compiled_v = required_sm_v<Instr, NSrc> <= TIRX_TEST_ARCH;

// Kernels name their spelling by a table and an index: nvcc's host stubs of
// a __global__ template cannot spell a class-type template argument such as
// the fixed_string inside ptx<"...">, so ptx<...> is formed in device code.
// A table is a type with `static constexpr const char* spellings[]`, filled
// by expanding one of the X-macro lists of include/tirx/ptx/*.hpp
// (length and to_fixed: spelling_tag.hpp).
using tirx_test::length;
using tirx_test::to_fixed;
/// The element type of a register tile of raw Bits-bit values: the library's
/// register carrier (tirx/ptx/regs.hpp: unsigned short, unsigned int,
/// unsigned long long, tirx::uint128), but one byte for 8 bits (the register
/// of an 8-bit value is 16 bits wide, the tile's element is not). The host
/// handles a .b128 element as two 64-bit words.
template <int Bits>
using raw_element_t = cuda::std::conditional_t<Bits == 8, uint8, ptxregs::raw_t<Bits>>;

/// The I-th spelling of table L as an instruction atom.
template <class L, int I>
using instr_at = ptx<to_fixed<length(L::spellings[I]) + 1>(L::spellings[I])>;

// -----------------------------------------------------------------------------
// Host side: options, random inputs, buffers, the report
// -----------------------------------------------------------------------------

struct Options {
  u64 seed = 0;
  const char* filter = nullptr;
};

inline Options parse_options(int argc, char** argv) {
  const char* program = argv[0];
  for (const char* p = argv[0]; *p; ++p)
    if (*p == '/')
      program = p + 1;
  Options o;
  if (argc > 1) {
    o.seed = std::strtoull(argv[1], nullptr, 0);
  } else {
    o.seed =
        static_cast<u64>(std::chrono::high_resolution_clock::now().time_since_epoch().count()) %
        1000000007ull;
  }
  if (argc > 2)
    o.filter = argv[2];
  std::printf("%s: seed %llu (replay: %s %llu%s%s)\n", program,
              static_cast<unsigned long long>(o.seed), program,
              static_cast<unsigned long long>(o.seed), o.filter ? " " : "",
              o.filter ? o.filter : "");
  return o;
}

/// The architecture of the code that runs for a kernel on this device
/// (the PTX target it was compiled from: 90 for the sm_90a code, 80 for
/// the sm_80 code or the compute_80 PTX the driver compiles).
template <class K> int code_arch(K* kernel) {
  cudaFuncAttributes a{};
  TIRX_CHECK_CUDA(cudaFuncGetAttributes(&a, kernel));
  return a.ptxVersion;
}

/// One line per spelling and the summary.
struct Report {
  int passed = 0, failed = 0, skipped = 0;
  int device_sm = 0;
  std::vector<std::string> failed_names, skipped_names;
  const char* filter = nullptr;
  int listed = 0; ///< spellings in the X-macro lists (also those filtered out)

  bool selected(const char* spelling) const {
    return !filter || std::strstr(spelling, filter) != nullptr;
  }
  void skip(const char* spelling, int need, int code) {
    ++skipped;
    char buf[200];
    std::snprintf(buf, sizeof buf, "%s (needs sm_%d; the code that ran is sm_%d, device sm_%d)",
                  spelling, need, code, device_sm);
    skipped_names.push_back(buf);
    std::printf("SKIP %s\n", buf);
  }
  /// Prints the line of one checked spelling; details are printed after a FAIL line.
  void result(const char* spelling, const std::string& cases, long values,
              const std::vector<std::string>& details, long wrong, const std::string& where) {
    if (wrong == 0) {
      ++passed;
      std::printf("OK   %-40s cases %-7s %6ld values\n", spelling, cases.c_str(), values);
    } else {
      ++failed;
      failed_names.push_back(spelling);
      std::printf("FAIL %-40s cases %-7s %ld of %ld values wrong (in: %s)\n", spelling,
                  cases.c_str(), wrong, values, where.c_str());
      for (const std::string& d : details)
        std::printf("       %s\n", d.c_str());
    }
    std::fflush(stdout);
  }
  void fail_line(const char* spelling, const std::string& why) {
    ++failed;
    failed_names.push_back(spelling);
    std::printf("FAIL %-44s %s\n", spelling, why.c_str());
    std::fflush(stdout);
  }
  int finish() const {
    if (!skipped_names.empty()) {
      std::printf("skipped (sm requirement above the code that ran):\n");
      for (const std::string& s : skipped_names)
        std::printf("  %s\n", s.c_str());
    }
    if (!failed_names.empty()) {
      std::printf("failed:\n");
      for (const std::string& s : failed_names)
        std::printf("  %s\n", s.c_str());
    }
    std::printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
    return failed == 0 ? 0 : 1;
  }
};

inline Report make_report(const Options& o) {
  Report r;
  r.filter = o.filter;
  int dev = 0;
  TIRX_CHECK_CUDA(cudaGetDevice(&dev));
  cudaDeviceProp p{};
  TIRX_CHECK_CUDA(cudaGetDeviceProperties(&p, dev));
  r.device_sm = p.major * 10 + p.minor;
  std::printf("device: %s (sm_%d)\n", p.name, r.device_sm);
  return r;
}

/// Collects the mismatches of one spelling.
struct Tally {
  long values = 0, wrong = 0;
  std::string cases; ///< the cases that ran, e.g. "0 1 2 3"
  void ran(int k) {
    if (!cases.empty())
      cases += ' ';
    cases += std::to_string(k);
  }
  std::vector<std::string> details;
  std::string where; ///< the cases with a mismatch
  void add_case_failure(const char* case_name) {
    if (where.find(case_name) == std::string::npos)
      where += (where.empty() ? "" : ", ") + std::string(case_name);
  }
  void mismatch(const char* case_name, std::string text) {
    ++wrong;
    add_case_failure(case_name);
    if (details.size() < 8)
      details.push_back(std::string(case_name) + ": " + text);
  }
};

// -----------------------------------------------------------------------------
// Device side: elements of a tile by static index
// -----------------------------------------------------------------------------

/// The coordinate of the F-th element, row-major over modes [from, rank).
struct Coords {
  index_t v[max_rank] = {};
};
TIRX_HD constexpr Coords coords_of(const Shape& s, int from, index_t flat) {
  Coords c{};
  for (int d = s.rank - 1; d >= from; --d) {
    c.v[d] = flat % s.dims[d];
    flat /= s.dims[d];
  }
  return c;
}

#if defined(__CUDACC__)
/// Element F (row-major over the non-group modes) of the issuing thread,
/// whose group coordinates are g. The index on m is a compile-time constant.
template <int GR, index_t F, class Tn>
__device__ TIRX_FORCEINLINE auto& elem(Tn& t, const int (&g)[2]) {
  constexpr Coords c = coords_of(Tn::shape(), GR, F);
  return [&]<int... D>(cuda::std::integer_sequence<int, D...>)->auto& {
    return t((D < GR ? static_cast<index_t>(g[D < 2 ? D : 0]) : c.v[D])...);
  }
  (cuda::std::make_integer_sequence<int, Tn::rank>{});
}

/// f(integral_constant<index_t, I>) for I in [0, N).
template <index_t N, class F> __device__ TIRX_FORCEINLINE void unroll(F&& f) {
  [&]<index_t... I>(cuda::std::integer_sequence<index_t, I...>) {
    (f(cuda::std::integral_constant<index_t, I>{}), ...);
  }
  (cuda::std::make_integer_sequence<index_t, N>{});
}

/// The group coordinates of the issuing thread at scope S (lane; warp, lane).
template <class S> __device__ TIRX_FORCEINLINE void group_of(int (&g)[2]) {
  const int lane = static_cast<int>(threadIdx.x % 32), warp = static_cast<int>(threadIdx.x / 32);
  if constexpr (cuda::std::is_same_v<S, scope::warp_t>) {
    g[0] = lane;
    g[1] = 0;
  } else if constexpr (cuda::std::is_same_v<S, scope::cta_t>) {
    g[0] = warp;
    g[1] = lane;
  } else {
    g[0] = g[1] = 0;
  }
}
template <class S> inline constexpr int group_rank_v = scope::traits<S>::group_rank;

/// Writes whether the kernel ran its spelling (the arch) or compiled it out.
__device__ inline void report_status(int* status, bool ran) {
  if (blockIdx.x == 0 && threadIdx.x == 0)
    *status = ran ? TIRX_TEST_ARCH : -TIRX_TEST_ARCH;
}
#endif

enum class ScopeKind { thread, warp, cta };

#if defined(__CUDACC__)
template <ScopeKind K> struct scope_of;
template <> struct scope_of<ScopeKind::thread> {
  using type = scope::thread_t;
  static constexpr scope::thread_t value = scope::thread;
};
template <> struct scope_of<ScopeKind::warp> {
  using type = scope::warp_t;
  static constexpr scope::warp_t value = scope::warp;
};
template <> struct scope_of<ScopeKind::cta> {
  using type = scope::cta_t;
  static constexpr scope::cta_t value = scope::cta;
};

/// Element F of the thread for F in the sequence: from p[F], into p[F].
template <int GR, class Tn, class T, index_t... F>
__device__ TIRX_FORCEINLINE void fill_tile(Tn& t, const int (&g)[2], const T* p,
                                           cuda::std::integer_sequence<index_t, F...>) {
  ((elem<GR, F>(t, g) = p[F]), ...);
}
template <int GR, class Tn, class T, index_t... F>
__device__ TIRX_FORCEINLINE void drain_tile(Tn& t, const int (&g)[2], T* p,
                                            cuda::std::integer_sequence<index_t, F...>) {
  ((p[F] = elem<GR, F>(t, g)), ...);
}
#endif

// -----------------------------------------------------------------------------
// One-register instructions (arithmetic, cvt, mov): each thread holds 4
// elements of every operand. Global element (thread t of the grid, repeat
// r) is t * 4 + r, r row-major over the repeat modes. The register layouts
// of the operands differ, so an operand read through another's layout
// shows up as a wrong element.
// -----------------------------------------------------------------------------

struct Atom1Case {
  const char* name;
  ScopeKind scope;
  int threads;       ///< block size
  Shape shape;       ///< (group modes, repeat modes)
  TileLayout src[3]; ///< the register layout of each source
  TileLayout dst;
  bool in_place;    ///< the destination is source 0 (the same tensor)
  bool scalar_last; ///< the last source is a scalar, broadcast to every repeat
};

inline constexpr int atom1_repeats = 4;
inline constexpr int atom1_blocks = 8;
inline constexpr int atom1_case_count = 4;

inline constexpr Atom1Case atom1_cases[atom1_case_count] = {
    {"thread",
     ScopeKind::thread,
     64,
     shape(2, 2),
     {layout_of<"S[(2, 2) : (2, 1)]">,        // row-major
      layout_of<"S[(2, 2) : (1, 2)]">,        // transposed
      layout_of<"S[(2, 2) : (-2, -1)] + 3">}, // reversed
     layout_of<"S[(2, 2) : (1, 3)]">,         // gapped: slot 2 unused
     false,
     false},
    {"warp, dst = source 0",
     ScopeKind::warp,
     64,
     shape(32, 4),
     {layout_of<"S[(32, 4) : (1@laneid, 1)]">,
      layout_of<"S[(32, 4) : (1@laneid, -1)] + 3">, // reversed
      layout_of<"S[(32, 4) : (1@laneid, 2)] + 1">}, // gapped, offset
     layout_of<"S[(32, 4) : (1@laneid, 1)]">,
     true,
     false},
    {"cta of 2 warps, last source a scalar",
     ScopeKind::cta,
     64,
     shape(2, 32, 2, 2),
     {layout_of<"S[(2, 32, 2, 2) : (1@warpid, 1@laneid, 1, 2)]">,     // interleaved repeats
      layout_of<"S[(2, 32, 2, 2) : (1@warpid, 1@laneid, 2, 1)] + 1">, // row-major, offset
      layout_of<"S[(2, 32, 2, 2) : (1@warpid, 1@laneid, 2, 1)]">},
     layout_of<"S[(2, 32, 2, 2) : (1@warpid, 1@laneid, 4, 1)]">, // gapped: slots 2, 3 unused
     false,
     true},
    {"cta of 4 warps",
     ScopeKind::cta,
     128,
     shape(4, 32, 4),
     {layout_of<"S[(4, 32, 4) : (1@warpid, 1@laneid, 1)]">,
      layout_of<"S[(4, 32, 4) : (1@warpid, 1@laneid, -1)] + 3">,
      layout_of<"S[(4, 32, 4) : (1@warpid, 1@laneid, 2)] + 1">},
     layout_of<"S[(4, 32, 4) : (1@warpid, 1@laneid, 3)]">, // gapped
     false,
     false},
};

#if defined(__CUDACC__)
/// A case as a type (device code must not copy the constexpr table into a local).
template <int K> struct atom1_case_t {
  static constexpr Atom1Case value = atom1_cases[K];
  using scope_type = typename scope_of<value.scope>::type;
};

/// One case: load the sources from global memory element by element,
/// apply, store the destination element by element.
template <int K, class Instr, int NSrc, class DT, class ST>
__device__ TIRX_FORCEINLINE void atom1_case(const ST* a, const ST* b, const ST* c, DT* out) {
  using CT = atom1_case_t<K>;
  using S = typename CT::scope_type;
  constexpr S sc = scope_of<CT::value.scope>::value;
  constexpr int GR = group_rank_v<S>;
  using Seq = cuda::std::make_integer_sequence<index_t, atom1_repeats>;
  const long base = (static_cast<long>(blockIdx.x) * blockDim.x + threadIdx.x) * atom1_repeats;
  int g[2];
  group_of<S>(g);
  auto t0 = alloc_local<ST, CT::value.shape, CT::value.src[0]>();
  auto t1 = alloc_local<ST, CT::value.shape, CT::value.src[1]>();
  auto t2 = alloc_local<ST, CT::value.shape, CT::value.src[2]>();
  fill_tile<GR>(t0, g, a + base, Seq{});
  if constexpr (NSrc > 1)
    fill_tile<GR>(t1, g, b + base, Seq{});
  if constexpr (NSrc > 2)
    fill_tile<GR>(t2, g, c + base, Seq{});
  if constexpr (CT::value.in_place && cuda::std::is_same_v<DT, ST>) {
    if constexpr (NSrc == 1)
      tile::apply<Instr>(t0, t0, sc);
    else if constexpr (NSrc == 2)
      tile::apply<Instr>(t0, t0, t1, sc);
    else
      tile::apply<Instr>(t0, t0, t1, t2, sc);
    drain_tile<GR>(t0, g, out + base, Seq{});
  } else {
    auto d = alloc_local<DT, CT::value.shape, CT::value.dst>();
    if constexpr (CT::value.scalar_last) {
      const ST* last =
          NSrc == 1 ? a : (NSrc == 2 ? b : c); // the host made it equal over the repeats
      const ST x = last[base];
      if constexpr (NSrc == 1)
        tile::apply<Instr>(d, x, sc);
      else if constexpr (NSrc == 2)
        tile::apply<Instr>(d, t0, x, sc);
      else
        tile::apply<Instr>(d, t0, t1, x, sc);
    } else {
      if constexpr (NSrc == 1)
        tile::apply<Instr>(d, t0, sc);
      else if constexpr (NSrc == 2)
        tile::apply<Instr>(d, t0, t1, sc);
      else
        tile::apply<Instr>(d, t0, t1, t2, sc);
    }
    drain_tile<GR>(d, g, out + base, Seq{});
  }
}

/// One kernel per spelling (table L, index I); `which` picks the case.
template <class L, int I, int NSrc, class DT, class ST>
__global__ void atom1_kernel(int which, const void* a, const void* b, const void* c, void* out,
                             int* status) {
  using Instr = instr_at<L, I>;
  if constexpr (compiled_v<Instr, NSrc>) {
    const ST* pa = static_cast<const ST*>(a);
    const ST* pb = static_cast<const ST*>(b);
    const ST* pc = static_cast<const ST*>(c);
    DT* po = static_cast<DT*>(out);
    switch (which) {
    case 0:
      atom1_case<0, Instr, NSrc, DT, ST>(pa, pb, pc, po);
      break;
    case 1:
      atom1_case<1, Instr, NSrc, DT, ST>(pa, pb, pc, po);
      break;
    case 2:
      atom1_case<2, Instr, NSrc, DT, ST>(pa, pb, pc, po);
      break;
    default:
      atom1_case<3, Instr, NSrc, DT, ST>(pa, pb, pc, po);
      break;
    }
    report_status(status, true);
  } else {
    (void)which, (void)a, (void)b, (void)c, (void)out;
    report_status(status, false);
  }
}
#endif

/// Element bytes <-> bits.
inline void put_bits(std::vector<unsigned char>& buf, long i, int bytes, u64 v) {
  std::memcpy(buf.data() + i * bytes, &v, static_cast<std::size_t>(bytes)); // little-endian
}
inline u64 get_bits(const std::vector<unsigned char>& buf, long i, int bytes) {
  u64 v = 0;
  std::memcpy(&v, buf.data() + i * bytes, static_cast<std::size_t>(bytes));
  return v;
}
inline u64 width_mask(int bytes) { return bytes >= 8 ? ~0ull : ((1ull << (8 * bytes)) - 1); }

/// Device bytes, freed at scope exit.
using Bytes = tirx_test::DeviceBuffer<unsigned char>;

/// A spelling's kernel, type-erased for the host code.
struct KernelRef {
  const char* spelling;
  int need;       ///< the sm it needs
  int code;       ///< the arch of the code that runs for it here
  unsigned cases; ///< bit k: the kernel has case k
  void (*launch)(int which, int blocks, int threads, const void* a, const void* b, const void* c,
                 void* out, const void* extra, int* status);
};

/// Checks the status word: true when the spelling ran. Reports SKIP or
/// FAIL otherwise.
inline bool ran(Report& rep, const KernelRef& k, int status) {
  if (k.need > k.code) {
    if (status != -k.code)
      rep.fail_line(k.spelling, "the kernel should have compiled the spelling out (status " +
                                    std::to_string(status) + ")");
    else
      rep.skip(k.spelling, k.need, k.code);
    return false;
  }
  if (status != k.code) {
    rep.fail_line(k.spelling, "the kernel did not run the spelling (status " +
                                  std::to_string(status) + ", expected " + std::to_string(k.code) +
                                  ")");
    return false;
  }
  return true;
}

using GenFn = void (*)(const void* ctx, Rng& r, u64 (&x)[3]);
using WantFn = Expect (*)(const void* ctx, const u64 (&x)[3]);

/// The legend of the case numbers in the output.
inline void print_atom1_cases() {
  for (int k = 0; k < atom1_case_count; ++k)
    std::printf("case %d: %s\n", k, atom1_cases[k].name);
}

/// Runs one one-register spelling in every case and prints its line.
///   gen(ctx, rng, x)  draws the nsrc sources of one element (bits)
///   want(ctx, x)      the accepted results
inline void run_atom1(Report& rep, const Options& opt, const KernelRef& k, int nsrc, int src_bytes,
                      int dst_bytes, const View& src_view, const View& dst_view, GenFn gen,
                      WantFn want, const void* ctx) {
  tirx_test::DeviceBuffer<int> status(1);
  Tally tally;
  for (int kc = 0; kc < atom1_case_count; ++kc) {
    if (((k.cases >> kc) & 1u) == 0)
      continue; // a kernel of fewer cases (gpu_fp_more: thread scope alone)
    tally.ran(kc);
    const Atom1Case& C = atom1_cases[kc];
    const long n = static_cast<long>(atom1_blocks) * C.threads * atom1_repeats;
    Rng rng(opt.seed, k.spelling, kc);
    std::vector<unsigned char> in[3];
    for (auto& v : in)
      v.assign(static_cast<std::size_t>(n * src_bytes), 0);
    std::vector<u64> xs(static_cast<std::size_t>(3 * n));
    for (long i = 0; i < n; ++i) {
      u64 x[3] = {};
      gen(ctx, rng, x);
      for (int s = 0; s < 3; ++s)
        xs[3 * i + s] = x[s] & width_mask(src_bytes);
    }
    if (C.scalar_last) // one value per thread for the scalar source
      for (long i = 0; i < n; ++i)
        xs[3 * i + nsrc - 1] = xs[3 * (i - i % atom1_repeats) + nsrc - 1];
    std::vector<Expect> expect(static_cast<std::size_t>(n));
    std::vector<unsigned char> poison(static_cast<std::size_t>(n * dst_bytes));
    for (long i = 0; i < n; ++i) {
      for (int s = 0; s < 3; ++s)
        put_bits(in[s], i, src_bytes, xs[3 * i + s]);
      const u64 x[3] = {xs[3 * i], xs[3 * i + 1], xs[3 * i + 2]};
      expect[i] = want(ctx, x);
      u64 p = ~0ull; // poison: a value that no accepted result has
      for (int t = 0; t < 64 && accepts(expect[i], p & width_mask(dst_bytes)); ++t)
        p = rng.bits();
      put_bits(poison, i, dst_bytes, p);
    }
    Bytes A(in[0].size()), B(in[1].size()), Cc(in[2].size()), out(poison.size());
    A.upload(in[0]);
    B.upload(in[1]);
    Cc.upload(in[2]);
    out.upload(poison);
    status.fill_bytes(0);
    k.launch(kc, atom1_blocks, C.threads, A.ptr, B.ptr, Cc.ptr, out.ptr, nullptr, status.ptr);
    TIRX_CHECK_LAUNCH(k.spelling);
    const int st = status.download()[0];
    if (!ran(rep, k, st))
      return;
    const std::vector<unsigned char> got = out.download();
    tally.values += n;
    for (long i = 0; i < n; ++i) {
      const u64 gb = get_bits(got, i, dst_bytes);
      if (accepts(expect[i], gb))
        continue;
      std::string text = "thread " + std::to_string(i / atom1_repeats) + " repeat " +
                         std::to_string(i % atom1_repeats) + ":";
      const char* names[3] = {" a = ", ", b = ", ", c = "};
      for (int s = 0; s < nsrc; ++s)
        text += names[s] + show(src_view, xs[3 * i + s]);
      text += "; got " + show(dst_view, gb) + ", accepted " + show(expect[i]);
      tally.mismatch(C.name, text);
    }
  }
  rep.result(k.spelling, tally.cases, tally.values, tally.details, tally.wrong, tally.where);
}

#if defined(__CUDACC__)
template <class L, int I, int NSrc, class DT, class ST>
void launch_atom1(int which, int blocks, int threads, const void* a, const void* b, const void* c,
                  void* out, const void*, int* status) {
  atom1_kernel<L, I, NSrc, DT, ST><<<blocks, threads>>>(which, a, b, c, out, status);
}
/// The kernel of spelling I of table L, with its sm facts.
template <class L, int I, int NSrc, class DT, class ST> KernelRef atom1_kernel_ref() {
  return {L::spellings[I], required_sm_v<instr_at<L, I>, NSrc>,
          code_arch(&atom1_kernel<L, I, NSrc, DT, ST>), 0xfu, &launch_atom1<L, I, NSrc, DT, ST>};
}
#endif

// -----------------------------------------------------------------------------
// ld / st: each thread moves 4 atoms of N elements between its registers
// and a memory image (global: one per block; shared: one per block, filled
// and read back by the kernel; local: one per thread). Offsets on the host
// come from the strides below, not from tirx.
// -----------------------------------------------------------------------------

enum class PredKind { none, per_repeat_preserve, per_repeat, flag_preserve };

/// Strides in atoms (N elements); a register stride or offset is a * N + b slots.
struct MemCase {
  const char* name;
  ScopeKind scope;
  int threads;
  int nrep; ///< repeat modes (1 or 2)
  int rep[2];
  int gs[2];  ///< memory image: thread stride (thread scope), or warp and lane strides
  int rs[2];  ///< memory image: repeat strides
  int span;   ///< memory image of a block, in atoms
  int lrs[2]; ///< local image (one thread): repeat strides
  int loff;
  int lspan;
  int rra[2], rrb[2]; ///< registers: repeat strides a * N + b
  int raa, rab;       ///< registers: atom stride
  int roa, rob;       ///< registers: offset
  PredKind pred;
  TIRX_HD constexpr int repeats() const { return nrep == 1 ? rep[0] : rep[0] * rep[1]; }
};

inline constexpr int mem_blocks = 2;
inline constexpr int mem_case_count = 4;

inline constexpr MemCase mem_cases[mem_case_count] = {
    // thread: per thread a (2, 2) block of atoms, repeats transposed, one atom gap per thread;
    // registers slot 1 + r0 + 2 r1 + 5 j (gapped, offset)
    {"thread",
     ScopeKind::thread,
     64,
     2,
     {2, 2},
     {5, 0},
     {1, 2},
     64 * 5,
     {1, 3},
     0,
     5,
     {0, 0},
     {1, 2},
     0,
     5,
     0,
     1,
     PredKind::none},
    // warp: lanes adjacent within a repeat; registers interleaved: slot r + 2 j;
    // tile::pred per repeat with preserve_dst
    {"warp, pred per repeat + preserve_dst",
     ScopeKind::warp,
     64,
     1,
     {2, 1},
     {64, 1},
     {32, 0},
     128,
     {1, 0},
     0,
     2,
     {0, 0},
     {1, 0},
     0,
     2,
     0,
     0,
     PredKind::per_repeat_preserve},
    // cta of 2 warps: gaps between repeats and lanes; registers slot r0 (2N + 1) + r1 + 2 j
    // (gapped)
    {"cta of 2 warps, pred per repeat",
     ScopeKind::cta,
     64,
     2,
     {2, 2},
     {192, 6},
     {3, 1},
     384,
     {2, 1},
     0,
     4,
     {2, 0},
     {1, 1},
     0,
     2,
     0,
     0,
     PredKind::per_repeat},
    // cta of 4 warps: warps adjacent; local image reversed; registers reversed: slot N - r N + j;
    // tile::pred(bool) with preserve_dst
    {"cta of 4 warps, pred(bool) + preserve_dst",
     ScopeKind::cta,
     128,
     1,
     {2, 1},
     {1, 4},
     {128, 0},
     256,
     {-1, 0},
     1,
     2,
     {-1, 0},
     {0, 0},
     0,
     1,
     1,
     0,
     PredKind::flag_preserve},
};

/// Which cases a memory spelling runs in (bit k: case k). The first
/// spelling of each type and vector in a list (the one without cache
/// qualifiers) runs in all four; every other one in two, a thread or warp
/// case and a cta case, rotating with the qualifier, so that each case runs
/// with every type. (One ld/st case costs nvcc about 0.15 s and 20 MB; four
/// cases for each of the 352 spellings would add some 1.5 CPU-minutes and
/// 4 parts of the build.)
TIRX_HD constexpr unsigned mem_case_mask(int index, int types_per_prefix) {
  const int prefix = index / types_per_prefix;
  if (prefix == 0)
    return 0xfu;
  return (1u << (prefix % 4)) | (1u << ((prefix + 2) % 4));
}

/// Host: the offset in elements of atom element j of repeat r of thread t
/// (in its block) in the block image, and in the thread's local image.
TIRX_HD constexpr long mem_offset(const MemCase& c, int n, int t, int r, int j) {
  const int r0 = c.nrep == 1 ? r : r / c.rep[1], r1 = c.nrep == 1 ? 0 : r % c.rep[1];
  long atom = c.scope == ScopeKind::thread
                  ? static_cast<long>(t) * c.gs[0]
                  : static_cast<long>(t / 32) * c.gs[0] + static_cast<long>(t % 32) * c.gs[1];
  atom += static_cast<long>(r0) * c.rs[0] + static_cast<long>(r1) * c.rs[1];
  return atom * n + j;
}
TIRX_HD constexpr long local_offset(const MemCase& c, int n, int r, int j) {
  const int r0 = c.nrep == 1 ? r : r / c.rep[1], r1 = c.nrep == 1 ? 0 : r % c.rep[1];
  return (static_cast<long>(c.loff) + static_cast<long>(r0) * c.lrs[0] +
          static_cast<long>(r1) * c.lrs[1]) *
             n +
         j;
}
inline bool pred_on(const MemCase& c, unsigned mask, int r) {
  switch (c.pred) {
  case PredKind::none:
    return true;
  case PredKind::per_repeat:
  case PredKind::per_repeat_preserve:
    return ((mask >> r) & 1u) != 0;
  case PredKind::flag_preserve:
    return (mask & 1u) != 0;
  }
  return true;
}

/// The layouts of case K for atoms of N elements.
template <int K, int N> struct mem_layouts {
  static constexpr MemCase c = mem_cases[K];
  static constexpr int groups =
      c.scope == ScopeKind::thread ? 0 : (c.scope == ScopeKind::warp ? 1 : 2);
  static constexpr int warps = c.threads / 32;
  /// The block image: (threads | warps, 32), repeats, N.
  static constexpr Shape block_shape = [] {
    Shape s{};
    if (c.scope == ScopeKind::thread)
      s.dims[s.rank++] = c.threads;
    else
      s.dims[s.rank++] = warps, s.dims[s.rank++] = 32;
    for (int i = 0; i < c.nrep; ++i)
      s.dims[s.rank++] = c.rep[i];
    s.dims[s.rank++] = N;
    return s;
  }();
  static constexpr TileLayout block_layout = [] {
    TileLayout l{};
    l.push_shard(
        Iter{c.scope == ScopeKind::thread ? c.threads : warps, index_t{c.gs[0]} * N, Axis{0}});
    if (c.scope != ScopeKind::thread)
      l.push_shard(Iter{32, index_t{c.gs[1]} * N, Axis{0}});
    for (int i = 0; i < c.nrep; ++i)
      l.push_shard(Iter{c.rep[i], index_t{c.rs[i]} * N, Axis{0}});
    l.push_shard(Iter{N, 1, Axis{0}});
    return l;
  }();
  /// The operand shape: the scope's group modes, repeats, N.
  static constexpr Shape operand_shape = [] {
    Shape s{};
    if (groups == 2)
      s.dims[s.rank++] = warps;
    if (groups >= 1)
      s.dims[s.rank++] = 32;
    for (int i = 0; i < c.nrep; ++i)
      s.dims[s.rank++] = c.rep[i];
    s.dims[s.rank++] = N;
    return s;
  }();
  /// The local image: the group modes have stride 0 (each thread its own).
  static constexpr TileLayout local_layout = [] {
    TileLayout l{};
    if (groups == 2)
      l.push_shard(Iter{warps, 0, Axis{0}});
    if (groups >= 1)
      l.push_shard(Iter{32, 0, Axis{0}});
    for (int i = 0; i < c.nrep; ++i)
      l.push_shard(Iter{c.rep[i], index_t{c.lrs[i]} * N, Axis{0}});
    l.push_shard(Iter{N, 1, Axis{0}});
    l.add_offset(Term{index_t{c.loff} * N});
    return l;
  }();
  static constexpr index_t local_span = index_t{c.lspan} * N;
  static constexpr TileLayout reg_layout = [] {
    TileLayout l{};
    if (groups == 2)
      l.push_shard(Iter{warps, 1, Axis{2}}); // warpid
    if (groups >= 1)
      l.push_shard(Iter{32, 1, Axis{1}}); // laneid
    for (int i = 0; i < c.nrep; ++i)
      l.push_shard(Iter{c.rep[i], index_t{c.rra[i]} * N + c.rrb[i], Axis{0}});
    l.push_shard(Iter{N, index_t{c.raa} * N + c.rab, Axis{0}});
    l.add_offset(Term{index_t{c.roa} * N + c.rob});
    return l;
  }();
  static constexpr index_t block_span = index_t{c.span} * N;
};

/// The host's offsets (mem_offset, local_offset: from the strides) agree
/// with the layouts the kernels give tirx, for a sample of threads.
template <int K, int N> constexpr bool mem_offsets_agree() {
  using M = mem_layouts<K, N>;
  constexpr MemCase c = mem_cases[K];
  const int sample[] = {0, 1, 5, 31, 32, 33, 63, c.threads - 1};
  for (int t : sample)
    for (int r = 0; r < c.repeats(); ++r)
      for (int j = 0; j < N; ++j) {
        // row-major over (thread | warp, lane), repeats, atom: the repeats flatten row-major to r
        const index_t flat = (static_cast<index_t>(t) * c.repeats() + r) * N + j;
        if (apply(M::block_layout, flat)[Axis{0}] != mem_offset(c, N, t, r, j))
          return false;
        const index_t local_flat = static_cast<index_t>(r) * N + j; // group coordinates 0
        if (apply(M::local_layout, local_flat)[Axis{0}] != local_offset(c, N, r, j))
          return false;
      }
  return true;
}
static_assert(mem_offsets_agree<0, 1>() && mem_offsets_agree<0, 4>() && mem_offsets_agree<1, 2>() &&
                  mem_offsets_agree<2, 4>() && mem_offsets_agree<3, 1>() &&
                  mem_offsets_agree<3, 2>(),
              "the test's host offsets disagree with its layouts");

#if defined(__CUDACC__)
/// x.sub(i, _, _, ...): the first mode fixed at a run-time index.
template <class Tn> __device__ TIRX_FORCEINLINE auto sub_first(const Tn& x, int i) {
  return [&]<int... D>(cuda::std::integer_sequence<int, D...>) { return x.sub(i, ((void)D, _)...); }
  (cuda::std::make_integer_sequence<int, Tn::rank - 1>{});
}

/// Applies the spelling with case K's predicate option; hint: the
/// tile::cache_hint of a .L2::cache_hint spelling, or nothing (options come
/// in several orders).
template <class Instr, PredKind P, class Dst, class Src, class S, class... Hint>
__device__ TIRX_FORCEINLINE void apply_pred(Dst&& dst, Src&& src, S sc, unsigned mask,
                                            Hint... hint) {
  constexpr bool load = Instr::desc.loads;
  auto per_repeat = [mask](index_t r) { return ((mask >> r) & 1u) != 0; };
  if constexpr (P == PredKind::none)
    tile::apply<Instr>(dst, src, sc, hint...);
  else if constexpr (P == PredKind::per_repeat)
    tile::apply<Instr>(dst, src, sc, hint..., tile::pred(per_repeat));
  else if constexpr (P == PredKind::per_repeat_preserve && load)
    tile::apply<Instr>(dst, src, sc, tile::pred(per_repeat), tile::preserve_dst, hint...);
  else if constexpr (P == PredKind::per_repeat_preserve)
    tile::apply<Instr>(dst, src, sc, tile::pred(per_repeat), hint...);
  else if constexpr (load)
    tile::apply<Instr>(dst, src, sc, tile::pred((mask & 1u) != 0), hint..., tile::preserve_dst);
  else
    tile::apply<Instr>(dst, src, sc, tile::pred((mask & 1u) != 0), hint...);
}

/// The cache policy of case K for a .L2::cache_hint spelling (p: the global
/// memory image): each case another helper of tirx/ptx/policy.hpp. A policy
/// only steers the L2; the results must not change.
template <int K> __device__ TIRX_FORCEINLINE unsigned long long mem_policy(const void* p) {
  if constexpr (K == 0)
    return policy::evict_first();
  else if constexpr (K == 1)
    return policy::fractional<policy::Evict::last, policy::Evict::first>(0.5f);
  else if constexpr (K == 2)
    return policy::range<policy::Evict::last, policy::Evict::first>(p, 4096u, 65536u);
  else
    return policy::evict_last();
}

/// One case of a load or store spelling.
///   load:  in = memory image, old = registers before (preserve_dst), out = registers after
///   store: in = registers, old = memory image before (shared, local), out = memory image after
template <int K, class Instr, class T, int N>
__device__ TIRX_FORCEINLINE void mem_case(const T* in, const T* old, T* out,
                                          const unsigned* masks) {
  using M = mem_layouts<K, N>;
  using S = typename scope_of<M::c.scope>::type;
  constexpr S sc = scope_of<M::c.scope>::value;
  constexpr int GR = group_rank_v<S>;
  constexpr bool load = Instr::desc.loads;
  constexpr ptxdesc::Space space = (Instr::desc.loads ? Instr::desc.src : Instr::desc.dst).space;
  constexpr index_t E = index_t{M::c.repeats()} * N; // elements per thread
  using Seq = cuda::std::make_integer_sequence<index_t, E>;
  const int tid = static_cast<int>(threadIdx.x);
  const long gtid = static_cast<long>(blockIdx.x) * blockDim.x + tid;
  const unsigned mask = masks[gtid];
  int g[2];
  group_of<S>(g);
  auto regs = alloc_local<T, M::operand_shape, M::reg_layout>();
  if constexpr (load) {
    if constexpr (M::c.pred == PredKind::per_repeat_preserve ||
                  M::c.pred == PredKind::flag_preserve)
      fill_tile<GR>(regs, g, old + gtid * E, Seq{});
  } else {
    fill_tile<GR>(regs, g, in + gtid * E, Seq{});
  }
  // the memory operand of this thread / warp / CTA in a block image
  auto run = [&](auto image) {
    auto operand = [&] {
      if constexpr (M::groups == 0)
        return sub_first(image, tid);
      else if constexpr (M::groups == 1)
        return sub_first(image, tid / 32);
      else
        return image;
    }();
    if constexpr (Instr::desc.cache_hint) {
      const tile::CacheHint hint = tile::cache_hint(mem_policy<K>(image.data()));
      if constexpr (load)
        apply_pred<Instr, M::c.pred>(regs, operand, sc, mask, hint);
      else
        apply_pred<Instr, M::c.pred>(operand, regs, sc, mask, hint);
    } else {
      if constexpr (load)
        apply_pred<Instr, M::c.pred>(regs, operand, sc, mask);
      else
        apply_pred<Instr, M::c.pred>(operand, regs, sc, mask);
    }
  };
  if constexpr (space == ptxdesc::Space::global) {
    constexpr int align =
        N * static_cast<int>(sizeof(T)) > 16 ? N * static_cast<int>(sizeof(T)) : 16; // 32: sm_100
    using Img = Tensor<cuda::std::conditional_t<load, const T, T>, shape_type<M::block_shape>,
                       MemScope::global, align, layout_type<M::block_layout>>;
    run(Img{(load ? const_cast<T*>(in) : out) + blockIdx.x * M::block_span});
  } else if constexpr (space == ptxdesc::Space::shared) {
    auto image = alloc_shared<T, M::block_shape, M::block_layout>();
    const T* src = load ? in : old; // the memory image before
    for (int i = tid; i < M::block_span; i += static_cast<int>(blockDim.x))
      image.data()[i] = src[blockIdx.x * M::block_span + i];
    __syncthreads();
    run(image);
    __syncthreads();
    if constexpr (!load)
      for (int i = tid; i < M::block_span; i += static_cast<int>(blockDim.x))
        out[blockIdx.x * M::block_span + i] = image.data()[i];
  } else { // local: one image per thread
    auto image = alloc_local<T, M::operand_shape, M::local_layout>();
    const T* src = load ? in : old;
    for (int i = 0; i < M::local_span; ++i)
      image.data()[i] = src[gtid * M::local_span + i];
    if constexpr (load)
      apply_pred<Instr, M::c.pred>(regs, image, sc, mask);
    else
      apply_pred<Instr, M::c.pred>(image, regs, sc, mask);
    if constexpr (!load)
      for (int i = 0; i < M::local_span; ++i)
        out[gtid * M::local_span + i] = image.data()[i];
  }
  if constexpr (load)
    drain_tile<GR>(regs, g, out + gtid * E, Seq{});
}

/// One kernel per ld/st spelling; L has spellings[], atoms[] (N) and bits[].
template <class L, int I>
__global__ void mem_kernel(int which, const void* in, const void* old, void* out, const void* masks,
                           int* status) {
  using Instr = instr_at<L, I>;
  constexpr int N = L::atoms[I];
  using T = raw_element_t<L::bits[I]>;
  if constexpr (compiled_v<Instr, 1>) {
    const T* pin = static_cast<const T*>(in);
    const T* pold = static_cast<const T*>(old);
    T* pout = static_cast<T*>(out);
    const unsigned* m = static_cast<const unsigned*>(masks);
    constexpr unsigned cases = mem_case_mask(I, L::types_per_prefix);
    switch (which) {
    case 0:
      if constexpr ((cases & 1u) != 0)
        mem_case<0, Instr, T, N>(pin, pold, pout, m);
      break;
    case 1:
      if constexpr ((cases & 2u) != 0)
        mem_case<1, Instr, T, N>(pin, pold, pout, m);
      break;
    case 2:
      if constexpr ((cases & 4u) != 0)
        mem_case<2, Instr, T, N>(pin, pold, pout, m);
      break;
    default:
      if constexpr ((cases & 8u) != 0)
        mem_case<3, Instr, T, N>(pin, pold, pout, m);
      break;
    }
    report_status(status, true);
  } else {
    (void)which, (void)in, (void)old, (void)out, (void)masks;
    report_status(status, false);
  }
}
#endif

/// The legend of the case numbers in the output.
inline void print_mem_cases() {
  for (int k = 0; k < mem_case_count; ++k)
    std::printf("case %d: %s\n", k, mem_cases[k].name);
}

/// Runs one ld/st spelling in its cases and prints its line. The host
/// handles values in words of at most 64 bits: an element of `bits` bits is
/// W = bits / 64 words (.b128: 2, low word first) or one narrower word.
inline void run_mem(Report& rep, const Options& opt, const KernelRef& k, int n, int bits, bool load,
                    char space) {
  const int bytes = bits / 8;
  const int W = bytes > 8 ? bytes / 8 : 1; // words per element
  const int wbytes = bytes / W;            // bytes per word
  const u64 wm = width_mask(wbytes);
  const u64 flip = 0xA5A5A5A5A5A5A5A5ull & wm; // makes a value that differs from the one expected
  tirx_test::DeviceBuffer<int> status(1);
  Tally tally;
  for (int kc = 0; kc < mem_case_count; ++kc) {
    if (((k.cases >> kc) & 1u) == 0)
      continue;
    tally.ran(kc);
    const MemCase& C = mem_cases[kc];
    Rng rng(opt.seed, k.spelling, kc);
    const int threads = mem_blocks * C.threads;
    const int reps = C.repeats();
    const long E = static_cast<long>(reps) * n; // elements per thread
    const bool local = space == 'l';
    const long image_n = local ? static_cast<long>(threads) * C.lspan * n
                               : static_cast<long>(mem_blocks) * C.span * n;
    const bool preserve =
        C.pred == PredKind::per_repeat_preserve || C.pred == PredKind::flag_preserve;
    std::vector<unsigned> masks(static_cast<std::size_t>(threads));
    for (auto& m : masks)
      m = static_cast<unsigned>(rng.bits());
    // where element (thread, repeat, j) lives in the image
    auto where = [&](int t, int r, int j) {
      const int tb = t % C.threads, b = t / C.threads;
      return local ? static_cast<long>(t) * C.lspan * n + local_offset(C, n, r, j)
                   : static_cast<long>(b) * C.span * n + mem_offset(C, n, tb, r, j);
    };
    // every vector below holds words: element i is words [i W, i W + W)
    std::vector<u64> image(static_cast<std::size_t>(image_n * W)),
        regs(static_cast<std::size_t>(threads * E * W));
    for (auto& v : image)
      v = rng.bits() & wm;
    for (auto& v : regs)
      v = rng.bits() & wm;
    std::vector<ref::Want> want; // per word of the output
    std::vector<unsigned char> in_b, old_b, out_b;
    if (load) {
      // in: the image; old: registers before (differ from what is loaded); out: registers after
      want.resize(static_cast<std::size_t>(threads * E * W));
      std::vector<u64> before(regs.size()), poison(regs.size());
      for (int t = 0; t < threads; ++t)
        for (int r = 0; r < reps; ++r)
          for (int j = 0; j < n; ++j)
            for (int w = 0; w < W; ++w) {
              const long i = (t * E + static_cast<long>(r) * n + j) * W + w;
              const u64 loaded = image[static_cast<std::size_t>(where(t, r, j) * W + w)];
              before[i] = loaded ^ flip;
              const bool on = pred_on(C, masks[t], r);
              want[i] = on ? ref::Want::bits_of(loaded)
                           : (preserve ? ref::Want::bits_of(before[i]) : ref::Want::dont_care());
              poison[i] = (on ? loaded : before[i]) ^ (flip >> 1 | 1);
            }
      in_b.assign(static_cast<std::size_t>(image_n * bytes), 0);
      for (long i = 0; i < image_n * W; ++i)
        put_bits(in_b, i, wbytes, image[i]);
      old_b.assign(static_cast<std::size_t>(threads * E * bytes), 0);
      out_b.assign(old_b.size(), 0);
      for (long i = 0; i < threads * E * W; ++i)
        put_bits(old_b, i, wbytes, before[i]), put_bits(out_b, i, wbytes, poison[i] & wm);
    } else {
      // in: the registers; image before: guard values (those to be written differ from what is
      // written)
      std::vector<u64> after = image;
      for (int t = 0; t < threads; ++t)
        for (int r = 0; r < reps; ++r)
          for (int j = 0; j < n; ++j)
            for (int w = 0; w < W; ++w) {
              const long p = where(t, r, j) * W + w;
              const u64 v = regs[(t * E + static_cast<long>(r) * n + j) * W + w];
              image[p] = v ^ flip; // the guard differs from the value that may land here
              after[p] = pred_on(C, masks[t], r) ? v : image[p];
            }
      want.resize(static_cast<std::size_t>(image_n * W));
      for (long i = 0; i < image_n * W; ++i)
        want[i] = ref::Want::bits_of(after[i]);
      in_b.assign(static_cast<std::size_t>(threads * E * bytes), 0);
      for (long i = 0; i < threads * E * W; ++i)
        put_bits(in_b, i, wbytes, regs[i]);
      old_b.assign(static_cast<std::size_t>(image_n * bytes), 0);
      out_b.assign(old_b.size(), 0);
      for (long i = 0; i < image_n * W; ++i) {
        put_bits(old_b, i, wbytes, image[i]);
        // global: the kernel stores into this image; shared, local: it copies its image out over a
        // poison
        put_bits(out_b, i, wbytes, space == 'g' ? image[i] : (after[i] ^ flip ^ 1) & wm);
      }
    }
    std::vector<unsigned char> mask_b(masks.size() * sizeof(unsigned));
    std::memcpy(mask_b.data(), masks.data(), mask_b.size());
    Bytes din(in_b.size()), dold(old_b.size()), dout(out_b.size()), dmask(mask_b.size());
    din.upload(in_b);
    dold.upload(old_b);
    dout.upload(out_b);
    dmask.upload(mask_b);
    status.fill_bytes(0);
    k.launch(kc, mem_blocks, C.threads, din.ptr, dold.ptr, nullptr, dout.ptr, dmask.ptr,
             status.ptr);
    TIRX_CHECK_LAUNCH(k.spelling);
    const int st = status.download()[0];
    if (!ran(rep, k, st))
      return;
    const std::vector<unsigned char> got = dout.download();
    const long count = static_cast<long>(want.size());
    tally.values += count / W;
    for (long i = 0; i < count; ++i) {
      const u64 gb = get_bits(got, i, wbytes);
      if (ref::accepts(want[i], gb))
        continue;
      const long e = i / W; // the element
      std::string text;
      if (load) {
        const int t = static_cast<int>(e / E), r = static_cast<int>(e % E) / n,
                  j = static_cast<int>(e % n);
        text = "thread " + std::to_string(t) + " repeat " + std::to_string(r) + " element " +
               std::to_string(j) + " (pred " + (pred_on(C, masks[t], r) ? "on" : "off") +
               ", image offset " + std::to_string(where(t, r, j)) + ")";
      } else {
        text = "image offset " + std::to_string(e);
      }
      if (W > 1)
        text += " word " + std::to_string(i % W);
      text += ": got " + ref::show(nullptr, gb) + ", expected " + ref::show(want[i]);
      tally.mismatch(C.name, text);
    }
  }
  rep.result(k.spelling, tally.cases, tally.values, tally.details, tally.wrong, tally.where);
}

#if defined(__CUDACC__)
template <class L, int I>
void launch_mem(int which, int blocks, int threads, const void* in, const void* old, const void*,
                void* out, const void* masks, int* status) {
  mem_kernel<L, I><<<blocks, threads>>>(which, in, old, out, masks, status);
}
template <class L, int I> KernelRef mem_kernel_ref() {
  return {L::spellings[I], required_sm_v<instr_at<L, I>, 1>, code_arch(&mem_kernel<L, I>),
          mem_case_mask(I, L::types_per_prefix), &launch_mem<L, I>};
}
#endif

} // namespace apply_test
