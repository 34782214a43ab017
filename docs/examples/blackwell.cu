// The device code of docs/blackwell.md. Each region between `// [snippet:NAME]`
// and `// [/snippet]` is shown verbatim in the guide (tests/tools/check_doc_snippets.py).
// Built for sm_100a only (docs_blackwell_cuda) and its PTX checked for the
// instructions below (docs_blackwell_ptx_text); nothing here runs: there is no
// Blackwell GPU in this project's machines.
// ptx-text: cp\.async\.bulk\.tensor\.2d\.shared::cluster\.global
// ptx-text: tcgen05\.alloc\.cta_group::1\.sync\.aligned\.shared::cta\.b32
// ptx-text: tcgen05\.mma\.cta_group::1\.kind::f16 \[%r[0-9]+\], %rd[0-9]+, %rd[0-9]+, %r[0-9]+
// ptx-text: tcgen05\.mma\.cta_group::1\.kind::f16 \[%r[0-9]+\], \[%r[0-9]+\], %rd[0-9]+, %r[0-9]+
// ptx-text: tcgen05\.mma\.cta_group::2\.kind::f16
// ptx-text: tcgen05\.commit\.cta_group::1\.mbarrier::arrive::one\.shared::cluster\.b64
// ptx-text: tcgen05\.ld\.sync\.aligned\.32x32b\.x32\.b32
// ptx-text: tcgen05\.st\.sync\.aligned\.16x256b\.x2\.b32
// ptx-text: tcgen05\.ld\.sync\.aligned\.16x32bx2\.x4\.b32 \{[^}]*\}, \[%r[0-9]+\], 4[^0-9]
// ptx-text: tcgen05\.cp\.cta_group::1\.128x256b
// ptx-text: tcgen05\.wait::ld\.sync\.aligned
// ptx-text: tcgen05\.dealloc\.cta_group::1\.sync\.aligned\.b32
// gemm_tile's MMA (128 x 256 x 16, f32 += bf16 x bf16, K-major 128B-swizzled stages) has the
// constants of the CUDA TIRx 0.1.0a4 generates for the same K loop (T.cuda.tile.apply of
// tcgen05.mma on mma_shared_layout stages): its instruction descriptor and the constant part of
// its shared-memory descriptors (LBO 16, SBO 1024 bytes, version 1, 128B swizzle)
// ptx-text: mov\.b32[^%]+%r[0-9]+, 138413200[^0-9]
// ptx-text: or\.b64[^%]+%rd[0-9]+, %rd[0-9]+, 4611756662049538048[^0-9]
#include <tirx/tile.hpp>

using namespace tirx;

// [snippet:tmem]
// Tensor memory is allocated by one warp in columns (all 128 lanes), a
// power of two from 32 to 512; tcgen05.alloc writes the address to shared
// memory. A TMEM tensor is that address with a type: element, shape and the
// placement of each element on (TLane, TCol).
using Acc = TmemTensor<float, ShapeT<128, 256>>; // lanes 0..127, columns 0..255
static_assert(tmem_alloc_columns<Acc>() == 256);

__device__ Acc allocate_accumulator(cuda::std::uint32_t* slot) { // slot: a shared word
  if (threadIdx.x / 32 == 0)
    tmem_alloc<tmem_alloc_columns<Acc>()>(slot); // warp 0; it frees them too
  tcgen05_fence_before_thread_sync();
  __syncthreads();
  tcgen05_fence_after_thread_sync();
  return decl_tmem<Acc>(*slot);
}

__device__ void views(const Acc& acc) {
  auto right = tmem_sub(acc, _, range<128, 256>); // columns 128..255: same address, an offset
  auto mine = tmem_warp_rows(acc);                // rows 32 (w % 4) .. + 31: this warp's lanes
  static_assert(decltype(mine)::shape() == shape(32, 256));
  (void)tmem_address(right); // (lane << 16) | column of element (0, 0)
}

