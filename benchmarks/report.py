#!/usr/bin/env python3
"""Turns benchmark CSV files (format of KERNELS.md) into plots and results.md.

  python3 benchmarks/report.py tirx.csv peers.csv --out-dir results/ --gpu "NVIDIA H200"

Reads rows of every implementation (tirx, cuda and memcpy from the C++
harness; torch and torch_compile from peers.py) and writes into --out-dir:
  <kernel>.png  GB/s against input size, one line per implementation, with
                memcpy on every plot as the ceiling (needs matplotlib)
  results.md    every kernel at the headline size (1 GiB) with the ratios and
                the pass/fail of its target, then every size of every kernel

Lines of a CSV that start with '#' are comments; the gpu, date and command
that they give ('# gpu: NAME' or '# gpu=NAME, date=DAY') fill the header of
results.md unless the options do.
"""

from __future__ import annotations

import argparse
import csv
import datetime
import os
import re
import sys
from collections import defaultdict
from dataclasses import dataclass
from typing import Optional

KiB, MiB, GiB = 1 << 10, 1 << 20, 1 << 30
HEADLINE_SIZE = 1 * GiB
DEFAULT_COLS = 4096
ROW_KERNELS = ("row_sum", "row_max", "softmax", "rmsnorm")  # have cols variants
KERNEL_ORDER = ("copy", "add_one", "affine_relu", "silu", "to_f16", "to_bf16", "add_bias",
                "row_sum", "row_max", "softmax", "rmsnorm", "transpose",
                "transpose_swizzled")
IMPL_ORDER = ("tirx", "cuda", "torch", "torch_compile", "memcpy")
PEERS = ("tirx", "cuda", "torch", "torch_compile")  # memcpy is drawn as the ceiling
COLORS = {"tirx": "C0", "cuda": "C1", "torch": "C2", "torch_compile": "C3"}  # same on every plot
FIELDS = ("kernel", "impl", "size_bytes", "n", "rows", "cols", "median_us", "gbps", "checked")


@dataclass(frozen=True)
class Target:
    """tirx must reach factor x the GB/s of the baseline at the same size."""
    baseline: str  # an impl of the same kernel, "memcpy", or "tirx copy"
    factor: float

    def label(self) -> str:
        times = "" if self.factor == 1 else f"{self.factor:g}x "
        return f">= {times}{self.baseline}"


ELEMENTWISE = ("add_one", "affine_relu", "silu", "to_f16", "to_bf16", "add_bias")
TARGETS = {
    **{k: (Target("torch_compile", 1.01), Target("memcpy", 1.0)) for k in ELEMENTWISE},
    "copy": (Target("memcpy", 1.0),),
    "softmax": (Target("memcpy", 0.9),),  # memcpy's GB/s stands for the roofline
    "rmsnorm": (Target("memcpy", 0.9),),
    "transpose": (Target("tirx copy", 0.85),),
    "transpose_swizzled": (Target("tirx copy", 0.85),),
}


@dataclass(frozen=True)
class Row:
    kernel: str
    impl: str
    size: int
    n: int
    rows: int
    cols: int
    median_us: float
    gbps: float
    checked: bool

    @property
    def series(self) -> tuple[str, int]:
        """(kernel, cols variant): 0 except for the row kernels."""
        return (self.kernel, self.cols if self.kernel in ROW_KERNELS else 0)


def is_main(series: tuple[str, int]) -> bool:
    return series[1] in (0, DEFAULT_COLS)


def size_label(nbytes: int) -> str:
    for unit, scale in (("GiB", GiB), ("MiB", MiB), ("KiB", KiB)):
        if nbytes >= scale and nbytes % scale == 0:
            return f"{nbytes // scale} {unit}"
    return f"{nbytes} B"


def series_label(series: tuple[str, int]) -> str:
    kernel, cols = series
    return f"{kernel} (cols {cols})" if cols else kernel


def sort_key(series: tuple[str, int]):
    kernel, cols = series
    order = KERNEL_ORDER.index(kernel) if kernel in KERNEL_ORDER else len(KERNEL_ORDER)
    return (order, kernel, cols)


# ---------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------

