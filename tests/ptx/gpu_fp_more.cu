// GPU test of floating point beyond f32 through tile::apply (label gpu):
// every spelling of include/tirx/ptx/rows/f64.def, f16.def, f32_more.def,
// h2_more.def, testp.def and cvt_more.def, against the host references of
// fp_more_ref.hpp (bit-exact where PTX defines the result; the bounds of the
// approximations are listed there), on seeded random inputs with NaNs,
// infinities, subnormals and -0, into poisoned destinations.
//
// Scopes and layouts: to keep the build short, each spelling runs once at
// thread scope (apply_harness.cuh's case 0: 4 repeats in transposed,
// reversed and gapped register layouts); a representative subset (one of
// each family and type: kAllCases below) runs every case of the harness
// (thread; warp with dst = source 0; cta of 2 warps with a scalar last
// source; cta of 4 warps). The sm_100a conversions (e2m3x2, e3m2x2, ue8m0x2)
// report SKIP here (compiled by device_compile_sm100). mov pack and unpack
// (register-vector operands) run at thread, warp and cta scope with their
// own kernels, checked bit for bit.
// Usage: gpu_fp_more [SEED [FILTER]]; one PASS/FAIL/SKIP line per spelling
// and a final "N passed, M failed, K skipped". Exit 77 without a GPU.
#include "apply_harness.cuh"
#include "fp_more_ref.hpp"

#include <tirx/ptx/families.hpp>

