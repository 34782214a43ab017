// The messages of tile::apply's and tile::ewise's argument and instruction
// rules: one static_assert per rule, each instantiated only when its rule
// is the first one broken, so exactly one message fires. Where the message
// has numbers (how many sources, which architecture), they are the
// template arguments of the reporting function, which nvcc prints in the
// "detected during instantiation" line under the message; where it names a
// form, the form's row writes its own literal (ptx/rows/report.inc).
#pragma once

#include <tirx/exec/contract.hpp>
#include <tirx/exec/operand_messages.hpp>

namespace tirx::detail {

/// Which operation reports: the messages name it.
template <ArgsError E, TileOp Op> TIRX_HD constexpr void report_args() {
  if constexpr (Op == TileOp::apply) {
    static_assert(E != ArgsError::no_destination,
                  "tirx::tile::apply: the destination comes first: apply<ptx<\"...\">>(dst, "
                  "sources..., scope, options...)");
    static_assert(E != ArgsError::missing_scope,
                  "tirx::tile::apply: missing scope: pass scope::thread, warp, warpgroup, cta or "
                  "cluster right after "
                  "the operands, e.g. apply<ptx<\"add.f32\">>(d, a, b, scope::cta)");
    static_assert(E != ArgsError::not_an_option,
                  "tirx::tile::apply: only options (tile::pred, tile::bound, tile::cache_hint, "
                  "tile::preserve_dst, tile::accumulate, negate_a, negate_b, tile::src_size, "
                  "tile::ignore_src) may follow the scope; put every operand before it");
    static_assert(E != ArgsError::two_preds,
                  "tirx::tile::apply: give at most one tile::pred(...); combine the conditions");
    static_assert(
        E != ArgsError::two_bounds,
        "tirx::tile::apply: give at most one tile::bound(...); the memory operand has one limit");
    static_assert(E != ArgsError::two_hints,
                  "tirx::tile::apply: give at most one tile::cache_hint(...); an instruction takes "
                  "one cache policy");
    static_assert(E != ArgsError::two_accumulates,
                  "tirx::tile::apply: give at most one tile::accumulate(...); combine the "
                  "conditions");
    static_assert(
        E != ArgsError::pred_form,
        "tirx::tile::apply: tile::pred takes a bool condition or a callable of exactly one "
        "parameter, "
        "the flat repeat index, returning bool and callable as const, e.g. tile::pred([=](index_t "
        "r) "
        "{ return base + 4 * r < n; }); for several repeat modes split r inside it (r / 4, r % 4)");
    static_assert(
        E != ArgsError::two_fills,
        "tirx::tile::apply: give at most one tile::src_size(...) or tile::ignore_src(...): "
        "cp.async takes either a source size or an ignore-src predicate, not both; "
        "express one through the other (src_size(ignore ? 0 : n))");
    static_assert(E != ArgsError::fill_form,
                  "tirx::tile::apply: tile::src_size takes an integer byte count and "
                  "tile::ignore_src a bool, each either as a value or as a callable of exactly one "
                  "parameter, the flat repeat index, callable as const, e.g. "
                  "tile::src_size([=](index_t r) { return valid_bytes(r); })");
  } else {
    static_assert(
        E != ArgsError::no_destination,
        "tirx::tile::ewise: the destination comes right after f: ewise(f, dst, sources..., scope)");
    static_assert(E != ArgsError::missing_scope,
                  "tirx::tile::ewise: missing scope: pass scope::thread, warp, warpgroup, cta or "
                  "cluster right after "
                  "the operands, e.g. ewise(f, d, a, scope::cta)");
    static_assert(E == ArgsError::no_destination || E == ArgsError::missing_scope,
                  "tirx::tile::ewise: nothing may follow the scope (ewise takes no tile::pred or "
                  "preserve_dst); put "
                  "every operand before it");
  }
}

/// An operand rule, with the numbers in the instantiation line nvcc prints
/// under the message: Operand (0: the destination, then the sources in
/// order), ElementBits (its element width), InstructionBits (the width the
/// instruction reads or writes there) and FirstExtent (its first mode).
template <OperandError E, int Operand, int ElementBits, int InstructionBits, long long FirstExtent>
TIRX_HD constexpr void report_operand_numbers() {
  report_operand<E, TileOp::apply>();
}
template <class X>
inline constexpr int element_bits_v = [] {
  if constexpr (is_tensor_v<X>)
    return 8 * static_cast<int>(sizeof(typename X::value_type));
  else
    return 8 * static_cast<int>(sizeof(X));
}();
template <class X>
inline constexpr long long first_extent_v = [] {
  if constexpr (is_tensor_v<X>)
    return X::shape().rank > 0 ? static_cast<long long>(X::shape().dims[0]) : 0ll;
  else
    return 0ll;
}();

/// Operand K's rule E of apply's instruction Instr (X: the operand's type),
/// with the numbers: a chunk rule's (report_chunk), or any other's.
template <OperandError E, int K, class Instr, int NSrc, class X>
TIRX_HD constexpr void report_apply_operand() {
  if constexpr (E == OperandError::chunk_size || E == OperandError::chunk_form ||
                E == OperandError::chunk_align || E == OperandError::chunk_misaligned) {
    report_chunk<E, K, static_cast<long long>(chunk_bytes_v<X>), X::align>();
  } else if constexpr (E == OperandError::line_shape || E == OperandError::line_align ||
                       E == OperandError::line_misaligned) {
    report_line<E, Instr::desc.line_bytes, static_cast<long long>(line_elements_v<Instr, X>),
                X::align>();
  } else if constexpr (E == OperandError::imm_required || E == OperandError::imm_not_taken ||
                       E == OperandError::imm_range) {
    report_imm<E, K, imm_value_v<X>, Instr::desc.imm_limit>();
  } else {
    report_operand_numbers<E, K, element_bits_v<X>, apply_operand<Instr, NSrc, K>::op.bits,
                           first_extent_v<X>>();
  }
}

/// source_count, with the numbers: Given sources where the opcode takes
/// Min to Max.
template <int Given, int Min, int Max> TIRX_HD constexpr void report_source_count() {
  static_assert(
      Given >= Min && Given <= Max,
      "tirx::tile::apply: wrong number of sources for the opcode (Given sources below, where it "
      "takes "
      "Min to Max, not counting the destination); pass the operands in PTX order: dst, a, b, ...");
}

/// A whole-operand instruction called at another scope than its threads';
/// Threads (nvcc's instantiation line) is how many issue it together.
template <int Threads> TIRX_HD constexpr void report_whole_scope() {
  static_assert(Threads != 1,
                "tirx::tile::apply: this instruction is issued by one thread: call it at "
                "scope::thread from the one thread that issues it (e.g. inside if (elect_sync()))");
  static_assert(Threads != 128,
                "tirx::tile::apply: this instruction is issued by one warpgroup together (128 "
                "threads, Threads below): call it at scope::warpgroup, from all 4 warps of the "
                "warpgroup");
  static_assert(Threads != 32,
                "tirx::tile::apply: this instruction is issued by one warp together (32 lanes, "
                "Threads below): call it at scope::warp, from every lane");
}

/// The rules that a form's own row reports (ptx/rows/report.inc): no such
/// form (the closest row, Kind 0), a newer architecture (1) or PTX ISA (2)
/// (the form's row). apply calls that row's report itself, so that nvcc's
/// instantiation chain is one line shorter.
TIRX_HD constexpr bool row_reported(ApplyError e) {
  return e == ApplyError::unknown_instruction || e == ApplyError::unsupported ||
         e == ApplyError::needs_newer_sm || e == ApplyError::needs_newer_ptx;
}
/// The family, row and Kind of such a report.
struct RowReport {
  int family, index, kind;
};
template <ApplyError E, class Instr, int NSrc>
inline constexpr RowReport row_report = [] {
  using F = instr_facts<Instr, NSrc>;
  constexpr ptxdesc::Desc d = F::desc;
  if constexpr (E == ApplyError::unknown_instruction || E == ApplyError::unsupported) {
    constexpr ptxdesc::Closest c =
        ptxdesc::registered::closest(E == ApplyError::unsupported ? d.family : -1, F::text, NSrc);
    return RowReport{E == ApplyError::unsupported ? d.family : (c.family < 0 ? 0 : c.family),
                     c.index, 0};
  } else {
    return RowReport{d.family, ptxdesc::registered::index_of(d.family, F::text, NSrc),
                     E == ApplyError::needs_newer_sm ? 1 : 2};
  }
}();

/// The rules of the instruction and its options (E != none).
template <ApplyError E, class Instr, int NSrc> TIRX_HD constexpr void report_apply() {
  using F = instr_facts<Instr, NSrc>;
  constexpr ptxdesc::Desc d = F::desc;
  if constexpr (E == ApplyError::unknown_instruction) {
    constexpr ptxdesc::Closest c = ptxdesc::registered::closest(-1, F::text, NSrc);
    ptxdesc::registered::template family <
        c.family<0 ? 0 : c.family>::template report<c.index, 0>();
  } else if constexpr (E == ApplyError::source_count) {
    report_source_count<NSrc, d.min_srcs, d.max_srcs>();
  } else if constexpr (E == ApplyError::unsupported) {
    constexpr ptxdesc::Closest c = ptxdesc::registered::closest(d.family, F::text, NSrc);
    ptxdesc::registered::template family<d.family>::template report<c.index, 0>();
  } else if constexpr (E == ApplyError::family_rule) {
    ptxdesc::registered::template family<d.family>::template rule<d.rule>();
  } else if constexpr (E == ApplyError::whole_scope) {
    report_whole_scope<d.lanes>();
  } else if constexpr (E == ApplyError::needs_newer_sm || E == ApplyError::needs_newer_ptx) {
    constexpr int at = ptxdesc::registered::index_of(d.family, F::text, NSrc); // the form itself
    ptxdesc::registered::template family<d.family>::template report<
        at, E == ApplyError::needs_newer_sm ? 1 : 2>();
  } else {
    static_assert(E != ApplyError::hint_missing,
                  "tirx::tile::apply: a .L2::cache_hint spelling takes a 64-bit cache policy: add "
                  "tile::cache_hint(policy), e.g. tile::cache_hint(policy::evict_last()), or drop "
                  ".L2::cache_hint");
    static_assert(
        E != ApplyError::hint_not_taken,
        "tirx::tile::apply: tile::cache_hint needs a spelling with .L2::cache_hint (e.g. "
        "\"ld.global.L2::cache_hint.v4.b32\"); add it to the spelling or drop tile::cache_hint");
    static_assert(E != ApplyError::preserve_without_pred,
                  "tirx::tile::apply: preserve_dst needs a predicate: add tile::pred(condition), "
                  "or drop preserve_dst");
    static_assert(E != ApplyError::preserve_not_load,
                  "tirx::tile::apply: preserve_dst keeps the registers of a predicated-off load; "
                  "it applies to ld "
                  "only (a guarded register instruction always keeps its destination)");
    static_assert(E != ApplyError::bound_not_taken,
                  "tirx::tile::apply: tile::bound limits an instruction with one memory operand "
                  "(ld, st); registers "
                  "have no edge: bound the loads and stores around the arithmetic");
    static_assert(
        E != ApplyError::pred_not_taken,
        "tirx::tile::apply: tile::pred cannot guard a warp-collective instruction (a guarded-off "
        "lane "
        "would leave the others waiting); branch around the whole warp, or use the member mask");
    static_assert(E != ApplyError::collective_scope,
                  "tirx::tile::apply: a warp-collective instruction needs the lanes of a warp as "
                  "group modes: "
                  "call it at scope::warp (or warpgroup, cta, cluster), not scope::thread");
    static_assert(E != ApplyError::accumulate_not_taken,
                  "tirx::tile::apply: tile::accumulate, negate_a and negate_b set the accumulator "
                  "and scales of a matrix instruction (wgmma); this instruction has none: drop "
                  "them");
    static_assert(E != ApplyError::fill_not_taken,
                  "tirx::tile::apply: tile::src_size and tile::ignore_src zero-fill the chunks of "
                  "an asynchronous copy (cp.async); this instruction copies no chunks: drop them "
                  "(tile::pred guards it, tile::bound keeps an ld or st inside its data)");
    static_assert(E != ApplyError::dst_not_tensor,
                  "tirx::tile::apply: the destination must be a tirx tensor (registers from "
                  "alloc_local, or memory for "
                  "st); pass it first");
  }
}

} // namespace tirx::detail
