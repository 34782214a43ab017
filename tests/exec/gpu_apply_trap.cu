// GPU test of tile::apply's and tile::ewise's run-time debug checks (label
// gpu): what only run time knows, the launch's block shape against the scope
// and the actual alignment of a vector access's pointer. Each broken launch
// must trap with its check's message on stdout; the matching correct launch
// must finish (and, for the copy, copy).
//
// Built with TIRX_DEBUG_CHECKS=1 whatever the build type. A trap ruins the
// CUDA context, so every case runs in a child process (`gpu_apply_trap
// --child CASE`, see trap_runner.hpp).
// Exit 0: all passed; 1: a case failed; 77: no GPU (ctest: skipped).
#define TIRX_DEBUG_CHECKS 1

#include "support/device_buffer.hpp"
#include "support/trap_runner.hpp"

#include <tirx/tile.hpp>

#include <cstdio>
#include <string>
#include <vector>

namespace {

using namespace tirx;

// Two warps of 32 lanes, 4 floats each: one .v4 load and store per thread.
constexpr TileLayout reg = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;
using Tile = GlobalTensor<float, ShapeT<2, 32, 4>, 16>;
constexpr int tile_elements = 2 * 32 * 4;

__global__ void copy_tile(Tile A, Tile B) {
  auto registers = alloc_local<float, shape(2, 32, 4), reg>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
  tile::apply<ptx<"st.global.v4.b32">>(B, registers, scope::cta);
}

/// ewise writing a memory tile at cta scope: ewise's own launch check.
__global__ void fill_tile(Tile B) {
  tile::ewise([] { return 2.0f; }, B, scope::cta);
}

/// Warps 4..5 of the block copy the tile at cta scope over that range.
__global__ void copy_range(Tile A, Tile B, bool everyone) {
  if (everyone || threadIdx.x >= 128) {
    auto registers = alloc_local<float, shape(2, 32, 4), reg>();
    tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::warps<4, 2>(scope::cta));
    tile::apply<ptx<"st.global.v4.b32">>(B, registers, scope::warps<4, 2>(scope::cta));
  }
}

/// One warpgroup copies 4 x 32 x 1 floats at warpgroup scope.
using GroupTile = GlobalTensor<float, ShapeT<4, 32, 1>, 4>;
__global__ void copy_group(GroupTile A, GroupTile B) {
  auto registers = alloc_local<float, shape(4, 32, 1),
                               layout_of<"S[(4, 32, 1) : (1@wid_in_wg, 1@laneid, 1)]">>();
  tile::apply<ptx<"ld.global.b32">>(registers, A, scope::warpgroup);
  tile::apply<ptx<"st.global.b32">>(B, registers, scope::warpgroup);
}

/// One warp copies 32 x 4 floats at warp scope.
using WarpTile = GlobalTensor<float, ShapeT<32, 4>, 16>;
__global__ void copy_warp(WarpTile A, WarpTile B) {
  auto registers = alloc_local<float, shape(32, 4), layout_of<"S[(32, 4) : (1@laneid, 1)]">>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::warp);
  tile::apply<ptx<"st.global.v4.b32">>(B, registers, scope::warp);
}

/// One warp copies 32 x 4 floats through shfl.sync.bfly with lane mask 0
/// (each lane its own value); with `half`, only lanes 0..15 call it while
/// the member mask names all 32.
__global__ void copy_shfl(WarpTile A, WarpTile B, bool half) {
  auto registers = alloc_local<float, shape(32, 4), layout_of<"S[(32, 4) : (1@laneid, 1)]">>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::warp);
  if (!half || threadIdx.x < 16)
    tile::apply<ptx<"shfl.sync.bfly.b32">>(registers, registers, 0u, 0x1fu, 0xffffffffu,
                                           scope::warp);
  tile::apply<ptx<"st.global.v4.b32">>(B, registers, scope::warp);
}

/// Lanes 0..15 of a warp call redux.sync.or.b32 with all 32 in the mask.
__global__ void redux_half(WarpTile A, WarpTile B) {
  auto registers = alloc_local<float, shape(32, 4), layout_of<"S[(32, 4) : (1@laneid, 1)]">>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::warp);
  if (threadIdx.x < 16)
    tile::apply<ptx<"redux.sync.or.b32">>(registers, registers, 0xffffffffu, scope::warp);
  tile::apply<ptx<"st.global.v4.b32">>(B, registers, scope::warp);
}

