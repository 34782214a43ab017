// GPU test of gathered operands (tensor.gather<M>(indices) in tile::apply,
// label gpu), each against a host reference on seeded random data:
//  (a) a shared-memory histogram: red.shared::cta.add.u32 over the gathered
//      bins of a register tile (8 per thread, 8 CTAs of 128 threads, uniform
//      and skewed data); atom.shared::cta.add.u32 the same way, whose old
//      values per CTA and bin must be 0 .. count - 1, each once; a weighted
//      red.global.add.u32 straight into a global histogram;
//  (b) an embedding gather and scatter with ld/st.global.v4.b32: rows of a
//      table by token ids read as indices from global memory and from a
//      register tile, rows scattered into a table through a permutation;
//      every output poisoned first (rows not written must stay poisoned);
//  (c) a paged block copy through a block table: each CTA copies its
//      sequence's pages (ld.global.v4.b32 over pages.gather(table row)),
//      stages them with cp.async.cg.shared.global over the same gathered
//      view, and writes new tokens back into the pages (st.global.v4.b32).
// One PASS/FAIL line per case, then the count; exit 77 without a GPU.
#include "gpu_check.hpp"
#include "support/device_buffer.hpp"
#include "support/expect.hpp"

#include <tirx/tile.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <numeric>
#include <random>
#include <vector>

