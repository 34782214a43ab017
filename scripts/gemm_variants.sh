# Sourced by gemm_sustained_sweep.sh and gemm_profile.sh (not run): builds
# tirx_bench_gemm once per variant of the GEMM kernels' knobs.
#
#   build_variants BUILD OUT_DIR NAME...
#
# builds each NAME into BUILD/NAME (Release, benchmarks only, sm_90a) with
# the CUDA flags of the caller's associative array flags[NAME] (e.g.
# -DTIRX_GEMM_GROUP_M=8), all at once, each with its share of the cores;
# logs in OUT_DIR/build_NAME.log. Returns 1, naming the log, when one failed.

GEMM_VARIANTS_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

build_variants() {
  local build="$1" out="$2" name
  shift 2
  local jobs=$(($(nproc) / $# > 0 ? $(nproc) / $# : 1))
  for name in "$@"; do
    [[ -v "flags[$name]" ]] || { echo "build_variants: no variant $name" >&2; return 1; }
  done
  for name in "$@"; do
    (
      gen=()
      [[ -f "$build/$name/CMakeCache.txt" ]] || ! command -v ninja >/dev/null || gen=(-G Ninja)
      cmake -S "$GEMM_VARIANTS_ROOT" -B "$build/$name" "${gen[@]}" -DCMAKE_BUILD_TYPE=Release \
        -DTIRX_BUILD_BENCHMARKS=ON -DTIRX_BUILD_TESTS=OFF -DTIRX_BUILD_EXAMPLES=OFF \
        -DTIRX_CUDA_ARCHS=90a "-DCMAKE_CUDA_FLAGS=${flags[$name]}" &&
        cmake --build "$build/$name" --target tirx_bench_gemm --parallel "$jobs"
    ) >"$out/build_$name.log" 2>&1 &
  done
  wait
  for name in "$@"; do
    [[ -x "$build/$name/benchmarks/tirx_bench_gemm" ]] ||
      { echo "== $name: the build FAILED ($out/build_$name.log)"; return 1; }
  done
  echo "== built: $*"
}
