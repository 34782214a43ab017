// Must not compile: a layout that reaches past shape x element bytes (TIRx would overlap the next
// tensor).
// expected-error {{tirx::SMEMPool::alloc: the layout reaches past shape x element bytes, where TIRx places the next tensor; allocate span(layout) elements and view them}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr auto bytes = smem_bytes([](SMEMPool& pool) {
  pool.alloc<float, shape(8), S({8}, {2})>(); // reaches 15 elements
  pool.commit();
});