__device__ void release(const Acc& acc) {
  tcgen05_fence_before_thread_sync();
  __syncthreads(); // every tcgen05.ld of acc is done
  if (threadIdx.x / 32 == 0) {
    tmem_relinquish_alloc_permit(); // this CTA allocates no more
    tmem_dealloc<tmem_alloc_columns<Acc>()>(tmem_address(acc));
  }
}
// [/snippet]

// [snippet:gemm-tile]
// One CTA of 128 threads computes a 128 x 256 f32 tile of D = A B^T (A: M x K,
// B: N x K, bf16, row-major) over all of K: per 64-column step, TMA loads a
// 128 x 64 box of A and a 256 x 64 box of B (128-byte swizzle), thread 0
// issues four tcgen05.mma of K = 16 on their K slices into the TMEM
// accumulator and commits them to an mbarrier; then each warp reads its 32
// lanes with tcgen05.ld and stores them. One stage and no overlap: the data
// flow of a Blackwell GEMM, not a fast one.
constexpr TileLayout a_box = tma_smem_layout(shape(128, 64), SwizzleMode::b128, 2);
constexpr TileLayout b_box = tma_smem_layout(shape(256, 64), SwizzleMode::b128, 2);
using AMap = TensorMap<nv_bfloat16, ShapeT<128, 64>, layout_type<a_box>>;
using BMap = TensorMap<nv_bfloat16, ShapeT<256, 64>, layout_type<b_box>>;
using ATile = AMap::smem_tensor<>;
using BTile = BMap::smem_tensor<>;
using Mma = ptx<"tcgen05.mma.cta_group::1.kind::f16">;
using Ld = ptx<"tcgen05.ld.sync.aligned.32x32b.x32.b32">;
// the box's layout is the canonical K-major layout tcgen05.mma reads
static_assert(a_box == wgmma_smem_layout(shape(128, 64), MatrixMajor::k, SwizzleMode::b128, 2));

template <int S>
__device__ void mma_step(const Acc& acc, const ATile& a, const BTile& b, bool add) {
  tile::apply<Mma>(acc, a.sub(_, range<16 * S, 16 * S + 16>), b.sub(_, range<16 * S, 16 * S + 16>),
                   scope::thread, tile::accumulate(add || S > 0)); // 128 x 256 x 16
}

template <int C> __device__ void store_columns(const Acc& acc, float* d, int ldd) {
  auto frag = alloc_tmem_fragment<float, TmemShape::s32x32b, 32>(); // lane l: row l, 32 columns
  tile::apply<Ld>(frag, tmem_sub(tmem_warp_rows(acc), _, range<32 * C, 32 * C + 32>), scope::warp);
  tcgen05_wait_ld(frag);
  float* row = d + (32 * (threadIdx.x / 32) + threadIdx.x % 32) * ldd + 32 * C;
  for (int r = 0; r < 32; ++r)
    row[r] = frag.data()[r];
}

