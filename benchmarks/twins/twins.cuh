// The hand-written CUDA twins of the tirx kernels of kernels/kernels.cuh:
// plain CUDA C++ (no tirx), namespace cuda_twins, the same launcher
// signatures as tirx_kernels. They are the baseline of the benchmarks
// (benchmarks/bench.cu, impl "cuda"); tests/kernels/gpu_kernels_sweep.cu checks them
// with `--impl cuda`. What each kernel computes: benchmarks/KERNELS.md.
//
//   elementwise.cuh  copy, add_one, affine_relu, silu, to_f16, to_bf16, add_bias
//   rows.cuh         row_sum, row_max, softmax, rmsnorm
//   transpose.cuh    transpose
#pragma once

#include "elementwise.cuh"
#include "rows.cuh"
#include "transpose.cuh"
