#!/usr/bin/env bash
# ncu profiles of tirx's fast path beside cuBLAS's kernel for the same
# problem, at ncu's locked clocks, on a machine with an sm_90 GPU and ncu:
# the per-clock comparison behind records/gemm.md's 4096^3 and 8192^3 readings.
# Two builds of tirx_bench_gemm: the default (4 stages in clusters of 2
# with the overlap, where gemm_heuristic::fast_cluster says) and "alone"
# (-DTIRX_GEMM_FAST_CLUSTER=0: 3 stages, no cluster). For each problem,
# `tirx_bench_gemm --one M N K 256 1 1` (the fast path's configuration
# forced; D checked against cuBLAS first) runs under ncu twice: the third
# launch of tirx's kernel, then the third of cuBLAS's, each with the
# sections SpeedOfLight, ComputeWorkloadAnalysis, MemoryWorkloadAnalysis,
# WarpStateStats, SchedulerStats, LaunchStats and Occupancy.
# Output in OUTDIR: VARIANT_M_N_K_{tirx,cublas}.csv (ncu --csv --page
# details), the logs, and the SASS of both tirx builds (cuobjdump -sass).
#
#   bash scripts/gemm_profile.sh [OUTDIR]   (default benchmarks/results/profile-<date>)
#
# Environment: TIRX_BUILD_DIR (default build-profile), PROBLEMS (default
# "4096x4096x4096 8192x8192x8192"), NCU_CLOCK (ncu's --clock-control,
# default base: locked). Exit status 0, 1 when a step failed, 77 without a
# GPU or ncu (after the builds).
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TIRX_BUILD_DIR:-$ROOT/build-profile}"
OUT_DIR="${1:-$ROOT/benchmarks/results/profile-$(date +%Y-%m-%d)}"
mkdir -p "$OUT_DIR"
command -v nvcc >/dev/null || export PATH="/usr/local/cuda/bin:$PATH"
declare -A flags=([cluster]="" [alone]="-DTIRX_GEMM_FAST_CLUSTER=0")
names=(cluster alone)
status=0
source "$ROOT/scripts/gemm_variants.sh"
build_variants "$BUILD" "$OUT_DIR" "${names[@]}" || exit 1
if command -v cuobjdump >/dev/null; then
  for name in "${names[@]}"; do
    cuobjdump -sass -res-usage "$BUILD/$name/benchmarks/tirx_bench_gemm" >"$OUT_DIR/sass_$name.txt" 2>&1
  done
fi
if ! nvidia-smi -L 2>/dev/null | grep -q '^GPU' || ! command -v ncu >/dev/null; then
  echo "== no GPU found by nvidia-smi, or no ncu: built, not profiled"
  exit 77
fi
sections=(--section SpeedOfLight --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis
          --section WarpStateStats --section SchedulerStats --section LaunchStats --section Occupancy)
for problem in ${PROBLEMS:-4096x4096x4096 8192x8192x8192}; do
  IFS=x read -r m n k <<<"$problem"
  for name in "${names[@]}"; do
    bin="$BUILD/$name/benchmarks/tirx_bench_gemm"
    # tirx's kernels are tirx_kernels::gemm_sm90::gemm_kernel<...>; cuBLAS's
    # Hopper kernels nvjet_* (or sm90_xmma_*)
    for who in tirx cublas; do
      regex='gemm_kernel'
      [[ $who == cublas ]] && regex='nvjet|sm90_xmma|cutlass'
      [[ $who == cublas && $name != cluster ]] && continue # (the same cuBLAS kernel)
      csv="$OUT_DIR/${name}_${m}_${n}_${k}_${who}.csv"
      echo "== ncu: $name $who ${m}x${n}x${k}"
      ncu --csv --page details --clock-control "${NCU_CLOCK:-base}" "${sections[@]}" \
        --kernel-name-base demangled --kernel-name "regex:$regex" --launch-skip 2 --launch-count 1 \
        "$bin" --one "$m" "$n" "$k" 256 1 1 >"$csv" 2>"$OUT_DIR/${name}_${m}_${n}_${k}_${who}.log" ||
        { status=1; echo "FAILED: see $OUT_DIR/${name}_${m}_${n}_${k}_${who}.log"; }
      grep -c '^"' "$csv" | sed "s/^/   metric rows: /"
    done
  done
done
echo "== done (status $status): $OUT_DIR"
exit "$status"