/// Lanes 0..15 of a warp call a warp-collective op with all 32 lanes in the
/// mask: vote.sync (0), match.sync (1), elect.sync (2, sm_90).
__global__ void collective_half(WarpTile A, WarpTile B, int which) {
  auto registers = alloc_local<unsigned, shape(32, 4), layout_of<"S[(32, 4) : (1@laneid, 1)]">>();
  auto p = alloc_local<bool, shape(32, 4), layout_of<"S[(32, 4) : (1@laneid, 1)]">>();
  for (int k = 0; k < 4; ++k)
    registers.data()[k] = threadIdx.x, p.data()[k] = (threadIdx.x & 1u) != 0;
  if (threadIdx.x < 16) {
    if (which == 0)
      tile::apply<ptx<"vote.sync.any.pred">>(p, p, 0xffffffffu, scope::warp);
    else if (which == 1)
      tile::apply<ptx<"match.any.sync.b32">>(registers, registers, 0xffffffffu, scope::warp);
#if __CUDA_ARCH__ >= 900
    else
      tile::apply<ptx<"elect.sync">>(registers, p, 0xffffffffu, scope::warp);
#endif
  }
  B.data()[threadIdx.x] =
      A.data()[threadIdx.x] + static_cast<float>(registers.data()[0] & (p.data()[0] ? 1u : 0u));
}

/// One thread discards two 128-byte lines of A (the type claims align 128).
using LineTile = GlobalTensor<float, ShapeT<2, 32>, 128>;
__global__ void discard_lines(LineTile A) {
  tile::apply<ptx<"discard.global.L2">>(A, scope::thread);
}

constexpr const char* block_1d =
    "tirx::tile: tile operations read thread coordinates from threadIdx.x; launch 1-D blocks";
constexpr const char* block_size =
    "tirx::tile: at cta scope the launch's block size must equal warps x 32 of the operands' group";
constexpr const char* misaligned = "tirx::tile::apply: the memory tensor's pointer is not aligned "
                                   "to the vector's bytes (its type claims an align "
                                   "the pointer does not have); make the tensor with decl_tensor, "
                                   "which checks, or declare a smaller align";

constexpr const char* line_misaligned =
    "tirx::tile::apply: discard/applypriority: the tensor's pointer is not aligned to the 128-byte "
    "line (its type claims an align the pointer does not have); make the tensor with decl_tensor, "
    "which checks, at a line-aligned address";

constexpr const char* outside_range =
    "tirx::tile: the calling thread's warp is outside the scope's warp range (scope::warps<First, "
    "Count>): call it "
    "only from warps [First, First + Count), e.g. inside if (warp >= First)";
constexpr const char* range_block = "tirx::tile: the block has fewer warps than the scope's warp "
                                    "range (scope::warps<First, Count>) reaches; launch "
                                    "at least (First + Count) x 32 threads";
constexpr const char* whole_groups = "tirx::tile: at warpgroup scope the block must hold whole "
                                     "warpgroups: launch a multiple of 128 threads";
constexpr const char* whole_warps = "tirx::tile: a scope with lanes (warp and wider) needs whole "
                                    "warps: launch a multiple of 32 threads";

constexpr const char* shfl_missing_lane =
    "tirx::tile::apply: shfl.sync: a lane of membermask is not executing the instruction; call it "
    "from every "
    "lane of the mask (no divergent branch around it) or shrink the mask";

constexpr const char* redux_missing_lane =
    "tirx::tile::apply: redux.sync: a lane of membermask is not executing the instruction; call it "
    "from "
    "every lane of the mask (no divergent branch around it) or shrink the mask";

constexpr const char* vote_missing_lane =
    "tirx::tile::apply: vote.sync: a lane of membermask is not executing the instruction; call it "
    "from every lane of the mask (no divergent branch around it) or shrink the mask";
constexpr const char* match_missing_lane =
    "tirx::tile::apply: match.sync: a lane of membermask is not executing the instruction; call it "
    "from every lane of the mask (no divergent branch around it) or shrink the mask";
constexpr const char* elect_missing_lane =
    "tirx::tile::apply: elect.sync: a lane of membermask is not executing the instruction; call it "
    "from every lane of the mask (no divergent branch around it) or shrink the mask";

constexpr TrapCase cases[] = {
    {"vote_half_warp", true, vote_missing_lane},   // lanes 16..31 of the mask do not
    {"match_half_warp", true, match_missing_lane}, // lanes 16..31 of the mask do not
    {"elect_half_warp", true, elect_missing_lane}, // lanes 16..31 of the mask do not (sm_90)
    {"redux_half_warp", true, redux_missing_lane}, // lanes 16..31 of the mask do not
    {"shfl_ok", false, nullptr},                   // every lane of the mask calls shfl.sync
    {"shfl_half_warp", true, shfl_missing_lane},   // lanes 16..31 of the mask do not
    {"range_ok", false, nullptr}, // 192 threads, warps 4..5 copy at scope::warps<4, 2>(cta)
    {"range_outside", true, outside_range}, // every warp calls the ranged scope
    {"range_block_160", true, range_block}, // 160 threads: warp 5 of the range is missing
    {"group_ok", false, nullptr},           // warpgroup scope, 128 threads
    {"group_block_64", true, whole_groups}, // warpgroup scope, 64 threads
    {"warp_ok", false, nullptr},            // warp scope, 32 threads
    {"warp_block_48", true, whole_warps},   // warp scope, 48 threads
    {"copy_ok", false, nullptr},            // 64 threads, 16-byte aligned tiles: copies
    {"copy_block_2d", true, block_1d},      // 32 x 2 threads: cta scope reads threadIdx.x only
    {"copy_block_96", true, block_size},    // 96 threads for a (2 warps, 32) group
    {"copy_block_32", true, block_size},    // 32 threads for a (2 warps, 32) group
    {"fill_ok", false, nullptr},            // ewise, 64 threads
    {"fill_block_96", true, block_size},    // ewise, 96 threads
    {"copy_offset_16B", false, nullptr},    // pointers 16 bytes past the allocation: aligned
    {"load_misaligned", true, misaligned},  // source 4 bytes past: the type claims 16
    {"store_misaligned", true, misaligned}, // destination 8 bytes past
    {"discard_ok", false, nullptr},         // two lines at a 256-byte allocation
    {"discard_misaligned", true, line_misaligned}, // 4 bytes past: the type claims 128
};

