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
#include <tirx/host/cuda_check.hpp>

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

// [snippet:constant-scalar]
// A constexpr constant at namespace scope is a scalar like any other: apply
// and ewise read its value (they take every argument but the destination by
// value), as plain CUDA code may.
constexpr float step = 1.0f;

__global__ void add_step(Tile A, Tile B) {
  auto registers = alloc_local<float, shape(2, 32, 3, 4), register_layout>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
  tile::apply<ptx<"add.f32">>(registers, registers, step, scope::cta);
  tile::apply<ptx<"st.global.v4.b32">>(B, registers, scope::cta);
}
// [/snippet]

// [snippet:slots]
// One warp, a row of 4 floats per lane. `reversed` keeps element j of its
// row in slot 3 - j (stride -1 from offset 3): the loads fill the slots
// backwards, and the same slots read in slot order store each row reversed.
using Warp4 = GlobalTensor<float, ShapeT<32, 4>, 16>;
constexpr TileLayout in_order = layout_of<"S[(32, 4) : (1@laneid, 1)]">;
constexpr TileLayout backwards = layout_of<"S[(32, 4) : (1@laneid, -1)] + 3">;
using InOrder = Tensor<float, ShapeT<32, 4>, MemScope::local, 16, layout_type<in_order>>;

__global__ void reverse_rows(Warp4 A, Warp4 B) { // launch with 32 threads
  auto reversed = alloc_local<float, shape(32, 4), backwards>();
  tile::apply<ptx<"ld.global.v4.b32">>(reversed, A, scope::warp); // element j into slot 3 - j
  auto slots = decl_tensor<InOrder>(reversed.data());             // the same 4 slots, in order
  tile::apply<ptx<"st.global.v4.b32">>(B, slots, scope::warp);    // B(l, j) = A(l, 3 - j)
}