// launch with 128 threads, 48 KiB of dynamic shared memory, grid (N / 256, M / 128)
__global__ void gemm_tile(const __grid_constant__ AMap a_map, const __grid_constant__ BMap b_map,
                          float* D, int ldd, int K) {
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
  extern __shared__ __align__(1024) unsigned char smem[];
  const ATile a = decl_tensor<ATile>(reinterpret_cast<nv_bfloat16*>(smem));
  const BTile b = decl_tensor<BTile>(reinterpret_cast<nv_bfloat16*>(smem + 16384));
  __shared__ cuda::std::uint64_t words[2];
  __shared__ cuda::std::uint32_t slot;
  const MBarrier loaded(&words[0]), done(&words[1]);
  if (threadIdx.x == 0) {
    loaded.init(1);
    done.init(1);
    fence_mbarrier_init();
  }
  const Acc acc = allocate_accumulator(&slot); // has the barrier that publishes the inits
  const int m0 = 128 * blockIdx.y, n0 = 256 * blockIdx.x;
  for (int k = 0; k < K / 64; ++k) {
    const unsigned phase = k & 1;
    if (threadIdx.x == 0) {
      loaded.arrive_expect_tx(tma::box_bytes<AMap> + tma::box_bytes<BMap>);
      tma::load(a, a_map, loaded, m0, 64 * k);
      tma::load(b, b_map, loaded, n0, 64 * k);
      loaded.wait(phase);
      tcgen05_fence_after_thread_sync();
      mma_step<0>(acc, a, b, k > 0);
      mma_step<1>(acc, a, b, k > 0);
      mma_step<2>(acc, a, b, k > 0);
      mma_step<3>(acc, a, b, k > 0);
      tcgen05_commit(done); // done arrives once these MMAs have read a, b and written acc
    }
    done.wait(phase); // every thread: step k is complete, a and b may be refilled
  }
  tcgen05_fence_after_thread_sync();
  float* d = D + m0 * ldd + n0;
  [&]<int... C>(cuda::std::integer_sequence<int, C...>) {
    (store_columns<C>(acc, d, ldd), ...); // 8 x 32 columns
  }
  (cuda::std::make_integer_sequence<int, 8>{});
  release(acc);
#else
  (void)a_map, (void)b_map, (void)D, (void)ldd, (void)K;
#endif
}
// [/snippet]

// [snippet:operands]
// A from tensor memory (K-major, row r on lane r: tcgen05_a_tmem_layout),
// and an M = 64 accumulator, which the MMA writes to 16 lanes of each warp
// quarter (tcgen05_accumulator_layout(64, N), PTX's layout F).
using Acc64 = TmemTensor<float, ShapeT<64, 128>, layout_type<tcgen05_accumulator_layout(64, 128)>>;
using ATmem = TmemTensor<half, ShapeT<64, 16>, layout_type<tcgen05_a_tmem_layout(64, 16)>>;
constexpr TileLayout b_kmajor =
    wgmma_smem_layout(shape(128, 16), MatrixMajor::k, SwizzleMode::b32, 2);
using BHalf = Tensor<half, ShapeT<128, 16>, MemScope::shared_dyn, 1024, layout_type<b_kmajor>>;

__device__ void mma_a_from_tmem(cuda::std::uint32_t base, const BHalf& b) {
  const Acc64 d = decl_tmem<Acc64>(base);                   // columns 0..127
  const ATmem a = decl_tmem<ATmem>(base + 128);             // 16 halves: 8 columns from 128
  tile::apply<Mma>(d, a, b, scope::thread, tile::negate_a); // D = -A B^T
}

// cta_group::2: two CTAs of a cluster compute one 256 x N MMA; each holds its
// 128 rows of A and D and N / 2 rows of B (a kernel uses one cta_group only)
using Acc2 =
    TmemTensor<float, ShapeT<128, 128>, layout_type<tcgen05_accumulator_layout(256, 128, 2)>>;
constexpr TileLayout k_tile =
    wgmma_smem_layout(shape(128, 16), MatrixMajor::k, SwizzleMode::b32, 2);
constexpr TileLayout n_tile = wgmma_smem_layout(shape(64, 16), MatrixMajor::k, SwizzleMode::b32, 2);
using A2 = Tensor<nv_bfloat16, ShapeT<128, 16>, MemScope::shared_dyn, 1024, layout_type<k_tile>>;
using B2 = Tensor<nv_bfloat16, ShapeT<64, 16>, MemScope::shared_dyn, 1024, layout_type<n_tile>>;

__device__ void mma_pair(cuda::std::uint32_t base, const A2& a, const B2& b, MBarrier bar) {
  tile::apply<ptx<"tcgen05.mma.cta_group::2.kind::f16">>(decl_tmem<Acc2>(base), a, b,
                                                         scope::thread);
  tcgen05_commit<2>(bar);
}
// [/snippet]

