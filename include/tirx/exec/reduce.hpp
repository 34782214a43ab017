// Reductions the row kernels need: over the slots a thread holds of a
// register tile, across a warp with shuffles, across a CTA through a few
// words of shared memory, across a cluster through distributed shared
// memory. Results reach every participating thread.
#pragma once

#include <tirx/core/thread.hpp>
#include <tirx/exec/grid.hpp>
#include <tirx/exec/sync.hpp>
#include <tirx/tensor/tensor.hpp>

#include <tirx/core/cccl.hpp>

namespace tirx {

namespace detail {
/// Offsets of the slots one thread holds of a layout, in order.
template <TileLayout L> struct slot_offsets {
  static constexpr TileLayout st = storage(L);
  static constexpr index_t count = st.size();
  struct Table {
    index_t at[count];
  };
  static constexpr Table value = [] {
    Table t{};
    for (index_t i = 0; i < count; ++i)
      t.at[i] = apply(st, i)[Axis{0}];
    return t;
  }();
};
} // namespace detail

/// Folds every value the calling thread holds of a register tile (an
/// alloc_local tensor or a view of one), in slot order:
/// thread_reduce(plus, 0.0f, regs).
template <class F, class T, class Tn>
TIRX_HD TIRX_FORCEINLINE T thread_reduce(F f, T init, const Tn& regs) {
  static_assert(
      is_tensor_v<Tn>,
      "tirx::thread_reduce: the operand must be a tirx tensor (a register tile from alloc_local)");
  static_assert(Tn::scope == MemScope::local, "tirx::thread_reduce: folds the registers of one "
                                              "thread; load memory into an alloc_local tile first");
  using Slots = detail::slot_offsets<Tn::layout()>;
  T acc = init;
  [&]<index_t... I>(cuda::std::integer_sequence<index_t, I...>) {
    (
        [&] {
          constexpr index_t off = Slots::value.at[I];
          acc = f(acc, regs.data()[off]);
        }(),
        ...);
  }
  (cuda::std::make_integer_sequence<index_t, Slots::count>{});
  return acc;
}

#if defined(__CUDACC__)
/// Combines v over groups of Width consecutive lanes of the calling warp
/// (lanes [k * Width, k * Width + Width)); every lane of the warp must call,
/// and every lane gets its group's result (TIRx's warp_reduce(v, op,
/// width)). Width: 1, 2, 4, 8, 16 or 32 (the default, the whole warp); f
/// must be associative and commutative.
template <int Width = 32, class F, class T> __device__ TIRX_FORCEINLINE T warp_reduce(F f, T v) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8,
                "tirx::warp_reduce: shuffles move 32- or 64-bit values");
  static_assert(Width >= 1 && Width <= 32 && (Width & (Width - 1)) == 0,
                "tirx::warp_reduce: the group width must be a power of two from 1 to 32 lanes "
                "(1, 2, 4, 8, 16, 32); round it up and pad with the identity");
#pragma unroll
  for (int offset = Width / 2; offset > 0; offset /= 2)
    v = f(v, __shfl_xor_sync(0xffffffffu, v, offset));
  return v;
}

/// Combines v over the Warps warps of a CTA of Warps * 32 threads; every
/// thread gets the result. scratch: Warps words of shared memory, free for
/// the call (two barriers order its reuse; a later call may pass the same).
template <int Warps, class F, class T>
__device__ TIRX_FORCEINLINE T cta_reduce(F f, T v, T* scratch) {
  static_assert(Warps >= 1 && Warps <= 32 && (Warps & (Warps - 1)) == 0,
                "tirx::cta_reduce: Warps must be a power of two from 1 to 32");
  detail::check_block_dims();
  TIRX_CHECK(block_threads() == Warps * 32,
             "tirx::cta_reduce: the block must have Warps * 32 threads");
  v = warp_reduce(f, v);
  if constexpr (Warps > 1) {
    const int warp = static_cast<int>(warp_index()), lane = static_cast<int>(lane_index());
    __syncthreads(); // the previous call's readers are done with scratch
    if (lane == 0)
      scratch[warp] = v;
    __syncthreads();
    v = scratch[lane < Warps ? lane : 0];
    // lanes below Warps combine among themselves (xor by less than Warps
    // stays below it); lane 0's result goes to every lane
#pragma unroll
    for (int offset = Warps / 2; offset > 0; offset /= 2)
      v = f(v, __shfl_xor_sync(0xffffffffu, v, offset));
    v = __shfl_sync(0xffffffffu, v, 0);
  }
  return v;
}

