#!/usr/bin/env python3
"""Finds the spellings of some families, as written, in the PTX of a test
source, and assembles that PTX with ptxas (ctest ptx_text_async_families_*).

The spellings come from the library: a host program, written and compiled
here, prints every form of the named families of include/tirx/ptx/families.hpp
(forms[] with their minimum architecture) and every variant a form stands
for (F::variants: multimem's orderings and scopes). The check fails unless

* every form whose architecture the target has is an instruction of the
  PTX (its spelling followed by a space),
* every variant group (a form's opcode with one ordering and scope: the
  tokens a variant adds to its form) is in the PTX at least once,
* every `// ptx-text: REGEX` line of the source, and every
  `// ptx-text-ARCH: REGEX` line for this ARCH, matches the PTX, and
* ptxas assembles the PTX for sm_ARCH.

    check_family_ptx.py --nvcc NVCC --cxx CXX --source FILE --arch 90a
                        --family NAME [--family NAME...] --include DIR [--include DIR...]
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

PRINTER = r"""
#include <tirx/ptx/families.hpp>
#include <cstdio>
#include <cstring>
template <class F> void print_family(const char* want) {
  if (std::strcmp(F::name, want) != 0)
    return;
  for (const tirx::ptxdesc::Form& f : F::forms) {
    std::printf("F\t%s\t%d\n", f.spelling, f.min_sm);
    if constexpr (requires { F::variants(f, 0); })
      for (int k = 0; F::variants(f, k).size > 0; ++k)
        std::printf("V\t%.*s\t%d\t%s\n", F::variants(f, k).size, F::variants(f, k).text, f.min_sm,
                    f.spelling);
  }
}
template <class... F> void print_all(tirx::ptxdesc::family_list<F...>, const char* want) {
  (print_family<F>(want), ...);
}
int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    print_all(tirx::ptxdesc::families{}, argv[i]);
  return 0;
}
"""


def arch_code(arch):
    """90a -> 901, 100 -> 1000 (ptx/desc.hpp's codes)."""
    m = re.fullmatch(r"(\d+)(a?)", arch)
    return int(m.group(1)) * 10 + (1 if m.group(2) else 0)


def arch_ok(need, have):
    if need % 10 == 1:
        return have == need
    return have - have % 10 >= need


def spellings(cxx, includes, families):
    with tempfile.TemporaryDirectory() as tmp:
        src, exe = os.path.join(tmp, "p.cpp"), os.path.join(tmp, "p")
        with open(src, "w", encoding="utf-8") as f:
            f.write(PRINTER)
        cmd = [cxx, "-std=c++20", "-o", exe, src] + [a for d in includes for a in ("-I", d)]
        built = subprocess.run(cmd, capture_output=True, text=True)
        if built.returncode != 0:
            raise RuntimeError("the spelling printer did not compile:\n" + built.stderr)
        out = subprocess.run([exe] + families, capture_output=True, text=True, check=True).stdout
    forms, variants = [], []
    for line in out.splitlines():
        parts = line.split("\t")
        if parts[0] == "F":
            forms.append((parts[1], int(parts[2])))
        else:
            variants.append((parts[1], int(parts[2]), parts[3]))
    return forms, variants


def group_of(variant, form):
    """A variant's group: its first two tokens and the tokens it adds."""
    v, f = variant.split("."), form.split(".")
    return ".".join(v[:2]) + " +" + ".".join(t for t in v if t not in f)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--nvcc", required=True)
    ap.add_argument("--cxx", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--arch", required=True)
    ap.add_argument("--family", action="append", required=True)
    ap.add_argument("--include", action="append", default=[])
    ap.add_argument("--work", default=".")
    args = ap.parse_args()
    have = arch_code(args.arch)
    forms, variants = spellings(args.cxx, args.include, args.family)
    if not forms:
        print(f"check_family_ptx: FAIL: no forms of {args.family}")
        return 1
    stem = os.path.splitext(os.path.basename(args.source))[0]
    ptx_file = os.path.join(args.work, f"{stem}_{args.arch}.ptx")
    cmd = [args.nvcc, "-std=c++20", f"-arch=compute_{args.arch}", "-ptx", args.source, "-o",
           ptx_file] + [f"-I{d}" for d in args.include]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        print("check_family_ptx: FAIL: nvcc -ptx:\n" + r.stderr)
        return 1
    with open(ptx_file, encoding="utf-8") as f:
        ptx = f.read()
    problems = 0
    found = 0
    for spelling, need in forms:
        if not arch_ok(need, have):
            continue
        found += 1
        if spelling + " " not in ptx:
            print(f"check_family_ptx: FAIL: {spelling} is not in the PTX of {args.source}")
            problems += 1
    groups = {}
    for spelling, need, form in variants:
        if arch_ok(need, have):
            groups.setdefault(group_of(spelling, form), []).append(spelling)
    for g, members in sorted(groups.items()):
        if not any(m + " " in ptx for m in members):
            print(f"check_family_ptx: FAIL: no spelling of {g} ({members[0]}, ...) in the PTX")
            problems += 1
    with open(args.source, encoding="utf-8") as f:
        lines = f.read().splitlines()
    patterns = [re.sub(rf"^// ptx-text(-{args.arch})?: ", "", ln) for ln in lines
                if re.match(rf"^// ptx-text(-{args.arch})?: ", ln)]
    for p in patterns:
        if not re.search(p, ptx):
            print(f"check_family_ptx: FAIL: no match for `{p}` in the PTX")
            problems += 1
    ptxas = os.path.join(os.path.dirname(os.path.abspath(args.nvcc)), "ptxas")
    if not os.path.exists(ptxas):
        ptxas = "ptxas"
    asm = subprocess.run([ptxas, f"-arch=sm_{args.arch}", ptx_file, "-o", os.devnull],
                         capture_output=True, text=True)
    if asm.returncode != 0:
        print("check_family_ptx: FAIL: ptxas:\n" + asm.stderr[:4000])
        problems += 1
    print(f"check_family_ptx: {found} forms of {', '.join(args.family)} for sm_{args.arch}, "
          f"{len(groups)} variant groups, {len(patterns)} patterns found in the PTX; "
          f"ptxas {'assembled it' if asm.returncode == 0 else 'failed'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
