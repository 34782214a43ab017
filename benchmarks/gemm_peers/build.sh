#!/usr/bin/env bash
# Builds the GEMM peers' programs into DIR and measures, one after the other
# on an otherwise idle host, each kernel translation unit's compile:
#   DIR/gemm_peer_cutlass   CUTLASS 3.x (cutlass_gemm.cu), when CUTLASS's headers are found
#   DIR/gemm_peer_tirx      tirx's Hopper GEMM (tirx_gemm.cu), same harness (harness.cu)
#   DIR/gemm_peer_cutlass_sm80  CUTLASS 2.x's Ampere GEMM (cutlass_sm80_gemm.cu: cp.async,
#                           ldmatrix, mma.sync), when CUTLASS's headers are found
#   DIR/gemm_peer_tirx_sm80 tirx's sm_80 GEMM (tirx_sm80_gemm.cu), same harness
#   DIR/compile.csv         tu,std,wall_s,cpu_s,max_rss_mb: wall and CPU (user + system)
#                           seconds and the peak resident memory of the largest process
#                           (/usr/bin/time -v, or Python's rusage where it is missing)
#
#   bash benchmarks/gemm_peers/build.sh DIR
#
# CUTLASS is never part of this repository: its headers come from the
# nvidia-cutlass Python package (it ships them under
# cutlass_library/source/include), looked for in this order:
#   $CUTLASS_INCLUDE_DIR   a folder with cutlass/ and cute/ (its tools/util/include beside
#                          it, or $CUTLASS_UTIL_INCLUDE_DIR)
#   the package installed for $PYTHON (default python3)
#   a wheel nvidia_cutlass-*.whl in $TIRX_WHEEL_DIR (default .whl/ at the repository's
#                          root), unpacked into DIR/cutlass
# When none is found, the CUTLASS peer is left out (a line says so; exit 0).
# Each TU is compiled with its library's own standard: C++20 for tirx,
# C++17 for CUTLASS (its headers warn about C++20 deprecations otherwise).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
DIR="${1:?usage: build.sh DIR}"
mkdir -p "$DIR"
DIR="$(cd "$DIR" && pwd)"
PYTHON="${PYTHON:-python3}"
command -v nvcc >/dev/null || export PATH="/usr/local/cuda/bin:$PATH"
ARCH=(-gencode=arch=compute_90a,code=sm_90a)

# -- CUTLASS's headers --------------------------------------------------------------
cutlass_inc="" cutlass_util=""
from_wheel() {
  local whl
  whl="$(ls "${TIRX_WHEEL_DIR:-$ROOT/.whl}"/nvidia_cutlass-*.whl 2>/dev/null | sort | tail -1)" ||
    true
  [[ -n "$whl" ]] || return 1
  "$PYTHON" - "$whl" "$DIR/cutlass" <<'EOF'
import sys, zipfile
whl, dest = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(whl) as z:
    names = [n for n in z.namelist() if n.startswith(("cutlass_library/source/include/",
                                                      "cutlass_library/source/tools/util/include/"))]
    z.extractall(dest, names)
print(f"unpacked {len(names)} headers of {whl}", file=sys.stderr)
EOF
  echo "$DIR/cutlass/cutlass_library/source"
}
if [[ -n "${CUTLASS_INCLUDE_DIR:-}" ]]; then
  cutlass_inc="$CUTLASS_INCLUDE_DIR"
  cutlass_util="${CUTLASS_UTIL_INCLUDE_DIR:-$cutlass_inc/../tools/util/include}"
else
  src="$("$PYTHON" -c 'import importlib.util as u, os; s = u.find_spec("cutlass_library")
print(os.path.join(os.path.dirname(s.origin), "source") if s and s.origin else "")' \
    2>/dev/null || true)"
  [[ -n "$src" && -f "$src/include/cutlass/cutlass.h" ]] || src="$(from_wheel || true)"
  if [[ -n "$src" ]]; then
    cutlass_inc="$src/include" cutlass_util="$src/tools/util/include"
  fi
fi
if [[ -n "$cutlass_inc" && ! -f "$cutlass_inc/cutlass/cutlass.h" ]]; then
  echo "build.sh: no cutlass/cutlass.h under $cutlass_inc" >&2
  cutlass_inc=""