// A view may skip slots: range<0, 4, 2> keeps elements 0 and 2 of each row,
// so the add runs twice per thread and slots 1 and 3 keep their values.
__global__ void bump_even(Warp4 A, Warp4 B) {
  auto row = alloc_local<float, shape(32, 4), in_order>();
  tile::apply<ptx<"ld.global.v4.b32">>(row, A, scope::warp);
  auto even = row.sub(_, range<0, 4, 2>); // shape (32, 2): slots 0 and 2
  tile::apply<ptx<"add.f32">>(even, even, 1000.0f, scope::warp);
  tile::apply<ptx<"st.global.v4.b32">>(B, row, scope::warp);
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

// [snippet:warp-range]
// Warp specialization: warps 0..1 stage their rows in shared memory, warps
// 2..3 add them to their own rows. scope::warps<2, 2>(scope::cta) numbers
// warps 2 and 3 as 0 and 1, so the consumers' operands are a (2, 32, 4)
// tile, as if they were a CTA of their own.
using Half = GlobalTensor<float, ShapeT<2, 32, 4>, 16>; // two warps' rows
__global__ void producer_consumer(Half A, Half B, Half C) {
  constexpr TileLayout rows = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;
  auto staged = alloc_shared<float, shape(2, 32, 4)>();
  auto mine = alloc_local<float, shape(2, 32, 4), rows>();
  if (threadIdx.x < 64) { // producers: warps 0, 1
    tile::apply<ptx<"ld.global.v4.b32">>(mine, A, scope::warps<0, 2>(scope::cta));
    tile::apply<ptx<"st.shared.v4.b32">>(staged, mine, scope::warps<0, 2>(scope::cta));
  }
  cta_sync();
  if (threadIdx.x >= 64) { // consumers: warps 2, 3, seen as warps 0, 1
    constexpr auto consumers = scope::warps<2, 2>(scope::cta);
    auto theirs = alloc_local<float, shape(2, 32, 4), rows>();
    tile::apply<ptx<"ld.global.v4.b32">>(mine, B, consumers);
    tile::apply<ptx<"ld.shared.v4.b32">>(theirs, staged, consumers);
    tile::apply<ptx<"add.f32">>(mine, mine, theirs, consumers);
    tile::apply<ptx<"st.global.v4.b32">>(C, mine, consumers);
  }
}
// [/snippet]

// [snippet:collective]
// Warp-collective instructions: each lane gets the sum of its warp's first
// values (redux.sync), then the value of the lane 16 places away
// (shfl.sync.bfly). The membermask names all 32 lanes, and all of them call.
using Lanes = GlobalTensor<unsigned, ShapeT<2, 32, 1>, 4>;
__global__ void warp_sums(Lanes A, Lanes Sum, Lanes Swapped) {
  constexpr TileLayout lanes = layout_of<"S[(2, 32, 1) : (1@warpid, 1@laneid, 1)]">;
  auto a = alloc_local<unsigned, shape(2, 32, 1), lanes>();
  auto d = alloc_local<unsigned, shape(2, 32, 1), lanes>();
  tile::apply<ptx<"ld.global.b32">>(a, A, scope::cta);
  tile::apply<ptx<"redux.sync.add.u32">>(d, a, 0xffffffffu, scope::cta);
  tile::apply<ptx<"st.global.b32">>(Sum, d, scope::cta);
  tile::apply<ptx<"shfl.sync.bfly.b32">>(d, a, 16u, 0x1fu, 0xffffffffu, scope::cta);
  tile::apply<ptx<"st.global.b32">>(Swapped, d, scope::cta);
}
// [/snippet]

// [snippet:cp-async]
// cp.async copies 16-byte chunks from global to shared memory without
// passing through registers; the data is there after the commit, the wait
// and (for other threads' chunks) a barrier, which the caller writes.
__global__ void stage_async(Tile A, Tile B) {
  auto staged = alloc_shared<float, shape(2, 32, 3, 4)>();
  tile::apply<ptx<"cp.async.cg.shared.global">>(staged, A, scope::cta);
  cp_async_commit_group();
  cp_async_wait_group<0>();
  cta_sync();
  auto registers = alloc_local<float, shape(2, 32, 3, 4), register_layout>();
  tile::apply<ptx<"ld.shared.v4.b32">>(registers, staged, scope::cta);
  tile::apply<ptx<"st.global.v4.b32">>(B, registers, scope::cta);
}
// [/snippet]

int main() {
  if (!tirx::cuda_device_present())
    return 77; // no GPU: ctest reports the test skipped

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
  add_step<<<1, 64>>>(Tile{in.dev}, Tile{out.dev});
  check_all("add_step (a namespace-scope constexpr scalar)", 768,
            [&](int i) { return a[i] + step; });

  out.fill_bytes(0);
  reverse_rows<<<1, 32>>>(Warp4{in.dev}, Warp4{out.dev});
  check_all("reverse_rows (permuted slots)", 128, [&](int i) { return a[i - i % 4 + 3 - i % 4]; });

  out.fill_bytes(0);
  bump_even<<<1, 32>>>(Warp4{in.dev}, Warp4{out.dev});
  check_all("bump_even (a view that skips slots)", 128,
            [&](int i) { return a[i] + (i % 2 == 0 ? 1000.0f : 0.0f); });

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

  {
    example::Buffer<float> b_in(256), c_out(256);
    b_in.upload(std::vector<float>(a.begin() + 256, a.begin() + 512));
    c_out.fill_bytes(0);
    producer_consumer<<<1, 128>>>(Half{in.dev}, Half{b_in.dev}, Half{c_out.dev});
    auto c = c_out.download();
    bool ok = true;
    for (int i = 0; i < 256; ++i)
      ok = ok && c[i] == a[i] + a[256 + i];
    example::expect(ok, "producer_consumer (scope::warps)");
  }

  {
    std::vector<unsigned> v(64);
    for (int i = 0; i < 64; ++i)
      v[i] = static_cast<unsigned>(i * i + 7);
    example::Buffer<unsigned> lanes(64), sums(64), swapped(64);
    lanes.upload(v);
    sums.fill_bytes(0);
    swapped.fill_bytes(0);
    warp_sums<<<1, 64>>>(Lanes{lanes.dev}, Lanes{sums.dev}, Lanes{swapped.dev});
    auto s = sums.download();
    auto w = swapped.download();
    bool ok = true;
    for (int t = 0; t < 64; ++t) {
      unsigned total = 0;
      for (int l = 0; l < 32; ++l)
        total += v[(t / 32) * 32 + l];
      ok = ok && s[t] == total && w[t] == v[t ^ 16];
    }
    example::expect(ok, "warp_sums (redux.sync, shfl.sync)");
  }

  out.fill_bytes(0);
  stage_async<<<1, 64>>>(Tile{in.dev}, Tile{out.dev});
  check_all("stage_async (cp.async)", 768, [&](int i) { return a[i]; });

  EXAMPLE_CHECK_CUDA(cudaGetLastError());
  return example::exit_code();
}
