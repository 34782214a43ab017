// Must not compile: a translation unit that includes the GEMM's light
// header (tirx::kernels) and then its header-only route.
// tirx-fail: text
// With -DTIRX_FIXED it compiles (test compile_fail.nvcc.fixed).
// expected-error {{kernels/gemm/gemm.cuh after kernels/gemm/gemm_api.cuh: a translation unit calls the GEMM one way; include gemm.cuh alone (header-only) or gemm_api.cuh alone (tirx::kernels)}}
#ifndef TIRX_FIXED
#include "../../../kernels/gemm/gemm_api.cuh"
#include "../../../kernels/gemm/gemm.cuh"
#endif
