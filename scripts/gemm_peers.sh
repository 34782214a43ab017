#!/usr/bin/env bash
# The GEMM peers in one command (also the gemm_peers phase of scripts/bench.sh),
# on a machine with an sm_90 GPU:
#   1. benchmarks/gemm_peers/build.sh: the CUTLASS peer (from the nvidia-cutlass package's headers) and
#      the same harness around tirx's GEMM, timing each kernel TU's compile
#   2. CUTLASS beside cuBLAS, one harness run (cutlass.csv)
#   3. tirx's fast path beside cuBLAS through the same harness (tirx_harness.csv;
#      beside gemm.csv from tirx_bench_gemm when OUTDIR has one)
#   4. torch.matmul on every problem, torch.compile max-autotune on a few
#      (torch_peers.py: torch_gemm.csv)
#   5. report.py: gemm_peers.md (and gemm_peers.png)
# nvidia-smi's SM clock and power are sampled every 0.5 s throughout
# (clocks.csv), and queried before and after (gpu_before.csv, gpu_after.csv).
#
#   bash scripts/gemm_peers.sh [--quick] [OUTDIR]
#
# --quick: 4096^3 and 8192^3 only. OUTDIR defaults to
# benchmarks/results/<date>-gemm-peers. Environment: TIRX_BUILD_DIR (default
# build-bench; the peers build in its gemm_peers/), PYTHON (default python3),
# GEMM_COMPILE_SHAPES, GEMM_COMPILE_BUDGET (torch_peers.py's --compile-shapes
# and --compile-budget). Exit status 0, 1 when a step failed or a peer's output
# did not match cuBLAS, 77 without a GPU.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HERE="$ROOT/benchmarks/gemm_peers"
PYTHON="${PYTHON:-python3}"
export PYTHONUNBUFFERED=1
command -v nvcc >/dev/null || export PATH="/usr/local/cuda/bin:$PATH"

quick=()
out_dir=""
for arg in "$@"; do
  case "$arg" in
    --quick) quick=(--quick) ;;
    -h | --help) sed -n '2,23s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; exit 0 ;;
    -*) echo "gemm_peers.sh: unknown option $arg" >&2; exit 2 ;;
    *) out_dir="$arg" ;;
  esac
done
out_dir="${out_dir:-$ROOT/benchmarks/results/$(date +%Y-%m-%d)-gemm-peers}"
mkdir -p "$out_dir"
out_dir="$(cd "$out_dir" && pwd)"
build="${TIRX_BUILD_DIR:-$ROOT/build-bench}/gemm_peers"
if ! nvidia-smi -L 2>/dev/null | grep -q '^GPU'; then
  echo "== gemm peers: no GPU found by nvidia-smi: skipped (benchmarks/gemm_peers/build.sh alone builds and times the TUs)"
  exit 77
fi
status=0
step() { echo "== gemm peers: $*"; }

date '+%F %T %Z' >"$out_dir/date.txt"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >"$out_dir/gpu.txt" 2>/dev/null ||
  echo "no GPU found by nvidia-smi" >"$out_dir/gpu.txt"
"$PYTHON" -c 'import torch; print("torch", torch.__version__)' >"$out_dir/torch_version.txt" \
  2>/dev/null || rm -f "$out_dir/torch_version.txt"

step "build ($build)"
if ! bash "$HERE/build.sh" "$build" 2>&1 | tee "$out_dir/gemm_peers_build.log"; then
  echo "== gemm peers: the build FAILED (see $out_dir/gemm_peers_build.log)"
  exit 1
fi
cp "$build/compile.csv" "$out_dir/compile.csv"
[[ ! -f "$build/cutlass_version.txt" ]] || cp "$build/cutlass_version.txt" "$out_dir/"

smi_query=clocks.sm,clocks.max.sm,clocks.mem,power.draw,power.limit,temperature.gpu
nvidia-smi --query-gpu="$smi_query" --format=csv >"$out_dir/gpu_before.csv" 2>/dev/null || true
# unix time, SM MHz, W, degrees C: the wall clock of this host, as the CSVs' windows
(while :; do
  s="$(nvidia-smi --query-gpu=clocks.sm,power.draw,temperature.gpu --format=csv,noheader,nounits \
    2>/dev/null | head -1)" || exit 0
  [[ -n "$s" ]] || exit 0
  echo "$(date +%s.%N),$s"
  sleep 0.5
done) >"$out_dir/clocks.csv" &
sampler=$!

# runs a peer's harness: CSV on stdout to the file, progress to the log and the terminal
harness() {
  local exe="$1" csv="$2" rc=0
  "$exe" "${quick[@]}" >"$out_dir/$csv" 2> >(tee "$out_dir/${csv%.csv}.log" >&2) || rc=$?
  if ((rc)); then status=1; step "$(basename "$exe") exited $rc"; fi
}
if [[ -x "$build/gemm_peer_cutlass" ]]; then
  step "CUTLASS beside cuBLAS"
  harness "$build/gemm_peer_cutlass" cutlass.csv
else
  step "CUTLASS left out (no headers: see the build log)"
fi
# (with gemm.csv of tirx_bench_gemm there too, the report shows both: tirx's
# heuristic in its own harness, the fast path in CUTLASS's harness)
step "tirx beside cuBLAS (the peers' harness)"
harness "$build/gemm_peer_tirx" tirx_harness.csv

step "torch.matmul and torch.compile max-autotune"
torch_args=(--out "$out_dir/torch_gemm.csv" "${quick[@]}")
[[ -z "${GEMM_COMPILE_SHAPES+x}" ]] || torch_args+=(--compile-shapes "$GEMM_COMPILE_SHAPES")
[[ -z "${GEMM_COMPILE_BUDGET:-}" ]] || torch_args+=(--compile-budget "$GEMM_COMPILE_BUDGET")
"$PYTHON" "$HERE/torch_peers.py" "${torch_args[@]}" 2>&1 | tee "$out_dir/torch_gemm.log"
rc="${PIPESTATUS[0]}"
case "$rc" in
  0) ;;
  77) rm -f "$out_dir/torch_gemm.csv"; step "torch peers skipped (no torch or no GPU)" ;;
  *) status=1; step "torch_peers.py exited $rc" ;;
esac

kill "$sampler" 2>/dev/null || true
wait "$sampler" 2>/dev/null || true
nvidia-smi --query-gpu="$smi_query" --format=csv >"$out_dir/gpu_after.csv" 2>/dev/null || true

step "report"
"$PYTHON" "$HERE/report.py" "$out_dir" || status=1
[[ ! -f "$out_dir/gemm_peers.md" ]] || cat "$out_dir/gemm_peers.md"
step "$([[ $status == 0 ]] && echo done || echo "done, with FAILURES"): $out_dir"
exit $status
