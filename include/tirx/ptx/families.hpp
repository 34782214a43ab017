// The registration: every PTX family tirx emits, in one list. Adding a
// family is its header (ptx/<family>.hpp, with its row files) and one entry
// here; apply reads only the descriptions (docs/design/architecture.md).
#pragma once

#include <tirx/ptx/arith.hpp>
#include <tirx/ptx/arith_mixed.hpp>
#include <tirx/ptx/atom.hpp>
#include <tirx/ptx/bits.hpp>
#include <tirx/ptx/compare.hpp>
#include <tirx/ptx/cp_async.hpp>
#include <tirx/ptx/cvt.hpp>
#include <tirx/ptx/elect.hpp>
#include <tirx/ptx/family.hpp>
#include <tirx/ptx/int_arith.hpp>
#include <tirx/ptx/ldmatrix.hpp>
#include <tirx/ptx/match.hpp>
#include <tirx/ptx/memory.hpp>
#include <tirx/ptx/mma_sync.hpp>
#include <tirx/ptx/mov.hpp>
#include <tirx/ptx/movmatrix.hpp>
#include <tirx/ptx/pred_logic.hpp>
#include <tirx/ptx/prefetch.hpp>
#include <tirx/ptx/redux.hpp>
#include <tirx/ptx/shfl.hpp>
#include <tirx/ptx/spelling.hpp>
#include <tirx/ptx/stmatrix.hpp>
#include <tirx/ptx/tcgen05_cp.hpp>
#include <tirx/ptx/tcgen05_ldst.hpp>
#include <tirx/ptx/tcgen05_mma.hpp>
#include <tirx/ptx/testp.hpp>
#include <tirx/ptx/vote.hpp>
#include <tirx/ptx/wgmma.hpp>

namespace tirx::ptxdesc {

using families =
    family_list<ptxmem::family, ptxarith::family, ptxcvt::family, ptxmov::family, ptxshfl::family,
                ptxcpasync::family, ptxredux::family, ptxwgmma::family, ptxldmatrix::family,
                ptxstmatrix::family, ptxmovmatrix::family, ptxmma::family, ptxtcgen05::mma_family,
                ptxtcgen05::ld_family, ptxtcgen05::st_family, ptxtcgen05::cp_family,
                ptxvote::family, ptxmatch::family, ptxelect::family, ptxelect::activemask_family,
                ptxint::family, ptxbits::family, ptxatom::atom_family, ptxatom::red_family,
                ptxtestp::family, ptxcmp::family, ptxmixed::family, ptxprefetch::family,
                ptxplogic::family>;
using registered = registry<families>;

TIRX_HD constexpr Desc describe_registered(text_view s) { return registered::describe(s); }

} // namespace tirx::ptxdesc
