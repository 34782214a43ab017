// pair_halves: the two elements of every packed pair as named views. The
// packing instructions take the pair's high half first (cvt.rn.f16x2.f32
// d, a, b puts a in bits 16..31; the fp8 pairs put a in bits 8..15), which
// is element 1 of a pair in memory order, so the sources are the views of
// the odd and the even elements:
//   auto pairs = pair_halves(registers);   // last mode 2k: (..., k) views
//   tile::apply<ptx<"cvt.rn.f16x2.f32">>(packed, pairs.hi, pairs.lo, scope::cta);
#pragma once

#include <tirx/tensor/tensor.hpp>

namespace tirx {

/// The high (hi: elements 1, 3, 5, ... of the last mode) and low (lo:
/// elements 0, 2, 4, ...) halves of a tensor's pairs (two view types: their
/// layouts differ by the offset of one element).
template <class Hi, class Lo> struct PairHalves {
  Hi hi;
  Lo lo;
};

namespace detail {
/// The shape with its last mode split into (extent / 2, 2).
TIRX_HD constexpr Shape pair_split(Shape s) {
  s.dims[s.rank - 1] /= 2;
  s.dims[s.rank++] = 2;
  return s;
}
} // namespace detail

/// Views of t's pairs, which lie along its last mode (elements 2k, 2k + 1):
/// a (2, 32, 4) tile gives two (2, 32, 2) views over the same storage.
template <class Tn> TIRX_HD constexpr auto pair_halves(const Tn& t) {
  static_assert(is_tensor_v<Tn>, "tirx::pair_halves: the argument must be a tirx tensor");
  constexpr Shape s = Tn::shape();
  constexpr bool even = s.dims[s.rank - 1] % 2 == 0 && s.rank < max_rank;
  static_assert(even, "tirx::pair_halves: the pairs lie along the last mode, so its extent must "
                      "be even; view<...>() the tensor so that the last mode holds whole pairs");
  if constexpr (even) {
    auto v = t.template view_shape<detail::pair_split(s)>();
    return [&]<int... I>(cuda::std::integer_sequence<int, I...>) {
      auto hi = v.sub(((void)I, _)..., c<1>);
      auto lo = v.sub(((void)I, _)..., c<0>);
      return PairHalves<decltype(hi), decltype(lo)>{hi, lo};
    }
    (cuda::std::make_integer_sequence<int, s.rank>{});
  }
}
/// pair_halves of a temporary register tile: refused (the views would dangle).
template <class Tn>
requires(is_tensor_v<Tn>&& Tn::owning) TIRX_HD auto pair_halves(const Tn&& t) {
  static_assert(!Tn::owning, "tirx::pair_halves: views of a temporary register tile would dangle "
                             "(its registers die at the end of the expression); name the tile "
                             "(auto regs = alloc_local<...>();) and pass that variable");
  return pair_halves(t);
}

} // namespace tirx
