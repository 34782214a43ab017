// Must not compile: a float placed at byte 3 (TIRx places it there; tirx refuses).
// tirx-fail: text
// expected-error {{tirx::SMEMPool::alloc: the offset is not a multiple of the element's alignment (TIRx would place the tensor there); pass an Align}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr auto bytes = smem_bytes([](SMEMPool& pool) {
  pool.alloc<int8, shape(3)>();
  pool.alloc<float, shape(4)>(); // at byte 3
  pool.commit();
});
