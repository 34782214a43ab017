#!/usr/bin/env bash
# Builds the PyTorch extension of examples/torch (tirx's Hopper GEMM and
# RMSNorm as torch.ops.tirx.*) and runs its test, which prints one PASS/FAIL
# line per case and "N passed, M failed". On a machine with torch and an
# sm_90 GPU (H100/H200); elsewhere the test says why it is skipped and exits
# 77 (ctest gpu_torch_ops: skipped). Offline: nothing is downloaded.
#   bash scripts/torch_ext.sh
# Environment: PYTHON (default python3, the one that has torch),
# TIRX_TORCH_BUILD_DIR (default build-torch), TIRX_TORCH_VERBOSE=1 (show
# the build's commands).
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
command -v nvcc >/dev/null || export PATH="/usr/local/cuda/bin:$PATH"
export TIRX_TORCH_BUILD_DIR="${TIRX_TORCH_BUILD_DIR:-$ROOT/build-torch}"
export PYTHONUNBUFFERED=1
exec "${PYTHON:-python3}" "$ROOT/examples/torch/test_tirx_ops.py" "$@"
