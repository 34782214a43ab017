// Host test of tirx_kernels::gemm_check (kernels/gemm/gemm.cuh), the
// refusals gemm returns cudaErrorInvalidValue for before anything runs:
// every rule broken on purpose, one at a time, from arguments that pass,
// and its one-line message checked. No GPU: gemm_check reads the arguments
// only (the pointers are never dereferenced). Exit 0: all passed.
#include "../../kernels/gemm/gemm.cuh"

#include <cstdio>
#include <cstring>

using namespace tirx_kernels;
using bf16 = __nv_bfloat16;

namespace {
int failures = 0;

template <class Epi = Epilogue<>, Major MA = Major::row, Major MB = Major::col, class Edit>
void expect(const char* what, const char* message, Edit edit) {
  GemmArgs<bf16> g{};
  g.m = 64, g.n = 64, g.k = 64;
  g.a = g.b = reinterpret_cast<const bf16*>(256), g.d = reinterpret_cast<bf16*>(512);
  edit(g);
  const char* got = gemm_check<MA, MB, Epi>(g);
  const bool ok =
      message == nullptr ? got == nullptr : got != nullptr && !std::strcmp(got, message);
  std::printf("%s %s: %s\n", ok ? "PASS" : "FAIL", what, got ? got : "(accepted)");
  failures += ok ? 0 : 1;
}
} // namespace

int main() {
  auto none = [](GemmArgs<bf16>&) {};
  expect("valid arguments", nullptr, none);
  expect("m = 0", "tirx_kernels::gemm: m, n, k and batch must be >= 1",
         [](GemmArgs<bf16>& g) { g.m = 0; });
  expect("batch = 0", "tirx_kernels::gemm: m, n, k and batch must be >= 1",
         [](GemmArgs<bf16>& g) { g.batch = 0; });
  expect("null d", "tirx_kernels::gemm: a, b and d must be device pointers",
         [](GemmArgs<bf16>& g) { g.d = nullptr; });
  const char* ld = "tirx_kernels::gemm: a leading dimension is below the contiguous extent (lda "
                   ">= k for a row-major A, >= m for a column-major one; ldb likewise; ldc, ldd "
                   ">= n)";
  expect("lda < k", ld, [](GemmArgs<bf16>& g) { g.lda = 63; });
  expect("ldd < n", ld, [](GemmArgs<bf16>& g) { g.ldd = 32; });
  expect("beta without c", "tirx_kernels::gemm: beta != 0 reads C: give c",
         [](GemmArgs<bf16>& g) { g.beta = 1.0f; });
  const char* bias = "tirx_kernels::gemm: give bias exactly when the epilogue has one "
                     "(Epilogue<Fn, Bias::column> or Bias::row)";
  expect("a bias the epilogue has not", bias,
         [](GemmArgs<bf16>& g) { g.bias = reinterpret_cast<const bf16*>(256); });
  expect<Epilogue<ewise::gelu_tanh, Bias::column>>("no bias for a bias epilogue", bias, none);
  expect<Plain>("alpha with Plain",
                "tirx_kernels::gemm: Plain computes D = A B; use Epilogue<> for alpha and beta",
                [](GemmArgs<bf16>& g) { g.alpha = 2.0f; });
  expect("a batch without stride_d",
         "tirx_kernels::gemm: a batch needs stride_d (the batches of D must not overlap)",
         [](GemmArgs<bf16>& g) { g.batch = 2; });
  expect("in-place C over a batch without stride_c",
         "tirx_kernels::gemm: in-place C = D over a batch needs stride_c",
         [](GemmArgs<bf16>& g) { g.batch = 2, g.stride_d = 64 * 64, g.beta = 1.0f, g.c = g.d; });
  expect("tile_n 96", "tirx_kernels::gemm: tile_n is 0 (the heuristic's), 128, 176, 224 or 256",
         [](GemmArgs<bf16>& g) { g.tile_n = 96; });
  expect("tile_n 176 exchanged",
         "tirx_kernels::gemm: tile_n 176 reads B K-major (gemm<MajorA, Major::col>) and computes "
         "D = A B as given (swap_ab 0 or 1)",
         [](GemmArgs<bf16>& g) { g.tile_n = 176, g.swap_ab = 2; });
  expect<Epilogue<>, Major::row, Major::row>(
      "tile_n 176 with a row-major B",
      "tirx_kernels::gemm: tile_n 176 reads B K-major (gemm<MajorA, Major::col>) and computes "
      "D = A B as given (swap_ab 0 or 1)",
      [](GemmArgs<bf16>& g) { g.tile_n = 176; });
  expect("tile_n 224 exchanged",
         "tirx_kernels::gemm: tile_n 224 reads B K-major (gemm<MajorA, Major::col>) and computes "
         "D = A B as given (swap_ab 0 or 1)",
         [](GemmArgs<bf16>& g) { g.tile_n = 224, g.swap_ab = 2; });
  expect<Epilogue<>, Major::col, Major::row>(
      "tile_n 224 with a row-major B",
      "tirx_kernels::gemm: tile_n 224 reads B K-major (gemm<MajorA, Major::col>) and computes "
      "D = A B as given (swap_ab 0 or 1)",
      [](GemmArgs<bf16>& g) { g.tile_n = 224; });
  const char* split = "tirx_kernels::gemm: split is 0 (the heuristic's) or 1..64";
  expect("split -1", split, [](GemmArgs<bf16>& g) { g.split = -1; });
  expect("split 65", split, [](GemmArgs<bf16>& g) { g.split = 65; });
  const char* tail = "tirx_kernels::gemm: tail_split is 0 (the heuristic's) or 1..64";
  expect("tail_split -1", tail, [](GemmArgs<bf16>& g) { g.tail_split = -1; });
  expect("tail_split 65", tail, [](GemmArgs<bf16>& g) { g.tail_split = 65; });
  expect("tail_split 64", nullptr, [](GemmArgs<bf16>& g) { g.tail_split = 64; });
  const char* swap =
      "tirx_kernels::gemm: swap_ab is 0 (the heuristic's), 1 (as given) or 2 (D^T = B^T A^T)";
  expect("swap_ab -1", swap, [](GemmArgs<bf16>& g) { g.swap_ab = -1; });
  expect("swap_ab 3", swap, [](GemmArgs<bf16>& g) { g.swap_ab = 3; });
  expect("swap_ab 2 (TN)", nullptr, [](GemmArgs<bf16>& g) { g.swap_ab = 2; });
  expect<Epilogue<>, Major::col, Major::row>("swap_ab 2 (NT)", nullptr,
                                             [](GemmArgs<bf16>& g) { g.swap_ab = 2; });
  const char* layouts = "tirx_kernels::gemm: swap_ab 2 exchanges A and B in the TN and NT "
                        "layouts only (gemm<Major::row, Major::col> or <Major::col, Major::row>)";
  expect<Epilogue<>, Major::row, Major::row>("swap_ab 2 (NN)", layouts,
                                             [](GemmArgs<bf16>& g) { g.swap_ab = 2; });
  expect<Epilogue<>, Major::col, Major::col>("swap_ab 2 (TT)", layouts,
                                             [](GemmArgs<bf16>& g) { g.swap_ab = 2; });
  expect("swap_ab 2 with split-K", "tirx_kernels::gemm: swap_ab 2 takes no split-K (split 0 or 1)",
         [](GemmArgs<bf16>& g) { g.swap_ab = 2, g.split = 2; });
  std::printf("%s\n", failures ? "FAILED" : "all passed");
  return failures ? 1 : 0;
}
