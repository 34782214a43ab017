#!/usr/bin/env python3
"""Keeps docs/design/architecture.md true: its file list (between
<!-- files --> and <!-- /files -->) names every header of include/tirx and
no other, and every header includes only headers of its own layer or of an
earlier one in the page's `layers:` line (tile.hpp may include any).

Usage: check_architecture.py [PAGE] [--include DIR] | --self-test
Python 3.8+, standard library only.
"""

import argparse
import os
import re
import sys

FILE = re.compile(r"^- `([\w/.]+\.hpp)`")
INCLUDE = re.compile(r'^\s*#\s*include\s*<tirx/([\w/.]+)>')


def page_facts(text):
    """(layers, listed files) of the page."""
    layers, files, inside = [], [], False
    for line in text.splitlines():
        if line.startswith("layers:"):
            layers = [x.strip() for x in line[len("layers:"):].split(",")]
        elif line.strip() == "<!-- files -->":
            inside = True
        elif line.strip() == "<!-- /files -->":
            inside = False
        elif inside:
            m = FILE.match(line)
            if m:
                files.append(m.group(1))
    return layers, files


def problems_of(layers, listed, headers):
    """headers: {'exec/apply.hpp': ['exec/issue.hpp', 'ptx/policy.hpp', ...]}"""
    problems = []
    for h in sorted(set(headers) - set(listed)):
        problems.append(f"include/tirx/{h} is not in the page's file list")
    for h in sorted(set(listed) - set(headers)):
        problems.append(f"the page lists {h}, which is not in include/tirx")
    rank = {layer: i for i, layer in enumerate(layers)}
    for h, includes in sorted(headers.items()):
        mine = h.split("/")[0]
        if mine not in rank:
            if "/" in h:
                problems.append(f"{h}: its folder '{mine}' is not one of the layers {layers}")
            continue  # tile.hpp
        for inc in includes:
            theirs = inc.split("/")[0]
            if theirs in rank and rank[theirs] > rank[mine]:
                problems.append(f"{h} includes {inc}: layer {theirs} comes after {mine}")
    return problems


def read_headers(include_dir):
    root = os.path.join(include_dir, "tirx")
    headers = {}
    for dirpath, _, names in os.walk(root):
        for name in names:
            if name.endswith(".hpp"):
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, root).replace(os.sep, "/")
                with open(path, encoding="utf-8") as f:
                    headers[rel] = [m.group(1) for m in map(INCLUDE.match, f) if m]
    return headers


def self_test():
    layers = ["core", "layout"]
    ok = problems_of(layers, ["core/a.hpp", "layout/b.hpp"], {"core/a.hpp": [], "layout/b.hpp": ["core/a.hpp"]})
    up = problems_of(layers, ["core/a.hpp", "layout/b.hpp"], {"core/a.hpp": ["layout/b.hpp"], "layout/b.hpp": []})
    missing = problems_of(layers, ["core/a.hpp"], {"core/a.hpp": [], "layout/b.hpp": []})
    extra = problems_of(layers, ["core/a.hpp", "core/c.hpp"], {"core/a.hpp": []})
    good = (not ok and any("comes after" in p for p in up) and any("not in the page" in p for p in missing)
            and any("not in include/tirx" in p for p in extra))
    print("self-test:", "OK" if good else "FAILED")
    return good


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("page", nargs="?", default=os.path.join(here, "..", "..", "docs", "design", "architecture.md"))
    parser.add_argument("--include", default=os.path.join(here, "..", "..", "include"))
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    if args.self_test:
        return 0 if self_test() else 1
    with open(args.page, encoding="utf-8") as f:
        layers, listed = page_facts(f.read())
    headers = read_headers(args.include)
    problems = problems_of(layers, listed, headers) if layers else ["the page has no `layers:` line"]
    for p in problems:
        print("error:", p)
    print(f"{len(headers)} headers, {len(layers)} layers: {len(problems)} problem(s)")
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
