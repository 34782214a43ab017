// Tensor memory (TMEM) tensors, as TIRx's decl_tmem declares them. TMEM is
// Blackwell's per-SM memory of the 5th-generation tensor cores: 128 lanes x
// 512 columns of 32-bit cells, addressed by one 32-bit value, the lane in
// the upper 16 bits and the column in the lower (tcgen05.alloc writes the
// address of an allocation to shared memory). A TMEM tensor is a Tensor of
// MemScope::tmem whose storage is such an address and whose layout places
// each element on the axes TLane (the lane) and TCol (the column, counted in
// elements: a 32-bit column holds 32 / bits of them, so a (128, 64) half
// tile spans 32 columns). Only tcgen05 instructions read and write it:
//   using Acc = TmemTensor<float, ShapeT<128, 256>>;  // lanes 0..127, 256 columns
//   Acc acc = decl_tmem<Acc>(base_address);            // TIRx T.cuda.decl_tmem
//   auto part = tmem_sub(acc, _, range<0, 32>);        // a static region: same address,
//                                                      // the origin in the layout's offsets
//   tmem_address(part)                                 // the address of element (0, 0)
// tmem_offset moves a tensor by a run-time number of lanes and columns;
// tmem_warp_rows (device code) gives the calling warp its quarter of lanes.
#pragma once

#include <tirx/core/thread.hpp>
#include <tirx/tensor/tensor.hpp>

