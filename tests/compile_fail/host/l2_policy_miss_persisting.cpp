// Must not compile: an access-policy window whose misses persist (CUDA takes normal or streaming).
// tirx-fail: text
// expected-error {{tirx::L2Policy: the miss property is persisting, which CUDA refuses for misses; pass L2Access::normal or L2Access::streaming}}
#include <tirx/host/launch_config.hpp>

using namespace tirx;

AccessPolicyWindow window(const float* hot, unsigned long bytes) {
  return AccessPolicyWindow{hot, bytes, L2Policy{0.6, L2Access::persisting, L2Access::persisting}};
}
