// GPU test of tile::bound (label gpu): a bounded load and a bounded store
// for every limit from -1 to past the tile, over vectors of 1, 2 and 4
// elements of 32 and 16 bits, at cta and warp scope, with a permuted memory
// view (repeats outer, threads inner, as the streaming kernels use it).
//
// For each limit: registers start at a sentinel, the load fills exactly the
// elements whose offset is below the limit (the others keep the sentinel:
// an atom across the limit is read element by element, one past it not at
// all), and the store writes exactly those elements into a poisoned buffer
// with a guard region behind the tile (nothing past the limit changes).
// Inputs are random from a fixed seed. Exit 0: passed; 1: a mismatch;
// 77: no GPU.
#include "support/device_buffer.hpp"
#include "support/expect.hpp"
#include "support/gpu_check.hpp"

#include <tirx/tile.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

namespace {
using namespace tirx;

constexpr int warps = 2, repeats = 3;
constexpr int guard = 64; // elements after the tile that must stay poisoned

/// Copies a tile of warps x 32 x repeats x V elements of T through
/// registers: in -> registers (bounded load) -> out (bounded store), and
/// writes each thread's registers to regs_out (sentinel where not loaded).
template <class T, int V, bool Warp>
__global__ void bounded_copy(const T* in, T* out, T* regs_out, long long limit, T sentinel) {
  constexpr int W = Warp ? 1 : warps;
  constexpr index_t n = index_t{W} * 32 * repeats * V;
  constexpr int bits = sizeof(T) * 8;
  using Tile = Tensor<const T, ShapeT<n>, MemScope::global, V * sizeof(T)>;
  using OutTile = Tensor<T, ShapeT<n>, MemScope::global, V * sizeof(T)>;
  if constexpr (Warp) {
    constexpr TileLayout layout = S({32, repeats, V}, {1 * laneid, V, 1});
    auto regs = alloc_local<T, shape(32, repeats, V), layout>();
    tile::ewise([sentinel]() { return sentinel; }, regs, scope::warp);
    const int w = static_cast<int>(threadIdx.x / 32);
    auto src = Tile{in + w * n}.template view<repeats, 32, V>().template permute<1, 0, 2>();
    auto dst =
        OutTile{out + w * (n + guard)}.template view<repeats, 32, V>().template permute<1, 0, 2>();
    if constexpr (bits == 32) {
      tile::apply<ptx_vec<"ld.global", V, "b32">>(regs, src, scope::warp, tile::bound(limit));
      tile::apply<ptx_vec<"st.global", V, "b32">>(dst, regs, scope::warp, tile::bound(limit));
    } else {
      tile::apply<ptx_vec<"ld.global", V, "b16">>(regs, src, scope::warp, tile::bound(limit));
      tile::apply<ptx_vec<"st.global", V, "b16">>(dst, regs, scope::warp, tile::bound(limit));
    }
    for (int k = 0; k < repeats * V; ++k)
      regs_out[threadIdx.x * repeats * V + k] = regs.data()[k];
  } else {
    constexpr TileLayout layout = S({warps, 32, repeats, V}, {1 * warpid, 1 * laneid, V, 1});
    auto regs = alloc_local<T, shape(warps, 32, repeats, V), layout>();
    tile::ewise([sentinel]() { return sentinel; }, regs, scope::cta);
    auto src = Tile{in}.template view<repeats, warps, 32, V>().template permute<1, 2, 0, 3>();
    auto dst = OutTile{out}.template view<repeats, warps, 32, V>().template permute<1, 2, 0, 3>();
    if constexpr (bits == 32) {
      tile::apply<ptx_vec<"ld.global.nc", V, "b32">>(regs, src, scope::cta, tile::bound(limit));
      tile::apply<ptx_vec<"st.global", V, "b32">>(dst, regs, scope::cta, tile::bound(limit));
    } else {
      tile::apply<ptx_vec<"ld.global.nc", V, "b16">>(regs, src, scope::cta, tile::bound(limit));
      tile::apply<ptx_vec<"st.global", V, "b16">>(dst, regs, scope::cta, tile::bound(limit));
    }
    for (int k = 0; k < repeats * V; ++k)
      regs_out[threadIdx.x * repeats * V + k] = regs.data()[k];
  }
}

template <class T, int V, bool Warp> void check(std::mt19937& gen) {
  constexpr int W = Warp ? 1 : warps;
  constexpr long long n = W * 32LL * repeats * V;
  constexpr int tiles = Warp ? warps : 1; // warp scope: one tile per warp
  const T sentinel = static_cast<T>(0x5A5A5A5Au);
  std::vector<T> in(tiles * n);
  for (auto& x : in) {
    do
      x = static_cast<T>(gen());
    while (x == sentinel);
  }
  const long long out_elems = tiles * (n + guard);
  tirx_test::DeviceBuffer<T> d_in(in.size()), d_out(out_elems), d_regs(warps * 32 * repeats * V);
  d_in.upload(in);
  for (long long limit = -1; limit <= n + 1; ++limit) {
    d_out.poison();
    d_regs.poison();
    bounded_copy<T, V, Warp><<<1, warps * 32>>>(d_in.ptr, d_out.ptr, d_regs.ptr, limit, sentinel);
    TIRX_CHECK_CUDA(cudaGetLastError());
    TIRX_CHECK_CUDA(cudaDeviceSynchronize());
    const std::vector<T> out = d_out.download(), regs = d_regs.download();
    const T poison = static_cast<T>(~0ull);
    int bad = 0;
    for (int t = 0; t < tiles; ++t)
      for (long long i = 0; i < n + guard; ++i) {
        const T want = i < limit && i < n ? in[t * n + i] : poison;
        if (out[t * (n + guard) + i] != want)
          ++bad;
      }
    // thread (w, l) register (r, e) holds offset r * W*32*V + (w*32 + l) * V + e of its tile
    for (int tid = 0; tid < warps * 32; ++tid)
      for (int r = 0; r < repeats; ++r)
        for (int e = 0; e < V; ++e) {
          const int t = Warp ? tid / 32 : 0;
          const int lane_in_tile = Warp ? tid % 32 : tid;
          const long long off = r * W * 32LL * V + lane_in_tile * V + e;
          const T want = off < limit ? in[t * n + off] : sentinel;
          if (regs[(tid * repeats + r) * V + e] != want)
            ++bad;
        }
    if (!tirx_test::expect(bad == 0))
      std::printf("FAIL bound: %d-bit, V=%d, %s scope, limit %lld: %d wrong elements\n",
                  int(sizeof(T) * 8), V, Warp ? "warp" : "cta", limit, bad);
  }
  std::printf("ok   bound: %d-bit, V=%d, %s scope, limits -1..%lld\n", int(sizeof(T) * 8), V,
              Warp ? "warp" : "cta", n + 1);
}

} // namespace

int main() {
  if (int rc = tirx_test_require_gpu())
    return rc;
  std::mt19937 gen(2026);
  check<std::uint32_t, 1, false>(gen);
  check<std::uint32_t, 2, false>(gen);
  check<std::uint32_t, 4, false>(gen);
  check<std::uint32_t, 4, true>(gen);
  check<std::uint16_t, 2, true>(gen);
  check<std::uint16_t, 4, false>(gen);
  return tirx_test::summary("gpu_apply_bound");
}
