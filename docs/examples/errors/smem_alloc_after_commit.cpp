// Expected to fail: SMEMPool::alloc after commit(), found while smem_bytes
// evaluates the plan at compile time.
// expected-error-re {{error: call to non-.*constexpr.* function}}
#include <tirx/tile.hpp>

using namespace tirx;

// [snippet:error-after-commit]
constexpr auto plan(SMEMPool& pool) {
  auto a = pool.alloc<float, shape(128)>();
  pool.commit();
  auto b = pool.alloc<float, shape(128)>(); // too late
  return b;
}
constexpr auto bytes = smem_bytes(plan);
// [/snippet]
