// GPU test of the atom and red families through tile::apply (label gpu):
// contended addresses (every thread of 8 CTAs of 128 threads hits one of a
// few addresses), each final value checked exactly against a host fold of
// (exch: against the exchanged values, the last of which wins)
// seeded random values (integer ops exact; float, f16x2 and bf16x2 adds of
// small whole numbers, exact in any order), and atom's returned old values
// checked where their set is known: add's olds form one chain init, init +
// v0, ... per address; exch's olds and the final value are the initial value
// and every value once; inc/dec's olds are the counts modulo the bound;
// min/max/and/or olds lie between the initial and the final value. The old
// values' registers are poisoned first. A representative subset, not every
// spelling: each operation and type once at thread scope on .global, the
// orderings and scopes on a few, a guard, a cache policy, the sm_90 vector
// forms; .global add and red over warp and cta scopes with four memory
// layouts that repeat an address across lanes and warps; .shared::cta
// per CTA; .shared::cluster across a 2-CTA cluster (sm_90); a cas-based
// counter (its final value and its successful olds, a permutation).
// One PASS/FAIL line per case, then "N passed, M failed"; exit 77 without a GPU.
#include "gpu_check.hpp"
#include "support/random.hpp"
#include "support/spelling_tag.hpp"

#include <tirx/tile.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <random>
#include <vector>

namespace {

using namespace tirx;
using tirx_test::instr_of;

constexpr int ctas = 8, threads = 128, total = ctas * threads;

enum class Op { add, min, max, band, bor, bxor, inc, dec, exch, fadd, hadd2, badd2, hadd, badd };
enum class Where { global, shared, cluster };

template <class Tag> constexpr bool is_red = Tag::text[0] == 'r';
TIRX_HD constexpr bool has(const char* s, const char* w) {
  for (int i = 0; s[i] != '\0'; ++i) {
    int j = 0;
    while (w[j] != '\0' && s[i + j] == w[j])
      ++j;
    if (w[j] == '\0')
      return true;
  }
  return false;
}
/// Whether this device compilation has the spelling (sm_90 forms compile out below sm_90).
template <class Tag, int Vec> TIRX_HD constexpr bool compiled() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
  return Vec == 1 && !has(Tag::text, "bf16") && !has(Tag::text, "cluster");
#else
  return true;
#endif
}

// modes of the thread-scope kernel: plain, a scalar value (37), guarded on even
// threads (preserve_dst), a cache policy, a cas-based counter
enum Mode { m_plain = 0, m_scalar = 1, m_guarded = 2, m_hinted = 3, m_cas = 4 };

template <class T> __device__ T* cluster_peer(T* p, unsigned rank) {
  unsigned long long out = 0;
#if __CUDA_ARCH__ >= 900
  asm volatile("mapa.u64 %0, %1, %2;" : "=l"(out) : "l"(p), "r"(rank));
#endif
  return reinterpret_cast<T*>(out);
}
__device__ void cluster_barrier() {
#if __CUDA_ARCH__ >= 900
  asm volatile("barrier.cluster.arrive.release.aligned;\n\tbarrier.cluster.wait.acquire.aligned;" ::
                   : "memory");
#endif
}