class Results:
    """All rows, indexed by (series, impl, size); memcpy by size."""

    def __init__(self):
        self.rows: dict[tuple, Row] = {}
        self.meta: dict[str, list[str]] = defaultdict(list)  # from '# key: value' lines
        self.sources: list[tuple[str, list[str]]] = []  # (file, impls in it)

    def read(self, path: str) -> None:
        impls = []
        with open(path, newline="") as f:
            lines = []
            for line in f:
                if line.startswith("#"):
                    for key, value in parse_comment(line[1:]):
                        if value not in self.meta[key]:
                            self.meta[key].append(value)
                elif line.strip():
                    lines.append(line)
        replaced = 0
        for record in csv.DictReader(lines):
            row = parse_row(record, path)
            key = (row.series, row.impl, row.size)
            replaced += key in self.rows
            self.rows[key] = row
            if row.impl not in impls:
                impls.append(row.impl)
        if replaced:
            print(f"report.py: {path}: {replaced} row(s) repeat a (kernel, impl, size, cols) "
                  "read before; the later ones are kept", file=sys.stderr)
        self.sources.append((path, impls))

    def get(self, series, impl, size) -> Optional[Row]:
        if impl == "memcpy":
            return self.memcpy(size)
        if impl == "tirx copy":
            return self.rows.get((("copy", 0), "tirx", size))
        return self.rows.get((series, impl, size))

    def memcpy(self, size: int) -> Optional[Row]:
        """The copy ceiling: memcpy's row under kernel copy, else under any kernel."""
        row = self.rows.get((("copy", 0), "memcpy", size))
        if row:
            return row
        return next((r for (s, i, z), r in self.rows.items() if i == "memcpy" and z == size), None)

    def series(self) -> list[tuple[str, int]]:
        return sorted({s for s, impl, _ in self.rows if impl != "memcpy" or s == ("copy", 0)},
                      key=sort_key)

    def sizes(self, series) -> list[int]:
        return sorted({z for s, _, z in self.rows if s == series})

    def memcpy_sizes(self) -> list[int]:
        return sorted({z for _, impl, z in self.rows if impl == "memcpy"})


def parse_comment(text: str) -> list[tuple[str, str]]:
    """'key: value' (peers.py) or 'key=value, key=value' (tirx_bench) -> pairs."""
    m = re.fullmatch(r"\s*(\w+)\s*:\s*(.*?)\s*", text)
    if m:
        return [(m.group(1), m.group(2))] if m.group(2) else []
    return [(k, v.strip()) for k, v in re.findall(r"(\w+)=([^,]*)", text) if v.strip()]


def parse_row(record: dict, path: str) -> Row:
    missing = [f for f in FIELDS if record.get(f) in (None, "")]
    if missing:
        raise SystemExit(f"report.py: {path}: a row lacks {', '.join(missing)}: {record}")
    return Row(kernel=record["kernel"].strip(), impl=record["impl"].strip(),
               size=int(record["size_bytes"]), n=int(record["n"]), rows=int(record["rows"]),
               cols=int(record["cols"]), median_us=float(record["median_us"]),
               gbps=float(record["gbps"]), checked=record["checked"].strip() == "1")


# ---------------------------------------------------------------------------
# Tables
# ---------------------------------------------------------------------------

def fmt_gbps(row: Optional[Row]) -> str:
    if row is None:
        return "—"
    value = f"{row.gbps:.0f}" if row.gbps >= 100 else f"{row.gbps:.3g}"
    return value + ("" if row.checked else " ✗")


def ratio(a: Optional[Row], b: Optional[Row]) -> Optional[float]:
    if a is None or b is None or b.gbps <= 0:
        return None
    return a.gbps / b.gbps


def fmt_ratio(value: Optional[float]) -> str:
    return "—" if value is None else f"{value:.2f}"


def judge(results: Results, series, size: int) -> tuple[str, str]:
    """(target text, verdict) of tirx at this size: PASS, FAIL or n/a."""
    targets = TARGETS.get(series[0], ())
    if not targets:
        return ("—", "—")
    text = ", ".join(t.label() for t in targets)
    tirx = results.get(series, "tirx", size)
    if tirx is None:
        return (text, "n/a (no tirx row)")
    if not tirx.checked:
        return (text, "FAIL (wrong output)")
    missed, absent = [], []
    for target in targets:
        value = ratio(tirx, results.get(series, target.baseline, size))
        if value is None:
            absent.append(target.baseline)
        elif value < target.factor:
            missed.append(f"{value:.2f}x {target.baseline}")
    if missed:
        return (text, "FAIL (" + ", ".join(missed) + ")")
    if absent:
        return (text, "n/a (no " + ", ".join(absent) + " row)")
    return (text, "PASS")


