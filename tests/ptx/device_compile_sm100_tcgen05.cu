// Device compilation test of the tcgen05 forms (sm_100a; tests/ptx/CMakeLists.txt:
// device_compile_sm100_tcgen05, built for sm_100a only, and ptx_text_sm100_tcgen05, which
// writes this file's PTX and fails unless every spelling of ptx/rows/tcgen05_{mma,ld,st,cp}.def
// and every `ptx-text:` pattern below is in it: CMake regular expressions, one a line, without
// semicolons). Nothing here runs: there is no Blackwell GPU.
// The rows are expanded with X-macros, so a form added to a row file is compiled here.
//
// The instruction descriptors below are the values TIRx 0.1.0a4's encoder
// (encode_instr_descriptor_dense_uint32) gives for the same operands; the shared-memory
// descriptor's constant part is TIRx's encode_smem_descriptor_base_uint64(1, 64, 128B).
// ptx-text: tcgen05\.alloc\.cta_group::1\.sync\.aligned\.shared::cta\.b32 \[%r[0-9]+\], %r[0-9]+
// ptx-text: tcgen05\.alloc\.cta_group::2\.sync\.aligned\.shared::cta\.b32 \[%r[0-9]+\], %r[0-9]+
// ptx-text: tcgen05\.dealloc\.cta_group::1\.sync\.aligned\.b32 %r[0-9]+, %r[0-9]+
// ptx-text: tcgen05\.dealloc\.cta_group::2\.sync\.aligned\.b32 %r[0-9]+, %r[0-9]+
// ptx-text: tcgen05\.relinquish_alloc_permit\.cta_group::1\.sync\.aligned
// ptx-text: tcgen05\.relinquish_alloc_permit\.cta_group::2\.sync\.aligned
// ptx-text: tcgen05\.commit\.cta_group::1\.mbarrier::arrive::one\.shared::cluster\.b64 \[%r[0-9]+\]
// ptx-text: tcgen05\.commit\.cta_group::2\.mbarrier::arrive::one\.shared::cluster\.b64 \[%r[0-9]+\]
// ptx-text:
// tcgen05\.commit\.cta_group::1\.mbarrier::arrive::one\.shared::cluster\.multicast::cluster\.b64
// \[%r[0-9]+\], %rs[0-9]+ ptx-text:
// tcgen05\.commit\.cta_group::2\.mbarrier::arrive::one\.shared::cluster\.multicast::cluster\.b64
// \[%r[0-9]+\], %rs[0-9]+ ptx-text: tcgen05\.fence::before_thread_sync ptx-text:
// tcgen05\.fence::after_thread_sync ptx-text: tcgen05\.wait::ld\.sync\.aligned ptx-text:
// tcgen05\.wait::st\.sync\.aligned ptx-text: tcgen05\.shift\.cta_group::1\.down \[%r[0-9]+\]
// ptx-text: tcgen05\.shift\.cta_group::2\.down \[%r[0-9]+\]
// A from shared memory and from tensor memory:
// ptx-text: tcgen05\.mma\.cta_group::1\.kind::f16 \[%r[0-9]+\], %rd[0-9]+, %rd[0-9]+, %r[0-9]+,
// PRED_enable_input_d ptx-text: tcgen05\.mma\.cta_group::1\.kind::f16 \[%r[0-9]+\], \[%r[0-9]+\],
// %rd[0-9]+, %r[0-9]+, PRED_enable_input_d ptx-text: tcgen05\.mma\.cta_group::2\.kind::i8
// \[%r[0-9]+\], \[%r[0-9]+\], %rd[0-9]+, %r[0-9]+, PRED_enable_input_d the .16x32bx2 immediate
// (second half 16 columns on): ptx-text: tcgen05\.ld\.sync\.aligned\.16x32bx2\.x16\.b32 \{[^}]*\},
// \[%r[0-9]+\], 16[^0-9] instruction descriptors (TIRx's values for the same kind, M, N, types,
// majors, negates): ptx-text: mov\.b32[^%]+%r[0-9]+, 138413200[^0-9] ptx-text:
// mov\.b32[^%]+%r[0-9]+, 68157456[^0-9] ptx-text: mov\.b32[^%]+%r[0-9]+, 136421376[^0-9] ptx-text:
// mov\.b32[^%]+%r[0-9]+, 136317200[^0-9] ptx-text: mov\.b32[^%]+%r[0-9]+, 68184336[^0-9] ptx-text:
// mov\.b32[^%]+%r[0-9]+, 136315920[^0-9] ptx-text: mov\.b32[^%]+%r[0-9]+, 68157440[^0-9] ptx-text:
// mov\.b32[^%]+%r[0-9]+, 135266464[^0-9] ptx-text: mov\.b32[^%]+%r[0-9]+, 67634208[^0-9] ptx-text:
// mov\.b32[^%]+%r[0-9]+, 272630928[^0-9] ptx-text: mov\.b32[^%]+%r[0-9]+, 135266320[^0-9] ptx-text:
// mov\.b32[^%]+%r[0-9]+, 270639104[^0-9] ptx-text: mov\.b32[^%]+%r[0-9]+, 270534928[^0-9] ptx-text:
// mov\.b32[^%]+%r[0-9]+, 135293200[^0-9] ptx-text: mov\.b32[^%]+%r[0-9]+, 270533648[^0-9] ptx-text:
// mov\.b32[^%]+%r[0-9]+, 135266304[^0-9] ptx-text: mov\.b32[^%]+%r[0-9]+, 269484192[^0-9] ptx-text:
// mov\.b32[^%]+%r[0-9]+, 134743072[^0-9] the shared-memory descriptors' constant parts: K-major
// 128B-swizzled (LBO 16, SBO 1024 bytes; TIRx's encode_smem_descriptor_base_uint64(1, 64, 3)),
// K-major 32B-swizzled (1, 16, 1), MN-major 128B-swizzled with LBO 2048 and SBO 1024 bytes (128,
// 64, 3): ptx-text: or\.b64[^%]+%rd[0-9]+, %rd[0-9]+, 4611756662049538048[^0-9] ptx-text:
// or\.b64[^%]+%rd[0-9]+, %rd[0-9]+, -4611615580963667968[^0-9] ptx-text: or\.b64[^%]+%rd[0-9]+,
// %rd[0-9]+, 4611756662057861120[^0-9]
#include <tirx/tile.hpp>

