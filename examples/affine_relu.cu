// Seed kernel affine_relu: B = max(2*A + 1, 0). Each of 64 threads loads four
// floats with one ld.global.v4.b32, then views its registers as (2, 32, 4, 1)
// (four repeats of a one-register atom) for fma.rn.f32 and max.f32 with
// scalar constants, and stores the four results with st.global.v4.b32.
#include <tirx/tile.hpp>

#include "example_util.hpp"

using namespace tirx;

constexpr TileLayout register_layout = layout_of<"S[(2, 32, 4) : (1@warpid, 1@laneid, 1)]">;

using Tile = GlobalTensor<float, ShapeT<2, 32, 4>, 16>; // align=16

__global__ void affine_relu(Tile A, Tile B) {
  auto registers = alloc_local<float, shape(2, 32, 4), register_layout>();
  tile::apply<ptx<"ld.global.v4.b32">>(registers, A, scope::cta);
  auto scalars = registers.view<2, 32, 4, 1>();
  tile::apply<ptx<"fma.rn.f32">>(scalars, scalars, 2.0f, 1.0f, scope::cta);
  tile::apply<ptx<"max.f32">>(scalars, scalars, 0.0f, scope::cta);
  tile::apply<ptx<"st.global.v4.b32">>(B, registers, scope::cta);
}

int main(int argc, char** argv) {
  constexpr int n = 2 * 32 * 4; // 256
  unsigned seed = example::seed_from_args(argc, argv);
  // inputs in [-4, 4): 2*x + 1 is negative for x < -0.5, so ReLU clamps
  // about 44% of the results
  auto a = example::random_floats(n, seed);
  example::Buffer<float> A(n), B(n);
  A.upload(a);
  B.poison();
  affine_relu<<<1, 64>>>(Tile{A.dev}, Tile{B.dev});
  example::sync_and_check("affine_relu");
  std::vector<float> want(n);
  int clamped = 0;
  for (int i = 0; i < n; ++i) {
    float affine = std::fma(a[i], 2.0f, 1.0f); // one rounding, as fma.rn.f32
    clamped += affine < 0.0f;
    want[i] = std::fmax(affine, 0.0f);
  }
  if (clamped == 0 || clamped == n) {
    std::printf("affine_relu: inputs do not exercise ReLU (%d of %d clamped, seed %u)\n", clamped, n, seed);
    return 1;
  }
  std::printf("affine_relu: %d of %d results clamped to 0\n", clamped, n);
  return example::expect_equal("affine_relu", B.download(), want, seed);
}
