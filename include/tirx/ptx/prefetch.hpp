// The cache-line family: prefetch, prefetchu, discard and applypriority
// (PTX ISA 9.7.10.16, .17, .20). Each takes one memory operand and writes no
// register, so the tensor is apply's only operand (its destination, a memory
// role) and there are no sources:
//
//   tile::apply<ptx<"prefetch.global.L2">>(tensor, scope [, tile::pred(c)])
//
// The atom is one 128-byte line of the tensor's elements (128 / element bytes
// consecutive elements: the trailing modes), one instruction per line and
// repeat (Desc::line_bytes). discard and applypriority act on whole aligned
// lines: the tensor's align and layout must put every line at a multiple of
// 128 bytes (compile-time rules; debug builds trap on a pointer that breaks
// its type's align). A prefetch is a hint: its lines may start anywhere, and
// a line that straddles two cache lines is prefetched at both.
// Spellings (ptx/rows/prefetch.def; [a|b]: a, b or nothing; {a|b}: a or b):
//   prefetch[.global|.local]{.L1|.L2}         any sm (no space: a generic address; a
//                                             shared one prefetches nothing)
//   prefetch.global{.L2::evict_last|.L2::evict_normal}   sm_80, PTX 7.4
//   prefetchu.L1                              any sm (the uniform cache; generic address)
//   discard[.global].L2                       sm_80, PTX 7.4: the lines' contents become
//                                             undefined (no write-back)
//   applypriority[.global].L2::evict_normal   sm_80, PTX 7.4: the lines' L2 eviction
//                                             priority back to normal
// discard and applypriority need global memory (their generic forms too).
// prefetch.tensormap is tma::prefetch_tensor_map (exec/tma.hpp), not a tile
// operation.
#pragma once

#include <tirx/ptx/emit.hpp>

namespace tirx::ptxprefetch {

using ptxemit::Guard;

/// The bytes of one line.
inline constexpr int line_bytes = 128;

struct family {
  static constexpr const char* name = "prefetch/discard/applypriority";

  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) {
    return t.is(0, "prefetch") || t.is(0, "prefetchu") || t.is(0, "discard") ||
           t.is(0, "applypriority");
  }

  /// Whether the spelling names whole aligned lines (discard, applypriority).
  TIRX_HD static constexpr bool whole_lines(const ptxdesc::Tokens& t) {
    return t.is(0, "discard") || t.is(0, "applypriority");
  }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    const bool whole = whole_lines(t);
    const Space space = t.has("global") || whole ? Space::global
                        : t.has("local")         ? Space::local
                                                 : Space::none;
    d.dst = Operand{Role::mem, space, 0, 'l'};
    d.src = d.dst;
    d.min_srcs = d.max_srcs = 0;
    d.line_bytes = line_bytes;
    d.line_unaligned = !whole;
    d.parsed = t.n >= 2;
    const bool evict = t.has("L2::evict_last") || t.has("L2::evict_normal");
    d.rule = t.has("tensormap")                                   ? 1
             : whole && (t.has("local") || t.has("shared"))       ? 2
             : t.is(0, "prefetch") && evict && !t.is(1, "global") ? 3
                                                                  : 0;
    return d;
  }

  template <int R> TIRX_HD static constexpr void rule() {
    static_assert(R != 1, "tirx::tile::apply: prefetch.tensormap prefetches a TMA descriptor, not "
                          "a tensor's lines; call tma::prefetch_tensor_map(map)");
    static_assert(R != 2, "tirx::tile::apply: discard and applypriority act on global memory "
                          "only; use .global (or no space) and a global tensor");
    static_assert(R != 3, "tirx::tile::apply: a prefetch with an L2 eviction priority "
                          "(.L2::evict_last, .L2::evict_normal) takes .global and a global tensor; "
                          "write e.g. \"prefetch.global.L2::evict_last\"");
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/prefetch.def>
#include <tirx/ptx/rows/forms_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/prefetch.def>
#include <tirx/ptx/rows/report_end.inc>
  }

#if defined(__CUDACC__)
  /// One line at d.p + D::imm: prefetch its cache line (both, when an
  /// unaligned line straddles two), or discard / reprioritize it whole.
  template <fixed_string S, Guard G, class D>
  __device__ TIRX_FORCEINLINE static void issue(const ptxemit::Issue& is, const D& d) {
    if constexpr (G != Guard::none)
      if (!is.on)
        return;
    constexpr ptxdesc::Tokens t = ptxemit::tokens_v<S>;
    constexpr long long imm = D::imm;
    static_assert(imm >= 0 && imm + line_bytes < (1LL << 24),
                  "tirx::ptx: the immediate address offset must lie in [0, 2^24)");
    unsigned long long a = reinterpret_cast<unsigned long long>(d.p);
    if constexpr (t.has("local"))
      a = static_cast<unsigned long long>(__cvta_generic_to_local(d.p));
    constexpr bool whole = whole_lines(t);
    // a prefetch line across two cache lines: the second one too
    [[maybe_unused]] const bool straddles =
        !whole && ((reinterpret_cast<unsigned long long>(d.p) + imm) & (line_bytes - 1)) != 0;
#define TIRX_ROW(SP, NSRC, REGS, SM, PTX, DC, SC)                                                  \
  if constexpr (::tirx::ptxemit::same<S>(SP)) {                                                    \
    if constexpr (whole) {                                                                         \
      asm volatile(SP " [%0+%1], 128;" ::"l"(a), "n"(imm) : "memory");                             \
    } else {                                                                                       \
      asm volatile(SP " [%0+%1];" ::"l"(a), "n"(imm) : "memory");                                  \
      if (straddles)                                                                               \
        asm volatile(SP " [%0+%1];" ::"l"(a), "n"(imm + line_bytes - 1) : "memory");               \
    }                                                                                              \
  } else
#include <tirx/ptx/rows/prefetch.def>
    static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported prefetch spelling");
#undef TIRX_ROW
  }
#endif
};

} // namespace tirx::ptxprefetch
