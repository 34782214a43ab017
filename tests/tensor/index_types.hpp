// Every way of indexing a tensor, with the index type a template parameter:
// sub with an integer and with range_from, element access, ptr_to,
// operator[], ramp vector access, owned local tensors, GridTensor tiles and
// rows, DynTensor element access, sub and tiles. index_types.cu and
// index_types.cpp instantiate it with every integer type a user may pass
// (and blockIdx.x, threadIdx.x in device code)
// under -Wall -Wextra -Werror, with the debug checks on and off: tirx's own
// code must not warn (e.g. `i >= 0` on an unsigned index).
#pragma once

#include <tirx/tile.hpp>

namespace tirx_index_types {

using namespace tirx;
using namespace tirx::literals;

using Grid4 = GlobalTensor<float, ShapeT<8, 2, 32, 4>, 16>;

/// Reads through every indexing form; i stays below 2 (every mode's extent).
template <class I> TIRX_HD float read_with(Grid4 a, I i) {
  auto tile = a.sub(i, _, _, _);                      // an integer drops its mode
  auto part = a.sub(_, i, range_from<8>(i), _);       // a run-time range keeps it
  auto strided = a.sub(i, i, range_from<4, 2>(i), i); // with a step
  float s = tile(i, i, i) + part(i, i, i) + strided[i] + *a.ptr_to(i, i, i, i);
  auto flat = a.view<8 * 2 * 32 * 4>();
  s += flat[i] + flat(i);
  vec<float, 4> v = flat[ramp(i * 4, 1_c, 4_c)]; // one vector access
  s += v[0];
  flat[ramp(i * 8, 2_c, 4_c)] = v; // a strided ramp
  auto local = alloc_local<float, shape(4)>();
  local[i] = s;
  local(i) += 1.0f;
  s += local[i];
  auto grid = grid_tensor(a.data(), 1000);
  auto vector_tile = grid.tile<128>(i);
  s += vector_tile.tensor[i];
  auto matrix = grid_tensor(a.data(), 10, 100);
  s += matrix.row(i).template tile<32>(i).tensor(i);
  s += matrix.tile<4, 32>(i, i).row(i).tensor[i];
  // run-time shapes: element access, sub, tiles and their edge predicate
  using Dyn3 = DynTensor<float, Extents<dyn, 2, dyn>, Strides<dyn, dyn, 1>, 16>;
  auto d = decl_tensor<Dyn3>(a.data(), {8, 2, 128}, {256, 128, 1});
  s += d(i, i, i) + *d.ptr_to(i, c<1>, i) + d.sub(i, _, range_from<4>(i))(i, i);
  auto dt = d.tile<2, 2, 32>(i, i, i);
  if (dt.contains(i, i, i))
    s += dt(i, i, i);
  s += dt.row(i, i).tensor[i] + dt.tensor()(i, i, i);
  if (dt.full() || !dt.empty())
    s += static_cast<float>(dt.valid(2) + d.num_tiles<2, 2, 32>().total() + d.extent(0));
  auto rows = decl_tensor<DynTensor<float, Extents<dyn, 64>>>(a.data(), {10, 64});
  s += rows.tile<4, 64>(i, 0).tensor()(i, i) + dyn_tensor(matrix).tile<4, 32>(i, i)(i, i);
  return s;
}

} // namespace tirx_index_types
