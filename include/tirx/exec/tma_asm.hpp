// The inline PTX behind exec/tma.hpp and exec/bulk.hpp for the forms that
// CCCL's cuda::ptx does not have: the .L2::cache_hint forms of the tensor
// copies, stores and reductions, the im2col loads, prefetches, stores and
// reductions (CUDA 13's
// CCCL has only the tile mode), cp.async.bulk.prefetch.tensor,
// prefetch.tensormap, and the architecture rules (one line each). Every
// form with coordinates takes five coordinate operands, %0..%4, innermost
// first (the unused ones are ignored), so that the other operands have the
// same numbers for every rank.
#pragma once

#include <tirx/core/config.hpp>

#include <tirx/core/cccl.hpp>

namespace tirx::tma::detail {

/// Box coordinates, innermost first, padded with zeros to five.
struct Coords5 {
  cuda::std::int32_t v[5] = {};
};

/// The element operation of a reduction (none: a plain store).
enum class ReduceOp { none, add, min, max };

template <class> inline constexpr bool always_false = false;

#if defined(__CUDACC__)

/// The 32-bit shared-window address of a generic pointer to shared memory.
__device__ TIRX_FORCEINLINE cuda::std::uint32_t smem_address(const void* p) {
  return static_cast<cuda::std::uint32_t>(__cvta_generic_to_shared(p));
}

/// Whether the device compilation may emit the sm_90a-only forms (multicast).
#if defined(__CUDA_ARCH_FEAT_SM90_ALL) || defined(__CUDA_ARCH_FEAT_SM100_ALL) ||                   \
    defined(__CUDA_ARCH_FEAT_SM101_ALL) || defined(__CUDA_ARCH_FEAT_SM103_ALL) ||                  \
    defined(__CUDA_ARCH_FAMILY_SPECIFIC__) || defined(__CUDA_ARCH_SPECIFIC__)
#define TIRX_TMA_ARCH_SPECIFIC 1
#else
#define TIRX_TMA_ARCH_SPECIFIC 0
#endif

template <class Any> __device__ TIRX_FORCEINLINE constexpr void arch_rule() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
  static_assert(always_false<Any>,
                "tirx::tma: a TMA or bulk copy" TIRX_ARCH_RULE_TEXT("90", "900"));
#endif
}
/// Whether this device pass may emit the multicast forms. nvcc's
/// -arch=sm_90a also compiles a compute_90 pass (the PTX it embeds), where
/// they do not exist: there the multicast calls trap instead (that PTX only
/// runs where no sm_90a code does).
inline constexpr bool multicast_available = TIRX_TMA_ARCH_SPECIFIC != 0;
template <class Any> __device__ TIRX_FORCEINLINE void multicast_unavailable() {
  ::tirx::detail::fail("tirx::tma::load_multicast: this code was compiled for an sm_90 target "
                       "without the a; compile for sm_90a (-gencode=arch=compute_90a,code=sm_90a)");
}

template <ReduceOp Op> __device__ TIRX_FORCEINLINE constexpr auto ptx_op() {
  if constexpr (Op == ReduceOp::add)
    return cuda::ptx::op_add;
  else if constexpr (Op == ReduceOp::min)
    return cuda::ptx::op_min;
  else
    return cuda::ptx::op_max;
}

/// Calls f with the first R coordinates as `const int32_t (&)[R]` (the
/// form cuda::ptx takes).
template <int R, class F> __device__ TIRX_FORCEINLINE void by_rank(F&& f, const Coords5& c) {
  cuda::std::int32_t a[R];
#pragma unroll
  for (int i = 0; i < R; ++i)
    a[i] = c.v[i];
  const cuda::std::int32_t(&ra)[R] = a;
  f(ra);
}

