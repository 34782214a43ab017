// GPU test of the TMA copies (exec/tma.hpp, host/tensor_map.hpp) and the
// bulk copies (exec/bulk.hpp) on one CTA (label gpu), on seeded random
// data, every element checked against a host model, the outputs poisoned
// first:
//   - loads of 2d bf16 boxes with each swizzle (none, 32, 64, 128 bytes):
//     the shared tile is dumped byte for byte and every element is looked
//     up through the tile's tirx layout (the host model of the swizzle);
//   - 1d, 3d (also 128-byte swizzled f32) and 5d boxes;
//   - ragged edges: boxes across the tensor's end and at negative
//     coordinates, whose outside elements must be zero in a poisoned tile
//     (the innermost coordinate always a multiple of 16 bytes: the TMA unit
//     traps on any other, cudaErrorIllegalInstruction);
//   - the L2 cache-hint forms, prefetch and prefetch_tensor_map;
//   - stores (none and 128-byte swizzle, ragged: the outside elements must
//     stay untouched), reduce_add (f32, s32) and reduce_min / reduce_max (s32);
//   - bulk copies: global -> shared -> global, reduce_add_s2g, prefetch_l2.
// Exit 0: all passed; 1: a case failed; 77: no GPU (ctest: skipped).
#include "tma_harness.cuh"

