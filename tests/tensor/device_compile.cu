// Device compilation test (tirx_device_compile_test): building this object
// for sm_80, sm_90a (and sm_100a when nvcc has it) is the test. It compiles
// the kernels that gpu_tensor.cu runs (tensor_kernels.cuh) plus a few more
// that touch the rest of the tensor layer in device code. Nothing here runs.
#include "tensor_kernels.cuh"

#include <tirx/layout/print.hpp>

#include <ostream>

namespace dc {

using namespace tirx;
using namespace tirx::literals;
using tk::reg_layout;

// Kernel parameters of tensor types, including the seed's register-shaped
// global tensor; a kernel template instantiated with tensor types.
__global__ void
params(GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16> a,
       GlobalTensor<const half, ShapeT<8, 64>, 16> h,
       Tensor<float, ShapeT<4, 64>, MemScope::global, 4, layout_type<S({4, 64}, {1, 4})>> t) {
  a(0, threadIdx.x % 32, 1, 2) = __half2float(h(1, 2)) + t(3, 5);
}

template <class T> __global__ void generic_fill(T t, typename T::value_type v) {
  for (int i = static_cast<int>(threadIdx.x); i < T::size(); i += static_cast<int>(blockDim.x))
    t.template view<T::size()>()[i] = v;
}
template __global__ void generic_fill<GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16>>(
    GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16>, float);
template __global__ void
generic_fill<GlobalTensor<int, ShapeT<7, 3>>>(GlobalTensor<int, ShapeT<7, 3>>, int);

// Register tiles: rearrange, static sub on thread modes, view<uint32> of
// halves, ramps between registers and global memory.
__global__ void registers(GlobalTensor<const float, ShapeT<64, 12>, 16> a,
                          GlobalTensor<uint32, ShapeT<64, 4>, 16> words, int k) {
  auto regs = alloc_local<float, shape(64, 12), reg_layout>();
  auto grouped = regs.rearrange<"(w l) (r v) -> w l r v", "w=2 r=3">();
  static_assert(decltype(grouped)::layout() == reg_layout);
  auto mine = grouped.sub(c<1>, c<31>, _, _);
  const int tx = static_cast<int>(threadIdx.x);
  auto src = a.sub(tx, _);
#pragma unroll
  for (int r = 0; r < 3; ++r)
    mine.sub(r, _)[ramp(0, 1_c, 4_c)] = src.view<3, 4>().sub(r, _)[ramp(0, 1_c, 4_c)];
  auto halves =
      alloc_local<half, shape(2, 32, 8), layout_of<"S[(2, 32, 8) : (1@warpid, 1@laneid, 1)]">>();
  auto my_halves = halves.sub(c<0>, c<0>, _);
#pragma unroll
  for (int i = 0; i < 8; ++i)
    my_halves[i] = __float2half(mine(i % 3, i % 4));
  auto packed = halves.view<uint32>().sub(c<0>, c<0>, _);
  words.sub(tx, _)[ramp(0, 1_c, 4_c)] = packed[ramp(0, 1_c, 4_c)];
  words(tx, k % 4) += static_cast<uint32>(mine.sub(k % 3, _)(k % 4));
}

// Shared memory: swizzled tiles from an SMEMPool (1024-aligned), static and
// run-time subs, view<uint32> of a swizzled tile, alloc_scalar, decl_tensor.
TIRX_HD constexpr auto swizzle_plan(SMEMPool& pool) {
  struct Out {
    Tensor<half, ShapeT<8, 64>, MemScope::shared_dyn, 1024,
           layout_type<S(8, 64) ^ swizzle_for(SwizzleMode::b128, 2)>>
        tile;
    Tensor<float, ShapeT<32, 4>, MemScope::shared_dyn, 16> plain;
  };
  auto tile = pool.alloc<half, shape(8, 64), S(8, 64) ^ swizzle_for(SwizzleMode::b128, 2), 1024>();
  auto plain = pool.alloc<float, shape(32, 4), 16>();
  pool.commit();
  return Out{tile, plain};
}
static_assert(smem_bytes(swizzle_plan) == 1024 + 512);

__global__ void shared_tiles(GlobalTensor<const half, ShapeT<8, 64>, 16> g,
                             GlobalTensor<float, ShapeT<32>> out, int row) {
  auto pool = SMEMPool::dynamic();
  auto [tile, plain] = swizzle_plan(pool);
  const int tx = static_cast<int>(threadIdx.x);
  auto chunks = tile.view<uint32>(); // (8, 32) words, swizzle on 4-byte elements
  auto g_words = g.view<uint32>();
  for (int i = tx; i < 256; i += static_cast<int>(blockDim.x))
    chunks(i / 32, i % 32) = g_words(i / 32, i % 32);
  auto row3 = tile.sub(c<3>, range<0, 64, 8>); // every 8th half of row 3
  plain.sub(tx % 32, _)[ramp(0, 1_c, 4_c)] = vec<float, 4>{{1.0f, 2.0f, 3.0f, 4.0f}};
  auto counter = alloc_scalar<int, MemScope::shared, struct shared_tiles_tag>();
  auto local_total = alloc_scalar<float>();
  local_total = 0.0f;
  if (tx == 0)
    counter = 0;
  __syncthreads();
  atomicAdd(&counter.value(), 1);
  for (int k = 0; k < 8; ++k)
    local_total += __half2float(row3(k));
  auto view_of_plain =
      decl_tensor<Tensor<float, ShapeT<128>, MemScope::shared_dyn, 16>>(plain.data());
  __syncthreads();
  if (tx < 32)
    out[tx] = local_total + view_of_plain[tx * 4 + row % 4] + static_cast<float>(counter.value());
}

// Local tensors of other types and layouts; scalars; 2- and 8-lane ramps.
__global__ void locals(GlobalTensor<double, ShapeT<256>, 16> d,
                       GlobalTensor<int8, ShapeT<1024>, 16> bytes) {
  const int tx = static_cast<int>(threadIdx.x);
  auto pair = alloc_local<double, shape(2)>();
  pair[ramp(0, 1_c, 2_c)] = d[ramp(tx * 2, 1_c, 2_c)];
  auto small = alloc_local<int8, shape(16)>();
  small[ramp(0, 1_c, 16_c)] = bytes[ramp(tx * 16, 1_c, 16_c)];
  scalar<double> acc = pair[0];
  acc *= pair[1];
  let<double> scale = 0.5;
  for (int i = 0; i < 16; ++i)
    acc += small[i] * scale;
  d[tx * 2] = acc;
}

// Layout evaluation in a .cu file: apply_replica on a run-time layout from a
// kernel and from host code, and the printing header (host code) beside it.
__global__ void placement(GlobalTensor<int, ShapeT<64>> out, TileLayout l, int r) {
  const int tx = static_cast<int>(threadIdx.x);
  const Coord c = apply_replica(l, tx, r);
  out[tx] = static_cast<int>(c[Axis{axis_id::m}] + c[Axis{axis_id::warpid}]);
}

void print_placement(std::ostream& os, const TileLayout& l) {
  os << apply_replica(l, 3, 1)[warpid] << "\n";
  print_layout(os, l, shape(l.size()), {.max_cols = 8});
}

} // namespace dc

// The kernel template of tensor_kernels.cuh with the tensor types gpu_tensor.cu launches.
template __global__ void tk::scale2<tk::TransposedIn, tk::TransposedOut>(tk::TransposedIn,
                                                                         tk::TransposedOut);
template __global__ void tk::scale2<tk::RegMatrixIn, tk::RegMatrixOut>(tk::RegMatrixIn,
                                                                       tk::RegMatrixOut);
