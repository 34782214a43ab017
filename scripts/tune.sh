#!/usr/bin/env bash
# The tuning sweeps and profiles behind docs/benchmarks.md's choices
# (the measurements: records/benchmarks.md), in one command,
# on a machine with an NVIDIA GPU: builds the tune programs, runs each
# (1 GiB of random floats, every variant checked before it is timed), dumps
# the Triton code torch.compile generates for SiLU (with its SASS), the SASS
# of tirx's SiLU variants, and, when ncu is present, profiles both SiLUs and
# the library's copy, affine_relu, to_f16 and add_bias beside their twins and Triton's
# kernels (ncu_maps.csv).
#
#   bash scripts/tune.sh [OUTDIR]      (default benchmarks/results/tune-<date>)
#
# Environment: TIRX_BUILD_DIR (default build-tune), TIRX_CUDA_ARCHS (default
# 90a), PYTHON (default python3), TUNE_SKIP (space-separated steps to leave
# out: elementwise maps rows peer sass ncu).
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TIRX_BUILD_DIR:-$ROOT/build-tune}"
PYTHON="${PYTHON:-python3}"
OUT_DIR="${1:-$ROOT/benchmarks/results/tune-$(date +%Y-%m-%d)}"
SKIP=" ${TUNE_SKIP:-} "
mkdir -p "$OUT_DIR"
command -v nvcc >/dev/null || export PATH="/usr/local/cuda/bin:$PATH"
status=0
want() { [[ "$SKIP" != *" $1 "* ]]; }
step() { echo "== $(date +%T) $*"; }

targets=()
want elementwise && targets+=(tirx_tune_elementwise)
want maps && targets+=(tirx_tune_maps)
want rows && targets+=(tirx_tune_rows_4096 tirx_tune_rows_8192 tirx_tune_rows_16384)
want ncu && command -v ncu >/dev/null && targets+=(tirx_bench)
step "build ${targets[*]}"
gen=()
[[ -f "$BUILD/CMakeCache.txt" ]] || ! command -v ninja >/dev/null || gen=(-G Ninja)
if ! { cmake -S "$ROOT" -B "$BUILD" "${gen[@]}" -DCMAKE_BUILD_TYPE=Release \
         -DTIRX_BUILD_BENCHMARKS=ON -DTIRX_BUILD_TESTS=OFF -DTIRX_BUILD_EXAMPLES=OFF \
         -DTIRX_CUDA_ARCHS="${TIRX_CUDA_ARCHS:-90a}" &&
       cmake --build "$BUILD" --parallel "$(nproc)" --target "${targets[@]}"; } \
       >"$OUT_DIR/build.log" 2>&1; then
  tail -40 "$OUT_DIR/build.log"; echo "== build FAILED"; exit 1
fi

run() { # name, command...
  local name="$1"; shift
  step "$name"
  "$@" >"$OUT_DIR/$name.txt" 2>&1 || { status=1; echo "FAILED: $name"; }
  cat "$OUT_DIR/$name.txt"
}
want elementwise && run tune_elementwise "$BUILD/benchmarks/tirx_tune_elementwise"
want maps && run tune_maps "$BUILD/benchmarks/tirx_tune_maps"
if want rows; then
  for c in 4096 8192 16384; do run "tune_rows_$c" "$BUILD/benchmarks/tirx_tune_rows_$c"; done
fi
if want peer; then
  run peer_silu "$PYTHON" "$ROOT/benchmarks/peer_code.py" silu "$OUT_DIR/peer-silu"
fi
if want sass && want maps && command -v cuobjdump >/dev/null; then
  step "sass of tirx's silu variants"
  cuobjdump -sass -res-usage "$BUILD/benchmarks/tirx_tune_maps" >"$OUT_DIR/tune_maps.sass" 2>&1 || status=1
fi
if want ncu && want maps && command -v ncu >/dev/null; then
  metrics=gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed
  metrics+=,launch__registers_per_thread,launch__grid_size,launch__block_size
  metrics+=,launch__occupancy_limit_registers,sm__warps_active.avg.pct_of_peak_sustained_active
  metrics+=,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active
  metrics+=,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio
  metrics+=,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio
  metrics+=,smsp__average_warps_issue_stalled_drain_per_issue_active.ratio
  metrics+=,smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio
  metrics+=,smsp__inst_executed_pipe_xu.sum,l1tex__t_bytes.sum,lts__t_bytes.sum
  run ncu_silu_tirx ncu --csv --metrics "$metrics" --kernel-name regex:silu \
    "$BUILD/benchmarks/tirx_tune_maps" --once
  want peer && run ncu_silu_triton ncu --csv --metrics "$metrics" --kernel-name regex:triton \
    "$PYTHON" "$ROOT/benchmarks/peer_code.py" silu "$OUT_DIR/peer-silu-ncu"
fi
if want ncu && command -v ncu >/dev/null; then
  step "ncu: copy, affine_relu, to_f16, add_bias (tirx, twin, torch.compile) at 1 GiB"
  m=gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed
  m+=,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_bytes.sum,launch__registers_per_thread
  m+=,launch__block_size,launch__grid_size,sm__warps_active.avg.pct_of_peak_sustained_active
  m+=,smsp__inst_executed.sum
  bench="$BUILD/benchmarks/tirx_bench"
  profile() { # kernel regex, launches, command...
    local regex="$1" count="$2"; shift 2
    ncu --csv --metrics "$m" --kernel-name-base demangled --kernel-name "regex:$regex" \
      --launch-count "$count" "$@" 2>>"$OUT_DIR/ncu_maps.log" | grep '^"'
  }
  {
    profile tirx_kernels::copy_kernel 1 "$bench" --kernels copy --sizes 1G --impls tirx
    for k in affine_relu to_f16 add_bias; do
      profile "tirx_kernels::(affine_relu|add_bias|to_half)" 1 "$bench" --kernels $k --sizes 1G --impls tirx
      profile cuda_twins 1 "$bench" --kernels $k --sizes 1G --impls cuda
      # (Triton's autotuning launches its candidate configurations first)
      profile triton 16 "$PYTHON" "$ROOT/benchmarks/peers.py" --kernels $k --sizes 1G \
        --out "$OUT_DIR/ncu_peers_$k.csv"
    done
  } | awk '!/^"ID"/ || !seen++' >"$OUT_DIR/ncu_maps.csv" || status=1
  echo "$(grep -c '^"[0-9]' "$OUT_DIR/ncu_maps.csv") metric rows in ncu_maps.csv"
fi
step "done (status $status): $OUT_DIR"
exit $status
