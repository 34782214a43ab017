// PTX-text test (ptx_text_call, sm_90a; nothing runs): each ptx_call kernel
// and its twin, the same instruction written as inline asm by hand, hold the
// same instruction with the same kinds of operands (`// ptx-entry: KERNEL
// REGEX`, tests/ptx/check_ptx_text.cmake): registers of the same classes,
// an immediate written into the text where the row takes one, a predicate
// destination as a predicate register, a memory operand as an address
// register (a shared one as a 32-bit shared-window address), a vector's
// registers in braces.
// clang-format off
// ptx-entry: call_add add\.rn\.f32 %f[0-9]+, %f[0-9]+, %f[0-9]+;
// ptx-entry: asm_add add\.rn\.f32 %f[0-9]+, %f[0-9]+, %f[0-9]+;
// ptx-entry: call_fma fma\.rn\.f32 %f[0-9]+, %f[0-9]+, %f[0-9]+, %f[0-9]+;
// ptx-entry: asm_fma fma\.rn\.f32 %f[0-9]+, %f[0-9]+, %f[0-9]+, %f[0-9]+;
// ptx-entry: call_lop3 lop3\.b32 %r[0-9]+, %r[0-9]+, %r[0-9]+, %r[0-9]+, 150;
// ptx-entry: asm_lop3 lop3\.b32 %r[0-9]+, %r[0-9]+, %r[0-9]+, %r[0-9]+, 150;
// ptx-entry: call_shfl shfl\.sync\.bfly\.b32 %r[0-9]+, %r[0-9]+, %r[0-9]+, %r[0-9]+, %r[0-9]+;
// ptx-entry: asm_shfl shfl\.sync\.bfly\.b32 %r[0-9]+, %r[0-9]+, %r[0-9]+, %r[0-9]+, %r[0-9]+;
// ptx-entry: call_setp setp\.lt\.f32 [%a-z0-9]+, %f[0-9]+, %f[0-9]+;
// ptx-entry: asm_setp setp\.lt\.f32 [%a-z0-9]+, %f[0-9]+, %f[0-9]+;
// ptx-entry: call_cvt cvt\.rn\.f16x2\.f32 %r[0-9]+, %f[0-9]+, %f[0-9]+;
// ptx-entry: asm_cvt cvt\.rn\.f16x2\.f32 %r[0-9]+, %f[0-9]+, %f[0-9]+;
// ptx-entry: call_ld_v4 ld\.global\.nc\.v4\.b32 \{%r[0-9]+, %r[0-9]+, %r[0-9]+, %r[0-9]+\}, \[%rd[0-9]+\+0\];
// ptx-entry: asm_ld_v4 ld\.global\.nc\.v4\.b32 \{%r[0-9]+, %r[0-9]+, %r[0-9]+, %r[0-9]+\}, \[%rd[0-9]+\+0\];
// ptx-entry: call_ld_s8 ld\.global\.s8 %r[0-9]+, \[%rd[0-9]+\+0\];
// ptx-entry: asm_ld_s8 ld\.global\.s8 %r[0-9]+, \[%rd[0-9]+\+0\];
// ptx-entry: call_st_relaxed st\.relaxed\.gpu\.global\.b32 \[%rd[0-9]+\+0\], %r[0-9]+;
// ptx-entry: asm_st_relaxed st\.relaxed\.gpu\.global\.b32 \[%rd[0-9]+\+0\], %r[0-9]+;
// ptx-entry: call_atom_shared atom\.shared::cta\.add\.u32 %r[0-9]+, \[%r[d0-9]+\], %r[0-9]+;
// ptx-entry: asm_atom_shared atom\.shared::cta\.add\.u32 %r[0-9]+, \[%r[d0-9]+\], %r[0-9]+;
// ptx-entry: call_red red\.global\.add\.f32 \[%rd[0-9]+\], %f[0-9]+;
// ptx-entry: asm_red red\.global\.add\.f32 \[%rd[0-9]+\], %f[0-9]+;
// ptx-entry: call_cp_async cp\.async\.cg\.shared\.global \[%r[0-9]+(\+0)?\], \[%rd[0-9]+(\+0)?\], 16;
// ptx-entry: asm_cp_async cp\.async\.cg\.shared\.global \[%r[0-9]+(\+0)?\], \[%rd[0-9]+(\+0)?\], 16;
// clang-format on
#include <tirx/tile.hpp>

