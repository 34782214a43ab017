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
archs="${TIRX_CUDA_ARCHS:-}"
if [[ -z "$archs" ]]; then
  if have_gpu; then archs="90a;80"; else archs="90a"; fi
fi
echo "== GPU test programs built for: $archs"
t=$(now); tirx_configure "-DTIRX_CUDA_ARCHS=$archs"; configure_time=$(since "$t")
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
exit "$rc"