namespace {

using namespace tirx;

// -- (a) histograms --------------------------------------------------------
constexpr int ctas = 8, threads = 128, per_thread = 8, nbins = 256;
constexpr int samples = ctas * threads * per_thread;
using Samples = GlobalTensor<const unsigned, ShapeT<4, 32, 2, 4>, 16>; // one CTA's
constexpr TileLayout bins_regs = layout_of<"S[(4, 32, 2, 4) : (1@warpid, 1@laneid, 4, 1)]">;

/// Each CTA counts its 1024 samples in shared memory (red), then adds its
/// counts to the global histogram.
__global__ void histogram_red(const unsigned* in, unsigned* hist) {
  auto counts = alloc_shared<unsigned, shape(nbins)>();
  for (int b = static_cast<int>(threadIdx.x); b < nbins; b += threads)
    counts(b) = 0u;
  cta_sync();
  auto bins = alloc_local<unsigned, shape(4, 32, 2, 4), bins_regs>();
  tile::apply<ptx<"ld.global.v4.b32">>(bins, Samples{in + blockIdx.x * 1024}, scope::cta);
  tile::apply<ptx<"red.shared::cta.add.u32">>(counts.gather(bins), 1u, scope::cta);
  cta_sync();
  for (int b = static_cast<int>(threadIdx.x); b < nbins; b += threads)
    atomicAdd(hist + b, counts(b));
}

/// The same with atom: each sample's old count, written where the sample was.
__global__ void histogram_atom(const unsigned* in, unsigned* olds, unsigned* per_cta) {
  auto counts = alloc_shared<unsigned, shape(nbins)>();
  for (int b = static_cast<int>(threadIdx.x); b < nbins; b += threads)
    counts(b) = 0u;
  cta_sync();
  auto bins = alloc_local<unsigned, shape(4, 32, 2, 4), bins_regs>();
  auto old = alloc_local<unsigned, shape(4, 32, 2, 4), bins_regs>();
  tile::apply<ptx<"ld.global.v4.b32">>(bins, Samples{in + blockIdx.x * 1024}, scope::cta);
  tile::apply<ptx<"atom.shared::cta.add.u32">>(old, counts.gather(bins), 1u, scope::cta);
  using Olds = GlobalTensor<unsigned, ShapeT<4, 32, 2, 4>, 16>;
  tile::apply<ptx<"st.global.v4.b32">>(Olds{olds + blockIdx.x * 1024}, old, scope::cta);
  cta_sync();
  for (int b = static_cast<int>(threadIdx.x); b < nbins; b += threads)
    per_cta[blockIdx.x * nbins + b] = counts(b);
}

/// Weighted samples straight into global memory: red.global.add.u32 of each
/// sample's weight (a register tile) at its bin.
__global__ void histogram_global(const unsigned* in, const unsigned* weights, unsigned* hist) {
  auto bins = alloc_local<unsigned, shape(4, 32, 2, 4), bins_regs>();
  auto w = alloc_local<unsigned, shape(4, 32, 2, 4), bins_regs>();
  tile::apply<ptx<"ld.global.v4.b32">>(bins, Samples{in + blockIdx.x * 1024}, scope::cta);
  tile::apply<ptx<"ld.global.v4.b32">>(w, Samples{weights + blockIdx.x * 1024}, scope::cta);
  using Hist = GlobalTensor<unsigned, ShapeT<nbins>>;
  tile::apply<ptx<"red.global.add.u32">>(Hist{hist}.gather(bins), w, scope::cta);
}

// -- (b) embeddings ----------------------------------------------------------
constexpr int vocab = 1000, dim = 128, tokens = 64; // 4 warps x 4 tokens per CTA, 4 CTAs
using Table = GlobalTensor<float, ShapeT<vocab, dim>, 16>;
using Ids = GlobalTensor<int, ShapeT<tokens>, 16>;
using Embedded = GlobalTensor<float, ShapeT<tokens, dim>, 16>;
constexpr TileLayout row_regs = layout_of<"S[(32, 4, 4) : (1@laneid, 4, 1)]">; // 4 rows per warp

/// Warp w of CTA c gathers the rows of tokens 16c + 4w .. + 3; ids read as
/// indices from global memory (from_registers 0) or from a register tile.
__global__ void embed(Table table, Ids ids, Embedded out, int from_registers) {
  const int first = static_cast<int>(blockIdx.x * 16 + threadIdx.x / 32 * 4);
  auto lanes = table.rearrange<"v (lane x) -> lane v x", "lane=32">(); // (32, vocab, 4)
  auto rows = alloc_local<float, shape(32, 4, 4), row_regs>();
  auto mine = ids.view<tokens / 4, 4>().sub(first / 4, _); // this warp's 4 ids (16-byte aligned)
  if (from_registers) {
    auto id_regs = alloc_local<int, shape(4)>(); // every lane holds the warp's 4 ids
    tile::apply<ptx<"ld.global.v4.b32">>(id_regs, mine, scope::thread);
    tile::apply<ptx<"ld.global.v4.b32">>(rows, lanes.gather<1>(id_regs), scope::warp);
  } else {
    tile::apply<ptx<"ld.global.v4.b32">>(rows, lanes.gather<1>(mine), scope::warp);
  }
  auto dst = out.sub(range_from<4>(first), _).rearrange<"t (lane x) -> lane t x", "lane=32">();
  tile::apply<ptx<"st.global.v4.b32">>(dst, rows, scope::warp);
}

/// The scatter: the rows of `in` (tokens, dim) into table rows ids[t].
__global__ void scatter(Embedded in, Ids ids, Table table) {
  const int first = static_cast<int>(blockIdx.x * 16 + threadIdx.x / 32 * 4);
  auto rows = alloc_local<float, shape(32, 4, 4), row_regs>();
  auto src = in.sub(range_from<4>(first), _).rearrange<"t (lane x) -> lane t x", "lane=32">();
  tile::apply<ptx<"ld.global.v4.b32">>(rows, src, scope::warp);
  auto lanes = table.rearrange<"v (lane x) -> lane v x", "lane=32">();
  tile::apply<ptx<"st.global.v4.b32">>(lanes.gather<1>(ids.sub(range_from<4>(first))), rows,
                                       scope::warp); // (indices need no alignment)
}

// -- (c) paged blocks ----------------------------------------------------------
// A page: 16 tokens x 64 halves = 512 words; 128 threads move one page with one
// 16-byte access each. Sequences of 4 pages, a block table row each.
constexpr int npages = 12, seqs = 3, pages_per_seq = 4, page_words = 512;
using Pages = GlobalTensor<unsigned, ShapeT<npages, 4, 32, 4>, 16>; // (page, warp, lane, 4 words)
using BlockTable = GlobalTensor<int, ShapeT<seqs, pages_per_seq>, 16>;
using Contiguous = GlobalTensor<unsigned, ShapeT<seqs, pages_per_seq, 4, 32, 4>, 16>;
constexpr TileLayout page_regs = layout_of<"S[(4, 32, 4, 4) : (1@warpid, 1@laneid, 4, 1)]">;

/// CTA s copies the pages of sequence s into out[s] twice: through registers
/// (ld.global over the gathered pages) and through shared memory (cp.async
/// over the same view); then writes token row `fresh` of every page back
/// into the pages (st.global over the gathered pages), value 1000 * s + word.
__global__ void paged_copy(Pages pages, BlockTable table, Contiguous out, Contiguous staged_out) {
  const int s = static_cast<int>(blockIdx.x);
  // (warp, lane, page, 4 words): the gathered page mode is a repeat
  auto by_thread = pages.permute<1, 2, 0, 3>().gather<2>(table.sub(s, _));
  auto regs = alloc_local<unsigned, shape(4, 32, 4, 4), page_regs>();
  tile::apply<ptx<"ld.global.v4.b32">>(regs, by_thread, scope::cta);
  auto dst = out.sub(s, _, _, _, _).permute<1, 2, 0, 3>();
  tile::apply<ptx<"st.global.v4.b32">>(dst, regs, scope::cta);

  auto staged = alloc_shared<unsigned, shape(4, 32, 4, 4)>();
  tile::apply<ptx<"cp.async.cg.shared.global">>(staged, by_thread, scope::cta);
  cp_async_commit_group();
  cp_async_wait_group<0>();
  cta_sync();
  auto back = alloc_local<unsigned, shape(4, 32, 4, 4), page_regs>();
  tile::apply<ptx<"ld.shared.v4.b32">>(back, staged, scope::cta);
  tile::apply<ptx<"st.global.v4.b32">>(staged_out.sub(s, _, _, _, _).permute<1, 2, 0, 3>(), back,
                                       scope::cta);
  cta_sync(); // every read of the pages before they are written
  // warp 1 of each page (words 128 .. 255) gets new values: one row of 4 pages per lane
  constexpr TileLayout lane_regs = layout_of<"S[(32, 4, 4) : (1@laneid, 4, 1)]">;
  auto fresh = alloc_local<unsigned, shape(32, 4, 4), lane_regs>();
  for (int p = 0; p < 4; ++p)
    for (int k = 0; k < 4; ++k)
      fresh(0, p, k) = 1000u * static_cast<unsigned>(s) + 128u + 4u * (threadIdx.x % 32) + k;
  if (threadIdx.x / 32 == 1) {
    auto rows = pages.sub(_, c<1>, _, _).permute<1, 0, 2>().gather<1>(table.sub(s, _));
    tile::apply<ptx<"st.global.v4.b32">>(rows, fresh, scope::warp);
  }
}

void report(bool ok, const char* what) {
  std::printf("%s %s\n", tirx_test::expect(ok) ? "PASS" : "FAIL", what);
}

} // namespace

