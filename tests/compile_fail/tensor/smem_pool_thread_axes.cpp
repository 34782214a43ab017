// Must not compile: SMEMPool::alloc of a register layout (thread axes).
// expected-error {{tirx::SMEMPool::alloc: a shared tensor's layout may use memory axes only}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout reg_layout = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;

constexpr auto bytes =
    smem_bytes([](SMEMPool& pool) { pool.alloc<float, shape(64, 12), reg_layout>(); });
