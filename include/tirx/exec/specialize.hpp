// Warp specialization: electing one lane of a warp, moving registers
// between warp groups (setmaxnreg) and programmatic dependent launch
// (griddepcontrol). CCCL 3.0 (CUDA 13.0) has none of these; they are asm.
#pragma once

#include <tirx/exec/fence.hpp>

namespace tirx {

/// What elect_sync returns: whether the calling lane is the elected one,
/// and the elected lane (the same in every calling lane).
struct Elected {
  bool elected;
  unsigned lane;
};

#if defined(__CUDACC__)
/// Elects one lane among the lanes of membermask (all of which must call,
/// converged): elect.sync on sm_90 and newer. Below sm_90 the lowest lane
/// of membermask that calls is elected (the same choice elect.sync makes
/// on the H200, where it is lane 0 of a full warp).
__device__ TIRX_FORCEINLINE Elected elect_sync(unsigned membermask = 0xffffffffu) {
#if __CUDA_ARCH__ >= 900
  unsigned lane = 0, is_leader = 0;
  asm volatile("{\n\t.reg .pred p;\n\telect.sync %0|p, %2;\n\tselp.u32 %1, 1, 0, p;\n\t}"
               : "=r"(lane), "=r"(is_leader)
               : "r"(membermask));
  return Elected{is_leader != 0, lane};
#else
  const unsigned callers = membermask & __activemask();
  const unsigned lane = static_cast<unsigned>(__ffs(static_cast<int>(callers)) - 1);
  return Elected{cuda::ptx::get_sreg_laneid() == lane, lane};
#endif
}

namespace detail {
template <unsigned N> inline constexpr bool setmaxnreg_count_ok = N % 8 == 0 && N >= 24 && N <= 256;
template <unsigned N> struct register_count {};
} // namespace detail

// setmaxnreg exists in the arch- and family-specific targets (sm_90a,
// sm_100a, sm_100f, ...). `-arch=sm_90a` also compiles a plain compute_90
// PTX, whose ptxas refuses it: there the call does nothing (the register
// count stays the launch's, which only costs registers, never correctness).
#if defined(__CUDA_ARCH__) &&                                                                      \
    (defined(__CUDA_ARCH_FEAT_SM90_ALL) || defined(__CUDA_ARCH_SPECIFIC__) ||                      \
     defined(__CUDA_ARCH_FAMILY_SPECIFIC__))
#define TIRX_HAS_SETMAXNREG 1
#else
#define TIRX_HAS_SETMAXNREG 0
#endif

/// Raises the calling warpgroup's per-thread register limit to N
/// (setmaxnreg.inc.sync.aligned.u32 N): the consumer warpgroups of a
/// warp-specialized kernel take the registers the producer gave back. Every
/// thread of the warpgroup calls it, converged. N is a multiple of 8 in
/// [24, 256]. The kernel should have __launch_bounds__(threads, 1). Needs
/// sm_90a (a compile-time error below sm_90).
template <unsigned N> __device__ TIRX_FORCEINLINE void setmaxnreg_inc() {
  static_assert(detail::setmaxnreg_count_ok<N>,
                "tirx::setmaxnreg_inc<N>: the register count N (in the instantiation line) must be "
                "a multiple of 8 in [24, 256] (PTX setmaxnreg); round N to one, e.g. "
                "setmaxnreg_inc<232>()");
  TIRX_NEEDS_SM90(detail::register_count<N>, "tirx::setmaxnreg_inc");
#if TIRX_HAS_SETMAXNREG
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;" ::"n"(N));
#endif
}

/// Lowers the calling warpgroup's per-thread register limit to N
/// (setmaxnreg.dec.sync.aligned.u32 N): the producer warpgroup, which needs
/// few registers, gives the rest back. The same rules as setmaxnreg_inc.
template <unsigned N> __device__ TIRX_FORCEINLINE void setmaxnreg_dec() {
  static_assert(detail::setmaxnreg_count_ok<N>,
                "tirx::setmaxnreg_dec<N>: the register count N (in the instantiation line) must be "
                "a multiple of 8 in [24, 256] (PTX setmaxnreg); round N to one, e.g. "
                "setmaxnreg_dec<40>()");
  TIRX_NEEDS_SM90(detail::register_count<N>, "tirx::setmaxnreg_dec");
#if TIRX_HAS_SETMAXNREG
  asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;" ::"n"(N));
#endif
}

/// Programmatic dependent launch: lets the next kernel of the stream,
/// launched with cudaLaunchAttributeProgrammaticStreamSerialization, start
/// before this one ends (griddepcontrol.launch_dependents). Below sm_90
/// there is no such launch and it does nothing.
__device__ TIRX_FORCEINLINE void griddep_launch_dependents() {
#if __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
}

/// Waits until the grids this one depends on have finished and their
/// memory is visible (griddepcontrol.wait). Below sm_90 a kernel starts
/// only after its predecessor ends, and it does nothing.
__device__ TIRX_FORCEINLINE void griddep_wait() {
#if __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}
#endif

} // namespace tirx
