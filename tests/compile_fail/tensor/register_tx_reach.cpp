// Must not compile: a register layout over 2048 threads (a CTA has at most 1024).
// expected-error {{tirx::Tensor: a register tensor's tx coordinates must lie in 0..1023 (a CTA has at most 1024 threads); give it fewer threads and more register slots per thread}}
#include <tirx/tile.hpp>

using namespace tirx;

void f() { auto bad = alloc_local<float, shape(2048, 2), layout_of<"S[(2048, 2) : (1@tx, 1)]">>(); }