// the coordinate lists of each rank, and the five coordinate operands
#define TIRX_TMA_CRD1 "{%0}"
#define TIRX_TMA_CRD2 "{%0, %1}"
#define TIRX_TMA_CRD3 "{%0, %1, %2}"
#define TIRX_TMA_CRD4 "{%0, %1, %2, %3}"
#define TIRX_TMA_CRD5 "{%0, %1, %2, %3, %4}"
#define TIRX_TMA_CIN "r"(c.v[0]), "r"(c.v[1]), "r"(c.v[2]), "r"(c.v[3]), "r"(c.v[4])
// one statement per rank: MACRO(1) ... MACRO(5), the one of R compiled
#define TIRX_TMA_BY_RANK(MACRO)                                                                    \
  if constexpr (R == 1) {                                                                          \
    MACRO(1, TIRX_TMA_CRD1);                                                                       \
  } else if constexpr (R == 2) {                                                                   \
    MACRO(2, TIRX_TMA_CRD2);                                                                       \
  } else if constexpr (R == 3) {                                                                   \
    MACRO(3, TIRX_TMA_CRD3);                                                                       \
  } else if constexpr (R == 4) {                                                                   \
    MACRO(4, TIRX_TMA_CRD4);                                                                       \
  } else {                                                                                         \
    MACRO(5, TIRX_TMA_CRD5);                                                                       \
  }

/// cp.async.bulk.tensor.Rd global -> shared::cluster with an L2 policy.
template <int R>
__device__ TIRX_FORCEINLINE void load_hint(cuda::std::uint32_t dst, const void* map,
                                           cuda::std::uint32_t bar, cuda::std::uint64_t policy,
                                           const Coords5& c) {
#define TIRX_TMA_LOAD_HINT(N, CRD)                                                                 \
  asm volatile("cp.async.bulk.tensor." #N "d.shared::cluster.global.tile.mbarrier::complete_tx::"  \
               "bytes.L2::cache_hint [%5], [%6, " CRD "], [%7], %8;" ::TIRX_TMA_CIN,               \
               "r"(dst), "l"(map), "r"(bar), "l"(policy)                                           \
               : "memory")
  TIRX_TMA_BY_RANK(TIRX_TMA_LOAD_HINT)
#undef TIRX_TMA_LOAD_HINT
}

/// The multicast load with an L2 policy.
template <int R>
__device__ TIRX_FORCEINLINE void multicast_hint(cuda::std::uint32_t dst, const void* map,
                                                cuda::std::uint32_t bar, cuda::std::uint16_t mask,
                                                cuda::std::uint64_t policy, const Coords5& c) {
#define TIRX_TMA_MC_HINT(N, CRD)                                                                   \
  asm volatile("cp.async.bulk.tensor." #N "d.shared::cluster.global.tile.mbarrier::complete_tx::"  \
               "bytes.multicast::cluster.L2::cache_hint [%5], [%6, " CRD                           \
               "], [%7], %8, %9;" ::TIRX_TMA_CIN,                                                  \
               "r"(dst), "l"(map), "r"(bar), "h"(mask), "l"(policy)                                \
               : "memory")
  TIRX_TMA_BY_RANK(TIRX_TMA_MC_HINT)
#undef TIRX_TMA_MC_HINT
}

/// The store (Op none) or reduction shared::cta -> global with an L2 policy.
template <int R, ReduceOp Op>
__device__ TIRX_FORCEINLINE void store_hint(const void* map, cuda::std::uint32_t src,
                                            cuda::std::uint64_t policy, const Coords5& c) {
#define TIRX_TMA_ST_HINT(OP) [&] { TIRX_TMA_BY_RANK(OP) }()
#define TIRX_TMA_ST(N, CRD)                                                                        \
  asm volatile("cp.async.bulk.tensor." #N "d.global.shared::cta.tile.bulk_group.L2::cache_hint "   \
               "[%5, " CRD "], [%6], %7;" ::TIRX_TMA_CIN,                                          \
               "l"(map), "r"(src), "l"(policy)                                                     \
               : "memory")
#define TIRX_TMA_RED(N, CRD, OPN)                                                                  \
  asm volatile("cp.reduce.async.bulk.tensor." #N "d.global.shared::cta." OPN                       \
               ".tile.bulk_group.L2::cache_hint [%5, " CRD "], [%6], %7;" ::TIRX_TMA_CIN,          \
               "l"(map), "r"(src), "l"(policy)                                                     \
               : "memory")
#define TIRX_TMA_RED_ADD(N, CRD) TIRX_TMA_RED(N, CRD, "add")
#define TIRX_TMA_RED_MIN(N, CRD) TIRX_TMA_RED(N, CRD, "min")
#define TIRX_TMA_RED_MAX(N, CRD) TIRX_TMA_RED(N, CRD, "max")
  if constexpr (Op == ReduceOp::none)
    TIRX_TMA_ST_HINT(TIRX_TMA_ST);
  else if constexpr (Op == ReduceOp::add)
    TIRX_TMA_ST_HINT(TIRX_TMA_RED_ADD);
  else if constexpr (Op == ReduceOp::min)
    TIRX_TMA_ST_HINT(TIRX_TMA_RED_MIN);
  else
    TIRX_TMA_ST_HINT(TIRX_TMA_RED_MAX);
#undef TIRX_TMA_ST_HINT
#undef TIRX_TMA_ST
#undef TIRX_TMA_RED
#undef TIRX_TMA_RED_ADD
#undef TIRX_TMA_RED_MIN
#undef TIRX_TMA_RED_MAX
}

