// The code of docs/async-copies.md. Each region between `// [snippet:NAME]`
// and `// [/snippet]` is shown verbatim in the guide;
// tests/tools/check_doc_snippets.py keeps them identical. Test
// docs_async_copies_gpu runs every kernel and checks every element against
// the host; it exits 77 (ctest: skipped) without a GPU.
#include <tirx/host/cuda_check.hpp>

#include <tirx/tile.hpp>

#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

using namespace tirx;

// [snippet:chunks]
// The chunk is the operands' last mode. A (4 warps, 32 lanes, 3, 2) float
// tile copies in 8-byte chunks, three per thread; a (4, 32, 2, 4) one in
// 16-byte chunks, two per thread. 4- and 8-byte chunks take .ca (through
// L1); 16-byte ones .ca or .cg (L2 only).
using Pairs = GlobalTensor<float, ShapeT<4, 32, 3, 2>, 8>;
using Quads = GlobalTensor<float, ShapeT<4, 32, 2, 4>, 16>;

__global__ void stage_chunks(Pairs A, Quads B, float* out) {
  auto a = alloc_shared<float, shape(4, 32, 3, 2)>();
  auto b = alloc_shared<float, shape(4, 32, 2, 4)>();
  tile::apply<ptx<"cp.async.ca.shared.global">>(a, A, scope::cta); // 8-byte chunks
  tile::apply<ptx<"cp.async.cg.shared.global">>(b, B, scope::cta); // 16-byte chunks
  cp_async_commit_group();  // this thread's copies so far: one group
  cp_async_wait_group<0>(); // wait until no group of this thread is pending
  cta_sync();               // and for the other threads' chunks
  for (int i = threadIdx.x; i < 768; i += 128)
    out[i] = a.data()[767 - i]; // read another thread's chunk
  for (int i = threadIdx.x; i < 1024; i += 128)
    out[768 + i] = b.data()[1023 - i];
}
// [/snippet]

// [snippet:pipeline]
// A 3-point stencil over tiles of 512 floats, each tile one 16-byte chunk
// per thread of 4 warps, pipelined through a ring of 3 shared stages: while
// tile t is computed, tiles t + 1 and t + 2 are in flight, one commit group
// each.
constexpr int stages = 3;
constexpr int tile_floats = 512;
using TileIn = GlobalTensor<float, ShapeT<4, 32, 1, 4>, 16>;

__global__ void stencil(float* in, float* out, int tiles) {
  auto ring = alloc_shared<float, shape(stages, 4, 32, 1, 4)>();
  auto issue = [&](int t) {
    if (t < tiles)
      tile::apply<ptx<"cp.async.cg.shared.global">>(ring.sub(t % stages, _, _, _, _),
                                                    TileIn{in + t * tile_floats}, scope::cta);
    cp_async_commit_group(); // past the last tile an empty group: the count stays right
  };
  for (int t = 0; t < stages - 1; ++t)
    issue(t);
  for (int t = 0; t < tiles; ++t) {
    issue(t + stages - 1);
    cp_async_wait_group<stages - 1>(); // tile t's group is complete, two later ones may pend
    cta_sync();                        // every thread's chunks of tile t are in
    const float* x = ring.sub(t % stages, _, _, _, _).data();
    for (int k = 0; k < 4; ++k) {
      const int j = threadIdx.x * 4 + k;
      const float left = j > 0 ? x[j - 1] : 0.0f, right = j < tile_floats - 1 ? x[j + 1] : 0.0f;
      out[t * tile_floats + j] = left + 2.0f * x[j] + right;
    }
    cta_sync(); // tile t is read before tile t + 3 overwrites its stage
  }
}
// [/snippet]

