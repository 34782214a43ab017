// The code of docs/tile-operands.md. Each region between `// [snippet:NAME]`
// and `// [/snippet]` is shown verbatim in the guide; tests/tools/check_doc_snippets.py
// keeps the two in sync. Built for sm_80 and sm_90a; `ctest -L gpu` runs every
// kernel and checks its output (exit 77, "skipped", without a GPU). The guide's
// first kernel is the seed add_one_tile, shown from its one copy,
// examples/add_one_tile.cuh, which also defines register_layout, Tile and
// plus_one for the kernels here.
#include <tirx/tile.hpp>

#include "../../examples/add_one_tile.cuh"
#include "../../examples/example_util.hpp"
#include "gpu_check.hpp"

#include <cuda/annotated_ptr> // cuda::access_property

#include <cstdio>
#include <vector>

using namespace tirx;

// [snippet:add-one-broadcast]
// The same kernel with a native add: the scalar 1.0f is the second source of
// every repeat. The arithmetic atom is one register, so the same registers
// now read as (2, 32) group, (3, 4) repeats: 12 add.f32 per thread.
__global__ void add_one_broadcast(Tile A, Tile B) {
  auto registers = alloc_local<float, shape(2, 32, 3, 4), register_layout>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
  tile::apply<ptx<"add.f32">>(registers, registers, 1.0f, scope::cta);
  tile::apply<ptx<"st.global.v4.b32">>(B, registers, scope::cta);
}
// [/snippet]

// [snippet:scopes]
using Rows = GlobalTensor<float, ShapeT<2, 32, 4>, 16>; // one row of 4 floats per thread

// warp scope: each warp works on its own (32, 4) part; the group is the lane.
__global__ void add_one_per_warp(Rows A, Rows B) {
  int warp = threadIdx.x / 32;
  constexpr TileLayout lanes = layout_of<"S[(32, 4) : (1@laneid, 1)]">;
  auto registers = alloc_local<float, shape(32, 4), lanes>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A.sub(warp, _, _), scope::warp);
  tile::apply<ptx<"add.f32">>(registers, registers, 1.0f, scope::warp);
  tile::apply<ptx<"st.global.v4.b32">>(B.sub(warp, _, _), registers, scope::warp);
}

// thread scope: no group modes; the thread picks its own row first.
__global__ void add_one_per_thread(Rows A, Rows B) {
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  auto row = alloc_local<float, shape(4)>(); // shape (4,): one atom, one repeat
  tile::apply<ptx<"ld.global.v4.b32">>(row, A.sub(warp, lane, _), scope::thread);
  tile::apply<ptx<"add.f32">>(row, row, 1.0f, scope::thread);
  tile::apply<ptx<"st.global.v4.b32">>(B.sub(warp, lane, _), row, scope::thread);
}
// [/snippet]

// [snippet:predicates]
using Padded = GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16>;

// Only the first n floats of A are valid (n a multiple of 4). A repeat whose
// four floats start at or past n is not issued, and preserve_dst keeps the
// -1.0f that the registers held before.
__global__ void load_first_n(Padded A, Padded B, int n) {
  int thread_base = threadIdx.x * 12; // the first float of this thread's row
  auto registers = alloc_local<float, shape(2, 32, 3, 4), register_layout>();
  tile::apply<ptx<"mov.b32">>(registers, -1.0f, scope::cta);
  auto in_bounds = [=](index_t repeat) { return thread_base + 4 * repeat < n; };
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta, tile::pred(in_bounds),
                                       tile::preserve_dst);
  tile::apply<ptx<"st.global.v4.b32">>(B, registers, scope::cta, tile::pred(n > 0));
}
// [/snippet]

// [snippet:cache-hint]
// A is read once: its lines may leave L2 first. B is read again soon (by the
// next kernel, say): keep its lines longest. The results are the same as
// without the hints.
__global__ void add_one_hinted(Tile A, Tile B) {
  const cuda::access_property streaming(cuda::access_property::streaming{});
  auto registers = alloc_local<float, shape(2, 32, 3, 4), register_layout>();
  tile::apply<ptx<"ld.global.nc.L2::cache_hint.v4.b32">>(registers, A, scope::cta,
                                                         tile::cache_hint(streaming));
  tile::ewise(plus_one, registers, registers, scope::cta);
  tile::apply<ptx<"st.global.L2::cache_hint.v4.b32">>(B, registers, scope::cta,
                                                      tile::cache_hint(policy::evict_last()));
}
// [/snippet]

