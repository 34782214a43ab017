// Kernels over tirx tensors, shared by two tests:
//   device_compile.cu  compiles them for sm_80, sm_90a (and sm_100a)
//   gpu_tensor.cu      launches them and checks every output on the host
// They follow the seed programs (add_one_tile, add_one_vector, shared_shift,
// shared_shift_dynamic, add_one_local, sum_four, the views example) with the
// TIRx calls written as tirx C++.
//
// nvcc rules kept here: kernel parameters are tensor types (integers only in
// their template arguments); layouts, shapes and pattern strings appear only
// as template arguments inside device code.
#pragma once

#include <tirx/tile.hpp>

namespace tk {

using namespace tirx;
using namespace tirx::literals;

/// The seed register layout: 64 threads x 12 floats, 3 x 4 per thread.
inline constexpr TileLayout reg_layout = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;

using RegIn = GlobalTensor<const float, ShapeT<2, 32, 3, 4>, 16>;
using RegOut = GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16>;
using In256 = GlobalTensor<const float, ShapeT<256>, 16>;
using Out256 = GlobalTensor<float, ShapeT<256>, 16>;
using In128 = GlobalTensor<const float, ShapeT<128>>;
using Out128 = GlobalTensor<float, ShapeT<128>>;
using Out64 = GlobalTensor<float, ShapeT<64>>;

// ----------------------------------------------------------------------------
// add_one_tile (seed): alloc_local with the register layout, element loops
// for the load, the ewise plus_one and the store. grid 1, block 64.
// ----------------------------------------------------------------------------
__global__ void add_one_tile(RegIn A, RegOut B) {
  auto registers = alloc_local<float, shape(2, 32, 3, 4), reg_layout>();
  const int warp = static_cast<int>(threadIdx.x) / 32, lane = static_cast<int>(threadIdx.x) % 32;
#pragma unroll
  for (int i = 0; i < 3; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
      registers(warp, lane, i, j) = A(warp, lane, i, j);
#pragma unroll
  for (int i = 0; i < 3; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
      registers(warp, lane, i, j) = registers(warp, lane, i, j) + 1.0f;
#pragma unroll
  for (int i = 0; i < 3; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
      B(warp, lane, i, j) = registers(warp, lane, i, j);
}

// The same with 16-byte vector accesses (ld.global.v4 / st.global.v4): the
// thread's (3, 4) block of A and B via sub() with run-time indices, its own
// register slots via static indices on the thread modes (every thread's slots
// are the same storage(layout) positions). A raw pointer version goes
// through decl_tensor. grid 1, block 64.
template <class In, class Out> __device__ void add_one_tile_v4_body(In A, Out B) {
  auto registers = alloc_local<float, shape(2, 32, 3, 4), reg_layout>();
  const int warp = static_cast<int>(threadIdx.x) / 32, lane = static_cast<int>(threadIdx.x) % 32;
  auto src = A.sub(warp, lane, _, _); // (3, 4), 16-byte aligned rows
  auto dst = B.sub(warp, lane, _, _);
  auto mine = registers.sub(c<0>, c<0>, _, _);
  static_assert(decltype(src.sub(0, _)[ramp(0, 1_c, 4_c)])::vector, "16-byte loads");
  static_assert(decltype(mine.sub(0, _)[ramp(0, 1_c, 4_c)])::vector, "16-byte register moves");
#pragma unroll
  for (int i = 0; i < 3; ++i)
    mine.sub(i, _)[ramp(0, 1_c, 4_c)] = src.sub(i, _)[ramp(0, 1_c, 4_c)];
#pragma unroll
  for (int i = 0; i < 3; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
      mine(i, j) += 1.0f;
#pragma unroll
  for (int i = 0; i < 3; ++i)
    dst.sub(i, _)[ramp(0, 1_c, 4_c)] = mine.sub(i, _)[ramp(0, 1_c, 4_c)];
}
__global__ void add_one_tile_v4(RegIn A, RegOut B) { add_one_tile_v4_body(A, B); }
__global__ void add_one_tile_decl(const float* a, float* b) {
  add_one_tile_v4_body(decl_tensor<RegIn>(a), decl_tensor<RegOut>(b));
}

// ----------------------------------------------------------------------------
// add_one_vector (seed): float4 through ramp. grid 1, block 64.
// ----------------------------------------------------------------------------
__global__ void add_one_vector(In256 A, Out256 B) {
  const int tx = static_cast<int>(threadIdx.x);
  vec<float, 4> vector_value = A[ramp(tx * 4, 1_c, 4_c)];
  B[ramp(tx * 4, 1_c, 4_c)] = vector_value + 1.0f;
}

// A strided ramp (element by element) and a ramp copy between two tensors of
// the same type. B[4t + k] = 2 * A[3t + 2k]; C = A. grid 1, block 64.
__global__ void ramp_strided(In256 A, Out256 B, Out256 C) {
  const int tx = static_cast<int>(threadIdx.x);
  static_assert(!decltype(A[ramp(0, 2_c, 4_c)])::vector,
                "a stride-2 ramp reads element by element");
  B[ramp(tx * 4, 1_c, 4_c)] = A[ramp(tx * 3, 2_c, 4_c)] * 2.0f;
  const Out256 same_type{const_cast<float*>(A.data())};
  C[ramp(tx * 4, 1_c, 4_c)] = same_type[ramp(tx * 4, 1_c, 4_c)];
}

// ----------------------------------------------------------------------------
// shared_shift (seed): alloc_shared; and shared_shift_dynamic with SMEMPool.
// B[tx] = A[(tx + 1) % 128]. grid 1, block 128.
// ----------------------------------------------------------------------------
__global__ void shared_shift(In128 A, Out128 B) {
  const int tx = static_cast<int>(threadIdx.x);
  auto shared = alloc_shared<float, shape(128)>();
  shared[tx] = A[tx];
  __syncthreads();
  B[tx] = shared[(tx + 1) % 128];
}

/// The plan of shared_shift_dynamic: runs in the kernel and, at compile
/// time, in smem_bytes(shift_plan) for the launch (512 bytes).
TIRX_HD constexpr auto shift_plan(SMEMPool& pool) {
  auto shared = pool.alloc<float, shape(128)>();
  pool.commit();
  return shared;
}
static_assert(smem_bytes(shift_plan) == 128 * 4);

__global__ void shared_shift_dynamic(In128 A, Out128 B) {
  const int tx = static_cast<int>(threadIdx.x);
  auto pool = SMEMPool::dynamic();
  auto shared = shift_plan(pool);
  shared[tx] = A[tx];
  __syncthreads();
  B[tx] = shared[(tx + 1) % 128];
}

/// Several buffers with different alignments, and reuse through move_base_to.
struct PoolBuffers {
  Tensor<float, ShapeT<128>, MemScope::shared_dyn, 16> a;
  Tensor<float, ShapeT<128>, MemScope::shared_dyn, 1024> b;
  Tensor<int, ShapeT<3>, MemScope::shared_dyn, 128> c;
};
TIRX_HD constexpr PoolBuffers pool_plan(SMEMPool& pool) {
  pool.alloc<float, shape(100)>(); // [0, 400): staging, given back
  pool.move_base_to(0);
  auto a = pool.alloc<float, shape(128), 16>();                          // [0, 512)
  auto b = pool.alloc<float, shape(128), row_major(shape(128)), 1024>(); // [1024, 1536)
  auto c = pool.alloc<int, shape(3), row_major(shape(3)), 128>();        // [1536, 1548)
  pool.commit();
  return {a, b, c};
}
static_assert(smem_bytes(pool_plan) == 1548);

/// B[tx] = A[(tx + 1) % 128] - 2 * A[(tx + 2) % 128]; offsets[0..2] = byte
/// offsets of a, b, c in dynamic shared memory; offsets[3] = c[0] + c[1] + c[2]
/// (3 * 128 if every thread counted once). grid 1, block 128.
__global__ void pool_buffers(In128 A, Out128 B, GlobalTensor<int, ShapeT<4>> offsets) {
  const int tx = static_cast<int>(threadIdx.x);
  auto pool = SMEMPool::dynamic();
  const PoolBuffers buf = pool_plan(pool);
  if (tx < 3)
    buf.c[tx] = 0;
  buf.a[tx] = A[tx];
  buf.b[tx] = -2.0f * A[tx];
  __syncthreads();
  atomicAdd(&buf.c[tx % 3], 1);
  atomicAdd(&buf.c[(tx + 1) % 3], 1);
  atomicAdd(&buf.c[(tx + 2) % 3], 1);
  B[tx] = buf.a[(tx + 1) % 128] + buf.b[(tx + 2) % 128];
  __syncthreads();
  if (tx == 0) {
    const unsigned char* base = dynamic_smem_base();
    offsets[0] = static_cast<int>(reinterpret_cast<const unsigned char*>(buf.a.data()) - base);
    offsets[1] = static_cast<int>(reinterpret_cast<const unsigned char*>(buf.b.data()) - base);
    offsets[2] = static_cast<int>(reinterpret_cast<const unsigned char*>(buf.c.data()) - base);
    offsets[3] = buf.c[0] + buf.c[1] + buf.c[2];
  }
}

// ----------------------------------------------------------------------------
// add_one_local and sum_four (seeds). grid 1, block 64.
// ----------------------------------------------------------------------------
__global__ void add_one_local(In256 A, Out256 B) {
  const int tx = static_cast<int>(threadIdx.x);
  auto values = alloc_local<float, shape(4)>();
#pragma unroll
  for (int k = 0; k < 4; ++k)
    values[k] = A[tx * 4 + k];
#pragma unroll
  for (int k = 0; k < 4; ++k)
    B[tx * 4 + k] = values[k] + 1;
}

__global__ void sum_four(In256 A, Out64 B) {
  const int tx = static_cast<int>(threadIdx.x);
  let<int> base = tx * 4;
  scalar<float> total = 0.0f;
  for (int k = 0; k < 4; ++k)
    total += A[base + k];
  B[tx] = total;
}

// ----------------------------------------------------------------------------
// The views example (seed): view, permute, rearrange, sub, view<uint32>.
// grid 1, block 64; thread tx = 32 * warp + lane owns row tx of the matrix.
// ----------------------------------------------------------------------------
struct ViewsOut {
  GlobalTensor<float, ShapeT<4, 64>> transposed; ///< transposed(j, tx) = A[tx*4 + j]
  GlobalTensor<float, ShapeT<2, 32, 4>> grouped; ///< grouped(w, l, j) = A[(32w + l)*4 + j]
  GlobalTensor<float, ShapeT<64, 4>> row_rev;    ///< row_rev(tx, j) = A[tx*4 + 3 - j]
  GlobalTensor<float, ShapeT<32, 2>> strided;    ///< strided(t, k) = A[(2t)*4 + 1 + 2k]
  GlobalTensor<float, ShapeT<64, 3>> window;     ///< window(tx, k) = A[tx*4 + 1 + k]
  GlobalTensor<uint32, ShapeT<64, 4>> packed;    ///< halves 2k, 2k+1 of row tx in word k
  GlobalTensor<uint32, ShapeT<64, 4>> packed_local;
  GlobalTensor<uint16, ShapeT<64, 8>> float_halves; ///< the two 16-bit halves of A[tx*4 + k]
};

__global__ void views(In256 A, GlobalTensor<const half, ShapeT<64, 8>, 16> H, ViewsOut out) {
  const int tx = static_cast<int>(threadIdx.x);
  auto matrix = A.view<64, 4>();
  auto transposed = matrix.permute<1, 0>();
  auto grouped = matrix.rearrange<"(warp lane) value -> warp lane value", "warp=2 lane=32">();
  auto row = matrix.sub(tx, _);
  const int warp = tx / 32, lane = tx % 32;
  for (int j = 0; j < 4; ++j) {
    out.transposed(j, tx) = transposed(j, tx);
    out.grouped(warp, lane, j) = grouped(warp, lane, j);
    out.row_rev(tx, j) = row(3 - j);
  }
  if (tx < 32) { // even rows, odd columns
    auto strided = matrix.sub(range<0, 64, 2>, range<1, 4, 2>);
    for (int k = 0; k < 2; ++k)
      out.strided(tx, k) = strided(tx, k);
  }
  auto window = A.sub(range_from<3>(tx * 4 + 1)); // a run-time window of 3 elements
  for (int k = 0; k < 3; ++k)
    out.window(tx, k) = window(k);
  // 8 halves seen as 4 uint32 words: in global memory and in local storage
  auto half_row = H.sub(tx, _);
  auto words = half_row.view<uint32>();
  auto half_values = alloc_local<half, shape(8)>();
  for (int k = 0; k < 8; ++k)
    half_values[k] = half_row[k];
  auto packed_words = half_values.view<uint32>();
  for (int k = 0; k < 4; ++k) {
    out.packed(tx, k) = words(k);
    out.packed_local(tx, k) = packed_words(k);
  }
  // a float seen as two 16-bit halves
  auto as_halves = row.view<uint16>();
  for (int k = 0; k < 8; ++k)
    out.float_halves(tx, k) = as_halves(k);
}

// ----------------------------------------------------------------------------
// Two alloc_shared buffers with different tags must not alias; the same
// arguments give the same storage; shared_scalar counts the threads.
// grid 1, block 128. info[0] = 1 if a, b are disjoint; info[1] = 1 if
// alloc_shared<float, shape(128)>() twice gives one buffer; info[2] = count.
// ----------------------------------------------------------------------------
struct tag_a;
struct tag_b;
struct tag_count;

__global__ void two_buffers(In128 A, Out128 B, GlobalTensor<int, ShapeT<3>> info) {
  const int tx = static_cast<int>(threadIdx.x);
  auto a = alloc_shared<float, shape(128), row_major(shape(128)), tag_a>();
  auto b = alloc_shared<float, shape(128), row_major(shape(128)), tag_b>();
  auto count = shared_scalar<int, tag_count>();
  if (tx == 0)
    count = 0;
  a[tx] = A[tx];
  b[tx] = A[tx] * 2.0f + 1.0f;
  __syncthreads();
  atomicAdd(&count.value(), 1);
  B[tx] = a[(tx + 3) % 128] - b[(tx + 5) % 128];
  __syncthreads();
  if (tx == 0) {
    auto again = alloc_shared<float, shape(128)>();
    auto again2 = alloc_shared<float, shape(128)>();
    const float* pa = a.data();
    const float* pb = b.data();
    info[0] = (pa + 128 <= pb || pb + 128 <= pa) ? 1 : 0;
    info[1] = again.data() == again2.data() ? 1 : 0;
    info[2] = count;
  }
}

// ----------------------------------------------------------------------------
// A kernel template instantiated with tensor types (any layout travels in
// the type): b(i, j) = a(i, j) * 2 over a rank-2 tensor, grid-stride.
// ----------------------------------------------------------------------------
template <class In, class Out> __global__ void scale2(In a, Out b) {
  static_assert(is_tensor_v<In> && is_tensor_v<Out> && In::rank == 2);
  static_assert(In::shape() == Out::shape());
  constexpr index_t cols = In::shape().dims[1];
  for (int f = static_cast<int>(threadIdx.x); f < In::size(); f += static_cast<int>(blockDim.x)) {
    const int i = f / static_cast<int>(cols), j = f % static_cast<int>(cols);
    b(i, j) = a(i, j) * 2.0f;
  }
}
/// The types the tests launch it with: a transposed view (its layout is
/// S[(4, 64) : (1, 4)]) and a register-layout view seen as (64, 12).
using TransposedIn = decltype(In256{}.view<64, 4>().permute<1, 0>());
using TransposedOut = GlobalTensor<float, ShapeT<4, 64>>;
using RegMatrixIn = decltype(RegIn{}.view<64, 12>());
using RegMatrixOut = decltype(RegOut{}.view<64, 12>().permute<1, 0>().permute<1, 0>());

} // namespace tk
