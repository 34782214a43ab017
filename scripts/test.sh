#!/usr/bin/env bash
# Configure, build and run every tirx test (GPU tests skip themselves without a GPU).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

tirx_setup

# Without a GPU the GPU test programs cannot run (they report themselves
# skipped), so they are compiled as a check only: for sm_90a alone
# (TIRX_CUDA_ARCHS, default 90a), as PTX (cicc runs, ptxas does not: the
# device-compile and PTX-text tests assemble for sm_80, sm_90a and sm_100a
# either way), host code at -O0, and one build per source (the general
# GEMM's first group of five, gpu_tensor without gpu_tensor_checked)
# (TIRX_GPU_TESTS_COMPILE_ONLY=ON). The fourteen spelling-by-spelling
# tile::apply test programs (gpu_apply_*) are left out as well. With a GPU,
# everything is built in full for every architecture of TIRX_CUDA_ARCHS
# (default 90a;80) and run. TIRX_CUDA_ARCHS, TIRX_GPU_TESTS_COMPILE_ONLY
# and TIRX_APPLY_GPU_TESTS in the environment override.
# Every test that runs on a CPU runs either way: host, compile-fail,
# device-compile, PTX-text, parity, packaging and the Python checks.
archs="${TIRX_CUDA_ARCHS:-}"
apply_tests="${TIRX_APPLY_GPU_TESTS:-}"
compile_only="${TIRX_GPU_TESTS_COMPILE_ONLY:-}"
if have_gpu; then
  archs="${archs:-90a;80}" apply_tests="${apply_tests:-ON}" compile_only="${compile_only:-OFF}"
else
  archs="${archs:-90a}" apply_tests="${apply_tests:-OFF}" compile_only="${compile_only:-ON}"
fi
echo "== GPU test programs built for: $archs (compile only: $compile_only; the gpu_apply_* programs: $apply_tests)"
t=$(now)
tirx_configure "-DTIRX_CUDA_ARCHS=$archs" "-DTIRX_APPLY_GPU_TESTS=$apply_tests" \
  "-DTIRX_GPU_TESTS_COMPILE_ONLY=$compile_only"
configure_time=$(since "$t")
t=$(now)
if ! cmake --build "$BUILD_DIR" --parallel "$JOBS"; then
  echo "== build FAILED (configure $configure_time, build $(since "$t"))"
  exit 1
fi
build_time=$(since "$t")
t=$(now); rc=0
ctest --test-dir "$BUILD_DIR" --output-on-failure --parallel "$JOBS" --timeout 600 || rc=$?
test_time=$(since "$t")

echo "== configure $configure_time, build $build_time, test $test_time"

# The compile-time report (a report, not a test) is run by hand:
#   bash scripts/bench_compile.sh build/compile-report --quick --reps 1
exit "$rc"
