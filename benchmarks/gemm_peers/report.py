#!/usr/bin/env python3
"""Turns one run of the GEMM peers (scripts/gemm_peers.sh) into a table.

  python3 benchmarks/gemm_peers/report.py DIR [--update-doc records/gemm.md]

Reads from DIR what the run left there:
  gemm.csv          tirx and cuBLAS from tirx_bench_gemm (the gemm phase of scripts/bench.sh)
  tirx_harness.csv  tirx's fast path and cuBLAS from the peers' harness: the tirx column
                    without gemm.csv, a column of its own beside it
  cutlass.csv       CUTLASS and cuBLAS, same harness      torch_gemm.csv  torch.matmul, torch.compile
  gemm_sustained.csv  tirx_bench_gemm --sustained: phases at the power limit, NVML's clock
                    and power beside each (the gemm phase of scripts/bench.sh)
  compile.csv       the compile time and memory of each kernel's translation unit
  clocks.csv        unix time, SM clock (MHz), power (W), temperature, every 0.5 s
  gpu_before.csv, gpu_after.csv   nvidia-smi's clocks and power around the run
and writes DIR/gemm_peers.md (and DIR/gemm_peers.png with matplotlib). With
--update-doc it also puts the tables between the '<!-- gemm-peers:begin -->'
and '<!-- gemm-peers:end -->' lines of that Markdown file.
"""

from __future__ import annotations

import argparse
import csv
import os
import statistics
import sys
from collections import defaultdict

IMPLS = [("tirx", "tirx"), ("cublas", "cuBLAS"), ("torch_matmul", "torch.matmul"),
         ("torch_compile", "torch.compile max-autotune"), ("cutlass", "CUTLASS")]
BEGIN, END = "<!-- gemm-peers:begin -->", "<!-- gemm-peers:end -->"


def read_csv(path: str) -> list[dict]:
    if not os.path.isfile(path):
        return []
    with open(path, newline="") as f:
        lines = [line for line in f if line.strip() and not line.startswith("#")]
    return list(csv.DictReader(lines))


def num(text) -> float | None:
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


