#!/usr/bin/env python3
"""The options of the benchmark command (scripts/bench.sh), checked without a GPU or a build.

    python3 check_bench_plan.py ROOT
    python3 check_bench_plan.py --self-test

Runs `bash ROOT/scripts/bench.sh --plan` with each combination of --quick
and --gemm (and an OUTDIR), which parses the options, names the results
folder and lists the phases, then stops; and an unknown option, which must
exit 2. Each run must print the phases and the folder of EXPECTED.
"""
import os
import subprocess
import sys
import tempfile

FULL = "build tirx_bench gemm gemm_peers gemm_sm80 peers report"
GEMM = "build gemm gemm_peers gemm_sm80"
# (arguments, phases, how the results folder's name ends: None for OUTDIR itself)
EXPECTED = [
    ([], FULL, ""),
    (["--quick"], FULL, "-quick"),
    (["--gemm"], GEMM, "-gemm"),
    (["--gemm", "--quick"], GEMM, "-gemm-quick"),
    (["--quick", "--gemm", "OUTDIR"], GEMM, None),
]


def plan(script: str, args: list[str]) -> tuple[int, str]:
    r = subprocess.run(["bash", script, "--plan", *args], capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def problems_of(script: str, expected) -> list[str]:
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        for args, phases, ending in expected:
            args = [os.path.join(tmp, "out") if a == "OUTDIR" else a for a in args]
            rc, out = plan(script, args)
            lines = dict(l.split(": ", 1) for l in out.splitlines() if ": " in l)
            what = "bench.sh --plan " + " ".join(args)
            if rc != 0:
                problems.append(f"{what}: exit {rc}: {out.strip()}")
                continue
            if lines.get("phases") != phases:
                problems.append(f"{what}: phases {lines.get('phases')!r}, expected {phases!r}")
            folder = lines.get("results", "")
            if ending is None:
                if folder != args[-1]:
                    problems.append(f"{what}: results in {folder!r}, expected {args[-1]!r}")
            elif not folder.startswith(os.path.join(os.path.dirname(os.path.dirname(script)), "benchmarks", "results", "")) or \
                    not folder.rsplit("/", 1)[-1][len("YYYY-MM-DD"):] == ending:
                problems.append(f"{what}: results in {folder!r}, expected a dated folder ending "
                                f"{ending!r}")
            if os.path.exists(os.path.join(tmp, "out")):
                problems.append(f"{what}: --plan created its results folder")
        rc, out = plan(script, ["--no-such-option"])
        if rc != 2:
            problems.append(f"bench.sh --no-such-option: exit {rc}, expected 2")
    return problems


def main(argv: list[str]) -> int:
    if argv[1:] == ["--self-test"]:
        root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
        script = os.path.realpath(os.path.join(root, "scripts", "bench.sh"))
        wrong = [(["--gemm"], FULL, "-gemm")]
        if not problems_of(script, wrong):
            print("check_bench_plan.py --self-test: a wrong phase list was not caught")
            return 1
        print("check_bench_plan.py --self-test: a wrong phase list is caught")
        return 0
    if len(argv) != 2:
        print(__doc__)
        return 2
    script = os.path.realpath(os.path.join(argv[1], "scripts", "bench.sh"))
    problems = problems_of(script, EXPECTED)
    for p in problems:
        print(p)
    if not problems:
        print(f"check_bench_plan.py: {len(EXPECTED)} option sets as expected")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
