// The code of docs/data-movement.md. Each region between `// [snippet:NAME]`
// and `// [/snippet]` is shown verbatim in the guide; tests/tools/check_doc_snippets.py
// keeps the two in sync. Built for sm_80 and sm_90a; `ctest -L gpu` runs every
// kernel and checks its output against the host on seeded random data (exit
// 77, "skipped", without a GPU).
#include <tirx/tile.hpp>

#include "../../examples/example_util.hpp"
#include <tirx/host/cuda_check.hpp>

#include <cstdio>
#include <vector>

using namespace tirx;

// [snippet:rotate-rows]
// Eight rows of 128 floats, one warp each, staged through shared memory:
// warp w writes its row and reads the next warp's, so row w of out is row
// w + 1 (mod 8) of in. Every access is 16 bytes per lane, a warp's 32
// lanes side by side: coalesced in global memory, conflict-free in shared.
using Rows = GlobalTensor<float, ShapeT<8, 32, 4>, 16>;
constexpr TileLayout lane4 = layout_of<"S[(32, 4) : (1@laneid, 1)]">;

__global__ void rotate_rows(Rows in, Rows out) { // launch with 256 threads
  const int warp = static_cast<int>(threadIdx.x / 32);
  auto regs = alloc_local<float, shape(32, 4), lane4>();
  auto rows = alloc_shared<float, shape(8, 32, 4)>();
  tile::apply<ptx<"ld.global.v4.b32">>(regs, in.sub(warp, _, _), scope::warp);   // global -> regs
  tile::apply<ptx<"st.shared.v4.b32">>(rows.sub(warp, _, _), regs, scope::warp); // regs -> shared
  __syncthreads(); // apply synchronizes nothing: every warp's row first
  tile::apply<ptx<"ld.shared.v4.b32">>(regs, rows.sub((warp + 1) % 8, _, _), scope::warp);
  tile::apply<ptx<"st.global.v4.b32">>(out.sub(warp, _, _), regs, scope::warp);
}
// [/snippet]

// [snippet:copy-edge]
// A row of n <= 128 floats copied by one warp (4 per lane). Lanes past the
// end load nothing and keep the -1 that mov wrote (preserve_dst), and store
// nothing: the registers are the only guard.
using Row = GlobalTensor<float, ShapeT<32, 4>, 16>;

__global__ void copy_edge(Row in, Row out, Row seen, int n) { // launch with 32 threads
  auto regs = alloc_local<float, shape(32, 4), lane4>();
  tile::apply<ptx<"mov.b32">>(regs, -1.0f, scope::warp); // every slot: the bits of -1.0f
  const bool inside = static_cast<int>(4 * threadIdx.x) < n;
  tile::apply<ptx<"ld.global.v4.b32">>(regs, in, scope::warp, tile::pred(inside),
                                       tile::preserve_dst);
  tile::apply<ptx<"st.global.v4.b32">>(seen, regs, scope::warp); // what each lane holds
  tile::apply<ptx<"st.global.v4.b32">>(out, regs, scope::warp, tile::pred(inside));
}
// [/snippet]

int main() {
  if (!tirx::cuda_device_present())
    return 77; // no GPU: ctest reports the test skipped
  const unsigned seed = 20261201;
  std::printf("seed %u\n", seed);
  const std::vector<float> a = example::random_floats(8 * 128, seed);
  example::Buffer<float> in(8 * 128), out(8 * 128), seen(128);
  in.upload(a);

  out.fill_bytes(0xFF); // poison: a NaN pattern no input has
  rotate_rows<<<1, 256>>>(Rows{in.dev}, Rows{out.dev});
  example::sync_and_check("rotate_rows");
  {
    const std::vector<float> b = out.download();
    bool ok = true;
    for (int r = 0; r < 8; ++r)
      for (int c = 0; c < 128; ++c)
        ok = ok && b[r * 128 + c] == a[(r + 1) % 8 * 128 + c];
    example::expect(ok, "rotate_rows: out row r == in row r + 1 (mod 8), every element");
  }

  for (int n : {128, 100, 1}) { // a lane copies its 4 floats when its first is below n
    const int whole = (n + 3) / 4 * 4;
    out.fill_bytes(0xFF);
    seen.fill_bytes(0xFF);
    copy_edge<<<1, 32>>>(Row{in.dev}, Row{out.dev}, Row{seen.dev}, n);
    example::sync_and_check("copy_edge");
    const std::vector<float> b = out.download(), s = seen.download();
    bool ok = true;
    for (int i = 0; i < 128; ++i) {
      const bool in_range = i < whole;
      ok = ok && s[i] == (in_range ? a[i] : -1.0f);        // loaded, or mov's -1
      ok = ok && (in_range ? b[i] == a[i] : b[i] != b[i]); // stored, or still poison (NaN)
    }
    char what[96];
    std::snprintf(what, sizeof what, "copy_edge n = %d: %d elements copied, the rest untouched", n,
                  whole);
    example::expect(ok, what);
  }
  EXAMPLE_CHECK_CUDA(cudaGetLastError());
  return example::exit_code();
}