class Run:
    def __init__(self, folder: str):
        self.folder = folder
        # (m, n, k) -> impl -> {tflops, checked, start, end, compile_s, cublas}
        self.rows: dict[tuple, dict[str, dict]] = defaultdict(dict)
        self.order: list[tuple] = []
        self.sources: list[str] = []
        self.read()

    def add(self, key, impl, **fields):
        if key not in self.rows:
            self.order.append(key)
        self.rows[key][impl] = fields

    def read(self):
        bench = read_csv(os.path.join(self.folder, "gemm.csv"))
        if bench and "tirx_tflops" in bench[0]:
            self.sources.append("gemm.csv (tirx_bench_gemm)")
            # the plain bf16 TN GEMM rows only (the layout, epilogue and
            # plain-store rows measure other calls); where a shape has both,
            # tirx_kernels::gemm's with the heuristic's configuration (what a
            # caller gets) over the fast path's (the kernel of gemm_bf16_tn, its
            # configuration forced; "gemm_bf16_tn" in runs before 2026-12-03)
            rank = {"bf16 TN fast path": 1, "bf16 TN gemm_bf16_tn": 1,
                    "bf16 TN gemm (heuristic)": 2}
            best: dict[tuple, int] = {}
            for r in bench:
                key = (int(r["M"]), int(r["N"]), int(r["K"]))
                level = rank.get((r.get("case") or "").strip(), 0)
                if level == 0 or level < best.get(key, 0):
                    continue
                best[key] = level
                tirx, cublas = num(r.get("tirx_tflops")), num(r.get("cublas_tflops"))
                self.add(key, "tirx", tflops=tirx, checked=1 if tirx is not None else 0)
                self.add(key, "cublas", tflops=cublas, checked=1 if cublas is not None else 0)
        elif bench:
            print("report.py: gemm.csv has no tirx_tflops column; read the harness's instead",
                  file=sys.stderr)
        for name in ("tirx_harness.csv", "cutlass.csv", "torch_gemm.csv"):
            rows = read_csv(os.path.join(self.folder, name))
            if rows:
                self.sources.append(name)
            for r in rows:
                key = (int(r["M"]), int(r["N"]), int(r["K"]))
                impl = r["impl"].strip()
                if impl == "tirx" and bench:
                    impl = "tirx_harness"  # tirx_bench_gemm's figure is the tirx column
                fields = dict(tflops=num(r.get("tflops")), checked=int(r.get("checked") or 0),
                              start=num(r.get("start_unix")), end=num(r.get("end_unix")),
                              compile_s=num(r.get("compile_s")),
                              cublas=num(r.get("cublas_tflops")))
                self.add(key, impl, **fields)
                if impl == "tirx" and fields["cublas"] is not None:
                    self.add(key, "cublas", tflops=fields["cublas"], checked=1)
        self.samples = []  # (unix, sm_mhz, watts)
        path = os.path.join(self.folder, "clocks.csv")
        if os.path.isfile(path):
            with open(path) as f:
                for line in f:
                    parts = [p.strip() for p in line.split(",")]
                    if len(parts) >= 3 and all(num(p) is not None for p in parts[:3]):
                        self.samples.append(tuple(float(p) for p in parts[:3]))
        self.sustained = read_csv(os.path.join(self.folder, "gemm_sustained.csv"))
        if self.sustained:
            self.sources.append("gemm_sustained.csv (tirx_bench_gemm --sustained)")
        self.compile = read_csv(os.path.join(self.folder, "compile.csv"))
        self.before = read_csv(os.path.join(self.folder, "gpu_before.csv"))
        self.after = read_csv(os.path.join(self.folder, "gpu_after.csv"))
        self.meta = {}
        for name in ("gpu.txt", "cutlass_version.txt", "torch_version.txt", "date.txt"):
            path = os.path.join(self.folder, name)
            if os.path.isfile(path):
                self.meta[name.split(".")[0]] = open(path).read().strip()

    def clocks(self, key) -> tuple[float | None, float | None]:
        """Median SM clock and median power of the samples in this problem's timed windows."""
        windows = [(v["start"], v["end"]) for v in self.rows[key].values()
                   if v.get("start") is not None and v.get("end") is not None]
        inside = [s for s in self.samples if any(a <= s[0] <= b for a, b in windows)]
        if not inside:
            return None, None
        return statistics.median(s[1] for s in inside), statistics.median(s[2] for s in inside)


def cell(entry: dict | None) -> str:
    if entry is None:
        return "—"
    if entry.get("checked") == -1:
        return "n/a"
    if entry.get("checked") == 0 or entry.get("tflops") is None:
        return "✗ mismatch"
    return f"{entry['tflops']:.1f}"


def ratio(entry: dict | None, base: float | None) -> str:
    if not entry or entry.get("checked") != 1 or not base or entry.get("tflops") is None:
        return "—"
    return f"{entry['tflops'] / base:.3f}"