int main() {
  if (int rc = tirx_test_require_gpu())
    return rc;
  const unsigned seed = 20261207;
  std::printf("seed %u\n", seed);
  std::mt19937 rng(seed);

  // (a) uniform, then skewed (half the samples in 3 bins: heavy contention)
  for (int skewed = 0; skewed < 2; ++skewed) {
    std::vector<unsigned> in(samples), weights(samples);
    for (unsigned& v : in)
      v = skewed && rng() % 2 ? 17u + rng() % 3 : static_cast<unsigned>(rng() % nbins);
    for (unsigned& w : weights)
      w = 1u + static_cast<unsigned>(rng() % 1000);
    std::vector<unsigned> want(nbins, 0u), want_weighted(nbins, 0u);
    std::vector<std::vector<unsigned>> want_cta(ctas, std::vector<unsigned>(nbins, 0u));
    for (int i = 0; i < samples; ++i) {
      ++want[in[i]];
      ++want_cta[i / 1024][in[i]];
      want_weighted[in[i]] += weights[i];
    }
    tirx_test::DeviceBuffer<unsigned> d_in(samples), d_w(samples), d_hist(nbins), d_olds(samples),
        d_cta(ctas * nbins);
    d_in.upload(in);
    d_w.upload(weights);
    d_hist.fill_bytes(0);
    histogram_red<<<ctas, threads>>>(d_in.ptr, d_hist.ptr);
    TIRX_CHECK_LAUNCH("histogram_red");
    report(d_hist.download() == want, skewed ? "histogram red (skewed) == host counts"
                                             : "histogram red (uniform) == host counts");

    d_olds.poison();
    d_cta.poison();
    histogram_atom<<<ctas, threads>>>(d_in.ptr, d_olds.ptr, d_cta.ptr);
    TIRX_CHECK_LAUNCH("histogram_atom");
    const std::vector<unsigned> olds = d_olds.download(), per_cta = d_cta.download();
    bool counts_ok = true, olds_ok = true;
    for (int c = 0; c < ctas; ++c) {
      std::vector<std::vector<unsigned>> seen(nbins);
      for (int i = c * 1024; i < (c + 1) * 1024; ++i)
        seen[in[i]].push_back(olds[i]);
      for (int b = 0; b < nbins; ++b) {
        counts_ok = counts_ok && per_cta[c * nbins + b] == want_cta[c][b];
        std::sort(seen[b].begin(), seen[b].end());
        for (std::size_t k = 0; k < seen[b].size(); ++k)
          olds_ok = olds_ok && seen[b][k] == k; // 0 .. count - 1, each once
      }
    }
    report(counts_ok, "histogram atom: per-CTA counts == host counts");
    report(olds_ok, "histogram atom: the old values of each bin are 0 .. count - 1, once each");

    d_hist.fill_bytes(0);
    histogram_global<<<ctas, threads>>>(d_in.ptr, d_w.ptr, d_hist.ptr);
    TIRX_CHECK_LAUNCH("histogram_global");
    report(d_hist.download() == want_weighted,
           "histogram red.global of register weights == host weighted counts");
  }

  // (b) embeddings
  {
    std::vector<float> table(vocab * dim);
    for (float& x : table)
      x = static_cast<float>(rng() % 100000) * 0.25f - 5000.0f;
    std::vector<int> ids(tokens);
    for (int& i : ids)
      i = static_cast<int>(rng() % vocab);
    ids[0] = 0; // both ends of the table
    ids[tokens - 1] = vocab - 1;
    tirx_test::DeviceBuffer<float> d_table(vocab * dim), d_out(tokens * dim);
    tirx_test::DeviceBuffer<int> d_ids(tokens);
    d_table.upload(table);
    d_ids.upload(ids);
    for (int from_registers = 0; from_registers < 2; ++from_registers) {
      d_out.poison();
      embed<<<4, 128>>>(Table{d_table.ptr}, Ids{d_ids.ptr}, Embedded{d_out.ptr}, from_registers);
      TIRX_CHECK_LAUNCH("embed");
      const std::vector<float> got = d_out.download();
      bool ok = true;
      for (int t = 0; t < tokens; ++t)
        for (int j = 0; j < dim; ++j)
          ok = ok && got[t * dim + j] == table[ids[t] * dim + j];
      report(ok, from_registers ? "embedding gather (ids in registers) == table rows"
                                : "embedding gather (ids in global memory) == table rows");
    }
    // scatter through a permutation's first 64 entries: those rows written, the rest poisoned
    std::vector<int> perm(vocab);
    std::iota(perm.begin(), perm.end(), 0);
    std::shuffle(perm.begin(), perm.end(), rng);
    perm.resize(tokens);
    std::vector<float> rows(tokens * dim);
    for (float& x : rows)
      x = static_cast<float>(rng() % 1000) + 0.5f;
    tirx_test::DeviceBuffer<float> d_rows(tokens * dim);
    d_rows.upload(rows);
    d_ids.upload(perm);
    d_table.poison();
    scatter<<<4, 128>>>(Embedded{d_rows.ptr}, Ids{d_ids.ptr}, Table{d_table.ptr});
    TIRX_CHECK_LAUNCH("scatter");
    const std::vector<float> got = d_table.download();
    std::vector<int> source(vocab, -1);
    for (int t = 0; t < tokens; ++t)
      source[perm[t]] = t;
    bool ok = true;
    for (int v = 0; v < vocab; ++v)
      for (int j = 0; j < dim; ++j) {
        const float g = got[v * dim + j];
        ok = ok && (source[v] >= 0 ? g == rows[source[v] * dim + j] : g != g); // poison: NaN
      }
    report(ok, "embedding scatter: rows ids[t] == row t, every other row untouched");
  }

  // (c) paged blocks
  {
    std::vector<unsigned> pages(npages * page_words);
    for (unsigned& w : pages)
      w = static_cast<unsigned>(rng());
    std::vector<int> all(npages);
    std::iota(all.begin(), all.end(), 0);
    std::shuffle(all.begin(), all.end(), rng);
    std::vector<int> table(all.begin(), all.begin() + seqs * pages_per_seq); // distinct pages
    tirx_test::DeviceBuffer<unsigned> d_pages(npages * page_words),
        d_out(seqs * pages_per_seq * page_words), d_staged(seqs * pages_per_seq * page_words);
    tirx_test::DeviceBuffer<int> d_table(seqs * pages_per_seq);
    d_pages.upload(pages);
    d_table.upload(table);
    d_out.poison();
    d_staged.poison();
    paged_copy<<<seqs, 128>>>(Pages{d_pages.ptr}, BlockTable{d_table.ptr}, Contiguous{d_out.ptr},
                              Contiguous{d_staged.ptr});
    TIRX_CHECK_LAUNCH("paged_copy");
    const std::vector<unsigned> out = d_out.download(), staged = d_staged.download(),
                                after = d_pages.download();
    bool copied = true, via_shared = true, written = true;
    for (int s = 0; s < seqs; ++s)
      for (int p = 0; p < pages_per_seq; ++p)
        for (int w = 0; w < page_words; ++w) {
          const unsigned want = pages[table[s * pages_per_seq + p] * page_words + w];
          copied = copied && out[(s * pages_per_seq + p) * page_words + w] == want;
          via_shared = via_shared && staged[(s * pages_per_seq + p) * page_words + w] == want;
        }
    std::vector<int> owner(npages, -1);
    for (int k = 0; k < seqs * pages_per_seq; ++k)
      owner[table[k]] = k / pages_per_seq;
    for (int pg = 0; pg < npages; ++pg)
      for (int w = 0; w < page_words; ++w) {
        const bool fresh = owner[pg] >= 0 && w >= 128 && w < 256;
        const unsigned want =
            fresh ? 1000u * static_cast<unsigned>(owner[pg]) + static_cast<unsigned>(w)
                  : pages[pg * page_words + w];
        written = written && after[pg * page_words + w] == want;
      }
    report(copied, "paged copy: out[s] == the pages of block table row s, in order");
    report(via_shared, "paged copy through cp.async into shared memory == the same pages");
    report(written, "paged write-back: words 128..255 of each table page written, the rest "
                    "and the pages of no sequence unchanged");
  }
  return tirx_test::summary("gpu_gather");
}
