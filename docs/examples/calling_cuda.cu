// The code of docs/calling-cuda-and-ptx.md. Each region between
// `// [snippet:NAME]` and `// [/snippet]` is shown verbatim in the guide;
// tests/tools/check_doc_snippets.py keeps them identical. Test
// docs_calling_cuda_gpu runs every kernel and checks every element against
// the host; it exits 77 (ctest: skipped) without a GPU.
#include <tirx/host/cuda_check.hpp>

#include <tirx/tile.hpp>

#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

using namespace tirx;

// [snippet:addresses]
// A tensor is a pointer and a layout type: data() is the pointer,
// ptr_to(i, j) the address of element (i, j), offset_of(i, j) its offset in
// elements (a static function of the type, so a constant where the indices
// are). For global memory the generic pointer is the address PTX's .global
// forms take; a shared tensor's converts to the 32-bit address of the
// .shared forms with __cvta_generic_to_shared.
using Matrix = GlobalTensor<float, ShapeT<64, 16>, 16>;
constexpr TileLayout padded_rows = layout_of<"S[(64, 16) : (20, 1)]">; // rows of 20 floats

__global__ void addresses(Matrix A, unsigned* out) {
  auto tile = alloc_shared<float, shape(64, 16), padded_rows>();
  static_assert(decltype(tile)::offset_of(2, 5) == 2 * 20 + 5);
  const unsigned base = static_cast<unsigned>(__cvta_generic_to_shared(tile.data()));
  const unsigned at = static_cast<unsigned>(__cvta_generic_to_shared(tile.ptr_to(2, 5)));
  const float* row3 = A.ptr_to(3, 0);
  if (threadIdx.x == 0) {
    out[0] = at - base;                                      // 45 floats: 180 bytes
    out[1] = static_cast<unsigned>(row3 - A.data());         // 48 floats
    out[2] = static_cast<unsigned>(Matrix::offset_of(3, 0)); // the same, from the type
  }
}
// [/snippet]

// [snippet:hand-cp-async]
// The copy tile::apply<ptx<"cp.async.cg.shared.global">> issues, written by
// hand: each thread moves its own two 16-byte chunks, (warp, lane, r, 0..3),
// at the addresses the tensors give. The commit and the wait are tirx's:
// cp.async groups are per-thread hardware state, whoever wrote the copies.
using Quads = GlobalTensor<float, ShapeT<4, 32, 2, 4>, 16>;

__global__ void hand_copy(Quads A, float* out) {
  auto staged = alloc_shared<float, shape(4, 32, 2, 4)>();
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  for (int r = 0; r < 2; ++r) {
    const unsigned dst =
        static_cast<unsigned>(__cvta_generic_to_shared(staged.ptr_to(warp, lane, r, 0)));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(dst),
                 "l"(A.ptr_to(warp, lane, r, 0))
                 : "memory");
  }
  cp_async_commit_group();
  cp_async_wait_group<0>();
  cta_sync();
  for (int i = threadIdx.x; i < 1024; i += 128)
    out[i] = staged.data()[1023 - i];
}
// [/snippet]

// [snippet:asm-beside-apply]
// tile::apply fills a shared tile; a hand-written ld.shared.v4 reads another
// thread's chunk of it; a hand-written prmt (tile::apply<ptx<"prmt.b32">> has
// it too) reverses the bytes of each word into a tirx register tile;
// tile::apply stores that.
using Words = GlobalTensor<unsigned, ShapeT<4, 32, 4>, 16>;
constexpr TileLayout word_regs = layout_of<"S[(4, 32, 4) : (1@warpid, 1@laneid, 1)]">;

__global__ void byte_swap(Words A, Words B) {
  auto staged = alloc_shared<unsigned, shape(4, 32, 4)>();
  tile::apply<ptx<"cp.async.cg.shared.global">>(staged, A, scope::cta);
  cp_async_commit_group();
  cp_async_wait_group<0>();
  cta_sync(); // apply synchronizes nothing: the barrier is the kernel's
  const int other = 127 - threadIdx.x;
  const unsigned at =
      static_cast<unsigned>(__cvta_generic_to_shared(staged.ptr_to(other / 32, other % 32, 0)));
  unsigned v[4];
  asm volatile("ld.shared.v4.b32 {%0, %1, %2, %3}, [%4];"
               : "=r"(v[0]), "=r"(v[1]), "=r"(v[2]), "=r"(v[3])
               : "r"(at));
  auto r = alloc_local<unsigned, shape(4, 32, 4), word_regs>();
#pragma unroll
  for (int k = 0; k < 4; ++k) // r(w, l, k) is this thread's slot k, whatever w and l
    asm("prmt.b32 %0, %1, 0, 0x0123;" : "=r"(r(0, 0, k)) : "r"(v[k]));
  tile::apply<ptx<"st.global.v4.b32">>(B, r, scope::cta);
}
// [/snippet]

