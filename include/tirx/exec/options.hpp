// The options of tile::apply, which follow the scope: tile::pred (a
// run-time guard), tile::preserve_dst (a guarded-off load keeps its
// registers), tile::cache_hint (the policy of a .L2::cache_hint spelling)
// tile::bound (keep a memory operand inside its data), tile::accumulate
// (whether a matrix instruction adds to its accumulator), tile::src_size and
// tile::ignore_src (an asynchronous copy's zero fill), tile::imm (a
// compile-time immediate source, not an option but an operand), and the traits that
// tell operands, the scope and options apart.
#pragma once

#include <tirx/core/cccl.hpp>
#include <tirx/exec/scope.hpp>
#include <tirx/ptx/emit.hpp>
#include <tirx/tensor/grid_tensor.hpp>

namespace tirx::tile {

/// Guard every instruction of an apply by a run-time condition: tile::pred(i < n).
/// A callable pred([](auto... repeat_index) { ... }) is asked per repeat.
/// A bool register tensor, pred(mask), guards repeat r by the calling
/// thread's element r of the mask (its elements in row-major order, thread
/// modes aside: a mask that setp wrote over the operands' (group, repeat)
/// modes); it holds exactly one element per repeat.
template <class P> struct Pred { P p; };
template <class Tn> struct MaskPred;
template <class P>
requires(!is_tensor_v<P>) TIRX_HD constexpr auto pred(P p) { return Pred<P>{p}; }
/// (the mask is held as a view: a register tile is never copied)
template <class P>
requires(is_tensor_v<P>) TIRX_HD constexpr auto pred(const P& p) {
  static_assert(cuda::std::is_same_v<typename P::value_type, bool>,
                "tirx::tile::pred(mask): a predicate tensor holds bool elements (setp's "
                "destination); compare the values first, e.g. apply<ptx<\"setp.ne.s32\">>(mask, "
                "x, 0, scope)");
  static_assert(P::scope == MemScope::local,
                "tirx::tile::pred(mask): the mask is a register tensor (alloc_local<bool, ...>), "
                "read by each thread; load a mask in memory into registers first");
  using V = decltype(p.view());
  return Pred<MaskPred<V>>{MaskPred<V>{p.view()}};
}
/// With a predicate: a predicated-off load keeps the destination's old value.
/// An enumeration, like the scopes: `tile::preserve_dst` is a constant, not
/// an object that device code would have to reach (a namespace-scope
/// constexpr object is "undefined in device code" when apply binds it to
/// its forwarding reference).
enum PreserveDst { preserve_dst };

/// The 64-bit L2 cache policy of a .L2::cache_hint spelling (which needs
/// it, and no other spelling takes it): tile::cache_hint(policy::evict_last())
/// (tirx/ptx/policy.hpp), any 64-bit unsigned integer, or a class that
/// converts explicitly to one, such as CCCL's cuda::access_property:
/// tile::cache_hint(cuda::access_property(cuda::access_property::streaming{})).
struct CacheHint {
  unsigned long long policy;
};
template <class P> TIRX_HD constexpr CacheHint cache_hint(const P& policy) {
  using U64 = cuda::std::uint64_t;
  constexpr bool integer =
      cuda::std::is_integral_v<P> && cuda::std::is_unsigned_v<P> && sizeof(P) == 8;
  // a class with an explicit conversion only: the property tags
  // (cuda::access_property::streaming, ...) convert implicitly to an enum
  constexpr bool property = cuda::std::is_class_v<P> &&
                            cuda::std::is_constructible_v<U64, const P&> &&
                            !cuda::std::is_convertible_v<const P&, U64>;
  static_assert(integer || property, "tirx::tile::cache_hint: a cache policy is a 64-bit unsigned "
                                     "integer (policy::evict_last(), ...) or a "
                                     "cuda::access_property; a property tag is not one: write "
                                     "cuda::access_property(cuda::access_property::"
                                     "streaming{}), not cuda::access_property::streaming{}");
  if constexpr (integer)
    return CacheHint{policy};
  else if constexpr (property)
    return CacheHint{static_cast<unsigned long long>(static_cast<U64>(policy))};
  else
    return CacheHint{0};
}

/// Keep a load or store inside the data: only elements of the memory
/// operand whose offset from its data() lies in [0, limit) are accessed.
/// An atom wholly inside runs as written; one across the limit runs
/// element by element with the scalar form of the instruction (ld.global.b32
/// for ld.global.v4.b32); one wholly outside is skipped (a load leaves its
/// registers as they were). When every atom of the calling thread is inside,
/// one comparison selects the unguarded code. GridTile::bound() gives it.
TIRX_HD constexpr Bound bound(long long limit) { return Bound{limit}; }

/// Whether a matrix instruction adds to its accumulator: with
/// tile::accumulate(k > 0) the first wgmma of a tile overwrites D (D = A B)
/// and the later ones add (D = A B + D). A run-time condition; without the
/// option the instruction always adds.
struct Accumulate {
  bool on;
};
TIRX_HD constexpr Accumulate accumulate(bool on) { return Accumulate{on}; }
/// An asynchronous copy's src-size (cp.async): of each chunk, only the
/// first `bytes` come from the source, and the rest of the chunk in the
/// destination is zero-filled; 0 zero-fills it all and reads nothing, the
/// chunk's size copies it all. `bytes` lies in [0, chunk bytes] (debug
/// builds check it). A callable src_size([=](index_t r) { ... }) gives the
/// bytes per repeat r of the calling thread, as tile::pred does: a ragged
/// edge passes each thread's valid bytes, e.g. clamp(end - first, 0, 16).
template <class N> struct SrcSize { N bytes; };
template <class N> TIRX_HD constexpr SrcSize<N> src_size(N bytes) { return SrcSize<N>{bytes}; }
/// An asynchronous copy's ignore-src (cp.async): where the condition holds
/// the source is not read and the chunk is zero-filled; elsewhere it is
/// copied. A bool, or a callable of the repeat index, as tile::pred takes.
/// (tile::pred instead skips the copy: the destination keeps its bytes.)
template <class C> struct IgnoreSrc { C c; };
template <class C> TIRX_HD constexpr IgnoreSrc<C> ignore_src(C c) { return IgnoreSrc<C>{c}; }

/// Negate A or B of a matrix instruction (wgmma's imm-scale-a/b = -1):
/// D = (-A) B + D. Constants, like preserve_dst.
enum NegateA { negate_a };
enum NegateB { negate_b };

/// A compile-time immediate source: tile::imm<0x96> for lop3's LUT. The
/// value is written into the instruction's text; the Desc says which
/// source takes one and its range (exec/contract.hpp checks both).
template <long long V> using Imm = ptxemit::Imm<V>;
#if defined(__CUDACC__)
// (a device variable: an apply that takes a register tile after it binds it
// by reference, which a host constexpr object would not allow in device code)
template <long long V> static constexpr __device__ Imm<V> imm{};
#else
template <long long V> inline constexpr Imm<V> imm{};
#endif

} // namespace tirx::tile

