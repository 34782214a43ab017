#!/usr/bin/env bash
# Fails when a C++ source of the project is not as .clang-format lays it out
# (ctest `format`, run by scripts/test.sh). Fix with:
#   find include tests examples kernels benchmarks docs/examples \( -name '*.hpp' -o -name '*.cuh' \
#     -o -name '*.cu' -o -name '*.cpp' -o -name '*.h' \) | xargs clang-format -i
# (then python3 tests/tools/check_doc_snippets.py docs --update for the guides).
# Exit 77 (ctest: skipped) when clang-format is not installed.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 1
command -v clang-format >/dev/null || { echo "clang-format not found: format check skipped"; exit 77; }
mapfile -t files < <(find include tests examples kernels benchmarks docs/examples \
  \( -name '*.hpp' -o -name '*.cuh' -o -name '*.cu' -o -name '*.cpp' -o -name '*.h' \) | sort)
# clang-format reports each violation as FILE:LINE:COL: warning: ...
bad=$(clang-format --dry-run "${files[@]}" 2>&1 | grep -oE '^[^:]+:[0-9]+:[0-9]+: warning' |
  cut -d: -f1 | sort -u)
if [[ -n "$bad" ]]; then
  echo "not formatted as .clang-format says ($(clang-format --version)):"
  echo "$bad" | sed 's/^/  /'
  exit 1
fi
echo "${#files[@]} sources formatted ($(clang-format --version))"
