// Must not compile: vote.sync.ballot.b64; a ballot is one bit per lane of a
// warp, .b32 only. The generic report names the family's closest form.
// With -DTIRX_FIXED it compiles: the fix (test compile_fail.nvcc.fixed).
// expected-error {{tirx::tile::apply: tirx has no such form (spelling and number of sources); the closest accepted form is "vote.sync.ballot.b32" (every form: docs/instruction-reference.md)}}
#include <tirx/tile.hpp>

namespace vote_ballot_b64 {
using namespace tirx;

constexpr TileLayout reg = layout_of<"S[(32, 2) : (1@laneid, 1)]">;

__global__ void kernel(unsigned* out) {
  auto flags = alloc_local<bool, shape(32, 2), reg>();
  auto ballot = alloc_local<unsigned, shape(32, 2), reg>();
  tile::ewise([] { return true; }, flags, scope::warp);
#ifdef TIRX_FIXED
  tile::apply<ptx<"vote.sync.ballot.b32">>(ballot, flags, 0xffffffffu, scope::warp);
#else
  tile::apply<ptx<"vote.sync.ballot.b64">>(ballot, flags, 0xffffffffu, scope::warp);
#endif
  out[threadIdx.x] = ballot.data()[0];
}

} // namespace vote_ballot_b64
