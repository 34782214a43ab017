// Must not compile: SMEMPool::alloc after commit() in a plan evaluated at compile time.
#include <tirx/tile.hpp>

using namespace tirx;

constexpr auto bytes = smem_bytes([](SMEMPool& pool) {
  pool.alloc<float, shape(128)>();
  pool.commit();
  pool.alloc<float, shape(128)>();
});
