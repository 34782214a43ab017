// The code of the "Gathers and scatters" section of docs/data-movement.md.
// Each region between `// [snippet:NAME]` and `// [/snippet]` is shown
// verbatim in the guide; tests/tools/check_doc_snippets.py keeps the two in
// sync. Built for sm_80 and sm_90a; `ctest -L gpu` runs every kernel and
// checks its output against the host on seeded random data (exit 77,
// "skipped", without a GPU).
#include <tirx/tile.hpp>

#include "../../examples/example_util.hpp"
#include <tirx/host/cuda_check.hpp>

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <random>
#include <vector>

using namespace tirx;

// [snippet:histogram]
// 128 threads count 1024 samples in 256 bins of shared memory: each thread
// loads 8 samples, then one red.shared per sample adds 1 at hist[sample].
constexpr TileLayout samples_regs = layout_of<"S[(4, 32, 2, 4) : (1@warpid, 1@laneid, 4, 1)]">;
using Samples = GlobalTensor<const unsigned, ShapeT<4, 32, 2, 4>, 16>;

__global__ void histogram(Samples in, unsigned* out) { // launch with 128 threads
  auto hist = alloc_shared<unsigned, shape(256)>();
  for (unsigned b = threadIdx.x; b < 256; b += 128)
    hist(b) = 0u;
  cta_sync();
  auto bins = alloc_local<unsigned, shape(4, 32, 2, 4), samples_regs>();
  tile::apply<ptx<"ld.global.v4.b32">>(bins, in, scope::cta);
  // hist.gather(bins) has the shape of bins; element (w, l, i, j) is hist(bins(w, l, i, j))
  tile::apply<ptx<"red.shared::cta.add.u32">>(hist.gather(bins), 1u, scope::cta);
  cta_sync();
  for (unsigned b = threadIdx.x; b < 256; b += 128)
    out[b] = hist(b);
}
// [/snippet]

// [snippet:embedding]
// An embedding lookup: warp w copies the rows of tokens 4w .. 4w + 3 from a
// (1000, 128) table, 4 floats per lane and row. The table is viewed as
// (lane, row, 4), and its row mode is gathered by the warp's 4 ids: one
// ld.global.v4.b32 per row, at table + (ids[r] * 128 + 4 * lane) floats.
using Table = GlobalTensor<float, ShapeT<1000, 128>, 16>;
using Ids = GlobalTensor<int, ShapeT<4, 4>, 16>; // 4 ids per warp
using Rows = GlobalTensor<float, ShapeT<4, 4, 32, 4>, 16>;
constexpr TileLayout rows_regs = layout_of<"S[(32, 4, 4) : (1@laneid, 4, 1)]">;

__global__ void embed(Table table, Ids ids, Rows out) { // launch with 128 threads
  const int warp = static_cast<int>(threadIdx.x / 32);
  auto lanes = table.rearrange<"v (lane x) -> lane v x", "lane=32">(); // (32, 1000, 4)
  auto mine = alloc_local<int, shape(4)>(); // the warp's 4 ids, in every lane's registers
  tile::apply<ptx<"ld.global.v4.b32">>(mine, ids.sub(warp, _), scope::thread);
  auto rows = alloc_local<float, shape(32, 4, 4), rows_regs>();
  tile::apply<ptx<"ld.global.v4.b32">>(rows, lanes.gather<1>(mine), scope::warp);
  tile::apply<ptx<"st.global.v4.b32">>(out.sub(warp, _, _, _).permute<1, 0, 2>(), rows,
                                       scope::warp);
}
// [/snippet]

// [snippet:paged]
// A paged cache: 16 pages of 512 words, and a block table that lists the 4
// pages of each sequence. CTA s copies its sequence's pages, in order, into
// a contiguous buffer: the pages tensor, viewed as (warp, lane, page, 4
// words), is gathered along its page mode by row s of the block table, and
// each thread moves 16 bytes of every page.
using Pages = GlobalTensor<unsigned, ShapeT<16, 4, 32, 4>, 16>; // (page, warp, lane, 4)
using BlockTable = GlobalTensor<int, ShapeT<2, 4>>;             // 2 sequences of 4 pages
using Sequences = GlobalTensor<unsigned, ShapeT<2, 4, 4, 32, 4>, 16>;
constexpr TileLayout page_regs = layout_of<"S[(4, 32, 4, 4) : (1@warpid, 1@laneid, 4, 1)]">;

