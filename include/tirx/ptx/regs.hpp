// Register carriers for inline PTX: values travel through asm operands as
// raw bits of the instruction's width ("h" 16, "r" 32, "l" 64, "q" 128 bits)
// (the families' carriers, float "f" and double "d" among them: ptx/emit.hpp).
#pragma once

#include <tirx/tensor/dtype.hpp>

#include <tirx/core/cccl.hpp>

namespace tirx::ptxregs {

template <int Bits> struct raw;
template <> struct raw<8> {
  using type = unsigned short; // PTX moves 8-bit values through 16-bit registers
};
template <> struct raw<16> { using type = unsigned short; };
template <> struct raw<32> { using type = unsigned int; };
template <> struct raw<64> { using type = unsigned long long; };
template <> struct raw<128> {
  using type = uint128; // a .b128 register ("q"): ld/st .b128
};
template <int Bits> using raw_t = typename raw<Bits>::type;

/// The bits of v, widened to a register carrier.
template <class T> TIRX_HD TIRX_FORCEINLINE raw_t<dtype_bits<T>> to_raw(const T& v) {
  if constexpr (dtype_bits<T> == 8) {
    unsigned char b;
    __builtin_memcpy(&b, &v, 1);
    return b;
  } else {
    return cuda::std::bit_cast<raw_t<dtype_bits<T>>>(v);
  }
}
template <class T, class R> TIRX_HD TIRX_FORCEINLINE T from_raw(R r) {
  if constexpr (dtype_bits<T> == 8) {
    unsigned char b = static_cast<unsigned char>(r);
    T v;
    __builtin_memcpy(&v, &b, 1);
    return v;
  } else {
    return cuda::std::bit_cast<T>(static_cast<raw_t<dtype_bits<T>>>(r));
  }
}

} // namespace tirx::ptxregs
