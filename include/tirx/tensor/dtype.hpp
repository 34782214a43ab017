// Element types: the TIRx dtype names and the CUDA C++ types that hold them.
#pragma once

#include <tirx/core/config.hpp>

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <vector_types.h>

namespace tirx {

// dtype name          CUDA C++ type
using float32 = float;
using float16 = half;
using bfloat16 = nv_bfloat16;
using float64 = double;
using int8 = signed char;
using int16 = short;
using int32 = int;
using int64 = long long;
using uint8 = unsigned char;
using uint16 = unsigned short;
using uint32 = unsigned int;
using uint64 = unsigned long long;
using float32x4 = float4;
using uint32x4 = uint4;
using int32x4 = int4;
/// 16 bytes as one value: the carrier of .b128 (ld/st, the "q" register of
/// inline PTX). __extension__: ISO C++ has no 128-bit integer; g++, clang
/// and nvcc (host and device code) have one.
__extension__ typedef unsigned __int128 uint128;
using float8_e4m3 = __nv_fp8_e4m3;
using float8_e5m2 = __nv_fp8_e5m2;
// bool is bool.

/// Facts about an element type: its TIRx name and its width in bits.
template <class T> struct dtype_traits { static constexpr bool known = false; };

#define TIRX_DTYPE(T, NAME, BITS, LANES)                                                           \
  template <> struct dtype_traits<T> {                                                             \
    static constexpr bool known = true;                                                            \
    static constexpr const char* name = NAME;                                                      \
    static constexpr int bits = BITS;                                                              \
    static constexpr int lanes = LANES;                                                            \
  }
TIRX_DTYPE(float, "float32", 32, 1);
TIRX_DTYPE(half, "float16", 16, 1);
TIRX_DTYPE(nv_bfloat16, "bfloat16", 16, 1);
TIRX_DTYPE(double, "float64", 64, 1);
TIRX_DTYPE(signed char, "int8", 8, 1);
TIRX_DTYPE(short, "int16", 16, 1);
TIRX_DTYPE(int, "int32", 32, 1);
TIRX_DTYPE(long long, "int64", 64, 1);
TIRX_DTYPE(unsigned char, "uint8", 8, 1);
TIRX_DTYPE(unsigned short, "uint16", 16, 1);
TIRX_DTYPE(unsigned int, "uint32", 32, 1);
TIRX_DTYPE(unsigned long long, "uint64", 64, 1);
TIRX_DTYPE(bool, "bool", 8, 1);
TIRX_DTYPE(float4, "float32x4", 128, 4);
TIRX_DTYPE(uint4, "uint32x4", 128, 4);
TIRX_DTYPE(int4, "int32x4", 128, 4);
TIRX_DTYPE(uint128, "uint128", 128, 1);
TIRX_DTYPE(float2, "float32x2", 64, 2);
TIRX_DTYPE(half2, "float16x2", 32, 2);
TIRX_DTYPE(nv_bfloat162, "bfloat16x2", 32, 2);
TIRX_DTYPE(__nv_fp8_e4m3, "float8_e4m3", 8, 1);
TIRX_DTYPE(__nv_fp8_e5m2, "float8_e5m2", 8, 1);
#undef TIRX_DTYPE

template <class T> inline constexpr int dtype_bits = dtype_traits<cuda::std::remove_cv_t<T>>::bits;

template <class T>
concept Element = dtype_traits<cuda::std::remove_cv_t<T>>::known;

} // namespace tirx
