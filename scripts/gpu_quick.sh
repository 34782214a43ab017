#!/usr/bin/env bash
# The GPU check of a change to the instruction core, in one command: build
# everything, run every GPU test and the examples, then compute-sanitizer
# (memcheck, racecheck, synccheck) over the tests of the newest families and
# memcheck over the apply tests. Logs in $LOG_DIR (default: $OUT when it is
# set, else build-gpu/logs).
#
#   bash scripts/gpu_quick.sh
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TIRX_BUILD_DIR:-$ROOT/build-gpu}"
LOG_DIR="${LOG_DIR:-${OUT:-$BUILD/logs}}"
mkdir -p "$LOG_DIR"
export PATH="/usr/local/cuda/bin:$PATH"
extra=()
[[ -n "${TIRX_CATCH2_PREFIX:-}" ]] && extra+=("-DCatch2_DIR=$TIRX_CATCH2_PREFIX/lib/cmake/Catch2")
status=0
nvidia-smi -L | tee "$LOG_DIR/gpu.txt"
t0=$(date +%s)
{ cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release "${extra[@]}" &&
  cmake --build "$BUILD" --parallel "$(nproc)"; } >"$LOG_DIR/build.log" 2>&1 || {
  tail -60 "$LOG_DIR/build.log"; echo "== build FAILED"; exit 1; }
echo "== build $(( $(date +%s) - t0 )) s"
ctest --test-dir "$BUILD" -L gpu --output-on-failure --parallel 8 --timeout 600 >"$LOG_DIR/ctest-gpu.log" 2>&1 || status=1
tail -40 "$LOG_DIR/ctest-gpu.log"
for exe in $(find "$BUILD/examples/gpu" -maxdepth 1 -type f -executable 2>/dev/null | sort); do
  if (cd "$BUILD/examples" && "$exe") >>"$LOG_DIR/examples.log" 2>&1; then echo "OK   $(basename "$exe")"
  else echo "FAIL $(basename "$exe")"; status=1; fi
done
san() { # tool test args...
  local tool=$1; shift
  if compute-sanitizer --tool "$tool" --error-exitcode 9 "$@" >>"$LOG_DIR/sanitizer.log" 2>&1; then
    echo "OK   $tool $(basename "$1")"
  else echo "FAIL $tool $*"; status=1; fi
}
bin() { find "$BUILD/tests" -name "$1" -type f -executable | head -1; }
for t in gpu_new_families gpu_exec_scopes gpu_wgmma gpu_barrier_pipeline gpu_tma gpu_tma_cluster gpu_mma; do
  [[ -n "$(bin "$t")" ]] || continue
  for tool in memcheck racecheck synccheck; do san "$tool" "$(bin "$t")" 12345; done
done
for tool in memcheck racecheck synccheck; do san "$tool" "$(bin gpu_gemm)" --quick; done
for c in $("$(bin gpu_apply_trap)" --clean-cases); do san memcheck "$(bin gpu_apply_trap)" --child "$c"; done
for t in gpu_apply_bound gpu_tensor gpu_apply_cvt gpu_apply_half; do san memcheck "$(bin "$t")"; done
exit $status
