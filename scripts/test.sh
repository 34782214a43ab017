#!/usr/bin/env bash
# Configure, build and run every tirx test (GPU tests skip themselves without a GPU).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

tirx_setup

t=$(now); tirx_configure; configure_time=$(since "$t")
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
