// PTX-text test of the st.async/red.async and multimem families
// (ptx/async_store.hpp, ptx/multimem.hpp) and of the tirx functions over
// tensormap.replace, tensormap.cp_fenceproxy, clusterlaunchcontrol and
// st.bulk: every row of the two families through tile::apply at thread
// scope (the multimem .u32 and .v4.f32 rows also with every ordering and
// scope of their operation), each function once. ctest
// ptx_text_async_families_90a and _100a (tests/ptx/check_family_ptx.py)
// find every row's spelling, as written, and every multimem operation
// with each of its orderings and scopes, in the PTX nvcc writes for
// compute_90a (the sm_90 forms) and compute_100a (all), and assemble that
// PTX with ptxas; the `ptx-text` lines below name the functions'
// instructions.
// ptx-text: tensormap\.replace\.tile\.global_address\.shared::cta\.b1024\.b64
// ptx-text: tensormap\.replace\.tile\.global_address\.global\.b1024\.b64
// ptx-text: tensormap\.replace\.tile\.global_dim\.shared::cta\.b1024\.b32
// ptx-text: tensormap\.replace\.tile\.global_stride\.shared::cta\.b1024\.b64
// ptx-text: tensormap\.replace\.tile\.box_dim\.shared::cta\.b1024\.b32
// ptx-text: tensormap\.replace\.tile\.element_stride\.global\.b1024\.b32
// ptx-text: tensormap\.replace\.tile\.fill_mode\.global\.b1024\.b32
// ptx-text: tensormap\.replace\.tile\.rank\.shared::cta\.b1024\.b32
// ptx-text: tensormap\.replace\.tile\.elemtype\.shared::cta\.b1024\.b32
// ptx-text: tensormap\.replace\.tile\.interleave_layout\.shared::cta\.b1024\.b32
// ptx-text: tensormap\.replace\.tile\.swizzle_mode\.shared::cta\.b1024\.b32
// ptx-text: tensormap\.replace\.tile\.fill_mode\.shared::cta\.b1024\.b32
// ptx-text: tensormap\.cp_fenceproxy\.global\.shared::cta[a-z:_.]*\.release\.gpu\.sync\.aligned
// ptx-text: tensormap\.cp_fenceproxy\.global\.shared::cta[a-z:_.]*\.release\.cta\.sync\.aligned
// ptx-text: tensormap\.cp_fenceproxy\.global\.shared::cta[a-z:_.]*\.release\.sys\.sync\.aligned
// ptx-text: fence\.proxy\.tensormap::generic\.acquire\.cluster
// ptx-text: fence\.proxy\.tensormap::generic\.acquire\.gpu
// ptx-text: fence\.proxy\.tensormap::generic\.release\.sys
// ptx-text-100a: clusterlaunchcontrol\.try_cancel\.async\.shared::cta\.mbarrier[a-z_:]*\.b128
// ptx-text-100a: clusterlaunchcontrol\.try_cancel[a-z_:.]*\.multicast::cluster::all\.b128
// ptx-text-100a: clusterlaunchcontrol\.query_cancel\.is_canceled\.pred\.b128
// ptx-text-100a: clusterlaunchcontrol\.query_cancel\.get_first_ctaid\.v4\.b32\.b128
// ptx-text-100a: clusterlaunchcontrol\.query_cancel\.get_first_ctaid::x\.b32\.b128
// ptx-text-100a: clusterlaunchcontrol\.query_cancel\.get_first_ctaid::y\.b32\.b128
// ptx-text-100a: clusterlaunchcontrol\.query_cancel\.get_first_ctaid::z\.b32\.b128
// ptx-text-100a: st\.bulk\.weak\.shared::cta
#include <tirx/tile.hpp>

