// Reductions the row kernels need: over the slots a thread holds of a
// register tile, across a warp with shuffles, across a CTA through a few
// words of shared memory. Results reach every participating thread.
#pragma once

#include <tirx/tensor/tensor.hpp>

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
  static_assert(Tn::scope == Scope::local, "tirx::thread_reduce: folds the registers of one "
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
/// Combines v over the 32 lanes of the calling warp (every lane must call);
/// every lane gets the result. f must be associative and commutative.
template <class F, class T> __device__ TIRX_FORCEINLINE T warp_reduce(F f, T v) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8,
                "tirx::warp_reduce: shuffles move 32- or 64-bit values");
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2)
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
  TIRX_CHECK(blockDim.x == Warps * 32, "tirx::cta_reduce: the block must have Warps * 32 threads");
  v = warp_reduce(f, v);
  if constexpr (Warps > 1) {
    const int warp = static_cast<int>(threadIdx.x / 32), lane = static_cast<int>(threadIdx.x % 32);
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
#endif

} // namespace tirx
