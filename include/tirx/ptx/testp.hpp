// The testp family: whether a floating-point value is of a class (finite,
// infinite, number, notanumber, normal, subnormal), atom (1,). PTX writes a
// predicate; until tirx has predicate operands the destination is a 32-bit
// integer register that holds 1 (true) or 0 (false), set inside the asm
// block. Spellings (rows: ptx/rows/testp.def):
//   testp{.finite|.infinite|.number|.notanumber|.normal|.subnormal}{.f32|.f64}
#pragma once

#include <tirx/ptx/emit.hpp>

namespace tirx::ptxtestp {

struct family : ptxemit::register_family<family> {
  static constexpr const char* name = "testp";

  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) { return t.is(0, "testp"); }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    const int ty = last_type(t);
    const int bits = ty ? type_bits(t, ty) : 0;
    d.dst = Operand{Role::reg, Space::none, 32, 'r'}; // the predicate as 0/1
    d.src = Operand{Role::reg, Space::none, bits, bits == 64 ? 'd' : 'f'};
    d.src_kind = ty ? type_kind(t, ty) : TypeKind::none;
    d.min_srcs = d.max_srcs = 1;
    d.parsed = ty != 0;
    return d;
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/testp.def>
#include <tirx/ptx/rows/forms_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/testp.def>
#include <tirx/ptx/rows/report_end.inc>
  }

#if defined(__CUDACC__)
  template <fixed_string S, class Dc, class Sc, int NS>
  __device__ TIRX_FORCEINLINE static void emit(Dc& d, const Sc (&s)[NS]) {
#define TIRX_ROW(SP, NSRC, REGS, SM, PTX, DC, SC)                                                  \
  if constexpr (::tirx::ptxemit::same<S>(SP)) {                                                    \
    asm("{\n\t.reg .pred p;\n\t" SP " p, %1;\n\tselp.u32 %0, 1, 0, p;\n\t}" : "=r"(d) : SC(s[0])); \
  } else
#include <tirx/ptx/rows/testp.def>
#undef TIRX_ROW
    static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported testp spelling");
  }
#endif
};

} // namespace tirx::ptxtestp
