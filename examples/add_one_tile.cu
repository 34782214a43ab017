// Seed kernel add_one_tile: 64 threads each load twelve floats with three
// ld.global.v4.b32 (operand shape (2, 32, 3, 4): group (warp, lane), three
// repeats, a four-word atom), add one to each value with a scalar function
// through ewise, and store them with three st.global.v4.b32.
#include <tirx/tile.hpp>

#include "example_util.hpp"

using namespace tirx;

constexpr TileLayout register_layout = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;

__device__ float plus_one(float value) { return value + 1.0f; }

using Tile = GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16>; // align=16

__global__ void add_one_tile(Tile A, Tile B) {
  auto registers = alloc_local<float, shape(2, 32, 3, 4), register_layout>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
  tile::ewise(plus_one, registers, registers, scope::cta);
  tile::apply<ptx<"st.global.v4.b32">>(B, registers, scope::cta);
}

int main(int argc, char** argv) {
  constexpr int n = 2 * 32 * 3 * 4; // 768
  unsigned seed = example::seed_from_args(argc, argv);
  auto a = example::random_floats(n, seed);
  example::Buffer<float> A(n), B(n);
  A.upload(a);
  B.poison();
  add_one_tile<<<1, 64>>>(Tile{A.dev}, Tile{B.dev});
  example::sync_and_check("add_one_tile");
  std::vector<float> want(n);
  for (int i = 0; i < n; ++i) want[i] = a[i] + 1.0f; // add.f32 rounds to nearest: bit-exact
  return example::expect_equal("add_one_tile", B.download(), want, seed);
}
