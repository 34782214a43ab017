// GPU test of the integer and bits-and-logic families through tile::apply
// (label gpu): every spelling of include/tirx/ptx/rows/int_arith.def and
// bits.def, bit for bit against the host references of int_bits_ref.hpp.
//   - Every spelling once, at thread scope (64 threads, 4 registers each, one
//     kernel per spelling from the row files), on seeded random inputs half
//     of which are edge values (0, 1, -1, INT_MIN, INT_MAX, the width, shift
//     amounts and bit positions at and past the width, 255, ...), each
//     source in its own width (shl.b64's 32-bit shift, mad.wide's wide addend).
//     lop3 with several LUTs (tile::imm<V>), each its own kernel.
//   - A representative subset (mad.wide.s32, shf.l.wrap.b32, bfe.s64,
//     prmt.b32, add.sat.s32, shr.s16, lop3.b32) over warp scope (a reversed
//     destination layout), cta scope (4 warps, a gapped destination layout, a
//     per-repeat tile::pred that keeps the destination where it is off) and
//     with a scalar source that broadcasts.
// The destinations are poisoned first. sm_90 forms (.u16x2, .s16x2, .relu)
// report SKIP where the code that runs lacks them. One line per case: PASS,
// FAIL (with the first wrong elements) or SKIP, then "N passed, M failed".
// `gpu_int_bits SEED` replays a run. Exit 0: all passed; 1: a failure; 77: no GPU.
#include "int_bits_ref.hpp"
#include "support/gpu_check.hpp"
#include "support/spelling_tag.hpp"

#include <tirx/tile.hpp>

#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace {

using namespace tirx;
using int_bits_ref::u64;

/// One row of a row file: spelling, sources, destination and source classes.
struct Row {
  const char* sp;
  int nsrc;
  const char* dc;
  const char* sc;
};
#include <tirx/ptx/rows/classes.inc>
#define TIRX_ROW(SP, NSRC, REGS, SM, PTX, DC, SC) Row{SP, NSRC, DC, SC},
struct IntRows {
  static constexpr Row rows[] = {
#include <tirx/ptx/rows/int_arith.def>
  };
};
struct BitsRows {
  static constexpr Row rows[] = {
#include <tirx/ptx/rows/bits.def>
  };
};
#undef TIRX_ROW
#include <tirx/ptx/rows/classes_end.inc>

constexpr int threads = 64, regs = 4, max_threads = 128;

template <char C>
using elem_t =
    cuda::std::conditional_t<C == 'h', uint16, cuda::std::conditional_t<C == 'r', uint32, uint64>>;
int class_bits(char c) { return c == 'h' ? 16 : c == 'r' ? 32 : 64; }

template <class L, int I>
using instr_at = ptx<tirx_test::to_fixed<tirx_test::length(L::rows[I].sp) + 1>(L::rows[I].sp)>;

/// Whether this compilation emits the form (an sm_90 form compiles out for sm_80).
template <class Instr, int NSrc> TIRX_HD constexpr bool emitted() {
  constexpr text_view t{Instr::spelling.chars, Instr::spelling.size()};
  constexpr ptxdesc::Desc d = Instr::desc;
  return ptxdesc::arch_ok(ptxdesc::registered::form(d.family, t, NSrc).min_sm, detail::target_sm);
}

__device__ void set_status(int* status, bool ran) {
  if (threadIdx.x == 0)
    *status = ran ? 1 : 2;
}

