// GPU test of tile::apply with every cvt spelling of include/tirx/ptx/cvt.hpp
// (rows/cvt.def) and every mov spelling of include/tirx/ptx/mov.hpp (rows/mov.def)
// (label gpu): one kernel per spelling, run in the cases of apply_harness.cuh
// and checked element by element against apply_reference.hpp. Usage and
// output: see apply_harness.cuh.
//
// What is checked: see apply_cvt_ref.hpp.
#include "apply_cvt_ref.hpp"
#include "apply_harness.cuh"

#include <tirx/ptx/families.hpp>

namespace {

using namespace apply_test;
using namespace apply_test::cvt;

// -----------------------------------------------------------------------------
// The kernels and the checks
// -----------------------------------------------------------------------------

struct CvtCtx {
  CvtSpec spec;
};
void gen_cvt_fn(const void* c, Rng& r, u64 (&x)[3]) {
  gen_cvt(static_cast<const CvtCtx*>(c)->spec, r, x);
}
Expect want_cvt_fn(const void* c, const u64 (&x)[3]) {
  return want_cvt(static_cast<const CvtCtx*>(c)->spec, x);
}

View view_of(const std::string& t) {
  const Fmt* f = fmt_of(t);
  if (!f)
    return View{};
  return View{f, packed(t) ? 2 : 1, f->bits()};
}

void check_cvt(Report& rep, const Options& opt, const KernelRef& k, int nsrc, int src_bytes,
               int dst_bytes) {
  const CvtCtx ctx{parse_cvt(k.spelling)};
  if (!ctx.spec.error.empty()) {
    rep.fail_line(k.spelling, "the test has no reference for it: " + ctx.spec.error);
    return;
  }
  if (ctx.spec.nsrc != nsrc) {
    rep.fail_line(k.spelling, "the test and tirx disagree on the number of sources");
    return;
  }
  run_atom1(rep, opt, k, nsrc, src_bytes, dst_bytes, view_of(ctx.spec.atype),
            view_of(ctx.spec.dtype), &gen_cvt_fn, &want_cvt_fn, &ctx);
}

void gen_mov_fn(const void* c, Rng& r, u64 (&x)[3]) {
  const int bits = *static_cast<const int*>(c);
  x[0] = bits == 32 && r.chance(50) ? random_float(r, ref::F32) : r.bits();
  x[1] = x[2] = 0;
}
Expect want_mov_fn(const void*, const u64 (&x)[3]) { return want_mov(x); }

template <class L, int I> void check_cvt_spelling(Report& rep, const Options& opt) {
  ++rep.listed;
  if (!rep.selected(L::spellings[I]))
    return;
  constexpr ptxdesc::Desc d = instr_at<L, I>::desc;
  using DT = raw_element_t<d.dst.bits>;
  using ST = raw_element_t<d.src.bits>;
  check_cvt(rep, opt, atom1_kernel_ref<L, I, d.min_srcs, DT, ST>(), d.min_srcs, d.src.bits / 8,
            d.dst.bits / 8);
}

template <class L, int I> void check_mov_spelling(Report& rep, const Options& opt) {
  ++rep.listed;
  if (!rep.selected(L::spellings[I]))
    return;
  constexpr ptxdesc::Desc d = instr_at<L, I>::desc;
  if constexpr (d.dst.bits > 64) {
    // mov.b128: this harness carries at most 64 bits a value; gpu_fp_more checks it
    ++rep.skipped;
    rep.skipped_names.push_back(L::spellings[I]);
    std::printf("SKIP %-40s (128 bits: checked by gpu_fp_more)\n", L::spellings[I]);
  } else {
    // mov.f32 on float tiles, the others on unsigned carriers
    using T = cuda::std::conditional_t<L::is_float[I], float, raw_element_t<d.dst.bits>>;
    static int bits = 0;
    bits = d.dst.bits;
    run_atom1(rep, opt, atom1_kernel_ref<L, I, 1, T, T>(), 1, d.dst.bits / 8, d.dst.bits / 8,
              L::is_float[I] ? View{&ref::F32, 1, 32} : View{},
              L::is_float[I] ? View{&ref::F32, 1, 32} : View{}, &gen_mov_fn, &want_mov_fn, &bits);
  }
}

template <class L, template <class, int> class Check>
void check_table(Report& rep, const Options& opt) {
  [&]<int... I>(std::integer_sequence<int, I...>) { (Check<L, I>::run(rep, opt), ...); }
  (std::make_integer_sequence<int, static_cast<int>(std::size(L::spellings))>{});
}
template <class L, int I> struct CvtCheck {
  static void run(Report& rep, const Options& opt) { check_cvt_spelling<L, I>(rep, opt); }
};
template <class L, int I> struct MovCheck {
  static void run(Report& rep, const Options& opt) { check_mov_spelling<L, I>(rep, opt); }
};

} // namespace

// The row files of cvt.hpp and mov.hpp (include/tirx/ptx/rows/), expanded here.
namespace apply_cvt {
#define TIRX_ROW(SP, NSRC, REGS, SM, PTX, DC, SC) SP,
struct Cvt {
  static constexpr const char* spellings[] = {
#include <tirx/ptx/rows/cvt.def>
  };
};
struct Mov {
  static constexpr const char* spellings[] = {
#include <tirx/ptx/rows/mov.def>
  };
#undef TIRX_ROW
#define TIRX_ROW(SP, NSRC, REGS, SM, PTX, DC, SC) (DC[0] == 'f'),
  static constexpr bool is_float[] = {
#include <tirx/ptx/rows/mov.def>
  };
#undef TIRX_ROW
};
// cvt_more.def (f64, .satfinite, cvt.pack, the sm_100a kinds): walked by gpu_fp_more
#define TIRX_ROW(SP, NSRC, REGS, SM, PTX, DC, SC) 1,
constexpr int cvt_more_rows[] = {
#include <tirx/ptx/rows/cvt_more.def>
};
#undef TIRX_ROW
} // namespace apply_cvt

// Every spelling of cvt.hpp and mov.hpp has an entry here or in gpu_fp_more.
static_assert(std::size(apply_cvt::Cvt::spellings) + std::size(apply_cvt::cvt_more_rows) ==
                      std::size(tirx::ptxcvt::family::forms) &&
                  std::size(apply_cvt::Mov::spellings) == std::size(tirx::ptxmov::family::forms),
              "cvt.hpp or mov.hpp has spellings that this test does not walk");

int main(int argc, char** argv) {
  if (int rc = tirx_test_require_gpu())
    return rc;
  const Options opt = parse_options(argc, argv);
  Report rep = make_report(opt);
  print_atom1_cases();
  check_table<apply_cvt::Cvt, CvtCheck>(rep, opt);
  check_table<apply_cvt::Mov, MovCheck>(rep, opt);
  return rep.finish();
}