def tables(run: Run) -> list[str]:
    out = []
    gpu = run.meta.get("gpu", "unknown GPU")
    out += [f"GPU: {gpu}. Sources in the run's folder: {', '.join(run.sources) or 'none'}. "
            f"CUTLASS {run.meta.get('cutlass_version', '?')} (the nvidia-cutlass package's "
            f"headers), {run.meta.get('torch_version', 'torch ?')}; {run.meta.get('date', '')}.",
            ""]
    out += ["TFLOP/s (2MNK / median time), bf16 in, fp32 accumulation, bf16 out, D = A B^T. "
            "tirx and its cuBLAS column: tirx_bench_gemm (tirx_kernels::gemm with the "
            "heuristic's configuration; or the peers' harness without it); CUTLASS / "
            "cuBLAS: CUTLASS against the cuBLAS of its own harness run; torch.compile: only the "
            "problems it was compiled for. SM clock and power: medians of nvidia-smi's samples "
            "(every 0.5 s) while the peers of that row were timed. ✗: the output did not match "
            "cuBLAS (not timed); n/a: the peer does not take the problem.", ""]
    # tirx's fast path in the peers' harness, where the tirx column is tirx_bench_gemm's
    both = any("tirx_harness" in r for r in run.rows.values())
    extra = ["tirx fast path (peers' harness)", "its / its cuBLAS"] if both else []
    head = ["M", "N", "K"] + [label for _, label in IMPLS] + extra + [
        "tirx / cuBLAS", "CUTLASS / its cuBLAS", "torch.compile / cuBLAS", "SM MHz", "W"]
    out += ["| " + " | ".join(head) + " |",
            "|" + "|".join("---:" for _ in head) + "|"]
    for key in run.order:
        got = run.rows[key]
        cublas = got.get("cublas", {}).get("tflops")
        cut = got.get("cutlass")
        harness = got.get("tirx_harness")
        mhz, watts = run.clocks(key)
        out.append("| " + " | ".join(
            [str(v) for v in key] + [cell(got.get(impl)) for impl, _ in IMPLS] +
            ([cell(harness), ratio(harness, harness.get("cublas") if harness else None)]
             if both else []) +
            [ratio(got.get("tirx"), cublas),
             ratio(cut, cut.get("cublas") if cut else None),
             ratio(got.get("torch_compile"), cublas),
             "—" if mhz is None else f"{mhz:.0f}",
             "—" if watts is None else f"{watts:.0f}"]) + " |")
    compiles = [r for r in run.rows.values() if r.get("torch_compile", {}).get("compile_s")]
    if compiles:
        spent = [r["torch_compile"]["compile_s"] for r in compiles]
        out += ["", f"torch.compile max-autotune took {min(spent):.0f}-{max(spent):.0f} s per "
                    f"problem to compile and autotune ({sum(spent):.0f} s for {len(spent)})."]
    out += sustained_table(run)
    if run.compile:
        out += ["", "One kernel translation unit each, compiled on the machine that ran the "
                    "suite, one after the other (`nvcc -O3 -DNDEBUG -gencode=arch=compute_90a,code=sm_90a -c`; "
                    "peak memory: the largest process, as /usr/bin/time -v reports it):", "",
                "| translation unit | standard | wall s | CPU s | peak memory MB |",
                "|---|---|---:|---:|---:|"]
        for r in run.compile:
            out.append(f"| {r['tu']} | {r['std']} | {r['wall_s']} | {r['cpu_s']} | "
                       f"{r['max_rss_mb']} |")
    if run.samples:
        mhz = [s[1] for s in run.samples]
        watts = [s[2] for s in run.samples]
        out += ["", f"Over the whole run ({len(run.samples)} samples): SM clock "
                    f"{min(mhz):.0f}-{max(mhz):.0f} MHz (median {statistics.median(mhz):.0f}), "
                    f"power {min(watts):.0f}-{max(watts):.0f} W "
                    f"(median {statistics.median(watts):.0f})."]
    for label, rows in (("before", run.before), ("after", run.after)):
        if rows:
            r = rows[0]
            out.append(f"nvidia-smi {label} the run: " +
                       ", ".join(f"{k.strip()} {v.strip()}" for k, v in r.items()) + ".")
    return out


