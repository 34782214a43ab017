// GPU test of tile::apply with every ld / st spelling of
// include/tirx/ptx/memory.hpp (label gpu): the X-macro lists TIRX_LD_GLOBAL,
// TIRX_LD_SHARED, TIRX_LD_LOCAL, TIRX_ST_GLOBAL, TIRX_ST_SHARED and
// TIRX_ST_LOCAL are expanded into one kernel per spelling. Each moves the
// exact bits of every element between registers and global, shared or local
// memory, in four cases (apply_harness.cuh, mem_cases): thread, warp, cta of
// 2 and of 4 warps; memory images with gaps between atoms, repeats and
// threads, lanes adjacent or warps adjacent, a reversed local image; register
// layouts that are gapped, interleaved (the atom's registers not adjacent)
// and reversed; no predicate, tile::pred per repeat with and without
// tile::preserve_dst, tile::pred(bool) with preserve_dst. Loads: a
// predicated-off repeat keeps the old registers under preserve_dst (its
// elements are not checked without it). Stores: every element of the image
// is checked, so a predicated-off repeat, and the gaps, must keep their
// guard values. Usage and output: see apply_harness.cuh.
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

template <class L>
void check_table(Report& rep, const Options& opt) {
  [&]<int... I>(std::integer_sequence<int, I...>) {
    (check_spelling<L, I>(rep, opt), ...);
  }(std::make_integer_sequence<int, static_cast<int>(std::size(L::spellings))>{});
}

} // namespace

// The lists of memory.hpp, expanded here: X(spelling, elements, bits, address constraint).
#define TIRX_TEST_SPELLING(SP, N, B, AC) SP,
#define TIRX_TEST_ATOMS(SP, N, B, AC) N,
#define TIRX_TEST_BITS(SP, N, B, AC) B,
#define TIRX_TEST_ONE(SP, N, B, AC) +1
#define TIRX_TEST_TABLE(NAME, LIST, LOAD, SPACE)                                                   \
  struct NAME {                                                                                    \
    static constexpr bool load = LOAD;                                                             \
    static constexpr char space = SPACE;                                                           \
    static constexpr int types_per_prefix = 0 TIRX_MEM_TYPES(TIRX_TEST_ONE, "");                   \
    static constexpr const char* spellings[] = {LIST(TIRX_TEST_SPELLING)};                         \
    static constexpr int atoms[] = {LIST(TIRX_TEST_ATOMS)};                                        \
    static constexpr int bits[] = {LIST(TIRX_TEST_BITS)};                                          \
  };
namespace apply_memory {
TIRX_TEST_TABLE(LdGlobal, TIRX_LD_GLOBAL, true, 'g')
TIRX_TEST_TABLE(LdShared, TIRX_LD_SHARED, true, 's')
TIRX_TEST_TABLE(LdLocal, TIRX_LD_LOCAL, true, 'l')
TIRX_TEST_TABLE(StGlobal, TIRX_ST_GLOBAL, false, 'g')
TIRX_TEST_TABLE(StShared, TIRX_ST_SHARED, false, 's')
TIRX_TEST_TABLE(StLocal, TIRX_ST_LOCAL, false, 'l')
} // namespace apply_memory

// Every list of memory.hpp has a table here: a new list must be added above.
static_assert(std::size(apply_memory::LdGlobal::spellings) + std::size(apply_memory::LdShared::spellings) +
                      std::size(apply_memory::LdLocal::spellings) ==
                  std::size(tirx::ptxmem::loads),
              "memory.hpp has load spellings that this test does not walk");
static_assert(std::size(apply_memory::StGlobal::spellings) + std::size(apply_memory::StShared::spellings) +
                      std::size(apply_memory::StLocal::spellings) ==
                  std::size(tirx::ptxmem::stores),
              "memory.hpp has store spellings that this test does not walk");

// Built in four parts (tests/CMakeLists.txt): 1 ld.global, 2 ld.shared and
// ld.local, 3 st.global, 4 st.shared and st.local; 0: all.
#if !defined(TIRX_TEST_PART)
#define TIRX_TEST_PART 0
#endif

int main(int argc, char** argv) {
  if (int rc = tirx_test_require_gpu()) return rc;
  const Options opt = parse_options(argc, argv);
  Report rep = make_report(opt);
  print_mem_cases();
  using namespace apply_memory;
#if TIRX_TEST_PART == 0 || TIRX_TEST_PART == 1
  check_table<LdGlobal>(rep, opt);
#endif
#if TIRX_TEST_PART == 0 || TIRX_TEST_PART == 2
  check_table<LdShared>(rep, opt);
  check_table<LdLocal>(rep, opt);
#endif
#if TIRX_TEST_PART == 0 || TIRX_TEST_PART == 3
  check_table<StGlobal>(rep, opt);
#endif
#if TIRX_TEST_PART == 0 || TIRX_TEST_PART == 4
  check_table<StShared>(rep, opt);
  check_table<StLocal>(rep, opt);
#endif
  return rep.finish();
}