/// One thread, one atom of Vec elements at address slot (thread % k); W says
/// whose memory: global (every CTA), the CTA's shared memory, or CTA 0's of
/// a 2-CTA cluster.
template <class Tag, class T, int Vec, Where W, int M>
__device__ void thread_body(T* mem, const T* vals, T* olds, int k, T poison) {
  __shared__ alignas(16) T smem[64];
  const int local = static_cast<int>(threadIdx.x);
  const int tid = static_cast<int>(blockIdx.x) * threads + local;
  T* base = mem;
  if constexpr (W != Where::global) {
    const int group = W == Where::shared ? static_cast<int>(blockIdx.x) : blockIdx.x / 2;
    const bool owner = W == Where::shared || blockIdx.x % 2 == 0;
    if (owner && local < k * Vec)
      smem[local] = mem[group * k * Vec + local];
    if constexpr (W == Where::cluster)
      cluster_barrier();
    else
      __syncthreads();
    base = W == Where::shared ? smem : cluster_peer(smem, 0);
  }
  constexpr MemScope sc = W == Where::global ? MemScope::global : MemScope::shared;
  using Mt = Tensor<T, ShapeT<Vec>, sc, Vec* static_cast<int>(sizeof(T))>;
  auto m = decl_tensor<Mt>(base + ((W == Where::global ? tid : local) % k) * Vec);
  auto v = alloc_local<T, shape(Vec)>();
  auto d = alloc_local<T, shape(Vec)>();
  for (int j = 0; j < Vec; ++j) {
    v(j) = vals[tid * Vec + j];
    d(j) = poison;
  }
  using I = instr_of<Tag>;
  if constexpr (M == m_cas) {
    T cur = 0;
    for (;;) {
      tile::apply<I>(d, m, cur, static_cast<T>(cur + 1), scope::thread);
      if (d(0) == cur)
        break;
      cur = d(0);
    }
  } else if constexpr (is_red<Tag>) {
    if constexpr (M == m_hinted)
      tile::apply<I>(m, v, scope::thread, tile::cache_hint(policy::evict_last()));
    else
      tile::apply<I>(m, v, scope::thread);
  } else if constexpr (M == m_scalar) {
    tile::apply<I>(d, m, static_cast<T>(37), scope::thread);
  } else if constexpr (M == m_guarded) {
    tile::apply<I>(d, m, v, scope::thread, tile::pred(tid % 2 == 0), tile::preserve_dst);
  } else if constexpr (M == m_hinted) {
    tile::apply<I>(d, m, v, scope::thread, tile::cache_hint(policy::evict_last()));
  } else {
    tile::apply<I>(d, m, v, scope::thread);
  }
  for (int j = 0; j < Vec; ++j)
    olds[tid * Vec + j] = d(j);
  if constexpr (W != Where::global) {
    if constexpr (W == Where::cluster)
      cluster_barrier();
    else
      __syncthreads();
    const int group = W == Where::shared ? static_cast<int>(blockIdx.x) : blockIdx.x / 2;
    const bool owner = W == Where::shared || blockIdx.x % 2 == 0;
    if (owner && local < k * Vec)
      mem[group * k * Vec + local] = smem[local];
  }
}
template <class Tag, class T, int Vec, Where W, int M>
__global__ void thread_kernel(T* mem, const T* vals, T* olds, int k, T poison) {
  if constexpr (compiled<Tag, Vec>())
    thread_body<Tag, T, Vec, W, M>(mem, vals, olds, k, poison);
}

// warp and cta scope on .global: two elements a thread; the memory layout
// repeats addresses: 0 every lane the same 2, 1 lane % 4 picks one of 4 pairs
// (warp); 2 every thread of the CTA the same 2, 3 each warp its own pair (cta)
constexpr TileLayout warp_regs = layout_of<"S[(32, 2) : (1@laneid, 1)]">;
constexpr TileLayout cta_regs = layout_of<"S[(4, 32, 2) : (1@warpid, 1@laneid, 1)]">;
constexpr TileLayout mem_l0 = layout_of<"S[(32, 2) : (0, 1)]">;
constexpr TileLayout mem_l1 = layout_of<"S[(8, 4, 2) : (0, 2, 1)]">;
constexpr TileLayout mem_l2 = layout_of<"S[(4, 32, 2) : (0, 0, 1)]">;
constexpr TileLayout mem_l3 = layout_of<"S[(4, 32, 2) : (2, 0, 1)]">;

