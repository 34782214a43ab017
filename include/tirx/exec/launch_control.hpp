// Cluster launch control (clusterlaunchcontrol, sm_100, PTX 8.6; through
// cuda::ptx): a persistent kernel asks the hardware to cancel a cluster
// that has not started yet and takes over its work, so that the grid keeps
// the launch's order and its load balance without a work queue in memory.
//
//   __shared__ clc::CancelResponse response;    // 16 bytes
//   if (elected) {
//     bar.arrive_expect_tx(clc::response_bytes);
//     clc::try_cancel(response, bar);           // one thread
//   }
//   bar.wait(phase);
//   if (clc::is_canceled(response)) {
//     const uint4 next = clc::first_ctaid(response);   // the canceled cluster's first CTA
//     ...                                       // its tiles, then ask again
//   }
//
// Spellings: clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::
// complete_tx::bytes[.multicast::cluster::all].b128 [response], [mbar]
// (try_cancel; the multicast form, sm_100a, writes every CTA's response at
// the same offset and completes on each CTA's barrier), and
// clusterlaunchcontrol.query_cancel{.is_canceled.pred | .get_first_ctaid.v4.b32 |
// .get_first_ctaid::x|y|z.b32}.b128 (is_canceled, first_ctaid,
// first_ctaid_x/y/z). A response that is not canceled has no first CTA.
#pragma once

#include <tirx/exec/barrier.hpp>

namespace tirx::clc {

/// The bytes a try_cancel writes and completes on its barrier.
inline constexpr unsigned response_bytes = 16;

/// The response of a try_cancel: 16 bytes of shared memory.
struct alignas(16) CancelResponse {
  uint4 word;
};

#if defined(__CUDACC__)
namespace detail {
template <class T> inline constexpr bool sm100_false = false;
/// Stops a compilation for a target before sm_100. (The multicast form
/// needs sm_100a: in a pass without its features, such as the compute_100
/// pass that -arch=sm_100a also builds, it traps instead.)
template <class T> __device__ TIRX_FORCEINLINE constexpr void arch_rule() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 1000
  static_assert(sm100_false<T>,
                "tirx::clc: clusterlaunchcontrol" TIRX_ARCH_RULE_TEXT("100", "1000"));
#endif
}
template <class T> __device__ TIRX_FORCEINLINE uint4 load_response(const CancelResponse& r) {
  return r.word; // after the barrier's wait: a plain shared load
}
} // namespace detail

/// Asks to cancel a cluster that has not started (one thread): the 16-byte
/// answer lands in response and completes on bar (this CTA's mbarrier,
/// which expects response_bytes, e.g. bar.arrive_expect_tx(16)).
template <class Bar>
__device__ TIRX_FORCEINLINE void try_cancel(CancelResponse& response, Bar bar) {
  TIRX_BARRIER_RULE(Bar, "tirx::clc::try_cancel: ");
  detail::arch_rule<Bar>();
#if __CUDA_ARCH__ >= 1000
  cuda::ptx::clusterlaunchcontrol_try_cancel(&response, barrier_word(bar));
#endif
}

/// try_cancel for the whole cluster: every CTA's response at response's
/// offset, each completing on its barrier at bar's offset (sm_100a).
template <class Bar>
__device__ TIRX_FORCEINLINE void try_cancel_multicast(CancelResponse& response, Bar bar) {
  TIRX_BARRIER_RULE(Bar, "tirx::clc::try_cancel_multicast: ");
  detail::arch_rule<Bar>();
#if defined(__CUDA_ARCH_FEAT_SM100_ALL) || defined(__CUDA_ARCH_FEAT_SM101_ALL)
  cuda::ptx::clusterlaunchcontrol_try_cancel_multicast(&response, barrier_word(bar));
#elif __CUDA_ARCH__ >= 1000
  ::tirx::detail::fail("tirx::clc::try_cancel_multicast: this code was compiled for an sm_100 "
                       "target without the a; compile for sm_100a "
                       "(-gencode=arch=compute_100a,code=sm_100a)");
#endif
}

/// Whether the request canceled a cluster (query_cancel.is_canceled).
template <class T = void> __device__ TIRX_FORCEINLINE bool is_canceled(const CancelResponse& r) {
  detail::arch_rule<T>();
#if __CUDA_ARCH__ >= 1000
  return cuda::ptx::clusterlaunchcontrol_query_cancel_is_canceled(detail::load_response<T>(r));
#else
  return false;
#endif
}

/// The canceled cluster's first CTA (x, y, z; w unspecified): only for a
/// response that is_canceled (query_cancel.get_first_ctaid.v4).
template <class T = void> __device__ TIRX_FORCEINLINE uint4 first_ctaid(const CancelResponse& r) {
  detail::arch_rule<T>();
  uint4 id{};
#if __CUDA_ARCH__ >= 1000
  cuda::std::uint32_t v[4];
  cuda::ptx::clusterlaunchcontrol_query_cancel_get_first_ctaid(v, detail::load_response<T>(r));
  id = uint4{v[0], v[1], v[2], v[3]};
#endif
  return id;
}

/// One coordinate of the first CTA (query_cancel.get_first_ctaid::x/y/z).
template <int Axis, class T = void>
__device__ TIRX_FORCEINLINE cuda::std::uint32_t first_ctaid_axis(const CancelResponse& r) {
  static_assert(Axis >= 0 && Axis < 3, "tirx::clc::first_ctaid_axis<Axis>: 0 x, 1 y, 2 z");
  detail::arch_rule<T>();
#if __CUDA_ARCH__ >= 1000
  const uint4 w = detail::load_response<T>(r);
  if constexpr (Axis == 0)
    return cuda::ptx::clusterlaunchcontrol_query_cancel_get_first_ctaid_x<cuda::std::uint32_t>(w);
  else if constexpr (Axis == 1)
    return cuda::ptx::clusterlaunchcontrol_query_cancel_get_first_ctaid_y<cuda::std::uint32_t>(w);
  else
    return cuda::ptx::clusterlaunchcontrol_query_cancel_get_first_ctaid_z<cuda::std::uint32_t>(w);
#else
  return 0;
#endif
}
#endif

} // namespace tirx::clc
