#!/usr/bin/env python3
"""Keeps the benchmark kernel lists in step (ctest benchmarks.kernel_names).

A kernel of the benchmarks is named in four places that nothing else ties
together: benchmarks/kernel_list.hpp (kKernels: what tirx_bench and the size
sweep run), benchmarks/peers.py (KERNELS: the torch peers),
benchmarks/report.py (KERNEL_ORDER: the tables and plots) and the table of
benchmarks/KERNELS.md (the spec). Each must list the same names in the same
order; the check prints one line per difference and exits 1.

    check_kernel_names.py [ROOT]      (default: the repository of this file)
    check_kernel_names.py --self-test (the check must catch a difference)
"""
import re
import sys
from pathlib import Path


def names_in(root: Path) -> dict[str, list[str]]:
    hpp = (root / "benchmarks/kernel_list.hpp").read_text()
    table = hpp[hpp.index("kKernels[]"):]
    table = table[:table.index("};")]
    peers = (root / "benchmarks/peers.py").read_text()
    peers = peers[peers.index("KERNELS = ["):]
    peers = peers[:peers.index("\n]")]
    peers = re.sub(r"#.*", "", peers)  # comments (no '#' inside the list's strings)
    report = (root / "benchmarks/report.py").read_text()
    order = report[report.index("KERNEL_ORDER = ("):]
    order = re.sub(r"#.*", "", order[:order.index(")")])
    spec = (root / "benchmarks/KERNELS.md").read_text()
    return {
        "benchmarks/kernel_list.hpp kKernels": re.findall(r'\{Kid::\w+, "(\w+)"', table),
        "benchmarks/peers.py KERNELS": re.findall(r'Kernel\("(\w+)"', peers),
        "benchmarks/report.py KERNEL_ORDER": re.findall(r'"(\w+)"', order),
        "benchmarks/KERNELS.md table": re.findall(r"^\| (\w+)\s+\|", spec, re.M)[1:],  # [0]: header
    }


def problems(lists: dict[str, list[str]]) -> list[str]:
    (ref_name, ref), *others = lists.items()
    out = [] if ref else [f"{ref_name}: no kernel names found"]
    for name, got in others:
        if got != ref:
            missing = [k for k in ref if k not in got]
            extra = [k for k in got if k not in ref]
            what = []
            if missing:
                what.append("missing " + ", ".join(missing))
            if extra:
                what.append("not in kKernels: " + ", ".join(extra))
            if not what:
                what.append("another order: " + ", ".join(got))
            out.append(f"{name} differs from {ref_name}: " + "; ".join(what))
    return out


def self_test() -> int:
    good = {"a": ["x", "y"], "b": ["x", "y"]}
    cases = [({"a": ["x", "y"], "b": ["x"]}, "missing y"),
             ({"a": ["x"], "b": ["x", "z"]}, "not in kKernels: z"),
             ({"a": ["x", "y"], "b": ["y", "x"]}, "another order"),
             ({"a": [], "b": []}, "no kernel names")]
    ok = not problems(good)
    for lists, expected in cases:
        found = problems(lists)
        ok &= any(expected in p for p in found)
    print("check_kernel_names self-test:", "passed" if ok else "FAILED")
    return 0 if ok else 1


def main(argv: list[str]) -> int:
    if argv[1:] == ["--self-test"]:
        return self_test()
    root = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parents[1]
    lists = names_in(root)
    found = problems(lists)
    for p in found:
        print(p)
    print(f"{len(next(iter(lists.values())))} kernels in 4 lists: {len(found)} difference(s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