/// Combines v over every thread of a cluster of Ctas CTAs of Warps * 32
/// threads each (launched with cluster dimension Ctas, every thread must
/// call); every thread of every CTA gets the same value: the CTAs' totals
/// are combined in rank order everywhere, so a row split over the cluster
/// is scaled identically in each part. scratch: Warps + Ctas words of
/// shared memory, free for the call. Each CTA's total goes to the other
/// CTAs' scratch (st.shared::cluster at a mapa address). Two cluster
/// barriers per call: the first (arrived at on entry, waited on just before
/// the remote stores, so the CTA's own reduction hides its latency) makes
/// sure every CTA of the cluster is running and done with its slots from
/// any earlier call; the second makes the totals visible. After the call no
/// CTA touches another's shared memory, so CTAs may exit.
/// Needs sm_90 (code compiled for an older target traps there).
template <int Ctas, int Warps, class F, class T>
__device__ TIRX_FORCEINLINE T cluster_reduce(F f, T v, T* scratch) {
  static_assert(
      Ctas >= 1 && Ctas <= 16 && (Ctas & (Ctas - 1)) == 0,
      "tirx::cluster_reduce: Ctas must be a power of two from 1 to 16 (the cluster size)");
  static_assert(sizeof(T) == 4 && cuda::std::is_trivially_copyable_v<T>,
                "tirx::cluster_reduce: the value must be a 32-bit word (float, int, unsigned)");
#if __CUDA_ARCH__ >= 900
  if constexpr (Ctas > 1) {
    TIRX_CHECK(cuda::ptx::get_sreg_cluster_nctarank() == Ctas,
               "tirx::cluster_reduce: the launch's cluster must have Ctas CTAs");
    // a peer's shared memory may be written only once the peer has started
    // and has read its slots of the previous call: both are behind this arrive
    cuda::ptx::barrier_cluster_arrive(cuda::ptx::sem_release);
  }
#endif
  v = cta_reduce<Warps>(f, v, scratch);
  if constexpr (Ctas > 1) {
#if __CUDA_ARCH__ >= 900
    const unsigned rank = static_cast<unsigned>(cluster_rank());
    T* slots = scratch + Warps;
    cuda::ptx::barrier_cluster_wait(cuda::ptx::sem_acquire);
    if (thread_index() < Ctas) { // thread k writes this CTA's total into CTA k's slot [rank]
      const unsigned local = static_cast<unsigned>(__cvta_generic_to_shared(slots + rank));
      unsigned remote;
      asm volatile("mapa.shared::cluster.u32 %0, %1, %2;"
                   : "=r"(remote)
                   : "r"(local), "r"(thread_index()));
      asm volatile("st.shared::cluster.b32 [%0], %1;" ::"r"(remote),
                   "r"(cuda::std::bit_cast<unsigned>(v))
                   : "memory");
    }
    cluster_sync(); // every total has arrived
    v = slots[0];
#pragma unroll
    for (int k = 1; k < Ctas; ++k)
      v = f(v, slots[k]);
#else
    // compiled for an older target too (a fat binary); launching it there fails
    detail::fail("tirx::cluster_reduce: clusters need sm_90 or newer");
#endif
  }
  return v;
}
#endif

} // namespace tirx
