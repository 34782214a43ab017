#!/usr/bin/env bash
# The benchmark suite in one command, on a machine with an NVIDIA GPU:
# builds the C++ harness (tirx, the hand-written CUDA twins, memcpy), runs it,
# times the PyTorch peers, and writes the plots and results.md.
#
#   bash scripts/bench.sh [--quick] [--gemm] [--plan] [OUTDIR]
#
# OUTDIR defaults to benchmarks/results/<date> (<date>-quick with --quick);
# it receives tirx.csv, peers.csv, results.md, one PNG per kernel and a log
# of each phase. --quick runs a few small sizes only (a smoke test), in both
# harnesses. --gemm runs the GEMM phases only (gemm, gemm_peers, gemm_sm80:
# 6.6 minutes on an H200 machine of 16 cores, the build included), not
# the memory-bound kernels and their PyTorch peers. --plan prints the phases
# and the results folder, and stops there.
# Environment: TIRX_BUILD_DIR (default build-bench), TIRX_CUDA_ARCHS (default:
# the GPU's own, e.g. 90a on an H100/H200), PYTHON (default python3).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TIRX_BUILD_DIR:-$ROOT/build-bench}"
PYTHON="${PYTHON:-python3}"
export PYTHONUNBUFFERED=1  # progress lines reach the logs as they happen

usage() { sed -n '2,16s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; }

quick=()
gemm_only=0
plan_only=0
out_dir=""
for arg in "$@"; do
  case "$arg" in
    --quick) quick=(--quick) ;;
    --gemm) gemm_only=1 ;;
    --plan) plan_only=1 ;;
    -h | --help) usage; exit 0 ;;
    -*) echo "bench.sh: unknown option $arg" >&2; usage >&2; exit 2 ;;
    *) [[ -z "$out_dir" ]] || { echo "bench.sh: one OUTDIR only" >&2; exit 2; }
       out_dir="$arg" ;;
  esac
done
suffix="${quick[*]:+-quick}"
((!gemm_only)) || suffix="-gemm$suffix"
out_dir="${out_dir:-$ROOT/benchmarks/results/$(date +%Y-%m-%d)$suffix}"
# The phases of this run, in order; the sections that --gemm leaves out run
# only where they are listed (the others are in every list).
planned=(build tirx_bench gemm gemm_peers gemm_sm80 peers report)
((!gemm_only)) || planned=(build gemm gemm_peers gemm_sm80)
wants() { [[ " ${planned[*]} " == *" $1 "* ]]; }
if ((plan_only)); then
  echo "phases: ${planned[*]}"
  echo "results: $out_dir"
  exit 0
fi
mkdir -p "$out_dir"
out_dir="$(cd "$out_dir" && pwd)"

command -v nvcc >/dev/null || export PATH="/usr/local/cuda/bin:$PATH"

now() { date +%s.%N; }
phases=()
phase_start=""
phase_begin() { phase_name="$1"; phase_start="$(now)"; echo "== $phase_name"; }
phase_end() {
  local took
  took="$(awk -v a="$phase_start" -v b="$(now)" 'BEGIN { printf "%.1f s", b - a }')"
  echo "== $phase_name: ${1:-done} in $took"
  phases+=("$(printf '%-10s %-8s %s' "$phase_name" "$took" "${1:-done}")")
}

# Runs a command with its output to the terminal and to a log; returns the
# command's exit status (not tee's).
logged() {
  local log="$1"; shift
  "$@" 2>&1 | tee "$log"
  return "${PIPESTATUS[0]}"
}

# The GPU's architecture for nvcc (90a on Hopper), when nvidia-smi tells it.
gpu_arch() {
  local cap
  cap="$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1)" ||
    return 0
  case "$cap" in
    9.0) echo 90a ;;
    [0-9]*.[0-9]*) echo "${cap/./}" ;;
  esac
}

