#!/usr/bin/env bash
# The whole GPU suite in one command, for a machine with an NVIDIA GPU:
# builds everything, runs every ctest (GPU tests included), runs the
# examples, then every GPU test again under compute-sanitizer memcheck and
# racecheck. Logs go to $LOG_DIR (default: $OUT when set, else build-gpu/logs).
# A machine without Debian's catch2 package can point TIRX_CATCH2_PREFIX at a
# copy of it (a folder with include/catch2 and lib/cmake/Catch2).
#
#   gpu_suite.sh                  everything
#   gpu_suite.sh --no-sanitizer   build, ctest, examples
#   gpu_suite.sh --sanitizer-only build, then the compute-sanitizer part
#   (--benchmarks adds scripts/bench.sh --quick, whose results land in $LOG_DIR/bench;
#   --full-sweep adds memcheck over the full kernel sweep, not only the quick
#   one, in four processes side by side: a few minutes)
set -uo pipefail
run_main=1 run_sanitizer=1 run_bench=0 run_full_sweep=0
for arg in "$@"; do
  case "$arg" in
    --no-sanitizer) run_sanitizer=0 ;;
    --sanitizer-only) run_main=0 ;;
    --benchmarks) run_bench=1 ;;
    --full-sweep) run_full_sweep=1 ;;
    *) echo "usage: gpu_suite.sh [--no-sanitizer | --sanitizer-only] [--benchmarks] [--full-sweep]"; exit 2 ;;
  esac
done
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TIRX_BUILD_DIR:-$ROOT/build-gpu}"
LOG_DIR="${LOG_DIR:-${OUT:-$BUILD/logs}}"
mkdir -p "$LOG_DIR"
export PATH="/usr/local/cuda/bin:$PATH"
extra=()
[[ -n "${TIRX_CATCH2_PREFIX:-}" ]] && extra+=("-DCatch2_DIR=$TIRX_CATCH2_PREFIX/lib/cmake/Catch2")
gen=()
command -v ninja >/dev/null && [[ ! -f "$BUILD/CMakeCache.txt" ]] && gen=(-G Ninja)
status=0
step() { echo "== $*"; }

nvidia-smi -L | tee "$LOG_DIR/gpu.txt"
step "configure + build"
{ cmake -S "$ROOT" -B "$BUILD" "${gen[@]}" -DCMAKE_BUILD_TYPE=Release "${extra[@]}" &&
  cmake --build "$BUILD" --parallel "$(nproc)"; } >"$LOG_DIR/build.log" 2>&1 || {
  tail -50 "$LOG_DIR/build.log"; echo "== build FAILED"; exit 1; }

if [[ $run_main == 1 ]]; then
step "ctest (all labels)"
ctest --test-dir "$BUILD" --output-on-failure --parallel 8 --timeout 600 >"$LOG_DIR/ctest.log" 2>&1 || status=1
tail -25 "$LOG_DIR/ctest.log"

step "examples"
for exe in $(find "$BUILD/examples/gpu" -maxdepth 1 -type f -executable 2>/dev/null | sort); do
  if (cd "$BUILD/examples" && "$exe") >>"$LOG_DIR/examples.log" 2>&1; then echo "OK   $(basename "$exe")"
  else echo "FAIL $(basename "$exe")"; status=1; fi
done

fi

if [[ $run_sanitizer == 1 ]]; then
step "compute-sanitizer over the GPU tests"
# (TIRX_SWEEP_QUICK=1: gpu_kernels_sweep runs its small sweep under the sanitizer)
# (a trap test runs its cases in child processes and judges only their exit
# status and output: each case that must not trap is sanitized directly, as
# `TEST --child CASE`, so that its report and exit code are the suite's)
mapfile -t gpu_tests < <(ctest --test-dir "$BUILD" -L gpu --show-only=json-v1 | python3 -c '
import json, subprocess, sys
for t in json.load(sys.stdin)["tests"]:
    props = {p["name"]: p["value"] for p in t.get("properties", [])}
    if "WILL_FAIL" in props and props["WILL_FAIL"]: continue   # expected traps
    if "trap" in props.get("LABELS", []):
        exe = t["command"][0]
        for case in subprocess.run([exe, "--clean-cases"], capture_output=True, text=True,
                                   check=True).stdout.split():
            print(exe, "--child", case)
    else:
        print(" ".join(t["command"]))')
for tool in memcheck racecheck; do
  for cmd in "${gpu_tests[@]}"; do
    name=$(basename "${cmd%% *}")
    [[ "$cmd" == *" --child "* ]] && name+=" ${cmd##* }"
    if TIRX_SWEEP_QUICK=1 compute-sanitizer --tool "$tool" --error-exitcode 99 $cmd >>"$LOG_DIR/sanitizer-$tool.log" 2>&1; then
      echo "OK   $tool $name"
    else echo "FAIL $tool $name"; status=1; fi
  done
done
fi

if [[ $run_full_sweep == 1 ]]; then
step "memcheck over the full kernel sweep"
groups=(copy,add_one,affine_relu,silu to_f16,to_bf16,add_bias row_sum,row_max,softmax rmsnorm,transpose,transpose_swizzled)
pids=()
for i in "${!groups[@]}"; do
  compute-sanitizer --tool memcheck --error-exitcode 99 "$BUILD/tests/kernels/gpu_kernels_sweep" \
    --kernels "${groups[$i]}" >"$LOG_DIR/memcheck-full-sweep-$i.log" 2>&1 &
  pids+=($!)
done
for i in "${!groups[@]}"; do
  if wait "${pids[$i]}"; then echo "OK   memcheck full sweep ${groups[$i]}: $(grep -E '^(PASSED|FAILED)' "$LOG_DIR/memcheck-full-sweep-$i.log" | tail -1)"
  else echo "FAIL memcheck full sweep ${groups[$i]}"; status=1; fi
done
fi

if [[ $run_bench == 1 ]]; then
  step "benchmarks (quick)"
  bash "$ROOT/scripts/bench.sh" --quick "$LOG_DIR/bench" >"$LOG_DIR/bench.log" 2>&1 || status=1
  tail -40 "$LOG_DIR/bench.log"
fi
step "done: $([[ $status == 0 ]] && echo ALL PASSED || echo FAILURES, see $LOG_DIR)"
exit $status
