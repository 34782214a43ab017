// GPU test of the warp matrix families through tile::apply (label gpu):
// ldmatrix (.x1, .x2, .x4, .trans; row-major, padded and column-major
// tiles, into the ldmatrix and mma fragments), stmatrix (sm_90: the same
// shapes back to shared memory), movmatrix (one matrix between the two
// fragments), and mma.sync for every type combination (f16 into f16 and
// f32, bf16, tf32, s8/u8 with and without .satfinite, e4m3/e5m2 into f32
// and f16 on sm_89+), each against a host GEMM on small seeded random
// integers (every product and sum exact in every type), compared as
// values, and f16, bf16 and tf32 bounded on random data; then one
// ldmatrix -> mma -> stmatrix pipeline. Every output is
// poisoned first. Built for sm_80 and sm_90a (stmatrix and fp8 compile out
// of the sm_80 code and report SKIP where the running code lacks them).
// Exit 0: all passed; 1: a case failed; 77: no GPU.
#include "gpu_check.hpp"
#include "support/spelling_tag.hpp"

#include <tirx/tile.hpp>

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

namespace {

using namespace tirx;

using tirx_test::instr_of; // kernels name their spelling by a tag (spelling_tag.hpp)

/// The oldest architecture (x10) of a tag's spelling: kernels compile their
/// body only for targets that have it, and report that they ran.
template <class Tag> TIRX_HD constexpr int min_arch() {
  constexpr int sm = detail::instr_facts<instr_of<Tag>, 3>::form.min_sm;
  return sm - sm % 10;
}

template <class T> T from_int(int v) {
  if constexpr (std::is_same_v<T, half>)
    return __float2half(static_cast<float>(v));
  else if constexpr (std::is_same_v<T, nv_bfloat16>)
    return __float2bfloat16(static_cast<float>(v));
  else if constexpr (std::is_same_v<T, __nv_fp8_e4m3> || std::is_same_v<T, __nv_fp8_e5m2>)
    return T(static_cast<float>(v));
  else
    return static_cast<T>(v);
}
template <class T> T from_float(float v) {
  if constexpr (std::is_same_v<T, half>)
    return __float2half(v);
  else if constexpr (std::is_same_v<T, nv_bfloat16>)
    return __float2bfloat16(v);
  else
    return static_cast<T>(v);
}
template <class T> double value_of(T v) {
  if constexpr (std::is_same_v<T, half>)
    return __half2float(v);
  else if constexpr (std::is_same_v<T, nv_bfloat16>)
    return __bfloat162float(v);
  else if constexpr (std::is_same_v<T, __nv_fp8_e4m3> || std::is_same_v<T, __nv_fp8_e5m2>)
    return static_cast<float>(v);
  else
    return static_cast<double>(v);
}

/// Each lane reads the elements of `src` (row-major over X's shape) that
/// X's layout gives it, and writes back the same way.
template <class X, class T> __device__ void fill_fragment(X& x, const T* src) {
  constexpr TileLayout l = X::layout();
  const int lane = static_cast<int>(threadIdx.x % 32);
  for (int e = 0; e < static_cast<int>(X::size()); ++e) {
    const Coord c = apply(l, e);
    if (c[Axis{1}] == lane)
      x.data()[c[Axis{0}]] = src[e];
  }
}
template <class X, class T> __device__ void drain_fragment(const X& x, T* dst) {
  constexpr TileLayout l = X::layout();
  const int lane = static_cast<int>(threadIdx.x % 32);
  for (int e = 0; e < static_cast<int>(X::size()); ++e) {
    const Coord c = apply(l, e);
    if (c[Axis{1}] == lane)
      dst[e] = x.data()[c[Axis{0}]];
  }
}

int failures = 0;

// ---------------------------------------------------------------- ldmatrix / stmatrix
/// One move case: fragment layout FL over (R, C), shared layout SL; the
/// kernel copies `in` (row-major) into the shared tile, loads the fragment
/// with ldmatrix (written out to `loaded`), and, when St, stores it back
/// with stmatrix into a second, poisoned tile (written out to `stored`).
/// A case names its layouts in a struct: nvcc's host stub cannot spell a
/// TileLayout kernel template argument (docs/data-layout.md).
#define TIRX_MOVE_CASE(NAME, R, C, FRAG, SMEM)                                                     \
  struct NAME {                                                                                    \
    static constexpr int rows = R, cols = C;                                                       \
    static constexpr TileLayout frag = FRAG, smem = SMEM;                                          \
  }

template <class LdTag, class StTag, class Case>
__global__ void move_case(const unsigned short* in, unsigned short* loaded, unsigned short* stored,
                          int* ran) {
  constexpr int R = Case::rows, C = Case::cols;
  __shared__ __align__(128) unsigned short a[512], b[512];
  using Tile = Tensor<unsigned short, ShapeT<R, C>, MemScope::shared, 16, layout_type<Case::smem>>;
  Tile ta{a}, tb{b};
  for (int i = threadIdx.x; i < 512; i += 32)
    b[i] = 0xDEAD;
  for (int i = threadIdx.x; i < R * C; i += 32)
    ta(i / C, i % C) = in[i];
  __syncwarp();
  auto frag = alloc_local<unsigned short, shape(R, C), Case::frag>();
  tile::apply<instr_of<LdTag>>(frag, ta, scope::warp);
  drain_fragment(frag, loaded);
#if __CUDA_ARCH__ >= 900
  tile::apply<instr_of<StTag>>(tb, frag, scope::warp);
  __syncwarp();
  for (int i = threadIdx.x; i < R * C; i += 32)
    stored[i] = tb(i / C, i % C);
  if (threadIdx.x == 0)
    *ran = 1;
#else
  (void)stored, (void)tb;
#endif
}

template <class LdTag, class StTag, class Case> void run_move(std::mt19937& rng, const char* what) {
  constexpr int R = Case::rows, C = Case::cols;
  std::vector<unsigned short> in(R * C), back(R * C, 0), st(R * C, 0);
  std::uniform_int_distribution<int> d(0, 0xFFFF);
  for (auto& x : in)
    x = static_cast<unsigned short>(d(rng));
  unsigned short *gi, *gl, *gs;
  int* gran;
  TIRX_CHECK_CUDA(cudaMalloc(&gi, R * C * 2));
  TIRX_CHECK_CUDA(cudaMalloc(&gl, R * C * 2));
  TIRX_CHECK_CUDA(cudaMalloc(&gs, R * C * 2));
  TIRX_CHECK_CUDA(cudaMalloc(&gran, sizeof(int)));
  TIRX_CHECK_CUDA(cudaMemcpy(gi, in.data(), R * C * 2, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(gl, 0xA5, R * C * 2)); // poison
  TIRX_CHECK_CUDA(cudaMemset(gs, 0xA5, R * C * 2));
  TIRX_CHECK_CUDA(cudaMemset(gran, 0, sizeof(int)));
  move_case<LdTag, StTag, Case><<<1, 32>>>(gi, gl, gs, gran);
  TIRX_CHECK_LAUNCH(LdTag::text);
  int ran = 0;
  TIRX_CHECK_CUDA(cudaMemcpy(back.data(), gl, R * C * 2, cudaMemcpyDeviceToHost));
  TIRX_CHECK_CUDA(cudaMemcpy(st.data(), gs, R * C * 2, cudaMemcpyDeviceToHost));
  TIRX_CHECK_CUDA(cudaMemcpy(&ran, gran, sizeof(int), cudaMemcpyDeviceToHost));
  int bad_ld = 0, bad_st = 0;
  for (int i = 0; i < R * C; ++i) {
    if (back[i] != in[i] && bad_ld++ < 3)
      std::printf("  %s: fragment (%d, %d) = %04x, want %04x\n", LdTag::text, i / C, i % C, back[i],
                  in[i]);
    if (ran && st[i] != in[i] && bad_st++ < 3)
      std::printf("  %s: tile (%d, %d) = %04x, want %04x\n", StTag::text, i / C, i % C, st[i],
                  in[i]);
  }
  std::printf("%-52s %-28s %s\n", LdTag::text, what, bad_ld ? "FAILED" : "ok");
  std::printf("%-52s %-28s %s\n", StTag::text, what,
              !ran     ? "SKIP (needs sm_90)"
              : bad_st ? "FAILED"
                       : "ok");
  failures += (bad_ld ? 1 : 0) + (bad_st ? 1 : 0);
  TIRX_CHECK_CUDA(cudaFree(gi));
  TIRX_CHECK_CUDA(cudaFree(gl));
  TIRX_CHECK_CUDA(cudaFree(gs));
  TIRX_CHECK_CUDA(cudaFree(gran));
}

TIRX_SPELLING(L1, "ldmatrix.sync.aligned.m8n8.x1.shared.b16");
TIRX_SPELLING(L2, "ldmatrix.sync.aligned.m8n8.x2.shared.b16");
TIRX_SPELLING(L4, "ldmatrix.sync.aligned.m8n8.x4.shared.b16");
TIRX_SPELLING(L1T, "ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16");
TIRX_SPELLING(L2T, "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16");
TIRX_SPELLING(L4T, "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16");
TIRX_SPELLING(S1, "stmatrix.sync.aligned.m8n8.x1.shared.b16");
TIRX_SPELLING(S2, "stmatrix.sync.aligned.m8n8.x2.shared.b16");
TIRX_SPELLING(S4, "stmatrix.sync.aligned.m8n8.x4.shared.b16");
TIRX_SPELLING(S1T, "stmatrix.sync.aligned.m8n8.x1.trans.shared.b16");
TIRX_SPELLING(S2T, "stmatrix.sync.aligned.m8n8.x2.trans.shared.b16");
TIRX_SPELLING(S4T, "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16");

// shared layouts: row-major, rows padded to 24 elements (48 bytes, still on
// 16), column-major (for .trans), and 16-byte chunks XOR-swizzled by row
TIRX_HD constexpr TileLayout padded(index_t r, index_t c) { return S({r, c}, {24, 1}); }
TIRX_HD constexpr TileLayout col_major(index_t r, index_t c) { return S({r, c}, {1, r}); }
TIRX_HD constexpr TileLayout chunk_swizzled(index_t r, index_t c) {
  TileLayout l = row_major(shape(r, c));
  l.swz = swizzle_for(SwizzleMode::b64, 2); // 16-byte chunks XORed by row, 4 per 64-byte row
  return l;
}

TIRX_MOVE_CASE(C0, 8, 8, ldmatrix_fragment_layout(1, false), row_major(shape(8, 8)));
TIRX_MOVE_CASE(C1, 16, 8, ldmatrix_fragment_layout(2, false), padded(16, 8));
TIRX_MOVE_CASE(C2, 32, 8, ldmatrix_fragment_layout(4, false), row_major(shape(32, 8)));
TIRX_MOVE_CASE(C3, 8, 8, ldmatrix_fragment_layout(1, true), row_major(shape(8, 8)));
TIRX_MOVE_CASE(C4, 16, 8, ldmatrix_fragment_layout(2, true), padded(16, 8));
TIRX_MOVE_CASE(C5, 32, 8, ldmatrix_fragment_layout(4, true), row_major(shape(32, 8)));
TIRX_MOVE_CASE(C6, 16, 16, mma_a_fragment_layout(2, 16), row_major(shape(16, 16)));
TIRX_MOVE_CASE(C7, 16, 16, mma_a_fragment_layout(2, 16), col_major(16, 16));
TIRX_MOVE_CASE(C8, 8, 16, mma_b_fragment_layout(2, 16), col_major(8, 16));
TIRX_MOVE_CASE(C9, 8, 16, mma_b_fragment_layout(2, 16), row_major(shape(8, 16)));
TIRX_MOVE_CASE(C10, 8, 8, mma_b_fragment_layout(2, 8), row_major(shape(8, 8)));
TIRX_MOVE_CASE(C11, 16, 16, mma_a_fragment_layout(2, 16), chunk_swizzled(16, 16));
TIRX_MOVE_CASE(C12, 16, 8, mma_c_fragment_layout(), row_major(shape(16, 8)));

// ---------------------------------------------------------------- movmatrix
__global__ void movmatrix_case(const unsigned short* in, unsigned short* out, unsigned* raw) {
  auto a = alloc_local<unsigned short, shape(8, 8), ldmatrix_fragment_layout(1, false)>();
  auto d = alloc_local<unsigned short, shape(8, 8), ldmatrix_fragment_layout(1, true)>();
  fill_fragment(a, in);
  tile::apply<ptx<"movmatrix.sync.aligned.m8n8.trans.b16">>(d, a, scope::warp);
  drain_fragment(d, out);
  raw[threadIdx.x] = *reinterpret_cast<const unsigned*>(d.data());
}

void run_movmatrix(std::mt19937& rng) {
  std::vector<unsigned short> in(64), out(64);
  std::vector<unsigned> raw(32);
  std::uniform_int_distribution<int> d(0, 0xFFFF);
  for (auto& x : in)
    x = static_cast<unsigned short>(d(rng));
  unsigned short *gi, *go;
  unsigned* gr;
  TIRX_CHECK_CUDA(cudaMalloc(&gi, 128));
  TIRX_CHECK_CUDA(cudaMalloc(&go, 128));
  TIRX_CHECK_CUDA(cudaMalloc(&gr, 128));
  TIRX_CHECK_CUDA(cudaMemcpy(gi, in.data(), 128, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(go, 0xA5, 128));
  TIRX_CHECK_CUDA(cudaMemset(gr, 0xA5, 128));
  movmatrix_case<<<1, 32>>>(gi, go, gr);
  TIRX_CHECK_LAUNCH("movmatrix");
  TIRX_CHECK_CUDA(cudaMemcpy(out.data(), go, 128, cudaMemcpyDeviceToHost));
  TIRX_CHECK_CUDA(cudaMemcpy(raw.data(), gr, 128, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < 64; ++i)
    if (out[i] != in[i] && bad++ < 3)
      std::printf("  movmatrix: d(%d, %d) = %04x, want %04x\n", i / 8, i % 8, out[i], in[i]);
  // PTX's rule on the registers: lane l of d holds M(2(l%4) + c, l/4) of the
  // matrix M that a holds as M(l/4, 2(l%4) + c)
  for (int l = 0; l < 32; ++l)
    for (int c = 0; c < 2; ++c) {
      const unsigned want = in[(2 * (l % 4) + c) * 8 + l / 4];
      const unsigned got = (raw[l] >> (16 * c)) & 0xFFFFu;
      if (got != want && bad++ < 6)
        std::printf("  movmatrix: lane %d half %d = %04x, want %04x\n", l, c, got, want);
    }
  std::printf("%-52s %-28s %s\n", "movmatrix.sync.aligned.m8n8.trans.b16", "(8, 8) fragments",
              bad ? "FAILED" : "ok");
  failures += bad ? 1 : 0;
  TIRX_CHECK_CUDA(cudaFree(gi));
  TIRX_CHECK_CUDA(cudaFree(go));
  TIRX_CHECK_CUDA(cudaFree(gr));
}

// ---------------------------------------------------------------- mma.sync
template <class Tag, class TA, class TB, class TC, int K>
__global__ void mma_case(const TA* a, const TB* b, const TC* c, TC* d, int* ran) {
#if defined(__CUDA_ARCH__)
  if constexpr (__CUDA_ARCH__ >= min_arch<Tag>()) {
    auto fa = alloc_local<TA, shape(16, K), mma_a_fragment_layout(sizeof(TA), K)>();
    auto fb = alloc_local<TB, shape(8, K), mma_b_fragment_layout(sizeof(TB), K)>();
    auto fc = alloc_local<TC, shape(16, 8), mma_c_fragment_layout()>();
    auto fd = alloc_local<TC, shape(16, 8), mma_c_fragment_layout()>();
    fill_fragment(fa, a);
    fill_fragment(fb, b);
    fill_fragment(fc, c);
    tile::apply<instr_of<Tag>>(fd, fa, fb, fc, scope::warp);
    drain_fragment(fd, d);
    if (threadIdx.x == 0)
      *ran = 1;
  } else {
    (void)a, (void)b, (void)c, (void)d, (void)ran;
  }
#else
  (void)a, (void)b, (void)c, (void)d, (void)ran;
#endif
}

template <class Tag, class TA, class TB, class TC, int K, bool Sat = false>
void run_mma(std::mt19937& rng) {
  const bool ua = std::is_same_v<TA, unsigned char>, ub = std::is_same_v<TB, unsigned char>;
  const bool ints = std::is_same_v<TC, int>;
  std::uniform_int_distribution<int> da(ua ? 0 : ints ? -8 : -3, ints ? 8 : 3);
  std::uniform_int_distribution<int> db(ub ? 0 : ints ? -8 : -3, ints ? 8 : 3);
  std::uniform_int_distribution<int> dc(-20, 20);
  std::vector<int> ia(16 * K), ib(8 * K), ic(16 * 8);
  for (int& x : ia)
    x = da(rng);
  for (int& x : ib)
    x = db(rng);
  for (int& x : ic)
    x = dc(rng);
  // .satfinite: one C element near the top so that its sum clamps
  if (Sat)
    ic[5] = 2147483600;
  std::vector<TA> ha(ia.size());
  std::vector<TB> hb(ib.size());
  std::vector<TC> hc(ic.size()), hd(ic.size());
  for (size_t i = 0; i < ia.size(); ++i)
    ha[i] = from_int<TA>(ia[i]);
  for (size_t i = 0; i < ib.size(); ++i)
    hb[i] = from_int<TB>(ib[i]);
  for (size_t i = 0; i < ic.size(); ++i)
    hc[i] = from_int<TC>(ic[i]);
  TA* ga;
  TB* gb;
  TC *gc, *gd;
  int* gran;
  TIRX_CHECK_CUDA(cudaMalloc(&ga, ha.size() * sizeof(TA)));
  TIRX_CHECK_CUDA(cudaMalloc(&gb, hb.size() * sizeof(TB)));
  TIRX_CHECK_CUDA(cudaMalloc(&gc, hc.size() * sizeof(TC)));
  TIRX_CHECK_CUDA(cudaMalloc(&gd, hc.size() * sizeof(TC)));
  TIRX_CHECK_CUDA(cudaMalloc(&gran, sizeof(int)));
  TIRX_CHECK_CUDA(cudaMemcpy(ga, ha.data(), ha.size() * sizeof(TA), cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemcpy(gb, hb.data(), hb.size() * sizeof(TB), cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemcpy(gc, hc.data(), hc.size() * sizeof(TC), cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(gd, 0x7b, hc.size() * sizeof(TC))); // poison
  TIRX_CHECK_CUDA(cudaMemset(gran, 0, sizeof(int)));
  mma_case<Tag, TA, TB, TC, K><<<1, 32>>>(ga, gb, gc, gd, gran);
  TIRX_CHECK_LAUNCH(Tag::text);
  int ran = 0;
  TIRX_CHECK_CUDA(cudaMemcpy(hd.data(), gd, hd.size() * sizeof(TC), cudaMemcpyDeviceToHost));
  TIRX_CHECK_CUDA(cudaMemcpy(&ran, gran, sizeof(int), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; ran && i < 16; ++i)
    for (int j = 0; j < 8; ++j) {
      long long ref = ic[i * 8 + j];
      for (int k = 0; k < K; ++k)
        ref += static_cast<long long>(ia[i * K + k]) * ib[j * K + k];
      if (Sat && ref > 2147483647LL)
        ref = 2147483647LL;
      const double got = value_of(hd[i * 8 + j]);
      if (got != static_cast<double>(ref) && bad++ < 3)
        std::printf("  %s: D(%d, %d) = %.17g, want %lld\n", Tag::text, i, j, got, ref);
    }
  std::printf("%-64s %s\n", Tag::text, !ran ? "SKIP (needs a newer GPU)" : bad ? "FAILED" : "ok");
  failures += bad ? 1 : 0;
  TIRX_CHECK_CUDA(cudaFree(ga));
  TIRX_CHECK_CUDA(cudaFree(gb));
  TIRX_CHECK_CUDA(cudaFree(gc));
  TIRX_CHECK_CUDA(cudaFree(gd));
  TIRX_CHECK_CUDA(cudaFree(gran));
}

/// Bounded on random data: inputs uniform in [-1, 1] (rounded to the input
/// type on the host, so the reference sees the same values, except tf32,
/// which the tensor core rounds itself), C too; |D - ref| must stay within
/// rel * (sum over k of |A B| + |C|) (f32 accumulation: rel 1e-4; tf32
/// inputs, rounded by the tensor core to 10 mantissa bits: 4e-3).
template <class Tag, class TA, class TC, int K> void run_mma_random(std::mt19937& rng, double rel) {
  std::uniform_real_distribution<float> dv(-1.0f, 1.0f);
  std::vector<TA> ha(16 * K), hb(8 * K);
  std::vector<TC> hc(128), hd(128);
  for (auto& x : ha)
    x = from_float<TA>(dv(rng));
  for (auto& x : hb)
    x = from_float<TA>(dv(rng));
  for (auto& x : hc)
    x = from_float<TC>(dv(rng));
  TA *ga, *gb;
  TC *gc, *gd;
  int* gran;
  TIRX_CHECK_CUDA(cudaMalloc(&ga, ha.size() * sizeof(TA)));
  TIRX_CHECK_CUDA(cudaMalloc(&gb, hb.size() * sizeof(TA)));
  TIRX_CHECK_CUDA(cudaMalloc(&gc, 128 * sizeof(TC)));
  TIRX_CHECK_CUDA(cudaMalloc(&gd, 128 * sizeof(TC)));
  TIRX_CHECK_CUDA(cudaMalloc(&gran, sizeof(int)));
  TIRX_CHECK_CUDA(cudaMemcpy(ga, ha.data(), ha.size() * sizeof(TA), cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemcpy(gb, hb.data(), hb.size() * sizeof(TA), cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemcpy(gc, hc.data(), 128 * sizeof(TC), cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(gd, 0x7b, 128 * sizeof(TC)));
  TIRX_CHECK_CUDA(cudaMemset(gran, 0, sizeof(int)));
  mma_case<Tag, TA, TA, TC, K><<<1, 32>>>(ga, gb, gc, gd, gran);
  TIRX_CHECK_LAUNCH(Tag::text);
  int ran = 0;
  TIRX_CHECK_CUDA(cudaMemcpy(hd.data(), gd, 128 * sizeof(TC), cudaMemcpyDeviceToHost));
  TIRX_CHECK_CUDA(cudaMemcpy(&ran, gran, sizeof(int), cudaMemcpyDeviceToHost));
  int bad = 0;
  double worst = 0;
  for (int i = 0; ran && i < 16; ++i)
    for (int j = 0; j < 8; ++j) {
      double ref = value_of(hc[i * 8 + j]), mag = std::fabs(ref);
      for (int k = 0; k < K; ++k) {
        const double p = value_of(ha[i * K + k]) * value_of(hb[j * K + k]);
        ref += p;
        mag += std::fabs(p);
      }
      const double err = std::fabs(value_of(hd[i * 8 + j]) - ref) / mag;
      worst = err > worst ? err : worst;
      if (!(err <= rel) && bad++ < 3)
        std::printf("  %s (random): D(%d, %d) = %.9g, want %.9g\n", Tag::text, i, j,
                    value_of(hd[i * 8 + j]), ref);
    }
  std::printf("%-64s %s (random, worst %.2g of sum |ab|)\n", Tag::text,
              !ran  ? "SKIP"
              : bad ? "FAILED"
                    : "ok",
              worst);
  failures += bad ? 1 : 0;
  TIRX_CHECK_CUDA(cudaFree(ga));
  TIRX_CHECK_CUDA(cudaFree(gb));
  TIRX_CHECK_CUDA(cudaFree(gc));
  TIRX_CHECK_CUDA(cudaFree(gd));
  TIRX_CHECK_CUDA(cudaFree(gran));
}

TIRX_SPELLING(M0, "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16");
TIRX_SPELLING(M1, "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32");
TIRX_SPELLING(M2, "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16");
TIRX_SPELLING(M3, "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32");
TIRX_SPELLING(M4, "mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32");
TIRX_SPELLING(M5, "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32");
TIRX_SPELLING(M6, "mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32");
TIRX_SPELLING(M7, "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32");
TIRX_SPELLING(M8, "mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32");
TIRX_SPELLING(M9, "mma.sync.aligned.m16n8k16.row.col.s32.u8.s8.s32");
TIRX_SPELLING(M10, "mma.sync.aligned.m16n8k16.row.col.satfinite.s32.s8.u8.s32");
TIRX_SPELLING(M11, "mma.sync.aligned.m16n8k16.row.col.s32.u8.u8.s32");
TIRX_SPELLING(M12, "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32");
TIRX_SPELLING(M13, "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32");
TIRX_SPELLING(M14, "mma.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32");
TIRX_SPELLING(M15, "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.u8.s8.s32");
TIRX_SPELLING(M16, "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32");
TIRX_SPELLING(M17, "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32");
TIRX_SPELLING(M18, "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32");
TIRX_SPELLING(M19, "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32");
TIRX_SPELLING(M20, "mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16");
TIRX_SPELLING(M21, "mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e4m3.f16");

// ---------------------------------------------------------------- the pipeline
/// A (16 x 16, row-major) and B (16 x 8 row-major, K x N) in shared memory:
/// ldmatrix.x4 into the A fragment, ldmatrix.x2.trans into the B fragment
/// (B's (8, 16) view is column-major), mma.sync into an f16 D, stmatrix.x2
/// of D into a (16, 8) shared tile.
__global__ void pipeline_case(const half* a, const half* b, half* d, int* ran) {
  __shared__ __align__(16) half sa[256], sb[128], sd[128];
  for (int i = threadIdx.x; i < 256; i += 32)
    sa[i] = a[i];
  for (int i = threadIdx.x; i < 128; i += 32) {
    sb[i] = b[i];
    sd[i] = __float2half(-999.0f);
  }
  __syncwarp();
  using ATile = Tensor<half, ShapeT<16, 16>, MemScope::shared, 16>;
  using BTile = Tensor<half, ShapeT<8, 16>, MemScope::shared, 16, layout_type<col_major(8, 16)>>;
  using DTile = Tensor<half, ShapeT<16, 8>, MemScope::shared, 16>;
  ATile ta{sa};
  BTile tb{sb};
  DTile td{sd};
  auto fa = alloc_local<half, shape(16, 16), mma_a_fragment_layout(2, 16)>();
  auto fb = alloc_local<half, shape(8, 16), mma_b_fragment_layout(2, 16)>();
  auto fc = alloc_local<half, shape(16, 8), mma_c_fragment_layout()>();
  for (int i = 0; i < 4; ++i)
    fc.data()[i] = __float2half(0.0f);
  tile::apply<ptx<"ldmatrix.sync.aligned.m8n8.x4.shared.b16">>(fa, ta, scope::warp);
  tile::apply<ptx<"ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16">>(fb, tb, scope::warp);
  tile::apply<ptx<"mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16">>(fc, fa, fb, fc,
                                                                        scope::warp);
#if __CUDA_ARCH__ >= 900
  tile::apply<ptx<"stmatrix.sync.aligned.m8n8.x2.shared.b16">>(td, fc, scope::warp);
  __syncwarp();
  for (int i = threadIdx.x; i < 128; i += 32)
    d[i] = sd[i];
  if (threadIdx.x == 0)
    *ran = 1;
#else
  (void)td, (void)d, (void)ran;
#endif
}

void run_pipeline(std::mt19937& rng) {
  std::uniform_int_distribution<int> dv(-3, 3);
  std::vector<int> ia(256), ib(128);
  std::vector<half> ha(256), hb(128), hd(128);
  for (int i = 0; i < 256; ++i)
    ha[i] = from_int<half>(ia[i] = dv(rng));
  for (int i = 0; i < 128; ++i)
    hb[i] = from_int<half>(ib[i] = dv(rng)); // B(k, n) at k * 8 + n
  half *ga, *gb, *gd;
  int* gran;
  TIRX_CHECK_CUDA(cudaMalloc(&ga, 512));
  TIRX_CHECK_CUDA(cudaMalloc(&gb, 256));
  TIRX_CHECK_CUDA(cudaMalloc(&gd, 256));
  TIRX_CHECK_CUDA(cudaMalloc(&gran, sizeof(int)));
  TIRX_CHECK_CUDA(cudaMemcpy(ga, ha.data(), 512, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemcpy(gb, hb.data(), 256, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(gd, 0x7b, 256));
  TIRX_CHECK_CUDA(cudaMemset(gran, 0, sizeof(int)));
  pipeline_case<<<1, 32>>>(ga, gb, gd, gran);
  TIRX_CHECK_LAUNCH("pipeline");
  int ran = 0;
  TIRX_CHECK_CUDA(cudaMemcpy(hd.data(), gd, 256, cudaMemcpyDeviceToHost));
  TIRX_CHECK_CUDA(cudaMemcpy(&ran, gran, sizeof(int), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; ran && i < 16; ++i)
    for (int j = 0; j < 8; ++j) {
      int ref = 0;
      for (int k = 0; k < 16; ++k)
        ref += ia[i * 16 + k] * ib[k * 8 + j];
      const double got = value_of(hd[i * 8 + j]);
      if (got != ref && bad++ < 3)
        std::printf("  pipeline: D(%d, %d) = %g, want %d\n", i, j, got, ref);
    }
  std::printf("%-52s %-28s %s\n", "ldmatrix x4 + x2.trans -> mma.sync k16 -> stmatrix x2",
              "(16, 16) x (16, 8)",
              !ran  ? "SKIP (needs sm_90)"
              : bad ? "FAILED"
                    : "ok");
  failures += bad ? 1 : 0;
  TIRX_CHECK_CUDA(cudaFree(ga));
  TIRX_CHECK_CUDA(cudaFree(gb));
  TIRX_CHECK_CUDA(cudaFree(gd));
  TIRX_CHECK_CUDA(cudaFree(gran));
}

} // namespace

int main(int argc, char** argv) {
  if (int rc = tirx_test_require_gpu())
    return rc;
  const unsigned seed = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 20261201u;
  std::printf("seed %u\n", seed);
  std::mt19937 rng(seed);
  using u8 = unsigned char;
  using s8 = signed char;
  using e4 = __nv_fp8_e4m3;
  using e5 = __nv_fp8_e5m2;
  // ldmatrix and stmatrix: the ldmatrix fragments over row-major, padded,
  // swizzled tiles; .trans over the same tiles (the fragment says which
  // lane holds what); the mma fragments, also from column-major tiles
  run_move<L1, S1, C0>(rng, "x1 row-major");
  run_move<L2, S2, C1>(rng, "x2 padded rows");
  run_move<L4, S4, C2>(rng, "x4 row-major");
  run_move<L1T, S1T, C3>(rng, "x1.trans row-major");
  run_move<L2T, S2T, C4>(rng, "x2.trans padded rows");
  run_move<L4T, S4T, C5>(rng, "x4.trans row-major");
  run_move<L4, S4, C6>(rng, "x4 mma A (16, 16)");
  run_move<L4T, S4T, C7>(rng, "x4.trans mma A col-major");
  run_move<L2T, S2T, C8>(rng, "x2.trans mma B (K x N)");
  run_move<L2, S2, C9>(rng, "x2 mma B (N x K)");
  run_move<L1, S1, C10>(rng, "x1 mma B k8");
  run_move<L4, S4, C11>(rng, "x4 mma A swizzled chunks");
  run_move<L2, S2, C12>(rng, "x2 mma C (16, 8)");
  run_movmatrix(rng);
  // mma.sync: every type combination
  run_mma<M0, half, half, half, 8>(rng);
  run_mma<M1, half, half, float, 8>(rng);
  run_mma<M2, half, half, half, 16>(rng);
  run_mma<M3, half, half, float, 16>(rng);
  run_mma<M4, nv_bfloat16, nv_bfloat16, float, 8>(rng);
  run_mma<M5, nv_bfloat16, nv_bfloat16, float, 16>(rng);
  run_mma<M6, float, float, float, 4>(rng);
  run_mma<M7, float, float, float, 8>(rng);
  run_mma<M8, s8, s8, int, 16>(rng);
  run_mma<M9, u8, s8, int, 16>(rng);
  run_mma<M10, s8, u8, int, 16, true>(rng);
  run_mma<M11, u8, u8, int, 16>(rng);
  run_mma<M12, s8, s8, int, 32>(rng);
  run_mma<M13, s8, s8, int, 32, true>(rng);
  run_mma<M14, u8, u8, int, 32>(rng);
  run_mma<M15, u8, s8, int, 32, true>(rng);
  run_mma<M16, e4, e4, float, 32>(rng);
  run_mma<M17, e4, e5, float, 32>(rng);
  run_mma<M18, e5, e4, float, 32>(rng);
  run_mma<M19, e5, e5, float, 32>(rng);
  run_mma<M20, e4, e4, half, 32>(rng);
  run_mma<M21, e5, e4, half, 32>(rng);
  // bounded on random data
  run_mma_random<M3, half, float, 16>(rng, 1e-4);
  run_mma_random<M5, nv_bfloat16, float, 16>(rng, 1e-4);
  run_mma_random<M7, float, float, 8>(rng, 4e-3);
  run_pipeline(rng);
  std::printf("%s\n", failures ? "FAILED" : "all passed");
  return failures ? 1 : 0;
}
