// GPU test of tile::apply with every ld / st spelling of
// include/tirx/ptx/memory.hpp (label gpu): the X-macro lists TIRX_LD_GLOBAL,
// TIRX_LD_GLOBAL_HINT, TIRX_LD_SHARED, TIRX_LD_LOCAL, TIRX_LD_GLOBAL_WIDE,
// TIRX_ST_GLOBAL, TIRX_ST_GLOBAL_HINT, TIRX_ST_SHARED, TIRX_ST_LOCAL and
// TIRX_ST_GLOBAL_WIDE are expanded into one kernel per spelling, which moves
// elements (8 to 128 bits) between registers and global, shared or local
// memory; every bit of every element is checked. A .L2::cache_hint spelling
// runs with a cache policy of tirx/ptx/policy.hpp, another per case
// (mem_policy). The 32-byte spellings (the _WIDE lists) need sm_100: they
// report SKIP on older GPUs and in the sm_80/sm_90 code. The cases (apply_harness.cuh, mem_cases): thread,
// warp, cta of 2 and of 4 warps; memory images with gaps between atoms,
// repeats and threads, lanes adjacent or warps adjacent, a reversed local
// image; register layouts that are gapped, interleaved (an atom's registers
// not adjacent) and reversed; no predicate, tile::pred per repeat with and
// without tile::preserve_dst, tile::pred(bool) with preserve_dst. The
// spellings without a cache qualifier run in all four cases, each qualified
// one in two of them (mem_case_mask). Loads: a predicated-off repeat keeps the
// old registers under preserve_dst (without it, its elements are not
// checked). Stores: the whole memory image is checked, so predicated-off
// repeats and the gaps must keep their guard values. Usage and output: see
// apply_harness.cuh.
#include "apply_harness.cuh"

#include <tirx/ptx/memory.hpp>

namespace {

using namespace apply_test;

template <class L, int I>
void check_spelling(Report& rep, const Options& opt) {
  ++rep.listed;
  if (!rep.selected(L::spellings[I])) return;
  run_mem(rep, opt, mem_kernel_ref<L, I>(), L::atoms[I], L::bits[I], L::load, L::space);
}

/// Spellings [Begin, End) of table L.
template <class L, int Begin, int End = static_cast<int>(std::size(L::spellings))>
void check_range(Report& rep, const Options& opt) {
  [&]<int... I>(std::integer_sequence<int, I...>) {
    (check_spelling<L, Begin + I>(rep, opt), ...);
  }(std::make_integer_sequence<int, End - Begin>{});
}

} // namespace

// The lists of memory.hpp, expanded here: X(spelling, elements, bits, kind).
#define TIRX_TEST_SPELLING(SP, N, B, AC) SP,
#define TIRX_TEST_ATOMS(SP, N, B, AC) N,
#define TIRX_TEST_BITS(SP, N, B, AC) B,
#define TIRX_TEST_ONE(SP, N, B, AC) +1
#define TIRX_TEST_TABLE(NAME, LIST, LOAD, SPACE, TYPES)                                            \
  struct NAME {                                                                                    \
    static constexpr bool load = LOAD;                                                             \
    static constexpr char space = SPACE;                                                           \
    static constexpr int types_per_prefix = 0 TYPES(TIRX_TEST_ONE, "", tirx_g);                    \
    static constexpr const char* spellings[] = {LIST(TIRX_TEST_SPELLING)};                         \
    static constexpr int atoms[] = {LIST(TIRX_TEST_ATOMS)};                                        \
    static constexpr int bits[] = {LIST(TIRX_TEST_BITS)};                                          \
  };
namespace apply_memory {
TIRX_TEST_TABLE(LdGlobal, TIRX_LD_GLOBAL, true, 'g', TIRX_MEM_TYPES)
TIRX_TEST_TABLE(LdGlobalHint, TIRX_LD_GLOBAL_HINT, true, 'g', TIRX_MEM_TYPES)
TIRX_TEST_TABLE(LdShared, TIRX_LD_SHARED, true, 's', TIRX_MEM_TYPES)
TIRX_TEST_TABLE(LdLocal, TIRX_LD_LOCAL, true, 'l', TIRX_MEM_TYPES)
TIRX_TEST_TABLE(LdGlobalWide, TIRX_LD_GLOBAL_WIDE, true, 'g', TIRX_MEM_TYPES_WIDE)
TIRX_TEST_TABLE(StGlobal, TIRX_ST_GLOBAL, false, 'g', TIRX_MEM_TYPES)
TIRX_TEST_TABLE(StGlobalHint, TIRX_ST_GLOBAL_HINT, false, 'g', TIRX_MEM_TYPES)
TIRX_TEST_TABLE(StShared, TIRX_ST_SHARED, false, 's', TIRX_MEM_TYPES)
TIRX_TEST_TABLE(StLocal, TIRX_ST_LOCAL, false, 'l', TIRX_MEM_TYPES)
TIRX_TEST_TABLE(StGlobalWide, TIRX_ST_GLOBAL_WIDE, false, 'g', TIRX_MEM_TYPES_WIDE)
} // namespace apply_memory

