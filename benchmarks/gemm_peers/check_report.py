#!/usr/bin/env python3
"""The GEMM peers' report (benchmarks/gemm_peers/report.py) turns a run's CSVs
into the tables records/gemm.md shows (ctest benchmarks.gemm_report).

A run folder is made from fixed CSVs: tirx_bench_gemm's short rounds (a
fast-path row and a heuristic row of one shape, a fast-path row of another),
the peers' harness, CUTLASS, and tirx_bench_gemm --sustained's phases. The
report must pick the heuristic's row where a shape has both, compute each
ratio from the figures, and give the sustained table's ranges; one line per
difference, exit 1.

    check_report.py ROOT       (ROOT: the repository)
    check_report.py --self-test (the check must catch a wrong table)
"""
import os
import subprocess
import sys
import tempfile

FILES = {
    "gemm.csv": """M,N,K,tirx_tflops,cublas_tflops,ratio,case
4096,4096,4096,700.0,800.0,0.875,bf16 TN fast path
4096,4096,4096,760.0,740.0,1.027,bf16 TN gemm (heuristic)
8192,8192,8192,690.0,660.0,1.045,bf16 TN fast path
4096,4096,4096,600.0,700.0,0.857,bf16 TN gemm gelu(+bias) vs cublasLt
""",
    "tirx_harness.csv": """impl,M,N,K,tflops,cublas_tflops,checked,start_unix,end_unix
tirx,4096,4096,4096,770.0,800.0,1,,
""",
    "cutlass.csv": """impl,M,N,K,tflops,cublas_tflops,checked,start_unix,end_unix
cutlass,4096,4096,4096,784.0,800.0,1,,
cutlass,8192,8192,8192,,700.0,0,,
""",
    "gemm_sustained.csv": """sustained,M,N,K,impl,phase,tflops,sm_mhz,watts
sustained,4096,4096,4096,tirx,0,660.0,1515,699
sustained,4096,4096,4096,cublas,0,680.0,1545,698
sustained,4096,4096,4096,tirx,1,664.0,1530,700
sustained,4096,4096,4096,cublas,1,664.0,1530,700
""",
}

# Rows the tables must hold, whole (no clock samples here: SM MHz and W are —).
EXPECTED = [
    # the heuristic's row over the fast path's; the harness's 770 beside its
    # cuBLAS (0.963), CUTLASS's 784 / 800; tirx / cuBLAS 760 / 740
    "| 4096 | 4096 | 4096 | 760.0 | 740.0 | — | — | 784.0 | 770.0 | 0.963 | 1.027 | 0.980 | — "
    "| — | — |",
    # a peer's mismatch is shown, not timed
    "| 8192 | 8192 | 8192 | 690.0 | 660.0 | — | — | ✗ mismatch | — | — | 1.045 | — | — | — "
    "| — |",
    # sustained: ranges over the phases, ratio per pair (660/680, 664/664)
    "| 4096 | 4096 | 4096 | 660.0-664.0 | 664.0-680.0 | 0.971-1.000 | 1515-1530 | 1530-1545 "
    "| 699-700 | 698-700 |",
]


def report_lines(root: str) -> list[str]:
    with tempfile.TemporaryDirectory() as folder:
        for name, text in FILES.items():
            with open(os.path.join(folder, name), "w") as f:
                f.write(text)
        script = os.path.join(root, "benchmarks", "gemm_peers", "report.py")
        subprocess.run([sys.executable, script, folder], check=True, stdout=subprocess.DEVNULL,
                       env={**os.environ, "MPLBACKEND": "Agg"})
        with open(os.path.join(folder, "gemm_peers.md")) as f:
            return [line.rstrip("\n") for line in f]


def differences(lines: list[str], expected: list[str]) -> list[str]:
    return [f"report.py: no row {want}" for want in expected if want not in lines]


def main(argv: list[str]) -> int:
    if argv[1:] == ["--self-test"]:
        root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
        wrong = [EXPECTED[0].replace("1.027", "1.028")]
        if not differences(report_lines(root), wrong):
            print("check_report.py --self-test: a wrong ratio was not caught")
            return 1
        print("check_report.py --self-test: a wrong ratio is caught")
        return 0
    if len(argv) != 2:
        print(__doc__)
        return 2
    problems = differences(report_lines(argv[1]), EXPECTED)
    for p in problems:
        print(p)
    if not problems:
        print(f"check_report.py: {len(EXPECTED)} rows as expected")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
