#!/usr/bin/env bash
# Build the tirx examples; run them all on a GPU machine, else only the host ones.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

tirx_setup
tirx_configure
# Drop old example binaries (e.g. of removed examples); current ones just relink.
rm -rf "$BUILD_DIR/examples/gpu" "$BUILD_DIR/examples/host"
cmake --build "$BUILD_DIR" --parallel "$JOBS" --target tirx_examples

# Executables that tirx_example() / tirx_host_example() put in build/examples/{gpu,host}.
list_examples() { [[ -d "$1" ]] && find "$1" -maxdepth 1 -type f -executable | sort; true; }
mapfile -t gpu_examples < <(list_examples "$BUILD_DIR/examples/gpu")
mapfile -t host_examples < <(list_examples "$BUILD_DIR/examples/host")

if command -v nvidia-smi >/dev/null && nvidia-smi -L 2>/dev/null | grep -q '^GPU'; then
  to_run=("${gpu_examples[@]}" "${host_examples[@]}")
else
  echo "== no GPU found: examples compiled, not run (${#gpu_examples[@]} CUDA examples)"
  to_run=("${host_examples[@]}")
fi

# Run from build/examples/, so files the examples write (e.g. SVGs) land there.
passed=0 failed=0
for exe in "${to_run[@]}"; do
  echo "== $(basename "$exe")"
  if (cd "$BUILD_DIR/examples" && "$exe"); then passed=$((passed + 1)); else
    echo "== FAILED: $(basename "$exe")"; failed=$((failed + 1))
  fi
done
echo "== examples: $passed passed, $failed failed"
((failed == 0))