// [snippet:ragged]
// The first n floats of a 512-float row, for any n: each thread's chunk of
// four floats reads only its bytes before n (tile::src_size), and zeros fill
// the rest of the shared row. The chunks past n read nothing, but their
// addresses are still formed: the row lies in an allocation of 512 floats.
__global__ void load_prefix(TileIn in, float* out, int n) {
  auto row = alloc_shared<float, shape(4, 32, 1, 4)>();
  const int first = threadIdx.x * 4;               // the thread's first float
  const int valid = min(max(n - first, 0), 4) * 4; // its bytes before n: 0, 4, 8, 12 or 16
  tile::apply<ptx<"cp.async.ca.shared.global">>(row, in, scope::cta, tile::src_size(valid));
  cp_async_commit_group();
  cp_async_wait_group<0>();
  cta_sync();
  for (int i = threadIdx.x; i < tile_floats; i += 128)
    out[i] = row.data()[i];
}
// [/snippet]

// [snippet:ignore-src]
// 16 rows of 128 halves (16 chunks of 16 bytes a row), two chunks per
// thread: chunk q = 2 * thread + r lies in row q / 16. Rows from `rows` on
// are not read: their chunks are zero-filled (tile::ignore_src, one
// condition per repeat r).
using HalfRows = GlobalTensor<half, ShapeT<4, 32, 2, 8>, 16>;

__global__ void load_rows(HalfRows in, half* out, int rows) {
  auto tile = alloc_shared<half, shape(4, 32, 2, 8)>();
  const int q0 = threadIdx.x * 2;
  tile::apply<ptx<"cp.async.cg.shared.global">>(
      tile, in, scope::cta, tile::ignore_src([=](index_t r) { return (q0 + r) / 16 >= rows; }));
  cp_async_commit_group();
  cp_async_wait_group<0>();
  cta_sync();
  for (int i = threadIdx.x; i < 2048; i += 128)
    out[i] = tile.data()[i];
}
// [/snippet]

// [snippet:cache-hint]
// A is read once: its lines may leave L2 first (.L2::cache_hint with an
// evict-first policy), and each 16-byte read prefetches the surrounding 256
// bytes into L2 (.L2::256B). The copy is the same as without the hints.
__global__ void stage_streaming(Quads A, float* out) {
  auto a = alloc_shared<float, shape(4, 32, 2, 4)>();
  const unsigned long long once = policy::evict_first();
  tile::apply<ptx<"cp.async.cg.shared.global.L2::cache_hint.L2::256B">>(a, A, scope::cta,
                                                                        tile::cache_hint(once));
  cp_async_commit_group();
  cp_async_wait_group<0>();
  cta_sync();
  for (int i = threadIdx.x; i < 1024; i += 128)
    out[i] = a.data()[i];
}
// [/snippet]

// [snippet:mbarrier]
// Completion on an mbarrier instead of a wait: each thread's copies arrive
// on `full` once they have landed (the .noinc form: the barrier counts
// those 128 arrivals, no thread arrives itself), and a thread that waits
// for the phase sees every thread's chunks, with no cp.async wait and no
// cta_sync.
__global__ void stage_on_barrier(Quads A, float* out) {
  auto a = alloc_shared<float, shape(4, 32, 2, 4)>();
  __shared__ cuda::std::uint64_t word;
  const MBarrier full(&word);
  if (threadIdx.x == 0) {
    full.init(128); // 128 asynchronous arrivals per phase
    fence_mbarrier_init();
  }
  cta_sync(); // the barrier is initialized before anyone uses it
  tile::apply<ptx<"cp.async.cg.shared.global">>(a, A, scope::cta);
  cp_async_mbarrier_arrive_noinc(full);
  full.wait(0); // phase 0 complete: all 128 threads' copies are in
  for (int i = threadIdx.x; i < 1024; i += 128)
    out[i] = a.data()[1023 - i];
}
// [/snippet]