// -----------------------------------------------------------------------------
// Every spelling at thread scope: source k of thread t, register e at
// in[(k * max_threads + t) * regs + e]; the destination at out[t * regs + e].
// lop3 (an immediate source) takes Lut; the other rows ignore it.
// -----------------------------------------------------------------------------
template <class L, int I, unsigned Lut>
__global__ void row_kernel(const u64* in, u64* out, int* status) {
  constexpr Row row = L::rows[I];
  using Instr = instr_at<L, I>;
  if constexpr (emitted<Instr, row.nsrc>()) {
    using D = elem_t<row.dc[0]>;
    using S0 = elem_t<ptxdesc::source_class(row.sc, 0)>;
    using S1 = elem_t<ptxdesc::source_class(row.sc, 1)>;
    using S2 = elem_t<ptxdesc::source_class(row.sc, 2)>;
    using S3 = elem_t<ptxdesc::source_class(row.sc, 3)>;
    constexpr TileLayout l = layout_of<"S[4 : 1]">;
    auto d = alloc_local<D, shape(4), l>();
    auto a = alloc_local<S0, shape(4), l>();
    auto b = alloc_local<S1, shape(4), l>();
    auto c = alloc_local<S2, shape(4), l>();
    auto e = alloc_local<S3, shape(4), l>();
    const int t = static_cast<int>(threadIdx.x);
    auto at = [&](int k, int j) { return in[(k * max_threads + t) * regs + j]; };
#pragma unroll
    for (int j = 0; j < regs; ++j) {
      d(j) = static_cast<D>(0xDEADBEEFCAFEF00Dull);
      a(j) = static_cast<S0>(at(0, j));
      b(j) = static_cast<S1>(at(1, j));
      c(j) = static_cast<S2>(at(2, j));
      e(j) = static_cast<S3>(at(3, j));
    }
    if constexpr (row.nsrc == 1)
      tile::apply<Instr>(d, a, scope::thread);
    else if constexpr (row.nsrc == 2)
      tile::apply<Instr>(d, a, b, scope::thread);
    else if constexpr (row.nsrc == 3)
      tile::apply<Instr>(d, a, b, c, scope::thread);
    else if constexpr (row.sc[3] == 'n')
      tile::apply<Instr>(d, a, b, c, tile::imm<Lut>, scope::thread);
    else
      tile::apply<Instr>(d, a, b, c, e, scope::thread);
#pragma unroll
    for (int j = 0; j < regs; ++j)
      out[t * regs + j] = static_cast<u64>(d(j));
  }
  set_status(status, emitted<Instr, row.nsrc>());
}