// [snippet:cccl-mbarrier]
// cuda::ptx and tirx::MBarrier work on the same 64-bit word: MBarrier(word)
// wraps a barrier that CCCL initialized, and MBarrier::ptr() is the
// uint64_t* CCCL's functions take. Here CCCL initializes the barrier and
// arrives; tirx copies and waits (with its debug-mode timeout).
__global__ void mixed_barrier(Quads A, float* out) {
  __shared__ cuda::std::uint64_t word;
  auto staged = alloc_shared<float, shape(4, 32, 2, 4)>();
  if (threadIdx.x == 0)
    cuda::ptx::mbarrier_init(&word, 128);
  cta_sync();
  const MBarrier bar(&word);
  tile::apply<ptx<"cp.async.ca.shared.global">>(staged, A, scope::cta);
  cp_async_wait_all();                         // this thread's chunks are in shared memory
  (void)cuda::ptx::mbarrier_arrive(bar.ptr()); // release: whoever waits sees them
  bar.wait(0);                                 // acquire: every thread's chunks
  for (int i = threadIdx.x; i < 1024; i += 128)
    out[i] = staged.data()[1023 - i];
}
// [/snippet]

// [snippet:ptx-call]
// One instruction on one thread's scalars, in PTX operand order: the
// destination variable first, then the sources. The spellings, their checks
// and the asm are tile::apply's; a warp-collective instruction is called by
// every lane of its mask, each with its own values.
__global__ void scalar_calls(const float* x, float* y, unsigned* bits) {
  const float v = x[threadIdx.x];
  float sum;
  ptx_call<"fma.rn.f32">(sum, v, 2.0f, 1.0f);           // sum = v * 2 + 1
  for (unsigned offset = 16; offset > 0; offset /= 2) { // a butterfly sum over the warp
    float other;
    ptx_call<"shfl.sync.bfly.b32">(other, sum, offset, 0x1fu, 0xffffffffu);
    ptx_call<"add.rn.f32">(sum, sum, other);
  }
  bool negative; // a predicate destination is a bool
  ptx_call<"setp.lt.f32">(negative, v, 0.0f);
  unsigned mixed; // lop3's LUT is an immediate: 0x96 is a ^ b ^ c
  ptx_call<"lop3.b32">(mixed, cuda::std::bit_cast<unsigned>(v), 0xff00ff00u, threadIdx.x,
                       tile::imm<0x96>);
  y[threadIdx.x] = negative ? -sum : sum;
  bits[threadIdx.x] = mixed;
}
// [/snippet]

// [snippet:ptx-call-memory]
// Memory operands: a pointer to the atom (or a one-element tensor); a
// vector's registers are an array. The family converts the generic address
// to its state space's window, as tile::apply does.
__global__ void memory_calls(const uint4* in, unsigned* out, unsigned* total) {
  unsigned r[4];
  ptx_call<"ld.global.nc.v4.b32">(r, in + threadIdx.x); // 16 bytes, read-only path
  __shared__ unsigned counter;
  if (threadIdx.x == 0)
    counter = 0;
  __syncthreads();
  unsigned old; // old = counter; counter += r[0]
  ptx_call<"atom.shared::cta.add.u32">(old, &counter, r[0]);
  ptx_call<"st.relaxed.gpu.global.b32">(out + threadIdx.x, old ^ r[1]);
  ptx_call<"red.global.add.u32">(total, r[2]);
}
// [/snippet]

namespace {

int failures = 0;
void expect(bool ok, const char* what) {
  std::printf("%s %s\n", ok ? "ok  " : "FAIL", what);
  failures += !ok;
}

unsigned reverse_bytes(unsigned x) {
  return (x >> 24) | ((x >> 8) & 0xFF00u) | ((x << 8) & 0xFF0000u) | (x << 24);
}

} // namespace

