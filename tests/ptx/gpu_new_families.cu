// GPU test of the warp-collective shfl.sync family through tile::apply
// (label gpu): every mode (up, down, bfly, idx) with seeded random lane
// operands b and clamp/segment operands c, at warp scope (one warp, 4
// registers a lane), cta scope (4 warps, 2 registers a lane) and warpgroup
// scope (2 warpgroups), b also as a per-lane register tensor; each lane's
// result checked bit for bit against a host model of PTX's rule (source
// lane j; a lane whose j is out of its segment keeps its own value). The
// destination is poisoned before each run.
// Also redux.sync (every integer form, against a host fold) and cp.async
// (two memory operands): a tile copied to shared memory and
// read back, exact.
// Exit 0: all passed; 1: a case failed; 77: no GPU (ctest: skipped).
#include "gpu_check.hpp"

#include <tirx/tile.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

namespace {

using namespace tirx;

enum Mode { up, down, bfly, idx };
constexpr const char* mode_name[] = {"up", "down", "bfly", "idx"};

/// PTX ISA's rule for shfl.sync: the lane whose a lane `lane` receives.
int source_lane(Mode mode, int lane, unsigned b, unsigned c) {
  const int bval = static_cast<int>(b & 31), cval = static_cast<int>(c & 31);
  const int segmask = static_cast<int>((c >> 8) & 31);
  const int max_lane = (lane & segmask) | (cval & ~segmask);
  const int min_lane = lane & segmask;
  int j = 0;
  bool ok = false;
  switch (mode) {
  case up:
    j = lane - bval, ok = j >= max_lane;
    break;
  case down:
    j = lane + bval, ok = j <= max_lane;
    break;
  case bfly:
    j = lane ^ bval, ok = j <= max_lane;
    break;
  case idx:
    j = min_lane | (bval & ~segmask), ok = j <= max_lane;
    break;
  }
  return ok ? j : lane;
}

template <Mode M> __device__ void shfl(auto& d, const auto& a, unsigned b, unsigned c, auto scope) {
  if constexpr (M == up)
    tile::apply<ptx<"shfl.sync.up.b32">>(d, a, b, c, 0xffffffffu, scope);
  if constexpr (M == down)
    tile::apply<ptx<"shfl.sync.down.b32">>(d, a, b, c, 0xffffffffu, scope);
  if constexpr (M == bfly)
    tile::apply<ptx<"shfl.sync.bfly.b32">>(d, a, b, c, 0xffffffffu, scope);
  if constexpr (M == idx)
    tile::apply<ptx<"shfl.sync.idx.b32">>(d, a, b, c, 0xffffffffu, scope);
}

// warp scope: one warp, 4 registers a lane (lane-major in memory)
using WarpTile = GlobalTensor<unsigned, ShapeT<32, 4>, 16>;
template <Mode M> __global__ void warp_kernel(WarpTile in, WarpTile out, unsigned b, unsigned c) {
  constexpr TileLayout regs = layout_of<"S[(32, 4) : (1@laneid, 1)]">;
  auto a = alloc_local<unsigned, shape(32, 4), regs>();
  auto d = alloc_local<unsigned, shape(32, 4), regs>();
  tile::apply<ptx<"ld.global.v4.b32">>(a, in, scope::warp);
  shfl<M>(d, a, b, c, scope::warp);
  tile::apply<ptx<"st.global.v4.b32">>(out, d, scope::warp);
}

// cta scope: 4 warps, 2 registers a lane
using CtaTile = GlobalTensor<unsigned, ShapeT<4, 32, 2>, 8>;
template <Mode M> __global__ void cta_kernel(CtaTile in, CtaTile out, unsigned b, unsigned c) {
  constexpr TileLayout regs = layout_of<"S[(4, 32, 2) : (1@warpid, 1@laneid, 1)]">;
  auto a = alloc_local<unsigned, shape(4, 32, 2), regs>();
  auto d = alloc_local<unsigned, shape(4, 32, 2), regs>();
  tile::apply<ptx<"ld.global.v2.b32">>(a, in, scope::cta);
  shfl<M>(d, a, b, c, scope::cta);
  tile::apply<ptx<"st.global.v2.b32">>(out, d, scope::cta);
}

// warpgroup scope: 2 warpgroups, one register a lane; warpgroup w owns rows
// [w * 128, w * 128 + 128) of the tile
using GroupTile = GlobalTensor<unsigned, ShapeT<4, 32, 1>, 4>;
template <Mode M>
__global__ void group_kernel(unsigned* in, unsigned* out, unsigned b, unsigned c) {
  constexpr TileLayout regs = layout_of<"S[(4, 32, 1) : (1@wid_in_wg, 1@laneid, 1)]">;
  auto a = alloc_local<unsigned, shape(4, 32, 1), regs>();
  auto d = alloc_local<unsigned, shape(4, 32, 1), regs>();
  const int group = static_cast<int>(threadIdx.x / 128);
  GroupTile src = decl_tensor<GroupTile>(in + group * 128);
  GroupTile dst = decl_tensor<GroupTile>(out + group * 128);
  tile::apply<ptx<"ld.global.b32">>(a, src, scope::warpgroup);
  shfl<M>(d, a, b, c, scope::warpgroup);
  tile::apply<ptx<"st.global.b32">>(dst, d, scope::warpgroup);
}

// b as a register tensor: each lane its own source lane (idx mode)
__global__ void idx_per_lane(WarpTile in, WarpTile lanes, WarpTile out) {
  constexpr TileLayout regs = layout_of<"S[(32, 4) : (1@laneid, 1)]">;
  auto a = alloc_local<unsigned, shape(32, 4), regs>();
  auto b = alloc_local<unsigned, shape(32, 4), regs>();
  auto d = alloc_local<unsigned, shape(32, 4), regs>();
  tile::apply<ptx<"ld.global.v4.b32">>(a, in, scope::warp);
  tile::apply<ptx<"ld.global.v4.b32">>(b, lanes, scope::warp);
  tile::apply<ptx<"shfl.sync.idx.b32">>(d, a, b, 0x1fu, 0xffffffffu, scope::warp);
  tile::apply<ptx<"st.global.v4.b32">>(out, d, scope::warp);
}

struct Device {
  unsigned* in = nullptr;
  unsigned* aux = nullptr;
  unsigned* out = nullptr;
  static constexpr int n = 256;
  Device() {
    TIRX_CHECK_CUDA(cudaMalloc(&in, n * sizeof(unsigned)));
    TIRX_CHECK_CUDA(cudaMalloc(&aux, n * sizeof(unsigned)));
    TIRX_CHECK_CUDA(cudaMalloc(&out, n * sizeof(unsigned)));
  }
  ~Device() {
    cudaFree(in);
    cudaFree(aux);
    cudaFree(out);
  }
};

template <Mode M> int run_mode(Device& dev, std::mt19937& rng) {
  int bad = 0;
  for (int trial = 0; trial < 24; ++trial) {
    const unsigned b = rng() % 32;
    // c: the whole warp (0x1f, or 0 for up), or random clamp and segments
    const unsigned c = trial % 3 == 0   ? (M == up ? 0u : 0x1fu)
                       : trial % 3 == 1 ? ((rng() % 32) | ((rng() % 32) << 8))
                                        : (M == up ? 0u : 0x1fu) | (0x18u << 8);
    std::vector<unsigned> in(Device::n), out(Device::n, 0xDEADBEEFu);
    auto fresh = [&] {
      for (auto& v : in)
        v = rng();
      std::fill(out.begin(), out.end(), 0xDEADBEEFu);
      TIRX_CHECK_CUDA(cudaMemcpy(dev.in, in.data(), in.size() * 4, cudaMemcpyHostToDevice));
      TIRX_CHECK_CUDA(cudaMemcpy(dev.out, out.data(), out.size() * 4, cudaMemcpyHostToDevice));
    };
    auto fetch = [&] {
      TIRX_CHECK_CUDA(cudaGetLastError());
      TIRX_CHECK_CUDA(cudaDeviceSynchronize());
      TIRX_CHECK_CUDA(cudaMemcpy(out.data(), dev.out, out.size() * 4, cudaMemcpyDeviceToHost));
    };
    // element (thread t, register k) at t * regs + k
    auto compare = [&](const char* scope, int threads, int regs) {
      for (int t = 0; t < threads; ++t)
        for (int k = 0; k < regs; ++k) {
          const int lane = t % 32;
          const int src = t - lane + source_lane(M, lane, b, c);
          const unsigned want = in[src * regs + k], got = out[t * regs + k];
          if (want != got && bad++ < 8)
            std::printf(
                "FAIL shfl.sync.%s %s b=%u c=0x%x thread %d reg %d: got 0x%08x, want 0x%08x\n",
                mode_name[M], scope, b, c, t, k, got, want);
        }
    };
    fresh();
    warp_kernel<M><<<1, 32>>>(decl_tensor<WarpTile>(dev.in), decl_tensor<WarpTile>(dev.out), b, c);
    fetch();
    compare("warp", 32, 4);
    fresh();
    cta_kernel<M><<<1, 128>>>(decl_tensor<CtaTile>(dev.in), decl_tensor<CtaTile>(dev.out), b, c);
    fetch();
    compare("cta", 128, 2);
    fresh();
    group_kernel<M><<<1, 256>>>(dev.in, dev.out, b, c);
    fetch();
    compare("warpgroup", 256, 1);
  }
  return bad;
}

int run_per_lane(Device& dev, std::mt19937& rng) {
  int bad = 0;
  for (int trial = 0; trial < 8; ++trial) {
    std::vector<unsigned> in(Device::n), lanes(Device::n), out(Device::n, 0xDEADBEEFu);
    for (auto& v : in)
      v = rng();
    for (auto& v : lanes)
      v = rng() % 32;
    TIRX_CHECK_CUDA(cudaMemcpy(dev.in, in.data(), in.size() * 4, cudaMemcpyHostToDevice));
    TIRX_CHECK_CUDA(cudaMemcpy(dev.aux, lanes.data(), lanes.size() * 4, cudaMemcpyHostToDevice));
    TIRX_CHECK_CUDA(cudaMemcpy(dev.out, out.data(), out.size() * 4, cudaMemcpyHostToDevice));
    idx_per_lane<<<1, 32>>>(decl_tensor<WarpTile>(dev.in), decl_tensor<WarpTile>(dev.aux),
                            decl_tensor<WarpTile>(dev.out));
    TIRX_CHECK_CUDA(cudaGetLastError());
    TIRX_CHECK_CUDA(cudaDeviceSynchronize());
    TIRX_CHECK_CUDA(cudaMemcpy(out.data(), dev.out, out.size() * 4, cudaMemcpyDeviceToHost));
    for (int t = 0; t < 32; ++t)
      for (int k = 0; k < 4; ++k) {
        const int src = source_lane(idx, t, lanes[t * 4 + k], 0x1fu);
        if (in[src * 4 + k] != out[t * 4 + k] && bad++ < 8)
          std::printf("FAIL shfl.sync.idx per-lane b: lane %d reg %d: got 0x%08x, want 0x%08x\n", t,
                      k, out[t * 4 + k], in[src * 4 + k]);
      }
  }
  return bad;
}

// redux.sync: 2 warps, 4 registers a lane, each register's reduction over
// the warp; every integer form against a host fold.
enum Redux { r_add_u, r_add_s, r_min_u, r_min_s, r_max_u, r_max_s, r_and, r_or, r_xor };
constexpr const char* redux_name[] = {"add.u32", "add.s32", "min.u32", "min.s32", "max.u32",
                                      "max.s32", "and.b32", "or.b32",  "xor.b32"};
using ReduxTile = GlobalTensor<unsigned, ShapeT<2, 32, 4>, 16>;
template <Redux R> __global__ void redux_kernel(ReduxTile in, ReduxTile out) {
  constexpr TileLayout regs = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;
  auto a = alloc_local<unsigned, shape(2, 32, 4), regs>();
  auto d = alloc_local<unsigned, shape(2, 32, 4), regs>();
  tile::apply<ptx<"ld.global.v4.b32">>(a, in, scope::cta);
  constexpr unsigned all = 0xffffffffu;
  if constexpr (R == r_add_u)
    tile::apply<ptx<"redux.sync.add.u32">>(d, a, all, scope::cta);
  if constexpr (R == r_add_s)
    tile::apply<ptx<"redux.sync.add.s32">>(d, a, all, scope::cta);
  if constexpr (R == r_min_u)
    tile::apply<ptx<"redux.sync.min.u32">>(d, a, all, scope::cta);
  if constexpr (R == r_min_s)
    tile::apply<ptx<"redux.sync.min.s32">>(d, a, all, scope::cta);
  if constexpr (R == r_max_u)
    tile::apply<ptx<"redux.sync.max.u32">>(d, a, all, scope::cta);
  if constexpr (R == r_max_s)
    tile::apply<ptx<"redux.sync.max.s32">>(d, a, all, scope::cta);
  if constexpr (R == r_and)
    tile::apply<ptx<"redux.sync.and.b32">>(d, a, all, scope::cta);
  if constexpr (R == r_or)
    tile::apply<ptx<"redux.sync.or.b32">>(d, a, all, scope::cta);
  if constexpr (R == r_xor)
    tile::apply<ptx<"redux.sync.xor.b32">>(d, a, all, scope::cta);
  tile::apply<ptx<"st.global.v4.b32">>(out, d, scope::cta);
}

unsigned redux_fold(Redux r, const unsigned* v) { // the 32 lanes' values, stride 4
  unsigned acc = v[0];
  for (int l = 1; l < 32; ++l) {
    const unsigned x = v[4 * l];
    const int sa = static_cast<int>(acc), sx = static_cast<int>(x);
    switch (r) {
    case r_add_u:
    case r_add_s:
      acc += x;
      break;
    case r_min_u:
      acc = x < acc ? x : acc;
      break;
    case r_min_s:
      acc = static_cast<unsigned>(sx < sa ? sx : sa);
      break;
    case r_max_u:
      acc = x > acc ? x : acc;
      break;
    case r_max_s:
      acc = static_cast<unsigned>(sx > sa ? sx : sa);
      break;
    case r_and:
      acc &= x;
      break;
    case r_or:
      acc |= x;
      break;
    case r_xor:
      acc ^= x;
      break;
    }
  }
  return acc;
}

template <Redux R> int run_redux(Device& dev, std::mt19937& rng) {
  int bad = 0;
  for (int trial = 0; trial < 4; ++trial) {
    std::vector<unsigned> in(Device::n), out(Device::n, 0xDEADBEEFu);
    // few bits set for and/or, full words otherwise
    for (auto& v : in)
      v = trial % 2 ? (rng() | rng()) : rng();
    TIRX_CHECK_CUDA(cudaMemcpy(dev.in, in.data(), in.size() * 4, cudaMemcpyHostToDevice));
    TIRX_CHECK_CUDA(cudaMemcpy(dev.out, out.data(), out.size() * 4, cudaMemcpyHostToDevice));
    redux_kernel<R><<<1, 64>>>(decl_tensor<ReduxTile>(dev.in), decl_tensor<ReduxTile>(dev.out));
    TIRX_CHECK_CUDA(cudaGetLastError());
    TIRX_CHECK_CUDA(cudaDeviceSynchronize());
    TIRX_CHECK_CUDA(cudaMemcpy(out.data(), dev.out, out.size() * 4, cudaMemcpyDeviceToHost));
    for (int t = 0; t < 64; ++t)
      for (int k = 0; k < 4; ++k) {
        const unsigned want = redux_fold(R, &in[(t / 32) * 128 + k]);
        if (out[t * 4 + k] != want && bad++ < 8)
          std::printf("FAIL redux.sync.%s thread %d reg %d: got 0x%08x, want 0x%08x\n",
                      redux_name[R], t, k, out[t * 4 + k], want);
      }
  }
  return bad;
}

// cp.async, the family with two memory operands: 4 warps copy a 4 x 32 x 2
// x 4 float tile (each thread two 16-byte chunks) from global to shared
// memory, wait, then every thread reads another thread's chunk back out
// (a barrier between), so a missing or misplaced chunk shows.
using CopyTile = GlobalTensor<float, ShapeT<4, 32, 2, 4>, 16>;
template <bool Cg> __global__ void cp_async_kernel(CopyTile in, float* out) {
  auto smem = alloc_shared<float, shape(4, 32, 2, 4)>();
  if constexpr (Cg)
    tile::apply<ptx<"cp.async.cg.shared.global.L2::128B">>(smem, in, scope::cta);
  else
    tile::apply<ptx<"cp.async.ca.shared.global">>(smem, in, scope::cta);
  cp_async_commit_group();
  cp_async_wait_group<0>();
  __syncthreads();
  const int other = (threadIdx.x + 37) % 128;
  for (int k = 0; k < 8; ++k)
    out[threadIdx.x * 8 + k] = smem.data()[other * 8 + k];
}

int run_cp_async(Device& dev, std::mt19937& rng) {
  int bad = 0;
  for (int trial = 0; trial < 4; ++trial) {
    std::vector<float> in(1024), out(1024, -1.0f);
    for (auto& v : in)
      v = static_cast<float>(rng() % 100000) - 50000.0f;
    float *din = nullptr, *dout = nullptr;
    TIRX_CHECK_CUDA(cudaMalloc(&din, in.size() * 4));
    TIRX_CHECK_CUDA(cudaMalloc(&dout, out.size() * 4));
    TIRX_CHECK_CUDA(cudaMemcpy(din, in.data(), in.size() * 4, cudaMemcpyHostToDevice));
    TIRX_CHECK_CUDA(cudaMemcpy(dout, out.data(), out.size() * 4, cudaMemcpyHostToDevice));
    if (trial % 2)
      cp_async_kernel<true><<<1, 128>>>(decl_tensor<CopyTile>(din), dout);
    else
      cp_async_kernel<false><<<1, 128>>>(decl_tensor<CopyTile>(din), dout);
    TIRX_CHECK_CUDA(cudaGetLastError());
    TIRX_CHECK_CUDA(cudaDeviceSynchronize());
    TIRX_CHECK_CUDA(cudaMemcpy(out.data(), dout, out.size() * 4, cudaMemcpyDeviceToHost));
    for (int t = 0; t < 128; ++t)
      for (int k = 0; k < 8; ++k) {
        const float want = in[((t + 37) % 128) * 8 + k];
        if (out[t * 8 + k] != want && bad++ < 8)
          std::printf("FAIL cp.async%s thread %d element %d: got %g, want %g\n",
                      trial % 2 ? ".cg" : ".ca", t, k, out[t * 8 + k], want);
      }
    cudaFree(din);
    cudaFree(dout);
  }
  return bad;
}

} // namespace

int main(int argc, char** argv) {
  if (int rc = tirx_test_require_gpu())
    return rc;
  const unsigned seed =
      argc > 1 ? static_cast<unsigned>(std::strtoul(argv[1], nullptr, 10)) : std::random_device{}();
  std::printf("gpu_new_families: seed %u (replay: gpu_new_families %u)\n", seed, seed);
  std::mt19937 rng(seed);
  Device dev;
  int bad = run_mode<up>(dev, rng) + run_mode<down>(dev, rng) + run_mode<bfly>(dev, rng) +
            run_mode<idx>(dev, rng);
  bad += run_per_lane(dev, rng);
  bad += run_cp_async(dev, rng);
  bad += run_redux<r_add_u>(dev, rng) + run_redux<r_add_s>(dev, rng) +
         run_redux<r_min_u>(dev, rng) + run_redux<r_min_s>(dev, rng) +
         run_redux<r_max_u>(dev, rng) + run_redux<r_max_s>(dev, rng) + run_redux<r_and>(dev, rng) +
         run_redux<r_or>(dev, rng) + run_redux<r_xor>(dev, rng);
  std::printf("gpu_new_families: %s (%d mismatches)\n", bad ? "FAILED" : "passed", bad);
  return bad ? 1 : 0;
}