// -----------------------------------------------------------------------------
// The subset over scopes and layouts (all 32-bit or wider, sources in their
// rows' classes). Case 0: warp scope, 32 threads, destination reversed;
// case 1: cta scope, 4 warps, gapped destination, tile::pred on even repeats;
// case 2: warp scope, the last source a scalar (thread 0's register 0).
// -----------------------------------------------------------------------------
template <class L, int I, unsigned Lut, int Case>
__global__ void scope_kernel(const u64* in, u64* out, int* status) {
  constexpr Row row = L::rows[I];
  using Instr = instr_at<L, I>;
  using D = elem_t<row.dc[0]>;
  using S0 = elem_t<ptxdesc::source_class(row.sc, 0)>;
  using S1 = elem_t<ptxdesc::source_class(row.sc, 1)>;
  using S2 = elem_t<ptxdesc::source_class(row.sc, 2)>;
  const int t = static_cast<int>(threadIdx.x), lane = t % 32, warp = t / 32;
  auto at = [&](int k, int j) { return in[(k * max_threads + t) * regs + j]; };
  if constexpr (Case == 1) {
    constexpr TileLayout ls = layout_of<"S[(4, 32, 4) : (1@warpid, 1@laneid, 1)]">;
    constexpr TileLayout ld = layout_of<"S[(4, 32, 4) : (1@warpid, 1@laneid, 2)] + 1">;
    auto d = alloc_local<D, shape(4, 32, 4), ld>();
    auto a = alloc_local<S0, shape(4, 32, 4), ls>();
    auto b = alloc_local<S1, shape(4, 32, 4), ls>();
    auto c = alloc_local<S2, shape(4, 32, 4), ls>();
#pragma unroll
    for (int j = 0; j < regs; ++j) {
      d(warp, lane, j) = static_cast<D>(0xDEADBEEFCAFEF00Dull);
      a(warp, lane, j) = static_cast<S0>(at(0, j));
      b(warp, lane, j) = static_cast<S1>(at(1, j));
      c(warp, lane, j) = static_cast<S2>(at(2, j));
    }
    auto even = tile::pred([](index_t r) { return r % 2 == 0; });
    if constexpr (row.nsrc == 2)
      tile::apply<Instr>(d, a, b, scope::cta, even);
    else if constexpr (row.nsrc == 3)
      tile::apply<Instr>(d, a, b, c, scope::cta, even);
    else
      tile::apply<Instr>(d, a, b, c, tile::imm<Lut>, scope::cta, even);
#pragma unroll
    for (int j = 0; j < regs; ++j)
      out[t * regs + j] = static_cast<u64>(d(warp, lane, j));
  } else {
    constexpr TileLayout ls = layout_of<"S[(32, 4) : (1@laneid, 1)]">;
    constexpr TileLayout ld = layout_of<"S[(32, 4) : (1@laneid, -1)] + 3">;
    auto d = alloc_local<D, shape(32, 4), ld>();
    auto a = alloc_local<S0, shape(32, 4), ls>();
    auto b = alloc_local<S1, shape(32, 4), ls>();
    auto c = alloc_local<S2, shape(32, 4), ls>();
#pragma unroll
    for (int j = 0; j < regs; ++j) {
      d(lane, j) = static_cast<D>(0xDEADBEEFCAFEF00Dull);
      a(lane, j) = static_cast<S0>(at(0, j));
      b(lane, j) = static_cast<S1>(at(1, j));
      c(lane, j) = static_cast<S2>(at(2, j));
    }
    const u64 last = in[(row.nsrc - 1) * max_threads * regs]; // thread 0, register 0
    if constexpr (Case == 0 && row.nsrc == 2)
      tile::apply<Instr>(d, a, b, scope::warp);
    else if constexpr (Case == 0 && row.nsrc == 3)
      tile::apply<Instr>(d, a, b, c, scope::warp);
    else if constexpr (Case == 0)
      tile::apply<Instr>(d, a, b, c, tile::imm<Lut>, scope::warp);
    else if constexpr (row.nsrc == 2)
      tile::apply<Instr>(d, a, static_cast<S1>(last), scope::warp);
    else if constexpr (row.nsrc == 3)
      tile::apply<Instr>(d, a, b, static_cast<S2>(last), scope::warp);
    else // lop3: the scalar is c
      tile::apply<Instr>(d, a, b, static_cast<S2>(in[2 * max_threads * regs]), tile::imm<Lut>,
                         scope::warp);
#pragma unroll
    for (int j = 0; j < regs; ++j)
      out[t * regs + j] = static_cast<u64>(d(lane, j));
  }
  set_status(status, true);
}

using Kernel = void (*)(const u64*, u64*, int*);
struct Launch {
  const char* sp;
  int nsrc;
  const char* dc;
  const char* sc;
  Kernel k;
  unsigned lut;
  int which; ///< -1: thread scope; 0, 1, 2: the scope cases above
};

template <class L, unsigned Lut, int... I> void add_rows(std::vector<Launch>& v) {
  (v.push_back({L::rows[I].sp, L::rows[I].nsrc, L::rows[I].dc, L::rows[I].sc,
                &row_kernel<L, I, Lut>, Lut, -1}),
   ...);
}
template <class L, unsigned Lut, int... I>
void add_all(std::vector<Launch>& v, std::integer_sequence<int, I...>) {
  add_rows<L, Lut, I...>(v);
}

/// The index of a spelling in table L (constexpr: a test of a missing one does not compile).
template <class L> constexpr int index_of(const char* sp) {
  for (int i = 0; i < static_cast<int>(sizeof(L::rows) / sizeof(Row)); ++i)
    if (ptxdesc::same_text(L::rows[i].sp, sp))
      return i;
  return -1;
}
template <class L, int I, unsigned Lut> void add_scopes(std::vector<Launch>& v) {
  const Row& r = L::rows[I];
  v.push_back({r.sp, r.nsrc, r.dc, r.sc, &scope_kernel<L, I, Lut, 0>, Lut, 0});
  v.push_back({r.sp, r.nsrc, r.dc, r.sc, &scope_kernel<L, I, Lut, 1>, Lut, 1});
  v.push_back({r.sp, r.nsrc, r.dc, r.sc, &scope_kernel<L, I, Lut, 2>, Lut, 2});
}

