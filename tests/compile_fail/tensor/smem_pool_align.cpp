// Must not compile: an SMEMPool alignment that is no power of two.
// expected-error {{tirx::SMEMPool::alloc: the alignment must be 0 or a power of two up to 1024}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr auto bytes = smem_bytes([](SMEMPool& pool) {
  pool.alloc<float, shape(8), 24>();
  pool.commit();
});
