// The mov family: a bit copy inside one thread, atom (1,); a scalar source
// broadcasts to every repeat. Spellings (rows: ptx/rows/mov.def):
// mov.b16 mov.u16 mov.b32 mov.u32 mov.f32 mov.b64 mov.u64
#pragma once

#include <tirx/ptx/emit.hpp>

namespace tirx::ptxmov {

struct family : ptxemit::register_family<family> {
  static constexpr const char* name = "mov";

  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) { return t.is(0, "mov"); }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    const int ty = last_type(t);
    const int bits = ty ? type_bits(t, ty) : 0;
    const TypeKind kind = ty ? type_kind(t, ty) : TypeKind::none;
    const char cls = kind == TypeKind::floating && bits == 32 ? 'f' : raw_class(bits);
    d.dst = d.src = Operand{Role::reg, Space::none, bits, cls};
    d.src_kind = kind;
    d.min_srcs = d.max_srcs = 1;
    d.parsed = ty != 0;
    return d;
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/mov.def>
#include <tirx/ptx/rows/forms_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/mov.def>
#include <tirx/ptx/rows/report_end.inc>
  }

#if defined(__CUDACC__)
  template <fixed_string S, class Dc, class Sc, int NS>
  __device__ TIRX_FORCEINLINE static void emit(Dc& d, const Sc (&s)[NS]) {
#define TIRX_ASM_QUAL
#include <tirx/ptx/rows/emit_register.inc>
#include <tirx/ptx/rows/mov.def>
    static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported mov spelling");
#include <tirx/ptx/rows/emit_register_end.inc>
  }

#endif
};

} // namespace tirx::ptxmov
