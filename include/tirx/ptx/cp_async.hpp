// The cp.async family: two memory operands, a shared destination and a
// global source, one chunk per repeat, issued asynchronously (LDGSTS).
//
//   tile::apply<ptx<"cp.async.ca.shared.global">>(smem, gmem, scope [, options])
//
// The chunk is each operand's last mode: 4, 8 or 16 bytes of its element
// type ((..., 1), (..., 2) or (..., 4) floats), .cg only 16; both operands'
// chunks have the same bytes, and every chunk's shared and global address is
// a multiple of its size (the tensors' align and layouts show it at compile
// time; debug builds check the pointers). TIRx's cp.async tile pattern reads
// the chunk from the operands' last axis as well (and asks for a chunk_bytes
// parameter equal to it); tirx takes it from the layout alone.
//
// Options, besides the scope (exec/options.hpp):
//   tile::src_size(n)         src-size: the first n bytes of each chunk from the
//                             source, zeros for the rest (0 <= n <= chunk bytes)
//   tile::ignore_src(c)       ignore-src: where c holds, zeros only, the source unread
//   tile::pred(c)             a guard: where c is false nothing is copied
//   tile::cache_hint(policy)  the 64-bit L2 policy of a .L2::cache_hint spelling
// (n and c are values or callables of the repeat index, so that a ragged
// edge gives each thread, and each repeat, its own valid bytes).
//
// The data is in shared memory only after cp_async_commit_group() and
// cp_async_wait_group<N>() (or cp_async_wait_all()) in the issuing thread,
// or after cp_async_mbarrier_arrive on an mbarrier that a waiter waits on
// (ptx/cp_async_sync.hpp, exec/barrier.hpp), and for other threads' chunks
// after a barrier. apply adds none of these. Spellings (ptx/rows/cp_async.def):
//   cp.async{.ca|.cg}{.shared|.shared::cta}.global[.L2::cache_hint][.L2::64B|.L2::128B|.L2::256B]
#pragma once

#include <tirx/ptx/cp_async_sync.hpp>
#include <tirx/ptx/emit.hpp>

namespace tirx::ptxcpasync {

using ptxemit::Fill;
using ptxemit::Guard;

struct family {
  static constexpr const char* name = "cp.async";

  TIRX_HD static constexpr bool claims(const ptxdesc::Tokens& t) {
    return t.is(0, "cp") && t.is(1, "async");
  }

  TIRX_HD static constexpr ptxdesc::Desc describe(const ptxdesc::Tokens& t) {
    using namespace ptxdesc;
    Desc d{};
    d.dst = Operand{Role::mem, Space::shared, 0, 'r'};
    d.src = Operand{Role::mem, Space::global, 0, 'l'};
    d.family_chunks = 4 | 8 | 16;
    d.chunks = t.is(2, "cg") ? 16 : d.family_chunks;
    d.min_srcs = d.max_srcs = 1;
    d.fills = true;
    d.cache_hint = t.has("L2::cache_hint");
    d.parsed = t.n >= 5 && (t.is(2, "ca") || t.is(2, "cg")) &&
               (t.is(3, "shared") || t.is(3, "shared::cta")) && t.is(4, "global");
    return d;
  }

  static constexpr ptxdesc::Form forms[] = {
#include <tirx/ptx/rows/forms.inc>
#include <tirx/ptx/rows/cp_async.def>
#include <tirx/ptx/rows/forms_end.inc>
  };

  template <int Best, int Kind> TIRX_HD static constexpr void report() {
#include <tirx/ptx/rows/report.inc>
#include <tirx/ptx/rows/cp_async.def>
#include <tirx/ptx/rows/report_end.inc>
  }

#if defined(__CUDACC__)
  /// [d] <- [x], one chunk of D::bytes (4, 8 or 16), filled as F says.
  template <fixed_string S, Guard G, Fill F = Fill::none, class D, class X>
  __device__ TIRX_FORCEINLINE static void issue(const ptxemit::Issue& is, const D& d, const X& x) {
    static_assert(D::bytes == X::bytes,
                  "tirx::tile::apply: cp.async copies each chunk whole, but the destination's "
                  "last mode holds another number of bytes than the source's (D and X below: "
                  "Mem<immediate, bytes>); give both operands the same chunk, e.g. view<U>() one "
                  "of them to the other's element type");
    constexpr bool hint = family::describe(ptxemit::tokens_v<S>).cache_hint;
    unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(d.p));
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    // ptxas 12.9 and 13.0 mis-encode the sm_90+ LDGSTS form whose shared
    // address is a register plus a uniform register and whose cache policy
    // sits in the uniform register after it ([R+URn], desc[URn+1]): the URn
    // field is left 0, and the GPU stops with an illegal instruction (13.5
    // encodes it right). That form appears when the address is a thread
    // offset plus the uniform shared base, which is the common case. An
    // identity byte permute makes the address one value ptxas cannot split,
    // so it emits [R], desc[UR] (or [UR], desc[UR+1] when the address is
    // uniform, which it encodes right). Only the .L2::cache_hint forms need it.
    if constexpr (hint)
      asm("prmt.b32 %0, %0, 0, 0x3210;" : "+r"(dst));
#endif
    const unsigned long long src = reinterpret_cast<unsigned long long>(x.p);
#include <tirx/ptx/rows/emit_cp_async.inc>
#include <tirx/ptx/rows/cp_async.def>
    static_assert(ptxemit::always_false<S>, "tirx::ptx: unsupported cp.async spelling");
#include <tirx/ptx/rows/emit_cp_async_end.inc>
    (void)is;
  }
#endif
};

} // namespace tirx::ptxcpasync
