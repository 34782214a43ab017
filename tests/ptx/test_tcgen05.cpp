// Host tests of the tcgen05 pieces (sm_100a; there is no Blackwell GPU here, so these and
// the PTX text of device_compile_sm100_tcgen05 are all the testing they get):
//   - the instruction descriptor: each field at the bits of the PTX ISA's table, the reserved
//     bits zero, and the values TIRx 0.1.0a4's encoder gives for the same operands;
//   - the sm_100 shared-memory descriptor: the fields of every canonical layout, the fixed
//     version bits, the swizzle codes, and TIRx's constant parts;
//   - the shapes each kind and cta_group accept, against TIRx's shape check;
//   - the accumulator (datapath), A-in-TMEM, copy and ld/st fragment layouts, element by
//     element against the maps of the PTX ISA figures as TIRx's patterns write them;
//   - TMEM tensors (decl_tmem, tmem_sub, tmem_address, tmem_offset, reach) and the operand
//     rules of tcgen05.mma, ld/st and cp (every spelling parses; broken operands name their rule).
#include <tirx/ptx/families.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <utility>

using namespace tirx;
using namespace tirx::ptxtcgen05;

namespace {

// -- the instruction descriptor -------------------------------------------------

/// The fields of a descriptor, read back at the PTX ISA table's bit ranges.
struct Fields {
  unsigned sparse_sel, sparse, saturate, d, a, b, neg_a, neg_b, trans_a, trans_b, n, m, shift;
  unsigned reserved; ///< bits 6, 23 and 29 together
};
Fields decode(std::uint32_t v) {
  auto bits = [&](int lo, int hi) { return (v >> lo) & ((1u << (hi - lo + 1)) - 1); };
  return Fields{bits(0, 1),        bits(2, 2),
                bits(3, 3),        bits(4, 5),
                bits(7, 9),        bits(10, 12),
                bits(13, 13),      bits(14, 14),
                bits(15, 15),      bits(16, 16),
                bits(17, 22) << 3, bits(24, 28) << 4,
                bits(30, 31),      bits(6, 6) | bits(23, 23) | bits(29, 29)};
}

TEST_CASE("tcgen05 instruction descriptor: every field at its PTX ISA bits") {
  // one field at a time
  CHECK(instr_desc(InstrDesc{}) == 0u);
  CHECK(instr_desc(InstrDesc{0, 0, 1, 0, 0}) == 1u << 4);
  CHECK(instr_desc(InstrDesc{0, 0, 2, 0, 0}) == 2u << 4);
  CHECK(instr_desc(InstrDesc{0, 0, 0, 5, 0}) == 5u << 7);
  CHECK(instr_desc(InstrDesc{0, 0, 0, 0, 5}) == 5u << 10);
  CHECK(instr_desc(InstrDesc{0, 0, 0, 0, 0, false, false, true}) == 1u << 13);
  CHECK(instr_desc(InstrDesc{0, 0, 0, 0, 0, false, false, false, true}) == 1u << 14);
  CHECK(instr_desc(InstrDesc{0, 0, 0, 0, 0, true}) == 1u << 15);
  CHECK(instr_desc(InstrDesc{0, 0, 0, 0, 0, false, true}) == 1u << 16);
  CHECK(instr_desc(InstrDesc{0, 8}) == 1u << 17);
  CHECK(instr_desc(InstrDesc{0, 256}) == 32u << 17);
  CHECK(instr_desc(InstrDesc{16, 0}) == 1u << 24);
  CHECK(instr_desc(InstrDesc{256, 0}) == 16u << 24);
  CHECK(instr_desc(InstrDesc{0, 0, 0, 0, 0, false, false, false, false, true}) == 1u << 3);

  // every shape of every kind with every flag: the fields come back, reserved bits stay zero
  const MmaKind kinds[] = {MmaKind::f16, MmaKind::tf32, MmaKind::f8f6f4, MmaKind::i8};
  int checked = 0;
  for (MmaKind k : kinds)
    for (int g = 1; g <= 2; ++g)
      for (int m : {64, 128, 256})
        for (int n = 8; n <= 256; n += 8) {
          if (!mma_shape_ok(k, g, m, n))
            continue;
          for (int flags = 0; flags < 16; ++flags) {
            const InstrDesc f{m,
                              n,
                              k == MmaKind::i8 ? 2 : 1,
                              flags & 1 ? 1 : 0,
                              flags & 2 ? 1 : 0,
                              (flags & 4) != 0,
                              (flags & 8) != 0,
                              negates(k) && (flags & 1),
                              negates(k) && (flags & 2),
                              false};
            const Fields d = decode(instr_desc(f));
            CHECK(d.m == static_cast<unsigned>(m));
            CHECK(d.n == static_cast<unsigned>(n));
            CHECK(d.d == static_cast<unsigned>(f.d_type));
            CHECK(d.a == static_cast<unsigned>(f.a_type));
            CHECK(d.b == static_cast<unsigned>(f.b_type));
            CHECK(d.trans_a == unsigned(f.trans_a));
            CHECK(d.trans_b == unsigned(f.trans_b));
            CHECK(d.neg_a == unsigned(f.neg_a));
            CHECK(d.neg_b == unsigned(f.neg_b));
            CHECK((d.sparse_sel | d.sparse | d.saturate | d.shift | d.reserved) == 0u);
            ++checked;
          }
        }
  CHECK(checked > 1000);
}

TEST_CASE("tcgen05 type codes: the PTX ISA's values for each kind") {
  CHECK(ab_code<half>(MmaKind::f16) == 0);
  CHECK(ab_code<nv_bfloat16>(MmaKind::f16) == 1);
  CHECK(ab_code<float>(MmaKind::f16) == -1);
  CHECK(ab_code<float>(MmaKind::tf32) == 2);
  CHECK(ab_code<half>(MmaKind::tf32) == -1);
  CHECK(ab_code<__nv_fp8_e4m3>(MmaKind::f8f6f4) == 0);
  CHECK(ab_code<__nv_fp8_e5m2>(MmaKind::f8f6f4) == 1);
  CHECK(ab_code<signed char>(MmaKind::f8f6f4) == -1);
  CHECK(ab_code<unsigned char>(MmaKind::i8) == 0);
  CHECK(ab_code<signed char>(MmaKind::i8) == 1);
  CHECK(d_code<half>(MmaKind::f16) == 0);
  CHECK(d_code<float>(MmaKind::f16) == 1);
  CHECK(d_code<float>(MmaKind::tf32) == 1);
  CHECK(d_code<half>(MmaKind::tf32) == -1);
  CHECK(d_code<half>(MmaKind::f8f6f4) == 0);
  CHECK(d_code<int>(MmaKind::i8) == 2);
  CHECK(d_code<float>(MmaKind::i8) == -1);
  CHECK(mma_k(MmaKind::f16) == 16);
  CHECK(mma_k(MmaKind::tf32) == 8);
  CHECK(mma_k(MmaKind::f8f6f4) == 32);
  CHECK(mma_k(MmaKind::i8) == 32);
}

/// The descriptor tirx builds for kind K, cta_group G, M x N, element types TD, TA, TB.
template <class TD, class TA, class TB>
std::uint32_t idesc_of(MmaKind k, int m, int n, bool ta = false, bool tb = false, bool na = false,
                       bool nb = false) {
  return instr_desc(
      InstrDesc{m, n, d_code<TD>(k), ab_code<TA>(k), ab_code<TB>(k), ta, tb, na, nb, false});
}

TEST_CASE("tcgen05 instruction descriptor: the values TIRx's encoder gives") {
  // tvm_tirx.backend.cuda.cpp.descriptors.encode_instr_descriptor_dense_uint32(M, N, K,
  // d, a, b, trans_a, trans_b, cta_group=..., neg_a=..., neg_b=...), TIRx 0.1.0a4
  using E4 = __nv_fp8_e4m3;
  using E5 = __nv_fp8_e5m2;
  using bf = nv_bfloat16;
  const MmaKind f16 = MmaKind::f16, tf32 = MmaKind::tf32, f8 = MmaKind::f8f6f4, i8 = MmaKind::i8;
  CHECK(idesc_of<float, half, half>(f16, 128, 256) == 0x8400010u);
  CHECK(idesc_of<float, bf, bf>(f16, 128, 256, false, true) == 0x8410490u);
  CHECK(idesc_of<half, half, half>(f16, 64, 64, true) == 0x4108000u);
  CHECK(idesc_of<float, half, half>(f16, 128, 256, false, false, true, true) == 0x8406010u);
  CHECK(idesc_of<float, bf, bf>(f16, 128, 256) == 138413200u);
  CHECK(idesc_of<float, half, half>(f16, 64, 64) == 68157456u);
  CHECK(idesc_of<half, half, half>(f16, 128, 128, true, true, true) == 136421376u);
  CHECK(idesc_of<float, float, float>(tf32, 128, 128) == 136317200u);
  CHECK(idesc_of<float, float, float>(tf32, 64, 64, false, false, true, true) == 68184336u);
  CHECK(idesc_of<float, E4, E5>(f8, 128, 128) == 136315920u);
  CHECK(idesc_of<half, E4, E4>(f8, 64, 64) == 68157440u);
  CHECK(idesc_of<int, signed char, unsigned char>(i8, 128, 64) == 135266464u);
  CHECK(idesc_of<int, unsigned char, signed char>(i8, 64, 32) == 67634208u);
  // cta_group::2: M is both CTAs' rows
  CHECK(idesc_of<float, bf, bf>(f16, 256, 256) == 272630928u);
  CHECK(idesc_of<float, half, half>(f16, 128, 64) == 135266320u);
  CHECK(idesc_of<half, half, half>(f16, 256, 128, true, true, true) == 270639104u);
  CHECK(idesc_of<float, float, float>(tf32, 256, 128) == 270534928u);
  CHECK(idesc_of<float, float, float>(tf32, 128, 64, false, false, true, true) == 135293200u);
  CHECK(idesc_of<float, E4, E5>(f8, 256, 128) == 270533648u);
  CHECK(idesc_of<half, E4, E4>(f8, 128, 64) == 135266304u);
  CHECK(idesc_of<int, signed char, unsigned char>(i8, 256, 64) == 269484192u);
  CHECK(idesc_of<int, unsigned char, signed char>(i8, 128, 32) == 134743072u);
}

TEST_CASE("tcgen05 shapes: the N each kind, cta_group and M accept, as TIRx checks them") {
  // bit N/8 - 1 set: N accepted (TIRx 0.1.0a4's _check_tcgen05_mma_matrix_shape, dense)
  struct Row {
    MmaKind k;
    int g, m;
    std::uint32_t mask;
  };
  const Row rows[] = {
      {MmaKind::f16, 1, 64, 0xffffffffu},     {MmaKind::f16, 1, 128, 0xaaaaaaaau},
      {MmaKind::f16, 2, 128, 0x88888888u},    {MmaKind::f16, 2, 256, 0x88888888u},
      {MmaKind::tf32, 1, 64, 0xffffffffu},    {MmaKind::tf32, 1, 128, 0xaaaaaaaau},
      {MmaKind::tf32, 2, 128, 0x88888888u},   {MmaKind::tf32, 2, 256, 0x88888888u},
      {MmaKind::f8f6f4, 1, 64, 0xffffffffu},  {MmaKind::f8f6f4, 1, 128, 0xaaaaaaaau},
      {MmaKind::f8f6f4, 2, 128, 0x88888888u}, {MmaKind::f8f6f4, 2, 256, 0x88888888u},
      {MmaKind::i8, 1, 64, 0xaaaaaaafu},      {MmaKind::i8, 1, 128, 0xaaaaaaafu},
      {MmaKind::i8, 2, 128, 0x88888888u},     {MmaKind::i8, 2, 256, 0x88888888u},
  };
  for (const Row& r : rows)
    for (int n = 0; n < 300; ++n) {
      const bool want = n >= 8 && n <= 256 && n % 8 == 0 && ((r.mask >> (n / 8 - 1)) & 1u);
      INFO("kind " << static_cast<int>(r.k) << " cta_group " << r.g << " M " << r.m << " N " << n);
      CHECK(mma_shape_ok(r.k, r.g, r.m, n) == want);
    }
  // no other M
  for (MmaKind k : {MmaKind::f16, MmaKind::i8})
    for (int m : {0, 16, 32, 96, 192, 512}) {
      CHECK_FALSE(mma_shape_ok(k, 1, m, 64));
      CHECK_FALSE(mma_shape_ok(k, 2, m, 64));
    }
  CHECK_FALSE(mma_shape_ok(MmaKind::f16, 1, 256, 64));
  CHECK_FALSE(mma_shape_ok(MmaKind::f16, 2, 64, 64));
  CHECK_FALSE(mma_shape_ok(MmaKind::f16, 3, 128, 64));
}

// -- the shared-memory descriptor --------------------------------------------

struct SmemFields {
  unsigned start, lbo, sbo, version, base, lbo_mode, fixed, swizzle, gaps;
};
SmemFields decode_smem(std::uint64_t v) {
  auto bits = [&](int lo, int hi) {
    return static_cast<unsigned>((v >> lo) & ((std::uint64_t{1} << (hi - lo + 1)) - 1));
  };
  return SmemFields{bits(0, 13),  bits(16, 29), bits(32, 45),
                    bits(46, 48), bits(49, 51), bits(52, 52),
                    bits(53, 60), bits(61, 63), bits(14, 15) | bits(30, 31)};
}

TEST_CASE("tcgen05 shared-memory descriptor: every canonical layout's fields at sm_100's bits") {
  const SwizzleMode modes[] = {SwizzleMode::none, SwizzleMode::b32, SwizzleMode::b64,
                               SwizzleMode::b128};
  const unsigned codes[] = {0, 6, 4, 2}; // none, 32B, 64B, 128B (PTX ISA swizzle field)
  int checked = 0;
  for (int bytes : {1, 2, 4})
    for (MatrixMajor major : {MatrixMajor::k, MatrixMajor::mn})
      for (int mi = 0; mi < 4; ++mi) {
        const index_t k = 32 / bytes; // one MMA's K
        const index_t mn = 128;
        const Shape s = shape(mn, major == MatrixMajor::k ? k : k);
        const TileLayout l = wgmma_smem_layout(s, major, modes[mi], bytes);
        const SmemMatrix m = smem_matrix_of(l, s, bytes);
        INFO("bytes " << bytes << " major " << static_cast<int>(major) << " mode " << mi);
        REQUIRE(m.error == SmemMatrix::Error::none);
        for (std::uint32_t addr : {0x400u, 0x1000u, 0x2c400u}) {
          const SmemFields f =
              decode_smem(smem_desc(addr + static_cast<std::uint32_t>(m.start), m));
          CHECK(f.start == ((addr + m.start) >> 4));
          CHECK(f.lbo == static_cast<unsigned>(m.lbo >> 4));
          CHECK(f.sbo == static_cast<unsigned>(m.sbo >> 4));
          CHECK(f.version == 1u);
          CHECK(f.base == 0u);
          CHECK(f.lbo_mode == 0u);
          CHECK(f.fixed == 0u);
          CHECK(f.swizzle == codes[mi]);
          CHECK(f.gaps == 0u);
          ++checked;
        }
      }
  CHECK(checked == 72);
}

TEST_CASE("tcgen05 shared-memory descriptor: TIRx's constant parts") {
  // tvm_tirx...encode_smem_descriptor_base_uint64(ldo, sdo, swizzle) (16-byte units; swizzle
  // 0 none, 1 32B, 2 64B, 3 128B), TIRx 0.1.0a4
  auto constant = [](index_t mn, index_t k, MatrixMajor major, SwizzleMode mode, int bytes) {
    const SmemMatrix m =
        smem_matrix_of(wgmma_smem_layout(shape(mn, k), major, mode, bytes), shape(mn, k), bytes);
    REQUIRE(m.error == SmemMatrix::Error::none);
    return smem_desc(0, m);
  };
  // K-major 128B bf16 (a K slice of a 64-column stage): LBO 1, SBO 64
  CHECK(constant(128, 64, MatrixMajor::k, SwizzleMode::b128, 2) == 0x4000404000010000ull);
  // K-major 64B and 32B: SBO 32 and 16
  CHECK(constant(128, 32, MatrixMajor::k, SwizzleMode::b64, 2) == 0x8000402000010000ull);
  CHECK(constant(128, 16, MatrixMajor::k, SwizzleMode::b32, 2) == 0xc000401000010000ull);
  // K-major unswizzled: LBO 8 (the two K cores 128 bytes apart), SBO 16
  CHECK(constant(128, 16, MatrixMajor::k, SwizzleMode::none, 2) == 0x401000080000ull);
}

TEST_CASE("tcgen05 K slices: the descriptors of the K loop TIRx generates") {
  // TIRx 0.1.0a4, T.cuda.tile.apply("tcgen05.mma.cta_group::1.kind::f16", ...) on (128, 64)
  // and (256, 64) bf16 stages of mma_shared_layout(bfloat16, 128B) for instruction_shape
  // (128, 256, 16) (compiled for sm_100a, inspect_source()), wrote four MMAs with the
  // instruction descriptor 138413200, the descriptor constant 65536 | 1073758272 << 32, and the
  // start addresses of the stages plus 0, 32, 64, 96 bytes
  constexpr TileLayout a_stage =
      wgmma_smem_layout(shape(128, 64), MatrixMajor::k, SwizzleMode::b128, 2);
  using AStage = Tensor<nv_bfloat16, ShapeT<128, 64>, MemScope::shared_dyn, 1024,
                        detail::layout_type_of<a_stage>::type>;
  CHECK(idesc_of<float, nv_bfloat16, nv_bfloat16>(MmaKind::f16, 128, 256) == 138413200u);
  auto slice_facts = [](auto slice) {
    using X = decltype(slice);
    return smem_matrix_of(X::layout(), X::shape(), 2);
  };
  const AStage stage{nullptr};
  const SmemMatrix s0 = slice_facts(stage.sub(_, range<0, 16>));
  const SmemMatrix s1 = slice_facts(stage.sub(_, range<16, 32>));
  const SmemMatrix s2 = slice_facts(stage.sub(_, range<32, 48>));
  const SmemMatrix s3 = slice_facts(stage.sub(_, range<48, 64>));
  for (const SmemMatrix& s : {s0, s1, s2, s3}) {
    REQUIRE(s.error == SmemMatrix::Error::none);
    CHECK(smem_desc(0, s) == (65536ull | (1073758272ull << 32)));
  }
  CHECK(s0.start == 0);
  CHECK(s1.start == 32);
  CHECK(s2.start == 64);
  CHECK(s3.start == 96);
}

// -- layouts ------------------------------------------------------------------

/// (lane, column in elements) of element (r, c) of a (rows, cols) TMEM layout.
std::pair<index_t, index_t> cell(const TileLayout& l, index_t cols, index_t r, index_t c) {
  const Coord x = apply(l, r * cols + c);
  return {x[axes::TLane], x[axes::TCol]};
}

TEST_CASE("tcgen05 accumulator layouts: where the MMA of each M and cta_group writes") {
  for (index_t n : {32, 64, 256}) {
    // M = 128 (cta_group::1) and 256 (::2): row r on lane r (datapath layouts D, A)
    for (auto [m, g] : {std::pair<index_t, int>{128, 1}, {256, 2}}) {
      const TileLayout l = tcgen05_accumulator_layout(m, n, g);
      CHECK(l.size() == 128 * n);
      for (index_t r = 0; r < 128; ++r)
        for (index_t c = 0; c < n; ++c)
          CHECK(cell(l, n, r, c) == std::pair<index_t, index_t>{r, c});
    }
    // M = 64, cta_group::1 (layout F): rows 16 w .. 16 w + 15 on lanes 32 w .. 32 w + 15
    const TileLayout f = tcgen05_accumulator_layout(64, n, 1);
    for (index_t r = 0; r < 64; ++r)
      for (index_t c = 0; c < n; ++c)
        CHECK(cell(f, n, r, c) == std::pair<index_t, index_t>{(r / 16) * 32 + r % 16, c});
    // M = 128, cta_group::2 (layout B): columns [N/2, N) on lanes 64 .. 127
    const TileLayout b = tcgen05_accumulator_layout(128, n, 2);
    for (index_t r = 0; r < 64; ++r)
      for (index_t c = 0; c < n; ++c)
        CHECK(cell(b, n, r, c) == std::pair<index_t, index_t>{r + 64 * (c / (n / 2)), c % (n / 2)});
    // a 16-bit accumulator takes a whole 32-bit column per element
    const TileLayout h = tcgen05_accumulator_layout(128, n, 1, 16);
    CHECK(cell(h, n, 5, 7) == std::pair<index_t, index_t>{5, 14});
    CHECK(tmem_reach(h, 16).columns() == n);
  }
  // the A operand in tensor memory: row r on lane r; cta_group::2 M = 128 held twice
  const TileLayout a = tcgen05_a_tmem_layout(128, 16);
  CHECK(cell(a, 16, 100, 9) == std::pair<index_t, index_t>{100, 9});
  CHECK(tmem_reach(a, 16).columns() == 8); // 16 halves: 8 columns
  const TileLayout a2 = tcgen05_a_tmem_layout(128, 16, 2);
  CHECK(a2.nreplica == 1);
  CHECK(apply_replica(a2, 3 * 16 + 2, 1)[axes::TLane] == 67);
  CHECK(apply_replica(a2, 3 * 16 + 2, 0)[axes::TLane] == 3);
}

/// TIRx's register image of tcgen05.ld/st (backend/cuda/tile/patterns/tmem.py,
/// register_coordinate): (half,) row, 32-bit column of register r of lane l.
std::tuple<index_t, index_t, index_t> tirx_coordinate(TmemShape s, index_t l, index_t r) {
  switch (s) {
  case TmemShape::s16x32bx2:
    return {l / 16, l % 16, r};
  case TmemShape::s32x32b:
    return {0, l, r};
  case TmemShape::s16x64b:
    return {0, l / 4 + 8 * (l % 2), l / 2 % 2 + 2 * r};
  case TmemShape::s16x128b:
    return {0, l / 4 + 8 * (r % 2), l % 4 + 4 * (r / 2)};
  case TmemShape::s16x256b:
    return {0, l / 4 + 8 * (r / 2 % 2), r % 2 + 2 * (l % 4) + 8 * (r / 4)};
  }
  return {};
}

TEST_CASE("tcgen05.ld/st fragments: each lane's registers at the cells of TIRx's image") {
  const TmemShape shapes[] = {TmemShape::s32x32b, TmemShape::s16x64b, TmemShape::s16x128b,
                              TmemShape::s16x256b, TmemShape::s16x32bx2};
  for (TmemShape s : shapes)
    for (index_t x : {1, 2, 4, 16}) {
      const Shape sh = tmem_fragment_shape(s, x);
      const TileLayout l = tmem_fragment_layout(s, x);
      const index_t regs = regs_per_x(s) * x;
      REQUIRE(l.size() == sh.size());
      REQUIRE(sh.size() == 32 * regs); // every register of every lane once
      std::map<std::pair<index_t, index_t>, std::tuple<index_t, index_t, index_t>> seen;
      for (index_t i = 0; i < sh.size(); ++i) {
        const Coord c = apply(l, i);
        const index_t lane = c[axes::laneid], reg = c[axes::m];
        REQUIRE(lane >= 0);
        REQUIRE(lane < 32);
        REQUIRE(reg >= 0);
        REQUIRE(reg < regs);
        index_t coord[3] = {};
        index_t flat = i;
        for (int d = sh.rank - 1; d >= 0; --d) {
          coord[d] = flat % sh.dims[d];
          flat /= sh.dims[d];
        }
        const auto elem = sh.rank == 3
                              ? std::tuple<index_t, index_t, index_t>{coord[0], coord[1], coord[2]}
                              : std::tuple<index_t, index_t, index_t>{0, coord[0], coord[1]};
        INFO("shape " << static_cast<int>(s) << " x" << x << " lane " << lane << " reg " << reg);
        CHECK(seen.emplace(std::pair{lane, reg}, elem).second);
        CHECK(elem == tirx_coordinate(s, lane, reg));
      }
      CHECK(seen.size() == static_cast<std::size_t>(32 * regs));
    }
}

TEST_CASE("tcgen05.cp destinations: the lanes each shape and multicast writes") {
  // TIRx's tmem_copy pattern: .4x256b row r on lane 32 r; warpx2::01_23 row r on lanes
  // 64 (r / 32) + r % 32 and + 32; warpx2::02_13 on r and r + 64; warpx4 on r + 32 q
  auto lanes = [](TmemCpShape s, index_t row) {
    const TileLayout l = tmem_cp_layout(s);
    const Shape sh = tmem_cp_shape(s);
    std::set<index_t> out;
    for (index_t rep = 0; rep < replica_count(l); ++rep)
      for (index_t w = 0; w < sh.dims[1]; ++w) {
        const Coord c = apply_replica(l, row * sh.dims[1] + w, rep);
        CHECK(c[axes::TCol] == w);
        out.insert(c[axes::TLane]);
      }
    return out;
  };
  for (index_t r = 0; r < 128; ++r) {
    CHECK(lanes(TmemCpShape::s128x256b, r) == std::set<index_t>{r});
    CHECK(lanes(TmemCpShape::s128x128b, r) == std::set<index_t>{r});
  }
  for (index_t r = 0; r < 4; ++r)
    CHECK(lanes(TmemCpShape::s4x256b, r) == std::set<index_t>{32 * r});
  for (index_t r = 0; r < 64; ++r) {
    CHECK(lanes(TmemCpShape::s64x128b_02_13, r) == std::set<index_t>{r, r + 64});
    const index_t base = 64 * (r / 32) + r % 32;
    CHECK(lanes(TmemCpShape::s64x128b_01_23, r) == std::set<index_t>{base, base + 32});
  }
  for (index_t r = 0; r < 32; ++r)
    CHECK(lanes(TmemCpShape::s32x128b, r) == std::set<index_t>{r, r + 32, r + 64, r + 96});
}

// -- TMEM tensors ---------------------------------------------------------------

using Acc = TmemTensor<float, ShapeT<128, 256>>;
static_assert(is_tmem_tensor_v<Acc>);
static_assert(!is_tmem_tensor_v<Tensor<float, ShapeT<4>>>);
static_assert(Acc::scope == MemScope::tmem);
static_assert(tmem_alloc_columns<Acc>() == 256);
static_assert(tmem_alloc_columns(1) == 32 && tmem_alloc_columns(33) == 64 &&
              tmem_alloc_columns(512) == 512);
using HalfA = TmemTensor<half, ShapeT<128, 64>>;
static_assert(tmem_alloc_columns<HalfA>() == 32); // 64 halves: 32 columns

TEST_CASE("TMEM tensors: addresses of declarations, regions and moves") {
  constexpr Acc acc = decl_tmem<Acc>(0x00000040u); // column 64 of an allocation
  static_assert(tmem_address(acc) == 0x40u);
  constexpr auto quarter = tmem_sub(acc, range<32, 64>, range<16, 48>); // lanes 32.., columns 16..
  static_assert(decltype(quarter)::shape() == shape(32, 32));
  static_assert(tmem_address(quarter) == ((32u << 16) | (0x40u + 16)));
  constexpr auto row = tmem_sub(acc, c<5>, _);
  static_assert(tmem_address(row) == ((5u << 16) | 0x40u));
  CHECK(tmem_address(tmem_offset(quarter, 32, 8)) == ((64u << 16) | (0x40u + 24)));
  // halves: a TCol of 16 bits, columns are 32 of them
  constexpr HalfA a = decl_tmem<HalfA>(0x100u);
  static_assert(tmem_address(tmem_sub(a, _, range<32, 64>)) == 0x100u + 16);
  // the F accumulator (M = 64): warp quarters 32 lanes apart
  using F = TmemTensor<float, ShapeT<64, 64>,
                       detail::layout_type_of<tcgen05_accumulator_layout(64, 64, 1)>::type>;
  static_assert(detail::warp_quarters(F::layout(), F::shape()));
  static_assert(detail::warp_quarters(Acc::layout(), Acc::shape()));
  using B = TmemTensor<float, ShapeT<64, 64>,
                       detail::layout_type_of<tcgen05_accumulator_layout(128, 64, 2)>::type>;
  static_assert(!detail::warp_quarters(B::layout(), B::shape()));
  // reach
  static_assert(tmem_reach(Acc::layout(), 32).fits());
  static_assert(!tmem_reach(S({129, 4}, {1 * TLane, 1 * TCol}), 32).fits());
  static_assert(!tmem_reach(S({128, 4}, {1 * TLane, 1}), 32).fits()); // an m iter
  CHECK(tmem_reach(tcgen05_accumulator_layout(128, 512), 32).columns() == 512);
}

// -- the operand rules ------------------------------------------------------------

// (types built through a static member: g++ 12 fails on alias templates of dependent layouts)
template <class T, index_t R, index_t K, MatrixMajor Mj, SwizzleMode Md> struct SmemOf {
  static constexpr TileLayout value = wgmma_smem_layout(shape(R, K), Mj, Md, sizeof(T));
  using type = Tensor<T, ShapeT<R, K>, MemScope::shared_dyn, 1024,
                      typename detail::layout_type_of<value>::type>;
};
template <class T, index_t R, index_t K, MatrixMajor Mj = MatrixMajor::k,
          SwizzleMode Md = SwizzleMode::b32>
using Smem = typename SmemOf<T, R, K, Mj, Md>::type;
template <class T, index_t M, index_t N, int G> struct AccOf {
  static constexpr TileLayout value = tcgen05_accumulator_layout(M, N, G, 8 * sizeof(T));
  using type = TmemTensor<T, ShapeT<M / G, N>, typename detail::layout_type_of<value>::type>;
};
template <class T, index_t M, index_t N, int G = 1> using AccT = typename AccOf<T, M, N, G>::type;

using bf = nv_bfloat16;
template <MmaKind K, int G, class D, class A, class B> constexpr MmaError mma_error() {
  return MmaOperands<K, G, D, A, B>{}.error;
}
static_assert(
    mma_error<MmaKind::f16, 1, AccT<float, 128, 256>, Smem<bf, 128, 16>, Smem<bf, 256, 16>>() ==
    MmaError::none);
static_assert(
    mma_error<MmaKind::f16, 2, AccT<float, 256, 256, 2>, Smem<bf, 128, 16>, Smem<bf, 128, 16>>() ==
    MmaError::none);
static_assert(
    mma_error<MmaKind::f16, 1, AccT<float, 64, 24>, Smem<half, 64, 16>, Smem<half, 24, 16>>() ==
    MmaError::none);
static_assert(
    mma_error<MmaKind::f16, 1, AccT<float, 128, 24>, Smem<half, 128, 16>, Smem<half, 24, 16>>() ==
    MmaError::n_shape); // M = 128: steps of 16
static_assert(
    mma_error<MmaKind::f16, 1, AccT<float, 128, 64>, Smem<half, 128, 16>, Smem<bf, 64, 16>>() ==
    MmaError::f16_types);
static_assert(
    mma_error<MmaKind::tf32, 1, AccT<float, 128, 64>, Smem<half, 128, 16>, Smem<half, 64, 16>>() ==
    MmaError::element);
static_assert(mma_error<MmaKind::i8, 1, AccT<float, 128, 64>, Smem<signed char, 128, 32>,
                        Smem<signed char, 64, 32>>() == MmaError::d_element);
static_assert(mma_error<MmaKind::f16, 1, AccT<float, 128, 64>,
                        Smem<bf, 128, 32, MatrixMajor::k, SwizzleMode::b64>, Smem<bf, 64, 16>>() ==
              MmaError::a_shape); // K = 16 for f16
static_assert(
    mma_error<MmaKind::f16, 2, AccT<float, 256, 64, 2>, Smem<bf, 128, 16>, Smem<bf, 64, 16>>() ==
    MmaError::b_shape); // B is N / 2 rows
static_assert(mma_error<MmaKind::f16, 1, TmemTensor<float, ShapeT<64, 64>>, Smem<bf, 64, 16>,
                        Smem<bf, 64, 16>>() == MmaError::d_layout); // M = 64 is layout F
static_assert(mma_error<MmaKind::f16, 1, AccT<float, 128, 64>, Tensor<bf, ShapeT<128, 16>>,
                        Smem<bf, 64, 16>>() == MmaError::not_shared);
static_assert(mma_error<MmaKind::f16, 1, AccT<float, 128, 64>,
                        Tensor<bf, ShapeT<128, 16>, MemScope::shared>, Smem<bf, 64, 16>>() ==
              MmaError::smem_layout); // row-major: not canonical
// A in tensor memory, and MN-major operands (every kind takes them)
static_assert(mma_error<MmaKind::f16, 1, AccT<float, 128, 64>, TmemTensor<bf, ShapeT<128, 16>>,
                        Smem<bf, 64, 16>>() == MmaError::none);
static_assert(MmaOperands<MmaKind::f16, 1, AccT<float, 128, 64>, TmemTensor<bf, ShapeT<128, 16>>,
                          Smem<bf, 64, 16>>{}
                  .a_tmem);
static_assert(mma_error<MmaKind::tf32, 1, AccT<float, 128, 64>,
                        Smem<float, 128, 8, MatrixMajor::mn, SwizzleMode::b128>,
                        Smem<float, 64, 8, MatrixMajor::mn, SwizzleMode::b128>>() ==
              MmaError::none);
static_assert(
    MmaOperands<MmaKind::tf32, 1, AccT<float, 128, 64>,
                Smem<float, 128, 8, MatrixMajor::mn, SwizzleMode::b128>, Smem<float, 64, 8>>{}
        .a.major == MatrixMajor::mn);

template <TmemShape Sh, int X, class F, class M> constexpr LdStError ldst_error() {
  return LdStOperands<Sh, X, F, M>{}.error;
}
template <TmemShape Sh, index_t X> using Frag = decltype(alloc_tmem_fragment<float, Sh, X>());
using Region32 = decltype(tmem_sub(std::declval<Acc>(), range<0, 32>, range<0, 8>));
static_assert(ldst_error<TmemShape::s32x32b, 8, Frag<TmemShape::s32x32b, 8>, Region32>() ==
              LdStError::none);
static_assert(ldst_error<TmemShape::s32x32b, 4, Frag<TmemShape::s32x32b, 8>, Region32>() ==
              LdStError::tmem_shape);
static_assert(ldst_error<TmemShape::s16x64b, 4, Frag<TmemShape::s32x32b, 8>,
                         decltype(tmem_sub(std::declval<Acc>(), range<0, 16>, range<0, 8>))>() ==
              LdStError::frag_shape);
static_assert(ldst_error<TmemShape::s32x32b, 8, Frag<TmemShape::s32x32b, 8>,
                         decltype(tmem_sub(std::declval<Acc>(), range<16, 48>, range<0, 8>))>() ==
              LdStError::tmem_lane);
static_assert(ldst_error<TmemShape::s16x64b, 4, Frag<TmemShape::s16x64b, 4>,
                         decltype(tmem_sub(std::declval<Acc>(), range<16, 32>, range<0, 8>))>() ==
              LdStError::none); // the 16-lane shapes start at 32 w + 16 too
using Frag16 = decltype(alloc_local<float, shape(16, 8), S({16, 8}, {1 * laneid, 1})>());
static_assert(ldst_error<TmemShape::s16x64b, 4, Frag16,
                         decltype(tmem_sub(std::declval<Acc>(), range<0, 16>, range<0, 8>))>() ==
              LdStError::frag_layout);
// .16x32bx2: the halves 16 columns apart give the immediate 16, 16 lanes apart 16 << 16
using Split =
    TmemTensor<float, ShapeT<2, 16, 8>,
               detail::layout_type_of<S({2, 16, 8}, {16 * TCol, 1 * TLane, 1 * TCol})>::type>;
static_assert(LdStOperands<TmemShape::s16x32bx2, 8, Frag<TmemShape::s16x32bx2, 8>, Split>{}.imm ==
              16);
using SplitL =
    TmemTensor<float, ShapeT<2, 16, 8>,
               detail::layout_type_of<S({2, 16, 8}, {16 * TLane, 1 * TLane, 1 * TCol})>::type>;
static_assert(LdStOperands<TmemShape::s16x32bx2, 8, Frag<TmemShape::s16x32bx2, 8>, SplitL>{}.imm ==
              (16 << 16));
using Overlap =
    TmemTensor<float, ShapeT<2, 16, 8>,
               detail::layout_type_of<S({2, 16, 8}, {0 * TCol, 1 * TLane, 1 * TCol})>::type>;
static_assert(ldst_error<TmemShape::s16x32bx2, 8, Frag<TmemShape::s16x32bx2, 8>, Overlap>() ==
              LdStError::split);

template <TmemCpShape Sh, class D, class Sr> constexpr CpError cp_error() {
  return CpOperands<Sh, D, Sr>{}.error;
}
template <TmemCpShape Sh> struct CpDstOf {
  static constexpr Shape shp = tmem_cp_shape(Sh);
  static constexpr TileLayout value = tmem_cp_layout(Sh);
  using type = TmemTensor<unsigned, ShapeT<shp.dims[0], shp.dims[1]>,
                          typename detail::layout_type_of<value>::type>;
};
template <TmemCpShape Sh> using CpDst = typename CpDstOf<Sh>::type;
static_assert(cp_error<TmemCpShape::s128x256b, CpDst<TmemCpShape::s128x256b>,
                       Smem<unsigned, 128, 8, MatrixMajor::k, SwizzleMode::none>>() ==
              CpError::none);
static_assert(cp_error<TmemCpShape::s32x128b, CpDst<TmemCpShape::s32x128b>,
                       Smem<unsigned, 32, 4, MatrixMajor::k, SwizzleMode::none>>() ==
              CpError::none);
static_assert(cp_error<TmemCpShape::s32x128b, TmemTensor<unsigned, ShapeT<32, 4>>,
                       Smem<unsigned, 32, 4, MatrixMajor::k, SwizzleMode::none>>() ==
              CpError::tmem_layout); // warpx4 writes 4 lanes a row: the replica is missing
static_assert(cp_error<TmemCpShape::s128x256b, CpDst<TmemCpShape::s128x256b>,
                       Smem<float, 128, 8, MatrixMajor::mn, SwizzleMode::none>>() ==
              CpError::smem_layout);
static_assert(cp_error<TmemCpShape::s128x128b, CpDst<TmemCpShape::s128x256b>,
                       Smem<unsigned, 128, 8, MatrixMajor::k, SwizzleMode::none>>() ==
              CpError::tmem_shape);

} // namespace