namespace dc100_tcgen05 {

using namespace tirx;

/// A K-major tile (rows, K) of T with the 128-byte swizzle when its K row
/// fills 128 bytes (else the 32-byte one), or MN-major with Mn.
template <class T, index_t Rows, index_t K, bool Mn = false> struct Tile {
  static constexpr SwizzleMode mode = K * sizeof(T) == 32 ? SwizzleMode::b32 : SwizzleMode::b128;
  static constexpr TileLayout layout =
      wgmma_smem_layout(shape(Rows, K), Mn ? MatrixMajor::mn : MatrixMajor::k,
                        Mn ? SwizzleMode::b128 : mode, sizeof(T));
  using type = Tensor<T, ShapeT<Rows, K>, MemScope::shared_dyn, 1024,
                      typename detail::layout_type_of<layout>::type>;
};

template <class T, index_t Rows, index_t K, bool Mn = false>
__device__ auto tile_at(unsigned char* smem) {
  using X = typename Tile<T, Rows, K, Mn>::type;
  return decl_tensor<X>(reinterpret_cast<T*>(smem));
}

/// D = A B of cta_group::G, M x N from the second K slice of 128B-swizzled
/// K-major bf16 stages of 64 columns (the descriptors start 32 bytes in).
template <class Instr, int G, index_t M, index_t N>
__device__ void mma_stage_case(unsigned char* smem, cuda::std::uint32_t base) {
  using D = TmemTensor<float, ShapeT<M / G, N>,
                       typename detail::layout_type_of<tcgen05_accumulator_layout(M, N, G)>::type>;
  auto a = tile_at<nv_bfloat16, M / G, 64>(smem);
  auto b = tile_at<nv_bfloat16, N / G, 64>(smem + 32768);
  tile::apply<Instr>(decl_tmem<D>(base), a.sub(_, range<16, 32>), b.sub(_, range<16, 32>),
                     scope::thread);
}

/// D = A B (+ D) of kind Kind with cta_group::G, M x N, A from shared
/// memory (or tensor memory with ATmem), MN-major A and B with Mn.
template <class Instr, class TD, class TA, class TB, int G, index_t M, index_t N,
          bool ATmem = false, bool Mn = false, unsigned Negate = 0>
__device__ void mma_case(unsigned char* smem, cuda::std::uint32_t base, bool accumulate) {
  constexpr index_t K = 32 / sizeof(TA);
  constexpr TileLayout ld = tcgen05_accumulator_layout(M, N, G, 8 * sizeof(TD));
  using D = TmemTensor<TD, ShapeT<M / G, N>, typename detail::layout_type_of<ld>::type>;
  const D d = decl_tmem<D>(base);
  auto b = tile_at<TB, N / G, K, Mn>(smem + 32768);
  const auto issue = [&](auto& a) {
    if constexpr (Negate == 1)
      tile::apply<Instr>(d, a, b, scope::thread, tile::accumulate(accumulate), tile::negate_a);
    else if constexpr (Negate == 3)
      tile::apply<Instr>(d, a, b, scope::thread, tile::negate_a, tile::negate_b);
    else
      tile::apply<Instr>(d, a, b, scope::thread, tile::accumulate(accumulate));
  };
  if constexpr (ATmem) {
    constexpr TileLayout la = tcgen05_a_tmem_layout(M, K, G);
    using A = TmemTensor<TA, ShapeT<M / G, K>, typename detail::layout_type_of<la>::type>;
    A a = decl_tmem<A>(base + 256);
    issue(a);
  } else {
    auto a = tile_at<TA, M / G, K, Mn>(smem);
    issue(a);
  }
}

/// Every tcgen05.mma form: each kind and cta_group with A from shared and
/// from tensor memory, M = 64 / 128 (cta_group::1) and 128 / 256 (::2).
template <int G, fixed_string Sp>
__device__ void mma_forms(unsigned char* smem, cuda::std::uint32_t base) {
  using Instr = ptx<Sp>;
  constexpr ptxdesc::Tokens t = ptxdesc::tokenize(text_view{Sp.chars, Sp.size()});
  constexpr ptxtcgen05::MmaForm f = ptxtcgen05::parse_mma(t);
  constexpr index_t m_small = f.cta_group == 1 ? 64 : 128, m_large = f.cta_group == 1 ? 128 : 256;
  using E8 = __nv_fp8_e4m3;
  if constexpr (f.cta_group != G) {
    return;
  } else if constexpr (f.kind == MmaKind::f16) {
    mma_case<Instr, float, nv_bfloat16, nv_bfloat16, f.cta_group, m_large, 256>(smem, base, true);
    mma_case<Instr, float, half, half, f.cta_group, m_small, 64, true>(smem, base, false);
    mma_case<Instr, half, half, half, f.cta_group, m_large, 128, false, true, 1>(smem, base, true);
    mma_stage_case<Instr, f.cta_group, m_large, 128>(smem, base);
  } else if constexpr (f.kind == MmaKind::tf32) {
    mma_case<Instr, float, float, float, f.cta_group, m_large, 128>(smem, base, true);
    mma_case<Instr, float, float, float, f.cta_group, m_small, 64, true, false, 3>(smem, base,
                                                                                   true);
  } else if constexpr (f.kind == MmaKind::f8f6f4) {
    mma_case<Instr, float, E8, __nv_fp8_e5m2, f.cta_group, m_large, 128>(smem, base, true);
    mma_case<Instr, half, E8, E8, f.cta_group, m_small, 64, true>(smem, base, false);
  } else {
    mma_case<Instr, int, signed char, unsigned char, f.cta_group, m_large, 64>(smem, base, true);
    mma_case<Instr, int, unsigned char, signed char, f.cta_group, m_small, 32, true>(smem, base,
                                                                                     true);
  }
}

// one kernel per cta_group: ptxas refuses a function that uses both
template <int G> __global__ void mma_all(float* out) {
  extern __shared__ __align__(1024) unsigned char smem[];
  const cuda::std::uint32_t base = static_cast<cuda::std::uint32_t>(out[1]);
  if (threadIdx.x == 0) {
#define TIRX_ROW(SP, NSRC, REGS, SM, PTX, DC, SC) mma_forms<G, SP>(smem, base);
#include <tirx/ptx/rows/tcgen05_mma.def>
#undef TIRX_ROW
  }
}
template __global__ void mma_all<1>(float*);
template __global__ void mma_all<2>(float*);

/// One tcgen05.ld then tcgen05.st of spelling Ld / St with REGS registers:
/// the warp's rows of a 128 x 512 tile, its region at column 64.
template <fixed_string LdS, fixed_string StS>
__device__ void ldst_case(float* out, cuda::std::uint32_t base) {
  using Ld = ptx<LdS>;
  using St = ptx<StS>;
  constexpr ptxdesc::Tokens t = ptxdesc::tokenize(text_view{LdS.chars, LdS.size()});
  constexpr ptxtcgen05::LdStForm f = ptxtcgen05::parse_ldst(t);
  constexpr Shape s = tmem_fragment_shape(f.shape, f.x);
  auto frag = alloc_tmem_fragment<float, f.shape, f.x>();
  if constexpr (f.shape == TmemShape::s16x32bx2) {
    // two 16-lane halves, the second 16 columns after the first
    constexpr TileLayout l = S({2, 16, f.x}, {16 * TCol, 1 * TLane, 1 * TCol});
    using R = TmemTensor<float, ShapeT<2, 16, f.x>, typename detail::layout_type_of<l>::type>;
    const R region = tmem_offset(decl_tmem<R>(base), 32 * ((threadIdx.x / 32) % 4), 0);
    tile::apply<Ld>(frag, region, scope::warp);
    tcgen05_wait_ld(frag);
    tile::apply<St>(region, frag, scope::warp);
  } else {
    using Acc = TmemTensor<float, ShapeT<128, 512>>;
    const auto rows = tmem_warp_rows(decl_tmem<Acc>(base & 0xFFFF0000u));
    const auto region = tmem_sub(rows, range<0, s.dims[0]>, range<64, 64 + s.dims[1]>);
    tile::apply<Ld>(frag, region, scope::warp);
    tcgen05_wait_ld(frag);
    tile::apply<St>(region, frag, scope::warp);
  }
  tcgen05_wait_st();
  out[threadIdx.x] += frag.data()[0];
}

/// The st spelling of an ld spelling (same shape and count).
template <fixed_string Ld> TIRX_HD constexpr auto st_spelling() {
  char s[Ld.size() + 1] = {};
  for (int i = 0; i < Ld.size(); ++i)
    s[i] = Ld.chars[i];
  s[8] = 's'; // tcgen05.ld -> tcgen05.st
  s[9] = 't';
  return fixed_string<Ld.size() + 1>(s);
}

__global__ void ldst_all(float* out) {
  const cuda::std::uint32_t base = static_cast<cuda::std::uint32_t>(out[1]);
  // every ld row with the st row of its shape and count (the st row file lists the same forms)
#define TIRX_ROW(SP, NSRC, REGS, SM, PTX, DC, SC) ldst_case<SP, st_spelling<SP>()>(out, base);
#include <tirx/ptx/rows/tcgen05_ld.def>
#undef TIRX_ROW
}

/// One tcgen05.cp of spelling Instr from an unswizzled K-major tile of 32-bit words.
template <int G, fixed_string Sp>
__device__ void cp_case(unsigned char* smem, cuda::std::uint32_t base) {
  using Instr = ptx<Sp>;
  constexpr ptxdesc::Tokens t = ptxdesc::tokenize(text_view{Sp.chars, Sp.size()});
  constexpr ptxtcgen05::CpForm f = ptxtcgen05::parse_cp(t);
  if constexpr (f.cta_group == G) {
    constexpr Shape s = tmem_cp_shape(f.shape);
    // 8-row core matrices of 16 bytes; the 4 rows of .4x256b as one 4-row block
    constexpr TileLayout ls = s.dims[0] % 8 == 0
                                  ? wgmma_smem_layout(s, MatrixMajor::k, SwizzleMode::none, 4)
                                  : S({4, 2, 4}, {4, 16, 1});
    using Src = Tensor<unsigned, ShapeT<s.dims[0], s.dims[1]>, MemScope::shared_dyn, 128,
                       typename detail::layout_type_of<ls>::type>;
    constexpr TileLayout ld = tmem_cp_layout(f.shape);
    using Dst = TmemTensor<unsigned, ShapeT<s.dims[0], s.dims[1]>,
                           typename detail::layout_type_of<ld>::type>;
    tile::apply<Instr>(decl_tmem<Dst>(base + 128),
                       decl_tensor<Src>(reinterpret_cast<unsigned*>(smem)), scope::thread);
  }
}

template <int G> __global__ void cp_all(float* out) {
  extern __shared__ __align__(1024) unsigned char smem[];
  const cuda::std::uint32_t base = static_cast<cuda::std::uint32_t>(out[1]);
  if (threadIdx.x == 0) {
#define TIRX_ROW(SP, NSRC, REGS, SM, PTX, DC, SC) cp_case<G, SP>(smem, base);
#include <tirx/ptx/rows/tcgen05_cp.def>
#undef TIRX_ROW
  }
}
template __global__ void cp_all<1>(float*);
template __global__ void cp_all<2>(float*);

/// The plain functions: allocation (cta_group::1 and ::2), commit (and
/// multicast), the fences, the waits, shift.
template <int G> __device__ void plain_case(float* out, cuda::std::uint32_t* slot, MBarrier bar) {
  if (threadIdx.x < 32)
    tmem_alloc<128, G>(slot);
  tcgen05_fence_before_thread_sync();
  __syncthreads();
  tcgen05_fence_after_thread_sync();
  using T = TmemTensor<float, ShapeT<128, 128>>;
  const T t = decl_tmem<T>(*slot);
  if (threadIdx.x == 0) {
    tcgen05_shift_down<G>(t);
    tcgen05_commit<G>(bar);
    tcgen05_commit_multicast<G>(bar, static_cast<cuda::std::uint16_t>(out[2]));
  }
  tcgen05_wait_st();
  __syncthreads();
  if (threadIdx.x < 32) {
    tmem_relinquish_alloc_permit<G>();
    tmem_dealloc<128, G>(*slot);
  }
}

template <int G> __global__ void plain_all(float* out) {
  __shared__ cuda::std::uint32_t slot;
  __shared__ cuda::std::uint64_t word;
  const MBarrier bar(&word);
  plain_case<G>(out, &slot, bar);
}
template __global__ void plain_all<1>(float*);
template __global__ void plain_all<2>(float*);

} // namespace dc100_tcgen05
