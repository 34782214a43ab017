// The parts of CCCL tirx uses (cuda::std's traits, integer_sequence,
// bit_cast; cuda::ptx's instructions), included at the finest grain CCCL has.
//
// Why: the public headers cost at every include of tirx. With -std=c++20,
// <cuda/std/type_traits> preprocesses to about 20k lines, <cuda/std/utility>
// to 17k more and <cuda/ptx> to 24k, most of it names tirx never uses; the
// headers below hold only the names tirx spells (see docs/build-times.md).
// They are CCCL's internal layout (cuda/std/__type_traits/, cuda/__ptx/
// instructions/ ...), not a documented interface: this file is the one place
// that knows them. Each group falls back to its public header when one of its
// internal headers is missing (a CCCL that moved them), so a layout change
// costs compile time, never a build. Define TIRX_CCCL_PUBLIC_HEADERS to take
// the public headers always. Checked against CCCL 3.0 (CUDA 13.0).
//
// Using a cuda::std or cuda::ptx name tirx does not use yet? Add its header
// to its group here (and to the group's condition).
#pragma once

#include <cuda/std/cstdint>

#if defined(TIRX_CCCL_PUBLIC_HEADERS)
#include <cuda/std/type_traits>
#include <cuda/std/utility>
#include <cuda/std/bit>
#if defined(__CUDACC__)
#include <cuda/ptx>
#endif
#else

// cuda::std type traits (public: <cuda/std/type_traits>).
#if __has_include(<cuda/std/__type_traits/conditional.h>) &&                                        \
    __has_include(<cuda/std/__type_traits/integral_constant.h>) &&                                 \
    __has_include(<cuda/std/__type_traits/is_class.h>) &&                                          \
    __has_include(<cuda/std/__type_traits/is_const.h>) &&                                          \
    __has_include(<cuda/std/__type_traits/is_constant_evaluated.h>) &&                             \
    __has_include(<cuda/std/__type_traits/is_constructible.h>) &&                                  \
    __has_include(<cuda/std/__type_traits/is_convertible.h>) &&                                    \
    __has_include(<cuda/std/__type_traits/is_function.h>) &&                                       \
    __has_include(<cuda/std/__type_traits/is_integral.h>) &&                                       \
    __has_include(<cuda/std/__type_traits/is_member_pointer.h>) &&                                 \
    __has_include(<cuda/std/__type_traits/is_pointer.h>) &&                                        \
    __has_include(<cuda/std/__type_traits/is_same.h>) &&                                           \
    __has_include(<cuda/std/__type_traits/is_signed.h>) &&                                         \
    __has_include(<cuda/std/__type_traits/is_trivially_copyable.h>) &&                             \
    __has_include(<cuda/std/__type_traits/is_unsigned.h>) &&                                       \
    __has_include(<cuda/std/__type_traits/remove_cv.h>) &&                                         \
    __has_include(<cuda/std/__type_traits/remove_cvref.h>) &&                                      \
    __has_include(<cuda/std/__type_traits/remove_pointer.h>) &&                                    \
    __has_include(<cuda/std/__functional/invoke.h>)
#include <cuda/std/__type_traits/conditional.h>
#include <cuda/std/__type_traits/integral_constant.h>
#include <cuda/std/__type_traits/is_class.h>
#include <cuda/std/__type_traits/is_const.h>
#include <cuda/std/__type_traits/is_constant_evaluated.h>
#include <cuda/std/__type_traits/is_constructible.h>
#include <cuda/std/__type_traits/is_convertible.h>
#include <cuda/std/__type_traits/is_function.h>
#include <cuda/std/__type_traits/is_integral.h>
#include <cuda/std/__type_traits/is_member_pointer.h>
#include <cuda/std/__type_traits/is_pointer.h>
#include <cuda/std/__type_traits/is_same.h>
#include <cuda/std/__type_traits/is_signed.h>
#include <cuda/std/__type_traits/is_trivially_copyable.h>
#include <cuda/std/__type_traits/is_unsigned.h>
#include <cuda/std/__type_traits/remove_cv.h>
#include <cuda/std/__type_traits/remove_cvref.h>
#include <cuda/std/__type_traits/remove_pointer.h>
// is_invocable_v, invoke_result_t
#include <cuda/std/__functional/invoke.h>
#else
#include <cuda/std/type_traits>
#endif

// integer_sequence, make_integer_sequence, declval (public: <cuda/std/utility>).
#if __has_include(<cuda/std/__utility/integer_sequence.h>) &&                                      \
    __has_include(<cuda/std/__utility/declval.h>)
#include <cuda/std/__utility/integer_sequence.h>
#include <cuda/std/__utility/declval.h>
#else
#include <cuda/std/utility>
#endif

// bit_cast (public: <cuda/std/bit>).
#if __has_include(<cuda/std/__bit/bit_cast.h>)
#include <cuda/std/__bit/bit_cast.h>
#else
#include <cuda/std/bit>
#endif