template <class Tag, class T, int L> __global__ void group_kernel(T* mem, const T* vals, T* olds) {
  using I = instr_of<Tag>;
  using LdI = ptx<sizeof(T) == 8 ? fixed_string("ld.global.b64") : fixed_string("ld.global.b32")>;
  using StI = ptx<sizeof(T) == 8 ? fixed_string("st.global.b64") : fixed_string("st.global.b32")>;
  const int warp = static_cast<int>(blockIdx.x * threads + threadIdx.x) / 32;
  if constexpr (L < 2) {
    constexpr TileLayout ml = L == 0 ? mem_l0 : mem_l1;
    using Mt = Tensor<T, ShapeT<32, 2>, MemScope::global, alignof(T),
                      typename detail::layout_type_of<ml>::type>;
    using Rt = GlobalTensor<T, ShapeT<32, 2>>;
    auto v = alloc_local<T, shape(32, 2), warp_regs>();
    auto d = alloc_local<T, shape(32, 2), warp_regs>();
    tile::apply<LdI>(v, decl_tensor<Rt>(const_cast<T*>(vals) + warp * 64), scope::warp);
    if constexpr (is_red<Tag>) {
      tile::apply<I>(decl_tensor<Mt>(mem), v, scope::warp);
    } else {
      tile::apply<I>(d, decl_tensor<Mt>(mem), v, scope::warp);
      tile::apply<StI>(decl_tensor<Rt>(olds + warp * 64), d, scope::warp);
    }
  } else {
    constexpr TileLayout ml = L == 2 ? mem_l2 : mem_l3;
    using Mt = Tensor<T, ShapeT<4, 32, 2>, MemScope::global, alignof(T),
                      typename detail::layout_type_of<ml>::type>;
    using Rt = GlobalTensor<T, ShapeT<4, 32, 2>>;
    auto v = alloc_local<T, shape(4, 32, 2), cta_regs>();
    auto d = alloc_local<T, shape(4, 32, 2), cta_regs>();
    const int cta = static_cast<int>(blockIdx.x);
    tile::apply<LdI>(v, decl_tensor<Rt>(const_cast<T*>(vals) + cta * 256), scope::cta);
    if constexpr (is_red<Tag>) {
      tile::apply<I>(decl_tensor<Mt>(mem), v, scope::cta);
    } else {
      tile::apply<I>(d, decl_tensor<Mt>(mem), v, scope::cta);
      tile::apply<StI>(decl_tensor<Rt>(olds + cta * 256), d, scope::cta);
    }
  }
}

// ---- host side ----------------------------------------------------------------

int passed = 0, failed = 0;
void report(const char* name, bool ok, const char* why) {
  std::printf("%s %s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ", ok ? "" : why);
  (ok ? passed : failed)++;
}

