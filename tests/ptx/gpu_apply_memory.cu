// GPU test of tile::apply with every ld / st spelling of
// include/tirx/ptx/memory.hpp (label gpu): its row files (ld_global.def,
// ld_global_hint.def, ld_shared.def, ld_local.def, ld_global_wide[_hint].def
// and the st_ ones) are expanded into one kernel per spelling, which moves
// elements (8 to 128 bits) between registers and global, shared or local
// memory; every bit of every element is checked. A .L2::cache_hint spelling
// runs with a cache policy of tirx/ptx/policy.hpp, another per case
// (mem_policy). The 32-byte spellings (the _wide rows) need sm_100: they
// report SKIP on older GPUs and in the sm_80/sm_90 code. The cases (apply_harness.cuh, mem_cases):
// thread, warp, cta of 2 and of 4 warps; memory images with gaps between atoms, repeats and
// threads, lanes adjacent or warps adjacent, a reversed local image; register layouts that are
// gapped, interleaved (an atom's registers not adjacent) and reversed; no predicate, tile::pred per
// repeat with and without tile::preserve_dst, tile::pred(bool) with preserve_dst. The spellings
// without a cache qualifier run in all four cases, each qualified one in two of them
// (mem_case_mask). Loads: a predicated-off repeat keeps the old registers under preserve_dst
// (without it, its elements are not checked). Stores: the whole memory image is checked, so
// predicated-off repeats and the gaps must keep their guard values. Usage and output: see
// apply_harness.cuh.
#include "apply_harness.cuh"

#include <tirx/ptx/families.hpp>

namespace {

using namespace apply_test;

template <class L, int I> void check_spelling(Report& rep, const Options& opt) {
  ++rep.listed;
  if (!rep.selected(L::spellings[I]))
    return;
  run_mem(rep, opt, mem_kernel_ref<L, I>(), L::atoms[I], L::bits[I], L::load, L::space);
}

/// Spellings [Begin, End) of table L.
template <class L, int Begin, int End = static_cast<int>(std::size(L::spellings))>
void check_range(Report& rep, const Options& opt) {
  [&]<int... I>(std::integer_sequence<int, I...>) { (check_spelling<L, Begin + I>(rep, opt), ...); }
  (std::make_integer_sequence<int, End - Begin>{});
}

} // namespace

// The row files of memory.hpp (include/tirx/ptx/rows/), expanded here.
namespace apply_memory {
struct LdGlobal {
  static constexpr bool load = true;
  static constexpr char space = 'g';
  static constexpr int types_per_prefix = 12;
#define TIRX_TEST_ROWS <tirx/ptx/rows/ld_global.def>
#include "row_table.inc"
};
struct LdGlobalHint {
  static constexpr bool load = true;
  static constexpr char space = 'g';
  static constexpr int types_per_prefix = 12;
#define TIRX_TEST_ROWS <tirx/ptx/rows/ld_global_hint.def>
#include "row_table.inc"
};
struct LdShared {
  static constexpr bool load = true;
  static constexpr char space = 's';
  static constexpr int types_per_prefix = 12;
#define TIRX_TEST_ROWS <tirx/ptx/rows/ld_shared.def>
#include "row_table.inc"
};
struct LdLocal {
  static constexpr bool load = true;
  static constexpr char space = 'l';
  static constexpr int types_per_prefix = 12;
#define TIRX_TEST_ROWS <tirx/ptx/rows/ld_local.def>
#include "row_table.inc"
};
struct LdGlobalWide {
  static constexpr bool load = true;
  static constexpr char space = 'g';
  static constexpr int types_per_prefix = 2;
#define TIRX_TEST_ROWS <tirx/ptx/rows/ld_global_wide.def>
#define TIRX_TEST_ROWS2 <tirx/ptx/rows/ld_global_wide_hint.def>
#include "row_table.inc"
};
struct StGlobal {
  static constexpr bool load = false;
  static constexpr char space = 'g';
  static constexpr int types_per_prefix = 12;
#define TIRX_TEST_ROWS <tirx/ptx/rows/st_global.def>
#include "row_table.inc"
};
struct StGlobalHint {
  static constexpr bool load = false;
  static constexpr char space = 'g';
  static constexpr int types_per_prefix = 12;
#define TIRX_TEST_ROWS <tirx/ptx/rows/st_global_hint.def>
#include "row_table.inc"
};
struct StShared {
  static constexpr bool load = false;
  static constexpr char space = 's';
  static constexpr int types_per_prefix = 12;
#define TIRX_TEST_ROWS <tirx/ptx/rows/st_shared.def>
#include "row_table.inc"
};
struct StLocal {
  static constexpr bool load = false;
  static constexpr char space = 'l';
  static constexpr int types_per_prefix = 12;
#define TIRX_TEST_ROWS <tirx/ptx/rows/st_local.def>
#include "row_table.inc"
};
struct StGlobalWide {
  static constexpr bool load = false;
  static constexpr char space = 'g';
  static constexpr int types_per_prefix = 2;
#define TIRX_TEST_ROWS <tirx/ptx/rows/st_global_wide.def>
#define TIRX_TEST_ROWS2 <tirx/ptx/rows/st_global_wide_hint.def>
#include "row_table.inc"
};
// the qualified rows: not walked here (one kernel each would double this
// test's build); gpu_memory_forms tests them by class
struct Qualified {
#define TIRX_TEST_ROWS <tirx/ptx/rows/ld_qualified.def>
#define TIRX_TEST_ROWS2 <tirx/ptx/rows/st_qualified.def>
#include "row_table.inc"
};
} // namespace apply_memory

// Every row of memory.hpp has a table here: a new row file must be added above.
static_assert(std::size(apply_memory::LdGlobal::spellings) +
                      std::size(apply_memory::LdGlobalHint::spellings) +
                      std::size(apply_memory::LdShared::spellings) +
                      std::size(apply_memory::LdLocal::spellings) +
                      std::size(apply_memory::LdGlobalWide::spellings) +
                      std::size(apply_memory::StGlobal::spellings) +
                      std::size(apply_memory::StGlobalHint::spellings) +
                      std::size(apply_memory::StShared::spellings) +
                      std::size(apply_memory::StLocal::spellings) +
                      std::size(apply_memory::StGlobalWide::spellings) +
                      std::size(apply_memory::Qualified::spellings) ==
                  std::size(tirx::ptxmem::family::forms),
              "memory.hpp has ld/st rows that this test does not walk");

// Built in eleven parts (tests/ptx/CMakeLists.txt), of 96 to 144 kernel cases
// each (an ld/st case costs nvcc about 0.1 to 0.3 s and 15 to 20 MB of
// memory; the 32-byte spellings compile to nothing below sm_100); 0:
// everything. P(k) = spellings of the first k cache-qualifier prefixes of a
// list (each prefix has one spelling per type and vector).
#if !defined(TIRX_TEST_PART)
#define TIRX_TEST_PART 0
#endif
#define P(k) ((k)*LdGlobal::types_per_prefix)

int main(int argc, char** argv) {
  if (int rc = tirx_test_require_gpu())
    return rc;
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
