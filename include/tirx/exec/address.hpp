// Addressing for tile operations: where repeat R's atom element J of an
// operand lies, for the calling thread. A layout whose offset is a sum of
// one term per mode splits into the group term (the thread's coordinates,
// computed once) and a constant per repeat, which memory instructions take
// as an immediate.
#pragma once

#include <tirx/core/cccl.hpp>
#include <tirx/exec/operand.hpp>

namespace tirx::detail {

/// The static coordinate of repeat Rep (row-major over modes [b, e)) and of
/// atom element J (row-major over [e, rank)).
struct CoordPlan {
  index_t c[max_rank] = {};
};
template <class Tn>
TIRX_HD constexpr CoordPlan static_coord(int group_end, int atom_begin, index_t rep, index_t j) {
  constexpr Shape s = Tn::shape();
  CoordPlan p{};
  for (int d = s.rank - 1; d >= atom_begin; --d) {
    p.c[d] = j % s.dims[d];
    j /= s.dims[d];
  }
  for (int d = atom_begin - 1; d >= group_end; --d) {
    p.c[d] = rep % s.dims[d];
    rep /= s.dims[d];
  }
  return p;
}

/// Whether Tn's offset is a sum of one term per mode (a grouped layout
/// without swizzle): then the group modes' term (known at run time) and the
/// repeat and atom modes' term (a constant) can be computed apart.
template <class Tn> TIRX_HD constexpr bool additive_offset() {
  return regroup(Tn::layout(), Tn::shape()).ok && !Tn::layout().swz.active();
}

/// Tn's offset at a coordinate (one entry per mode), for constant evaluation.
template <class Tn> TIRX_HD constexpr index_t offset_at(const CoordPlan& p) {
  return [&]<int... D>(cuda::std::integer_sequence<int, D...>) {
    return static_cast<index_t>(Tn::offset_of(static_cast<typename Tn::index_type>(p.c[D])...));
  }
  (cuda::std::make_integer_sequence<int, Tn::rank>{});
}

/// Whether mode M of Tn adds stride * coordinate for every coordinate.
struct LinearMode {
  bool ok = false;
  index_t stride = 0;
};
template <class Tn, int M> TIRX_HD constexpr LinearMode linear_mode() {
  const index_t base = offset_at<Tn>(CoordPlan{});
  CoordPlan p{};
  p.c[M] = 1;
  const index_t s = offset_at<Tn>(p) - base;
  for (index_t c = 2; c < Tn::shape().dims[M]; ++c) {
    p.c[M] = c;
    if (offset_at<Tn>(p) - base != c * s)
      return {};
  }
  return {true, s};
}

/// When the scope's last two group modes are (warp, lane) and Tn's offset
/// on them is s * (32 * warp + lane), i.e. linear in the thread index: s.
template <class Tn, class S> TIRX_HD constexpr LinearMode warp_lane_stride() {
  constexpr int gr = scope::traits<S>::group_rank;
  if constexpr (gr < 2 || !additive_offset<Tn>()) {
    return {};
  } else {
    constexpr index_t wax = scope::traits<S>::axis[gr - 2];
    if (scope::traits<S>::axis[gr - 1] != 1 || (wax != 2 && wax != 5))
      return {};
    constexpr LinearMode w = linear_mode<Tn, gr - 2>(), l = linear_mode<Tn, gr - 1>();
    if (!w.ok || !l.ok || w.stride != 32 * l.stride)
      return {};
    return l;
  }
}

#if defined(__CUDACC__)
/// 32 * warp + lane for the scope's (warp, lane) group modes: the thread
/// index in the CTA (warpid, laneid) or in the warpgroup (wid_in_wg, laneid).
template <class S> __device__ TIRX_FORCEINLINE int warp_lane_index() {
  constexpr int gr = scope::traits<S>::group_rank;
  if constexpr (scope::traits<S>::axis[gr - 2] == 5)
    return static_cast<int>(thread_index() % 128);
  else
    return static_cast<int>(thread_index()) -
           32 * scope::traits<S>::first_warp; // from the range's first warp
}

/// The group modes' term of Tn's offset (an additive layout), the same for
/// every repeat, without the (warp, lane) pair when warp_lane_stride
/// applies to it.
template <class Tn, class S>
__device__ TIRX_FORCEINLINE index_t group_rest(const int (&g)[scope::max_group_rank]) {
  constexpr int gr = scope::traits<S>::group_rank;
  using I = typename Tn::index_type;
  constexpr int outer = warp_lane_stride<Tn, S>().ok ? gr - 2 : gr; // group modes read one by one
  return static_cast<index_t>([&]<int... D>(cuda::std::integer_sequence<int, D...>) {
    return Tn::offset_of(
        (D < outer ? static_cast<I>(g[D < scope::max_group_rank ? D : 0]) : I{0})...);
  }(cuda::std::make_integer_sequence<int, Tn::rank>{}));
}

/// The group modes' whole term. A (warp, lane) pair that is linear in the
/// thread index is read as one index, as hand-written code would: tid * s,
/// not (tid / 32) * 32s + (tid % 32) * s.
template <class Tn, class S>
__device__ TIRX_FORCEINLINE index_t group_offset(const int (&g)[scope::max_group_rank]) {
  constexpr LinearMode wl = warp_lane_stride<Tn, S>();
  if constexpr (wl.ok)
    return group_rest<Tn, S>(g) + wl.stride * static_cast<index_t>(warp_lane_index<S>());
  else
    return group_rest<Tn, S>(g);
}

/// One thread's step through memory, as a type: pointer arithmetic on it
/// scales the thread index to bytes in the multiply itself (mul.wide tid,
/// bytes), as indexing a float4* does.
template <index_t Bytes> struct ThreadStep { char bytes[Bytes]; };

/// The constant term of an additive operand's offset at (repeat Rep, atom
/// element J); 0 for other layouts.
template <class Tn, class S, index_t Atom, index_t Rep, index_t J>
TIRX_HD constexpr index_t const_term() {
  if constexpr (!additive_offset<Tn>()) {
    return 0;
  } else {
    constexpr OperandSplit sp = split_operand(Tn::shape(), scope::traits<S>::group_rank, Atom);
    constexpr CoordPlan plan =
        static_coord<Tn>(sp.group_end, sp.atom_begin, Rep, J); // group coords 0
    return offset_at<Tn>(plan) - offset_at<Tn>(CoordPlan{});
  }
}

/// The bytes of repeat Rep's address that a memory instruction takes as an
/// immediate offset ([%rd+imm]): the constant term when it fits, else 0.
template <class Tn, class S, index_t Atom, index_t Rep> TIRX_HD constexpr long long imm_bytes() {
  constexpr index_t bytes =
      const_term<Tn, S, Atom, Rep, 0>() * index_t{sizeof(typename Tn::value_type)};
  return bytes >= 0 && bytes < (index_t{1} << 24) ? bytes : 0;
}

/// Offset on m of (group coordinate g, repeat Rep, atom element J). For an
/// additive layout: the group term, the same for every repeat (computed
/// once), plus a constant, in 64 bits. (ld/st addresses: atom_address.)
template <class Tn, class S, index_t Atom, index_t Rep, index_t J>
__device__ TIRX_FORCEINLINE auto elem_offset(const int (&g)[scope::max_group_rank]) {
  constexpr OperandSplit sp = split_operand(Tn::shape(), scope::traits<S>::group_rank, Atom);
  constexpr CoordPlan plan = static_coord<Tn>(sp.group_end, sp.atom_begin, Rep, J);
  using I = typename Tn::index_type;
  if constexpr (additive_offset<Tn>()) {
    return group_offset<Tn, S>(g) + const_term<Tn, S, Atom, Rep, J>();
  } else {
    return static_cast<index_t>([&]<int... D>(cuda::std::integer_sequence<int, D...>) {
      return Tn::offset_of((D < scope::traits<S>::group_rank
                                ? static_cast<I>(g[D < scope::max_group_rank ? D : 0])
                                : static_cast<I>(plan.c[D]))...);
    }(cuda::std::make_integer_sequence<int, Tn::rank>{}));
  }
}

/// The address of repeat Rep's atom of memory operand Tn (data: its
/// data()), less imm_bytes, which the instruction adds as an immediate.
template <class Tn, class S, index_t Atom, index_t Rep, class P>
__device__ TIRX_FORCEINLINE P* atom_address(P* data, const int (&g)[scope::max_group_rank]) {
  constexpr index_t size = sizeof(typename Tn::value_type);
  constexpr index_t imm = imm_bytes<Tn, S, Atom, Rep>();
  constexpr bool is_const = cuda::std::is_const_v<P>;
  using B = cuda::std::conditional_t<is_const, const char, char>;
  B* p = reinterpret_cast<B*>(data);
  if constexpr (additive_offset<Tn>()) {
    constexpr LinearMode wl = warp_lane_stride<Tn, S>();
    if constexpr (wl.ok && wl.stride > 0) {
      using Step = cuda::std::conditional_t<is_const, const ThreadStep<wl.stride * size>,
                                            ThreadStep<wl.stride * size>>;
      p = reinterpret_cast<B*>(reinterpret_cast<Step*>(p) + warp_lane_index<S>());
      p += group_rest<Tn, S>(g) * size + (const_term<Tn, S, Atom, Rep, 0>() * size - imm);
    } else {
      p += group_offset<Tn, S>(g) * size + (const_term<Tn, S, Atom, Rep, 0>() * size - imm);
    }
  } else {
    p += elem_offset<Tn, S, Atom, Rep, 0>(g) * size - imm;
  }
  return reinterpret_cast<P*>(p);
}

template <class S> __device__ TIRX_FORCEINLINE void group_coords(int (&g)[scope::max_group_rank]) {
  [&]<int... G>(cuda::std::integer_sequence<int, G...>) { ((g[G] = group_coord<S, G>()), ...); }
  (cuda::std::make_integer_sequence<int, scope::traits<S>::group_rank>{});
}

/// Debug check of the launch against the scope: no block dimension beyond
/// those TIRX_BLOCK_DIMS reads (core/thread.hpp), the block's threads counted
/// over all of them; whole warps at
/// warp scope and whole warpgroups at warpgroup scope; at cta scope as many
/// threads as the operand's (warps, 32) group; at cluster scopes as many
/// threads as its warp mode and a cluster of its CTA modes' shape; in a
/// warp range (scope::warps), the calling thread's warp inside the range
/// and the block large enough to hold it.
template <class S, class Tn> __device__ TIRX_FORCEINLINE void check_launch() {
  using T = scope::traits<S>;
  check_block_dims();
  [[maybe_unused]] const unsigned threads_in_block = block_threads();
  if constexpr (T::group_rank >= 1 && T::axis[T::group_rank - 1] == 1)
    TIRX_CHECK(threads_in_block % 32 == 0,
               "tirx::tile: a scope with lanes (warp and wider) needs whole "
               "warps: launch a multiple of 32 threads");
  if constexpr (T::group_rank == 2 && T::axis[0] == 5)
    TIRX_CHECK(threads_in_block % 128 == 0,
               "tirx::tile: at warpgroup scope the block must hold whole warpgroups: launch "
               "a multiple of 128 threads");
  if constexpr (T::warp_count > 0) {
    TIRX_CHECK(
        warp_index() - T::first_warp < static_cast<unsigned>(T::warp_count),
        "tirx::tile: the calling thread's warp is outside the scope's warp range "
        "(scope::warps<First, "
        "Count>): call it only from warps [First, First + Count), e.g. inside if (warp >= First)");
    TIRX_CHECK(threads_in_block >= 32u * (T::first_warp + T::warp_count),
               "tirx::tile: the block has fewer warps than the scope's warp range "
               "(scope::warps<First, Count>) "
               "reaches; launch at least (First + Count) x 32 threads");
  } else if constexpr (T::cta_warps && is_tensor_v<Tn>) {
    constexpr index_t threads = Tn::shape().dims[0] * 32;
    TIRX_CHECK(threads_in_block == threads,
               "tirx::tile: at cta scope the launch's block size must equal "
               "warps x 32 of the operands' group");
  } else if constexpr ((T::group_rank == 3 || T::group_rank == 5) && is_tensor_v<Tn>) {
    constexpr Shape s = Tn::shape(); // (CTAs, warps, 32) or (cbz, cby, cbx, warps, 32)
    TIRX_CHECK(threads_in_block == s.dims[T::group_rank - 2] * 32,
               "tirx::tile: at cluster scope the launch's block size must equal warps x 32 of the "
               "operands' group");
    if constexpr (T::group_rank == 3)
      TIRX_CHECK(cuda::ptx::get_sreg_cluster_nctarank() == s.dims[0],
                 "tirx::tile: at cluster scope the cluster must hold as many CTAs as the operands' "
                 "first group mode; launch clusters of that size (LaunchConfig::cluster)");
    else
      TIRX_CHECK(cuda::ptx::get_sreg_cluster_nctaid_z() == s.dims[0] &&
                     cuda::ptx::get_sreg_cluster_nctaid_y() == s.dims[1] &&
                     cuda::ptx::get_sreg_cluster_nctaid_x() == s.dims[2],
                 "tirx::tile: at cluster_xyz scope the cluster's (z, y, x) CTA counts must equal "
                 "the operands' first three group modes; launch clusters of that shape "
                 "(LaunchConfig::cluster)");
  }
}
#endif

} // namespace tirx::detail