def headline_size(results: Results, wanted: int) -> Optional[int]:
    """wanted if some kernel has a row there, else the largest size that has rows."""
    sizes = {z for (s, impl, z) in results.rows if impl != "memcpy"}
    if not sizes:
        return None
    return wanted if wanted in sizes else max(sizes)


def headline_table(results: Results, size: int) -> tuple[list[str], dict[str, int]]:
    head = ["kernel", "size", *IMPL_ORDER, "tirx/torch_compile", "tirx/memcpy", "tirx/cuda",
            "target", "result"]
    lines = [md_row(head), md_row(["---"] * len(head))]
    tally: dict[str, int] = defaultdict(int)
    for series in results.series():
        # the main series at the headline size; a cols variant at the size it was run
        sizes = results.sizes(series)
        at = size if is_main(series) else (max(sizes) if sizes else None)
        if at not in sizes:
            continue
        get = {impl: results.get(series, impl, at) for impl in IMPL_ORDER}
        target, verdict = judge(results, series, at)
        tally[verdict.split(" ")[0]] += 1
        lines.append(md_row([series_label(series), size_label(at),
                             *(fmt_gbps(get[i]) for i in IMPL_ORDER),
                             fmt_ratio(ratio(get["tirx"], get["torch_compile"])),
                             fmt_ratio(ratio(get["tirx"], get["memcpy"])),
                             fmt_ratio(ratio(get["tirx"], get["cuda"])),
                             target, f"**{verdict}**" if verdict.startswith("FAIL") else verdict]))
    return lines, tally


def sweep_table(results: Results, kernel: str) -> list[str]:
    """Every size of one kernel; the cols variants last, as rows of their own."""
    points = [(s, z) for s in results.series() if s[0] == kernel
              for z in results.sizes(s)]
    points.sort(key=lambda p: (not is_main(p[0]), p[0][1], p[1]))
    impls = [i for i in IMPL_ORDER if i == "memcpy" or any(
        results.rows.get((s, i, z)) for s, z in points)]
    head = ["size", *(f"{i} GB/s" for i in impls), "tirx/memcpy"]
    lines = [md_row(head), md_row(["---"] * len(head))]
    for series, size in points:
        get = {i: results.get(series, i, size) for i in impls}
        label = size_label(size) + ("" if is_main(series) else f", cols {series[1]}")
        lines.append(md_row([label, *(fmt_gbps(get[i]) for i in impls),
                             fmt_ratio(ratio(get.get("tirx"), get["memcpy"]))]))
    return lines


def md_row(cells) -> str:
    return "| " + " | ".join(str(c) for c in cells) + " |"


def header(results: Results, args) -> list[str]:
    def one(key, given):
        return given or "; ".join(results.meta.get(key, [])) or None
    date = one("date", args.date) or datetime.date.today().isoformat()
    gpu = one("gpu", args.gpu) or "unknown (pass --gpu)"
    commands = ([args.command] if args.command else []) + results.meta.get("command", [])
    lines = ["# tirx benchmark results", "", f"- Date: {date}", f"- GPU: {gpu}"]
    lines += [f"- Command: `{c}`" for c in commands or [" ".join(sys.argv)]]
    for path, impls in results.sources:
        lines.append(f"- Data: `{os.path.basename(path)}` ({', '.join(impls) or 'no rows'})")
    return lines


def write_markdown(results: Results, args, plots: dict) -> dict[str, int]:
    lines = header(results, args)
    size = headline_size(results, args.at)
    tally: dict[str, int] = {}
    if size is not None:
        table, tally = headline_table(results, size)
        lines += ["", f"## At {size_label(size)}", "",
                  "GB/s = counted bytes / median time (KERNELS.md). The cols variants of the row "
                  "kernels are at the size they were run. ✗: the output did not match the "
                  "reference. The roofline of softmax and rmsnorm is memcpy's GB/s.", "", *table]
    lines += ["", "## Every size", ""]
    for kernel in dict.fromkeys(s[0] for s in results.series()):  # in order, once each
        lines += [f"### {kernel}", ""]
        if kernel in plots:
            lines += [f"![{kernel}]({plots[kernel]})", ""]
        lines += [*sweep_table(results, kernel), ""]
    with open(os.path.join(args.out_dir, "results.md"), "w") as f:
        f.write("\n".join(lines).rstrip() + "\n")
    return tally