// cuda::ptx (device code only): the instructions tirx calls, one header each,
// with the operand tags (space_*, sem_*, scope_*, n32_t, ...) they share
// (public: <cuda/ptx>).
#if !defined(__CUDACC__)
#elif __has_include(<cuda/__ptx/instructions/barrier_cluster.h>) &&                                  \
    __has_include(<cuda/__ptx/instructions/clusterlaunchcontrol.h>) &&                             \
    __has_include(<cuda/__ptx/instructions/cp_async_bulk.h>) &&                                    \
    __has_include(<cuda/__ptx/instructions/cp_async_bulk_commit_group.h>) &&                       \
    __has_include(<cuda/__ptx/instructions/cp_async_bulk_tensor.h>) &&                             \
    __has_include(<cuda/__ptx/instructions/cp_async_bulk_wait_group.h>) &&                         \
    __has_include(<cuda/__ptx/instructions/cp_reduce_async_bulk.h>) &&                             \
    __has_include(<cuda/__ptx/instructions/cp_reduce_async_bulk_tensor.h>) &&                      \
    __has_include(<cuda/__ptx/instructions/fence.h>) &&                                            \
    __has_include(<cuda/__ptx/instructions/get_sreg.h>) &&                                         \
    __has_include(<cuda/__ptx/instructions/mbarrier_arrive.h>) &&                                  \
    __has_include(<cuda/__ptx/instructions/mbarrier_expect_tx.h>) &&                               \
    __has_include(<cuda/__ptx/instructions/mbarrier_init.h>) &&                                    \
    __has_include(<cuda/__ptx/instructions/mbarrier_wait.h>) &&                                    \
    __has_include(<cuda/__ptx/instructions/st_bulk.h>) &&                                          \
    __has_include(<cuda/__ptx/instructions/tcgen05_alloc.h>) &&                                    \
    __has_include(<cuda/__ptx/instructions/tcgen05_commit.h>) &&                                   \
    __has_include(<cuda/__ptx/instructions/tcgen05_cp.h>) &&                                       \
    __has_include(<cuda/__ptx/instructions/tcgen05_fence.h>) &&                                    \
    __has_include(<cuda/__ptx/instructions/tcgen05_ld.h>) &&                                       \
    __has_include(<cuda/__ptx/instructions/tcgen05_mma.h>) &&                                      \
    __has_include(<cuda/__ptx/instructions/tcgen05_shift.h>) &&                                    \
    __has_include(<cuda/__ptx/instructions/tcgen05_st.h>) &&                                       \
    __has_include(<cuda/__ptx/instructions/tcgen05_wait.h>) &&                                     \
    __has_include(<cuda/__ptx/instructions/tensormap_cp_fenceproxy.h>) &&                          \
    __has_include(<cuda/__ptx/instructions/tensormap_replace.h>)
#include <cuda/__ptx/instructions/barrier_cluster.h>
#include <cuda/__ptx/instructions/clusterlaunchcontrol.h>
#include <cuda/__ptx/instructions/cp_async_bulk.h>
#include <cuda/__ptx/instructions/cp_async_bulk_commit_group.h>
#include <cuda/__ptx/instructions/cp_async_bulk_tensor.h>
#include <cuda/__ptx/instructions/cp_async_bulk_wait_group.h>
#include <cuda/__ptx/instructions/cp_reduce_async_bulk.h>
#include <cuda/__ptx/instructions/cp_reduce_async_bulk_tensor.h>
#include <cuda/__ptx/instructions/fence.h>
#include <cuda/__ptx/instructions/get_sreg.h>
#include <cuda/__ptx/instructions/mbarrier_arrive.h>
#include <cuda/__ptx/instructions/mbarrier_expect_tx.h>
#include <cuda/__ptx/instructions/mbarrier_init.h>
#include <cuda/__ptx/instructions/mbarrier_wait.h>
#include <cuda/__ptx/instructions/st_bulk.h>
#include <cuda/__ptx/instructions/tcgen05_alloc.h>
#include <cuda/__ptx/instructions/tcgen05_commit.h>
#include <cuda/__ptx/instructions/tcgen05_cp.h>
#include <cuda/__ptx/instructions/tcgen05_fence.h>
#include <cuda/__ptx/instructions/tcgen05_ld.h>
#include <cuda/__ptx/instructions/tcgen05_mma.h>
#include <cuda/__ptx/instructions/tcgen05_shift.h>
#include <cuda/__ptx/instructions/tcgen05_st.h>
#include <cuda/__ptx/instructions/tcgen05_wait.h>
#include <cuda/__ptx/instructions/tensormap_cp_fenceproxy.h>
#include <cuda/__ptx/instructions/tensormap_replace.h>
#else
#include <cuda/ptx>
#endif

#endif // TIRX_CCCL_PUBLIC_HEADERS