TEST_CASE("tcgen05 spellings: every row parses, the families describe them") {
  using namespace tirx::ptxdesc;
  auto tokens = [](const char* s) {
    int n = 0;
    while (s[n] != '\0')
      ++n;
    return tokenize(text_view{s, n});
  };
  for (const Form& f : mma_family::forms) {
    const MmaForm p = parse_mma(tokens(f.spelling));
    CHECK(p.ok);
    CHECK(f.min_sm == sm_100a);
    const Desc d = describe_registered(
        text_view{f.spelling, static_cast<int>(std::string(f.spelling).size())});
    CHECK(d.whole);
    CHECK(d.lanes == 1);
    CHECK(d.accumulates);
  }
  CHECK(std::size(mma_family::forms) == 8);
  for (const Form& f : ld_family::forms) {
    const LdStForm p = parse_ldst(tokens(f.spelling));
    CHECK(p.ok);
    CHECK(p.load);
  }
  for (const Form& f : st_family::forms) {
    const LdStForm p = parse_ldst(tokens(f.spelling));
    CHECK(p.ok);
    CHECK_FALSE(p.load);
    const Desc d = describe_registered(
        text_view{f.spelling, static_cast<int>(std::string(f.spelling).size())});
    CHECK(d.lanes == 32);
  }
  CHECK(std::size(ld_family::forms) == 37);
  CHECK(std::size(st_family::forms) == 37);
  for (const Form& f : cp_family::forms) {
    CHECK(parse_cp(tokens(f.spelling)).ok);
    CHECK(
        describe_registered(text_view{f.spelling, static_cast<int>(std::string(f.spelling).size())})
            .lanes == 1);
  }
  CHECK(std::size(cp_family::forms) == 12);
  // not forms
  CHECK_FALSE(parse_mma(tokens("tcgen05.mma.cta_group::3.kind::f16")).ok);
  CHECK_FALSE(parse_mma(tokens("tcgen05.mma.cta_group::1.kind::mxf4")).ok);
  CHECK_FALSE(parse_ldst(tokens("tcgen05.ld.sync.aligned.16x256b.x64.b32")).ok);
  CHECK_FALSE(parse_ldst(tokens("tcgen05.ld.sync.aligned.32x32b.x3.b32")).ok);
  CHECK_FALSE(parse_cp(tokens("tcgen05.cp.cta_group::1.64x128b")).ok);
  const LdStForm x = parse_ldst(tokens("tcgen05.st.sync.aligned.16x128b.x64.b32"));
  CHECK(x.shape == TmemShape::s16x128b);
  CHECK(x.x == 64);
}
