#!/usr/bin/env bash
# SASS instruction counts of the zero-overhead pairs (tests/twins/*.cu): each
# seed kernel written with tirx and its hand-written CUDA twin, compiled for
# one architecture (default sm_90a), printed as a markdown table. Needs nvcc
# and cuobjdump (CUDA toolkit); no GPU.
#
#   scripts/sass_counts.sh [--arch sm_90a] [--diff] [--keep DIR]
#
# Counted: every SASS instruction cuobjdump -sass lists for the kernel, NOP
# padding excepted (the EXIT and the BRA-to-self after it count in both).
# Registers and local memory (LOCAL bytes) come from cuobjdump -res-usage.
# --diff prints, for each pair whose counts differ, the opcode sequences of
# both kernels side by side (diff); --keep DIR keeps the cubins, the SASS
# listings (<pair>.sass) and opcode lists (<kernel>.ops).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ARCH=sm_90a
DIFF=0
KEEP=""
while (($#)); do
  case "$1" in
    --arch) ARCH="$2"; shift 2 ;;
    --diff) DIFF=1; shift ;;
    --keep) KEEP="$2"; shift 2 ;;
    -h | --help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "sass_counts.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

command -v nvcc >/dev/null || export PATH="/usr/local/cuda/bin:$PATH"
for tool in nvcc cuobjdump; do
  command -v "$tool" >/dev/null || { echo "sass_counts.sh: $tool not found" >&2; exit 1; }
done

if [[ -n "$KEEP" ]]; then
  WORK="$KEEP"
  mkdir -p "$WORK"
else
  WORK="$(mktemp -d)"
  trap 'rm -rf "$WORK"' EXIT
fi

# One nvcc per pair, all at once (plain names: _Z<len><name>...).
sources=("$ROOT"/tests/twins/*.cu)
pids=()
for src in "${sources[@]}"; do
  stem="$(basename "$src" .cu)"
  nvcc -std=c++20 -arch="$ARCH" -DNDEBUG -cubin -I"$ROOT/include" "$src" \
    -o "$WORK/$stem.cubin" >"$WORK/$stem.log" 2>&1 &
  pids+=($!)
done
failed=0
for i in "${!pids[@]}"; do
  if ! wait "${pids[$i]}"; then
    echo "sass_counts.sh: compiling ${sources[$i]} failed:" >&2
    cat "$WORK/$(basename "${sources[$i]}" .cu).log" >&2
    failed=1
  fi
done
((failed == 0)) || exit 1

# _Z12add_one_tileN4tirx... -> add_one_tile
plain_name() {
  local m="$1"
  [[ "$m" =~ ^_Z([0-9]+) ]] || { echo "$m"; return; }
  local n="${BASH_REMATCH[1]}"
  echo "${m:$((2 + ${#n})):$n}"
}

# "mangled count" per kernel; the opcode listing of each in $WORK/<name>.ops
sass_counts() { # cubin
  cuobjdump -sass "$1" | tee "${1%.cubin}.sass" | awk -v dir="$WORK" '
    /Function : / { fn = $3; next }
    match($0, /^[ \t]+\/\*[0-9a-f]+\*\/[ \t]+/) {
      n = split(substr($0, RLENGTH + 1), w, /[ \t;]+/)
      op = w[1]
      if (op ~ /^@/) op = w[2]
      if (op == "NOP" || op == "") next
      count[fn]++
      print op > (dir "/" fn ".ops")
    }
    END { for (f in count) print f, count[f] }'
}

# "mangled REG LOCAL" per kernel
res_usage() { # cubin
  cuobjdump -res-usage "$1" | awk '
    /Function [^:]+:/ { fn = $2; sub(/:$/, "", fn); next }
    fn != "" && /REG:/ {
      reg = "?"; local_ = "?"
      for (i = 1; i <= NF; ++i) {
        if ($i ~ /^REG:/) reg = substr($i, 5)
        if ($i ~ /^LOCAL:/) local_ = substr($i, 7)
      }
      print fn, reg, local_
      fn = ""
    }'
}

echo "SASS instructions (NOP excepted) for $ARCH, $(nvcc --version | sed -n 's/.*\(release [0-9.]*\).*/CUDA \1/p'):"
echo
echo "| kernel | tirx | hand-written CUDA | tirx - CUDA | registers tirx / CUDA | local bytes tirx / CUDA |"
echo "|---|---:|---:|---:|---:|---:|"
total_tirx=0 total_twin=0
diffs=()
for src in "${sources[@]}"; do
  stem="$(basename "$src" .cu)"
  cubin="$WORK/$stem.cubin"
  declare -A count=() reg=() loc=() mangled=()
  while read -r m c; do
    name="$(plain_name "$m")"
    count[$name]=$c
    mangled[$name]=$m
  done < <(sass_counts "$cubin")
  while read -r m r l; do
    name="$(plain_name "$m")"
    reg[$name]=$r
    loc[$name]=$l
  done < <(res_usage "$cubin")
  for name in $(printf '%s\n' "${!count[@]}" | grep -v '_twin$' | sort); do
    twin="${name}_twin"
    [[ -n "${count[$twin]:-}" ]] || { echo "sass_counts.sh: $stem: no ${twin}" >&2; exit 1; }
    a=${count[$name]} b=${count[$twin]}
    echo "| $name | $a | $b | $((a - b)) | ${reg[$name]:-?} / ${reg[$twin]:-?} | ${loc[$name]:-?} / ${loc[$twin]:-?} |"
    total_tirx=$((total_tirx + a))
    total_twin=$((total_twin + b))
    if ((a != b)); then diffs+=("$name:${mangled[$name]}:${mangled[$twin]}"); fi
  done
  unset count reg loc mangled
done
echo "| **total** | **$total_tirx** | **$total_twin** | **$((total_tirx - total_twin))** | | |"

if ((DIFF)) && ((${#diffs[@]})); then
  for d in "${diffs[@]}"; do
    IFS=: read -r name mt mw <<<"$d"
    echo
    echo "== $name: SASS opcodes, tirx (<) against hand-written CUDA (>)"
    diff "$WORK/$mt.ops" "$WORK/$mw.ops" || true
  done
fi