// [snippet:ld-st]
// tcgen05.st writes a warp's registers to TMEM, tcgen05.ld reads them back;
// each shape has its own register image (tmem_fragment_layout). .16x256b.x2:
// 16 lanes x 16 columns, 8 registers a thread; .16x32bx2: two 16-lane halves,
// the second 4 columns after the first (the immediate, read from the layout).
using Tile = TmemTensor<float, ShapeT<128, 64>>;
using Halves = TmemTensor<float, ShapeT<2, 16, 4>,
                          layout_type<S({2, 16, 4}, {4 * TCol, 1 * TLane, 1 * TCol})>>;

__device__ float round_trip(cuda::std::uint32_t base) {
  auto frag = alloc_tmem_fragment<float, TmemShape::s16x256b, 2>();
  for (int r = 0; r < 8; ++r)
    frag.data()[r] = static_cast<float>(threadIdx.x * 8 + r);
  const auto rows = tmem_warp_rows(decl_tmem<Tile>(base)); // (32, 64)
  tile::apply<ptx<"tcgen05.st.sync.aligned.16x256b.x2.b32">>(
      tmem_sub(rows, range<0, 16>, range<0, 16>), frag, scope::warp);
  tcgen05_wait_st();
  auto halves = alloc_tmem_fragment<float, TmemShape::s16x32bx2, 4>();
  const Halves h = tmem_offset(decl_tmem<Halves>(base), 32 * ((threadIdx.x / 32) % 4), 0);
  tile::apply<ptx<"tcgen05.ld.sync.aligned.16x32bx2.x4.b32">>(halves, h, scope::warp);
  tcgen05_wait_ld(halves);
  return halves.data()[0];
}
// [/snippet]

// [snippet:cp]
// tcgen05.cp copies 128 rows of 256 bits (8 words) from a canonical K-major
// shared tile to tensor memory, issued by one thread, completed by commit.
constexpr TileLayout words = wgmma_smem_layout(shape(128, 8), MatrixMajor::k, SwizzleMode::none, 4);
using Words = Tensor<unsigned, ShapeT<128, 8>, MemScope::shared_dyn, 128, layout_type<words>>;

__device__ void copy_in(cuda::std::uint32_t base, const Words& src, MBarrier bar) {
  using Dst = TmemTensor<unsigned, ShapeT<128, 8>>; // tmem_cp_layout(TmemCpShape::s128x256b)
  tile::apply<ptx<"tcgen05.cp.cta_group::1.128x256b">>(decl_tmem<Dst>(base), src, scope::thread);
  tcgen05_commit(bar);
}
// [/snippet]

// the pieces above in kernels, so that each is compiled and assembled
__global__ void pieces(float* out, MBarrier bar) {
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
  extern __shared__ __align__(1024) unsigned char smem[];
  __shared__ cuda::std::uint32_t slot;
  const Acc acc = allocate_accumulator(&slot);
  views(acc);
  if (threadIdx.x == 0) {
    mma_a_from_tmem(tmem_address(acc), decl_tensor<BHalf>(reinterpret_cast<half*>(smem)));
    copy_in(tmem_address(acc) + 192, decl_tensor<Words>(reinterpret_cast<unsigned*>(smem)), bar);
  }
  out[threadIdx.x] = round_trip(tmem_address(acc));
  release(acc);
#else
  (void)out, (void)bar;
#endif
}

__global__ void pair(MBarrier bar, cuda::std::uint32_t base) {
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
  extern __shared__ __align__(1024) unsigned char smem[];
  if (threadIdx.x == 0)
    mma_pair(base, decl_tensor<A2>(reinterpret_cast<nv_bfloat16*>(smem)),
             decl_tensor<B2>(reinterpret_cast<nv_bfloat16*>(smem + 4096)), bar);
#else
  (void)bar, (void)base;
#endif
}