int main() {
  if (!tirx::cuda_device_present())
    return 77; // no GPU: ctest reports the test skipped
  std::mt19937 rng(20261212);
  std::vector<float> a(1024);
  for (float& x : a)
    x = static_cast<float>(static_cast<int>(rng() % 20001) - 10000);
  std::vector<unsigned> w(512);
  for (unsigned& x : w)
    x = static_cast<unsigned>(rng());
  float *da = nullptr, *out = nullptr;
  unsigned *dw = nullptr, *dwo = nullptr, *du = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&da, 1024 * 4));
  TIRX_CHECK_CUDA(cudaMalloc(&out, 1024 * 4));
  TIRX_CHECK_CUDA(cudaMalloc(&dw, 512 * 4));
  TIRX_CHECK_CUDA(cudaMalloc(&dwo, 512 * 4));
  TIRX_CHECK_CUDA(cudaMalloc(&du, 3 * 4));
  TIRX_CHECK_CUDA(cudaMemcpy(da, a.data(), 1024 * 4, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemcpy(dw, w.data(), 512 * 4, cudaMemcpyHostToDevice));

  addresses<<<1, 32>>>(Matrix{da}, du);
  TIRX_CHECK_LAUNCH("addresses");
  unsigned u[3];
  TIRX_CHECK_CUDA(cudaMemcpy(u, du, 3 * 4, cudaMemcpyDeviceToHost));
  expect(u[0] == 180 && u[1] == 48 && u[2] == 48,
         "addresses: ptr_to, offset_of, the shared address");

  auto reversed = [&](const char* what) {
    std::vector<float> got(1024);
    TIRX_CHECK_CUDA(cudaMemcpy(got.data(), out, 1024 * 4, cudaMemcpyDeviceToHost));
    bool ok = true;
    for (int i = 0; i < 1024; ++i)
      ok = ok && got[i] == a[1023 - i];
    expect(ok, what);
  };
  TIRX_CHECK_CUDA(cudaMemset(out, 0xFF, 1024 * 4));
  hand_copy<<<1, 128>>>(Quads{da}, out);
  TIRX_CHECK_LAUNCH("hand_copy");
  reversed("hand_copy: hand-written cp.async, tirx's commit and wait");
  TIRX_CHECK_CUDA(cudaMemset(out, 0xFF, 1024 * 4));
  mixed_barrier<<<1, 128>>>(Quads{da}, out);
  TIRX_CHECK_LAUNCH("mixed_barrier");
  reversed("mixed_barrier: cuda::ptx init and arrive, MBarrier wait");

  TIRX_CHECK_CUDA(cudaMemset(dwo, 0xFF, 512 * 4));
  byte_swap<<<1, 128>>>(Words{dw}, Words{dwo});
  TIRX_CHECK_LAUNCH("byte_swap");
  std::vector<unsigned> got(512);
  TIRX_CHECK_CUDA(cudaMemcpy(got.data(), dwo, 512 * 4, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int t = 0; t < 128; ++t)
    for (int k = 0; k < 4; ++k)
      ok = ok && got[t * 4 + k] == reverse_bytes(w[(127 - t) * 4 + k]);
  expect(ok, "byte_swap: hand-written ld.shared and prmt beside tile::apply");

  // ptx_call: every lane's sum of 2x + 1 over its warp, negated where x < 0; the lop3 bits
  float* dy = nullptr;
  unsigned* dbits = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&dy, 64 * 4));
  TIRX_CHECK_CUDA(cudaMalloc(&dbits, 64 * 4));
  TIRX_CHECK_CUDA(cudaMemset(dy, 0xFF, 64 * 4));
  TIRX_CHECK_CUDA(cudaMemset(dbits, 0xFF, 64 * 4));
  scalar_calls<<<1, 64>>>(da, dy, dbits);
  TIRX_CHECK_LAUNCH("scalar_calls");
  std::vector<float> y(64);
  std::vector<unsigned> yb(64);
  TIRX_CHECK_CUDA(cudaMemcpy(y.data(), dy, 64 * 4, cudaMemcpyDeviceToHost));
  TIRX_CHECK_CUDA(cudaMemcpy(yb.data(), dbits, 64 * 4, cudaMemcpyDeviceToHost));
  bool calls_ok = true;
  for (int t = 0; t < 64; ++t) {
    float total = 0.0f; // integers: exact in any order
    for (int l = 0; l < 32; ++l)
      total += 2.0f * a[(t / 32) * 32 + l] + 1.0f;
    unsigned xb;
    std::memcpy(&xb, &a[t], 4);
    calls_ok = calls_ok && y[t] == (a[t] < 0.0f ? -total : total) &&
               yb[t] == (xb ^ 0xff00ff00u ^ static_cast<unsigned>(t));
  }
  expect(calls_ok, "scalar_calls: ptx_call fma, shfl.sync, add, setp, lop3");
  cudaFree(dy);
  cudaFree(dbits);

  cudaFree(da);
  cudaFree(out);
  cudaFree(dw);
  cudaFree(dwo);
  cudaFree(du);
  return failures == 0 ? 0 : 1;
}
