// What a family's emitter receives from apply: one operand object per
// instruction operand, in PTX order. A register operand is Regs<class, N>
// (N raw carriers of its asm register class, read from or written back to
// the tensor by apply); a memory operand is Mem<Imm, Bytes> (the generic
// address of its atom of Bytes bytes, less Imm bytes that the instruction
// adds as an immediate).
// Issue carries the run-time parts every instruction may take: its
// predicate and its cache policy. The asm text itself comes from the row
// files (ptx/rows/*.def) through ptx/rows/emit_register.inc and the memory
// emitter of ptx/memory.hpp.
#pragma once

#include <tirx/ptx/desc.hpp>
#include <tirx/ptx/regs.hpp>

#include <tirx/core/cccl.hpp>

namespace tirx::ptxemit {

/// How an instruction is guarded: always, by a predicate, or by a predicate
/// keeping the old register values when off.
enum class Guard { none, pred, pred_preserve };

/// How an asynchronous copy fills its chunk (tile::src_size, tile::ignore_src):
/// all from the source; the first Issue::fill bytes from it and zeros for the
/// rest (src-size); or zeros only when Issue::fill is non-zero (ignore-src).
enum class Fill { none, src_size, ignore_src };

/// The run-time operands of one instruction besides its registers and
/// addresses: whether its predicate is on, the cache policy of a
/// .L2::cache_hint spelling (otherwise unused), for a matrix instruction
/// whether it adds to its accumulator, and for an asynchronous copy its
/// src-size or ignore-src value (Fill).
struct Issue {
  unsigned on = 1;
  unsigned long long policy = 0;
  unsigned accumulate = 1; ///< tile::accumulate: 0 overwrites the accumulator (whole families)
  unsigned fill = 0;       ///< Fill::src_size: bytes read; Fill::ignore_src: non-zero reads none
};

/// The C++ type that carries one register of asm class C.
template <char C> struct carrier;
template <> struct carrier<'h'> {
  using type = unsigned short; // 16 bits; PTX moves 8-bit values through 16-bit registers
};
template <> struct carrier<'r'> { using type = unsigned int; };
template <> struct carrier<'l'> { using type = unsigned long long; };
template <> struct carrier<'q'> { using type = uint128; };
template <> struct carrier<'f'> { using type = float; };
template <> struct carrier<'d'> { using type = double; };
template <char C> using carrier_t = typename carrier<C>::type;

/// An element's bits in a carrier (an 8-bit element widened to 16 bits).
template <class C, class T> TIRX_HD TIRX_FORCEINLINE C to_carrier(const T& v) {
  if constexpr (sizeof(T) == sizeof(C))
    return cuda::std::bit_cast<C>(v);
  else
    return static_cast<C>(ptxregs::to_raw(v));
}
/// The element held by a carrier (an 8-bit element from its low byte).
template <class T, class C> TIRX_HD TIRX_FORCEINLINE T from_carrier(const C& c) {
  if constexpr (sizeof(T) == sizeof(C))
    return cuda::std::bit_cast<T>(c);
  else
    return ptxregs::from_raw<T>(c);
}

/// The 32 raw bits of a 32-bit carrier (an "f" float holds a member mask
/// as its bits).
template <class C> TIRX_HD TIRX_FORCEINLINE unsigned bits_of(const C& c) {
  return cuda::std::bit_cast<unsigned>(c);
}

/// A register operand: N registers of asm class C.
template <char C, int N> struct Regs {
  static constexpr char reg_class = C;
  static constexpr int size = N;
  carrier_t<C> r[N];
};
/// A memory operand: the generic address of the atom less Imm bytes; the
/// atom is Bytes bytes (0: not known to the emitter).
template <long long Imm, long long Bytes = 0> struct Mem {
  static constexpr long long imm = Imm;
  static constexpr long long bytes = Bytes;
  const void* p;
};

/// An immediate operand: the value V, written into the instruction's text
/// (asm constraint "n"), e.g. lop3's LUT. Users write tile::imm<V>; the
/// Desc's imm_src says which source takes one.
template <long long V> struct Imm { static constexpr long long value = V; };
template <class T> inline constexpr bool is_imm_v = false;
template <long long V> inline constexpr bool is_imm_v<Imm<V>> = true;

template <class T> inline constexpr bool is_mem_v = false;
template <long long Imm, long long Bytes> inline constexpr bool is_mem_v<Mem<Imm, Bytes>> = true;

/// Whether spelling S is the literal SP (for the row chains).
template <fixed_string S, int N> TIRX_HD constexpr bool same(const char (&sp)[N]) {
  bool eq = S.size() == N - 1;
  for (int i = 0; i < N - 1 && i < S.size(); ++i)
    eq = eq && S.chars[i] == sp[i];
  return eq;
}

template <fixed_string S> inline constexpr bool always_false = false;

/// The tokens of spelling S, split once per spelling (the families' emitters
/// test them in their if-constexpr chains).
template <fixed_string S>
inline constexpr ptxdesc::Tokens tokens_v = ptxdesc::tokenize(text_view{S.chars, S.size()});

/// The first and the last of a family's operand objects (a predicate
/// destination comes first, the member mask last).
template <class A, class... R> TIRX_HD TIRX_FORCEINLINE A& first(A& a, R&...) { return a; }
template <int I, class A, class... R> TIRX_HD TIRX_FORCEINLINE auto& nth(A& a, R&... r) {
  if constexpr (I == 0)
    return a;
  else
    return nth<I - 1>(r...);
}
template <class A, class... R> TIRX_HD TIRX_FORCEINLINE auto& last(A& a, R&... r) {
  if constexpr (sizeof...(R) == 0)
    return a;
  else
    return last(r...);
}

} // namespace tirx::ptxemit