namespace pta {

using namespace tirx;

template <char C> struct elem;
template <> struct elem<'h'> { using type = unsigned short; };
template <> struct elem<'r'> { using type = unsigned; };
template <> struct elem<'f'> { using type = float; };
template <> struct elem<'l'> { using type = unsigned long long; };
template <> struct elem<'d'> { using type = double; };
template <char C> using elem_t = typename elem<C>::type;

/// One st.async / red.async mbarrier form: N elements of T into a shared
/// tensor, completing on the barrier at bar.
template <class Instr, class T, int N>
__device__ void cluster_case(unsigned char* smem, const T* in, unsigned bar) {
  auto v = alloc_local<T, shape(N)>();
  for (int i = 0; i < N; ++i)
    v(i) = in[threadIdx.x * N + i];
  using St = Tensor<T, ShapeT<N>, MemScope::shared, N* static_cast<int>(sizeof(T))>;
  tile::apply<Instr>(decl_tensor<St>(reinterpret_cast<T*>(smem) + threadIdx.x * N), v, bar,
                     scope::thread, tile::pred(threadIdx.x < 64));
}

/// One global form: a store or reduction of N elements of T into g, or
/// (Load) a multimem.ld_reduce of them into registers written to g.
template <class Instr, class T, int N, bool Load>
__device__ void global_case(unsigned char* data, const T* in) {
  using G = GlobalTensor<T, ShapeT<N>, N* static_cast<int>(sizeof(T))>;
  auto g = decl_tensor<G>(reinterpret_cast<T*>(data) + threadIdx.x * N);
  auto v = alloc_local<T, shape(N)>();
  if constexpr (Load) {
    tile::apply<Instr>(v, g, scope::thread);
    for (int i = 0; i < N; ++i)
      reinterpret_cast<T*>(data)[4096 + threadIdx.x * N + i] = v(i);
  } else {
    for (int i = 0; i < N; ++i)
      v(i) = in[threadIdx.x * N + i];
    tile::apply<Instr>(g, v, scope::thread);
  }
}

__global__ void async_stores(unsigned char* data, const unsigned char* in, unsigned bar) {
  __shared__ alignas(16) unsigned char smem[4096];
#define TIRX_SA(SP, N, VC)                                                                         \
  cluster_case<ptx<SP>, elem_t<VC[0]>, N>(smem, reinterpret_cast<const elem_t<VC[0]>*>(in), bar);
#define TIRX_RA(SP, VC) TIRX_SA(SP, 1, VC)
#if __CUDA_ARCH__ >= 1000
#define TIRX_SR(SP, VC)                                                                            \
  global_case<ptx<SP>, elem_t<VC[0]>, 1, false>(data, reinterpret_cast<const elem_t<VC[0]>*>(in));
#else
#define TIRX_SR(SP, VC)
#endif
#if __CUDA_ARCH__ >= 1000
#define TIRX_SR8(SP)                                                                               \
  global_case<ptx<SP>, unsigned char, 1, false>(data, reinterpret_cast<const unsigned char*>(in));
#else
#define TIRX_SR8(SP)
#endif
#define TIRX_RR TIRX_SR
#include <tirx/ptx/rows/st_async.def>
#undef TIRX_SA
#undef TIRX_RA
#undef TIRX_SR
#undef TIRX_SR8
#undef TIRX_RR
  data[threadIdx.x] = smem[threadIdx.x];
}

/// Whether a multimem row is also issued with every ordering and scope of
/// its operation: its .u32 and .v4.f32 forms (every row is issued as it is).
template <int N> __device__ constexpr bool qualified_row(const char (&sp)[N]) {
  const auto ends = [&](const char* t) {
    int n = 0;
    while (t[n] != '\0')
      ++n;
    for (int i = 0; i < n; ++i)
      if (sp[N - 1 - n + i] != t[i])
        return false;
    return true;
  };
  return ends(".u32") || ends(".v4.f32");
}
#define PTA_ONE(SP, C, NN, LOAD)                                                                   \
  global_case<ptx<SP>, elem_t<C[0]>, NN, LOAD>(data, reinterpret_cast<const elem_t<C[0]>*>(in));
#define PTA_SCOPES(H, O, T, C, NN, LOAD)                                                           \
  PTA_ONE(H O ".cta" T, C, NN, LOAD)                                                               \
  PTA_ONE(H O ".cluster" T, C, NN, LOAD)                                                           \
  PTA_ONE(H O ".gpu" T, C, NN, LOAD) PTA_ONE(H O ".sys" T, C, NN, LOAD)
template <int> __device__ void multimem_body(unsigned char* data, const unsigned char* in) {
#define TIRX_MM(H, T, NSRC, NN, PTX, DC, SC)                                                       \
  PTA_ONE(H T, DC, NN, true)                                                                       \
  if constexpr (qualified_row(H T)) {                                                              \
    PTA_ONE(H ".weak" T, DC, NN, true)                                                             \
    PTA_SCOPES(H, ".relaxed", T, DC, NN, true) PTA_SCOPES(H, ".acquire", T, DC, NN, true)          \
  }
#include <tirx/ptx/rows/multimem_ld.def>
#undef TIRX_MM
#define TIRX_MM(H, T, NSRC, NN, PTX, DC, SC)                                                       \
  PTA_ONE(H T, SC, NN, false)                                                                      \
  if constexpr (qualified_row(H T)) {                                                              \
    PTA_ONE(H ".weak" T, SC, NN, false)                                                            \
    PTA_SCOPES(H, ".relaxed", T, SC, NN, false) PTA_SCOPES(H, ".release", T, SC, NN, false)        \
  }
#include <tirx/ptx/rows/multimem_st.def>
#undef TIRX_MM
#define TIRX_MM(H, T, NSRC, NN, PTX, DC, SC)                                                       \
  PTA_ONE(H T, SC, NN, false)                                                                      \
  if constexpr (qualified_row(H T)) {                                                              \
    PTA_SCOPES(H, ".relaxed", T, SC, NN, false) PTA_SCOPES(H, ".release", T, SC, NN, false)        \
  }
#include <tirx/ptx/rows/multimem_red.def>
#undef TIRX_MM
}
#undef PTA_ONE
#undef PTA_SCOPES

/// Every multimem row as it is, and the .u32 and .v4.f32 rows with every
/// ordering and scope.
__global__ void multimem_all(unsigned char* data, const unsigned char* in) {
  multimem_body<0>(data, in);
}

using Map = TensorMap<float, ShapeT<16, 32>>;

/// Every tensor-map field in space S.
template <tma::MapSpace S> __device__ void edit_fields(Map& m, const float* next) {
  tma::replace_global_address<S>(m, next);
  tma::replace_global_dim<1, S>(m, 64u);
  tma::replace_global_stride<0, S>(m, 256ull);
  tma::replace_box_dim<0, S>(m, 16u);
  tma::replace_element_stride<1, S>(m, 1u);
  tma::replace_rank<S>(m, 1u);
  tma::replace_elemtype<7, S>(m);
  tma::replace_interleave_layout<0, S>(m);
  tma::replace_swizzle_mode<0, S>(m);
  tma::replace_fill_mode<0, S>(m);
}
/// The publication and the fences at scope Sc.
template <FenceScope Sc> __device__ void publish_at(Map* slot, const Map& edit) {
  tma::publish_map<Sc>(slot[0], edit);
  tma::release_maps<Sc>();
  tma::acquire_map<Sc>(slot[0]);
}

/// Every tensor-map edit in both spaces, the publication and the fences at every scope.
__global__ void edit_map(const __grid_constant__ Map param, Map* slot, const float* next) {
  __shared__ Map edit;
  if (threadIdx.x < 32) {
    tma::copy_map(edit, param);
    __syncwarp();
    if (threadIdx.x == 0) {
      edit_fields<tma::MapSpace::shared>(edit, next);
      edit_fields<tma::MapSpace::global>(slot[1], next);
    }
    __syncwarp();
    publish_at<FenceScope::cta>(slot, edit);
    publish_at<FenceScope::cluster>(slot, edit);
    publish_at<FenceScope::gpu>(slot, edit);
    publish_at<FenceScope::sys>(slot, edit);
  }
}

#if __CUDA_ARCH__ >= 1000
// [snippet:launch-control]
/// Cluster launch control and st.bulk (sm_100; the multicast try_cancel sm_100a).
__global__ void launch_control(unsigned* out) {
  __shared__ alignas(16) float tile[64];
  __shared__ clc::CancelResponse response;
  __shared__ alignas(8) cuda::std::uint64_t word;
  const MBarrier bar(&word);
  auto t = decl_tensor<Tensor<float, ShapeT<64>, MemScope::shared, 16>>(tile);
  if (threadIdx.x == 0) {
    bar.init(1);
    bulk::zero(t);
    bar.arrive_expect_tx(clc::response_bytes);
    clc::try_cancel(response, bar);
    clc::try_cancel_multicast(response, bar);
  }
  __syncthreads();
  bar.wait(0);
  const uint4 first = clc::first_ctaid(response);
  out[threadIdx.x] = clc::is_canceled(response) + first.x + clc::first_ctaid_axis<0>(response) +
                     clc::first_ctaid_axis<1>(response) + clc::first_ctaid_axis<2>(response) +
                     static_cast<unsigned>(tile[threadIdx.x % 64]);
}
// [/snippet]
#endif

} // namespace pta