/// cp.async.bulk.prefetch.tensor.Rd.L2.global.tile: the box into L2.
template <int R> __device__ TIRX_FORCEINLINE void prefetch_box(const void* map, const Coords5& c) {
#define TIRX_TMA_PF(N, CRD)                                                                        \
  asm volatile("cp.async.bulk.prefetch.tensor." #N "d.L2.global.tile [%5, " CRD                    \
               "];" ::TIRX_TMA_CIN,                                                                \
               "l"(map)                                                                            \
               : "memory")
  TIRX_TMA_BY_RANK(TIRX_TMA_PF)
#undef TIRX_TMA_PF
}
template <int R>
__device__ TIRX_FORCEINLINE void prefetch_box_hint(const void* map, cuda::std::uint64_t policy,
                                                   const Coords5& c) {
#define TIRX_TMA_PF_HINT(N, CRD)                                                                   \
  asm volatile("cp.async.bulk.prefetch.tensor." #N "d.L2.global.tile.L2::cache_hint [%5, " CRD     \
               "], %6;" ::TIRX_TMA_CIN,                                                            \
               "l"(map), "l"(policy)                                                               \
               : "memory")
  TIRX_TMA_BY_RANK(TIRX_TMA_PF_HINT)
#undef TIRX_TMA_PF_HINT
}

// -- im2col mode (exec/tma_im2col.hpp): ranks 3..5, the rank - 2 16-bit
// im2col offsets as operands %8..%10 (innermost first; the unused ones ignored)
#define TIRX_TMA_OFF3 "{%8}"
#define TIRX_TMA_OFF4 "{%8, %9}"
#define TIRX_TMA_OFF5 "{%8, %9, %10}"
#define TIRX_TMA_OIN "h"(o.v[0]), "h"(o.v[1]), "h"(o.v[2])
#define TIRX_TMA_IM2COL_BY_RANK(MACRO)                                                             \
  if constexpr (R == 3) {                                                                          \
    MACRO(3, TIRX_TMA_CRD3, TIRX_TMA_OFF3);                                                        \
  } else if constexpr (R == 4) {                                                                   \
    MACRO(4, TIRX_TMA_CRD4, TIRX_TMA_OFF4);                                                        \
  } else {                                                                                         \
    MACRO(5, TIRX_TMA_CRD5, TIRX_TMA_OFF5);                                                        \
  }

/// The im2col offsets, innermost (W) first, padded with zeros to three.
struct Offsets3 {
  cuda::std::uint16_t v[3] = {};
};