# Configures the C++ harness (the library's tests and examples left out) and
# builds its targets (with --gemm, the GEMM's alone).
build() {
  local configure=(-DCMAKE_BUILD_TYPE=Release -DTIRX_BUILD_BENCHMARKS=ON
                   -DTIRX_BUILD_TESTS=OFF -DTIRX_BUILD_EXAMPLES=OFF)
  local archs="${TIRX_CUDA_ARCHS:-$(gpu_arch)}"
  [[ -z "$archs" ]] || configure+=("-DTIRX_CUDA_ARCHS=$archs")
  [[ -f "$BUILD/CMakeCache.txt" ]] || ! command -v ninja >/dev/null || configure+=(-G Ninja)
  cmake -S "$ROOT" -B "$BUILD" "${configure[@]}" &&
    { ! wants tirx_bench || cmake --build "$BUILD" --target tirx_bench --parallel "$(nproc)"; } &&
    { [[ "$archs" != *90a* ]] ||
      cmake --build "$BUILD" --target tirx_bench_gemm --parallel "$(nproc)"; }
}

# Ends the phase of a harness by its exit status: 77 means it had nothing to
# run on (no GPU, no PyTorch), and its CSV is dropped.
finish_run() {
  case "$2" in
    0) phase_end ;;
    77) rm -f "$out_dir/$1"; phase_end "skipped (no GPU or no PyTorch)" ;;
    *) status=1; phase_end "FAILED (exit $2)" ;;
  esac
}

gpu="$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1 || true)"
echo "== $(date '+%F %T'): ${gpu:-no GPU found by nvidia-smi}; results in $out_dir"
status=0

phase_begin build
if ! build >"$out_dir/build.log" 2>&1; then
  tail -40 "$out_dir/build.log"
  phase_end "FAILED (see $out_dir/build.log)"
  exit 1
fi
phase_end

if wants tirx_bench; then
  phase_begin tirx_bench
  rc=0
  logged "$out_dir/tirx_bench.log" "$BUILD/benchmarks/tirx_bench" --out "$out_dir/tirx.csv" \
    "${quick[@]}" || rc=$?
  finish_run tirx.csv "$rc"
fi

phase_begin gemm
if [[ -x "$BUILD/benchmarks/tirx_bench_gemm" ]]; then
  # the GPU's SM clock and power, sampled every 500 ms while the GEMMs run
  nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw --format=csv,noheader -lms 500 \
    >"$out_dir/gemm_clocks.csv" 2>/dev/null &
  smi=$!
  rc=0
  logged "$out_dir/gemm.log" "$BUILD/benchmarks/tirx_bench_gemm" "${quick[@]}" || rc=$?
  # then at the power limit: phases of back-to-back launches, NVML's clock and
  # power beside each (2 s phases, 1 s with --quick)
  ((rc)) || logged "$out_dir/gemm_sustained.log" "$BUILD/benchmarks/tirx_bench_gemm" --sustained \
    "$( ((${#quick[@]})) && echo 1 || echo 2)" || rc=$?
  kill "$smi" 2>/dev/null || true
  grep -E '^[0-9M]' "$out_dir/gemm.log" >"$out_dir/gemm.csv" || true
  grep -E '^sustained' "$out_dir/gemm_sustained.log" >"$out_dir/gemm_sustained.csv" 2>/dev/null ||
    true
  finish_run gemm.csv "$rc"
else
  phase_end "skipped (no sm_90a build)"
fi

# The GEMM peers (scripts/gemm_peers.sh): CUTLASS, torch.matmul and
# torch.compile max-autotune beside cuBLAS, with the compile time of the
# CUTLASS and tirx GEMM translation units; gemm_peers.md and its CSVs
phase_begin gemm_peers
if [[ -x "$BUILD/benchmarks/tirx_bench_gemm" ]]; then
  rc=0
  logged "$out_dir/gemm_peers.log" env TIRX_BUILD_DIR="$BUILD" PYTHON="$PYTHON" \
    bash "$ROOT/scripts/gemm_peers.sh" "${quick[@]}" "$out_dir" || rc=$?
  case "$rc" in
    0) phase_end ;;
    77) phase_end "skipped (no GPU)" ;;
    *) status=1; phase_end "FAILED (exit $rc)" ;;
  esac
