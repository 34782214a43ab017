#!/usr/bin/env python3
"""Checks that a change of the headers leaves the generated code as it was.

    python3 benchmarks/compile/same_code.py [--base REV] [--jobs N] [TU ...]

Compiles each translation unit twice to sm_90a PTX (nvcc -ptx -O3 -DNDEBUG;
the same PTX gives the same SASS, and this needs no cuobjdump, which a
CPU-only toolkit may lack): once with include/ of the working tree, once
with include/ of git revision REV (default HEAD, taken with git archive into
a temporary folder; the sources themselves are the working tree's), and
compares the listings kernel by kernel. Prints one line per TU, SAME or
DIFFERENT (with the kernels that differ), and exits 1 if any differs.
The default TUs: the examples, the twin pairs, the kernels of kernels/
(benchmarks/launch_tirx.cu) and the GEMM of kernels/gemm
(benchmarks/gemm_peers/tirx_gemm.cu). Needs nvcc; no GPU.
"""
import argparse
import concurrent.futures
import glob
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DEFAULT = (sorted(glob.glob(os.path.join(ROOT, "examples", "*.cu"))) +
           sorted(glob.glob(os.path.join(ROOT, "tests", "twins", "*.cu"))) +
           [os.path.join(ROOT, "benchmarks", "launch_tirx.cu"),
            os.path.join(ROOT, "benchmarks", "gemm_peers", "tirx_gemm.cu")])


def ptx(tu, include, out):
    cmd = ["nvcc", "-std=c++20", "-O3", "-DNDEBUG", "-arch=sm_90a", "-ptx", "-o", out,
           "-I" + include, "-I" + ROOT, "-I" + os.path.join(ROOT, "benchmarks"), tu]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        return None, r.stderr[-2000:]
    kernels, name = {}, None
    with open(out) as f:
        for line in f:
            m = re.match(r"\s*(?:\.visible\s+|\.weak\s+)?\.(?:entry|func)\s+(?:\([^)]*\)\s*)?(\w+)", line)
            if m:
                name = m.group(1)
                kernels[name] = []
            if name is not None and not line.startswith("//"):
                kernels[name].append(line.rstrip())
    return kernels, ""


def compare(tu, new_inc, old_inc, tmp):
    stem = os.path.relpath(tu, ROOT).replace("/", "_")
    a, err_a = ptx(tu, new_inc, os.path.join(tmp, stem + ".new.ptx"))
    b, err_b = ptx(tu, old_inc, os.path.join(tmp, stem + ".old.ptx"))
    rel = os.path.relpath(tu, ROOT)
    if a is None or b is None:
        return rel, False, "does not compile: " + (err_a or err_b)
    diff = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
    if diff:
        return rel, False, f"{len(diff)} of {len(a)} kernels differ: " + ", ".join(diff[:5])
    return rel, True, f"{len(a)} kernels, {sum(len(v) for v in a.values())} PTX lines, identical"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--base", default="HEAD")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("tus", nargs="*")
    args = p.parse_args()
    tus = [os.path.abspath(t) for t in args.tus] or DEFAULT
    with tempfile.TemporaryDirectory(prefix="tirx-code-") as tmp:
        old = os.path.join(tmp, "base")
        os.makedirs(old)
        archive = subprocess.run(["git", "-C", ROOT, "archive", args.base, "include"],
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", old], input=archive, check=True)
        ok = True
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            jobs = [pool.submit(compare, tu, os.path.join(ROOT, "include"),
                                os.path.join(old, "include"), tmp) for tu in tus]
            for j in jobs:
                rel, same, what = j.result()
                ok = ok and same
                print(f"{'SAME     ' if same else 'DIFFERENT'} {rel}: {what}", flush=True)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