namespace tirx {

inline constexpr int tmem_lane_count = 128;   ///< lanes of tensor memory
inline constexpr int tmem_column_count = 512; ///< 32-bit columns of tensor memory

/// The storage of a TMEM tensor: the TMEM address its layout is placed at
/// (the origin of the layout's offsets, not necessarily element (0, 0)).
template <class T> struct TmemStorage {
  cuda::std::uint32_t addr = 0;
  /// No pointer: tensor memory is not addressable by loads and stores.
  TIRX_HD T* data() const {
    static_assert(sizeof(T) == 0, "tirx::Tensor: a tensor-memory tensor has no pointer; pass it to "
                                  "tcgen05 operations, or read tmem_address(t)");
    return nullptr;
  }
};

/// The identity placement of a (rows, cols) TMEM tile: row r on lane r,
/// column c on TCol c (S[(rows, cols) : (1@TLane, 1@TCol)]).
TIRX_HD constexpr TileLayout tmem_layout(const Shape& s) {
  TileLayout l{};
  if (s.rank == 2) {
    l.push_shard(Iter{s.dims[0], 1, axes::TLane});
    l.push_shard(Iter{s.dims[1], 1, axes::TCol});
  }
  return l;
}

namespace detail {
template <class Shp> struct tmem_layout_of {
  static constexpr TileLayout value = tmem_layout(Shp::value);
  using type = typename layout_type_of<value>::type;
};
} // namespace detail

/// A TMEM tensor type: TmemTensor<float, ShapeT<128, 256>> (rank 2, the
/// identity placement), or with a layout over TLane and TCol
/// (tcgen05_accumulator_layout in ptx/tcgen05_layout.hpp gives the ones
/// tcgen05.mma writes).
template <class T, class Shp, class Lay = typename detail::tmem_layout_of<Shp>::type>
using TmemTensor = Tensor<T, Shp, MemScope::tmem, 4, Lay, TmemStorage<T>>;

template <class X> inline constexpr bool is_tmem_tensor_v = false;
template <class T, class Shp, int A, class L>
inline constexpr bool is_tmem_tensor_v<Tensor<T, Shp, MemScope::tmem, A, L, TmemStorage<T>>> = true;

/// The cells a TMEM layout of elements of `bits` bits reaches: lanes
/// [lo_lane, hi_lane], 32-bit columns [lo_col, hi_col]; `other` when an
/// iter or offset lies on an axis other than TLane and TCol.
struct TmemReach {
  index_t lo_lane = 0, hi_lane = 0, lo_col = 0, hi_col = 0;
  bool other = false;
  TIRX_HD constexpr bool fits() const {
    return !other && lo_lane >= 0 && hi_lane < tmem_lane_count && lo_col >= 0 &&
           hi_col < tmem_column_count;
  }
  /// The 32-bit columns an allocation must hold (from column 0).
  TIRX_HD constexpr index_t columns() const { return hi_col + 1; }
};
TIRX_HD constexpr TmemReach tmem_reach(const TileLayout& l, int bits) {
  TmemReach r{};
  auto on_tmem = [](const Axis& a) { return a == axes::TLane || a == axes::TCol; };
  for (int i = 0; i < l.rank; ++i)
    r.other = r.other || (l.shard[i].extent > 1 && !on_tmem(l.shard[i].axis));
  for (int i = 0; i < l.nreplica; ++i)
    r.other = r.other || !on_tmem(l.replica[i].axis);
  for (int i = 0; i < l.noffset; ++i)
    r.other = r.other || !on_tmem(l.offset[i].axis);
  const Range lanes = range_on(l, axes::TLane), cols = range_on(l, axes::TCol);
  r.lo_lane = lanes.lo;
  r.hi_lane = lanes.hi;
  r.lo_col = cols.lo * bits / 32;
  r.hi_col = cols.hi * bits / 32;
  return r;
}

/// The smallest allocation (a power of two of at least 32 columns) that
/// holds n columns: what tmem_alloc takes.
TIRX_HD constexpr int tmem_alloc_columns(index_t n) {
  int c = 32;
  while (c < n)
    c *= 2;
  return c;
}

/// The columns an allocation for TMEM tensor type X needs (from column 0
/// of the address it is declared at), rounded to an allocation size.
template <class X> TIRX_HD constexpr int tmem_alloc_columns() {
  static_assert(is_tmem_tensor_v<X>, "tirx::tmem_alloc_columns: X must be a TmemTensor type");
  if constexpr (is_tmem_tensor_v<X>)
    return tmem_alloc_columns(
        tmem_reach(X::layout(), dtype_bits<typename X::value_type>).columns());
  else
    return 0;
}

/// A TMEM tensor of type X at address addr (TIRx decl_tmem): usually the
/// address tmem_alloc wrote, plus a lane (<< 16) and column offset.
template <class X> TIRX_HD constexpr X decl_tmem(cuda::std::uint32_t addr) {
  static_assert(is_tmem_tensor_v<X>,
                "tirx::decl_tmem: the template argument must be a "
                "tensor-memory tensor type, TmemTensor<T, ShapeT<...>[, Lay]>");
  if constexpr (is_tmem_tensor_v<X>) {
    constexpr TmemReach reach = tmem_reach(X::layout(), dtype_bits<typename X::value_type>);
    static_assert(reach.fits(),
                  "tirx::decl_tmem: the layout must lie on TLane and TCol within tensor memory's "
                  "128 lanes and 512 columns; check its strides and offsets");
    TIRX_CHECK((addr & 0xFFFFu) + static_cast<unsigned>(reach.hi_col) < tmem_column_count,
               "tirx::decl_tmem: the tensor reaches past tensor memory's 512 columns");
    X t{};
    t.store.addr = addr;
    return t;
  } else {
    return X{};
  }
}

/// The TMEM address of element (0, ...) of t: its storage address plus the
/// layout's offsets (lanes << 16, TCol in 32-bit columns).
template <class X> TIRX_HD constexpr cuda::std::uint32_t tmem_address(const X& t) {
  static_assert(is_tmem_tensor_v<X>, "tirx::tmem_address: t must be a TMEM tensor (decl_tmem)");
  if constexpr (is_tmem_tensor_v<X>) {
    constexpr int bits = dtype_bits<typename X::value_type>;
    constexpr index_t lane = X::layout().offset_on(axes::TLane);
    constexpr index_t col = X::layout().offset_on(axes::TCol);
    static_assert(col * bits % 32 == 0,
                  "tirx::tmem_address: the tensor's first element must start a 32-bit column; "
                  "take regions that begin on a whole column");
    return t.store.addr + static_cast<cuda::std::uint32_t>((lane << 16) + col * bits / 32);
  } else {
    return 0;
  }
}

/// t moved by a run-time number of lanes and 32-bit columns (same type:
/// the offsets go into the address).
template <class X>
TIRX_HD constexpr X tmem_offset(const X& t, cuda::std::uint32_t lanes, cuda::std::uint32_t cols) {
  static_assert(is_tmem_tensor_v<X>, "tirx::tmem_offset: t must be a TMEM tensor (decl_tmem)");
  X r = t;
  if constexpr (is_tmem_tensor_v<X>)
    r.store.addr = t.store.addr + (lanes << 16) + cols;
  return r;
}

/// A static region of a TMEM tensor (indices c<k>, ranges range<b, e[, s]>
/// and _ as for Tensor::sub): the same address, the region's origin in
/// the layout's offsets on TLane and TCol.
template <class T, class Shp, int Al, class Lay, class... A>
TIRX_HD constexpr auto tmem_sub(const Tensor<T, Shp, MemScope::tmem, Al, Lay, TmemStorage<T>>& t,
                                A...) {
  static_assert(sizeof...(A) == Shp::rank,
                "tirx::tmem_sub: give one index, range or _ per mode of the tensor");
  constexpr bool all_static = (!(cuda::std::is_integral_v<A> || requires { A::len; }) && ...);
  static_assert(all_static, "tirx::tmem_sub: tensor memory takes static indices only (c<k>, "
                            "range<b, e>, _); move by run-time lanes or columns with tmem_offset");
  if constexpr (all_static) {
    constexpr detail::SubPlan plan = detail::make_sub_plan<A...>(Lay::value, Shp::value);
    static_assert(!plan.index_out_of_range && !plan.range_out_of_range,
                  "tirx::tmem_sub: an index or range reaches outside its mode");
    constexpr SliceResult r = slice(Lay::value, Shp::value, plan.spec);
    static_assert(r.ok || plan.index_out_of_range || plan.range_out_of_range,
                  "tirx::tmem_sub: this region cannot be written with the layout's iters; pick an "
                  "aligned range");
    if constexpr (r.ok) {
      using R = Tensor<T, typename detail::shape_type_of<r.shape>::type, MemScope::tmem, Al,
                       typename detail::layout_type_of<r.layout>::type, TmemStorage<T>>;
      R out{};
      out.store.addr = t.store.addr;
      return out;
    }
  }
}

namespace detail {
/// Whether the first mode of (l, s) splits into 4 warp quarters 32 lanes
/// apart: row q * extent / 4 lies 32 q lanes and no column after row 0.
TIRX_HD constexpr bool warp_quarters(const TileLayout& l, const Shape& s) {
  if (s.rank < 1 || s.dims[0] % 4 != 0)
    return false;
  index_t inner = 1;
  for (int d = 1; d < s.rank; ++d)
    inner *= s.dims[d];
  const Coord o = apply(l, 0);
  for (index_t q = 1; q < 4; ++q) {
    const Coord c = apply(l, q * (s.dims[0] / 4) * inner);
    if (c[axes::TLane] - o[axes::TLane] != 32 * q || c[axes::TCol] != o[axes::TCol])
      return false;
  }
  return range_on(l, axes::TLane).hi - range_on(l, axes::TLane).lo < tmem_lane_count;
}
} // namespace detail

#if defined(__CUDACC__)
/// The rows of t that the calling warp may read and write with tcgen05.ld
/// and tcgen05.st: warp w reaches lanes 32 (w % 4) .. + 31 only. t's first
/// mode must split into four quarters 32 lanes apart (the accumulators of
/// M = 128 and M = 64); the result is the first quarter's region, moved by
/// 32 (w % 4) lanes at run time.
template <class X> __device__ TIRX_FORCEINLINE auto tmem_warp_rows(const X& t) {
  static_assert(is_tmem_tensor_v<X>, "tirx::tmem_warp_rows: t must be a TMEM tensor (decl_tmem)");
  if constexpr (is_tmem_tensor_v<X>) {
    constexpr bool ok = detail::warp_quarters(X::layout(), X::shape());
    static_assert(ok, "tirx::tmem_warp_rows: the tensor's first mode does not split into four "
                      "warp quarters 32 lanes apart; take each warp's region with tmem_sub");
    if constexpr (ok) {
      constexpr index_t q = X::shape().dims[0] / 4;
      const cuda::std::uint32_t warp = warp_index() % 4;
      return [&]<int... I>(cuda::std::integer_sequence<int, I...>) {
        return tmem_offset(
            tmem_sub(t, cuda::std::conditional_t<I == 0, StaticRange<0, q>, All>{}...), 32 * warp,
            0);
      }
      (cuda::std::make_integer_sequence<int, X::rank>{});
    }
  }
}
#endif

} // namespace tirx