/// cp.async.bulk.tensor.Rd global -> shared::cluster in im2col mode. Mode 0:
/// plain, 1: with an L2 policy, 2: multicast to mask, 3: multicast with a policy.
template <int R, int Mode>
__device__ TIRX_FORCEINLINE void
load_im2col(cuda::std::uint32_t dst, const void* map, cuda::std::uint32_t bar, const Coords5& c,
            const Offsets3& o, cuda::std::uint16_t mask = 0, cuda::std::uint64_t policy = 0) {
#define TIRX_TMA_I2C(N, CRD, OFF)                                                                  \
  asm volatile("cp.async.bulk.tensor." #N                                                          \
               "d.shared::cluster.global.im2col.mbarrier::complete_tx::"                           \
               "bytes [%5], [%6, " CRD "], [%7], " OFF ";" ::TIRX_TMA_CIN,                         \
               "r"(dst), "l"(map), "r"(bar), TIRX_TMA_OIN                                          \
               : "memory")
#define TIRX_TMA_I2C_HINT(N, CRD, OFF)                                                             \
  asm volatile("cp.async.bulk.tensor." #N                                                          \
               "d.shared::cluster.global.im2col.mbarrier::complete_tx::"                           \
               "bytes.L2::cache_hint [%5], [%6, " CRD "], [%7], " OFF ", %11;" ::TIRX_TMA_CIN,     \
               "r"(dst), "l"(map), "r"(bar), TIRX_TMA_OIN, "l"(policy)                             \
               : "memory")
#define TIRX_TMA_I2C_MC(N, CRD, OFF)                                                               \
  asm volatile("cp.async.bulk.tensor." #N                                                          \
               "d.shared::cluster.global.im2col.mbarrier::complete_tx::"                           \
               "bytes.multicast::cluster [%5], [%6, " CRD "], [%7], " OFF ", %11;" ::TIRX_TMA_CIN, \
               "r"(dst), "l"(map), "r"(bar), TIRX_TMA_OIN, "h"(mask)                               \
               : "memory")
#define TIRX_TMA_I2C_MC_HINT(N, CRD, OFF)                                                          \
  asm volatile("cp.async.bulk.tensor." #N                                                          \
               "d.shared::cluster.global.im2col.mbarrier::complete_tx::"                           \
               "bytes.multicast::cluster.L2::cache_hint [%5], [%6, " CRD "], [%7], " OFF           \
               ", %11, %12;" ::TIRX_TMA_CIN,                                                       \
               "r"(dst), "l"(map), "r"(bar), TIRX_TMA_OIN, "h"(mask), "l"(policy)                  \
               : "memory")
  if constexpr (Mode == 0) {
    TIRX_TMA_IM2COL_BY_RANK(TIRX_TMA_I2C)
  } else if constexpr (Mode == 1) {
    TIRX_TMA_IM2COL_BY_RANK(TIRX_TMA_I2C_HINT)
  } else if constexpr (Mode == 2) {
    TIRX_TMA_IM2COL_BY_RANK(TIRX_TMA_I2C_MC)
  } else {
    TIRX_TMA_IM2COL_BY_RANK(TIRX_TMA_I2C_MC_HINT)
  }
#undef TIRX_TMA_I2C
#undef TIRX_TMA_I2C_HINT
#undef TIRX_TMA_I2C_MC
#undef TIRX_TMA_I2C_MC_HINT
}

/// cp.async.bulk.prefetch.tensor.Rd.L2.global.im2col: the pixels of one load into L2.
template <int R>
__device__ TIRX_FORCEINLINE void prefetch_im2col(const void* map, const Coords5& c,
                                                 const Offsets3& o) {
#define TIRX_TMA_I2C_PF(N, CRD, OFF)                                                               \
  asm volatile("cp.async.bulk.prefetch.tensor." #N "d.L2.global.im2col [%5, " CRD "], " OFF        \
               ";" ::TIRX_TMA_CIN,                                                                 \
               "l"(map), "r"(0), "r"(0), TIRX_TMA_OIN                                              \
               : "memory")
  TIRX_TMA_IM2COL_BY_RANK(TIRX_TMA_I2C_PF)
#undef TIRX_TMA_I2C_PF
}