// small whole numbers as f16 / bf16 bits (exact)
std::uint16_t f16_bits(float f) {
  if (f == 0.0f)
    return 0;
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  const int e = static_cast<int>((u >> 23) & 255) - 127 + 15;
  return static_cast<std::uint16_t>(((u >> 16) & 0x8000u) | (e << 10) | ((u >> 13) & 0x3ffu));
}
float f16_value(std::uint16_t h) {
  if ((h & 0x7fff) == 0)
    return 0.0f;
  const std::uint32_t u = (static_cast<std::uint32_t>(h & 0x8000) << 16) |
                          (static_cast<std::uint32_t>(((h >> 10) & 31) - 15 + 127) << 23) |
                          (static_cast<std::uint32_t>(h & 0x3ff) << 13);
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
std::uint16_t bf16_bits(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  return static_cast<std::uint16_t>(u >> 16);
}
float bf16_value(std::uint16_t h) {
  const std::uint32_t u = static_cast<std::uint32_t>(h) << 16;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

template <class T> T combine(Op op, T a, T b) {
  using S = std::make_signed_t<T>;
  switch (op) {
  case Op::add:
    return static_cast<T>(a + b);
  case Op::min:
    return a < b ? a : b;
  case Op::max:
    return a > b ? a : b;
  case Op::band:
    return a & b;
  case Op::bor:
    return a | b;
  case Op::bxor:
    return a ^ b;
  case Op::exch:
    return b;
  case Op::fadd:
    if constexpr (sizeof(T) == 4) {
      float x, y;
      std::memcpy(&x, &a, 4), std::memcpy(&y, &b, 4);
      x += y;
      std::memcpy(&a, &x, 4);
    } else if constexpr (sizeof(T) == 8) {
      double x, y;
      std::memcpy(&x, &a, 8), std::memcpy(&y, &b, 8);
      x += y;
      std::memcpy(&a, &x, 8);
    }
    return a;
  case Op::hadd:
    return static_cast<T>(f16_bits(f16_value(static_cast<std::uint16_t>(a)) +
                                   f16_value(static_cast<std::uint16_t>(b))));
  case Op::badd:
    return static_cast<T>(bf16_bits(bf16_value(static_cast<std::uint16_t>(a)) +
                                    bf16_value(static_cast<std::uint16_t>(b))));
  case Op::hadd2:
  case Op::badd2: {
    const bool h = op == Op::hadd2;
    T r = 0;
    for (int s = 0; s < 32; s += 16) {
      const auto x = static_cast<std::uint16_t>(a >> s), y = static_cast<std::uint16_t>(b >> s);
      const std::uint16_t z =
          h ? f16_bits(f16_value(x) + f16_value(y)) : bf16_bits(bf16_value(x) + bf16_value(y));
      r |= static_cast<T>(static_cast<T>(z) << s);
    }
    return r;
  }
  default:
    (void)sizeof(S);
    return a;
  }
}
template <class T> bool signed_less(T a, T b) {
  return static_cast<std::make_signed_t<T>>(a) < static_cast<std::make_signed_t<T>>(b);
}

/// Checks the final values and, for atom, the old values. addr[i]: the
/// address element i of vals updates; init: the addresses' first values;
/// bound: inc/dec's b.
template <class T>
bool check(Op op, bool sgn, const std::vector<int>& addr, const std::vector<T>& init,
           const std::vector<T>& vals, const std::vector<T>& fin, const std::vector<T>* olds,
           T bound, const char** why) {
  const std::size_t na = init.size();
  std::vector<T> ref = init;
  std::vector<std::vector<std::size_t>> by(na);
  for (std::size_t i = 0; i < addr.size(); ++i) {
    if (addr[i] < 0)
      continue;
    by[addr[i]].push_back(i);
    T& r = ref[addr[i]];
    if (op == Op::inc)
      r = r >= bound ? 0 : r + 1;
    else if (op == Op::dec)
      r = (r == 0 || r > bound) ? bound : r - 1;
    else if (sgn && op == Op::min)
      r = signed_less(vals[i], r) ? vals[i] : r;
    else if (sgn && op == Op::max)
      r = signed_less(r, vals[i]) ? vals[i] : r;
    else
      r = combine(op, r, vals[i]);
  }
  for (std::size_t a = 0; a < na; ++a) {
    if (op == Op::exch) {
      // the last exchange under contention wins: the final value is one of the
      // exchanged values (or the initial one), and with the olds a permutation (below)
      bool one_of = by[a].empty() && fin[a] == init[a];
      for (std::size_t i : by[a])
        one_of = one_of || fin[a] == vals[i];
      if (!one_of) {
        *why = "exch's final value is none of the exchanged values";
        return false;
      }
    } else if (fin[a] != ref[a]) {
      *why = "a final value differs from the host fold";
      return false;
    }
  }
  if (!olds)
    return true;
  for (std::size_t a = 0; a < na; ++a) {
    std::vector<T> o;
    for (std::size_t i : by[a])
      o.push_back((*olds)[i]);
    if (op == Op::add) { // one chain from init through every value
      std::map<T, T> next;
      for (std::size_t j = 0; j < by[a].size(); ++j)
        if (!next.emplace(o[j], vals[by[a][j]]).second) {
          *why = "two add olds are equal";
          return false;
        }
      T cur = init[a];
      for (std::size_t j = 0; j < o.size(); ++j) {
        auto it = next.find(cur);
        if (it == next.end()) {
          *why = "the add olds are not one chain from the initial value";
          return false;
        }
        cur = static_cast<T>(cur + it->second);
      }
    } else if (op == Op::exch) {
      std::vector<T> got = o, want;
      got.push_back(fin[a]);
      want.push_back(init[a]);
      for (std::size_t i : by[a])
        want.push_back(vals[i]);
      std::sort(got.begin(), got.end()), std::sort(want.begin(), want.end());
      if (got != want) {
        *why = "exch's olds and final value are not the initial value and every value once";
        return false;
      }
    } else if (op == Op::inc || op == Op::dec) {
      std::vector<T> want;
      T c = init[a];
      for (std::size_t j = 0; j < o.size(); ++j) {
        want.push_back(c);
        c = op == Op::inc ? (c >= bound ? 0 : c + 1) : ((c == 0 || c > bound) ? bound : c - 1);
      }
      std::sort(o.begin(), o.end()), std::sort(want.begin(), want.end());
      if (o != want) {
        *why = "inc/dec's olds are not the counts modulo the bound";
        return false;
      }
    } else if (op == Op::min || op == Op::max || op == Op::band || op == Op::bor) {
      for (T x : o) {
        const bool ok =
            op == Op::band ? ((x & fin[a]) == fin[a] && (x & init[a]) == x)
            : op == Op::bor
                ? ((x | fin[a]) == fin[a] && (x | init[a]) == x)
                : (sgn ? (op == Op::min ? !signed_less(x, fin[a]) && !signed_less(init[a], x)
                                        : !signed_less(fin[a], x) && !signed_less(x, init[a]))
                       : (op == Op::min ? x >= fin[a] && x <= init[a]
                                        : x <= fin[a] && x >= init[a]));
        if (!ok) {
          *why = "an old value lies outside [initial, final]";
          return false;
        }
      }
    }
  }
  return true;
}

std::mt19937_64 rng(20261201);

/// Values of a case: random bits masked by mask, +1 (add: non-zero), or small
/// whole numbers in a float / half encoding.
template <class T> std::vector<T> values(Op op, std::size_t n, T mask) {
  std::vector<T> v = tirx_test::random_bits<T>(rng, n);
  for (T& x : v) {
    x &= mask;
    if (op == Op::add)
      x = static_cast<T>(x + 1);
    if (op == Op::fadd) {
      const auto w = static_cast<int>(x % 16);
      if constexpr (sizeof(T) == 4) {
        const float f = static_cast<float>(w);
        std::memcpy(&x, &f, 4);
      } else if constexpr (sizeof(T) == 8) {
        const double f = static_cast<double>(w);
        std::memcpy(&x, &f, 8);
      }
    }
    if (op == Op::hadd || op == Op::badd)
      x = static_cast<T>(op == Op::hadd ? f16_bits(static_cast<float>(x % 2))
                                        : bf16_bits(static_cast<float>(x % 2)));
    if (op == Op::hadd2 || op == Op::badd2) {
      const bool h = op == Op::hadd2;
      const float lo = static_cast<float>(x % 2), hi = static_cast<float>((x >> 8) % 2);
      x = static_cast<T>((h ? f16_bits(lo) : bf16_bits(lo)) |
                         (static_cast<std::uint32_t>(h ? f16_bits(hi) : bf16_bits(hi)) << 16));
    }
  }
  return v;
}

template <class T> struct Dev {
  T* p = nullptr;
  explicit Dev(std::size_t n) { TIRX_CHECK_CUDA(cudaMalloc(&p, n * sizeof(T))); }
  ~Dev() { cudaFree(p); }
  void put(const std::vector<T>& v) {
    TIRX_CHECK_CUDA(cudaMemcpy(p, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice));
  }
  std::vector<T> get(std::size_t n) {
    std::vector<T> v(n);
    TIRX_CHECK_CUDA(cudaMemcpy(v.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost));
    return v;
  }
};

int device_sm = 0;

/// A thread-scope case: spelling Tag on type T, atoms of Vec elements, k
/// addresses (per CTA for shared memory, per cluster for shared::cluster).
template <class Tag, class T, int Vec = 1, Where W = Where::global, int M = m_plain>
void thread_case(Op op, bool sgn = false, int k = 3, T mask = static_cast<T>(~T{0}),
                 T init_mask = static_cast<T>(~T{0})) {
  char name[160];
  std::snprintf(name, sizeof name, "%s thread%s k=%d", Tag::text,
                W == Where::global ? "" : (W == Where::shared ? " per-CTA" : " 2-CTA cluster"), k);
  const bool sm90 =
      Vec > 1 || W == Where::cluster || has(Tag::text, "bf16") || has(Tag::text, "cluster");
  if (sm90 && device_sm < 90) {
    std::printf("SKIP %s (needs sm_90)\n", name);
    return;
  }
  const int groups = W == Where::global ? 1 : (W == Where::shared ? ctas : ctas / 2);
  const std::size_t na = static_cast<std::size_t>(groups * k * Vec);
  const std::size_t nv = static_cast<std::size_t>(total * Vec);
  std::vector<T> init = values<T>(op == Op::add ? Op::exch : op, na, init_mask);
  if (op == Op::inc || op == Op::dec)
    std::fill(init.begin(), init.end(), static_cast<T>(op == Op::dec ? 5 : 0));
  if (M == m_cas || op == Op::fadd || op == Op::hadd2 || op == Op::badd2 || op == Op::hadd ||
      op == Op::badd)
    std::fill(init.begin(), init.end(), T{0});
  std::vector<T> vals = values<T>(op, nv, mask);
  if (op == Op::exch)
    for (std::size_t i = 0; i < nv; ++i)
      vals[i] = static_cast<T>(i + 1000);
  if (M == m_scalar)
    std::fill(vals.begin(), vals.end(), T{37});
  if (M == m_cas)
    std::fill(vals.begin(), vals.end(), T{1});
  std::vector<int> addr(nv);
  for (int t = 0; t < total; ++t)
    for (int j = 0; j < Vec; ++j) {
      const int local = t % threads, cta = t / threads;
      const int group = W == Where::global ? 0 : (W == Where::shared ? cta : cta / 2);
      const int slot = (W == Where::global ? t : local) % k;
      addr[t * Vec + j] = M == m_guarded && t % 2 ? -1 : (group * k + slot) * Vec + j;
    }
  const T poison = static_cast<T>(0x5a5a5a5a5a5a5a5aull);
  Dev<T> mem(na), in(nv), out(nv);
  mem.put(init), in.put(vals);
  if constexpr (W == Where::cluster) {
    cudaLaunchConfig_t cfg{};
    cfg.gridDim = dim3(ctas);
    cfg.blockDim = dim3(threads);
    cudaLaunchAttribute attr{};
    attr.id = cudaLaunchAttributeClusterDimension;
    attr.val.clusterDim.x = 2, attr.val.clusterDim.y = 1, attr.val.clusterDim.z = 1;
    cfg.attrs = &attr, cfg.numAttrs = 1;
    TIRX_CHECK_CUDA(cudaLaunchKernelEx(&cfg, thread_kernel<Tag, T, Vec, W, M>, mem.p,
                                       static_cast<const T*>(in.p), out.p, k, poison));
  } else {
    thread_kernel<Tag, T, Vec, W, M><<<ctas, threads>>>(mem.p, in.p, out.p, k, poison);
  }
  TIRX_CHECK_LAUNCH(name);
  const std::vector<T> fin = mem.get(na), olds = out.get(nv);
  const char* why = "";
  bool ok;
  if constexpr (M == m_cas) {
    // k addresses each counted by its threads: final = count, olds a permutation
    ok = check<T>(Op::add, false, addr, init, vals, fin, &olds, T{0}, &why);
  } else {
    const bool with_olds = !is_red<Tag> && op != Op::bxor && op != Op::fadd && op != Op::hadd2 &&
                           op != Op::badd2 && op != Op::hadd && op != Op::badd;
    ok = check<T>(op, sgn, addr, init, vals, fin, with_olds ? &olds : nullptr, T{37}, &why);
    if (ok && M == m_guarded)
      for (int t = 1; t < total && ok; t += 2)
        if (olds[t] != poison)
          ok = false, why = "a guarded-off atom changed its destination";
  }
  report(name, ok, why);
}

template <class Tag, class T, int L> void group_case() {
  char name[160];
  std::snprintf(name, sizeof name, "%s %s layout %d", Tag::text, L < 2 ? "warp" : "cta", L);
  const std::size_t na = L == 1 || L == 3 ? 8 : 2, nv = static_cast<std::size_t>(total * 2);
  std::vector<T> init = values<T>(Op::exch, na, static_cast<T>(0xffff));
  std::vector<T> vals = values<T>(Op::add, nv, static_cast<T>(0xff));
  std::vector<int> addr(nv);
  for (int t = 0; t < total; ++t)
    for (int r = 0; r < 2; ++r) {
      const int lane = t % 32, warp = (t % threads) / 32;
      addr[t * 2 + r] = (L == 1 ? (lane % 4) * 2 : (L == 3 ? warp * 2 : 0)) + r;
    }
  Dev<T> mem(na), in(nv), out(nv);
  mem.put(init), in.put(vals);
  group_kernel<Tag, T, L><<<ctas, threads>>>(mem.p, in.p, out.p);
  TIRX_CHECK_LAUNCH(name);
  const std::vector<T> fin = mem.get(na), olds = out.get(nv);
  const char* why = "";
  const bool ok =
      check<T>(Op::add, false, addr, init, vals, fin, is_red<Tag> ? nullptr : &olds, T{0}, &why);
  report(name, ok, why);
}

// the spellings
TIRX_SPELLING(AddU32, "atom.global.add.u32");
TIRX_SPELLING(AddS32, "atom.global.add.s32");
TIRX_SPELLING(AddU64, "atom.global.add.u64");
TIRX_SPELLING(MinU32, "atom.global.min.u32");
TIRX_SPELLING(MinS32, "atom.global.min.s32");
TIRX_SPELLING(MaxU32, "atom.global.max.u32");
TIRX_SPELLING(MaxS64, "atom.global.max.s64");
TIRX_SPELLING(MinU64, "atom.global.min.u64");
TIRX_SPELLING(AndB32, "atom.global.and.b32");
TIRX_SPELLING(OrB64, "atom.global.or.b64");
TIRX_SPELLING(XorB32, "atom.global.xor.b32");
TIRX_SPELLING(IncU32, "atom.global.inc.u32");
TIRX_SPELLING(DecU32, "atom.global.dec.u32");
TIRX_SPELLING(ExchB32, "atom.global.exch.b32");
TIRX_SPELLING(ExchB64, "atom.global.exch.b64");
TIRX_SPELLING(AddF32, "atom.global.add.f32");
TIRX_SPELLING(AddF64, "atom.global.add.f64");
TIRX_SPELLING(AddF16, "atom.global.add.noftz.f16");
TIRX_SPELLING(AddBF16, "atom.global.add.noftz.bf16");
TIRX_SPELLING(AddF16x2, "atom.global.add.noftz.f16x2");
TIRX_SPELLING(AddBF16x2, "atom.global.add.noftz.bf16x2");
TIRX_SPELLING(CasB32, "atom.global.cas.b32");
TIRX_SPELLING(CasB64AcqRel, "atom.acq_rel.gpu.global.cas.b64");
TIRX_SPELLING(AddRelaxedGpu, "atom.relaxed.gpu.global.add.u32");
TIRX_SPELLING(AddAcqRelSys, "atom.acq_rel.sys.global.add.u32");
TIRX_SPELLING(MaxAcquireGpu, "atom.acquire.gpu.global.max.u32");
TIRX_SPELLING(ExchReleaseSys, "atom.release.sys.global.exch.b32");
TIRX_SPELLING(AddHint, "atom.global.add.L2::cache_hint.u32");
TIRX_SPELLING(RedAddU32, "red.global.add.u32");
TIRX_SPELLING(RedXorB64, "red.global.xor.b64");
TIRX_SPELLING(RedMinS32, "red.global.min.s32");
TIRX_SPELLING(RedAddF32, "red.global.add.f32");
TIRX_SPELLING(RedAddBF16x2, "red.global.add.noftz.bf16x2");
TIRX_SPELLING(RedReleaseGpu, "red.release.gpu.global.add.u64");
TIRX_SPELLING(RedHint, "red.global.add.L2::cache_hint.u32");
TIRX_SPELLING(VecAddF32, "atom.global.add.v4.f32");
TIRX_SPELLING(VecAddF16x2, "atom.global.add.noftz.v2.f16x2");
TIRX_SPELLING(VecRedF32, "red.global.add.v2.f32");
TIRX_SPELLING(VecRedBF16, "red.global.add.noftz.v8.bf16");
TIRX_SPELLING(VecRedHint, "red.global.add.L2::cache_hint.v4.f32");
TIRX_SPELLING(ShAddU32, "atom.shared::cta.add.u32");
TIRX_SPELLING(ShIncCta, "atom.relaxed.cta.shared::cta.inc.u32");
TIRX_SPELLING(ShExch, "atom.acq_rel.cta.shared::cta.exch.b32");
TIRX_SPELLING(ShRedAnd, "red.shared::cta.and.b64");
TIRX_SPELLING(ShRedF32, "red.relaxed.cta.shared::cta.add.f32");
TIRX_SPELLING(ShCas, "atom.shared::cta.cas.b32");
TIRX_SPELLING(ClAddU32, "atom.shared::cluster.add.u32");
TIRX_SPELLING(ClRedCluster, "red.relaxed.cluster.shared::cluster.add.u32");
TIRX_SPELLING(ClMaxCluster, "atom.acq_rel.cluster.shared::cluster.max.s32");

} // namespace

int main() {
  if (int rc = tirx_test_require_gpu())
    return rc;
  cudaDeviceProp prop{};
  TIRX_CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  device_sm = prop.major * 10 + prop.minor;
  using u32 = unsigned;
  using u64 = unsigned long long;
  using u16 = unsigned short;
  // every operation and type once, thread scope, .global
  thread_case<AddU32, u32>(Op::add, false, 3, 0xfff);
  thread_case<AddS32, u32>(Op::add, false, 5, 0xfff);
  thread_case<AddU64, u64>(Op::add, false, 2, 0xffffffffull);
  thread_case<MinU32, u32>(Op::min);
  thread_case<MinS32, u32>(Op::min, true);
  thread_case<MaxU32, u32>(Op::max);
  thread_case<MaxS64, u64>(Op::max, true);
  thread_case<MinU64, u64>(Op::min);
  thread_case<AndB32, u32>(Op::band, false, 3, ~0u & 0xfffffff7u);
  thread_case<OrB64, u64>(Op::bor, false, 3, 0x0102040810204080ull);
  thread_case<XorB32, u32>(Op::bxor);
  thread_case<IncU32, u32, 1, Where::global, m_scalar>(Op::inc, false, 3);
  thread_case<DecU32, u32, 1, Where::global, m_scalar>(Op::dec, false, 7);
  thread_case<ExchB32, u32>(Op::exch);
  thread_case<ExchB64, u64>(Op::exch, false, 4);
  thread_case<AddF32, u32>(Op::fadd);
  thread_case<AddF64, u64>(Op::fadd);
  thread_case<AddF16, u16>(Op::hadd, false, 4);
  thread_case<AddBF16, u16>(Op::badd, false, 8);
  thread_case<AddF16x2, u32>(Op::hadd2, false, 4);
  thread_case<AddBF16x2, u32>(Op::badd2, false, 8);
  // cas: a counter (each thread adds one by compare-and-swap until it wins)
  thread_case<CasB32, u32, 1, Where::global, m_cas>(Op::add, false, 2);
  thread_case<CasB64AcqRel, u64, 1, Where::global, m_cas>(Op::add, false, 1);
  // orderings and scopes, a guard, a cache policy
  thread_case<AddRelaxedGpu, u32>(Op::add, false, 1, 0xfff);
  thread_case<AddAcqRelSys, u32>(Op::add, false, 2, 0xfff);
  thread_case<MaxAcquireGpu, u32>(Op::max);
  thread_case<ExchReleaseSys, u32>(Op::exch, false, 2);
  thread_case<AddU32, u32, 1, Where::global, m_guarded>(Op::add, false, 3, 0xfff);
  thread_case<AddHint, u32, 1, Where::global, m_hinted>(Op::add, false, 3, 0xfff);
  // red
  thread_case<RedAddU32, u32>(Op::add, false, 3, 0xfff);
  thread_case<RedXorB64, u64>(Op::bxor);
  thread_case<RedMinS32, u32>(Op::min, true);
  thread_case<RedAddF32, u32>(Op::fadd, false, 2);
  thread_case<RedAddBF16x2, u32>(Op::badd2, false, 8);
  thread_case<RedReleaseGpu, u64>(Op::add, false, 2, 0xffff);
  thread_case<RedHint, u32, 1, Where::global, m_hinted>(Op::add, false, 3, 0xfff);
  // sm_90 vectors (one aligned atom of 2, 4 or 8 elements a thread)
  thread_case<VecAddF32, u32, 4>(Op::fadd, false, 2);
  thread_case<VecAddF16x2, u32, 2>(Op::hadd2, false, 4);
  thread_case<VecRedF32, u32, 2>(Op::fadd, false, 3);
  thread_case<VecRedBF16, u16, 8>(Op::badd, false, 8);
  thread_case<VecRedHint, u32, 4, Where::global, m_hinted>(Op::fadd, false, 2);
  // .shared::cta, per CTA
  thread_case<ShAddU32, u32, 1, Where::shared>(Op::add, false, 3, 0xfff);
  thread_case<ShIncCta, u32, 1, Where::shared, m_scalar>(Op::inc, false, 2);
  thread_case<ShExch, u32, 1, Where::shared>(Op::exch, false, 4);
  thread_case<ShRedAnd, u64, 1, Where::shared>(Op::band, false, 2, ~0ull ^ 0x8421ull);
  thread_case<ShRedF32, u32, 1, Where::shared>(Op::fadd, false, 3);
  thread_case<ShCas, u32, 1, Where::shared, m_cas>(Op::add, false, 2);
  // .shared::cluster: both CTAs of a cluster update CTA 0's shared memory
  thread_case<ClAddU32, u32, 1, Where::cluster>(Op::add, false, 3, 0xfff);
  thread_case<ClRedCluster, u32, 1, Where::cluster>(Op::add, false, 2, 0xfff);
  thread_case<ClMaxCluster, u32, 1, Where::cluster>(Op::max, true, 3);
  // warp and cta scopes over four memory layouts (addresses repeated across threads)
  group_case<AddU32, u32, 0>();
  group_case<AddU32, u32, 1>();
  group_case<AddU32, u32, 2>();
  group_case<AddU32, u32, 3>();
  group_case<RedAddU32, u32, 1>();
  group_case<AddU64, u64, 3>();
  group_case<RedReleaseGpu, u64, 2>();
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