namespace tirx::ptxemit {
template <class X0, class...> inline constexpr char first_class_v = X0::reg_class;

/// The debug check of a warp-collective instruction NAME ("shfl.sync", a
/// string literal) with the member mask M: every lane of M must execute it,
/// since a missing lane hangs the warp.
#define TIRX_CHECK_MEMBERS(NAME, M)                                                                \
  TIRX_CHECK((__activemask() & (M)) == (M),                                                        \
             "tirx::tile::apply: " NAME ": a lane of membermask is not executing the "             \
             "instruction; call it from every lane of the mask (no divergent branch around it) "   \
             "or shrink the mask")

/// The base of every register family F (one destination register, sources
/// in registers or scalars): its issue<S, G>. A guarded-off instruction
/// leaves its destination as it was (apply reads the old values first);
/// otherwise F::emit<S>(d, s), with d the destination carrier and s the
/// sources', expands F's row files into the asm.
template <class F> struct register_family {
#if defined(__CUDACC__)
  template <fixed_string S, Guard G, class D, class... X>
  __device__ TIRX_FORCEINLINE static void issue(const Issue& is, D& d, const X&... x) {
    if constexpr (G != Guard::none)
      if (!is.on)
        return;
    using S0 = carrier_t<first_class_v<X...>>;
    const S0 s[] = {x.r[0]...};
    F::template emit<S>(d.r[0], s);
  }
#endif
};

/// The register operand or immediate of one source, as a mixed emitter takes it.
template <class X> TIRX_HD TIRX_FORCEINLINE const auto& source_value(const X& x) {
  if constexpr (is_imm_v<X>)
    return x;
  else
    return x.r[0];
}

/// The base of a register family whose sources differ in class (shl.b64: a
/// 64-bit value, a 32-bit shift; mad.wide.s32: two 32-bit factors, a 64-bit
/// addend) or take an immediate: F::emit<S, NS>(d, a0, a1, ...) gets each
/// source's own carrier (an Imm for an immediate); the asm constraints come
/// from the row (ptx/rows/emit_mixed.inc).
template <class F> struct mixed_register_family {
#if defined(__CUDACC__)
  template <fixed_string S, Guard G, class D, class... X>
  __device__ TIRX_FORCEINLINE static void issue(const Issue& is, D& d, const X&... x) {
    if constexpr (G != Guard::none)
      if (!is.on)
        return;
    F::template emit<S, static_cast<int>(sizeof...(X))>(d.r[0], source_value(x)...);
  }
#endif
};
} // namespace tirx::ptxemit
