#!/usr/bin/env bash
# The attention forward and backward on an sm_90 GPU in one command: builds
# and runs their tests (gpu_fragment, gpu_attention and gpu_attention_bwd
# with and without debug checks, the two docs examples, compute-sanitizer
# memcheck and racecheck), the configuration sweep (bench_variants.cu) and
# the benchmarks beside PyTorch's SDPA backends (bench_attention.py, forward
# and --backward; bench_varlen.py, variable-length batches and decode over a
# paged KV cache, through the PyTorch extension of examples/torch). Logs and
# the CSVs go to OUTDIR (default: build-attention/). About four minutes on a
# 16-core H100/H200 machine with torch installed.
#
#   bash scripts/bench_attention.sh [OUTDIR]
set -o pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUTDIR="${1:-$ROOT/build-attention}"
BIN="$OUTDIR/bin"
mkdir -p "$BIN"
cd "$ROOT" || exit 1
export PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv | tee "$OUTDIR/gpu.txt"
F="-std=c++20 -O3 -Iinclude -Itests -gencode=arch=compute_90a,code=sm_90a"
build() { # name source [flags]: in the background, its log beside it
  local name=$1 src=$2
  shift 2
  nvcc $F "$@" "$src" -o "$BIN/$name" -lcuda >"$OUTDIR/build_$name.log" 2>&1 &
}
build gpu_attention tests/kernels/gpu_attention.cu -DNDEBUG
build gpu_attention_debug tests/kernels/gpu_attention.cu
build gpu_attention_varlen tests/kernels/gpu_attention_varlen.cu -DNDEBUG
build gpu_attention_varlen_debug tests/kernels/gpu_attention_varlen.cu
build gpu_attention_bwd tests/kernels/gpu_attention_bwd.cu -DNDEBUG
build gpu_attention_bwd_debug tests/kernels/gpu_attention_bwd.cu
build gpu_fragment tests/exec/gpu_fragment.cu -DNDEBUG
build docs_fragments docs/examples/fragments.cu -DNDEBUG
build docs_attention docs/examples/attention.cu -DNDEBUG
build bench_variants benchmarks/attention/bench_variants.cu -DNDEBUG
(cd examples/torch && TIRX_TORCH_BUILD_DIR="$OUTDIR/torch" timeout 600 python3 -c "import tirx_ops") \
  >"$OUTDIR/build_torch.log" 2>&1 &
wait
status=0
run() { # name [args]: runs it, its output to the log and the screen
  local name=$1
  shift
  if [[ ! -x "$BIN/$name" ]]; then
    echo "== $name: did not build ($OUTDIR/build_$name.log)"
    status=1
    return
  fi
  timeout 300 "$BIN/$name" "$@" 2>&1 | tee "$OUTDIR/$name.log"
  local rc=${PIPESTATUS[0]}
  echo "== $name $*: exit $rc"
  ((rc == 0)) || status=1
}
run gpu_fragment
run docs_fragments
run docs_attention
run gpu_attention
run gpu_attention_debug --quick
run gpu_attention_varlen
run gpu_attention_varlen_debug --quick
run gpu_attention_bwd
run gpu_attention_bwd_debug --quick
echo "== ptxas C7510 (wgmma serialized) in the debug build: $(grep -c C7510 "$OUTDIR/build_gpu_attention_debug.log")"
timeout 300 compute-sanitizer --tool memcheck "$BIN/gpu_attention" --quick >"$OUTDIR/memcheck.log" 2>&1
echo "== memcheck gpu_attention --quick: $(tail -1 "$OUTDIR/memcheck.log")"
for t in memcheck racecheck; do
  timeout 300 compute-sanitizer --tool $t "$BIN/gpu_attention_varlen" --quick >"$OUTDIR/varlen_$t.log" 2>&1
  echo "== $t gpu_attention_varlen --quick: $(tail -1 "$OUTDIR/varlen_$t.log")"
done
for t in memcheck racecheck; do
  timeout 300 compute-sanitizer --tool $t "$BIN/gpu_attention_bwd" --quick >"$OUTDIR/bwd_$t.log" 2>&1
  echo "== $t gpu_attention_bwd --quick: $(tail -1 "$OUTDIR/bwd_$t.log")"
done
run bench_variants
TIRX_TORCH_BUILD_DIR="$OUTDIR/torch" PYTHONUNBUFFERED=1 timeout 600 \
  python3 benchmarks/attention/bench_attention.py --csv "$OUTDIR/bench.csv" 2>&1 |
  tee "$OUTDIR/bench.log" || status=1
TIRX_TORCH_BUILD_DIR="$OUTDIR/torch" PYTHONUNBUFFERED=1 timeout 600 \
  python3 benchmarks/attention/bench_attention.py --backward --csv "$OUTDIR/bench_bwd.csv" 2>&1 |
  tee "$OUTDIR/bench_bwd.log" || status=1
TIRX_TORCH_BUILD_DIR="$OUTDIR/torch" PYTHONUNBUFFERED=1 timeout 600 \
  python3 benchmarks/attention/bench_varlen.py --csv "$OUTDIR/bench_varlen.csv" 2>&1 |
  tee "$OUTDIR/bench_varlen.log" || status=1
exit $status