namespace tirx::detail {

/// The local slots of a mask tensor's elements that the calling thread holds,
/// in row-major order (the elements whose thread-axis coordinates are 0).
template <class Tn> struct mask_slots {
  TIRX_HD static constexpr bool own(const Coord& c) {
    for (int i = 0; i < c.n; ++i)
      if (!(c.axis[i] == Axis{0}) && c.value[i] != 0)
        return false;
    return true;
  }
  static constexpr index_t count = [] {
    index_t n = 0;
    for (index_t i = 0; i < Tn::layout().size(); ++i)
      n += own(apply(Tn::layout(), i)) ? 1 : 0;
    return n;
  }();
  struct table {
    index_t s[count > 0 ? count : 1];
  };
  static constexpr table slots = [] {
    table t{};
    index_t n = 0;
    for (index_t i = 0; i < Tn::layout().size(); ++i)
      if (const Coord c = apply(Tn::layout(), i); own(c))
        t.s[n++] = c[Axis{0}];
    return t;
  }();
};

template <class Tn, index_t K> inline constexpr index_t mask_slot_v = mask_slots<Tn>::slots.s[K];

/// The elements per thread of a tile::pred(mask) (-1: another predicate).
template <class P> inline constexpr index_t mask_elements_v = -1;
template <class Tn>
inline constexpr index_t mask_elements_v<tile::Pred<tile::MaskPred<Tn>>> = mask_slots<Tn>::count;

template <class T> inline constexpr bool is_pred_v = false;
template <class P> inline constexpr bool is_pred_v<tile::Pred<P>> = true;

/// Whether P can be called at all (any arity, a generic or mutable lambda, a
/// function pointer): such a P is never read as a bool condition, although
/// a captureless lambda converts to one (always true).
template <class P> inline constexpr bool callable_like_v = requires { &P::operator(); }
|| cuda::std::is_function_v<cuda::std::remove_pointer_t<P>> || cuda::std::is_member_pointer_v<P> ||
    cuda::std::is_invocable_v<P&> || cuda::std::is_invocable_v<P&, index_t> ||
    cuda::std::is_invocable_v<P&, index_t, index_t> ||
    cuda::std::is_invocable_v<P&, index_t, index_t, index_t> ||
    cuda::std::is_invocable_v<P&, index_t, index_t, index_t, index_t>;

/// The forms tile::pred accepts: a callable of one parameter, the repeat
/// index, called as const and returning something bool-convertible; or a
/// value that is no callable and converts to bool. true for other arguments.
template <class T> inline constexpr bool pred_form_ok_v = true;
template <class P>
inline constexpr bool pred_form_ok_v<tile::Pred<P>> = [] {
  if constexpr (cuda::std::is_invocable_v<const P&, index_t>)
    return cuda::std::is_convertible_v<cuda::std::invoke_result_t<const P&, index_t>, bool>;
  else if constexpr (callable_like_v<P>)
    return false;
  else
    return cuda::std::is_constructible_v<bool, const P&>;
}();

template <class T> using bare = cuda::std::remove_cvref_t<T>;

/// Is this argument an option or the scope (i.e. not an operand)?
template <class T> inline constexpr bool is_bound_v = cuda::std::is_same_v<bare<T>, Bound>;
template <class T> inline constexpr bool is_hint_v = cuda::std::is_same_v<bare<T>, tile::CacheHint>;
template <class T>
inline constexpr bool is_accumulate_v = cuda::std::is_same_v<bare<T>, tile::Accumulate>;
template <class T>
inline constexpr bool is_negate_v =
    cuda::std::is_same_v<bare<T>, tile::NegateA> || cuda::std::is_same_v<bare<T>, tile::NegateB>;

template <class T> inline constexpr bool is_src_size_v = false;
template <class N> inline constexpr bool is_src_size_v<tile::SrcSize<N>> = true;
template <class T> inline constexpr bool is_ignore_src_v = false;
template <class C> inline constexpr bool is_ignore_src_v<tile::IgnoreSrc<C>> = true;
/// tile::src_size or tile::ignore_src.
template <class T>
inline constexpr bool is_fill_v = is_src_size_v<bare<T>> || is_ignore_src_v<bare<T>>;

template <class T>
inline constexpr bool is_tail_v =
    scope::is_scope_v<bare<T>> || is_pred_v<bare<T>> ||
    cuda::std::is_same_v<bare<T>, tile::PreserveDst> || is_bound_v<T> || is_hint_v<T> ||
    is_accumulate_v<T> || is_negate_v<T> || is_fill_v<T>;

/// The forms tile::src_size and tile::ignore_src accept: an integer
/// (src_size) or a bool-convertible value (ignore_src) that is no callable,
/// or a callable of one parameter, the repeat index, callable as const and
/// returning one. true for other arguments.
template <class T> inline constexpr bool fill_form_ok_v = true;
template <class N>
inline constexpr bool fill_form_ok_v<tile::SrcSize<N>> = [] {
  if constexpr (cuda::std::is_invocable_v<const N&, index_t>)
    return cuda::std::is_integral_v<cuda::std::invoke_result_t<const N&, index_t>>;
  else if constexpr (callable_like_v<N>)
    return false;
  else
    return cuda::std::is_integral_v<N> && !cuda::std::is_same_v<N, bool>;
}();
template <class C>
inline constexpr bool fill_form_ok_v<tile::IgnoreSrc<C>> = [] {
  if constexpr (cuda::std::is_invocable_v<const C&, index_t>)
    return cuda::std::is_convertible_v<cuda::std::invoke_result_t<const C&, index_t>, bool>;
  else if constexpr (callable_like_v<C>)
    return false;
  else
    return cuda::std::is_constructible_v<bool, const C&>;
}();

/// The first option of type T among the arguments (nullptr if none).
template <template <class> class Is, class... A>
TIRX_HD TIRX_FORCEINLINE const void* find_option(const A&... a) {
  const void* p = nullptr;
  ((p = Is<A>::value ? static_cast<const void*>(&a) : p), ...);
  return p;
}
template <class A> struct is_pred_arg : cuda::std::bool_constant<is_pred_v<bare<A>>> {};
template <class A> struct is_bound_arg : cuda::std::bool_constant<is_bound_v<A>> {};
template <class A> struct is_hint_arg : cuda::std::bool_constant<is_hint_v<A>> {};
template <class A> struct is_accumulate_arg : cuda::std::bool_constant<is_accumulate_v<A>> {};
template <class A> struct is_fill_arg : cuda::std::bool_constant<is_fill_v<A>> {};

/// The Pred<...> type among the arguments (void if none).
template <class... A> struct pred_type { using type = void; };
template <class A, class... R> struct pred_type<A, R...> {
  using type =
      cuda::std::conditional_t<is_pred_v<bare<A>>, bare<A>, typename pred_type<R...>::type>;
};
/// The SrcSize<...> or IgnoreSrc<...> type among the arguments (void if none).
template <class... A> struct fill_type { using type = void; };
template <class A, class... R> struct fill_type<A, R...> {
  using type = cuda::std::conditional_t<is_fill_v<A>, bare<A>, typename fill_type<R...>::type>;
};

} // namespace tirx::detail

namespace tirx::tile {
/// tile::pred(mask)'s predicate: repeat r is on where the thread's element
/// r of the mask is true.
template <class Tn> struct MaskPred {
  Tn mask;
  TIRX_HD TIRX_FORCEINLINE constexpr bool operator()(index_t r) const {
    bool v = false; // r is a constant once apply's repeats are unrolled: one load
    [&]<index_t... K>(cuda::std::integer_sequence<index_t, K...>) {
      ((r == K ? (v = mask.data()[detail::mask_slot_v<Tn, K>], 0) : 0), ...);
    }
    (cuda::std::make_integer_sequence<index_t, detail::mask_slots<Tn>::count>{});
    return v;
  }
};
} // namespace tirx::tile
