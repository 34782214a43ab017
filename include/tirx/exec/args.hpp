// The argument grammar of tile::apply and tile::ewise: operands first (the
// destination, then sources), then the scope, then options; and picking an
// argument or its type out of the pack by index.
#pragma once

#include <tirx/exec/options.hpp>

namespace tirx::detail {

template <class... A> TIRX_HD constexpr int count_operands() {
  constexpr bool tail[] = {is_tail_v<A>..., true};
  int n = 0;
  while (!tail[n])
    ++n;
  return n;
}

/// The first rule an argument list (operands, scope, options) breaks.
enum class ArgsError {
  none,
  no_destination,
  missing_scope,
  not_an_option,
  two_preds,
  two_bounds,
  two_hints,
  two_accumulates,
  pred_form,
  two_fills,
  fill_form
};

template <bool OptionsAllowed, class... A> TIRX_HD constexpr ArgsError check_args() {
  constexpr int n = static_cast<int>(sizeof...(A));
  const int nops = count_operands<A...>();
  const bool scope_at[] = {scope::is_scope_v<bare<A>>..., false};
  const bool option_at[] = {
      (OptionsAllowed &&
       (is_pred_v<bare<A>> || is_bound_v<A> || is_hint_v<A> || is_accumulate_v<A> ||
        is_negate_v<A> || is_fill_v<A> || cuda::std::is_same_v<bare<A>, tile::PreserveDst>))...,
      false};
  if (nops == 0)
    return ArgsError::no_destination;
  if (nops == n || !scope_at[nops])
    return ArgsError::missing_scope;
  for (int i = nops + 1; i < n; ++i)
    if (!option_at[i])
      return ArgsError::not_an_option;
  if ((0 + ... + (is_pred_v<bare<A>> ? 1 : 0)) > 1)
    return ArgsError::two_preds;
  if ((0 + ... + (is_bound_v<A> ? 1 : 0)) > 1)
    return ArgsError::two_bounds;
  if ((0 + ... + (is_hint_v<A> ? 1 : 0)) > 1)
    return ArgsError::two_hints;
  if ((0 + ... + (is_accumulate_v<A> ? 1 : 0)) > 1)
    return ArgsError::two_accumulates;
  if (!(pred_form_ok_v<bare<A>> && ...))
    return ArgsError::pred_form;
  if ((0 + ... + (is_fill_v<A> ? 1 : 0)) > 1)
    return ArgsError::two_fills;
  if (!(fill_form_ok_v<bare<A>> && ...))
    return ArgsError::fill_form;
  return ArgsError::none;
}

/// The I-th type of a pack, as cuda::std::tuple_element_t<I, tuple<Ts...>>
/// gives it, without instantiating a tuple. Each cuda::std::tuple of
/// apply's or ewise's argument types (tensor types with long layout
/// arguments) cost the device front end more the more of them a translation
/// unit held (15 ms for the first, 170 ms for the 280th: about 22 of the
/// 62 s of front end for kernels/rows.cuh's 63 kernels). One base per
/// element; overload resolution picks index I.
template <int I, class T> struct pack_slot { using type = T; };
template <class Seq, class... Ts> struct pack_slots;
template <int... I, class... Ts>
struct pack_slots<cuda::std::integer_sequence<int, I...>, Ts...> : pack_slot<I, Ts>... {};
template <int I, class T> pack_slot<I, T> pack_select(const pack_slot<I, T>&); // unevaluated only
template <int I, class... Ts>
using pack_element_t = typename decltype(pack_select<I>(
    cuda::std::declval<
        const pack_slots<cuda::std::make_integer_sequence<int, sizeof...(Ts)>, Ts...>&>()))::type;

/// The I-th of a pack of arguments, as an lvalue (what get<I> of
/// forward_as_tuple(args...) gives).
template <int I, class A, class... R> TIRX_HD TIRX_FORCEINLINE auto& nth_arg(A& a, R&... r) {
  if constexpr (I == 0)
    return a;
  else
    return nth_arg<I - 1>(r...);
}

} // namespace tirx::detail