else
  phase_end "skipped (no sm_90a build)"
fi

# -- the sm_80 GEMM (mma.sync) beside cuBLAS and the mma.sync ceiling, on any GPU of sm_80 or newer
phase_begin gemm_sm80
if cmake --build "$BUILD" --target tirx_bench_mma_ceiling tirx_bench_gemm_sm80 \
     --parallel "$(nproc)" >>"$out_dir/build.log" 2>&1; then
  nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw --format=csv,noheader -lms 500 \
    >"$out_dir/gemm_sm80_clocks.csv" 2>/dev/null &
  smi=$!
  rc=0
  logged "$out_dir/mma_ceiling.log" "$BUILD/benchmarks/tirx_bench_mma_ceiling" || rc=$?
  ((rc)) || logged "$out_dir/gemm_sm80.log" "$BUILD/benchmarks/tirx_bench_gemm_sm80" "${quick[@]}" ||
    rc=$?
  # then tirx's and CUTLASS's Ampere kernels in the peers' harness (built by the
  # gemm_peers phase; CUTLASS's from the nvidia-cutlass package): sm80_peers.csv
  peers="$BUILD/gemm_peers"
  if ((rc == 0)) && [[ -x "$peers/gemm_peer_tirx_sm80" ]]; then
    echo "M,N,K,impl,tflops,cublas_tflops,ratio,checked,start_unix,end_unix" \
      >"$out_dir/sm80_peers.csv"
    for peer in tirx_sm80:default tirx_sm80:c3 cutlass_sm80:128x256x64_3 \
                cutlass_sm80:256x128x64_3 cutlass_sm80:128x256x64_4; do
      [[ -x "$peers/gemm_peer_${peer%%:*}" ]] || continue
      GEMM_PEER_CONFIG="${peer#*:}" "$peers/gemm_peer_${peer%%:*}" 4096,4096,4096 8192,8192,8192 \
        2>>"$out_dir/sm80_peers.log" | tail -n +2 | tee -a "$out_dir/sm80_peers.csv" || rc=1
    done
  fi
  kill "$smi" 2>/dev/null || true
  grep -E '^(type|bf16|f16),' "$out_dir/gemm_sm80.log" >"$out_dir/gemm_sm80.csv" 2>/dev/null || true
  finish_run gemm_sm80.csv "$rc"
else
  phase_end "skipped (the sm_80 benchmarks did not build: see build.log)"
fi

# -- the memory-bound kernels' PyTorch peers, then the report of both harnesses
if wants peers; then
  phase_begin peers
  rc=0
  logged "$out_dir/peers.log" "$PYTHON" "$ROOT/benchmarks/peers.py" \
    --out "$out_dir/peers.csv" "${quick[@]}" || rc=$?
  finish_run peers.csv "$rc"
fi

if wants report; then
  phase_begin report
  csvs=()
  for f in "$out_dir/tirx.csv" "$out_dir/peers.csv"; do
    if [[ -s "$f" ]]; then csvs+=("$f"); fi
  done
  rc=0
  if ((${#csvs[@]})); then
    "$PYTHON" "$ROOT/benchmarks/report.py" "${csvs[@]}" --out-dir "$out_dir" \
      ${gpu:+--gpu "$gpu"} --command "bash scripts/bench.sh $*" || rc=$?
  else
    rc=1; echo "no CSV to report on"
  fi
  if ((rc)); then status=1; phase_end "FAILED (exit $rc)"; else phase_end; fi
fi

echo "== phases"
printf '   %s\n' "${phases[@]}"
echo "== $([[ $status == 0 ]] && echo "done" || echo "done, with FAILURES"): $out_dir"
exit $status
