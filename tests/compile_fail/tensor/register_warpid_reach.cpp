// Must not compile: a register layout over 64 warps (a CTA has at most 32).
// expected-error {{tirx::Tensor: a register tensor's warpid coordinates must lie in 0..31 (a CTA has at most 32 warps, 1024 threads); give it fewer warps and more register slots per thread}}
#include <tirx/tile.hpp>

using namespace tirx;

void f() {
  auto bad =
      alloc_local<float, shape(64, 32, 4), layout_of<"S[(64, 32, 4) : (1@warpid, 1@laneid, 1)]">>();
}
