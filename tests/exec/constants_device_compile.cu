// Building is the test: namespace-scope and class-scope constexpr constants
// as scalar sources of tile::apply and tile::ewise compile for every
// architecture (nvcc refuses a constant whose address device code takes:
// "identifier ... is undefined in device code"). gpu_apply_constants runs them.
#include "exec/apply_constants.cuh"
