// Must not compile: a bulk reduction of bytes (cp.reduce.async.bulk .add has no 8-bit type).
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{tirx::bulk::reduce_add_s2g: cp.reduce.async.bulk .add takes f32, f64, f16, bf16, s32, u32, u64 and s64 elements; reduce another type with a loop of atomics}}
#include <tirx/tile.hpp>

namespace bulk_reduce_type {
using namespace tirx;

#ifndef TIRX_FIXED
using Element = unsigned char;
#else
using Element = unsigned;
#endif
__global__ void kernel(Element* dst) {
  auto buf = SMEMPool::dynamic().alloc<Element, shape(64)>();
  bulk::reduce_add_s2g(dst, buf.data(), 64);
}

} // namespace bulk_reduce_type
