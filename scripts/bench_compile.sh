#!/usr/bin/env bash
# The compile-time benchmark: wall time, nvcc phases and peak memory of one
# nvcc compile (-O3 -DNDEBUG, sm_90a, -c) per translation unit, tirx beside
# plain CUDA, CuTe and CUTLASS. A report, not a pass/fail test.
#
#   bash scripts/bench_compile.sh [OUT] [--reps N] [--quick] [--only REGEX]
#
# OUT (default build/compile-bench) receives the generated TUs (tu/),
# results.json, report.md (the table and the compile-time targets) and
# report.png (when matplotlib is there). Each case is compiled N times
# (default 2) and the best wall kept; the peak memory (the largest process,
# nvcc_phases.py) does not vary. --quick leaves out the TUs over a minute
# (the kernels of kernels/, the GEMMs).
#
# The cases: an empty kernel; the same with cuda_fp16.h and cuda_bf16.h
# (the plain TU); the plain TU plus <tirx/tile.hpp>, nothing used (and plus
# <tirx/layout.hpp>); a kernel of 64 tile::apply calls beside the same kernel
# with none (per apply = the difference / 64); each seed example
# (examples/X.cuh) beside its hand-written twin (tests/twins/X.cu with the
# seed's include replaced by the half headers; a twin that calls a helper of
# its seed does not compile alone and is left out); the memory-bound kernels
# of kernels/ (benchmarks/launch_tirx.cu) beside their twins
# (launch_twins.cu); the Hopper GEMM (benchmarks/gemm_peers/tirx_gemm.cu);
# CuTe's cute/tensor.hpp and CUTLASS's Hopper GEMM
# (benchmarks/gemm_peers/cutlass_gemm.cu), with the headers of the
# nvidia-cutlass Python package: $CUTLASS_INCLUDE_DIR, the package installed
# for python3, or a wheel nvidia_cutlass-*.whl in $TIRX_WHEEL_DIR (default
# .whl/ at the repository's root), unpacked into OUT/cutlass.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/../benchmarks/compile" && pwd)"
command -v nvcc >/dev/null || export PATH="/usr/local/cuda/bin:$PATH"
exec "${PYTHON:-python3}" "$HERE/bench.py" "$@"