// compute-sanitizer --tool synccheck (CUDA 13.0) stops this kernel with
// "Barrier error detected. Missing wait." at every thread's full.arrive().
// The protocol is PTX's own (the incrementing cp.async.mbarrier.arrive makes
// no net change to the phase's count, so each thread still arrives, and
// only after the increment) and CCCL's (cuda::pipeline_producer_commit then
// cuda::barrier::arrive_and_wait draws the same report); two plain arrives
// per thread and phase do not. synccheck misjudges the incrementing form;
// the .noinc form with init(256) and the same arrive is its clean twin
// (docs/async-copies.md, "Completion on an mbarrier").
// [snippet:mbarrier-counted]
// The plain form: cp_async_mbarrier_arrive raises the pending count by one
// and the copies' landing lowers it again, so the phase waits for them but
// counts the threads' own arrivals (init(128), then each thread's arrive).
__global__ void stage_on_barrier_counted(Quads A, float* out) {
  auto a = alloc_shared<float, shape(4, 32, 2, 4)>();
  __shared__ cuda::std::uint64_t word;
  const MBarrier full(&word);
  if (threadIdx.x == 0) {
    full.init(128); // 128 ordinary arrivals per phase
    fence_mbarrier_init();
  }
  cta_sync();
  tile::apply<ptx<"cp.async.cg.shared.global">>(a, A, scope::cta);
  cp_async_mbarrier_arrive(full); // the phase now also waits for this thread's copies
  full.arrive();                  // and counts this thread
  full.wait(0);
  for (int i = threadIdx.x; i < 1024; i += 128)
    out[i] = a.data()[1023 - i];
}
// [/snippet]

namespace {

int failures = 0;
void expect(bool ok, const char* what) {
  std::printf("%s %s\n", ok ? "ok  " : "FAIL", what);
  failures += !ok;
}

template <class T> T* device_copy(const std::vector<T>& v) {
  T* p = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&p, v.size() * sizeof(T)));
  TIRX_CHECK_CUDA(cudaMemcpy(p, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice));
  return p;
}
template <class T> std::vector<T> host_copy(const T* p, size_t n) {
  std::vector<T> v(n);
  TIRX_CHECK_CUDA(cudaMemcpy(v.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost));
  return v;
}
template <class T> bool same_bits(const T& a, const T& b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

} // namespace

