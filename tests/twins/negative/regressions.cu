// Deliberately worse tirx kernels: the zero-overhead check must catch each.
// tests/zero_overhead.py --expect-fail requires every pair NAME_fails_X to
// fail check X: (a) memory instructions, (b) local memory, (c) count.
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout register_layout = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;
using Tile = GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16>;

__device__ float plus_one(float value) { return value + 1.0f; }

__device__ void add_one_tile_twin_body(const float* A, float* B) {
  int tx = threadIdx.x;
  const float4* a = reinterpret_cast<const float4*>(A) + tx * 3;
  float4* b = reinterpret_cast<float4*>(B) + tx * 3;
#pragma unroll
  for (int r = 0; r < 3; ++r) {
    float4 v = a[r];
    b[r] = make_float4(v.x + 1.0f, v.y + 1.0f, v.z + 1.0f, v.w + 1.0f);
  }
}

// (a) add_one_tile with 8-byte instead of 16-byte accesses: six ld/st.v2.
__global__ void narrow_access_fails_a(Tile A, Tile B) {
  auto registers = alloc_local<float, shape(2, 32, 3, 4), register_layout>();
  auto pairs = registers.view<2, 32, 6, 2>();
  tile::apply<ptx<"ld.global.v2.b32">>(pairs, A.view<2, 32, 6, 2>(), scope::cta);
  tile::ewise(plus_one, registers, registers, scope::cta);
  tile::apply<ptx<"st.global.v2.b32">>(B.view<2, 32, 6, 2>(), pairs, scope::cta);
}
__global__ void narrow_access_fails_a_twin(const float* A, float* B) {
  add_one_tile_twin_body(A, B);
}

// (b) a register tensor read at a run-time index: it lives in local memory.
using Vec256 = GlobalTensor<float, ShapeT<256>>;
__global__ void runtime_index_fails_b(Vec256 A, Vec256 B, int k) {
  int tx = threadIdx.x;
  auto values = alloc_local<float, shape(4)>();
#pragma unroll
  for (int j = 0; j < 4; ++j)
    values(j) = A(tx * 4 + j);
  B(tx) = values(k % 4);
}
__global__ void runtime_index_fails_b_twin(const float* A, float* B, int k) {
  int tx = threadIdx.x;
  float values[4];
#pragma unroll
  for (int j = 0; j < 4; ++j)
    values[j] = A[tx * 4 + j];
  int i = k % 4; // selected without a local array
  B[tx] = i == 0 ? values[0] : i == 1 ? values[1] : i == 2 ? values[2] : values[3];
}

// (c) affine_relu with mul + add instead of one fma: four more instructions.
constexpr TileLayout rl = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;
using Tile3 = GlobalTensor<float, ShapeT<2, 32, 4>, 16>;
__global__ void unfused_fails_c(Tile3 A, Tile3 B) {
  auto registers = alloc_local<float, shape(2, 32, 4), rl>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
  auto scalars = registers.view<2, 32, 4, 1>();
  tile::apply<ptx<"mul.rn.f32">>(scalars, scalars, 2.0f, scope::cta);
  tile::apply<ptx<"add.rn.f32">>(scalars, scalars, 1.0f, scope::cta);
  tile::apply<ptx<"max.f32">>(scalars, scalars, 0.0f, scope::cta);
  tile::apply<ptx<"st.global.v4.b32">>(B, registers, scope::cta);
}
__device__ float affine_relu_scalar(float x) { return fmaxf(__fmaf_rn(x, 2.0f, 1.0f), 0.0f); }
__global__ void unfused_fails_c_twin(const float* A, float* B) {
  int tx = threadIdx.x;
  float4 v = reinterpret_cast<const float4*>(A)[tx];
  v = make_float4(affine_relu_scalar(v.x), affine_relu_scalar(v.y), affine_relu_scalar(v.z),
                  affine_relu_scalar(v.w));
  reinterpret_cast<float4*>(B)[tx] = v;
}