__global__ void copy_pages(Pages pages, BlockTable table, Sequences out) { // 128 threads
  const int s = static_cast<int>(blockIdx.x);
  auto by_thread = pages.permute<1, 2, 0, 3>(); // (4, 32, 16, 4)
  auto regs = alloc_local<unsigned, shape(4, 32, 4, 4), page_regs>();
  tile::apply<ptx<"ld.global.v4.b32">>(regs, by_thread.gather<2>(table.sub(s, _)), scope::cta);
  tile::apply<ptx<"st.global.v4.b32">>(out.sub(s, _, _, _, _).permute<1, 2, 0, 3>(), regs,
                                       scope::cta);
}
// [/snippet]

int main() {
  if (!tirx::cuda_device_present())
    return 77; // no GPU: ctest reports the test skipped
  const unsigned seed = 20261207;
  std::printf("seed %u\n", seed);
  std::mt19937 rng(seed);

  { // the histogram, against a host count
    std::vector<unsigned> samples(1024), want(256, 0u);
    for (unsigned& v : samples) {
      v = rng() % 4 == 0 ? 7u : static_cast<unsigned>(rng() % 256); // a quarter in bin 7
      ++want[v];
    }
    example::Buffer<unsigned> in(1024), out(256);
    in.upload(samples);
    out.poison();
    histogram<<<1, 128>>>(Samples{in.dev}, out.dev);
    example::sync_and_check("histogram");
    example::expect(out.download() == want, "histogram: every bin's count == the host's");
  }
  { // the embedding, every element of every row
    const std::vector<float> table = example::random_floats(1000 * 128, seed);
    std::vector<int> ids(16);
    for (int& i : ids)
      i = static_cast<int>(rng() % 1000);
    ids[0] = 999;
    example::Buffer<float> d_table(1000 * 128), out(16 * 128);
    example::Buffer<int> d_ids(16);
    d_table.upload(table);
    d_ids.upload(ids);
    out.poison();
    embed<<<1, 128>>>(Table{d_table.dev}, Ids{d_ids.dev}, Rows{out.dev});
    example::sync_and_check("embed");
    const std::vector<float> got = out.download();
    bool ok = true;
    for (int t = 0; t < 16; ++t)
      for (int j = 0; j < 128; ++j)
        ok = ok && got[t * 128 + j] == table[ids[t] * 128 + j];
    example::expect(ok, "embed: row t of out == row ids[t] of the table, every element");
  }
  { // the paged copy, every word of both sequences
    std::vector<unsigned> pages(16 * 512);
    for (unsigned& w : pages)
      w = static_cast<unsigned>(rng());
    std::vector<int> table(16);
    std::iota(table.begin(), table.end(), 0);
    std::shuffle(table.begin(), table.end(), rng);
    table.resize(8); // 2 sequences x 4 distinct pages
    example::Buffer<unsigned> d_pages(16 * 512), out(8 * 512);
    example::Buffer<int> d_table(8);
    d_pages.upload(pages);
    d_table.upload(table);
    out.poison();
    copy_pages<<<2, 128>>>(Pages{d_pages.dev}, BlockTable{d_table.dev}, Sequences{out.dev});
    example::sync_and_check("copy_pages");
    const std::vector<unsigned> got = out.download();
    bool ok = true;
    for (int k = 0; k < 8; ++k)
      for (int w = 0; w < 512; ++w)
        ok = ok && got[k * 512 + w] == pages[table[k] * 512 + w];
    example::expect(ok, "copy_pages: page k of sequence s == page table[s][k], every word");
  }
  EXAMPLE_CHECK_CUDA(cudaGetLastError());
  return example::exit_code();
}