# ---------------------------------------------------------------------------
# Plots
# ---------------------------------------------------------------------------

def plot_all(results: Results, out_dir: str) -> dict:
    """One PNG per kernel (main series); {kernel: file name}. {} without matplotlib."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("report.py: matplotlib is not installed; no plots "
              "(python3 -m pip install matplotlib)", file=sys.stderr)
        return {}
    plots = {}
    for series in results.series():
        if not is_main(series):
            continue  # the cols variants are single points: in the tables only
        name = f"{series[0]}.png"
        fig = plot_one(plt, results, series)
        fig.savefig(os.path.join(out_dir, name), dpi=120)
        plt.close(fig)
        plots[series[0]] = name
    return plots


def plot_one(plt, results: Results, series):
    from matplotlib.ticker import FixedLocator, NullLocator
    fig, ax = plt.subplots(figsize=(7.5, 4.5), layout="constrained")
    sizes = results.sizes(series)
    for impl in PEERS:
        points = [results.rows.get((series, impl, z)) for z in sizes]
        points = [p for p in points if p]
        if not points:
            continue
        ax.plot([p.size for p in points], [p.gbps for p in points], marker="o", ms=4,
                label=impl, color=COLORS[impl], lw=2.2 if impl == "tirx" else 1.4)
        wrong = [p for p in points if not p.checked]
        if wrong:
            ax.plot([p.size for p in wrong], [p.gbps for p in wrong], "x", color="red", ms=9,
                    mew=2, label=f"{impl}: wrong output")
    ceiling = [results.memcpy(z) for z in sorted(set(sizes) | set(results.memcpy_sizes()))]
    ceiling = [r for r in ceiling if r]
    if ceiling:
        ax.plot([r.size for r in ceiling], [r.gbps for r in ceiling], "--", color="black",
                lw=1.2, label="memcpy (ceiling)")
    ticks = sorted({p for p in sizes} | {r.size for r in ceiling})
    ax.set_xscale("log", base=2)
    ax.xaxis.set_major_locator(FixedLocator(ticks))
    ax.xaxis.set_minor_locator(NullLocator())
    ax.set_xticklabels([size_label(t).replace(" ", "\n") for t in ticks], fontsize=8)
    ax.set_ylim(bottom=0)
    ax.set_xlabel("input size")
    ax.set_ylabel("GB/s (counted bytes / median time)")
    title = series[0] + (f" (rows of {DEFAULT_COLS})" if series[0] in ROW_KERNELS else "")
    ax.set_title(title)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    return fig


# ---------------------------------------------------------------------------

def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog=__doc__.split("\n\n", 1)[1])
    p.add_argument("csv", nargs="+", help="CSV files written by tirx_bench and peers.py")
    p.add_argument("--out-dir", help="where the plots and results.md go (default: the "
                                     "folder of the first CSV)")
    p.add_argument("--gpu", help="GPU name for the header (default: from the CSV comments)")
    p.add_argument("--date", help="date for the header (default: from the CSVs, else today)")
    p.add_argument("--command", help="the command that produced the data, for the header")
    p.add_argument("--at", type=int, default=HEADLINE_SIZE, metavar="BYTES",
                   help="size of the headline table (default 1 GiB; the largest size "
                        "with rows when absent)")
    args = p.parse_args(argv)
    args.out_dir = args.out_dir or os.path.dirname(os.path.abspath(args.csv[0]))
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    results = Results()
    for path in args.csv:
        try:
            results.read(path)
        except OSError as err:
            print(f"report.py: cannot read {path}: {err.strerror}", file=sys.stderr)
            return 2
    if not results.rows:
        print("report.py: no rows in " + ", ".join(args.csv), file=sys.stderr)
        return 2
    os.makedirs(args.out_dir, exist_ok=True)
    plots = plot_all(results, args.out_dir)
    tally = write_markdown(results, args, plots)
    summary = ", ".join(f"{n} {v}" for v, n in sorted(tally.items()) if v != "—")
    print(f"report.py: wrote {os.path.join(args.out_dir, 'results.md')} and {len(plots)} plot(s)"
          + (f"; targets: {summary}" if summary else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