fi
if [[ -n "$cutlass_inc" ]]; then
  version="$(awk '/define CUTLASS_(MAJOR|MINOR|PATCH) /{v = v (v ? "." : "") $3} END {print v}' \
    "$cutlass_inc/cutlass/version.h")"
  echo "== CUTLASS $version headers: $cutlass_inc"
  echo "$version" >"$DIR/cutlass_version.txt"
else
  echo "== CUTLASS's headers not found (pip install nvidia-cutlass, or a wheel in .whl/): the CUTLASS peer is left out"
  rm -f "$DIR/gemm_peer_cutlass" "$DIR/gemm_peer_cutlass_sm80" "$DIR/cutlass_version.txt"
fi

# -- timed compiles -----------------------------------------------------------------
echo "tu,std,wall_s,cpu_s,max_rss_mb" >"$DIR/compile.csv"
# timed NAME STD ARGS...: one nvcc compile, its figures appended to compile.csv
timed() {
  local name="$1" std="$2"
  shift 2
  local stats="$DIR/$name.time"
  if [[ -x /usr/bin/time ]]; then
    /usr/bin/time -v -o "$stats" "$@"
    awk -v tu="$name" -v std="$std" -F': ' '
      /Elapsed \(wall clock\)/ { n = split($2, p, ":"); wall = 0
                                 for (i = 1; i <= n; ++i) wall = wall * 60 + p[i] }
      /User time/ { cpu += $2 } /System time/ { cpu += $2 }
      /Maximum resident set size/ { rss = $2 / 1024 }
      END { printf "%s,%s,%.1f,%.1f,%.0f\n", tu, std, wall, cpu, rss }' "$stats" \
      >>"$DIR/compile.csv"
  else
    "$PYTHON" - "$name" "$std" "$@" >>"$DIR/compile.csv" <<'EOF'
import resource, subprocess, sys, time
name, std, cmd = sys.argv[1], sys.argv[2], sys.argv[3:]
t0 = time.perf_counter()
rc = subprocess.call(cmd, stdout=sys.stderr)
wall = time.perf_counter() - t0
r = resource.getrusage(resource.RUSAGE_CHILDREN)
if rc:
    sys.exit(rc)
print(f"{name},{std},{wall:.1f},{r.ru_utime + r.ru_stime:.1f},{r.ru_maxrss / 1024:.0f}")
EOF
  fi
  tail -1 "$DIR/compile.csv" | awk -F, '{printf "== compiled %s (%s): %s s wall, %s s CPU, %s MB peak\n", $1, $2, $3, $4, $5}'
}

common=(-O3 -DNDEBUG "${ARCH[@]}" -c)
peers=(tirx tirx_sm80)
[[ -z "$cutlass_inc" ]] || peers+=(cutlass cutlass_sm80)
for peer in "${peers[@]}"; do
  if [[ $peer == cutlass* ]]; then
    timed "${peer}_gemm" c++17 nvcc -std=c++17 "${common[@]}" --expt-relaxed-constexpr \
      -isystem "$cutlass_inc" -isystem "$cutlass_util" "$HERE/${peer}_gemm.cu" \
      -o "$DIR/${peer}_gemm.o"
  else
    timed "${peer}_gemm" c++20 nvcc -std=c++20 "${common[@]}" -DTIRX_NO_DEBUG_CHECKS \
      -I"$ROOT/include" "$HERE/${peer}_gemm.cu" -o "$DIR/${peer}_gemm.o"
  fi
done

# -- the harness, linked with each peer -------------------------------------------------
nvcc -std=c++17 "${common[@]}" -Werror=all-warnings -Xcompiler=-Wall,-Werror "$HERE/harness.cu" \
  -o "$DIR/harness.o"
for peer in "${peers[@]}"; do
  nvcc "${ARCH[@]}" "$DIR/harness.o" "$DIR/${peer}_gemm.o" -lcublas -o "$DIR/gemm_peer_$peer"
done
echo "== built: $(cd "$DIR" && ls gemm_peer_* | tr '\n' ' ')"