namespace {

using namespace apply_test;

// One table per row file; nsrc[] holds each row's number of sources.
#define TIRX_ROW(SP, NSRC, REGS, SM, PTX, DC, SC) SP,
struct F64 {
  static constexpr const char* spellings[] = {
#include <tirx/ptx/rows/f64.def>
  };
};
struct F16 {
  static constexpr const char* spellings[] = {
#include <tirx/ptx/rows/f16.def>
  };
};
struct F32More {
  static constexpr const char* spellings[] = {
#include <tirx/ptx/rows/f32_more.def>
  };
};
struct H2More {
  static constexpr const char* spellings[] = {
#include <tirx/ptx/rows/h2_more.def>
  };
};
struct Testp {
  static constexpr const char* spellings[] = {
#include <tirx/ptx/rows/testp.def>
  };
};
struct CvtMore {
  static constexpr const char* spellings[] = {
#include <tirx/ptx/rows/cvt_more.def>
  };
};
#undef TIRX_ROW
#define TIRX_ROW(SP, NSRC, REGS, SM, PTX, DC, SC) NSRC,
constexpr int f64_n[] = {
#include <tirx/ptx/rows/f64.def>
};
constexpr int f16_n[] = {
#include <tirx/ptx/rows/f16.def>
};
constexpr int f32_more_n[] = {
#include <tirx/ptx/rows/f32_more.def>
};
constexpr int h2_more_n[] = {
#include <tirx/ptx/rows/h2_more.def>
};
constexpr int testp_n[] = {
#include <tirx/ptx/rows/testp.def>
};
constexpr int cvt_more_n[] = {
#include <tirx/ptx/rows/cvt_more.def>
};
#undef TIRX_ROW
template <class L> constexpr const int* nsrc_of = nullptr;
template <> constexpr const int* nsrc_of<F64> = f64_n;
template <> constexpr const int* nsrc_of<F16> = f16_n;
template <> constexpr const int* nsrc_of<F32More> = f32_more_n;
template <> constexpr const int* nsrc_of<H2More> = h2_more_n;
template <> constexpr const int* nsrc_of<Testp> = testp_n;
template <> constexpr const int* nsrc_of<CvtMore> = cvt_more_n;

/// The spellings that run in every case of the harness (the others: thread scope).
constexpr const char* kAllCases[] = {"fma.rn.f64",          "div.rz.f64",
                                     "fma.rn.ftz.sat.f16",  "max.NaN.xorsign.abs.bf16",
                                     "mad.rm.ftz.f32",      "min.ftz.NaN.xorsign.abs.f16x2",
                                     "testp.subnormal.f64", "cvt.rn.f32.f64",
                                     "cvt.rzi.s16.f64",     "cvt.pack.sat.s8.s32.b32"};
constexpr bool same_str(const char* a, const char* b) {
  int i = 0;
  while (a[i] != '\0' && a[i] == b[i])
    ++i;
  return a[i] == b[i];
}
constexpr bool all_cases(const char* s) {
  for (const char* a : kAllCases)
    if (same_str(a, s))
      return true;
  return false;
}

#if defined(__CUDACC__)
/// Case 0 of the harness alone (thread scope, 4 repeats in several layouts).
template <class L, int I, int NSrc, class DT, class ST>
__global__ void thread_kernel(int, const void* a, const void* b, const void* c, void* out,
                              int* status) {
  using Instr = instr_at<L, I>;
  if constexpr (compiled_v<Instr, NSrc>) {
    atom1_case<0, Instr, NSrc, DT, ST>(static_cast<const ST*>(a), static_cast<const ST*>(b),
                                       static_cast<const ST*>(c), static_cast<DT*>(out));
    report_status(status, true);
  } else {
    (void)a, (void)b, (void)c, (void)out;
    report_status(status, false);
  }
}
template <class L, int I, int NSrc, class DT, class ST>
void launch_thread(int which, int blocks, int threads, const void* a, const void* b, const void* c,
                   void* out, const void*, int* status) {
  thread_kernel<L, I, NSrc, DT, ST><<<blocks, threads>>>(which, a, b, c, out, status);
}
#endif

struct Ctx {
  fp_more::Spec spec;
};
void gen_fn(const void* c, Rng& r, u64 (&x)[3]) {
  fp_more::inputs(static_cast<const Ctx*>(c)->spec, r, x);
}
Expect want_fn(const void* c, const u64 (&x)[3]) {
  Expect e;
  fp_more::want(static_cast<const Ctx*>(c)->spec, x, e);
  return e;
}

ref::Fmt const* view_fmt(const std::string& t) { return fp_more::fmt_of(t); }

template <class L, int I> void check_spelling(Report& rep, const Options& opt) {
  ++rep.listed;
  const char* sp = L::spellings[I];
  if (!rep.selected(sp))
    return;
  constexpr int ns = nsrc_of<L>[I];
  using Instr = instr_at<L, I>;
  constexpr ptxdesc::Desc d =
      ptxdesc::registered::describe(text_view{Instr::spelling.chars, Instr::spelling.size()});
  using DT = raw_element_t<d.dst.bits>;
  using ST = raw_element_t<d.src.bits>;
  KernelRef k;
  if constexpr (all_cases(L::spellings[I]))
    k = atom1_kernel_ref<L, I, ns, DT, ST>();
  else
    k = {sp, required_sm_v<Instr, ns>, code_arch(&thread_kernel<L, I, ns, DT, ST>), 0x1u,
         &launch_thread<L, I, ns, DT, ST>};
  if (k.need > k.code) {
    rep.skip(sp, k.need, k.code);
    return;
  }
  const Ctx ctx{fp_more::parse(sp)};
  {
    Rng probe(opt.seed, sp, 99);
    u64 x[3] = {};
    fp_more::inputs(ctx.spec, probe, x);
    Expect e;
    const std::string err = fp_more::want(ctx.spec, x, e);
    if (!err.empty()) {
      rep.fail_line(sp, "the test has no reference for it: " + err);
      return;
    }
  }
  const std::string& st = ctx.spec.type(0);
  const std::string& dt = ctx.spec.op == "cvt" ? ctx.spec.type(1) : st;
  const bool x2 = st.size() > 4 && st.substr(st.size() - 2) == "x2";
  const bool dx2 = dt.size() > 4 && dt.substr(dt.size() - 2) == "x2";
  const View sv{view_fmt(st), x2 ? 2 : 1, 16};
  const View dv{ctx.spec.op == "testp" || ctx.spec.op == "cvt.pack" ? nullptr : view_fmt(dt),
                dx2 ? 2 : 1, 16};
  run_atom1(rep, opt, k, ns, static_cast<int>(sizeof(ST)), static_cast<int>(sizeof(DT)), sv, dv,
            &gen_fn, &want_fn, &ctx);
}

template <class L> void check_table(Report& rep, const Options& opt) {
  [&]<int... I>(std::integer_sequence<int, I...>) { (check_spelling<L, I>(rep, opt), ...); }
  (std::make_integer_sequence<int, static_cast<int>(std::size(L::spellings))>{});
}

// -- mov pack and unpack: register vectors ----------------------------------------------

#if defined(__CUDACC__)
/// Thread scope: 2 repeats of mov.b64 d, {lo, hi} (pack) and of mov.b64 {lo, hi}, d
/// (unpack), the vector's elements strided (a transposed layout).
__global__ void mov_thread(const unsigned* in32, const unsigned long long* in64,
                           unsigned long long* packed, unsigned* unpacked) {
  const int t = threadIdx.x;
  auto v = alloc_local<unsigned, shape(2, 2), layout_of<"S[(2, 2) : (1, 2)]">>();
  auto p = alloc_local<unsigned long long, shape(2)>();
  for (int i = 0; i < 4; ++i)
    v.data()[i] = in32[t * 4 + i];
  tile::apply<ptx<"mov.b64">>(p, v, scope::thread);
  packed[t * 2] = p.data()[0];
  packed[t * 2 + 1] = p.data()[1];
  auto s = alloc_local<unsigned long long, shape(2)>();
  s.data()[0] = in64[t * 2];
  s.data()[1] = in64[t * 2 + 1];
  auto u = alloc_local<unsigned, shape(2, 2), layout_of<"S[(2, 2) : (1, 2)]">>();
  tile::apply<ptx<"mov.b64">>(u, s, scope::thread);
  for (int i = 0; i < 4; ++i)
    unpacked[t * 4 + i] = u.data()[i];
}
/// Warp scope: mov.b64 {a, b, c, e}, d (four 16-bit lanes) and back, and a scalar
/// unpacked into every lane's vector.
__global__ void mov_warp(const unsigned long long* in64, unsigned short* quarters,
                         unsigned long long* back, unsigned short* from_scalar,
                         unsigned long long scalar) {
  const int l = threadIdx.x;
  auto s = alloc_local<unsigned long long, shape(32), layout_of<"S[32 : 1@laneid]">>();
  s.data()[0] = in64[l];
  auto q =
      alloc_local<unsigned short, shape(32, 4), layout_of<"S[(32, 4) : (1@laneid, -1)] + 3">>();
  tile::apply<ptx<"mov.b64">>(q, s, scope::warp);
  for (int i = 0; i < 4; ++i)
    quarters[l * 4 + i] = q.data()[i];
  auto b = alloc_local<unsigned long long, shape(32), layout_of<"S[32 : 1@laneid]">>();
  tile::apply<ptx<"mov.b64">>(b, q, scope::warp);
  back[l] = b.data()[0];
  tile::apply<ptx<"mov.b64">>(q, scalar, scope::warp);
  for (int i = 0; i < 4; ++i)
    from_scalar[l * 4 + i] = q.data()[i];
}
/// CTA scope (4 warps): mov.b32 d, {lo, hi} of 16-bit halves, and unpacked.
__global__ void mov_cta(const unsigned short* in16, unsigned* packed, unsigned short* unpacked) {
  const int t = threadIdx.x;
  auto h = alloc_local<unsigned short, shape(4, 32, 2),
                       layout_of<"S[(4, 32, 2) : (1@warpid, 1@laneid, 1)]">>();
  h.data()[0] = in16[t * 2];
  h.data()[1] = in16[t * 2 + 1];
  auto d = alloc_local<unsigned, shape(4, 32), layout_of<"S[(4, 32) : (1@warpid, 1@laneid)]">>();
  tile::apply<ptx<"mov.b32">>(d, h, scope::cta);
  packed[t] = d.data()[0];
  auto u = alloc_local<unsigned short, shape(4, 32, 2),
                       layout_of<"S[(4, 32, 2) : (1@warpid, 1@laneid, -1)] + 1">>();
  tile::apply<ptx<"mov.b32">>(u, d, scope::cta);
  unpacked[t * 2] = u.data()[0];
  unpacked[t * 2 + 1] = u.data()[1];
}
#endif

template <class T>
bool same_bits(const std::vector<T>& got, const std::vector<T>& want, const char* what,
               int& first) {
  for (std::size_t i = 0; i < got.size(); ++i)
    if (got[i] != want[i]) {
      std::printf("  %s: element %zu: got 0x%llx, expected 0x%llx\n", what, i,
                  static_cast<unsigned long long>(got[i]),
                  static_cast<unsigned long long>(want[i]));
      first = first < 0 ? static_cast<int>(i) : first;
      return false;
    }
  return true;
}

void line(Report& rep, const char* name, bool ok) {
  std::printf("%s %s\n", ok ? "PASS" : "FAIL", name);
  if (ok) {
    ++rep.passed;
  } else {
    ++rep.failed;
    rep.failed_names.push_back(name);
  }
}

void check_mov(Report& rep, const Options& opt) {
  if (!rep.selected("mov"))
    return;
  std::mt19937_64 g(opt.seed ^ 0x6d6f76ull);
  int first = -1;
  { // thread: v[r][j] is register r + 2 j (layout (1, 2)); repeat r packs v[r][0], v[r][1]
    const int n = 64;
    std::vector<unsigned> in32(n * 4), up_want(n * 4);
    std::vector<unsigned long long> in64(n * 2), pk_want(n * 2);
    for (auto& x : in32)
      x = static_cast<unsigned>(g());
    for (auto& x : in64)
      x = g();
    for (int t = 0; t < n; ++t)
      for (int r = 0; r < 2; ++r) {
        pk_want[t * 2 + r] =
            in32[t * 4 + r] | (static_cast<unsigned long long>(in32[t * 4 + r + 2]) << 32);
        up_want[t * 4 + r] = static_cast<unsigned>(in64[t * 2 + r]);
        up_want[t * 4 + r + 2] = static_cast<unsigned>(in64[t * 2 + r] >> 32);
      }
    tirx_test::DeviceBuffer<unsigned> a(in32.size()), up(up_want.size());
    tirx_test::DeviceBuffer<unsigned long long> b(in64.size()), pk(pk_want.size());
    a.upload(in32);
    b.upload(in64);
    up.poison();
    pk.poison();
    mov_thread<<<1, n>>>(a.ptr, b.ptr, pk.ptr, up.ptr);
    TIRX_CHECK_LAUNCH("mov_thread");
    line(rep, "mov.b64 d, {lo, hi} (thread, 2 repeats, transposed vector)",
         same_bits(pk.download(), pk_want, "pack", first));
    line(rep, "mov.b64 {lo, hi}, d (thread, 2 repeats, transposed vector)",
         same_bits(up.download(), up_want, "unpack", first));
  }
  { // warp: q[j] is register 3 - j (layout -1, offset 3)
    std::vector<unsigned long long> in64(32), back_want(32);
    std::vector<unsigned short> q_want(32 * 4), s_want(32 * 4);
    for (auto& x : in64)
      x = g();
    const unsigned long long scalar = g();
    for (int l = 0; l < 32; ++l) {
      for (int j = 0; j < 4; ++j) {
        q_want[l * 4 + (3 - j)] = static_cast<unsigned short>(in64[l] >> (16 * j));
        s_want[l * 4 + (3 - j)] = static_cast<unsigned short>(scalar >> (16 * j));
      }
      back_want[l] = in64[l];
    }
    tirx_test::DeviceBuffer<unsigned long long> a(32), back(32);
    tirx_test::DeviceBuffer<unsigned short> q(32 * 4), s(32 * 4);
    a.upload(in64);
    back.poison();
    q.poison();
    s.poison();
    mov_warp<<<1, 32>>>(a.ptr, q.ptr, back.ptr, s.ptr, scalar);
    TIRX_CHECK_LAUNCH("mov_warp");
    line(rep, "mov.b64 {a, b, c, e}, d (warp, reversed vector)",
         same_bits(q.download(), q_want, "unpack x4", first));
    line(rep, "mov.b64 d, {a, b, c, e} (warp, reversed vector)",
         same_bits(back.download(), back_want, "pack x4", first));
    line(rep, "mov.b64 {a, b, c, e}, scalar (warp)",
         same_bits(s.download(), s_want, "unpack scalar", first));
  }
  { // cta of 4 warps: h[j] is register j; u[j] is register 1 - j
    const int n = 128;
    std::vector<unsigned short> in16(n * 2), up_want(n * 2);
    std::vector<unsigned> pk_want(n);
    for (auto& x : in16)
      x = static_cast<unsigned short>(g());
    for (int t = 0; t < n; ++t) {
      pk_want[t] = in16[t * 2] | (static_cast<unsigned>(in16[t * 2 + 1]) << 16);
      up_want[t * 2 + 1] = in16[t * 2];
      up_want[t * 2] = in16[t * 2 + 1];
    }
    tirx_test::DeviceBuffer<unsigned short> a(in16.size()), up(up_want.size());
    tirx_test::DeviceBuffer<unsigned> pk(n);
    a.upload(in16);
    up.poison();
    pk.poison();
    mov_cta<<<1, n>>>(a.ptr, pk.ptr, up.ptr);
    TIRX_CHECK_LAUNCH("mov_cta");
    line(rep, "mov.b32 d, {lo, hi} (cta of 4 warps)",
         same_bits(pk.download(), pk_want, "pack b32", first));
    line(rep, "mov.b32 {lo, hi}, d (cta of 4 warps, reversed vector)",
         same_bits(up.download(), up_want, "unpack b32", first));
  }
}

} // namespace

int main(int argc, char** argv) {
  if (int rc = tirx_test_require_gpu())
    return rc;
  const Options opt = parse_options(argc, argv);
  Report rep = make_report(opt);
  print_atom1_cases();
  check_table<F64>(rep, opt);
  check_table<F16>(rep, opt);
  check_table<F32More>(rep, opt);
  check_table<H2More>(rep, opt);
  check_table<Testp>(rep, opt);
  check_table<CvtMore>(rep, opt);
  check_mov(rep, opt);
  return rep.finish();
}
