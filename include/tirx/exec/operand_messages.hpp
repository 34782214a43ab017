// The messages of the operand rules (exec/operand.hpp): one readable line
// per broken rule, naming the operation, the rule and the fix. Exactly one
// fires: report_operand is instantiated only with the first broken rule.
// (Written out per operation rather than by a macro, so that nvcc's echo of
// the failing line stays one short line.)
#pragma once

#include <tirx/exec/operand.hpp>
#include <tirx/ptx/emit.hpp>

namespace tirx::detail {

template <OperandError E, TileOp Op> TIRX_HD constexpr void report_operand() {
  static_assert(
      Op != TileOp::apply || E != OperandError::not_a_tensor_shape,
      "tirx::tile::apply: an operand must read as (group modes, repeat modes, atom modes): the "
      "scope's group modes first, then trailing modes that hold exactly one instruction atom (a "
      "last mode of 4 for .v4); view<...>() the operand to such a shape");
  static_assert(
      Op != TileOp::ewise || E != OperandError::not_a_tensor_shape,
      "tirx::tile::ewise: an operand must read as (group modes, repeat modes, atom modes): the "
      "scope's group modes first, then trailing modes that hold exactly one instruction atom (a "
      "last mode of 4 for .v4); view<...>() the operand to such a shape");
  static_assert(Op != TileOp::apply || E != OperandError::group_extent,
                "tirx::tile::apply: the leading (group) modes must match the scope: warp (32, "
                "...), warpgroup (4, 32, ...), cta (warps, 32, ...), cluster (ctas, warps, 32, "
                "...); view<...>() the operand or pick the scope that fits");
  static_assert(Op != TileOp::ewise || E != OperandError::group_extent,
                "tirx::tile::ewise: the leading (group) modes must match the scope: warp (32, "
                "...), warpgroup (4, 32, ...), cta (warps, 32, ...), cluster (ctas, warps, 32, "
                "...); view<...>() the operand or pick the scope that fits");
  static_assert(Op != TileOp::apply || E != OperandError::cta_flat_threads,
                "tirx::tile::apply: at cta scope the group modes are (warps, 32 lanes) and a CTA "
                "has at most 32 warps, so a first mode above 32 counts threads; split it, e.g. "
                "view<2, 32, ...>() for 64 threads");
  static_assert(Op != TileOp::ewise || E != OperandError::cta_flat_threads,
                "tirx::tile::ewise: at cta scope the group modes are (warps, 32 lanes) and a CTA "
                "has at most 32 warps, so a first mode above 32 counts threads; split it, e.g. "
                "view<2, 32, ...>() for 64 threads");
  static_assert(
      Op != TileOp::apply || E != OperandError::group_axes,
      "tirx::tile::apply: a register operand's group modes must be the scope's thread axes, each "
      "with stride 1 (warp: laneid; warpgroup: wid_in_wg, laneid; cta: warpid, laneid); give the "
      "register tile such a layout or pick the scope that fits");
  static_assert(
      Op != TileOp::ewise || E != OperandError::group_axes,
      "tirx::tile::ewise: a register operand's group modes must be the scope's thread axes, each "
      "with stride 1 (warp: laneid; warpgroup: wid_in_wg, laneid; cta: warpid, laneid); give the "
      "register tile such a layout or pick the scope that fits");
  static_assert(
      Op != TileOp::apply || E != OperandError::memory_thread_axes,
      "tirx::tile::apply: a memory operand's layout may not use thread axes (the scope's group "
      "modes already pick each thread's part); lay the memory tensor out on m only");
  static_assert(
      Op != TileOp::ewise || E != OperandError::memory_thread_axes,
      "tirx::tile::ewise: a memory operand's layout may not use thread axes (the scope's group "
      "modes already pick each thread's part); lay the memory tensor out on m only");
  static_assert(Op != TileOp::apply || E != OperandError::foreign_slots,
                "tirx::tile::apply: register slots must be owned by the issuing thread: the repeat "
                "and atom modes of a register operand may use the memory axis m only; move its "
                "thread modes to the front as group modes, or pick the scope that has them");
  static_assert(Op != TileOp::ewise || E != OperandError::foreign_slots,
                "tirx::tile::ewise: register slots must be owned by the issuing thread: the repeat "
                "and atom modes of a register operand may use the memory axis m only; move its "
                "thread modes to the front as group modes, or pick the scope that has them");
  static_assert(Op != TileOp::apply || E != OperandError::atom_not_consecutive,
                "tirx::tile::apply: a memory atom must be consecutive elements (the atom modes "
                "stride 1 on m, inside one swizzle chunk); use a narrower vector or a layout whose "
                "last mode is contiguous");
  static_assert(Op != TileOp::ewise || E != OperandError::atom_not_consecutive,
                "tirx::tile::ewise: a memory atom must be consecutive elements (the atom modes "
                "stride 1 on m, inside one swizzle chunk); use a narrower vector or a layout whose "
                "last mode is contiguous");
  static_assert(
      Op != TileOp::apply || E != OperandError::atom_misaligned,
      "tirx::tile::apply: every memory atom must start at a multiple of the vector's bytes, but a "
      "layout stride or offset breaks that; use a narrower vector or pad the layout");
  static_assert(
      Op != TileOp::ewise || E != OperandError::atom_misaligned,
      "tirx::tile::ewise: every memory atom must start at a multiple of the vector's bytes, but a "
      "layout stride or offset breaks that; use a narrower vector or pad the layout");
  static_assert(Op != TileOp::apply || E != OperandError::pointer_align,
                "tirx::tile::apply: the memory tensor's align is smaller than the vector's bytes; "
                "declare it with a larger align (e.g. GlobalTensor<float, Shape, 16> for .v4.b32) "
                "or use a narrower vector");
  static_assert(Op != TileOp::ewise || E != OperandError::pointer_align,
                "tirx::tile::ewise: the memory tensor's align is smaller than the vector's bytes; "
                "declare it with a larger align (e.g. GlobalTensor<float, Shape, 16> for .v4.b32) "
                "or use a narrower vector");
  static_assert(Op != TileOp::apply || E != OperandError::wrong_space,
                "tirx::tile::apply: the memory operand's scope does not match the instruction: "
                ".global needs a global tensor, .shared a shared one, .local a local one; pick the "
                "spelling for the tensor's memory");
  static_assert(Op != TileOp::ewise || E != OperandError::wrong_space,
                "tirx::tile::ewise: the memory operand's scope does not match the instruction: "
                ".global needs a global tensor, .shared a shared one, .local a local one; pick the "
                "spelling for the tensor's memory");
  static_assert(Op != TileOp::apply || E != OperandError::register_not_local,
                "tirx::tile::apply: register operands (the destination of ld, the source of st, "
                "every operand of arithmetic, cvt and mov) must be local tensors from alloc_local; "
                "check the order: destination first");
  static_assert(Op != TileOp::ewise || E != OperandError::register_not_local,
                "tirx::tile::ewise: register operands (the destination of ld, the source of st, "
                "every operand of arithmetic, cvt and mov) must be local tensors from alloc_local; "
                "check the order: destination first");
  static_assert(Op != TileOp::apply || E != OperandError::width,
                "tirx::tile::apply: dtype width must match the instruction: each operand's element "
                "width must be the width of the instruction's type for it (cvt.rn.f16.f32: 16-bit "
                "destination, 32-bit source); pick the matching type or view<U>() the tensor, e.g. "
                ".view<uint32>() for .b32 over halves");
  static_assert(Op != TileOp::ewise || E != OperandError::width,
                "tirx::tile::ewise: dtype width must match the instruction: each operand's element "
                "width must be the width of the instruction's type for it (cvt.rn.f16.f32: 16-bit "
                "destination, 32-bit source); pick the matching type or view<U>() the tensor, e.g. "
                ".view<uint32>() for .b32 over halves");
  static_assert(Op != TileOp::apply || E != OperandError::ungroupable,
                "tirx::tile::apply: the operand's layout does not split along its shape's modes; "
                "view<...>() it to a shape that follows the layout");
  static_assert(Op != TileOp::ewise || E != OperandError::ungroupable,
                "tirx::tile::ewise: the operand's layout does not split along its shape's modes; "
                "view<...>() it to a shape that follows the layout");
  static_assert(Op != TileOp::apply || E != OperandError::scalar_memory,
                "tirx::tile::apply: a memory operand (the source of ld, the destination of st) "
                "must be a tensor, not a scalar");
  static_assert(Op != TileOp::ewise || E != OperandError::scalar_memory,
                "tirx::tile::ewise: a memory operand (the source of ld, the destination of st) "
                "must be a tensor, not a scalar");
  static_assert(Op != TileOp::apply || E != OperandError::scalar_width,
                "tirx::tile::apply: a scalar source must have the width of the instruction's type "
                "(e.g. 1.0f, not 1.0, for .f32); convert it first");
  static_assert(Op != TileOp::ewise || E != OperandError::scalar_width,
                "tirx::tile::ewise: a scalar source must have the width of the instruction's type "
                "(e.g. 1.0f, not 1.0, for .f32); convert it first");
  static_assert(
      Op != TileOp::apply || E != OperandError::element_unknown,
      "tirx::tile::apply: an operand's element type is not a tirx dtype (tirx/tensor/dtype.hpp: "
      "float, half, nv_bfloat16, double, the int and uint types, fp8, ...); declare the tensor "
      "with one of them, e.g. uint32 carriers for packed f16x2/bf16x2 pairs");
  static_assert(
      Op != TileOp::ewise || E != OperandError::element_unknown,
      "tirx::tile::ewise: an operand's element type is not a tirx dtype (tirx/tensor/dtype.hpp: "
      "float, half, nv_bfloat16, double, the int and uint types, fp8, ...); declare the tensor "
      "with one of them, e.g. uint32 carriers for packed f16x2/bf16x2 pairs");
  static_assert(Op != TileOp::apply || E != OperandError::element_not_raw,
                "tirx::tile::apply: half2 and nv_bfloat162 elements cannot be operands: apply "
                "moves raw register bits, and their copy is not trivial; hold packed f16x2/bf16x2 "
                "pairs in uint32 carriers (alloc_local<uint32, ...>) or view<uint32>() the tensor");
  static_assert(Op != TileOp::ewise || E != OperandError::element_not_raw,
                "tirx::tile::ewise: half2 and nv_bfloat162 elements cannot be operands: apply "
                "moves raw register bits, and their copy is not trivial; hold packed f16x2/bf16x2 "
                "pairs in uint32 carriers (alloc_local<uint32, ...>) or view<uint32>() the tensor");
  static_assert(Op != TileOp::apply || E != OperandError::scalar_type,
                "tirx::tile::apply: a scalar source must be a tirx dtype with a trivial copy "
                "(tirx/tensor/dtype.hpp; not half2 or nv_bfloat162); for .f16x2/.bf16x2 pass a "
                "uint32 holding both halves, e.g. 0x3C003C00u for (1.0, 1.0) in f16x2");
  static_assert(Op != TileOp::ewise || E != OperandError::scalar_type,
                "tirx::tile::ewise: a scalar source must be a tirx dtype with a trivial copy "
                "(tirx/tensor/dtype.hpp; not half2 or nv_bfloat162); for .f16x2/.bf16x2 pass a "
                "uint32 holding both halves, e.g. 0x3C003C00u for (1.0, 1.0) in f16x2");
  static_assert(
      Op != TileOp::apply || E != OperandError::scalar_int_for_float,
      "tirx::tile::apply: a signed integer scalar for a floating-point type (.f32, .f16, .bf16) is "
      "not converted, its bits would be read as the float (1 as 1.4e-45); write a floating-point "
      "literal, e.g. 1.0f, not 1, for .f32 (or an unsigned carrier for raw bits, 0x3f800000u)");
  static_assert(
      Op != TileOp::ewise || E != OperandError::scalar_int_for_float,
      "tirx::tile::ewise: a signed integer scalar for a floating-point type (.f32, .f16, .bf16) is "
      "not converted, its bits would be read as the float (1 as 1.4e-45); write a floating-point "
      "literal, e.g. 1.0f, not 1, for .f32 (or an unsigned carrier for raw bits, 0x3f800000u)");
  static_assert(Op != TileOp::apply || E != OperandError::scalar_float_for_int,
                "tirx::tile::apply: a floating-point scalar for an integer type (.s32, .u32, .u16, "
                "...) is not converted, its bits would be read as the integer; write an integer "
                "literal, e.g. 1, not 1.0f");
  static_assert(Op != TileOp::ewise || E != OperandError::scalar_float_for_int,
                "tirx::tile::ewise: a floating-point scalar for an integer type (.s32, .u32, .u16, "
                "...) is not converted, its bits would be read as the integer; write an integer "
                "literal, e.g. 1, not 1.0f");
  static_assert(Op != TileOp::apply || E != OperandError::scalar_float_for_packed,
                "tirx::tile::apply: a scalar for a packed type (.f16x2, .bf16x2, .e4m3x2, .e5m2x2) "
                "is an unsigned carrier holding both values, not a float; write e.g. 0x3C003C00u "
                "for (1.0, 1.0) in f16x2, 0x3F803F80u in bf16x2");
  static_assert(Op != TileOp::ewise || E != OperandError::scalar_float_for_packed,
                "tirx::tile::ewise: a scalar for a packed type (.f16x2, .bf16x2, .e4m3x2, .e5m2x2) "
                "is an unsigned carrier holding both values, not a float; write e.g. 0x3C003C00u "
                "for (1.0, 1.0) in f16x2, 0x3F803F80u in bf16x2");
  static_assert(Op != TileOp::apply || E != OperandError::pred_not_bool,
                "tirx::tile::apply: a predicate operand (setp's destinations, selp's c, the "
                "BoolOp c of setp/set) holds bool elements: a bool tensor (alloc_local<bool, ...>) "
                "or a bool scalar; compare an integer first, e.g. setp.ne.s32 p, x, 0");
  static_assert(Op != TileOp::apply || E != OperandError::element_kind,
                "tirx::tile::apply: ld/st .uN and .sN take integer elements (int8 ... uint64, not "
                "bool), .f32 float and .f64 double (or an integer of their width, for the bits); "
                "ElementBits, InstructionBits below; declare the tensor so, view<U>() it, or use "
                "the .bN type for raw bits");
  static_assert(Op != TileOp::apply || E != OperandError::element_too_wide,
                "tirx::tile::apply: an ld/st .uN or .sN register element is N to 32 bits wide (64 "
                "for .u64, .s64): the registers are 32-bit (ElementBits, InstructionBits below); "
                "use int32/uint32 registers and convert to 64 bits after the load");
  static_assert(Op != TileOp::apply || E != OperandError::second_dst,
                "tirx::tile::apply: this form writes a second destination right after the first "
                "(setp's p|q, shfl.sync's d|p, match.all's, elect.sync's): pass a register tensor "
                "of bool there (alloc_local<bool, ...>), shaped like the destination");
}

/// The value of a tile::imm<V> operand (0 for any other).
template <class X> inline constexpr long long imm_value_v = 0;
template <long long V> inline constexpr long long imm_value_v<ptxemit::Imm<V>> = V;

/// The immediate rules, with the numbers in the instantiation line nvcc
/// prints under the message: Operand (1: the first source), Value (the
/// tile::imm's) and Limit (the instruction takes 0 <= Value < Limit).
template <OperandError E, int Operand, long long Value, long long Limit>
TIRX_HD constexpr void report_imm() {
  static_assert(E != OperandError::imm_required,
                "tirx::tile::apply: this source of the instruction is an immediate written into "
                "its text (lop3's LUT), not a register: pass tile::imm<V>, e.g. "
                "tile::imm<0x96> for a ^ b ^ c");
  static_assert(E != OperandError::imm_not_taken,
                "tirx::tile::apply: tile::imm<V> where the instruction takes a register source "
                "(Operand below); pass a tensor or a plain scalar there");
  static_assert(E != OperandError::imm_range,
                "tirx::tile::apply: the immediate tile::imm<V> is out of the instruction's range "
                "(Value below, where it takes 0 to Limit - 1; lop3's LUT is one byte, 0 to 255); "
                "pass a value in range");
}

/// The chunk rules of an asynchronous copy (cp.async), with the numbers in
/// the instantiation line nvcc prints under the message: Operand (0: the
/// destination, 1: the source), ChunkBytes (the bytes of its last mode) and
/// Align (the tensor type's align).
template <OperandError E, int Operand, long long ChunkBytes, int Align>
TIRX_HD constexpr void report_chunk() {
  static_assert(E != OperandError::chunk_size,
                "tirx::tile::apply: cp.async copies chunks of 4, 8 or 16 bytes, and an operand's "
                "chunk is its last mode, here ChunkBytes bytes (below); view<...>() the operands "
                "to a last mode of 4, 8 or 16 bytes, e.g. (..., 4) floats or (..., 8) halves for "
                "16");
  static_assert(E != OperandError::chunk_form,
                "tirx::tile::apply: cp.async.cg copies 16-byte chunks only, and the operands' "
                "last mode (the chunk) holds ChunkBytes bytes (below); use cp.async.ca for 4- and "
                "8-byte chunks, or view<...>() the operands to a last mode of 16 bytes");
  static_assert(E != OperandError::chunk_align,
                "tirx::tile::apply: cp.async needs each chunk's address aligned to its bytes, but "
                "the tensor's align (Align below) is smaller than its chunk (ChunkBytes below); "
                "declare the tensor with a larger align (e.g. GlobalTensor<float, Shape, 16> for "
                "16-byte chunks) or copy smaller chunks");
  static_assert(E != OperandError::chunk_misaligned,
                "tirx::tile::apply: cp.async needs each chunk's address aligned to its bytes "
                "(ChunkBytes below), but a layout stride or offset of the operand is not a "
                "multiple of the chunk; pad the layout or copy smaller chunks");
}

/// The line rules of a line-covering instruction (prefetch, discard,
/// applypriority: Desc::line_bytes), with the numbers in the instantiation
/// line nvcc prints under the message: LineBytes, LineElements (the line's
/// elements of the tensor's type) and Align (the tensor type's align).
template <OperandError E, int LineBytes, long long LineElements, int Align>
TIRX_HD constexpr void report_line() {
  static_assert(E != OperandError::line_shape,
                "tirx::tile::apply: prefetch, discard and applypriority cover the tensor line by "
                "line, and a line is LineBytes bytes (below): the trailing modes must hold exactly "
                "LineElements elements; view<...>() the tensor to (..., LineElements)");
  static_assert(E != OperandError::line_align,
                "tirx::tile::apply: discard and applypriority act on whole lines of LineBytes "
                "bytes (below), aligned to them, but the tensor's align (Align below) is smaller; "
                "declare the tensor with align LineBytes, e.g. GlobalTensor<float, Shape, 128>");
  static_assert(E != OperandError::line_misaligned,
                "tirx::tile::apply: discard and applypriority act on whole lines of LineBytes "
                "bytes (below), but a layout stride or offset of the tensor puts a line off a "
                "multiple of LineBytes; pad the layout to whole lines");
}

} // namespace tirx::detail
