// mov instruction atoms: a bit copy inside one thread, atom (1,); a scalar
// source broadcasts to every repeat.
// Supported spellings: mov.b16 mov.b32 mov.b64 mov.u16 mov.u32 mov.u64 mov.f32
#pragma once

#include <tirx/ptx/arith.hpp>

namespace tirx::ptxmov {

#define TIRX_MOV(X)                                                                                \
  X("mov.b16", "h") X("mov.u16", "h") X("mov.b32", "r") X("mov.u32", "r") X("mov.f32", "f")        \
  X("mov.b64", "l") X("mov.u64", "l")

#define TIRX_LIST_MOV(SP, C) SP,
inline constexpr const char* spellings[] = {TIRX_MOV(TIRX_LIST_MOV)};

TIRX_HD constexpr bool supports(text_view t) { return ptxarith::listed(t, spellings); }

#if defined(__CUDACC__)
template <fixed_string S, class T>
__device__ TIRX_FORCEINLINE T run(const T& x) {
  using ptxarith::same;
  T out;
#define TIRX_EMIT(SP, C)                                                                           \
  if constexpr (same<S>(SP)) {                                                                     \
    if constexpr (C[0] == 'f') {                                                                   \
      float d;                                                                                     \
      asm(SP " %0, %1;" : "=f"(d) : "f"(cuda::std::bit_cast<float>(x)));                           \
      out = cuda::std::bit_cast<T>(d);                                                             \
    } else {                                                                                       \
      ptxregs::raw_t<dtype_bits<T>> d;                                                             \
      asm(SP " %0, %1;" : "=" C(d) : C(ptxregs::to_raw(x)));                                       \
      out = cuda::std::bit_cast<T>(d);                                                             \
    }                                                                                              \
  } else
  TIRX_MOV(TIRX_EMIT) static_assert(ptxarith::always_false<S>, "tirx::ptx: unsupported mov spelling");
#undef TIRX_EMIT
  return out;
}
#endif

} // namespace tirx::ptxmov