/// The child: runs one case, prints what happened, exits 0 if the kernel
/// finished (and a copy copied).
int child(const char* name) {
  tirx_test::DeviceBuffer<float> buf(2 * 1024); // A at buf, B at buf + 1024 floats (4 KiB apart)
  std::vector<float> host(2 * 1024, 0.0f);      // A: 0, 1, 2, ...; B: zeros
  for (int i = 0; i < 1024; ++i)
    host[i] = static_cast<float>(i);
  buf.upload(host);
  float* a = buf.ptr;
  float* b = buf.ptr + 1024;
  const std::string n = name;
  int a_off = 0, b_off = 0; // the copy's offsets, checked after a copy that finished
  bool copy = true;
  int copy_elements = tile_elements; // elements a finished copy wrote
  if (n == "copy_ok")
    copy_tile<<<1, 64>>>(Tile{a}, Tile{b});
  else if (n == "copy_block_2d")
    copy_tile<<<1, dim3(32, 2)>>>(Tile{a}, Tile{b});
  else if (n == "copy_block_96")
    copy_tile<<<1, 96>>>(Tile{a}, Tile{b});
  else if (n == "copy_block_32")
    copy_tile<<<1, 32>>>(Tile{a}, Tile{b});
  else if (n == "copy_offset_16B") {
    a_off = b_off = 4;
    copy_tile<<<1, 64>>>(Tile{a + 4}, Tile{b + 4});
  } else if (n == "load_misaligned") {
    a_off = 1; // Tile{p} takes the pointer as it is; decl_tensor would check it
    copy_tile<<<1, 64>>>(Tile{a + 1}, Tile{b});
  } else if (n == "store_misaligned") {
    b_off = 2;
    copy_tile<<<1, 64>>>(Tile{a}, Tile{b + 2});
  } else if (n == "range_ok" || n == "range_outside" || n == "range_block_160") {
    copy_range<<<1, n == "range_block_160" ? 160 : 192>>>(Tile{a}, Tile{b}, n == "range_outside");
  } else if (n == "group_ok" || n == "group_block_64") {
    copy_group<<<1, n == "group_ok" ? 128 : 64>>>(GroupTile{a}, GroupTile{b});
    copy_elements = 128;
  } else if (n == "warp_ok" || n == "warp_block_48") {
    copy_warp<<<1, n == "warp_ok" ? 32 : 48>>>(WarpTile{a}, WarpTile{b});
    copy_elements = 128;
  } else if (n == "redux_half_warp") {
    redux_half<<<1, 32>>>(WarpTile{a}, WarpTile{b});
  } else if (n == "vote_half_warp" || n == "match_half_warp" || n == "elect_half_warp") {
    collective_half<<<1, 32>>>(WarpTile{a}, WarpTile{b},
                               n == "vote_half_warp"    ? 0
                               : n == "match_half_warp" ? 1
                                                        : 2);
  } else if (n == "shfl_ok" || n == "shfl_half_warp") {
    copy_shfl<<<1, 32>>>(WarpTile{a}, WarpTile{b}, n == "shfl_half_warp");
    copy_elements = 128;
  } else if (n == "discard_ok" || n == "discard_misaligned") {
    copy_elements = 0; // a discarded line's contents are undefined: nothing to compare
    discard_lines<<<1, 1>>>(LineTile{n == "discard_ok" ? a : a + 1});
  } else if (n == "fill_ok" || n == "fill_block_96") {
    copy = false;
    fill_tile<<<1, n == "fill_ok" ? 64 : 96>>>(Tile{b});
  } else {
    std::printf("unknown case %s\n", name);
    return 2;
  }
  if (int rc = tirx_trap_wait(name))
    return rc;
  const std::vector<float> back = buf.download();
  const float* out = back.data() + 1024; // B
  for (int i = 0; i < copy_elements; ++i) {
    const float want = copy ? static_cast<float>(i + a_off) : 2.0f;
    if (out[i + b_off] != want) {
      std::printf("child %s: element %d is %g, expected %g\n", name, i, out[i + b_off], want);
      return 4;
    }
  }
  return tirx_trap_finished(name);
}

} // namespace

int main(int argc, char** argv) {
  return tirx_trap_main(argc, argv, "gpu_apply_trap", cases, child);
}
