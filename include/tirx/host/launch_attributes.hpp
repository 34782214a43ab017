// The cudaLaunchAttribute entries of a LaunchConfig, as tirx::launch hands
// them to cudaLaunchKernelEx: the cluster dimension (a cluster of more than
// one CTA), programmatic stream serialization, the programmatic event,
// cooperative, priority and the access-policy window, each only when the
// configuration asks for it, in that order. Nothing here calls the CUDA runtime.
#pragma once

#include <tirx/host/launch_config.hpp>

#if defined(__CUDACC__) || defined(TIRX_HOST_CUDA_RUNTIME)
#include <cuda_runtime.h>

namespace tirx {

/// The attribute entries of one launch (at most one of each kind).
struct LaunchAttributes {
  static constexpr unsigned capacity = 6;
  cudaLaunchAttribute entries[capacity] = {};
  unsigned count = 0;

  /// The entry of id, or nullptr when the launch has none.
  const cudaLaunchAttribute* find(cudaLaunchAttributeID id) const {
    for (unsigned i = 0; i < count; ++i)
      if (entries[i].id == id)
        return &entries[i];
    return nullptr;
  }
};

namespace detail {
inline cudaLaunchAttribute& add_attribute(LaunchAttributes& a, cudaLaunchAttributeID id) {
  cudaLaunchAttribute& e = a.entries[a.count++];
  e = cudaLaunchAttribute{};
  e.id = id;
  return e;
}
constexpr cudaAccessProperty access_property(L2Access a) {
  return a == L2Access::streaming    ? cudaAccessPropertyStreaming
         : a == L2Access::persisting ? cudaAccessPropertyPersisting
                                     : cudaAccessPropertyNormal;
}
} // namespace detail

/// The entries cfg asks for.
inline LaunchAttributes launch_attributes(const LaunchConfig& cfg) {
  LaunchAttributes a;
  if (1ULL * cfg.cluster.x * cfg.cluster.y * cfg.cluster.z > 1) {
    cudaLaunchAttribute& e = detail::add_attribute(a, cudaLaunchAttributeClusterDimension);
    e.val.clusterDim.x = cfg.cluster.x;
    e.val.clusterDim.y = cfg.cluster.y;
    e.val.clusterDim.z = cfg.cluster.z;
  }
  if (cfg.programmatic_stream_serialization)
    detail::add_attribute(a, cudaLaunchAttributeProgrammaticStreamSerialization)
        .val.programmaticStreamSerializationAllowed = 1;
  if (cfg.programmatic_event) {
    cudaLaunchAttribute& e = detail::add_attribute(a, cudaLaunchAttributeProgrammaticEvent);
    e.val.programmaticEvent.event = cfg.programmatic_event->event;
    e.val.programmaticEvent.flags = 0;
    e.val.programmaticEvent.triggerAtBlockStart = cfg.programmatic_event->trigger_at_block_start;
  }
  if (cfg.cooperative)
    detail::add_attribute(a, cudaLaunchAttributeCooperative).val.cooperative = 1;
  if (cfg.priority)
    detail::add_attribute(a, cudaLaunchAttributePriority).val.priority = *cfg.priority;
  if (cfg.access_policy_window) {
    const AccessPolicyWindow& w = *cfg.access_policy_window;
    cudaAccessPolicyWindow& v =
        detail::add_attribute(a, cudaLaunchAttributeAccessPolicyWindow).val.accessPolicyWindow;
    v.base_ptr = const_cast<void*>(w.base); // CUDA's field is void*; nothing is written
    v.num_bytes = w.bytes;
    v.hitRatio = w.policy.hit_ratio;
    v.hitProp = detail::access_property(w.policy.hit);
    v.missProp = detail::access_property(w.policy.miss);
  }
  return a;
}

} // namespace tirx
#endif