int main() {
  if (!tirx::cuda_device_present())
    return 77; // no GPU: ctest reports the test skipped
  std::mt19937 rng(20261211);
  std::uniform_int_distribution<int> d(-1000, 1000);
  auto whole = [&](size_t n) {
    std::vector<float> v(n);
    for (float& x : v)
      x = static_cast<float>(d(rng));
    return v;
  };
  float* out = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&out, 64 * 512 * 4));

  // stage_chunks: both tiles, reversed
  {
    const std::vector<float> a = whole(768), b = whole(1024);
    float *da = device_copy(a), *db = device_copy(b);
    TIRX_CHECK_CUDA(cudaMemset(out, 0xFF, 1792 * 4));
    stage_chunks<<<1, 128>>>(Pairs{da}, Quads{db}, out);
    TIRX_CHECK_LAUNCH("stage_chunks");
    const std::vector<float> got = host_copy(out, 1792);
    bool ok = true;
    for (int i = 0; i < 768; ++i)
      ok = ok && got[i] == a[767 - i];
    for (int i = 0; i < 1024; ++i)
      ok = ok && got[768 + i] == b[1023 - i];
    expect(ok, "stage_chunks: 8-byte .ca and 16-byte .cg chunks");
    cudaFree(da);
    cudaFree(db);
  }
  // stencil: 64 tiles through 3 stages
  {
    const int tiles = 64;
    const std::vector<float> x = whole(tiles * 512);
    float* dx = device_copy(x);
    TIRX_CHECK_CUDA(cudaMemset(out, 0xFF, tiles * 512 * 4));
    stencil<<<1, 128>>>(dx, out, tiles);
    TIRX_CHECK_LAUNCH("stencil");
    const std::vector<float> got = host_copy(out, tiles * 512);
    long long bad = 0;
    for (int t = 0; t < tiles; ++t)
      for (int j = 0; j < 512; ++j) {
        const float* v = x.data() + t * 512;
        const float want = (j > 0 ? v[j - 1] : 0.0f) + 2.0f * v[j] + (j < 511 ? v[j + 1] : 0.0f);
        bad += got[t * 512 + j] != want;
      }
    expect(bad == 0, "stencil: 64 tiles, 3 stages, every element");
    cudaFree(dx);
  }
  // load_prefix: n = 0, 7, ..., 504, then every n up to 512
  {
    const std::vector<float> x = whole(512);
    float* dx = device_copy(x);
    bool ok = true;
    for (int n = 0; n <= 512; n += n < 504 ? 7 : 1) {
      TIRX_CHECK_CUDA(cudaMemset(out, 0xFF, 512 * 4));
      load_prefix<<<1, 128>>>(TileIn{dx}, out, n);
      TIRX_CHECK_LAUNCH("load_prefix");
      const std::vector<float> got = host_copy(out, 512);
      for (int i = 0; i < 512; ++i)
        ok = ok && same_bits(got[i], i < n ? x[i] : 0.0f);
    }
    expect(ok, "load_prefix: the first n floats, zeros after (src_size)");
    cudaFree(dx);
  }
  // load_rows: 0 to 16 valid rows
  {
    std::vector<half> h(2048);
    for (half& v : h)
      v = __float2half(static_cast<float>(d(rng)) / 8.0f);
    half* dh = device_copy(h);
    half* hout = nullptr;
    TIRX_CHECK_CUDA(cudaMalloc(&hout, 2048 * 2));
    bool ok = true;
    for (int rows = 0; rows <= 16; ++rows) {
      TIRX_CHECK_CUDA(cudaMemset(hout, 0xFF, 2048 * 2));
      load_rows<<<1, 128>>>(HalfRows{dh}, hout, rows);
      TIRX_CHECK_LAUNCH("load_rows");
      const std::vector<half> got = host_copy(hout, 2048);
      for (int i = 0; i < 2048; ++i)
        ok = ok && same_bits(got[i], i / 128 < rows ? h[i] : __float2half(0.0f));
    }
    expect(ok, "load_rows: rows past the count zero-filled (ignore_src)");
    cudaFree(dh);
    cudaFree(hout);
  }
  // stage_streaming and stage_on_barrier
  {
    const std::vector<float> a = whole(1024);
    float* da = device_copy(a);
    TIRX_CHECK_CUDA(cudaMemset(out, 0xFF, 1024 * 4));
    stage_streaming<<<1, 128>>>(Quads{da}, out);
    TIRX_CHECK_LAUNCH("stage_streaming");
    expect(host_copy(out, 1024) == a, "stage_streaming: .L2::cache_hint.L2::256B");
    TIRX_CHECK_CUDA(cudaMemset(out, 0xFF, 1024 * 4));
    stage_on_barrier<<<1, 128>>>(Quads{da}, out);
    TIRX_CHECK_LAUNCH("stage_on_barrier");
    const std::vector<float> got = host_copy(out, 1024);
    bool ok = true;
    for (int i = 0; i < 1024; ++i)
      ok = ok && got[i] == a[1023 - i];
    expect(ok, "stage_on_barrier: completion on an mbarrier (.noinc)");
    TIRX_CHECK_CUDA(cudaMemset(out, 0xFF, 1024 * 4));
    stage_on_barrier_counted<<<1, 128>>>(Quads{da}, out);
    TIRX_CHECK_LAUNCH("stage_on_barrier_counted");
    const std::vector<float> counted = host_copy(out, 1024);
    ok = true;
    for (int i = 0; i < 1024; ++i)
      ok = ok && counted[i] == a[1023 - i];
    expect(ok, "stage_on_barrier_counted: completion on an mbarrier (arrive + own arrive)");
    cudaFree(da);
  }
  cudaFree(out);
  return failures == 0 ? 0 : 1;
}
