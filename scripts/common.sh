# Shared by scripts/test.sh and scripts/examples.sh (sourced, not run).
# Installs what is missing on a Debian 12 machine, then configures the build.
# TIRX_BUILD_DIR overrides the build folder (default: build/ in the checkout).

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${TIRX_BUILD_DIR:-$ROOT/build}"
JOBS="$(nproc)"

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f s", b - a }'; }

tirx_setup() {
  local missing=()
  command -v cmake >/dev/null || missing+=(cmake)
  command -v g++ >/dev/null || missing+=(g++)
  command -v ninja >/dev/null || missing+=(ninja-build)
  dpkg-query -W -f='${Status}' catch2 2>/dev/null | grep -q 'ok installed' || missing+=(catch2)
  command -v clang-format >/dev/null || missing+=(clang-format)
  if ((${#missing[@]})); then
    echo "== installing: ${missing[*]}"
    local sudo=()
    ((EUID == 0)) || sudo=(sudo)
    "${sudo[@]}" apt-get update -q
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
      "${missing[@]}"
  fi
  if ! command -v nvcc >/dev/null; then
    export PATH="/usr/local/cuda/bin:$PATH"
    if ! command -v nvcc >/dev/null; then
      echo "error: nvcc not found (expected in /usr/local/cuda/bin)" >&2
      exit 1
    fi
  fi
}

tirx_configure() {
  local generator=()
  # Ninja for a new build folder; an existing one keeps its generator.
  if [[ ! -f "$BUILD_DIR/CMakeCache.txt" ]] && command -v ninja >/dev/null; then
    generator=(-G Ninja)
  fi
  cmake -S "$ROOT" -B "$BUILD_DIR" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release "$@"
}

# Whether this machine has a CUDA GPU that can run the GPU tests.
have_gpu() { command -v nvidia-smi >/dev/null && nvidia-smi -L 2>/dev/null | grep -q GPU; }
