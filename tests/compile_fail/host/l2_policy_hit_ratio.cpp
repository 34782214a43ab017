// Must not compile: an access-policy window whose constant hit ratio is above 1.
// tirx-fail: text
// expected-error {{tirx::L2Policy: the hit ratio is outside [0, 1]; pass the fraction of the window's lines that get the hit property, e.g. L2Policy{0.6}}}
#include <tirx/host/launch_config.hpp>

using namespace tirx;

AccessPolicyWindow window(const float* hot, unsigned long bytes) {
  return AccessPolicyWindow{hot, bytes, L2Policy{1.5}}; // 150 % of the lines
}
