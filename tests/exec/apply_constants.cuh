// Kernels that pass namespace-scope and class-scope constexpr constants to
// tile::apply and tile::ewise as scalar sources, as plain CUDA code may use
// them (their value, never their address): floats, ints, unsigned lane
// arguments of shfl.sync, packed and single halves as raw bits. Included by
// gpu_apply_constants.cu (which runs and checks them) and
// constants_device_compile.cu (which builds them for every architecture).
#pragma once

#include <tirx/tile.hpp>

#include <cuda_fp16.h>

namespace tirx_constants {

using namespace tirx;

constexpr float kScale = 3.0f;
constexpr float kBias = 0.5f;
constexpr int kAdd = 5;
constexpr unsigned kXorLane = 1u;           // shfl.sync.bfly: swap with the neighbouring lane
constexpr unsigned kClamp = 0x1fu;          // shfl.sync: the whole warp
constexpr unsigned kAllLanes = ~0u;         // shfl.sync: membermask
constexpr unsigned kThrees = 0x42004200u;   // f16x2 (3.0, 3.0) as raw bits
constexpr unsigned short kHalfOne = 0x3c00; // f16 1.0 as raw bits
struct Consts {
  static constexpr float twice = 2.0f;
  static constexpr int minus = -7;
};

constexpr TileLayout lanes = layout_of<"S[(32, 4) : (1@laneid, 1)]">;
using F32Tile = GlobalTensor<float, ShapeT<32, 4>, 16>;
using I32Tile = GlobalTensor<int, ShapeT<32, 4>, 16>;
using U32Tile = GlobalTensor<unsigned, ShapeT<32, 4>, 16>;
using F16Tile = GlobalTensor<__half, ShapeT<32, 4>, 8>;
using U16Tile = GlobalTensor<unsigned short, ShapeT<32, 4>, 8>;

/// out = (in * kScale + kBias) * Consts::twice, by apply on registers.
__global__ void apply_floats(F32Tile in, F32Tile out) {
  auto r = alloc_local<float, shape(32, 4), lanes>();
  tile::apply<ptx<"ld.global.v4.b32">>(r, in, scope::warp);
  tile::apply<ptx<"mul.f32">>(r, r, kScale, scope::warp);
  tile::apply<ptx<"add.f32">>(r, r, kBias, scope::warp);
  tile::apply<ptx<"mul.f32">>(r, r, Consts::twice, scope::warp);
  tile::apply<ptx<"st.global.v4.b32">>(out, r, scope::warp);
}

/// out = in * kScale - kBias, by ewise (a memory source, a register destination).
__global__ void ewise_floats(F32Tile in, F32Tile out) {
  auto r = alloc_local<float, shape(32, 4), lanes>();
  tile::ewise([](float x, float s, float b) { return x * s - b; }, r, in, kScale, kBias,
              scope::warp);
  tile::ewise([](float x) { return x; }, out, r, scope::warp);
}

/// out = in + kAdd + Consts::minus by ewise; swapped = in of the neighbouring
/// lane by shfl.sync with constant lane arguments.
__global__ void ints(I32Tile in, I32Tile out, I32Tile swapped) {
  tile::ewise([](int x, int a, int m) { return x + a + m; }, out, in, kAdd, Consts::minus,
              scope::warp);
  auto r = alloc_local<int, shape(32, 4), lanes>();
  tile::apply<ptx<"ld.global.v4.b32">>(r, in, scope::warp);
  tile::apply<ptx<"shfl.sync.bfly.b32">>(r, r, kXorLane, kClamp, kAllLanes, scope::warp);
  tile::apply<ptx<"st.global.v4.b32">>(swapped, r, scope::warp);
}

/// out = in * (3, 3) on packed halves (mul.f16x2, the constant as raw bits).
__global__ void packed_halves(U32Tile in, U32Tile out) {
  auto r = alloc_local<unsigned, shape(32, 4), lanes>();
  tile::apply<ptx<"ld.global.v4.b32">>(r, in, scope::warp);
  tile::apply<ptx<"mul.f16x2">>(r, r, kThrees, scope::warp);
  tile::apply<ptx<"st.global.v4.b32">>(out, r, scope::warp);
}

/// ones = f16 1.0 everywhere (mov.b16 of the constant's bits); plus = in + 1
/// by ewise on halves, the constant as bits.
__global__ void halves(F16Tile in, U16Tile ones, F16Tile plus) {
  auto r = alloc_local<unsigned short, shape(32, 4), lanes>();
  tile::apply<ptx<"mov.b16">>(r, kHalfOne, scope::warp);
  tile::apply<ptx<"st.global.v4.b16">>(ones, r, scope::warp);
  tile::ewise([](__half x, unsigned short one) { return __hadd(x, __ushort_as_half(one)); }, plus,
              in, kHalfOne, scope::warp);
}

} // namespace tirx_constants
