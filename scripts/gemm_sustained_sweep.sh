#!/usr/bin/env bash
# The GEMM's choices that only the power limit decides, swept on a machine
# with an sm_90 GPU: tirx_bench_gemm is built once per variant (the same
# tree, a knob of the kernels set by a -D flag), then each variant runs
# `tirx_bench_gemm --sustained SECONDS` in turn, PASSES times, so that the
# variants' passes interleave. Each run checks every problem's D against
# cuBLAS before its phases. The variants (NAME=FLAGS; the default first):
#   group16=""                              the tile order's groups of 16 M tiles
#   group4=-DTIRX_GEMM_GROUP_M=4            groups of 4, 8 and 32
#   group8=-DTIRX_GEMM_GROUP_M=8
#   group32=-DTIRX_GEMM_GROUP_M=32
#   no-overlap=-DTIRX_GEMM_CLUSTER_OVERLAP=0   the 4-stage cluster kernel without the overlap
# Output in OUTDIR: NAME_PASS.log per run, and summary.csv (variant, pass,
# M, N, K, and tirx / cuBLAS: lowest, median and highest of the phases).
#
#   bash scripts/gemm_sustained_sweep.sh [OUTDIR]   (default benchmarks/results/sustained-<date>)
#
# Environment: TIRX_BUILD_DIR (default build-sweep; a folder per variant in
# it), SECONDS_PER_PHASE (default 1), PASSES (default 2), VARIANTS (names
# to run, space-separated; default all). records/gemm.md, "The overlap and the
# tile order at the power limit", holds a run of it. Exit status 0, 1 when
# a variant is unknown or a build or a run failed, 77 without a GPU (after
# the builds). The builds: gemm_variants.sh.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TIRX_BUILD_DIR:-$ROOT/build-sweep}"
OUT_DIR="${1:-$ROOT/benchmarks/results/sustained-$(date +%Y-%m-%d)}"
mkdir -p "$OUT_DIR"
command -v nvcc >/dev/null || export PATH="/usr/local/cuda/bin:$PATH"
declare -A flags=([group16]="" [group4]="-DTIRX_GEMM_GROUP_M=4" [group8]="-DTIRX_GEMM_GROUP_M=8"
                  [group32]="-DTIRX_GEMM_GROUP_M=32" [no-overlap]="-DTIRX_GEMM_CLUSTER_OVERLAP=0")
read -r -a names <<<"${VARIANTS:-group16 group4 group8 group32 no-overlap}"
status=0
source "$ROOT/scripts/gemm_variants.sh"
build_variants "$BUILD" "$OUT_DIR" "${names[@]}" || exit 1
if ! nvidia-smi -L 2>/dev/null | grep -q '^GPU'; then
  echo "== no GPU found by nvidia-smi: built, not run"
  exit 77
fi
echo "variant,pass,M,N,K,lowest,median,highest" >"$OUT_DIR/summary.csv"
for pass in $(seq 1 "${PASSES:-2}"); do
  for name in "${names[@]}"; do
    log="$OUT_DIR/${name}_$pass.log"
    "$BUILD/$name/benchmarks/tirx_bench_gemm" --sustained "${SECONDS_PER_PHASE:-1}" >"$log" 2>&1 ||
      { status=1; echo "== $name pass $pass FAILED ($log)"; }
    awk -F, -v v="$name" -v p="$pass" '/^sustained-ratio/ {
      split($7, h, " "); print v "," p "," $2 "," $3 "," $4 "," $5 "," $6 "," h[1] }' "$log" |
      tee -a "$OUT_DIR/summary.csv"
  done
done
echo "== done (status $status): $OUT_DIR/summary.csv"
exit "$status"