namespace {

using namespace tirx;
using namespace tma_test;

// -- the kernels ----------------------------------------------------------------

/// Loads the box at crd into a poisoned tile and copies the tile's storage
/// (not its logical order) to out. hint: 1 uses the cache-hint form.
template <class Map>
__global__ void load_dump(const __grid_constant__ Map map, typename Map::element_type* out, Crd crd,
                          int hint, int* misaligned) {
  using T = typename Map::element_type;
  auto pool = SMEMPool::dynamic();
  auto smem = pool.alloc<T, Map::box(), Map::smem_layout(), 1024>();
  auto bar = pool.alloc<cuda::std::uint64_t, shape(1)>();
  pool.commit();
  unsigned char* raw = reinterpret_cast<unsigned char*>(smem.data());
  for (unsigned i = threadIdx.x; i < Map::box_bytes; i += blockDim.x)
    raw[i] = 0xFF;
  fence_proxy_async_shared(); // the poison before the TMA writes
  if (threadIdx.x == 0) {
    *misaligned = tma::detail::smem_address(smem.data()) % 1024 != 0;
    cuda::ptx::mbarrier_init(bar.data(), 1);
    fence_mbarrier_init();
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    tma::prefetch_tensor_map(map);
    with_coords<Map::rank>(crd, [&](auto... c) { tma::prefetch(map, c...); });
    cuda::ptx::mbarrier_arrive_expect_tx(cuda::ptx::sem_release, cuda::ptx::scope_cta,
                                         cuda::ptx::space_shared, bar.data(),
                                         unsigned{tma::box_bytes<Map>});
    with_coords<Map::rank>(crd, [&](auto... c) {
      if (hint)
        tma::load(smem, map, bar.data(), tile::cache_hint(policy::evict_first()), c...);
      else
        tma::load(smem, map, bar.data(), c...);
    });
  }
  while (!cuda::ptx::mbarrier_try_wait_parity(bar.data(), 0)) {
  }
  for (long long i = threadIdx.x; i < Map::box().size(); i += blockDim.x)
    out[i] = smem.data()[i];
}

/// Writes value_at(flat) to every element of the tile (through its tirx
/// layout), then stores (op 0), reduce_adds (1), reduce_mins (2) or
/// reduce_maxes (3) it to the box at crd.
template <class Map>
__global__ void fill_store(const __grid_constant__ Map map, Crd crd, int op, int hint) {
  using T = typename Map::element_type;
  auto pool = SMEMPool::dynamic();
  auto smem = pool.alloc<T, Map::box(), Map::smem_layout(), 1024>();
  pool.commit();
  constexpr TileLayout lay = Map::smem_layout();
  for (long long f = threadIdx.x; f < Map::box().size(); f += blockDim.x)
    smem.data()[axis_offset<lay, Axis{0}>(f)] = value_at<T>(f);
  fence_proxy_async_shared(); // every writing thread, before the barrier
  __syncthreads();
  if (threadIdx.x == 0) {
    with_coords<Map::rank>(crd, [&](auto... c) {
      if (op == 0 && hint)
        tma::store(map, smem, tile::cache_hint(policy::evict_first()), c...);
      else if (op == 0)
        tma::store(map, smem, c...);
      else if (op == 1 && hint)
        tma::reduce_add(map, smem, tile::cache_hint(policy::evict_last()), c...);
      else if (op == 1)
        tma::reduce_add(map, smem, c...);
      else if (op == 2)
        tma::reduce_min(map, smem, c...);
      else
        tma::reduce_max(map, smem, c...);
    });
    tma::store_commit();
    tma::store_wait_read<0>();
    tma::store_wait<0>();
  }
}

/// 2d stores with Tensor indexing: smem(i, j) = value_at(i * C + j).
template <class Map> __global__ void fill_store_2d(const __grid_constant__ Map map, Crd crd) {
  using T = typename Map::element_type;
  auto pool = SMEMPool::dynamic();
  auto smem = pool.alloc<T, Map::box(), Map::smem_layout(), 1024>();
  pool.commit();
  constexpr index_t R = Map::box().dims[0], C = Map::box().dims[1];
  for (int f = threadIdx.x; f < R * C; f += blockDim.x)
    smem(f / C, f % C) = value_at<T>(f);
  fence_proxy_async_shared();
  __syncthreads();
  if (threadIdx.x == 0) {
    tma::store(map, smem, crd.v[0], crd.v[1]);
    tma::store_commit();
    tma::store_wait<0>();
  }
}

/// Bulk: src -> shared (g2s, with a cache hint when hint) -> dst (s2g);
/// acc += shared (reduce_add_s2g). n floats, a multiple of 4.
__global__ void bulk_copy(const float* src, float* dst, float* acc, unsigned n, int hint) {
  auto pool = SMEMPool::dynamic();
  auto buf = pool.alloc<float, shape(4096)>();
  auto bar = pool.alloc<cuda::std::uint64_t, shape(1)>();
  pool.commit();
  const unsigned bytes = n * 4;
  if (threadIdx.x == 0) {
    cuda::ptx::mbarrier_init(bar.data(), 1);
    fence_mbarrier_init();
    bulk::prefetch_l2(src, bytes);
    cuda::ptx::mbarrier_arrive_expect_tx(cuda::ptx::sem_release, cuda::ptx::scope_cta,
                                         cuda::ptx::space_shared, bar.data(), bytes);
    if (hint)
      bulk::copy_g2s(buf.data(), src, bytes, bar.data(), tile::cache_hint(policy::evict_first()));
    else
      bulk::copy_g2s(buf.data(), src, bytes, bar.data());
  }
  while (!cuda::ptx::mbarrier_try_wait_parity(bar.data(), 0)) {
  }
  if (threadIdx.x == 0) {
    if (hint)
      bulk::copy_s2g(dst, buf.data(), bytes, tile::cache_hint(policy::evict_first()));
    else
      bulk::copy_s2g(dst, buf.data(), bytes);
    bulk::reduce_add_s2g(acc, buf.data(), bytes);
    bulk::commit();
    bulk::wait<0>();
  }
}

// -- the host side ------------------------------------------------------------------

/// Loads the box at crd of a tensor g (data on the host in `host`) and
/// checks every element of the tile.
template <class Map, class T>
void check_load(const char* name, const Map& map, const Geometry& g, const std::vector<T>& host,
                Crd crd, int hint) {
  tirx_test::DeviceBuffer<T> out(Map::box().size());
  tirx_test::DeviceBuffer<int> misaligned(1);
  out.poison();
  LaunchConfig cfg;
  cfg.block = dim3(128);
  cfg.smem = Map::box_bytes + 1024;
  TIRX_CHECK_CUDA(launch(cfg, load_dump<Map>, map, out.ptr, crd, hint, misaligned.ptr));
  TIRX_CHECK_LAUNCH(name);
  const std::vector<T> tile = out.download();
  if (!tirx_test::expect(misaligned.download()[0] == 0))
    std::printf("FAIL %s: the dynamic shared memory is not 1024-byte aligned\n", name);
  int bad = 0;
  for_box<Map>(g, crd, [&](long long flat, long long m, long long off, bool inside) {
    const std::uint64_t want = inside ? bits(host[off]) : 0;
    if (bits(tile[m]) != want && bad++ < 5)
      std::printf("FAIL %s: box element %lld (tile slot %lld) is %llx, want %llx\n", name, flat, m,
                  static_cast<unsigned long long>(bits(tile[m])),
                  static_cast<unsigned long long>(want));
  });
  if (tirx_test::expect(bad == 0))
    std::printf("ok   %s\n", name);
}

/// Stores / reduces a box and checks the whole tensor.
template <class Map, class T>
void check_store(const char* name, const Map& map, const Geometry& g,
                 tirx_test::DeviceBuffer<T>& dev, const std::vector<T>& before, Crd crd, int op,
                 int hint, bool indexed = false) {
  dev.upload(before);
  LaunchConfig cfg;
  cfg.block = dim3(128);
  cfg.smem = Map::box_bytes + 1024;
  if (indexed) {
    if constexpr (Map::rank == 2)
      TIRX_CHECK_CUDA(launch(cfg, fill_store_2d<Map>, map, crd));
  } else {
    TIRX_CHECK_CUDA(launch(cfg, fill_store<Map>, map, crd, op, hint));
  }
  TIRX_CHECK_LAUNCH(name);
  std::vector<T> want = before;
  for_box<Map>(g, crd, [&](long long flat, long long, long long off, bool inside) {
    if (!inside)
      return;
    const T v = value_at<T>(flat);
    const double a = static_cast<double>(want[off]), b = static_cast<double>(v);
    if (op == 0)
      want[off] = v;
    else if (op == 1)
      want[off] = static_cast<T>(a + b);
    else if (op == 2)
      want[off] = a < b ? want[off] : v;
    else
      want[off] = a > b ? want[off] : v;
  });
  const std::vector<T> got = dev.download();
  int bad = 0;
  for (size_t i = 0; i < got.size(); ++i)
    if (bits(got[i]) != bits(want[i]) && bad++ < 5)
      std::printf("FAIL %s: global element %zu is %llx, want %llx\n", name, i,
                  static_cast<unsigned long long>(bits(got[i])),
                  static_cast<unsigned long long>(bits(want[i])));
  if (tirx_test::expect(bad == 0))
    std::printf("ok   %s\n", name);
}

template <class T> std::vector<T> random_elements(std::mt19937& rng, size_t n) {
  std::vector<T> v(n);
  if constexpr (std::is_same_v<T, nv_bfloat16>) {
    std::uniform_int_distribution<int> d(-1000, 1000);
    for (T& x : v)
      x = __float2bfloat16(static_cast<float>(d(rng)) / 8.0f);
  } else if constexpr (std::is_floating_point_v<T>) {
    const auto w = tirx_test::whole_floats(rng, n, -500, 500);
    for (size_t i = 0; i < n; ++i)
      v[i] = static_cast<T>(w[i]);
  } else {
    v = tirx_test::random_bits<T>(rng, n);
  }
  return v;
}

using bf16 = nv_bfloat16;

// the 2d bf16 boxes, one per swizzle
constexpr Shape box_none = shape(16, 40); // 80-byte rows
constexpr Shape box_b32 = shape(24, 16);  // 32-byte rows
constexpr Shape box_b64 = shape(16, 32);  // 64-byte rows
constexpr Shape box_b128 = shape(64, 64); // 128-byte rows
constexpr TileLayout lay_b32 = row_major(box_b32) ^ swizzle_for(SwizzleMode::b32, 2);
constexpr TileLayout lay_b64 = row_major(box_b64) ^ swizzle_for(SwizzleMode::b64, 2);
constexpr TileLayout lay_b128 = row_major(box_b128) ^ swizzle_for(SwizzleMode::b128, 2);

void loads_2d(std::mt19937& rng) {
  const long long R = 300, C = 200; // 400-byte rows
  const Geometry g{2, {R, C}, {C, 1}};
  const std::vector<bf16> host = random_elements<bf16>(rng, R * C);
  tirx_test::DeviceBuffer<bf16> dev(R * C);
  dev.upload(host);
  const auto grid = grid_tensor<16>(dev.ptr, R, C);
  const auto m_none = make_tensor_map<box_none>(grid);
  const auto m_b32 = make_tensor_map<box_b32, lay_b32>(grid);
  const auto m_b64 = make_tensor_map<box_b64, lay_b64>(grid);
  const auto m_b128 = make_tensor_map<box_b128, lay_b128>(grid);
  static_assert(decltype(m_b128)::swizzle == SwizzleMode::b128 &&
                tma::box_bytes<decltype(m_b128)> == 8192);
  const Crd inner{{37, 24}}, ragged{{R - 10, C - 24}}, negative{{-3, -8}}, past{{R + 5, 0}};
  for (const Crd& c : {inner, ragged, negative, past}) {
    check_load("load 2d bf16 no swizzle", m_none, g, host, c, 0);
    check_load("load 2d bf16 32B swizzle", m_b32, g, host, c, 0);
    check_load("load 2d bf16 64B swizzle", m_b64, g, host, c, 0);
    check_load("load 2d bf16 128B swizzle", m_b128, g, host, c, 0);
  }
  check_load("load 2d bf16 128B swizzle, cache hint", m_b128, g, host, ragged, 1);
  check_load("load 2d bf16 64B swizzle, cache hint", m_b64, g, host, inner, 1);
}

void loads_nd(std::mt19937& rng) {
  { // 1d: 1000 floats, a box of 256
    const Geometry g{1, {1000}, {1}};
    const auto host = random_elements<float>(rng, 1000);
    tirx_test::DeviceBuffer<float> dev(1000);
    dev.upload(host);
    const auto map = make_tensor_map<shape(256)>(grid_tensor<16>(dev.ptr, 1000));
    check_load("load 1d f32", map, g, host, Crd{{128}}, 0);
    check_load("load 1d f32 ragged", map, g, host, Crd{{900}}, 0);
    check_load("load 1d f32 ragged, cache hint", map, g, host, Crd{{-40}}, 1);
  }
  { // 3d f32 (5, 40, 36): boxes (2, 8, 12) and, 128B swizzled, (2, 8, 32)
    const Geometry g{3, {5, 40, 36}, {40 * 36, 36, 1}};
    const auto host = random_elements<float>(rng, 5 * 40 * 36);
    tirx_test::DeviceBuffer<float> dev(host.size());
    dev.upload(host);
    const long long ext[3] = {5, 40, 36}, str[3] = {40 * 36, 36, 1};
    const auto map = make_tensor_map<shape(2, 8, 12)>(dev.ptr, ext, str);
    constexpr TileLayout swz = row_major(shape(2, 8, 32)) ^ swizzle_for(SwizzleMode::b128, 4);
    const auto map_swz = make_tensor_map<shape(2, 8, 32), swz>(dev.ptr, ext, str);
    check_load("load 3d f32", map, g, host, Crd{{1, 9, 4}}, 0);
    check_load("load 3d f32 ragged", map, g, host, Crd{{4, 35, 28}}, 0);
    check_load("load 3d f32 128B swizzle ragged", map_swz, g, host, Crd{{3, 36, 8}}, 0);
  }
  { // 5d u16 (3, 4, 5, 6, 16): box (2, 2, 3, 4, 8)
    const long long ext[5] = {3, 4, 5, 6, 16};
    const long long str[5] = {4 * 5 * 6 * 16, 5 * 6 * 16, 6 * 16, 16, 1};
    const Geometry g{5, {3, 4, 5, 6, 16}, {str[0], str[1], str[2], str[3], 1}};
    const auto host = random_elements<std::uint16_t>(rng, 3 * 4 * 5 * 6 * 16);
    tirx_test::DeviceBuffer<std::uint16_t> dev(host.size());
    dev.upload(host);
    const auto map = make_tensor_map<shape(2, 2, 3, 4, 8)>(dev.ptr, ext, str);
    check_load("load 5d u16", map, g, host, Crd{{0, 1, 1, 2, 8}}, 0);
    check_load("load 5d u16 ragged", map, g, host, Crd{{2, 3, 3, 4, 8}}, 0); // 4 modes ragged
  }
}

void stores(std::mt19937& rng) {
  { // bf16 (300, 200): 128B swizzled and plain boxes
    const long long R = 300, C = 200;
    const Geometry g{2, {R, C}, {C, 1}};
    tirx_test::DeviceBuffer<bf16> dev(R * C);
    const std::vector<bf16> before = random_elements<bf16>(rng, R * C);
    const auto grid = grid_tensor<16>(dev.ptr, R, C);
    const auto m_b128 = make_tensor_map<box_b128, lay_b128>(grid);
    const auto m_none = make_tensor_map<box_none>(grid);
    check_store("store 2d bf16 128B swizzle", m_b128, g, dev, before, Crd{{64, 64}}, 0, 0);
    check_store("store 2d bf16 128B swizzle ragged", m_b128, g, dev, before, Crd{{R - 20, C - 32}},
                0, 0);
    check_store("store 2d bf16 128B swizzle, cache hint", m_b128, g, dev, before, Crd{{5, 8}}, 0,
                1);
    check_store("store 2d bf16 128B swizzle, smem(i, j)", m_b128, g, dev, before,
                Crd{{100, C - 40}}, 0, 0, true);
    check_store("store 2d bf16 no swizzle ragged", m_none, g, dev, before, Crd{{R - 3, C - 8}}, 0,
                0);
  }
  { // f32 (70, 52) reduce_add: 64B swizzle (16, 16) and plain (8, 8)
    const long long R = 70, C = 52; // 208-byte rows
    const Geometry g{2, {R, C}, {C, 1}};
    tirx_test::DeviceBuffer<float> dev(R * C);
    const auto before = random_elements<float>(rng, R * C);
    const auto grid = grid_tensor<16>(dev.ptr, R, C);
    constexpr TileLayout l64 = row_major(shape(16, 16)) ^ swizzle_for(SwizzleMode::b64, 4);
    const auto m64 = make_tensor_map<shape(16, 16), l64>(grid);
    const auto m8 = make_tensor_map<shape(8, 8)>(grid);
    check_store("reduce_add 2d f32 64B swizzle", m64, g, dev, before, Crd{{10, 20}}, 1, 0);
    check_store("reduce_add 2d f32 64B swizzle ragged, cache hint", m64, g, dev, before,
                Crd{{R - 4, C - 8}}, 1, 1);
    check_store("reduce_add 2d f32", m8, g, dev, before, Crd{{3, 4}}, 1, 0);
    check_store("store 2d f32 64B swizzle", m64, g, dev, before, Crd{{33, 4}}, 0, 0);
  }
  { // int32 reductions (the map's element type picks the arithmetic; min and max take
    // integers, f16 and bf16, not f32)
    const long long R = 20, C = 36; // 144-byte rows
    const Geometry g{2, {R, C}, {C, 1}};
    tirx_test::DeviceBuffer<int> dev(R * C);
    std::vector<int> before(R * C);
    std::uniform_int_distribution<int> d(-100000, 100000);
    for (int& x : before)
      x = d(rng);
    const auto map = make_tensor_map<shape(8, 12)>(grid_tensor<16>(dev.ptr, R, C));
    check_store("reduce_add 2d s32 ragged", map, g, dev, before, Crd{{15, 28}}, 1, 0);
    check_store("reduce_min 2d s32", map, g, dev, before, Crd{{3, 4}}, 2, 0);
    check_store("reduce_max 2d s32 ragged", map, g, dev, before, Crd{{R - 2, C - 4}}, 3, 0);
  }
}

void bulk_copies(std::mt19937& rng) {
  for (int hint = 0; hint < 2; ++hint) {
    const unsigned n = 4096;
    const auto src = tirx_test::whole_floats(rng, n, -1000, 1000);
    const auto acc0 = tirx_test::whole_floats(rng, n, -1000, 1000);
    tirx_test::DeviceBuffer<float> s(n), d(n), acc(n);
    s.upload(src);
    d.poison();
    acc.upload(acc0);
    LaunchConfig cfg;
    cfg.block = dim3(64);
    cfg.smem = n * 4 + 64;
    TIRX_CHECK_CUDA(launch(cfg, bulk_copy, s.ptr, d.ptr, acc.ptr, n, hint));
    TIRX_CHECK_LAUNCH("bulk_copy");
    const auto got = d.download();
    const auto sum = acc.download();
    int bad = 0;
    for (unsigned i = 0; i < n; ++i)
      if ((got[i] != src[i] || sum[i] != acc0[i] + src[i]) && bad++ < 5)
        std::printf("FAIL bulk copy (hint %d): element %u: copy %g want %g, sum %g want %g\n", hint,
                    i, got[i], src[i], sum[i], acc0[i] + src[i]);
    if (tirx_test::expect(bad == 0))
      std::printf("ok   bulk g2s, s2g, reduce_add_s2g, prefetch_l2 (hint %d)\n", hint);
  }
}

} // namespace

int main() {
  if (int rc = tirx_test_require_gpu())
    return rc;
  const unsigned seed = 20261201;
  std::printf("seed %u\n", seed);
  std::mt19937 rng(seed);
  loads_2d(rng);
  loads_nd(rng);
  stores(rng);
  bulk_copies(rng);
  return tirx_test::summary("gpu_tma");
}
