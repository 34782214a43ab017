// Compile-time tests: the notation, the typed builder, the layout and shape
// types and the layout operations give the values the documentation says.
// Everything here is a static_assert; the TEST_CASE only makes Catch2 count
// the file.
#include <tirx/layout/algebra.hpp>
#include <tirx/layout/layout_type.hpp>
#include <tirx/layout/ops.hpp>
#include <tirx/layout/parse.hpp>

#include <catch2/catch.hpp>
#include <cuda/std/type_traits>

using namespace tirx;
using cuda::std::is_same_v;

namespace {

// --- the TIRx seeds, typed builder ------------------------------------------
constexpr TileLayout seed_reg = S({2, 32, 3, 4}, {1 * warpid, 1 * laneid, 4, 1});
constexpr TileLayout seed_reg2 = S({2, 32, 4}, {1 * warpid, 1 * laneid, 1});
constexpr TileLayout seed_mma =
    S({8, 2, 4, 2}, {4 * laneid, 1 * warpid, 1 * laneid, 1}) + R({2}, {4 * warpid}) + 5 * warpid;
constexpr TileLayout seed_tmem = S({2, 128, 112}, {112 * TCol, 1 * TLane, 1 * TCol});
constexpr TileLayout seed_swz = S(8, 64) ^ Swizzle { 3, 3, 3 };
constexpr Axis pid = axis("pid");

// --- notation == typed builder ------------------------------------------------
static_assert(layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]"> == seed_reg);
static_assert(layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]"> == seed_reg2);
static_assert(layout_of<"S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid"> ==
              seed_mma);
static_assert(layout_of<"S[(2,128,112):(112@TCol,1@TLane,1@TCol)]"> == seed_tmem);
static_assert(layout_of<"S[8, 64] ^ swizzle(3, 3, 3)"> == seed_swz);
static_assert(swizzle_for(SwizzleMode::b128, 2) == Swizzle{3, 3, 3});
static_assert(swizzle_for(SwizzleMode::b64, 4) == Swizzle{2, 2, 3});
static_assert(swizzle_for(SwizzleMode::none, 2) == Swizzle{});
// row-major default strides, @m spelled out or not, bare lists
static_assert(layout_of<"S[(4, 8)]"> == S(4, 8));
static_assert(layout_of<"S[4, 8]"> == S(4, 8));
static_assert(layout_of<"S[(4, 8) : (8, 1)]"> == S(4, 8));
static_assert(layout_of<"S[(4, 8) : (8@m, 1@m)]"> == S(4, 8));
static_assert(S(4, 8) == S({4, 8}, {8, 1}));
// replicas, offsets, user axes, negative values, the TileLayout(...) wrapper
static_assert(layout_of<"S[4 : 1@pid] + R[(2, 3) : (-1@laneid, 4@warpid)]"> ==
              S({4}, {1 * pid}) + R({2, 3}, {-1 * laneid, 4 * warpid}));
static_assert(R({2}, {4 * warpid}) == R(2, 4 * warpid));
static_assert(layout_of<"TileLayout(S[4] + -3 + 2@bx)"> == S(4) + -3 + 2 * bx);
static_assert(layout_of<"S[4] + 2@warpid + 3@warpid"> == S(4) + 5 * warpid);
static_assert(layout_of<"S[4] + 2@warpid + -2@warpid"> == S(4)); // a zero offset is dropped
static_assert((S(2) + S(4)) == S({2, 4}, {1, 1}));               // the builder appends shard iters
static_assert((S(4) + 1 * warpid + 2 * laneid) == (S(4) + 2 * laneid + 1 * warpid));
static_assert((S(4) + 1 * warpid + 2 * laneid).offset[0] == 2 * laneid); // sorted by axis
static_assert(3 * warpid == Term{3, warpid} && Term{5} == Term{5, m});

// --- parse errors ------------------------------------------------------------
// TIRx's notation is Python: what it accepts, tirx accepts with the same value
static_assert(layout_of<"S[4 : 1] + R[2]"> == S(4) + R(2, 1)); // R[2]: row-major on m
static_assert(layout_of<"S[2 * 4 : 0x10] + (2 + 3)"> == S({8}, {16}) + 5);
static_assert(layout_of<"S[(2 ** 3, 3 // 2) : (-7 % 3, 0b10)]"> == S({8, 1}, {2, 2}));
static_assert(layout_of<"S[4 : 2 * 4@laneid]"> == S({4}, {8 * laneid})); // (2 * 4)@laneid
static_assert(layout_of<"5 + S[4]"> == S(4) + 5);                        // an integer first
static_assert(layout_of<"S[4] + (1@laneid + 2 + 1@laneid)"> == S(4) + 2 + 2 * laneid);
static_assert(layout_of<"S[(4,)] + R[(2,) : (1@warpid,)]"> == S(4) + R(2, 1 * warpid));
static_assert(
    layout_of<"S[4] + 1@m + 1@laneid + 1@warpid + 1@TCol + 1@bx + 1@by + 1@bz + 1@pid">.noffset ==
    8); // more than 4 offset axes
static_assert(layout_of<"S[4] + R[(2, 2, 2, 2, 2) : (1@warpid, 2@warpid, 4@warpid, 8@warpid, "
                        "16@warpid)]">.nreplica == 5);
// ... and what TIRx evaluates wrongly is refused
static_assert(parse_layout("S[4 : 1] + S[2 : 8]").error == ParseError::several_shards);
static_assert(parse_layout("S[4] + R[2 : 1@warpid] + R[2 : 1@laneid]").error ==
              ParseError::several_replicas);
static_assert(parse_layout("5@warpid + S[4]").error == ParseError::axis_offset_first);
static_assert(parse_layout("R[2 : 1@warpid] + 3").error == ParseError::no_shard);
static_assert(parse_layout("S[()]").error == ParseError::no_shard);
static_assert(parse_layout("S[4 : 4@laneid * 2]").error == ParseError::bad_expression);
static_assert(parse_layout("S[4 : 8 / 2]").error == ParseError::bad_expression);
static_assert(parse_layout("S[4 : (1@laneid + 1)]").error == ParseError::bad_stride);
static_assert(parse_layout("S[4, 8 : 8, 1]").error == ParseError::expected_close_bracket);
static_assert(parse_layout("S[08]").error == ParseError::bad_expression); // as in Python
static_assert(parse_layout("S[(4, 2) : (1)]").error == ParseError::count_mismatch);
static_assert(parse_layout("S[0]").error == ParseError::bad_extent);
static_assert(parse_layout("S[4] S[4]").error == ParseError::trailing_text);
static_assert(parse_layout("S[4 : 1@]").error == ParseError::expected_axis_name);
static_assert(parse_layout("  ").error == ParseError::empty);
static_assert(parse_layout("Q[4]").error == ParseError::expected_term);

// --- axes ----------------------------------------------------------------------
static_assert(m.kind() == AxisKind::memory && TLane.is_memory() && TCol.is_memory());
static_assert(laneid.is_thread() && warpid.is_thread() && tx.kind() == AxisKind::thread);
static_assert(bx.kind() == AxisKind::block && cbz.kind() == AxisKind::cluster);
static_assert(pid.kind() == AxisKind::user && !pid.builtin());
static_assert(axis("pid") == pid && !(axis("pid") == axis("pie")));
static_assert(axis("eightchr").code == Axis::invalid && axis("").code == Axis::invalid);
static_assert(axis_named("laneid", 6) == laneid && axis_named("pid", 3) == pid);
static_assert(validate(S({4}, {1 * axis("eightchr")})) == LayoutError::bad_axis);

// --- layout and shape types ------------------------------------------------------
using L48 = layout_type<S(4, 8)>;
static_assert(is_same_v<L48, LayoutT<2, 4, 8, 0, 8, 1, 0, 0, 0>>);
static_assert(is_same_v<L48, layout_type<layout_of<"S[(4, 8) : (8, 1)]">>>);
static_assert(is_same_v<L48, layout_type<S({4, 8}, {8, 1})>>);
static_assert(!is_same_v<L48, layout_type<S(8, 4)>>);
static_assert(!is_same_v<L48, layout_type<S(4, 8) + 1>>);
static_assert(!is_same_v<L48, layout_type<S(4, 8) ^ Swizzle{1, 0, 1}>>);
static_assert(is_same_v<layout_type<canonicalize(S(4, 8))>, layout_type<S(32)>>);
static_assert(is_same_v<layout_type<layout_of<"S[4] + 2@warpid + 3@warpid">>,
                        layout_type<S(4) + 5 * warpid>>);
static_assert(L48::value == S(4, 8));
static_assert(layout_type<seed_reg>::value == seed_reg);
static_assert(layout_type<seed_mma>::value == seed_mma);
static_assert(layout_type<seed_tmem>::value == seed_tmem);
static_assert(layout_type<seed_swz>::value == seed_swz);
static_assert(layout_type<S({4}, {-1 * pid}) + R(2, 3 * pid) + -7 * pid>::value ==
              S({4}, {-1 * pid}) + R(2, 3 * pid) + -7 * pid);
static_assert(layout_type<TileLayout{}>::value == TileLayout{});
static_assert(is_layout_type_v<L48> && !is_layout_type_v<int> && !is_layout_type_v<ShapeT<4>>);

static_assert(is_same_v<shape_type<shape(2, 32, 4)>, ShapeT<2, 32, 4>>);
static_assert(ShapeT<2, 32, 4>::value == shape(2, 32, 4));
static_assert(ShapeT<2, 32, 4>::rank == 3 && ShapeT<2, 32, 4>::size == 256);
static_assert(shape_type<ShapeT<5, 6>::value>::size == 30);
static_assert(is_shape_type_v<ShapeT<4>> && !is_shape_type_v<L48>);
static_assert(shape(2, 32, 4).row_stride(0) == 128 && shape(2, 32, 4).size() == 256);
static_assert(seed_reg.shard_shape() == shape(2, 32, 3, 4));

// --- validity ----------------------------------------------------------------
static_assert(check_layout<seed_reg>() && check_layout<seed_mma>() && check_layout<seed_tmem>() &&
              check_layout<seed_swz>());
static_assert(validate(S(4) ^ Swizzle{3, 0, 1}) == LayoutError::swizzle_shift_below_bits);
static_assert(validate(seed_tmem ^ Swizzle{1, 0, 1}) == LayoutError::swizzle_on_non_memory);
static_assert(validate(S({0}, {1})) == LayoutError::bad_extent);
static_assert(validate(S(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)) ==
              LayoutError::too_many_iters);

// --- evaluation ----------------------------------------------------------------
constexpr index_t at(const TileLayout& l, index_t flat, Axis a, index_t r = 0) {
  return apply_replica(l, flat, r)[a];
}
static_assert(at(seed_mma, 0, warpid, 0) == 5 && at(seed_mma, 0, warpid, 1) == 9);
static_assert(at(seed_mma, 8, warpid, 0) == 6 && at(seed_mma, 8, warpid, 1) == 10);
static_assert(at(seed_mma, 127, laneid) == 31 && at(seed_mma, 127, m) == 1);
static_assert(at(seed_mma, 16, laneid) == 4 && at(seed_mma, 2, laneid) == 1);
static_assert(at(seed_tmem, 128 * 112 + 127 * 112 + 111, TLane) == 127);
static_assert(at(seed_tmem, 128 * 112 + 127 * 112 + 111, TCol) == 223);
static_assert(at(seed_swz, 3 * 64 + 17, m) == 64 * 3 + 8 * (0x2 ^ 0x3) + 1);
static_assert(axis_offset<seed_swz, m>(3 * 64 + 17) == 64 * 3 + 8 * (0x2 ^ 0x3) + 1);
static_assert(axis_offset<seed_mma, laneid>(127) == 31 && axis_offset<seed_mma, warpid>(8) == 6);
static_assert(axis_offset<seed_reg, m>(33 * 12 + 7) == 7 &&
              axis_offset<seed_reg, laneid>(33 * 12) == 1);
static_assert(replica_count(seed_mma) == 2 && replica_count(seed_reg) == 1);

// --- many axes: every axis of a layout is evaluated (issue 13: nine axes lost the ninth)
constexpr TileLayout nine =
    layout_of<"S[(2, 2, 2, 2, 2, 2, 2, 2, 2) : (1, 1@laneid, 1@warpid, 1@u1, 1@bx, 1@by, 1@bz, "
              "1@TLane, 1@TCol)]">;
static_assert(apply(nine, 256)[m] == 1 && apply(nine, 255)[TCol] == 1 && apply(nine, 256).n == 9);
constexpr TileLayout sixteen = layout_of<
    "S[(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2) : (1, 1@laneid, 1@warpid, 1@bx, 1@by, "
    "1@bz, 1@TLane, 1@TCol, 1@u1, 1@u2, 1@u3, 1@u4, 1@u5, 1@u6, 1@u7, 1@u8)] + R[2 : 1@u9] + "
    "1@u10">;
static_assert(apply(sixteen, 1 << 15)[m] == 1 && apply(sixteen, 1)[axis("u8")] == 1);
static_assert(apply(sixteen, 0)[axis("u10")] == 1 && apply_replica(sixteen, 0, 1)[axis("u9")] == 1);
static_assert(apply(sixteen, 0).n == 17 && apply_replica(sixteen, 0, 1).n == 18);
// TIRx's well-formedness of thread axes
static_assert(validate(S({2, 2}, {1 * laneid, 1 * tx})) == LayoutError::thread_scope_conflict);
static_assert(validate(S({2, 2}, {1 * bx, 1 * cbx})) == LayoutError::thread_scope_conflict);
static_assert(validate(S({2, 2}, {1 * warpid, 1 * tid_in_wg})) ==
              LayoutError::thread_scope_disconnected);
static_assert(validate(S({2, 2, 2}, {1 * bx, 1 * wgid, 1 * tid_in_wg})) == LayoutError::none);
static_assert(validate(S({2, 2}, {1 * axis("pid"), 1 * laneid})) == LayoutError::none);

// --- operations ----------------------------------------------------------------
static_assert(storage(seed_reg) == S({3, 4}, {4, 1}));
static_assert(storage(seed_reg) == layout_of<"S[(3, 4) : (4, 1)]">);
static_assert(storage(seed_reg2) == S(4));
static_assert(storage(seed_mma) == S({2}, {1}));
static_assert(size(seed_reg) == 768 && size(seed_reg, laneid) == 32 && size(seed_reg, m) == 12);
static_assert(span(seed_reg) == 12 && span(seed_reg, laneid) == 32 && span(seed_reg, bx) == 1);
static_assert(span(seed_mma, warpid) == 11 && range_on(seed_mma, warpid).lo == 5);
static_assert(span(seed_swz) == 512 && span(S(4, 8) ^ Swizzle{3, 3, 3}) == 32);
// span is TIRx's: the highest coordinate + 1, the offset included
static_assert(span(S(8) + 1) == 9 && span(S({8}, {-1}) + 7) == 8 && span(S(4) + R(2, 8)) == 12);
static_assert(canonicalize(S(4, 8)) == S(32));
static_assert(canonicalize(seed_reg) == S({2, 32, 12}, {1 * warpid, 1 * laneid, 1}));
static_assert(coalesce(seed_reg) == canonicalize(seed_reg));
static_assert(group(seed_reg, shape(64, 12)).ok && group(seed_reg, shape(64, 12)).bound[1] == 2);
static_assert(!group(S(2, 3), shape(3, 2)).ok && regroup(S(2, 3), shape(3, 2)).ok);
// TIRx's group: a mode of extent 1 gets an iter of extent 1
static_assert(group(S(4, 8), shape(1, 32)).layout == S({1, 4, 8}, {32, 8, 1}));
static_assert(group(S(4, 8), shape(32, 1)).layout == S({4, 8, 1}, {8, 1, 1}));
// TIRx's canonicalize: replicas are kept, an all-extent-1 shard keeps one iter
static_assert(canonicalize(S({1, 1}, {3 * laneid, 4})) == S({1}, {1 * laneid}));
static_assert(canonicalize(S(4) + R({2, 2}, {2 * warpid, 1 * warpid})) ==
              S(4) + R({2, 2}, {1 * warpid, 2 * warpid}));
// tile: outer strides scaled by TIRx's span, offset included; overlaps refused
static_assert(tiled(S(8) + 1, S(2), shape(2), shape(8)).layout == S({2, 8}, {9, 1}) + 1);
static_assert(!tiled(S({8}, {-1}) + 7, S(2), shape(2), shape(8)).ok);
static_assert(!group(S({3, 4}, {1, 3}), shape(2, 6)).ok);
static_assert(tile_to(S(2, 4), shape(2, 4), shape(4, 8)).layout == S({2, 2, 2, 4}, {16, 4, 8, 1}));
static_assert(tile_to(S(2, 4), shape(2, 4), shape(4, 8)).shape == shape(4, 8));

// --- algebra ---------------------------------------------------------------------
// CuTe's (6,2):(8,2) o (4,3):(3,1) = ((2,2),3):((24,2),8), written row-major
static_assert(composition(S({2, 6}, {2, 8}), S({3, 4}, {1, 3})).layout == S({3, 2, 2}, {8, 2, 24}));
static_assert(composition(S({64}, {1 * laneid}), S({2, 4}, {32, 1})).layout ==
              S({2, 4}, {32 * laneid, 1 * laneid}));
static_assert(composition(S(8) + 3 * warpid, S({2}, {4})).layout == S({2}, {4}) + 3 * warpid);
static_assert(!composition(S(8), S(4) + 1).ok);
static_assert(!composition(S({2, 2}, {10, 1}), S({2, 2}, {1, 1})).ok);
static_assert(complement(S({4}, {2}), 24).layout == S({3, 2}, {8, 1}));
static_assert(complement(S(4, 8)).layout == S({1}, {32}));
static_assert(!complement(S({2, 2}, {1, 1})).ok);
static_assert(logical_divide(S(8, 8), S({4}, {1})).layout == S({4, 16}, {1, 4}));
static_assert(logical_divide(S(8, 8), S({4}, {1})).bound[1] == 1);
static_assert(logical_product(S({2, 2}, {4, 1}), S({4}, {1})).layout ==
              S({2, 2, 2, 2}, {4, 1, 8, 2}));
static_assert(right_inverse(S({4, 8}, {1, 4})).layout == S({8, 4}, {1, 8}));
static_assert(right_inverse(S(4, 8)).layout == S(32));

} // namespace

TEST_CASE("layout static_asserts compiled", "[layout][static]") {
  STATIC_REQUIRE(layout_type<seed_reg>::value == seed_reg);
  STATIC_REQUIRE(storage(seed_reg) == S({3, 4}, {4, 1}));
}