// (not in the guide) the other policy helpers, and a converted access
// property; the copy must come out unchanged
__global__ void copy_policies(Tile A, Tile B) {
  auto registers = alloc_local<float, shape(2, 32, 3, 4), register_layout>();
  const auto persisting =
      static_cast<cuda::std::uint64_t>(cuda::access_property(cuda::access_property::persisting{}));
  tile::apply<ptx<"ld.global.L1::evict_last.L2::cache_hint.v4.b32">>(
      registers, A, scope::cta, tile::cache_hint(policy::convert(persisting)));
  tile::apply<ptx<"ld.global.L2::cache_hint.v4.b32">>(
      registers, A, scope::cta, tile::cache_hint(policy::evict_normal(0.25f)));
  tile::apply<ptx<"st.global.cg.L2::cache_hint.v4.b32">>(
      B, registers, scope::cta, tile::cache_hint(policy::evict_unchanged()));
}

// [snippet:b128]
// The same tile in 16-byte elements: view<float4>() (or view<uint128>()) of
// the memory and of the registers, one ld.global.b128 per repeat.
__global__ void copy_b128(Tile A, Tile B) {
  auto registers = alloc_local<float, shape(2, 32, 3, 4), register_layout>();
  tile::apply<ptx<"ld.global.b128">>(registers.view<float4>(), A.view<float4>(), scope::cta);
  tile::apply<ptx<"st.global.cs.b128">>(B.view<uint128>(), registers.view<uint128>(), scope::cta);
}
// [/snippet]

// [snippet:sync]
// Each thread passes its row to the thread 32 places away through shared
// memory. The barrier between writing and reading is the caller's.
__global__ void swap_warps(Rows A, Rows B) {
  constexpr TileLayout rows = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;
  auto mine = alloc_local<float, shape(2, 32, 4), rows>();
  auto staged = alloc_shared<float, shape(2, 32, 4)>();
  tile::apply<ptx<"ld.global.v4.b32">>(mine, A, scope::cta);
  tile::apply<ptx<"st.shared.v4.b32">>(staged, mine, scope::cta);
  cta_sync(); // without it, the other warp's row may not be there yet

  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  auto theirs = alloc_local<float, shape(4)>();
  tile::apply<ptx<"ld.shared.v4.b32">>(theirs, staged.sub(1 - warp, lane, _), scope::thread);
  tile::apply<ptx<"st.global.v4.b32">>(B.sub(warp, lane, _), theirs, scope::thread);
}
// [/snippet]

int main() {
  if (int rc = tirx_test_require_gpu())
    return rc;

  std::vector<float> a(768);
  for (std::size_t i = 0; i < a.size(); ++i)
    a[i] = static_cast<float>(i); // the seed's arange(768)
  example::Buffer<float> in(768), out(768);
  in.upload(a);

  auto check_all = [&](const char* what, int count, auto want) {
    auto b = out.download();
    bool ok = true;
    for (int i = 0; i < count; ++i)
      ok = ok && b[i] == want(i);
    example::expect(ok, what);
  };

  out.fill_bytes(0);
  add_one_tile<<<1, 64>>>(Tile{in.dev}, Tile{out.dev});
  check_all("add_one_tile", 768, [&](int i) { return a[i] + 1.0f; });

  out.fill_bytes(0);
  add_one_broadcast<<<1, 64>>>(Tile{in.dev}, Tile{out.dev});
  check_all("add_one_broadcast", 768, [&](int i) { return a[i] + 1.0f; });

  out.fill_bytes(0);
  add_one_per_warp<<<1, 64>>>(Rows{in.dev}, Rows{out.dev});
  check_all("add_one_per_warp", 256, [&](int i) { return a[i] + 1.0f; });

  out.fill_bytes(0);
  add_one_per_thread<<<1, 64>>>(Rows{in.dev}, Rows{out.dev});
  check_all("add_one_per_thread", 256, [&](int i) { return a[i] + 1.0f; });

  for (int n : {0, 100, 700, 768}) {
    out.fill_bytes(0);
    load_first_n<<<1, 64>>>(Padded{in.dev}, Padded{out.dev}, n);
    char what[64];
    std::snprintf(what, sizeof what, "load_first_n (n = %d)", n);
    // n = 0: the predicated store writes nothing, B keeps its zeros
    check_all(what, 768, [&](int i) { return n == 0 ? 0.0f : (i < n ? a[i] : -1.0f); });
  }

  out.fill_bytes(0);
  add_one_hinted<<<1, 64>>>(Tile{in.dev}, Tile{out.dev});
  check_all("add_one_hinted", 768, [&](int i) { return a[i] + 1.0f; });

  out.fill_bytes(0);
  copy_policies<<<1, 64>>>(Tile{in.dev}, Tile{out.dev});
  check_all("copy_policies", 768, [&](int i) { return a[i]; });

  out.fill_bytes(0);
  copy_b128<<<1, 64>>>(Tile{in.dev}, Tile{out.dev});
  check_all("copy_b128", 768, [&](int i) { return a[i]; });

  out.fill_bytes(0);
  swap_warps<<<1, 64>>>(Rows{in.dev}, Rows{out.dev});
  check_all("swap_warps", 256, [&](int i) { return a[(i + 128) % 256]; });

  EXAMPLE_CHECK_CUDA(cudaGetLastError());
  return example::exit_code();
}
