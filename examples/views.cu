// The seeds' views: view, permute, rearrange, sub and a dtype view, all over
// the same storage. Each thread reads through the views and writes what it
// saw; the host checks every value against the index arithmetic the views
// stand for.
#include <tirx/tile.hpp>

#include "example_util.hpp"

using namespace tirx;

using Vec256 = GlobalTensor<float, ShapeT<256>, 16>;

// out[0][t] = transposed(t % 4, t)      == A[t * 4 + t % 4]
// out[1][t] = grouped(t / 32, t % 32, 3) == A[t * 4 + 3]
// out[2][t] = row t of matrix, element 1 == A[t * 4 + 1]
// out[3][t] = bits of packed word (t % 4) of eight halves made from A
__global__ void views(Vec256 A, GlobalTensor<float, ShapeT<4, 64>> out) {
  int t = threadIdx.x;
  auto matrix = A.view<64, 4>();
  auto transposed = matrix.permute<1, 0>();
  static_assert(decltype(transposed)::shape() == shape(4, 64));
  auto grouped = matrix.rearrange<"(warp lane) value -> warp lane value", "warp=2 lane=32">();
  static_assert(decltype(grouped)::shape() == shape(2, 32, 4));
  auto row = matrix.sub(t, _);
  static_assert(decltype(row)::shape() == shape(4));

  auto half_values = alloc_local<half, shape(8)>();
#pragma unroll
  for (int k = 0; k < 8; ++k)
    half_values(k) = __float2half_rn(A(t * 4 + (k % 4)));
  auto packed_words = half_values.view<uint32>();
  static_assert(decltype(packed_words)::shape() == shape(4));

  out(0, t) = transposed(t % 4, t);
  out(1, t) = grouped(t / 32, t % 32, 3);
  out(2, t) = row(1);
  out(3, t) = __uint_as_float(packed_words(t % 4));
}

int main(int argc, char** argv) {
  unsigned seed = example::seed_from_args(argc, argv);
  auto a = example::random_floats(256, seed);
  example::Buffer<float> A(256), out(256);
  A.upload(a);
  out.poison();
  views<<<1, 64>>>(Vec256{A.dev}, GlobalTensor<float, ShapeT<4, 64>>{out.dev});
  example::sync_and_check("views");
  std::vector<float> want(256);
  for (int t = 0; t < 64; ++t) {
    want[0 * 64 + t] = a[t * 4 + t % 4];
    want[1 * 64 + t] = a[t * 4 + 3];
    want[2 * 64 + t] = a[t * 4 + 1];
    // word w holds halves 2w (low 16 bits) and 2w+1 (high 16 bits)
    int w = t % 4;
    __half lo = __float2half_rn(a[t * 4 + (2 * w) % 4]);
    __half hi = __float2half_rn(a[t * 4 + (2 * w + 1) % 4]);
    std::uint16_t lb, hb;
    std::memcpy(&lb, &lo, 2);
    std::memcpy(&hb, &hi, 2);
    std::uint32_t word = std::uint32_t(lb) | (std::uint32_t(hb) << 16);
    std::memcpy(&want[3 * 64 + t], &word, 4);
  }
  return example::expect_equal("views", out.download(), want, seed);
}
