#!/usr/bin/env python3
"""Checks that docs/instruction-reference.md lists exactly the PTX spellings
that tirx emits: no spelling missing, none extra, none twice.

The spellings come from the library itself: a small host program, which this
script writes, compiles (with the C++ compiler given by --cxx) and runs,
prints every form of every family registered in
include/tirx/ptx/families.hpp (their forms[] tables, expanded from the row
files by the compiler, exactly as apply sees them, and the spellings a form
stands for too where its family says so: F::variants, the typed ld/st). Each
form belongs to a kind: ld and st, arith/1, /2, /3 (arithmetic by its number
of sources: min.f32 is both arith/2 and arith/3), and every other family by
its name (cvt, mov, shfl.sync, cp.async). A new family's forms are missing
from the guide until it gets a section, so no family goes undocumented.

The guide marks its lists:

    <!-- spellings: arith/2 -->
    - `add[.rn|.rz|.rm|.rp][.ftz][.sat].f32`
    <!-- /spellings -->

Every inline code span between the two comments is a pattern. `[a|b]`
chooses one of the alternatives or nothing, `{a|b}` one of them; a pattern
stands for every combination (no nesting). Per kind, the union of the
guide's patterns must equal the union of the header arrays.

Usage:
  check_instruction_reference.py GUIDE --cxx COMPILER [--include DIR]...
  check_instruction_reference.py --self-test
Python 3.8+, standard library only.
"""

import argparse
import itertools
import os
import re
import subprocess
import sys
import tempfile

SECTION_OPEN = re.compile(r"^\s*<!--\s*spellings:\s*(\S+)\s*-->\s*$")
SECTION_CLOSE = re.compile(r"^\s*<!--\s*/spellings\s*-->\s*$")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")

PRINTER = r"""
#include <tirx/ptx/families.hpp>
#include <cstdio>
template <class F>
void print_family() {
  for (const tirx::ptxdesc::Form& f : F::forms) {
    std::printf("%s\t%s\t%d\n", F::name, f.spelling, f.sources);
    if constexpr (requires { F::variants(f, 0); })
      for (int k = 0; F::variants(f, k).size > 0; ++k)
        std::printf("%s\t%.*s\t%d\n", F::name, F::variants(f, k).size, F::variants(f, k).text, f.sources);
  }
}
template <class... F>
void print_all(tirx::ptxdesc::family_list<F...>) {
  (print_family<F>(), ...);
}
int main() {
  print_all(tirx::ptxdesc::families{});
  return 0;
}
"""


def kind_of(family, spelling, sources):
    """The guide's section kind of one form: ld and st apart, arithmetic by
    its number of sources (min.f32 is both arith/2 and arith/3), every other
    family by its name."""
    if family == "ld/st":
        return spelling.split(".")[0]
    if family == "arithmetic":
        return f"arith/{sources}"
    return family


def header_spellings(_unused, cxx, includes):
    """{kind: [spellings...]} of every form of every registered family
    (include/tirx/ptx/families.hpp), as the compiler expands the row files."""
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "spellings.cpp")
        program = os.path.join(tmp, "spellings")
        with open(source, "w", encoding="utf-8") as f:
            f.write(PRINTER)
        command = [cxx, "-std=c++20", "-o", program, source]
        for d in includes:
            command[1:1] = ["-I", d]
        built = subprocess.run(command, capture_output=True, text=True)
        if built.returncode != 0:
            raise RuntimeError("compiling the spelling printer failed:\n" + " ".join(command) +
                               "\n" + built.stdout + built.stderr)
        ran = subprocess.run([program], capture_output=True, text=True, check=True)
    result = {}
    for line in ran.stdout.splitlines():
        family, spelling, sources = line.split("\t")
        result.setdefault(kind_of(family, spelling, int(sources)), []).append(spelling)
    if not result:
        raise RuntimeError("no forms found in the registered families")
    return result


def expand(pattern):
    """Every spelling a pattern stands for; raises ValueError if malformed."""
    parts, i = [], 0
    while i < len(pattern):
        c = pattern[i]
        if c in "[{":
            close = "]" if c == "[" else "}"
            j = pattern.find(close, i + 1)
            if j < 0:
                raise ValueError(f"unclosed '{c}' in `{pattern}`")
            inner = pattern[i + 1:j]
            if any(x in inner for x in "[]{}"):
                raise ValueError(f"nested brackets in `{pattern}`")
            choices = inner.split("|")
            if c == "[":
                choices = [""] + choices
            elif any(not x for x in choices):
                raise ValueError(f"empty alternative in {{...}} of `{pattern}`; use [...]")
            parts.append(choices)
            i = j + 1
        elif c in "]}|":
            raise ValueError(f"unexpected '{c}' in `{pattern}`")
        else:
            j = i
            while j < len(pattern) and pattern[j] not in "[]{}|":
                j += 1
            parts.append([pattern[i:j]])
            i = j
    return ["".join(p) for p in itertools.product(*parts)]


