// The code of the "Warp-level operations" section of docs/arithmetic.md.
// Each region between `// [snippet:NAME]` and `// [/snippet]` is shown
// verbatim in the guide; tests/tools/check_doc_snippets.py keeps the two in
// sync. Built for sm_80 and sm_90a; `ctest -L gpu` runs the kernel and
// checks its output against the host (exit 77, "skipped", without a GPU).
#include <tirx/tile.hpp>

#include "../../examples/example_util.hpp"
#include <tirx/host/cuda_check.hpp>

#include <cstdio>
#include <vector>

using namespace tirx;

// [snippet:warp-ops]
// Per warp of two: the largest value (redux.sync), the lanes holding it (a
// bool from setp, then vote.sync.ballot), the next lane's value and whether
// there was one (shfl.sync.down's d|p form: p is false in lane 31, stored
// as 1 or 0 through selp), and each lane's sum over its group of 8 lanes
// (warp_reduce<8>).
using Lanes = GlobalTensor<unsigned, ShapeT<2, 32, 1>, 4>;
__global__ void warp_ops(Lanes A, Lanes Max, Lanes Holders, Lanes Next, Lanes HasNext,
                         unsigned* group_sums) {
  constexpr TileLayout lanes = layout_of<"S[(2, 32, 1) : (1@warpid, 1@laneid, 1)]">;
  auto a = alloc_local<unsigned, shape(2, 32, 1), lanes>();
  auto d = alloc_local<unsigned, shape(2, 32, 1), lanes>();
  auto p = alloc_local<bool, shape(2, 32, 1), lanes>();
  constexpr unsigned all = 0xffffffffu;
  tile::apply<ptx<"ld.global.b32">>(a, A, scope::cta);
  tile::apply<ptx<"redux.sync.max.u32">>(d, a, all, scope::cta);
  tile::apply<ptx<"st.global.b32">>(Max, d, scope::cta);
  tile::apply<ptx<"setp.eq.u32">>(p, a, d, scope::cta);
  tile::apply<ptx<"vote.sync.ballot.b32">>(d, p, all, scope::cta);
  tile::apply<ptx<"st.global.b32">>(Holders, d, scope::cta);
  tile::apply<ptx<"shfl.sync.down.b32">>(d, p, a, 1u, 0x1fu, all, scope::cta);
  tile::apply<ptx<"st.global.b32">>(Next, d, scope::cta);
  tile::apply<ptx<"selp.b32">>(d, 1u, 0u, p, scope::cta);
  tile::apply<ptx<"st.global.b32">>(HasNext, d, scope::cta);
  group_sums[threadIdx.x] =
      warp_reduce<8>([](unsigned x, unsigned y) { return x + y; }, a.data()[0]);
}
// [/snippet]

int main() {
  if (!tirx::cuda_device_present())
    return 77; // no GPU: ctest reports the test skipped
  std::vector<unsigned> a(64);
  for (int i = 0; i < 64; ++i)
    a[i] = static_cast<unsigned>((i * 37 + 11) % 50); // repeats: several lanes hold the max
  example::Buffer<unsigned> in(64), mx(64), holders(64), next(64), has_next(64), sums(64);
  in.upload(a);
  for (auto* b : {&mx, &holders, &next, &has_next, &sums})
    b->fill_bytes(0xAB);
  warp_ops<<<1, 64>>>(Lanes{in.dev}, Lanes{mx.dev}, Lanes{holders.dev}, Lanes{next.dev},
                      Lanes{has_next.dev}, sums.dev);
  EXAMPLE_CHECK_CUDA(cudaGetLastError());
  auto m = mx.download(), h = holders.download(), n = next.download(), hn = has_next.download(),
       s = sums.download();
  bool ok_max = true, ok_ballot = true, ok_next = true, ok_sums = true;
  for (int t = 0; t < 64; ++t) {
    const int w = t / 32, lane = t % 32;
    unsigned want_max = 0, want_ballot = 0, want_sum = 0;
    for (int l = 0; l < 32; ++l)
      want_max = a[w * 32 + l] > want_max ? a[w * 32 + l] : want_max;
    for (int l = 0; l < 32; ++l)
      want_ballot |= a[w * 32 + l] == want_max ? 1u << l : 0u;
    for (int l = lane - lane % 8; l < lane - lane % 8 + 8; ++l)
      want_sum += a[w * 32 + l];
    ok_max = ok_max && m[t] == want_max;
    ok_ballot = ok_ballot && h[t] == want_ballot;
    ok_next = ok_next && n[t] == (lane < 31 ? a[t + 1] : a[t]) && hn[t] == (lane < 31 ? 1u : 0u);
    ok_sums = ok_sums && s[t] == want_sum;
  }
  example::expect(ok_max, "redux.sync.max.u32");
  example::expect(ok_ballot, "vote.sync.ballot.b32");
  example::expect(ok_next, "shfl.sync.down.b32 d|p");
  example::expect(ok_sums, "warp_reduce<8>");
  return example::exit_code();
}