/// The store (Op none) or reduction shared::cta -> global in im2col_no_offs
/// mode, in the bulk group, with an L2 policy when Hint.
template <int R, ReduceOp Op, bool Hint>
__device__ TIRX_FORCEINLINE void store_im2col(const void* map, cuda::std::uint32_t src,
                                              cuda::std::uint64_t policy, const Coords5& c) {
#define TIRX_TMA_I2C_ST(N, CRD, OFF)                                                               \
  asm volatile("cp.async.bulk.tensor." #N                                                          \
               "d.global.shared::cta.im2col_no_offs.bulk_group [%5, " CRD                          \
               "], [%6];" ::TIRX_TMA_CIN,                                                          \
               "l"(map), "r"(src)                                                                  \
               : "memory")
#define TIRX_TMA_I2C_ST_HINT(N, CRD, OFF)                                                          \
  asm volatile("cp.async.bulk.tensor." #N "d.global.shared::cta.im2col_no_offs.bulk_group"         \
               ".L2::cache_hint [%5, " CRD "], [%6], %7;" ::TIRX_TMA_CIN,                          \
               "l"(map), "r"(src), "l"(policy)                                                     \
               : "memory")
#define TIRX_TMA_I2C_RED(N, CRD, OPN)                                                              \
  asm volatile("cp.reduce.async.bulk.tensor." #N "d.global.shared::cta." OPN                       \
               ".im2col_no_offs.bulk_group [%5, " CRD "], [%6];" ::TIRX_TMA_CIN,                   \
               "l"(map), "r"(src)                                                                  \
               : "memory")
#define TIRX_TMA_I2C_RED_HINT(N, CRD, OPN)                                                         \
  asm volatile("cp.reduce.async.bulk.tensor." #N "d.global.shared::cta." OPN                       \
               ".im2col_no_offs.bulk_group.L2::cache_hint [%5, " CRD                               \
               "], [%6], %7;" ::TIRX_TMA_CIN,                                                      \
               "l"(map), "r"(src), "l"(policy)                                                     \
               : "memory")
#define TIRX_TMA_I2C_RED_OP(N, CRD, OFF)                                                           \
  if constexpr (Hint)                                                                              \
    TIRX_TMA_I2C_RED_HINT(N, CRD, TIRX_TMA_I2C_OPN);                                               \
  else                                                                                             \
    TIRX_TMA_I2C_RED(N, CRD, TIRX_TMA_I2C_OPN)
  if constexpr (Op == ReduceOp::none && !Hint) {
    TIRX_TMA_IM2COL_BY_RANK(TIRX_TMA_I2C_ST)
  } else if constexpr (Op == ReduceOp::none) {
    TIRX_TMA_IM2COL_BY_RANK(TIRX_TMA_I2C_ST_HINT)
  } else if constexpr (Op == ReduceOp::add) {
#define TIRX_TMA_I2C_OPN "add"
    TIRX_TMA_IM2COL_BY_RANK(TIRX_TMA_I2C_RED_OP)
#undef TIRX_TMA_I2C_OPN
  } else if constexpr (Op == ReduceOp::min) {
#define TIRX_TMA_I2C_OPN "min"
    TIRX_TMA_IM2COL_BY_RANK(TIRX_TMA_I2C_RED_OP)
#undef TIRX_TMA_I2C_OPN
  } else {
#define TIRX_TMA_I2C_OPN "max"
    TIRX_TMA_IM2COL_BY_RANK(TIRX_TMA_I2C_RED_OP)
#undef TIRX_TMA_I2C_OPN
  }
#undef TIRX_TMA_I2C_ST
#undef TIRX_TMA_I2C_ST_HINT
#undef TIRX_TMA_I2C_RED
#undef TIRX_TMA_I2C_RED_HINT
#undef TIRX_TMA_I2C_RED_OP
}
#undef TIRX_TMA_OFF3
#undef TIRX_TMA_OFF4
#undef TIRX_TMA_OFF5
#undef TIRX_TMA_OIN
#undef TIRX_TMA_IM2COL_BY_RANK

/// prefetch.tensormap on the descriptor's generic address (a __grid_constant__
/// parameter, or global memory).
template <class Any = void> __device__ TIRX_FORCEINLINE void prefetch_map(const void* map) {
  asm volatile("prefetch.tensormap [%0];" ::"l"(map) : "memory");
}

#undef TIRX_TMA_CRD1
#undef TIRX_TMA_CRD2
#undef TIRX_TMA_CRD3
#undef TIRX_TMA_CRD4
#undef TIRX_TMA_CRD5
#undef TIRX_TMA_CIN
#undef TIRX_TMA_BY_RANK

#endif // __CUDACC__

} // namespace tirx::tma::detail
