#!/usr/bin/env python3
"""Each family's report<Best, Kind>() lists its rows as forms[] does
(ctest ptx.report_rows).

ptx/rows/report.inc knows a row by its position (the k-th row of a report
body is forms[k]), not by comparing spellings, which is cheaper to parse at
every include (docs/build-times.md). So the row files a report body expands
must be those of its forms[] table, in the same order (a prefix of them).
The check copies the headers, makes forms.inc and report.inc print markers
instead of code, preprocesses <tirx/tile.hpp> for the host and for sm_90a,
sm_100a and sm_80 device passes, and compares; one line per difference,
exit 1.

    check_report_rows.py --include DIR [--include DIR...] [--cxx CXX]
    check_report_rows.py --self-test (the check must catch a difference)
"""
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROWS = re.compile(r"TIRXCHK_B|TIRXCHK_([FR])(.*?)TIRXCHK_E", re.S)
PASSES = ["", "-D__CUDA_ARCH__=900 -D__CUDA_ARCH_FEAT_SM90_ALL",
          "-D__CUDA_ARCH__=1000 -D__CUDA_ARCH_FEAT_SM100_ALL", "-D__CUDA_ARCH__=800"]


def problems(text: str) -> list[str]:
    out, forms, last_forms, k, reports = [], [], False, 0, 0
    for m in ROWS.finditer(text):
        if m.group(0) == "TIRXCHK_B":
            reports, k, last_forms = reports + 1, 0, False
            continue
        row = " ".join(m.group(2).split())
        if m.group(1) == "F":
            if not last_forms:
                forms = []
            forms.append(row)
            last_forms = True
            continue
        last_forms = False
        want = forms[k] if k < len(forms) else "(past the end of forms[])"
        if row != want:
            out.append(f"report body {reports}, row {k}: {row} but forms[{k}] is {want}")
        k += 1
    if reports == 0:
        out.append("no report body found")
    return out


def preprocess(tree: Path, includes: list[str], cxx: str, defines: str) -> str:
    rows = tree / "tirx/ptx/rows"
    (rows / "forms.inc").write_text("#define TIRX_ROW(SP, NSRC, ...) TIRXCHK_F SP NSRC TIRXCHK_E\n")
    (rows / "report.inc").write_text(
        "TIRXCHK_B\n#define TIRX_ROW(SP, NSRC, ...) TIRXCHK_R SP NSRC TIRXCHK_E\n")
    cmd = [cxx, "-std=c++20", "-E", "-x", "c++",
           f"-I{tree}"]
    cmd += [f"-I{d}" for d in includes] + defines.split() + ["-"]
    run = subprocess.run(cmd, input="#include <tirx/tile.hpp>\n", capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed:\n{run.stderr[-4000:]}")
    return run.stdout


def main(argv: list[str]) -> int:
    if argv == ["--self-test"]:
        good = "TIRXCHK_F a 1 TIRXCHK_E TIRXCHK_F b 2 TIRXCHK_E TIRXCHK_B TIRXCHK_R a 1 TIRXCHK_E"
        bad = good + " TIRXCHK_R c 2 TIRXCHK_E"
        if problems(good) or not problems(bad) or not problems(""):
            print("self-test FAILED")
            return 1
        print("self-test passed")
        return 0
    includes, cxx, src = [], "c++", Path(__file__).resolve().parents[2] / "include"
    args = iter(argv)
    for a in args:
        if a == "--include":
            includes.append(next(args))
        elif a == "--cxx":
            cxx = next(args)
        elif a == "--tirx":
            src = Path(next(args))
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "include"
        shutil.copytree(src, tree)
        for defines in PASSES:
            bad += [f"[{defines or 'host'}] {p}" for p in problems(preprocess(tree, includes, cxx, defines))]
    for p in bad:
        print(p)
    print(f"{len(bad)} difference(s)" if bad else "every report body lists its forms[] rows in order")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
