// GPU test of TIRx's execution semantics in tile::apply (label gpu), on
// seeded random data, every element checked against a host reference, the
// outputs poisoned first:
//   - scope::warps<4, 4>(scope::cta) in a warp-specialized kernel: warps 4..7
//     see themselves as warps 0..3 of a (4, 32, 4) tile while warps 0..3 do
//     other work;
//   - scope::warps<4, 8>(scope::warpgroup): warpgroups 1 and 2 of 3 each on
//     their own tile;
//   - scope::cluster (a cluster of 2 CTAs) and scope::cluster_xyz (a 2 x 2
//     cluster, CTAs at (cbx, cby)), each CTA adding its own coordinates, so a
//     CTA that lands on another CTA's part shows;
//   - tile::pred on register instructions (add.f32 with a per-repeat
//     callable, cvt.rn.f16.f32 with a bool): a guarded-off element keeps its
//     old value.
// Exit 0: all passed; 1: a case failed; 77: no GPU (ctest: skipped).
#include "gpu_check.hpp"

#include <tirx/tile.hpp>

#include <cuda_fp16.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

namespace {

using namespace tirx;

// -- a warp range at cta scope --------------------------------------------------
using Tile4 = GlobalTensor<float, ShapeT<4, 32, 4>, 16>;
__global__ void ranged_cta(Tile4 in, Tile4 out, int* side) {
  if (threadIdx.x >= 128) { // the consumer warps 4..7
    constexpr TileLayout regs = layout_of<"S[(4, 32, 4) : (1@warpid, 1@laneid, 1)]">;
    auto r = alloc_local<float, shape(4, 32, 4), regs>();
    tile::apply<ptx<"ld.global.v4.b32">>(r, in, scope::warps<4, 4>(scope::cta));
    const float bump = static_cast<float>(threadIdx.x / 32) * 100.0f; // the warp's own number
    tile::apply<ptx<"add.f32">>(r, r, bump, scope::warps<4, 4>(scope::cta));
    tile::apply<ptx<"st.global.v4.b32">>(out, r, scope::warps<4, 4>(scope::cta));
  } else { // the producer warps: their own work
    side[threadIdx.x] = static_cast<int>(threadIdx.x) * 3;
  }
}

// -- a warp range at warpgroup scope ------------------------------------------------
using GroupTile = GlobalTensor<float, ShapeT<4, 32, 2>, 8>;
__global__ void ranged_warpgroup(float* in, float* out) {
  if (threadIdx.x >= 128) { // warpgroups 1 and 2
    const int group = static_cast<int>(threadIdx.x / 128) - 1;
    constexpr TileLayout regs = layout_of<"S[(4, 32, 2) : (1@wid_in_wg, 1@laneid, 1)]">;
    auto r = alloc_local<float, shape(4, 32, 2), regs>();
    GroupTile src = decl_tensor<GroupTile>(in + group * 256);
    GroupTile dst = decl_tensor<GroupTile>(out + group * 256);
    tile::apply<ptx<"ld.global.v2.b32">>(r, src, scope::warps<4, 8>(scope::warpgroup));
    tile::apply<ptx<"mul.f32">>(r, r, 2.0f, scope::warps<4, 8>(scope::warpgroup));
    tile::apply<ptx<"st.global.v2.b32">>(dst, r, scope::warps<4, 8>(scope::warpgroup));
  }
}

// -- cluster scopes ----------------------------------------------------------------
using ClusterTile = GlobalTensor<float, ShapeT<2, 2, 32, 4>, 16>; // (CTA, warp, lane, 4)
__global__ void cluster_rank(ClusterTile in, ClusterTile out) { // a cluster of 2 (clusters: sm_90)
#if __CUDA_ARCH__ >= 900
  constexpr TileLayout regs = layout_of<"S[(2, 2, 32, 4) : (1@cbx, 1@warpid, 1@laneid, 1)]">;
  auto r = alloc_local<float, shape(2, 2, 32, 4), regs>();
  tile::apply<ptx<"ld.global.v4.b32">>(r, in, scope::cluster);
  const float bump = static_cast<float>(cuda::ptx::get_sreg_cluster_ctarank()) * 1000.0f;
  tile::apply<ptx<"add.f32">>(r, r, bump, scope::cluster);
  tile::apply<ptx<"st.global.v4.b32">>(out, r, scope::cluster);
#endif
}

using XyzTile =
    GlobalTensor<float, ShapeT<1, 2, 2, 1, 32, 4>, 16>; // (cbz, cby, cbx, warp, lane, 4)
__global__ void cluster_xyz(XyzTile in, XyzTile out) {  // a 2 x 2 cluster
#if __CUDA_ARCH__ >= 900
  constexpr TileLayout regs =
      layout_of<"S[(1, 2, 2, 1, 32, 4) : (1@cbz, 1@cby, 1@cbx, 1@warpid, 1@laneid, 1)]">;
  auto r = alloc_local<float, shape(1, 2, 2, 1, 32, 4), regs>();
  tile::apply<ptx<"ld.global.v4.b32">>(r, in, scope::cluster_xyz);
  const float bump = static_cast<float>(cuda::ptx::get_sreg_cluster_ctaid_y() * 10 +
                                        cuda::ptx::get_sreg_cluster_ctaid_x());
  tile::apply<ptx<"add.f32">>(r, r, bump * 1000.0f, scope::cluster_xyz);
  tile::apply<ptx<"st.global.v4.b32">>(out, r, scope::cluster_xyz);
#endif
}

// -- tile::pred on register instructions --------------------------------------------
using PredTile = GlobalTensor<float, ShapeT<32, 4>, 16>;
using HalfTile = GlobalTensor<unsigned short, ShapeT<32, 4>, 8>;
__global__ void predicated(PredTile a, PredTile b, PredTile old, PredTile out, HalfTile old_h,
                           HalfTile out_h) {
  constexpr TileLayout regs = layout_of<"S[(32, 4) : (1@laneid, 1)]">;
  auto ra = alloc_local<float, shape(32, 4), regs>();
  auto rb = alloc_local<float, shape(32, 4), regs>();
  auto rd = alloc_local<float, shape(32, 4), regs>();
  auto rh = alloc_local<unsigned short, shape(32, 4), regs>();
  tile::apply<ptx<"ld.global.v4.b32">>(ra, a, scope::warp);
  tile::apply<ptx<"ld.global.v4.b32">>(rb, b, scope::warp);
  tile::apply<ptx<"ld.global.v4.b32">>(rd, old, scope::warp);
  tile::apply<ptx<"ld.global.v4.b16">>(rh, old_h, scope::warp);
  const int lane = static_cast<int>(threadIdx.x % 32);
  // add where (lane + repeat) % 3 != 0; keep the old value elsewhere
  tile::apply<ptx<"add.f32">>(rd, ra, rb, scope::warp,
                              tile::pred([=](index_t r) { return (lane + r) % 3 != 0; }));
  // convert on odd lanes only
  tile::apply<ptx<"cvt.rn.f16.f32">>(rh, ra, scope::warp, tile::pred(lane % 2 == 1));
  tile::apply<ptx<"st.global.v4.b32">>(out, rd, scope::warp);
  tile::apply<ptx<"st.global.v4.b16">>(out_h, rh, scope::warp);
}

template <class T> struct Buffer {
  T* p = nullptr;
  size_t n = 0;
  explicit Buffer(const std::vector<T>& v) : n(v.size()) {
    TIRX_CHECK_CUDA(cudaMalloc(&p, n * sizeof(T)));
    TIRX_CHECK_CUDA(cudaMemcpy(p, v.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  }
  ~Buffer() { cudaFree(p); }
  std::vector<T> get() const {
    TIRX_CHECK_CUDA(cudaDeviceSynchronize());
    std::vector<T> v(n);
    TIRX_CHECK_CUDA(cudaMemcpy(v.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost));
    return v;
  }
};

int bad = 0;
void expect(bool ok, const char* what, int i, double got, double want) {
  if (!ok && bad++ < 10)
    std::printf("FAIL %s: element %d is %g, expected %g\n", what, i, got, want);
}

std::vector<float> random_floats(std::mt19937& rng, int n) {
  std::uniform_int_distribution<int> d(-500, 500);
  std::vector<float> v(n);
  for (auto& x : v)
    x = static_cast<float>(d(rng)) * 0.25f; // exact in f32 and in sums
  return v;
}

} // namespace

int main(int argc, char** argv) {
  if (int rc = tirx_test_require_gpu())
    return rc;
  const unsigned seed =
      argc > 1 ? static_cast<unsigned>(std::strtoul(argv[1], nullptr, 10)) : std::random_device{}();
  std::printf("gpu_exec_scopes: seed %u (replay: gpu_exec_scopes %u)\n", seed, seed);
  std::mt19937 rng(seed);
  const float poison = -12345.0f;
  { // warp range at cta scope
    auto in = random_floats(rng, 512);
    Buffer<float> din(in), dout(std::vector<float>(512, poison));
    Buffer<int> side(std::vector<int>(128, -1));
    ranged_cta<<<1, 256>>>(decl_tensor<Tile4>(din.p), decl_tensor<Tile4>(dout.p), side.p);
    TIRX_CHECK_CUDA(cudaGetLastError());
    auto out = dout.get();
    auto s = side.get();
    for (int i = 0; i < 512; ++i) {
      const float want = in[i] + static_cast<float>(4 + i / 128) * 100.0f; // row w is warp 4 + w
      expect(out[i] == want, "scope::warps<4, 4>(cta)", i, out[i], want);
    }
    for (int t = 0; t < 128; ++t)
      expect(s[t] == 3 * t, "producer warps", t, s[t], 3 * t);
  }
  { // warp range at warpgroup scope
    auto in = random_floats(rng, 512);
    Buffer<float> din(in), dout(std::vector<float>(512, poison));
    ranged_warpgroup<<<1, 384>>>(din.p, dout.p);
    TIRX_CHECK_CUDA(cudaGetLastError());
    auto out = dout.get();
    for (int i = 0; i < 512; ++i)
      expect(out[i] == 2.0f * in[i], "scope::warps<4, 8>(warpgroup)", i, out[i], 2 * in[i]);
  }
  { // cluster of 2 CTAs
    auto in = random_floats(rng, 512);
    Buffer<float> din(in), dout(std::vector<float>(512, poison));
    LaunchConfig cfg;
    cfg.grid = dim3(2);
    cfg.block = dim3(64);
    cfg.cluster = dim3(2);
    TIRX_CHECK_CUDA(launch(cfg, cluster_rank, decl_tensor<ClusterTile>(din.p),
                           decl_tensor<ClusterTile>(dout.p)));
    auto out = dout.get();
    for (int i = 0; i < 512; ++i) {
      const float want = in[i] + static_cast<float>(i / 256) * 1000.0f;
      expect(out[i] == want, "scope::cluster", i, out[i], want);
    }
  }
  { // 2 x 2 cluster, 3-D CTA coordinates
    auto in = random_floats(rng, 512);
    Buffer<float> din(in), dout(std::vector<float>(512, poison));
    LaunchConfig cfg;
    cfg.grid = dim3(2, 2, 1);
    cfg.block = dim3(32);
    cfg.cluster = dim3(2, 2, 1);
    TIRX_CHECK_CUDA(
        launch(cfg, cluster_xyz, decl_tensor<XyzTile>(din.p), decl_tensor<XyzTile>(dout.p)));
    auto out = dout.get();
    for (int i = 0; i < 512; ++i) {
      const int y = i / 256, x = (i / 128) % 2; // (cby, cbx) of element i
      const float want = in[i] + static_cast<float>(y * 10 + x) * 1000.0f;
      expect(out[i] == want, "scope::cluster_xyz", i, out[i], want);
    }
  }
  { // tile::pred on register instructions
    auto a = random_floats(rng, 128), b = random_floats(rng, 128), old = random_floats(rng, 128);
    std::vector<unsigned short> old_h(128);
    for (auto& h : old_h)
      h = static_cast<unsigned short>(rng());
    Buffer<float> da(a), db(b), dold(old), dout(std::vector<float>(128, poison));
    Buffer<unsigned short> dold_h(old_h), dout_h(std::vector<unsigned short>(128, 0xDEAD));
    predicated<<<1, 32>>>(decl_tensor<PredTile>(da.p), decl_tensor<PredTile>(db.p),
                          decl_tensor<PredTile>(dold.p), decl_tensor<PredTile>(dout.p),
                          decl_tensor<HalfTile>(dold_h.p), decl_tensor<HalfTile>(dout_h.p));
    TIRX_CHECK_CUDA(cudaGetLastError());
    auto out = dout.get();
    auto out_h = dout_h.get();
    for (int i = 0; i < 128; ++i) {
      const int lane = i / 4, r = i % 4;
      const float want = (lane + r) % 3 != 0 ? a[i] + b[i] : old[i];
      expect(out[i] == want, "tile::pred on add.f32", i, out[i], want);
      const __half h = __float2half_rn(a[i]);
      unsigned short bits = 0;
      std::memcpy(&bits, &h, 2);
      const unsigned short want_h = lane % 2 == 1 ? bits : old_h[i];
      expect(out_h[i] == want_h, "tile::pred on cvt.rn.f16.f32", i, out_h[i], want_h);
    }
  }
  std::printf("gpu_exec_scopes: %s (%d mismatches)\n", bad ? "FAILED" : "passed", bad);
  return bad ? 1 : 0;
}