def sustained_table(run: Run) -> list[str]:
    """tirx_bench_gemm --sustained: per problem and implementation, the range over
    its phases of TFLOP/s, SM clock and power; tirx / cuBLAS per pair of phases."""
    phases: dict[tuple, dict[str, list]] = defaultdict(lambda: defaultdict(list))
    for r in run.sustained:
        tflops = num(r.get("tflops"))
        if tflops is None:
            continue
        key = (int(r["M"]), int(r["N"]), int(r["K"]))
        phases[key][r["impl"].strip()].append(
            (tflops, num(r.get("sm_mhz")) or 0.0, num(r.get("watts")) or 0.0))
    if not phases:
        return []

    def span(values, fmt):
        lo, hi = min(values), max(values)
        return f"{lo:{fmt}}" if f"{lo:{fmt}}" == f"{hi:{fmt}}" else f"{lo:{fmt}}-{hi:{fmt}}"

    out = ["", "At the power limit (`tirx_bench_gemm --sustained`: tirx_kernels::gemm with the "
               "heuristic's configuration and cuBLAS in turn, phases of back-to-back launches; "
               "each cell the range over the phases; SM clock and power: the medians of NVML's "
               "samples in each phase):", "",
           "| M | N | K | tirx TFLOP/s | cuBLAS TFLOP/s | tirx / cuBLAS | tirx MHz | cuBLAS MHz "
           "| tirx W | cuBLAS W |",
           "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for key, got in phases.items():
        t, c = got.get("tirx", []), got.get("cublas", [])
        if not t or not c:
            continue
        ratios = [a[0] / b[0] for a, b in zip(t, c)]
        out.append("| " + " | ".join(
            [str(v) for v in key] +
            [span([x[0] for x in t], ".1f"), span([x[0] for x in c], ".1f"),
             span(ratios, ".3f"), span([x[1] for x in t], ".0f"), span([x[1] for x in c], ".0f"),
             span([x[2] for x in t], ".0f"), span([x[2] for x in c], ".0f")]) + " |")
    return out


def plot(run: Run, path: str) -> bool:
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    keys = run.order
    fig, ax = plt.subplots(figsize=(max(8, 0.55 * len(keys) + 3), 4.8), layout="constrained")
    width = 0.8 / len(IMPLS)
    for j, (impl, label) in enumerate(IMPLS):
        xs, ys = [], []
        for i, key in enumerate(keys):
            e = run.rows[key].get(impl)
            if e and e.get("checked") == 1 and e.get("tflops") is not None:
                xs.append(i + (j - (len(IMPLS) - 1) / 2) * width)
                ys.append(e["tflops"])
        if xs:
            ax.bar(xs, ys, width, label=label)
    ax.set_xticks(range(len(keys)))
    ax.set_xticklabels(["x".join(map(str, k)) for k in keys], rotation=60, ha="right",
                       fontsize=7)
    ax.set_ylabel("TFLOP/s")
    ax.set_title("bf16 GEMM, D = A B^T (M x N x K)")
    ax.grid(True, axis="y", alpha=0.3)
    ax.legend(fontsize=8)
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return True


def update_doc(doc: str, lines: list[str]) -> None:
    text = open(doc).read()
    if BEGIN not in text or END not in text:
        raise SystemExit(f"report.py: {doc} has no {BEGIN} ... {END} lines to replace")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    with open(doc, "w") as f:
        f.write(head + BEGIN + "\n" + "\n".join(lines) + "\n" + END + tail)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("dir", help="the run's folder (gemm_peers.sh's OUTDIR)")
    p.add_argument("--update-doc", metavar="FILE.md",
                   help="also write the tables between the gemm-peers markers of FILE.md")
    args = p.parse_args(argv)
    run = Run(args.dir)
    if not run.rows:
        print(f"report.py: no GEMM rows in {args.dir}", file=sys.stderr)
        return 2
    lines = tables(run)
    md = os.path.join(args.dir, "gemm_peers.md")
    with open(md, "w") as f:
        f.write("# GEMM peers\n\n" + "\n".join(lines) + "\n")
    plotted = plot(run, os.path.join(args.dir, "gemm_peers.png"))
    if args.update_doc:
        update_doc(args.update_doc, lines)
    bad = sum(1 for r in run.rows.values() for e in r.values() if e.get("checked") == 0)
    print(f"report.py: wrote {md}" + (" and gemm_peers.png" if plotted else "") +
          (f" and the tables of {args.update_doc}" if args.update_doc else "") +
          f"; {len(run.rows)} problems, {bad} mismatch(es)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
