// Must not compile: a register layout over 16 warpgroups (a CTA has at most 8).
// expected-error {{tirx::Tensor: a register tensor's wgid coordinates must lie in 0..7 (a CTA has at most 8 warpgroups, 1024 threads); give it fewer warpgroups and more register slots per thread}}
#include <tirx/tile.hpp>

using namespace tirx;

void f() {
  auto bad =
      alloc_local<float, shape(16, 128), layout_of<"S[(16, 128) : (1@wgid, 1@tid_in_wg)]">>();
}