def guide_spellings(text, problems, where="guide"):
    """{kind: [(spelling, line number)]} from the marked sections of a guide."""
    found, kind = {}, None
    for number, line in enumerate(text.splitlines(), 1):
        opened, closed = SECTION_OPEN.match(line), SECTION_CLOSE.match(line)
        if opened:
            if kind is not None:
                problems.append(f"{where}:{number}: spellings section opened inside another")
            kind = opened.group(1)
            found.setdefault(kind, [])
        elif closed:
            if kind is None:
                problems.append(f"{where}:{number}: <!-- /spellings --> without a section")
            kind = None
        elif kind is not None:
            for span in CODE_SPAN.finditer(line):
                try:
                    found[kind] += [(s, number) for s in expand(span.group(2).strip())]
                except ValueError as e:
                    problems.append(f"{where}:{number}: {e}")
    if kind is not None:
        problems.append(f"{where}: spellings section '{kind}' is not closed")
    return found


def compare(headers, guide, problems, where="guide"):
    """Adds a problem for every spelling missing, extra or listed twice."""
    want = {kind: set(spellings) for kind, spellings in headers.items()}
    for kind in sorted(set(guide) - set(want)):
        problems.append(f"{where}: spellings section '{kind}': no registered family has forms of this kind")
    for kind in sorted(set(want) | set(guide)):
        listed = guide.get(kind, [])
        seen = {}
        for spelling, number in listed:
            if spelling in seen:
                problems.append(f"{where}:{number}: {kind} `{spelling}` is listed twice "
                                f"(first on line {seen[spelling]})")
            else:
                seen[spelling] = number
        have, need = set(seen), want.get(kind, set())
        for s in sorted(need - have):
            problems.append(f"{where}: {kind} `{s}` is emitted by tirx but not listed")
        for s in sorted(have - need):
            problems.append(f"{where}:{seen[s]}: {kind} `{s}` is listed but tirx does not emit it")
    return sum(len(v) for v in want.values())


def self_test():
    failed = 0

    def check(cond, what):
        nonlocal failed
        if not cond:
            failed += 1
            print("self-test failed:", what)

    check(expand("add[.rn|.rz].f32") == ["add.f32", "add.rn.f32", "add.rz.f32"], "optional group")
    check(expand("ld{.a|.b}{.x|.y}") == ["ld.a.x", "ld.a.y", "ld.b.x", "ld.b.y"], "product")
    check(expand("ld.global.L1::no_allocate.b8") == ["ld.global.L1::no_allocate.b8"], "plain")
    for bad in ("a[.b", "a[.b[c]]", "a{|.b}", "a].b"):
        try:
            expand(bad)
            check(False, f"`{bad}` must be rejected")
        except ValueError:
            pass
    guide = ("text `not.counted`\n<!-- spellings: arith/2 -->\n- `add[.rn].f32`, `min.f32`\n"
             "<!-- /spellings -->\n<!-- spellings: arith/3 -->\n- `min.f32`\n<!-- /spellings -->\n")
    problems = []
    found = guide_spellings(guide, problems)
    check(not problems and sorted(s for s, _ in found["arith/2"]) == ["add.f32", "add.rn.f32", "min.f32"],
          "sections")
    headers = {"arith/2": ["add.f32", "add.rn.f32", "min.f32"], "arith/3": ["min.f32"]}
    problems = []
    compare(headers, found, problems)
    check(not problems, f"exact lists must pass: {problems}")
    problems = []
    compare({"arith/2": ["add.f32", "sub.f32", "min.f32"], "arith/3": ["min.f32"]}, found, problems)
    text = "\n".join(problems)
    check("`sub.f32` is emitted by tirx but not listed" in text, "missing spelling")
    check("`add.rn.f32` is listed but tirx does not emit it" in text, "extra spelling")
    problems = []
    compare({"newfamily": ["x.b32"]}, {}, problems)
    check(any("newfamily `x.b32` is emitted by tirx but not listed" in p for p in problems), "new family")
    problems = []
    compare({}, {"nofamily": [("x.b32", 1)]}, problems)
    check(any("no registered family" in p for p in problems), "unknown section")
    check(kind_of("ld/st", "st.global.b32", 1) == "st" and kind_of("arithmetic", "min.f32", 3) == "arith/3"
          and kind_of("shfl.sync", "shfl.sync.up.b32", 4) == "shfl.sync", "kinds")
    problems = []
    compare(headers, guide_spellings(guide.replace("`min.f32`\n<!-- /", "`min.f32` `min.f32`\n<!-- /"),
                                     problems), problems)
    check(any("listed twice" in p for p in problems), "duplicate")
    print("self-test:", "FAILED" if failed else "OK")
    return failed == 0


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("guide", nargs="?",
                        default=os.path.join(here, "..", "..", "docs", "instruction-reference.md"))
    parser.add_argument("--cxx", default=os.environ.get("CXX", "g++"), help="host C++ compiler")
    parser.add_argument("--include", action="append", default=[],
                        help="include directory (repeat); the tirx include/ is added")
    parser.add_argument("--self-test", action="store_true", help="test this checker")
    args = parser.parse_args()
    if args.self_test:
        return 0 if self_test() else 1
    include = os.path.normpath(os.path.join(here, "..", "..", "include"))
    headers = header_spellings(None, args.cxx, [include] + args.include)
    with open(args.guide, encoding="utf-8") as f:
        text = f.read()
    problems = []
    guide = guide_spellings(text, problems, args.guide)
    total = compare(headers, guide, problems, args.guide)
    for p in problems:
        print("error:", p)
    arrays = ", ".join(f"{k} ({len(v)})" for k, v in headers.items())
    print(f"{total} spellings of {len(headers)} kinds [{arrays}]: {len(problems)} problem(s)")
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
