// GPU test of ptx_call's memory operands (exec/call.hpp), label gpu; one
// CTA of 128 threads on seeded data (std::mt19937, seed 37), bit-exact
// against the host: ld.global.nc.v4.b32 through a pointer to uint4 and
// ld.global.v2.f32 through a pointer to float (the registers an array),
// ld.global.s8 and ld.global.u8 (sign and zero extension into 32 bits),
// st.relaxed.gpu.global.b32 and st.global.v2.b64, atom.shared::cta.add.u32
// (the old values are a permutation of the prefix sums' set: every thread's
// old value plus its addend is another's old value or the total),
// red.global.add.u32 and red.global.xor.b32 on one word, and
// cp.async.cg.shared.global of 16 bytes into shared memory, and one-element
// tensors as memory operands (ld.global.f32 from a GlobalTensor,
// st.shared.b32 into a shared tensor). Exit 0: all passed; 1: a check failed; 77: no GPU.
#include "support/gpu_check.hpp"

#include <tirx/tile.hpp>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

namespace {

using namespace tirx;

constexpr unsigned threads = 128;

struct Out {
  uint4 v4[threads];
  float f2[threads][2];
  int s8[threads];
  unsigned u8[threads];
  unsigned st32[threads];
  unsigned long long st64[threads][2];
  unsigned old[threads];
  unsigned total;
  unsigned red_add;
  unsigned red_xor;
  uint4 copied[threads];
  float f1[threads];
  unsigned sh[threads];
};

__global__ void calls(const uint4* v4, const float* f2, const signed char* bytes,
                      const unsigned* addends, Out* out) {
  const unsigned t = threadIdx.x;
  unsigned r[4];
  ptx_call<"ld.global.nc.v4.b32">(r, v4 + t);
  out->v4[t] = make_uint4(r[0], r[1], r[2], r[3]);
  float f[2];
  ptx_call<"ld.global.v2.f32">(f, f2 + 2 * t);
  out->f2[t][0] = f[0];
  out->f2[t][1] = f[1];
  int s = 0;
  ptx_call<"ld.global.s8">(s, bytes + t);
  out->s8[t] = s;
  unsigned u = 0;
  ptx_call<"ld.global.u8">(u, reinterpret_cast<const unsigned char*>(bytes) + t);
  out->u8[t] = u;
  ptx_call<"st.relaxed.gpu.global.b32">(out->st32 + t, r[0] ^ r[3]);
  const unsigned long long w[2] = {(static_cast<unsigned long long>(r[1]) << 32) | r[2],
                                   ~static_cast<unsigned long long>(r[0])};
  ptx_call<"st.global.v2.b64">(&out->st64[t][0], w);

  __shared__ unsigned counter;
  __shared__ alignas(16) uint4 tile[threads];
  if (t == 0)
    counter = 0;
  __syncthreads();
  unsigned old = 0;
  ptx_call<"atom.shared::cta.add.u32">(old, &counter, addends[t]);
  out->old[t] = old;
  ptx_call<"red.global.add.u32">(&out->red_add, addends[t]);
  ptx_call<"red.global.xor.b32">(&out->red_xor, r[1]);
  ptx_call<"cp.async.cg.shared.global">(&tile[t], v4 + (threads - 1 - t));
  // one-element tensors as memory operands: a global one and a shared one
  float g = 0.0f;
  ptx_call<"ld.global.f32">(g, GlobalTensor<const float, ShapeT<1>>{f2 + 2 * t + 1});
  out->f1[t] = g;
  __shared__ unsigned slot[threads];
  ptx_call<"st.shared.b32">(Tensor<unsigned, ShapeT<1>, MemScope::shared>{&slot[t]}, r[2] + t);
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out->copied[t] = tile[t];
  out->sh[t] = slot[t];
  if (t == 0)
    out->total = counter;
}

int failures = 0;
void expect(bool ok, const char* what, unsigned t) {
  if (!ok && failures++ < 20)
    std::printf("FAIL %s (thread %u)\n", what, t);
}

} // namespace

