#!/usr/bin/env bash
# Configure, build and run every tirx test (GPU tests skip themselves without a GPU).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

tirx_setup

# Without a GPU the GPU test programs cannot run (they report themselves
# skipped), so they are built for sm_90a alone; with a GPU, for every
# architecture of TIRX_CUDA_ARCHS (default 90a;80). The device-compile tests
# build for sm_80, sm_90a and sm_100a either way. TIRX_CUDA_ARCHS in the
# environment overrides both.
# Without a GPU the fourteen spelling-by-spelling tile::apply test programs
# (gpu_apply_*: about 9 of nvcc's CPU minutes) are left out as well; a GPU
# machine builds and runs them (TIRX_APPLY_GPU_TESTS in the environment
# overrides).
archs="${TIRX_CUDA_ARCHS:-}"
apply_tests="${TIRX_APPLY_GPU_TESTS:-}"
if have_gpu; then
  archs="${archs:-90a;80}" apply_tests="${apply_tests:-ON}"
else
  archs="${archs:-90a}" apply_tests="${apply_tests:-OFF}"
fi
echo "== GPU test programs built for: $archs (the gpu_apply_* programs: $apply_tests)"
t=$(now)
tirx_configure "-DTIRX_CUDA_ARCHS=$archs" "-DTIRX_APPLY_GPU_TESTS=$apply_tests"
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

# In CI (CI=true): the compile-time benchmark's quick table (issue 15;
# benchmarks/compile/run.sh --quick --reps 1), a report and never a failure.
if [[ "${CI:-}" == "true" ]]; then
  t=$(now)
  if bash "$ROOT/benchmarks/compile/run.sh" "$BUILD_DIR/compile-report" --quick --reps 1 \
    >"$BUILD_DIR/compile-report.log" 2>&1; then
    cat "$BUILD_DIR/compile-report/report.md"
  else
    echo "== compile report: did not complete (a report, not a test): $BUILD_DIR/compile-report.log"
  fi
  echo "== compile report $(since "$t")"
fi
exit "$rc"