namespace call_ptx_text {

using namespace tirx;

__global__ void call_add(const float* a, const float* b, float* d) {
  float r;
  ptx_call<"add.rn.f32">(r, a[threadIdx.x], b[threadIdx.x]);
  d[threadIdx.x] = r;
}
__global__ void asm_add(const float* a, const float* b, float* d) {
  float r;
  asm volatile("add.rn.f32 %0, %1, %2;" : "=f"(r) : "f"(a[threadIdx.x]), "f"(b[threadIdx.x]));
  d[threadIdx.x] = r;
}

__global__ void call_fma(const float* a, const float* b, float* d) {
  float r;
  ptx_call<"fma.rn.f32">(r, a[threadIdx.x], b[threadIdx.x], d[threadIdx.x]);
  d[threadIdx.x] = r;
}
__global__ void asm_fma(const float* a, const float* b, float* d) {
  float r;
  asm volatile("fma.rn.f32 %0, %1, %2, %3;"
               : "=f"(r)
               : "f"(a[threadIdx.x]), "f"(b[threadIdx.x]), "f"(d[threadIdx.x]));
  d[threadIdx.x] = r;
}

__global__ void call_lop3(const unsigned* a, unsigned* d) {
  unsigned r;
  ptx_call<"lop3.b32">(r, a[0], a[1], a[2], tile::imm<0x96>);
  d[threadIdx.x] = r;
}
__global__ void asm_lop3(const unsigned* a, unsigned* d) {
  unsigned r;
  asm volatile("lop3.b32 %0, %1, %2, %3, 150;" : "=r"(r) : "r"(a[0]), "r"(a[1]), "r"(a[2]));
  d[threadIdx.x] = r;
}

__global__ void call_shfl(const unsigned* a, unsigned* d) {
  unsigned r;
  ptx_call<"shfl.sync.bfly.b32">(r, a[threadIdx.x], 1u, 0x1fu, 0xffffffffu);
  d[threadIdx.x] = r;
}
__global__ void asm_shfl(const unsigned* a, unsigned* d) {
  unsigned r;
  asm volatile("shfl.sync.bfly.b32 %0, %1, %2, %3, %4;"
               : "=r"(r)
               : "r"(a[threadIdx.x]), "r"(1u), "r"(0x1fu), "r"(0xffffffffu));
  d[threadIdx.x] = r;
}

__global__ void call_setp(const float* a, int* d) {
  bool p;
  ptx_call<"setp.lt.f32">(p, a[threadIdx.x], 0.5f);
  d[threadIdx.x] = p ? 1 : 0;
}
__global__ void asm_setp(const float* a, int* d) {
  unsigned p;
  asm volatile("{\n .reg .pred p;\n setp.lt.f32 p, %1, %2;\n selp.u32 %0, 1, 0, p;\n}"
               : "=r"(p)
               : "f"(a[threadIdx.x]), "f"(0.5f));
  d[threadIdx.x] = static_cast<int>(p);
}

__global__ void call_cvt(const float* a, unsigned* d) {
  unsigned r;
  ptx_call<"cvt.rn.f16x2.f32">(r, a[2 * threadIdx.x], a[2 * threadIdx.x + 1]);
  d[threadIdx.x] = r;
}
__global__ void asm_cvt(const float* a, unsigned* d) {
  unsigned r;
  asm volatile("cvt.rn.f16x2.f32 %0, %1, %2;"
               : "=r"(r)
               : "f"(a[2 * threadIdx.x]), "f"(a[2 * threadIdx.x + 1]));
  d[threadIdx.x] = r;
}

__global__ void call_ld_v4(const uint4* in, unsigned* out) {
  unsigned r[4];
  ptx_call<"ld.global.nc.v4.b32">(r, in + threadIdx.x);
  out[threadIdx.x] = r[0] ^ r[1] ^ r[2] ^ r[3];
}
__global__ void asm_ld_v4(const uint4* in, unsigned* out) {
  unsigned r[4];
  asm volatile("ld.global.nc.v4.b32 {%0, %1, %2, %3}, [%4+0];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "l"(in + threadIdx.x)
               : "memory");
  out[threadIdx.x] = r[0] ^ r[1] ^ r[2] ^ r[3];
}

__global__ void call_ld_s8(const signed char* in, int* out) {
  int r;
  ptx_call<"ld.global.s8">(r, in + threadIdx.x);
  out[threadIdx.x] = r;
}
__global__ void asm_ld_s8(const signed char* in, int* out) {
  int r;
  asm volatile("ld.global.s8 %0, [%1+0];" : "=r"(r) : "l"(in + threadIdx.x) : "memory");
  out[threadIdx.x] = r;
}

__global__ void call_st_relaxed(unsigned* out) {
  ptx_call<"st.relaxed.gpu.global.b32">(out + threadIdx.x, threadIdx.x * 3u);
}
__global__ void asm_st_relaxed(unsigned* out) {
  asm volatile("st.relaxed.gpu.global.b32 [%0+0], %1;" ::"l"(out + threadIdx.x),
               "r"(threadIdx.x * 3u)
               : "memory");
}

__global__ void call_atom_shared(unsigned* out) {
  __shared__ unsigned counter;
  if (threadIdx.x == 0)
    counter = 0;
  __syncthreads();
  unsigned old;
  ptx_call<"atom.shared::cta.add.u32">(old, &counter, threadIdx.x);
  out[threadIdx.x] = old;
}
__global__ void asm_atom_shared(unsigned* out) {
  __shared__ unsigned counter;
  if (threadIdx.x == 0)
    counter = 0;
  __syncthreads();
  unsigned old;
  asm volatile("atom.shared::cta.add.u32 %0, [%1], %2;"
               : "=r"(old)
               : "r"(static_cast<unsigned>(__cvta_generic_to_shared(&counter))), "r"(threadIdx.x)
               : "memory");
  out[threadIdx.x] = old;
}

__global__ void call_red(float* sum, const float* in) {
  ptx_call<"red.global.add.f32">(sum, in[threadIdx.x]);
}
__global__ void asm_red(float* sum, const float* in) {
  asm volatile("red.global.add.f32 [%0], %1;" ::"l"(sum), "f"(in[threadIdx.x]) : "memory");
}

__global__ void call_cp_async(const uint4* in, uint4* out) {
  __shared__ uint4 tile[32];
  ptx_call<"cp.async.cg.shared.global">(&tile[threadIdx.x], in + threadIdx.x);
  asm volatile("cp.async.wait_all;" ::: "memory");
  out[threadIdx.x] = tile[threadIdx.x];
}
__global__ void asm_cp_async(const uint4* in, uint4* out) {
  __shared__ uint4 tile[32];
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(
                   static_cast<unsigned>(__cvta_generic_to_shared(&tile[threadIdx.x]))),
               "l"(in + threadIdx.x)
               : "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  out[threadIdx.x] = tile[threadIdx.x];
}

} // namespace call_ptx_text
