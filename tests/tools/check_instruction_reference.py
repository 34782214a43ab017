#!/usr/bin/env python3
"""Checks that docs/instruction-reference.md lists exactly the PTX spellings
that tirx emits: no spelling missing, none extra, none twice.

The spellings come from the headers themselves, not from a copy of their
macros: every `inline constexpr const char* NAME[] = {...};` array in
include/tirx/ptx/*.hpp is printed by a small host program that this script
writes, compiles (with the C++ compiler given by --cxx) and runs. So the
X-macro lists are expanded by the compiler, exactly as apply sees them.

Each array belongs to a kind (the table KINDS below); an array that is not
in the table fails the check, so a new family cannot go undocumented:

    ld, st, mov, cvt     ptxmem::loads, ptxmem::stores, ptxmov::spellings, ptxcvt::spellings
    arith/1, /2, /3      arithmetic with 1, 2 or 3 sources (min.f32 is both
                         arith/2 and arith/3, so the source count is part of the key)

The guide marks its lists:

    <!-- spellings: arith/2 -->
    - `add[.rn|.rz|.rm|.rp][.ftz][.sat].f32`
    <!-- /spellings -->

Every inline code span between the two comments is a pattern. `[a|b]`
chooses one of the alternatives or nothing, `{a|b}` one of them; a pattern
stands for every combination (no nesting). Per kind, the union of the
guide's patterns must equal the union of the header arrays.

Usage:
  check_instruction_reference.py GUIDE --cxx COMPILER [--include DIR]... [--ptx-dir DIR]
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

# header array (namespace inside tirx::) -> kind in the guide
KINDS = {
    "ptxmem::loads": "ld",
    "ptxmem::stores": "st",
    "ptxmov::spellings": "mov",
    "ptxcvt::spellings": "cvt",
    "ptxarith::f32_unary": "arith/1",
    "ptxarith::h2_unary": "arith/1",
    "ptxarith::f32_binary": "arith/2",
    "ptxarith::h2_binary": "arith/2",
    "ptxarith::f32_ternary": "arith/3",
    "ptxarith::h2_ternary": "arith/3",
    "ptxarith::f32_minmax3": "arith/3",
    "ptxarith::f32x2_binary": "arith/2",
    "ptxarith::f32x2_ternary": "arith/3",
}

ARRAY = re.compile(r"^\s*inline\s+constexpr\s+const\s+char\s*\*\s*(\w+)\s*\[\s*\]\s*=")
NAMESPACE_OPEN = re.compile(r"^\s*namespace\s+([\w:]+)\s*\{")
NAMESPACE_CLOSE = re.compile(r"^\s*\}\s*//\s*namespace\s+([\w:]+)")
SECTION_OPEN = re.compile(r"^\s*<!--\s*spellings:\s*(\S+)\s*-->\s*$")
SECTION_CLOSE = re.compile(r"^\s*<!--\s*/spellings\s*-->\s*$")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")


def find_arrays(ptx_dir):
    """[(header file name, 'ptxmem::loads')] for every spelling array."""
    found = []
    for name in sorted(os.listdir(ptx_dir)):
        if not name.endswith(".hpp"):
            continue
        stack = []
        with open(os.path.join(ptx_dir, name), encoding="utf-8") as f:
            for line in f:
                opened, closed = NAMESPACE_OPEN.match(line), NAMESPACE_CLOSE.match(line)
                if opened:
                    stack.append(opened.group(1))
                elif closed and stack:
                    stack.pop()
                array = ARRAY.match(line)
                if array:
                    qualified = "::".join(stack + [array.group(1)])
                    if qualified.startswith("tirx::"):
                        qualified = qualified[len("tirx::"):]
                    found.append((name, qualified))
    return found


def header_spellings(ptx_dir, cxx, includes):
    """{'ptxmem::loads': [spellings...]} as the compiler expands them."""
    arrays = find_arrays(ptx_dir)
    if not arrays:
        raise RuntimeError(f"no spelling arrays found in {ptx_dir}")
    headers = sorted({h for h, _ in arrays})
    lines = [f"#include <tirx/ptx/{h}>" for h in headers]
    lines += ["#include <cstdio>", "int main() {"]
    for _, qualified in arrays:
        lines.append(f'  std::printf("@{qualified}\\n");')
        lines.append(f'  for (const char* s : tirx::{qualified}) std::printf("%s\\n", s);')
    lines += ["  return 0;", "}"]
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "spellings.cpp")
        program = os.path.join(tmp, "spellings")
        with open(source, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        command = [cxx, "-std=c++20", "-o", program, source]
        for d in includes:
            command[1:1] = ["-I", d]
        built = subprocess.run(command, capture_output=True, text=True)
        if built.returncode != 0:
            raise RuntimeError("compiling the spelling printer failed:\n" + " ".join(command) +
                               "\n" + built.stdout + built.stderr)
        ran = subprocess.run([program], capture_output=True, text=True, check=True)
    result, current = {}, None
    for line in ran.stdout.splitlines():
        if line.startswith("@"):
            current = line[1:]
            result[current] = []
        elif current is not None and line:
            result[current].append(line)
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
            if kind not in set(KINDS.values()):
                problems.append(f"{where}:{number}: unknown kind '{kind}' "
                                f"(known: {', '.join(sorted(set(KINDS.values())))})")
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
    want = {}
    for array, spellings in headers.items():
        kind = KINDS.get(array)
        if kind is None:
            problems.append(f"include/tirx/ptx: new spelling array '{array}': give it a kind in "
                            "KINDS of tests/tools/check_instruction_reference.py and list it in the guide")
            continue
        want.setdefault(kind, set()).update(spellings)
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
    headers = {"ptxarith::f32_binary": ["add.f32", "add.rn.f32", "min.f32"], "ptxarith::f32_minmax3": ["min.f32"]}
    problems = []
    compare(headers, found, problems)
    check(not problems, f"exact lists must pass: {problems}")
    problems = []
    compare({"ptxarith::f32_binary": ["add.f32", "sub.f32", "min.f32"], "ptxarith::f32_minmax3": ["min.f32"]},
            found, problems)
    text = "\n".join(problems)
    check("`sub.f32` is emitted by tirx but not listed" in text, "missing spelling")
    check("`add.rn.f32` is listed but tirx does not emit it" in text, "extra spelling")
    problems = []
    compare({"ptxnew::things": ["x.b32"]}, {}, problems)
    check(any("new spelling array 'ptxnew::things'" in p for p in problems), "unknown array")
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
    parser.add_argument("--ptx-dir", help="the headers (default: include/tirx/ptx of this checkout)")
    parser.add_argument("--self-test", action="store_true", help="test this checker")
    args = parser.parse_args()
    if args.self_test:
        return 0 if self_test() else 1
    include = os.path.normpath(os.path.join(here, "..", "..", "include"))
    ptx_dir = args.ptx_dir or os.path.join(include, "tirx", "ptx")
    headers = header_spellings(ptx_dir, args.cxx, [include] + args.include)
    with open(args.guide, encoding="utf-8") as f:
        text = f.read()
    problems = []
    guide = guide_spellings(text, problems, args.guide)
    total = compare(headers, guide, problems, args.guide)
    for p in problems:
        print("error:", p)
    arrays = ", ".join(f"{k} ({len(v)})" for k, v in headers.items())
    print(f"{total} spellings in {len(headers)} header arrays [{arrays}]: {len(problems)} problem(s)")
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
