// The registration: every PTX family tirx emits, in one list. Adding a
// family is its header (ptx/<family>.hpp, with its row files) and one entry
// here; apply reads only the descriptions (docs/design/architecture.md).
#pragma once

#include <tirx/ptx/cp_async_sync.hpp>
#include <tirx/ptx/family.hpp>
#include <tirx/ptx/matrix_check.hpp>
#include <tirx/ptx/mma_check.hpp>
#include <tirx/ptx/spelling.hpp>
#include <tirx/ptx/tcgen05_ldst_check.hpp>
#include <tirx/ptx/tcgen05_mma_check.hpp>
#include <tirx/ptx/wgmma_check.hpp>
#include <tirx/ptx/wgmma_sync.hpp>

// nvcc's host pass (cudafe++ and the host compiler) never instantiates a
// __device__ template, so it never needs what the families describe: their
// headers and row files are left out of it, unless TIRX_HOST_FAMILIES is
// defined (host code of a .cu that reads a description, forms[] or the
// registry). The device pass and plain host C++ (no nvcc) see them all.
// The headers above (fragment layouts, operand checks, the wgmma and
// cp.async waits) hold no rows and are in every pass.
#if defined(__CUDACC__) && !defined(__CUDA_ARCH__) && !defined(TIRX_HOST_FAMILIES)
#define TIRX_FAMILIES_IN_PASS 0
#else
#define TIRX_FAMILIES_IN_PASS 1
#endif

#if TIRX_FAMILIES_IN_PASS
#include <tirx/ptx/arith.hpp>
#include <tirx/ptx/arith_mixed.hpp>
#include <tirx/ptx/async_store.hpp>
#include <tirx/ptx/atom.hpp>
#include <tirx/ptx/bits.hpp>
#include <tirx/ptx/compare.hpp>
#include <tirx/ptx/cp_async.hpp>
#include <tirx/ptx/cvt.hpp>
#include <tirx/ptx/elect.hpp>
#include <tirx/ptx/int_arith.hpp>
#include <tirx/ptx/ldmatrix.hpp>
#include <tirx/ptx/match.hpp>
#include <tirx/ptx/memory.hpp>
#include <tirx/ptx/mma_sync.hpp>
#include <tirx/ptx/mov.hpp>
#include <tirx/ptx/multimem.hpp>
#include <tirx/ptx/movmatrix.hpp>
#include <tirx/ptx/pred_logic.hpp>
#include <tirx/ptx/prefetch.hpp>
#include <tirx/ptx/redux.hpp>
#include <tirx/ptx/shfl.hpp>
#include <tirx/ptx/stmatrix.hpp>
#include <tirx/ptx/tcgen05_cp.hpp>
#include <tirx/ptx/tcgen05_ldst.hpp>
#include <tirx/ptx/tcgen05_mma.hpp>
#include <tirx/ptx/testp.hpp>
#include <tirx/ptx/vote.hpp>
#include <tirx/ptx/wgmma.hpp>

#endif

namespace tirx::ptxdesc {

#if TIRX_FAMILIES_IN_PASS
using families =
    family_list<ptxmem::family, ptxarith::family, ptxcvt::family, ptxmov::family, ptxshfl::family,
                ptxcpasync::family, ptxredux::family, ptxwgmma::family, ptxldmatrix::family,
                ptxstmatrix::family, ptxmovmatrix::family, ptxmma::family, ptxtcgen05::mma_family,
                ptxtcgen05::ld_family, ptxtcgen05::st_family, ptxtcgen05::cp_family,
                ptxvote::family, ptxmatch::family, ptxelect::family, ptxelect::activemask_family,
                ptxint::family, ptxbits::family, ptxatom::atom_family, ptxatom::red_family,
                ptxtestp::family, ptxcmp::family, ptxmixed::family, ptxprefetch::family,
                ptxplogic::family, ptxasync::family, ptxmultimem::family>;
using registered = registry<families>;

template <class> TIRX_HD constexpr Desc describe_registered(text_view s) {
  return registered::describe(s);
}
#else
/// The registry of nvcc's host pass: the names apply's templates use, each
/// an error once host code instantiates it (define TIRX_HOST_FAMILIES).
template <class T> inline constexpr bool host_pass_lacks_families = false;
struct host_pass_registry {
  template <class T> struct missing {
    static_assert(host_pass_lacks_families<T>,
                  "tirx: the PTX families are not in nvcc's host pass; host code that reads an "
                  "instruction's description or forms needs -DTIRX_HOST_FAMILIES");
    using type = void;
  };
  template <int I> struct index {};
  template <int I> using family = typename missing<index<I>>::type;
  template <class T = void> static constexpr Desc describe(text_view) {
    return (void)missing<T>{}, Desc{};
  }
  template <class T = void> static constexpr Form form(int, text_view, int) {
    return (void)missing<T>{}, Form{};
  }
  template <class T = void> static constexpr int index_of(int, text_view, int) {
    return (void)missing<T>{}, -1;
  }
  template <class T = void> static constexpr Closest closest(int, text_view, int) {
    return (void)missing<T>{}, Closest{};
  }
};
using registered = host_pass_registry;
template <class T> TIRX_HD constexpr Desc describe_registered(text_view s) {
  return registered::describe<T>(s); // (an error: a description read by host code)
}
#endif

} // namespace tirx::ptxdesc