int main() {
  if (int rc = tirx_test_require_gpu())
    return rc;
  std::mt19937 rng(37);
  std::vector<uint4> v4(threads);
  std::vector<float> f2(2 * threads);
  std::vector<signed char> bytes(threads);
  std::vector<unsigned> addends(threads);
  for (auto& x : v4)
    x = make_uint4(rng(), rng(), rng(), rng());
  for (auto& x : f2)
    x = static_cast<float>(static_cast<int>(rng() % 20001) - 10000) / 64.0f;
  for (auto& x : bytes)
    x = static_cast<signed char>(rng() & 0xFF);
  for (auto& x : addends)
    x = 1 + rng() % 1000;
  uint4* dv4 = nullptr;
  float* df2 = nullptr;
  signed char* dbytes = nullptr;
  unsigned* dadd = nullptr;
  Out* dout = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&dv4, threads * sizeof(uint4)));
  TIRX_CHECK_CUDA(cudaMalloc(&df2, 2 * threads * sizeof(float)));
  TIRX_CHECK_CUDA(cudaMalloc(&dbytes, threads));
  TIRX_CHECK_CUDA(cudaMalloc(&dadd, threads * sizeof(unsigned)));
  TIRX_CHECK_CUDA(cudaMalloc(&dout, sizeof(Out)));
  TIRX_CHECK_CUDA(cudaMemcpy(dv4, v4.data(), threads * sizeof(uint4), cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemcpy(df2, f2.data(), 2 * threads * sizeof(float), cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemcpy(dbytes, bytes.data(), threads, cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(
      cudaMemcpy(dadd, addends.data(), threads * sizeof(unsigned), cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(dout, 0, sizeof(Out)));
  calls<<<1, threads>>>(dv4, df2, dbytes, dadd, dout);
  TIRX_CHECK_LAUNCH("calls");
  Out out;
  TIRX_CHECK_CUDA(cudaMemcpy(&out, dout, sizeof(Out), cudaMemcpyDeviceToHost));

  unsigned sum = 0, x = 0;
  for (unsigned t = 0; t < threads; ++t) {
    const uint4 v = v4[t];
    expect(std::memcmp(&out.v4[t], &v, sizeof v) == 0, "ld.global.nc.v4.b32", t);
    expect(std::memcmp(out.f2[t], &f2[2 * t], 8) == 0, "ld.global.v2.f32", t);
    expect(out.s8[t] == static_cast<int>(bytes[t]), "ld.global.s8: sign extension", t);
    expect(out.u8[t] == static_cast<unsigned>(static_cast<unsigned char>(bytes[t])),
           "ld.global.u8: zero extension", t);
    expect(out.st32[t] == (v.x ^ v.w), "st.relaxed.gpu.global.b32", t);
    expect(out.st64[t][0] == ((static_cast<unsigned long long>(v.y) << 32) | v.z) &&
               out.st64[t][1] == ~static_cast<unsigned long long>(v.x),
           "st.global.v2.b64", t);
    const uint4 c = v4[threads - 1 - t];
    expect(std::memcmp(&out.copied[t], &c, sizeof c) == 0, "cp.async.cg.shared.global", t);
    expect(std::memcmp(&out.f1[t], &f2[2 * t + 1], 4) == 0, "ld.global.f32: a global tensor", t);
    expect(out.sh[t] == v.z + t, "st.shared.b32: a shared tensor", t);
    sum += addends[t];
    x ^= v.y;
  }
  expect(out.total == sum, "atom.shared::cta.add.u32: the total", 0);
  expect(out.red_add == sum, "red.global.add.u32", 0);
  expect(out.red_xor == x, "red.global.xor.b32", 0);
  // each old value plus its addend is another thread's old value, or the total
  std::vector<unsigned> olds(out.old, out.old + threads);
  std::sort(olds.begin(), olds.end());
  expect(olds[0] == 0, "atom: one thread saw 0", 0);
  for (unsigned t = 0; t < threads; ++t) {
    const unsigned next = out.old[t] + addends[t];
    expect(next == sum || std::binary_search(olds.begin(), olds.end(), next),
           "atom: the old values chain", t);
  }
  cudaFree(dv4);
  cudaFree(df2);
  cudaFree(dbytes);
  cudaFree(dadd);
  cudaFree(dout);
  std::printf("%s: %d failures\n", failures == 0 ? "ok" : "FAIL", failures);
  return failures == 0 ? 0 : 1;
}
