// Must not compile: SMEMPool::alloc after commit() in a plan evaluated at compile time.
// tirx-fail: text
// expected-error {{tirx::SMEMPool::alloc: called after commit(); allocate every tensor first}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr auto bytes = smem_bytes([](SMEMPool& pool) {
  pool.alloc<float, shape(128)>();
  pool.commit();
  pool.alloc<float, shape(128)>();
});
