// Must not compile: allocating no barriers.
// expected-error {{tirx::alloc_barriers<N>: allocate at least one barrier}}
#include <tirx/exec/barrier.hpp>

namespace alloc_barriers_zero {
constexpr auto bytes =
    tirx::smem_bytes([](tirx::SMEMPool& pool) { tirx::alloc_barriers<0>(pool); });
} // namespace alloc_barriers_zero
