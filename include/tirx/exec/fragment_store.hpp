// Fragments in and out of registers (exec/fragment.hpp has the row
// operations): a new tile in another element type (alloc_like), the type
// conversion into it (convert: an fp32 accumulator into the 16-bit register A
// of the next wgmma), the thread's slots as a 1-D view, and stores from the
// registers to memory on a matrix's edge (store_fragment).
#pragma once

#include <tirx/exec/fragment.hpp>

namespace tirx {

#if defined(__CUDACC__)
namespace detail {
/// The pointer stores of a fragment: element (r, c) to row_at(row0 + r) +
/// col0 + c where keep(row0 + r) and col0 + c < cols, neighbouring column
/// pairs as one store where the address allows.
template <class Frag, class T, class Keep, class RowAt>
__device__ TIRX_FORCEINLINE void store_fragment_at(const Frag& x, Keep keep, RowAt row_at, int row0,
                                                   int col0, int cols) {
  static_assert(detail::check_fragment<Frag>());
  using Fa = detail::facts_of<Frag>;
  using E = cuda::std::remove_cv_t<typename cuda::std::remove_cvref_t<Frag>::value_type>;
  static_assert(cuda::std::is_same_v<E, cuda::std::remove_cv_t<T>>,
                "tirx::store_fragment: the memory's element type must be the fragment's; convert "
                "the fragment first (alloc_like<T> + convert)");
  const auto o = fragment_origin<Frag>();
  const int r = row0 + o[0], c = col0 + o[1];
  struct alignas(2 * sizeof(E)) Pair {
    E a, b;
  };
  detail::static_for<Fa::slots>([&](auto kc) {
    constexpr index_t k = decltype(kc)::value;
    constexpr index_t reg = Fa::table.reg[k];
    constexpr int dr = static_cast<int>(Fa::table.row[k]);
    constexpr int dc = static_cast<int>(Fa::table.col[k]);
    // (k, k + 1) a pair: the second of a pair is stored with the first
    constexpr bool first = k + 1 < Fa::slots && k % 2 == 0 &&
                           Fa::table.reg[k + 1 < Fa::slots ? k + 1 : k] == reg + 1 &&
                           Fa::table.row[k + 1 < Fa::slots ? k + 1 : k] == dr &&
                           Fa::table.col[k + 1 < Fa::slots ? k + 1 : k] == dc + 1;
    constexpr bool second = k % 2 == 1 && Fa::table.reg[k - (k > 0 ? 1 : 0)] + 1 == reg &&
                            Fa::table.row[k - (k > 0 ? 1 : 0)] == dr &&
                            Fa::table.col[k - (k > 0 ? 1 : 0)] + 1 == dc;
    const int rr = r + dr, cc = c + dc;
    if (!keep(rr))
      return;
    T* at = row_at(rr) + cc;
    if constexpr (first) {
      if (cc + 1 < cols && reinterpret_cast<uintptr_t>(at) % sizeof(Pair) == 0) {
        *reinterpret_cast<Pair*>(at) = Pair{x.data()[reg], x.data()[reg + 1]};
        return;
      }
      if (cc < cols)
        at[0] = x.data()[reg];
      if (cc + 1 < cols)
        at[1] = x.data()[reg + 1];
    } else if constexpr (!second) {
      if (cc < cols)
        at[0] = x.data()[reg];
    }
  });
}
} // namespace detail

/// Stores a fragment's elements to memory: element (r, c) of the tile to
/// base[(row0 + r) * ld + col0 + c], only where row0 + r < rows and col0 +
/// c < cols (a tile on the edge of a matrix). Two neighbouring columns in
/// neighbouring slots go as one store where the address allows (a bf16
/// pair as 4 bytes, a float pair as 8). The wgmma accumulator's epilogue:
///   auto out = alloc_like<nv_bfloat16>(acc);
///   convert(out, acc);
///   store_fragment(out, d, ldd, m0, n0, m, n);
template <class Frag, class T>
__device__ TIRX_FORCEINLINE void store_fragment(const Frag& x, T* base, long long ld, int row0,
                                                int col0, int rows, int cols) {
  detail::store_fragment_at<Frag, T>(
      x, [&](int rr) { return rr < rows; },
      [&](int rr) { return base + static_cast<long long>(rr) * ld; }, row0, col0, cols);
}

/// Stores a fragment whose rows lie anywhere in memory: element (r, c) of
/// the tile to row_at(row0 + r)[col0 + c], where col0 + c < cols; a row
/// for which row_at returns nullptr is not stored. Rows gathered from
/// several heads or pages, e.g. attention's query rows packed as (position,
/// head) pairs:
///   store_fragment_rows(out, [&](int r) -> bf16* {
///     return r / g < seqlen ? o + (r / g) * o_row + (h0 + r % g) * o_head : nullptr;
///   }, row0, 0, d);
template <class Frag, class RowAt>
__device__ TIRX_FORCEINLINE void store_fragment_rows(const Frag& x, RowAt row_at, int row0,
                                                     int col0, int cols) {
  using E = cuda::std::remove_cv_t<typename cuda::std::remove_cvref_t<Frag>::value_type>;
  using P = decltype(row_at(0));
  static_assert(cuda::std::is_pointer_v<P> &&
                    cuda::std::is_same_v<cuda::std::remove_cv_t<cuda::std::remove_pointer_t<P>>, E>,
                "tirx::store_fragment_rows: row_at(r) must return a pointer to the fragment's "
                "element type (or nullptr for a row not stored); convert the fragment first");
  detail::store_fragment_at<Frag, E>(
      x, [&](int rr) { return row_at(rr) != nullptr; }, [&](int rr) { return row_at(rr); }, row0,
      col0, cols);
}

namespace detail {
/// Whether every pair of columns (c, c + 1), c even, of memory tensor D
/// lies in neighbouring elements, the first at an even offset (checked
/// over the whole tile at compile time; tiles of more than 16384 elements
/// are stored element by element).
template <class D> TIRX_HD constexpr bool pairs_adjacent() {
  constexpr Shape s = D::shape();
  if constexpr (D::rank != 2 || s.dims[1] % 2 != 0 || D::size() > 16384) {
    return false;
  } else {
    for (int r = 0; r < s.dims[0]; ++r)
      for (int c = 0; c < s.dims[1]; c += 2) {
        const auto o = D::offset_of(r, c);
        if (o % 2 != 0 || D::offset_of(r, c + 1) != o + 1)
          return false;
      }
    return true;
  }
}
} // namespace detail

/// Stores a fragment into a memory tensor (global or shared, any layout:
/// a swizzled shared tile, a transposed view): element (r, c) of the tile
/// to dst(row0 + r, col0 + c), which must lie inside dst. Where dst's
/// layout puts every even column beside the next (checked at compile time)
/// the pairs of a bf16 fragment go as 4-byte stores, of a float one as 8.
/// P or dS of attention's backward, kept for the next wgmma's A:
///   auto ds = decl_tensor<SmemTile>(smem);   // (64 q, 128 kv), MN-major
///   store_fragment(dst_bf16, ds.permute<1, 0>(), 64 * warpgroup, 0);
template <class Frag, class Dst>
requires is_tensor_v<cuda::std::remove_cvref_t<Dst>> __device__ TIRX_FORCEINLINE void
store_fragment(const Frag& x, const Dst& dst, int row0 = 0, int col0 = 0) {
  static_assert(detail::check_fragment<Frag>());
  using Fa = detail::facts_of<Frag>;
  using D = cuda::std::remove_cvref_t<Dst>;
  using E = cuda::std::remove_cv_t<typename cuda::std::remove_cvref_t<Frag>::value_type>;
  static_assert(D::scope != MemScope::local && D::scope != MemScope::tmem && D::rank == 2,
                "tirx::store_fragment: the destination must be a rank-2 global or shared tensor");
  static_assert(cuda::std::is_same_v<E, typename D::value_type>,
                "tirx::store_fragment: the tensor's element type must be the fragment's; convert "
                "the fragment first (alloc_like<T> + convert)");
  constexpr bool pairs = detail::pairs_adjacent<D>() && D::align >= 2 * int{sizeof(E)};
  struct alignas(2 * sizeof(E)) Pair {
    E a, b;
  };
  const auto o = fragment_origin<Frag>();
  const int r = row0 + o[0], c = col0 + o[1];
  E* base = const_cast<E*>(dst.data());
  detail::static_for<Fa::slots>([&](auto kc) {
    constexpr index_t k = decltype(kc)::value;
    constexpr index_t reg = Fa::table.reg[k];
    constexpr int dr = static_cast<int>(Fa::table.row[k]);
    constexpr int dc = static_cast<int>(Fa::table.col[k]);
    constexpr index_t nk = k + 1 < Fa::slots ? k + 1 : k, pk = k > 0 ? k - 1 : k;
    constexpr bool first = pairs && k + 1 < Fa::slots && k % 2 == 0 &&
                           Fa::table.reg[nk] == reg + 1 && Fa::table.row[nk] == dr &&
                           Fa::table.col[nk] == dc + 1;
    constexpr bool second = pairs && k % 2 == 1 && Fa::table.reg[pk] + 1 == reg &&
                            Fa::table.row[pk] == dr && Fa::table.col[pk] + 1 == dc;
    const int rr = r + dr, cc = c + dc;
    E* at = base + D::offset_of(rr, cc);
    if constexpr (first) {
      if ((cc & 1) == 0) {
        *reinterpret_cast<Pair*>(at) = Pair{x.data()[reg], x.data()[reg + 1]};
      } else {
        at[0] = x.data()[reg];
        base[D::offset_of(rr, cc + 1)] = x.data()[reg + 1];
      }
    } else if constexpr (!second) {
      at[0] = x.data()[reg];
    }
  });
}
#endif

/// The calling thread's slots of a whole register tile as a 1-D register
/// view (n,) over the same registers, slot order: for per-thread
/// instructions on every element, e.g.
/// tile::apply<ptx<"ex2.approx.ftz.f32">>(thread_slots(s), thread_slots(s), scope::thread).
template <class Frag> TIRX_HD TIRX_FORCEINLINE auto thread_slots(Frag& x) {
  using X = cuda::std::remove_cvref_t<Frag>;
  static_assert(is_tensor_v<X> && X::scope == MemScope::local,
                "tirx::thread_slots: the operand must be a register tile (alloc_local, "
                "alloc_wgmma_accumulator)");
  constexpr TileLayout st = storage(X::layout());
  constexpr index_t n = detail::local_elements(X::layout());
  static_assert(X::layout().noffset == 0 && st.size() == n,
                "tirx::thread_slots: takes a whole register tile whose slots are dense (no view "
                "with an offset, no replicas)");
  using T = cuda::std::remove_reference_t<decltype(*x.data())>;
  return Tensor<T, ShapeT<n>, MemScope::local, alignof(T), row_major_t<ShapeT<n>>,
                PointerStorage<T>>{x.data()};
}

/// A new register tile of U with x's shape and layout (uninitialised, like
/// alloc_local): the destination of convert.
template <class U, class Frag> TIRX_HD TIRX_FORCEINLINE auto alloc_like(const Frag&) {
  using X = cuda::std::remove_cvref_t<Frag>;
  static_assert(is_tensor_v<X> && X::scope == MemScope::local,
                "tirx::alloc_like: the operand must be a register tile (alloc_local, "
                "alloc_wgmma_accumulator)");
  static_assert(X::layout().noffset == 0,
                "tirx::alloc_like: takes a whole register tile, not a view with an offset");
  return alloc_local<U, X::shape(), X::layout()>();
}

/// dst = x, each element converted (round to nearest even), dst and x
/// whole register tiles of one shape and layout (alloc_like<U>(x)); float
/// to bf16 or half converts the pairs of neighbouring slots with one
/// cvt.rn.bf16x2.f32 / cvt.rn.f16x2.f32. The wgmma accumulator layout over
/// 16-bit elements holds the A fragments of its 16-column slices:
///   auto p = alloc_like<nv_bfloat16>(s);
///   convert(p, s);
///   ... p.sub(_, range<16 * j, 16 * j + 16>) ...   // the register A of the next wgmma
template <class Dst, class Src> TIRX_HD TIRX_FORCEINLINE void convert(Dst& dst, const Src& x) {
  using X = cuda::std::remove_cvref_t<Src>;
  using Y = cuda::std::remove_cvref_t<Dst>;
  static_assert(is_tensor_v<X> && X::scope == MemScope::local && is_tensor_v<Y> &&
                    Y::scope == MemScope::local,
                "tirx::convert: both operands must be register tiles (alloc_local, "
                "alloc_wgmma_accumulator, alloc_like)");
  static_assert(X::layout() == Y::layout() && X::layout().noffset == 0,
                "tirx::convert: the destination must have the source's layout, both whole tiles "
                "(make it with alloc_like<U>(source))");
  using T = cuda::std::remove_cv_t<typename X::value_type>;
  using U = cuda::std::remove_cv_t<typename Y::value_type>;
  constexpr index_t n = detail::local_elements(X::layout());
  constexpr bool pairs = cuda::std::is_same_v<T, float> && n % 2 == 0 &&
                         (cuda::std::is_same_v<U, nv_bfloat16> || cuda::std::is_same_v<U, half>);
  if constexpr (pairs) {
    detail::static_for<n / 2>([&](auto h) {
      constexpr index_t i = 2 * decltype(h)::value;
      if constexpr (cuda::std::is_same_v<U, nv_bfloat16>) {
        const __nv_bfloat162 p = __floats2bfloat162_rn(x.data()[i], x.data()[i + 1]);
        dst.data()[i] = p.x, dst.data()[i + 1] = p.y;
      } else {
        const __half2 p = __floats2half2_rn(x.data()[i], x.data()[i + 1]);
        dst.data()[i] = p.x, dst.data()[i + 1] = p.y;
      }
    });
  } else {
    detail::static_for<n>([&](auto i) {
      dst.data()[decltype(i)::value] = static_cast<U>(x.data()[decltype(i)::value]);
    });
  }
}

} // namespace tirx
