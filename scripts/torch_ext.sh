#!/usr/bin/env bash
# Builds the PyTorch extension of examples/torch (tirx's Hopper GEMM and
# RMSNorm as torch.ops.tirx.*) and runs its test, which prints one PASS/FAIL
# line per case and "N passed, M failed". On a machine with torch and an
# sm_90 GPU (H100/H200); elsewhere the test says why it is skipped and exits
# 77 (ctest gpu_torch_ops: skipped). Offline: nothing is downloaded.
#   bash scripts/torch_ext.sh              # everything
#   bash scripts/torch_ext.sh --refusals  # the refusal cases only, in one process
# Environment: PYTHON (default python3, the one that has torch),
# TIRX_TORCH_BUILD_DIR (default build-torch), TIRX_TORCH_VERBOSE=1 (show
# the build's commands), TIRX_TORCH_GDB=1 (run it under cuda-gdb, or gdb,
# which prints the C++ stack of a crash; faulthandler prints the Python one).
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
command -v nvcc >/dev/null || export PATH="/usr/local/cuda/bin:$PATH"
export TIRX_TORCH_BUILD_DIR="${TIRX_TORCH_BUILD_DIR:-$ROOT/build-torch}"
export PYTHONUNBUFFERED=1
CMD=("${PYTHON:-python3}" -X faulthandler "$ROOT/examples/torch/test_tirx_ops.py" "$@")
if [ -n "${TIRX_TORCH_GDB:-}" ]; then
  GDB="$(command -v cuda-gdb || command -v gdb)" || { echo "no cuda-gdb or gdb"; exit 1; }
  exec "$GDB" -q -batch -ex "set pagination off" -ex "handle SIGSEGV stop print" -ex run \
    -ex bt -ex "info sharedlibrary" --args "${CMD[@]}"
fi
exec "${CMD[@]}"