/// Random bits of `bits` width, half of them edge values.
u64 draw(std::mt19937_64& rng, int bits) {
  const u64 m = int_bits_ref::mask(bits), top = 1ull << (bits - 1);
  const u64 edges[] = {0,
                       1,
                       m,
                       top,
                       top - 1,
                       top + 1,
                       2,
                       3,
                       15,
                       16,
                       17,
                       31,
                       32,
                       33,
                       63,
                       64,
                       65,
                       127,
                       128,
                       255,
                       256,
                       0x80,
                       0xff00ull,
                       0x8000ull,
                       0x7fffffffull,
                       0x80000000ull,
                       0xffffffffull,
                       static_cast<u64>(bits),
                       static_cast<u64>(bits - 1),
                       static_cast<u64>(bits + 1)};
  const u64 r = rng();
  if (r & 1)
    return (rng()) & m;
  return edges[(r >> 1) % (sizeof(edges) / sizeof(edges[0]))] & m;
}

const char* case_name(int which) {
  return which < 0    ? "thread"
         : which == 0 ? "warp, reversed destination"
         : which == 1 ? "cta, gapped destination, pred on even repeats"
                      : "warp, scalar last source";
}

} // namespace

int main(int argc, char** argv) {
  if (int rc = tirx_test_require_gpu())
    return rc;
  const unsigned long long seed = argc > 1 ? std::strtoull(argv[1], nullptr, 0) : 20261201ull;
  std::printf("gpu_int_bits: seed %llu\n", seed);
  std::mt19937_64 rng(seed);

  std::vector<Launch> cases;
  add_all<IntRows, 0>(
      cases, std::make_integer_sequence<int, static_cast<int>(std::size(IntRows::rows))>{});
  {
    std::vector<Launch> bits; // every bits row; lop3 once per LUT below
    add_all<BitsRows, 0x96>(
        bits, std::make_integer_sequence<int, static_cast<int>(std::size(BitsRows::rows))>{});
    for (const Launch& l : bits)
      cases.push_back(l);
  }
  constexpr int lop3 = index_of<BitsRows>("lop3.b32");
  for (const Launch& l :
       {Launch{"lop3.b32", 4, "r", "rrrn", &row_kernel<BitsRows, lop3, 0x00>, 0x00, -1},
        Launch{"lop3.b32", 4, "r", "rrrn", &row_kernel<BitsRows, lop3, 0xFF>, 0xFF, -1},
        Launch{"lop3.b32", 4, "r", "rrrn", &row_kernel<BitsRows, lop3, 0xE8>, 0xE8, -1},
        Launch{"lop3.b32", 4, "r", "rrrn", &row_kernel<BitsRows, lop3, 0xCA>, 0xCA, -1},
        Launch{"lop3.b32", 4, "r", "rrrn", &row_kernel<BitsRows, lop3, 0x1B>, 0x1B, -1}})
    cases.push_back(l);
  add_scopes<IntRows, index_of<IntRows>("mad.wide.s32"), 0>(cases);
  add_scopes<IntRows, index_of<IntRows>("add.sat.s32"), 0>(cases);
  add_scopes<BitsRows, index_of<BitsRows>("shf.l.wrap.b32"), 0>(cases);
  add_scopes<BitsRows, index_of<BitsRows>("bfe.s64"), 0>(cases);
  add_scopes<BitsRows, index_of<BitsRows>("prmt.b32"), 0>(cases);
  add_scopes<BitsRows, index_of<BitsRows>("shr.s64"), 0>(cases);
  add_scopes<BitsRows, lop3, 0x78>(cases);

  u64 *din = nullptr, *dout = nullptr;
  int* dstatus = nullptr;
  const size_t nin = 4 * max_threads * regs, nout = max_threads * regs;
  TIRX_CHECK_CUDA(cudaMalloc(&din, nin * sizeof(u64)));
  TIRX_CHECK_CUDA(cudaMalloc(&dout, nout * sizeof(u64)));
  TIRX_CHECK_CUDA(cudaMalloc(&dstatus, sizeof(int)));
  int passed = 0, failed = 0, skipped = 0;
  for (const Launch& l : cases) {
    const int nthreads = l.which < 0 ? threads : l.which == 1 ? 128 : 32;
    const int dbits = class_bits(l.dc[0]);
    std::vector<u64> in(nin), out(nout, 0);
    for (int t = 0; t < max_threads; ++t)
      for (int j = 0; j < regs; ++j) {
        u64 x[4];
        for (int k = 0; k < 4; ++k)
          x[k] = k < l.nsrc ? draw(rng, class_bits(ptxdesc::source_class(l.sc, k) == 'n'
                                                       ? 'r'
                                                       : ptxdesc::source_class(l.sc, k)))
                            : 0;
        int_bits_ref::sane(l.sp, x);
        for (int k = 0; k < 4; ++k)
          in[(k * max_threads + t) * regs + j] = x[k];
      }
    if (l.which == 2) // the scalar source: thread 0's register 0 for every element
      for (int t = 0; t < max_threads; ++t)
        for (int j = 0; j < regs; ++j) {
          const int k = l.nsrc == 4 ? 2 : l.nsrc - 1;
          in[(k * max_threads + t) * regs + j] = in[k * max_threads * regs];
        }
    const int zero = 0;
    TIRX_CHECK_CUDA(cudaMemcpy(din, in.data(), nin * sizeof(u64), cudaMemcpyHostToDevice));
    TIRX_CHECK_CUDA(cudaMemcpy(dout, out.data(), nout * sizeof(u64), cudaMemcpyHostToDevice));
    TIRX_CHECK_CUDA(cudaMemcpy(dstatus, &zero, sizeof(int), cudaMemcpyHostToDevice));
    l.k<<<1, nthreads>>>(din, dout, dstatus);
    TIRX_CHECK_LAUNCH(l.sp);
    int status = 0;
    TIRX_CHECK_CUDA(cudaMemcpy(&status, dstatus, sizeof(int), cudaMemcpyDeviceToHost));
    TIRX_CHECK_CUDA(cudaMemcpy(out.data(), dout, nout * sizeof(u64), cudaMemcpyDeviceToHost));
    char label[160];
    if (l.sc[l.nsrc - 1] == 'n')
      std::snprintf(label, sizeof label, "%s LUT 0x%02x [%s]", l.sp, l.lut, case_name(l.which));
    else
      std::snprintf(label, sizeof label, "%s [%s]", l.sp, case_name(l.which));
    if (status == 2) {
      ++skipped;
      std::printf("SKIP %s: the code that runs here lacks the form (sm_90)\n", label);
      continue;
    }
    int bad = 0;
    const u64 poison = int_bits_ref::mask(dbits) & 0xDEADBEEFCAFEF00Dull;
    for (int t = 0; t < nthreads; ++t)
      for (int j = 0; j < regs; ++j) {
        u64 x[4];
        for (int k = 0; k < 4; ++k)
          x[k] = in[(k * max_threads + t) * regs + j];
        // cta case: repeat j runs where j is even, the destination keeps its poison elsewhere
        const u64 want = l.which == 1 && j % 2 == 1 ? poison : int_bits_ref::ref(l.sp, x, l.lut);
        const u64 got = out[t * regs + j];
        if (got != want && bad++ < 4)
          std::printf("  %s thread %d reg %d: a=0x%llx b=0x%llx c=0x%llx e=0x%llx: got 0x%llx, "
                      "want 0x%llx\n",
                      l.sp, t, j, x[0], x[1], x[2], x[3], got, want);
      }
    if (status != 1)
      bad += 1;
    if (bad == 0) {
      ++passed;
      std::printf("PASS %s\n", label);
    } else {
      ++failed;
      std::printf("FAIL %s: %d wrong elements (status %d)\n", label, bad, status);
    }
  }
  cudaFree(din);
  cudaFree(dout);
  cudaFree(dstatus);
  std::printf("%d passed, %d failed, %d skipped (seed %llu)\n", passed, failed, skipped, seed);
  return failed == 0 ? 0 : 1;
}
