// Host tests of gathered views (tensor.gather<M>(indices), tensor/gather.hpp)
// and their operand rules (exec/gather.hpp): the view's shape and row
// stride; the address of every element against table(a..., idx(k...), b...)
// computed by hand, for indices in a register tile (thread axes included),
// in a global tensor and in a strided view, along the first, a middle and
// the last mode; the rule tensor's layout; every gather rule of tile::apply
// hit and missed on purpose; the debug check of an index outside the
// gathered mode (an abort in a child process, with its message).
#define TIRX_DEBUG_CHECKS 1
#include <tirx/tile.hpp>

#include <catch2/catch.hpp>

#include <csignal>
#include <random>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <utility>
#include <vector>

using namespace tirx;
using detail::GatherRule;

namespace {

using Table = GlobalTensor<float, ShapeT<64, 8>, 16>; // 64 rows of 8 floats
using Rows4 = GlobalTensor<int, ShapeT<4>, 16>;

// -- the view's type ---------------------------------------------------------
using G0 = decltype(std::declval<Table&>().gather(std::declval<Rows4&>()));
static_assert(is_gathered_v<G0> && !is_tensor_v<G0>);
static_assert(G0::shape() == shape(4, 8) && G0::rank == 2 && G0::size() == 32);
static_assert(G0::row_stride == 8 && G0::align == 16 && G0::scope == MemScope::global);
// the rule tensor: the four rows a row stride apart, as if they were a mode of the table
static_assert(detail::rule_tensor_t<G0>::layout() == layout_of<"S[(4, 8) : (8, 1)]">);
static_assert(std::is_same_v<detail::rule_tensor_t<Table>, Table>);

// a middle mode: pages of (16 tokens, 32 values), gathered by a (2, 3) block table
using Pages = GlobalTensor<float, ShapeT<10, 16, 32>, 16>;
using Blocks = GlobalTensor<int, ShapeT<2, 3>>;
using G1 = decltype(std::declval<Pages&>().gather(std::declval<Blocks&>()));
static_assert(G1::shape() == shape(2, 3, 16, 32) && G1::row_stride == 512);
static_assert(detail::rule_tensor_t<G1>::layout() ==
              layout_of<"S[(2, 3, 16, 32) : (1536, 512, 32, 1)]">);
using G2 = decltype(std::declval<Pages&>().gather<1>(std::declval<Rows4&>()));
static_assert(G2::shape() == shape(10, 4, 32) && G2::row_stride == 32);
static_assert(detail::rule_tensor_t<G2>::layout() == layout_of<"S[(10, 4, 32) : (512, 32, 1)]">);

// -- the rules of tile::apply -----------------------------------------------
template <fixed_string S, class Scope, int K, class X, bool Bound = false>
constexpr GatherRule rule = detail::gather_rule<ptx<S>, Scope, 1, K, X, Bound>();

// a warp reads 4 rows of 128 floats, 4 per lane (the embedding of the GPU test)
using Emb = GlobalTensor<float, ShapeT<100, 128>, 16>;
using Lanes = decltype(std::declval<Emb&>().rearrange<"v (l x) -> l v x", "l=32">());
using Warp = decltype(std::declval<Lanes&>().gather<1>(std::declval<Rows4&>()));
static_assert(Warp::shape() == shape(32, 4, 4) && Warp::row_stride == 128);
static_assert(rule<"ld.global.v4.b32", scope::warp_t, 1, Warp> == GatherRule::none);
static_assert(rule<"st.global.v4.b32", scope::warp_t, 0, Warp> == GatherRule::none);
// a gathered operand where the instruction takes registers
static_assert(rule<"ld.global.v4.b32", scope::warp_t, 0, Warp> == GatherRule::in_registers);
// tile::bound
static_assert(rule<"ld.global.v4.b32", scope::warp_t, 1, Warp, true> == GatherRule::bounded);
// an atom across rows: rows of 2 floats, a .v4 atom
using Narrow = GlobalTensor<float, ShapeT<100, 32, 2>, 16>;
using Rows2 = GlobalTensor<int, ShapeT<2>, 8>;
using NarrowG =
    decltype(std::declval<Narrow&>().permute<1, 0, 2>().gather<1>(std::declval<Rows2&>()));
static_assert(rule<"ld.global.v4.b32", scope::warp_t, 1, NarrowG> == GatherRule::atom_across_rows);
static_assert(rule<"ld.global.v2.b32", scope::warp_t, 1, NarrowG> == GatherRule::none);
// rows 6 floats apart: a .v4 row is misaligned every other index, a .v2 one never
using Padded =
    Tensor<float, ShapeT<100, 4>, MemScope::global, 16, layout_type<S({100, 4}, {6, 1})>>;
using Rows1 = GlobalTensor<int, ShapeT<1>>;
using PaddedG = decltype(std::declval<Padded&>().gather(std::declval<Rows1&>()));
static_assert(PaddedG::row_stride == 6);
static_assert(rule<"ld.global.v4.b32", scope::thread_t, 1, PaddedG> == GatherRule::row_misaligned);
static_assert(rule<"ld.global.v2.b32", scope::thread_t, 1, PaddedG> == GatherRule::none);
// a register index tile: its group modes on the scope's axes, its repeats on m
using Hist = Tensor<unsigned, ShapeT<256>, MemScope::shared, 16>;
constexpr TileLayout bins_regs = layout_of<"S[(4, 32, 8) : (1@warpid, 1@laneid, 1)]">;
using Bins = Tensor<unsigned, ShapeT<4, 32, 8>, MemScope::local, 4, layout_type<bins_regs>>;
using HistG = decltype(std::declval<Hist&>().gather(std::declval<Bins&>()));
static_assert(rule<"red.shared::cta.add.u32", scope::cta_t, 0, HistG> == GatherRule::none);
static_assert(rule<"atom.shared::cta.add.u32", scope::cta_t, 1, HistG> == GatherRule::none);
constexpr TileLayout flat_regs = layout_of<"S[(4, 32, 8) : (256, 8, 1)]">; // no thread axes
using FlatBins = Tensor<unsigned, ShapeT<4, 32, 8>, MemScope::local, 4, layout_type<flat_regs>>;
using FlatG = decltype(std::declval<Hist&>().gather(std::declval<FlatBins&>()));
static_assert(rule<"red.shared::cta.add.u32", scope::cta_t, 0, FlatG> ==
              GatherRule::index_group_axes);
constexpr TileLayout lane_repeat = layout_of<"S[(32, 8) : (1@laneid, 1)]">; // lanes as repeats
using LaneBins = Tensor<unsigned, ShapeT<32, 8>, MemScope::local, 4, layout_type<lane_repeat>>;
using LaneG = decltype(std::declval<Hist&>().gather(std::declval<LaneBins&>()));
static_assert(rule<"red.shared::cta.add.u32", scope::thread_t, 0, LaneG> ==
              GatherRule::index_foreign_slots);
static_assert(rule<"red.shared::cta.add.u32", scope::warp_t, 0, LaneG> == GatherRule::none);
// an index tensor in memory on thread axes
using ThreadIdx =
    Tensor<int, ShapeT<32>, MemScope::shared, 4, layout_type<layout_of<"S[32 : 1@laneid]">>>;
using ThreadG = decltype(std::declval<Emb&>().gather(std::declval<ThreadIdx&>()));
static_assert(rule<"ld.global.b32", scope::warp_t, 1, ThreadG> == GatherRule::index_thread_axes);
// the memory rules come from the rule tensor: a 4-byte table align is too little for .v4
using Loose = GlobalTensor<float, ShapeT<100, 32, 4>, 4>;
using LooseG = decltype(std::declval<Loose&>().gather(std::declval<Rows4&>()));
static_assert(detail::apply_operand_error<ptx<"ld.global.v4.b32">, scope::thread_t, 1, 1,
                                          detail::rule_tensor_t<LooseG>>() ==
              detail::OperandError::pointer_align);

/// Runs f in a child process; returns its stderr and whether it aborted.
template <class F> std::pair<std::string, bool> in_child(F f) {
  int pipe_fd[2];
  REQUIRE(pipe(pipe_fd) == 0);
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    std::signal(SIGABRT, SIG_DFL);
    dup2(pipe_fd[1], 2);
    close(pipe_fd[0]);
    f();
    _exit(0);
  }
  close(pipe_fd[1]);
  std::string out;
  char buf[256];
  for (ssize_t n; (n = read(pipe_fd[0], buf, sizeof buf)) > 0;)
    out.append(buf, static_cast<std::size_t>(n));
  close(pipe_fd[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  return {out, WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT};
}

} // namespace

TEST_CASE("gather: every element's address is table(a..., idx(k...), b...)", "[gather]") {
  std::mt19937 rng(20261207);
  alignas(16) static float table[64 * 8];
  alignas(16) static int ids[4];
  const auto t = decl_tensor<Table>(table);
  for (int round = 0; round < 20; ++round) {
    for (int& i : ids)
      i = static_cast<int>(rng() % 64);
    // indices in a global tensor
    auto g = t.gather(decl_tensor<Rows4>(ids));
    // the same indices in a register tile (alloc_local), read through a view of it
    auto regs = alloc_local<int, shape(4)>();
    for (int k = 0; k < 4; ++k)
      regs(k) = ids[k];
    auto r = t.gather(regs);
    for (int k = 0; k < 4; ++k)
      for (int j = 0; j < 8; ++j) {
        CHECK(&g(k, j) == &table[ids[k] * 8 + j]);
        CHECK(r.ptr_to(k, j) == &table[ids[k] * 8 + j]);
        CHECK(g.index_at(k, j) == ids[k]);
      }
    regs(2) = (ids[2] + 1) % 64; // the view reads the tile, not a copy
    CHECK(r.ptr_to(2, 0) == &table[(ids[2] + 1) % 64 * 8]);
  }
}

TEST_CASE("gather: a middle mode and a 2-D block table (paged blocks)", "[gather]") {
  std::mt19937 rng(7);
  static float pages[10 * 16 * 32];
  int blocks[6];
  for (int& b : blocks)
    b = static_cast<int>(rng() % 10);
  const auto p = decl_tensor<Pages>(pages);
  auto g = p.gather(decl_tensor<Blocks>(blocks)); // (2, 3, 16, 32)
  for (int s = 0; s < 2; ++s)
    for (int b = 0; b < 3; ++b)
      for (int tok = 0; tok < 16; ++tok)
        for (int v = 0; v < 32; ++v)
          CHECK(&g(s, b, tok, v) == &pages[(blocks[s * 3 + b] * 16 + tok) * 32 + v]);
  // the tokens' mode gathered: (page, 4 tokens, value)
  alignas(16) int tokens[4] = {15, 0, 7, 7};
  auto m = p.gather<1>(decl_tensor<Rows4>(tokens));
  for (int q = 0; q < 10; ++q)
    for (int k = 0; k < 4; ++k)
      for (int v = 0; v < 32; v += 5)
        CHECK(&m(q, k, v) == &pages[(q * 16 + tokens[k]) * 32 + v]);
}

TEST_CASE("gather: a register index tile on thread axes reads the thread's own slot", "[gather]") {
  static unsigned hist[256];
  const auto h = decl_tensor<Tensor<unsigned, ShapeT<256>, MemScope::shared, 16>>(hist);
  auto bins = alloc_local<unsigned, shape(4, 32, 8), bins_regs>();
  for (unsigned k = 0; k < 8; ++k)
    bins(0, 0, k) = 31 * k + 3;
  auto g = h.gather(bins);
  // (warp, lane) select the owner, not the slot: any of them reads this thread's slot k
  for (int w = 0; w < 4; ++w)
    for (int l = 0; l < 32; l += 7)
      for (int k = 0; k < 8; ++k)
        CHECK(&g(w, l, k) == &hist[31 * k + 3]);
}

TEST_CASE("gather: a strided view of indices and a gathered last mode", "[gather]") {
  static float table[64 * 8];
  int ids[8] = {5, 63, 1, 0, 9, 9, 2, 60};
  const auto t = decl_tensor<Table>(table);
  auto every_other = decl_tensor<GlobalTensor<int, ShapeT<8>>>(ids).sub(range<0, 8, 2>);
  auto g = t.gather(every_other); // rows 5, 1, 9, 2
  for (int k = 0; k < 4; ++k)
    CHECK(&g(k, 3) == &table[ids[2 * k] * 8 + 3]);
  int cols[3] = {7, 0, 4}; // the last mode gathered: columns of every row
  auto c = t.gather<1>(decl_tensor<GlobalTensor<int, ShapeT<3>>>(cols));
  static_assert(decltype(c)::shape() == shape(64, 3) && decltype(c)::row_stride == 1);
  for (int row = 0; row < 64; row += 9)
    for (int k = 0; k < 3; ++k)
      CHECK(&c(row, k) == &table[row * 8 + cols[k]]);
}

TEST_CASE("gather: an index outside the gathered mode stops (debug builds)", "[gather]") {
  static float table[64 * 8];
  static int ids[4] = {0, 64, 1, 2};
  auto [message, aborted] = in_child([] {
    auto g = decl_tensor<Table>(table).gather(decl_tensor<Rows4>(ids));
    (void)g.ptr_to(1, 0);
  });
  CHECK(aborted);
  CHECK_THAT(message, Catch::Contains("tirx::Tensor::gather: an index lies outside the gathered "
                                      "mode (0 <= index < extent)"));
  static int negative[4] = {0, 1, -1, 2};
  auto [m2, aborted2] = in_child(
      [] { (void)decl_tensor<Table>(table).gather(decl_tensor<Rows4>(negative)).ptr_to(2, 7); });
  CHECK(aborted2);
  CHECK_THAT(m2, Catch::Contains("tirx::Tensor::gather: an index lies outside"));
  auto [fine, aborted_fine] = in_child(
      [] { (void)decl_tensor<Table>(table).gather(decl_tensor<Rows4>(negative)).ptr_to(1, 7); });
  CHECK(!aborted_fine);
  CHECK(fine.empty());
  // the address of an access a guard turns off: its index is not checked
  auto [guarded, aborted_guarded] = in_child([] {
    auto g = decl_tensor<Table>(table).gather(decl_tensor<Rows4>(negative));
    (void)g.guarded_ptr_to(false, 2, 7);
  });
  CHECK(!aborted_guarded);
  CHECK(guarded.empty());
  auto [live, aborted_live] = in_child([] {
    (void)decl_tensor<Table>(table).gather(decl_tensor<Rows4>(negative)).guarded_ptr_to(true, 2, 7);
  });
  CHECK(aborted_live);
  CHECK_THAT(live, Catch::Contains("tirx::Tensor::gather: an index lies outside"));
}