// Every list of memory.hpp has a table here: a new list must be added above.
static_assert(std::size(apply_memory::LdGlobal::spellings) + std::size(apply_memory::LdGlobalHint::spellings) +
                      std::size(apply_memory::LdShared::spellings) + std::size(apply_memory::LdLocal::spellings) +
                      std::size(apply_memory::LdGlobalWide::spellings) ==
                  std::size(tirx::ptxmem::loads),
              "memory.hpp has load spellings that this test does not walk");
static_assert(std::size(apply_memory::StGlobal::spellings) + std::size(apply_memory::StGlobalHint::spellings) +
                      std::size(apply_memory::StShared::spellings) + std::size(apply_memory::StLocal::spellings) +
                      std::size(apply_memory::StGlobalWide::spellings) ==
                  std::size(tirx::ptxmem::stores),
              "memory.hpp has store spellings that this test does not walk");

// Built in eleven parts (tests/ptx/CMakeLists.txt), of 96 to 144 kernel cases
// each (an ld/st case costs nvcc about 0.1 to 0.3 s and 15 to 20 MB of
// memory; the 32-byte spellings compile to nothing below sm_100); 0:
// everything. P(k) = spellings of the first k cache-qualifier prefixes of a
// list (each prefix has one spelling per type and vector).
#if !defined(TIRX_TEST_PART)
#define TIRX_TEST_PART 0
#endif
#define P(k) ((k) * LdGlobal::types_per_prefix)

int main(int argc, char** argv) {
  if (int rc = tirx_test_require_gpu()) return rc;
  const Options opt = parse_options(argc, argv);
  Report rep = make_report(opt);
  print_mem_cases();
  using namespace apply_memory;
#if TIRX_TEST_PART == 0 || TIRX_TEST_PART == 1
  check_range<LdGlobal, 0, P(4)>(rep, opt);
#endif
#if TIRX_TEST_PART == 0 || TIRX_TEST_PART == 2
  check_range<LdGlobal, P(4), P(9)>(rep, opt);
#endif
#if TIRX_TEST_PART == 0 || TIRX_TEST_PART == 3
  check_range<LdGlobal, P(9)>(rep, opt);
#endif
#if TIRX_TEST_PART == 0 || TIRX_TEST_PART == 4
  check_range<LdShared, 0>(rep, opt);
  check_range<LdLocal, 0, P(2)>(rep, opt);
#endif
#if TIRX_TEST_PART == 0 || TIRX_TEST_PART == 5
  check_range<LdLocal, P(2)>(rep, opt);
#endif
#if TIRX_TEST_PART == 0 || TIRX_TEST_PART == 6
  check_range<StGlobal, 0, P(3)>(rep, opt);
#endif
#if TIRX_TEST_PART == 0 || TIRX_TEST_PART == 7
  check_range<StGlobal, P(3)>(rep, opt);
  check_range<StShared, 0>(rep, opt);
#endif
#if TIRX_TEST_PART == 0 || TIRX_TEST_PART == 8
  check_range<StLocal, 0>(rep, opt);
#endif
#if TIRX_TEST_PART == 0 || TIRX_TEST_PART == 9
  check_range<LdGlobalHint, 0, P(4)>(rep, opt);
  check_range<LdGlobalWide, 0>(rep, opt); // sm_100: SKIP on older GPUs
#endif
#if TIRX_TEST_PART == 0 || TIRX_TEST_PART == 10
  check_range<LdGlobalHint, P(4)>(rep, opt);
#endif
#if TIRX_TEST_PART == 0 || TIRX_TEST_PART == 11
  check_range<StGlobalHint, 0>(rep, opt);
  check_range<StGlobalWide, 0>(rep, opt); // sm_100: SKIP on older GPUs
#endif
  return rep.finish();
}
