// The index arguments of Tensor::sub and their plan: `_` keeps a mode,
// range<B, E, S> / range_from<L>(b) take a strided part of it, an integer
// fixes it; make_sub_plan works out the result's shape and layout.
#pragma once

#include <tirx/core/integer.hpp>
#include <tirx/layout/ops.hpp>

#include <tirx/core/cccl.hpp>

namespace tirx {

/// `_` (or `full`) keeps a whole mode, like `:` in A[i, :].
struct All {};
inline constexpr All _{};
inline constexpr All full{};

/// A static range [Begin, End) with a step: range<0, 32>, range<1, 8, 2>.
template <index_t Begin, index_t End, index_t Step = 1> struct StaticRange {
  static_assert(Step >= 1, "tirx::range: the step must be at least 1");
  static_assert(End > Begin, "tirx::range: End must be greater than Begin");
};
template <index_t Begin, index_t End, index_t Step = 1>
inline constexpr StaticRange<Begin, End, Step> range{};

/// A range of Len elements (a static count) from a run-time start.
template <index_t Len, index_t Step = 1> struct DynRange {
  static_assert(Len >= 1 && Step >= 1,
                "tirx::range_from: the count and the step must be at least 1");
  static constexpr index_t len = Len;
  static constexpr index_t step = Step;
  index_t begin;
};
template <index_t Len, index_t Step = 1>
TIRX_HD constexpr DynRange<Len, Step> range_from(index_t begin) {
  return DynRange<Len, Step>{begin};
}

template <class Tens, class... I> struct SubResult;

namespace detail {

enum class SubKind { static_index, dyn_index, all, static_range, dyn_range };

template <class A> struct sub_kind;
template <class A>
requires is_static_int_v<A>
struct sub_kind<A> {
  static constexpr SubKind value = SubKind::static_index;
};
template <> struct sub_kind<All> { static constexpr SubKind value = SubKind::all; };
template <index_t B, index_t E, index_t St> struct sub_kind<StaticRange<B, E, St>> {
  static constexpr SubKind value = SubKind::static_range;
  static constexpr SliceSpec spec{false, B, (E - B + St - 1) / St, St};
};
template <index_t L, index_t St> struct sub_kind<DynRange<L, St>> {
  static constexpr SubKind value = SubKind::dyn_range;
  static constexpr SliceSpec spec{false, 0, L, St};
};
template <class A>
requires cuda::std::is_integral_v<A>
struct sub_kind<A> {
  static constexpr SubKind value = SubKind::dyn_index;
};

/// 0 <= x < extent for a run-time index of any integer type, written so that
/// no compiler warns (an unsigned x is never compared with 0).
template <class I> TIRX_HD constexpr bool index_within(I x, index_t extent) {
  if constexpr (cuda::std::is_signed_v<I>)
    return x >= 0 && static_cast<index_t>(x) < extent;
  else
    return static_cast<unsigned long long>(x) < static_cast<unsigned long long>(extent);
}

struct SubPlan {
  SliceSpec spec[max_rank] = {};
  SubKind kind[max_rank] = {};
  bool index_out_of_range = false;
  bool range_out_of_range = false;
  bool dynamic_on_thread_axis = false;
  bool dyn_range_not_affine = false;
  bool dynamic_with_swizzle = false; ///< a run-time step of a swizzled tensor inside a repeat
  index_t dyn_stride_gcd = 0;        ///< gcd of the m strides a run-time index moves by
};

TIRX_HD constexpr index_t gcd(index_t a, index_t b) {
  a = a < 0 ? -a : a;
  b = b < 0 ? -b : b;
  while (b != 0) {
    index_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

template <class... A> TIRX_HD constexpr SubPlan make_sub_plan(const TileLayout& l, const Shape& s) {
  SubPlan p{};
  SubKind kinds[] = {sub_kind<cuda::std::remove_cvref_t<A>>::value...};
  GroupedLayout g = regroup(l, s);
  int d = 0;
  auto one = [&]<class X>() {
    using D = cuda::std::remove_cvref_t<X>;
    SubKind k = kinds[d];
    p.kind[d] = k;
    index_t dim = s.dims[d];
    if constexpr (is_static_int_v<D>) {
      p.spec[d] = SliceSpec{true, D::value, 1, 1};
      if (D::value < 0 || D::value >= dim)
        p.index_out_of_range = true;
    } else if constexpr (cuda::std::is_same_v<D, All>) {
      p.spec[d] = SliceSpec{false, 0, dim, 1};
    } else if constexpr (cuda::std::is_integral_v<D>) {
      p.spec[d] = SliceSpec{true, 0, 1, 1};
    } else {
      p.spec[d] = sub_kind<D>::spec;
      const SliceSpec& sp = p.spec[d];
      if (sp.begin < 0 || sp.begin + (sp.extent - 1) * sp.step >= dim)
        p.range_out_of_range = true;
    }
    if (k == SubKind::dyn_index || k == SubKind::dyn_range) {
      // a swizzled tensor moves its pointer by whole repeats of the swizzle
      // only (the stage of a ring, a swizzle atom's rows): the XOR pattern
      // of the bits below the repeat is then the same at the new start
      const index_t repeat = index_t{1} << (l.swz.base + l.swz.shift + l.swz.bits);
      TileLayout mode{};
      for (int i = g.bound[d]; g.ok && i < g.bound[d + 1]; ++i) {
        const Iter& it = g.layout.shard[i];
        if (!(it.axis == Axis{0}) && it.extent > 1)
          p.dynamic_on_thread_axis = true;
        if (it.extent > 1)
          p.dyn_stride_gcd = gcd(p.dyn_stride_gcd, it.stride);
        if (l.swz.active() && it.extent > 1 && it.stride % repeat != 0)
          p.dynamic_with_swizzle = true;
        mode.push_shard(it);
      }
      if (k == SubKind::dyn_range && canonicalize(mode).rank > 1)
        p.dyn_range_not_affine = true;
    }
    ++d;
  };
  (one.template operator()<A>(), ...);
  return p;
}

/// Run-time offset on m of coordinate c of grouped mode d (iters [b, e)).
/// Iters on other axes (threads) contribute nothing, so a coordinate that
/// only selects a thread never reaches the storage index.
template <TileLayout G, int B, int E, class I>
TIRX_HD TIRX_FORCEINLINE constexpr I mode_offset(I c) {
  I off = 0;
  [&]<int... K>(cuda::std::integer_sequence<int, K...>) {
    (
        [&] {
          constexpr Iter it = G.shard[E - 1 - K];
          if constexpr (it.extent > 1) {
            if constexpr (it.axis == Axis{0}) { // only m moves storage; thread iters only divide
              if constexpr (E - 1 - K == B)
                off += c * static_cast<I>(it.stride);
              else
                off += (c % static_cast<I>(it.extent)) * static_cast<I>(it.stride);
            }
            if constexpr (E - 1 - K != B)
              c /= static_cast<I>(it.extent);
          }
        }(),
        ...);
  }
  (cuda::std::make_integer_sequence<int, E - B>{});
  return off;
}

TIRX_HD constexpr int pow2_divisor(index_t bytes, int cap) {
  if (bytes == 0)
    return cap;
  int a = 1;
  while (a < cap && bytes % (2 * a) == 0)
    a *= 2;
  return a;
}

} // namespace detail

} // namespace tirx
