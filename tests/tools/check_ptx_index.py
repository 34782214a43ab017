#!/usr/bin/env python3
"""Checks that docs/instruction-reference.md names every PTX instruction
that tirx emits, beside the tirx call that emits it.

The instructions come from the headers (include/tirx, *.hpp, *.inc, *.def):

* every `asm` statement: its template's string literals, a macro argument
  or a stringized token standing for any text; each statement of the
  template (split at `;`) is one instruction, named by its first word
  (after a guard `@p`); a `.reg` declaration and a template whose first
  word is all macro text (a family's emitter, which builds the spelling
  from its rows) are skipped;
* every call of CCCL's `cuda::ptx::NAME(...)`: NAME's words (split at `_`)
  must be, in order, words of one instruction on the page (split at `.`,
  `_` and `::`), the first word first, and the call's `sem_`, `scope_`,
  `space_` and `op_` arguments words of it too; `get_sreg_NAME` reads the
  special register `%NAME` (`_x` is `.x`);
* every call of a CUDA intrinsic of INTRINSICS below, which emits the PTX
  instruction named there.

The page is read for its inline code spans: those of the `<!-- spellings:
KIND -->` lists (the `tile::apply` forms, also checked by
check_instruction_reference.py) and the first column of the tables between
`<!-- ptx-index -->` and `<!-- /ptx-index -->`. `[a|b]` chooses one or
nothing, `{a|b}` one of them, as in the lists. The check fails when

* an instruction of the headers is on the page nowhere,
* a row of a ptx-index table matches no instruction of the headers (it is
  stale), or
* a name in a row's second column (`MBarrier::wait(phase)`,
  `tma::load(...)`: the last identifier before `<` or `(`, and the class
  before `::`) is not a word of the headers' code (comments and string
  literals left out).

Usage:
  check_ptx_index.py GUIDE --include DIR
  check_ptx_index.py --self-test
Python 3.8+, standard library only.
"""

import argparse
import itertools
import os
import re
import sys
import tempfile

INDEX_OPEN = re.compile(r"^\s*<!--\s*ptx-index\s*-->\s*$")
INDEX_CLOSE = re.compile(r"^\s*<!--\s*/ptx-index\s*-->\s*$")
SPELLINGS_OPEN = re.compile(r"^\s*<!--\s*spellings:\s*(\S+)\s*-->\s*$")
SPELLINGS_CLOSE = re.compile(r"^\s*<!--\s*/spellings\s*-->\s*$")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
HOLE = "\x00"  # a macro argument or a stringized token in an asm template

# CUDA intrinsics that tirx calls, and the instruction each emits.
INTRINSICS = {
    "__syncthreads": "bar.sync",
    "__syncwarp": "bar.warp.sync",
    "__shfl_sync": "shfl.sync.idx.b32",
    "__shfl_xor_sync": "shfl.sync.bfly.b32",
    "__shfl_up_sync": "shfl.sync.up.b32",
    "__shfl_down_sync": "shfl.sync.down.b32",
    "__ballot_sync": "vote.sync.ballot.b32",
    "__activemask": "activemask.b32",
    "__nanosleep": "nanosleep.u32",
    "__threadfence": "membar.gl",
    "__threadfence_block": "membar.cta",
    "__threadfence_system": "membar.sys",
    "__cvta_generic_to_shared": "cvta.to.shared.u64",
    "__cvta_generic_to_local": "cvta.to.local.u64",
    "__cvta_generic_to_global": "cvta.to.global.u64",
    "__isShared": "isspacep.shared",
    "__isGlobal": "isspacep.global",
}
# cuda::ptx names whose words are not those of their instruction
CCCL_ALIASES = {"tcgen05_mma_tmem_a": "tcgen05_mma"}
ARG_WORD = re.compile(r"cuda::ptx::(?:sem|scope|space|op)_([a-z0-9_]+)")


# ---------------------------------------------------------------------------
# the headers


def strip_comments(text):
    """The source without its comments, string and character literals kept."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            out.append(" ")
            i = n if j < 0 else j + 2
        elif text[i] in "\"'":
            q = text[i]
            j = i + 1
            while j < n and text[j] != q:
                j += 2 if text[j] == "\\" else 1
            out.append(text[i : j + 1])
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def unescape(literal):
    return literal.replace("\\n", "\n").replace("\\t", "\t").replace('\\"', '"').replace("\\\\", "\\")


def asm_template(text, start):
    """The template of the asm statement whose '(' ends at start: its string
    literals joined, HOLE for every other token (a macro argument, #N), up
    to the first ':' or the closing ')'."""
    parts = []
    i, depth = start, 1
    while i < len(text):
        c = text[i]
        if c == '"':
            j = i + 1
            while text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            parts.append(unescape(text[i + 1 : j]))
            i = j + 1
            continue
        if c == ")" and depth == 1:
            break
        if c == ":" and depth == 1 and not text.startswith("::", i):
            break
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif not c.isspace():
            m = re.match(r"#?\s*[A-Za-z_]\w*(\s*\([^()]*\))?", text[i:])
            if m:
                parts.append(HOLE)
                i += m.end()
                continue
        i += 1
    return "".join(parts)


def call_arguments(text, start):
    """The text of the call's arguments (start: just after its '(')."""
    depth, i = 1, start
    while i < len(text) and depth > 0:
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
        i += 1
    return text[start : i - 1]


def header_instructions(include_dir):
    """[(where, kind, value)]: kind 'asm' (value: the instruction, HOLE for
    macro text), 'cccl' ((name, argument words)), 'sreg' (%name) or
    'intrinsic' (the instruction)."""
    found = []
    for dirpath, _, files in sorted(os.walk(include_dir)):
        for name in sorted(files):
            if not name.endswith((".hpp", ".inc", ".def")):
                continue
            path = os.path.join(dirpath, name)
            with open(path, encoding="utf-8") as f:
                text = strip_comments(f.read())
            rel = os.path.relpath(path, include_dir)

            def where(pos):
                return f"{rel}:{text.count(chr(10), 0, pos) + 1}"

            for m in re.finditer(r"\basm\s*(?:volatile\s*)?\(", text):
                for statement in asm_template(text, m.end()).split(";"):
                    words = statement.strip().lstrip("{}").split()
                    if words and words[0].startswith("@"):
                        words = words[1:]
                    if not words or not re.match(r"[a-z]", words[0]):
                        continue  # .reg, a brace, operands, or all macro text
                    found.append((where(m.start()), "asm", words[0]))
            for m in re.finditer(r"cuda::ptx::([a-z][a-z0-9_]*)\s*\(", text):
                call = m.group(1)
                if call.startswith("get_sreg_"):
                    reg = re.sub(r"_([xyz])$", r".\1", call[len("get_sreg_") :])
                    found.append((where(m.start()), "sreg", "%" + reg))
                    continue
                args = call_arguments(text, m.end())
                words = [w for a in ARG_WORD.findall(args) for w in a.split("_")]
                found.append((where(m.start()), "cccl", (CCCL_ALIASES.get(call, call), tuple(words))))
            for m in re.finditer(r"(?<![\w:])(__[A-Za-z_]+)\s*\(", text):
                if m.group(1) in INTRINSICS:
                    found.append((where(m.start()), "intrinsic", INTRINSICS[m.group(1)]))
    return found


def header_words(include_dir):
    words = set()
    for dirpath, _, files in os.walk(include_dir):
        for name in files:
            if name.endswith((".hpp", ".inc", ".def")):
                with open(os.path.join(dirpath, name), encoding="utf-8") as f:
                    code = strip_comments(f.read())
                code = re.sub(r'"(?:\\.|[^"\\])*"', '""', code)  # not the messages' words
                words.update(re.findall(r"[A-Za-z_]\w*", code))
    return words


# ---------------------------------------------------------------------------
# the page


def expand(pattern):
    """Every spelling of a pattern: [a|b] is a, b or nothing, {a|b} a or b."""
    pieces = []
    for m in re.finditer(r"\[([^\[\]]*)\]|\{([^{}]*)\}|([^\[\]{}]+)", pattern):
        if m.group(1) is not None:
            pieces.append([""] + m.group(1).split("|"))
        elif m.group(2) is not None:
            pieces.append(m.group(2).split("|"))
        else:
            pieces.append([m.group(3)])
    return ["".join(c) for c in itertools.product(*pieces)]


def looks_like_ptx(span):
    return re.fullmatch(r"[a-z%{\[][\w.:%{}\[\]|]*", span) is not None


def page_contents(lines):
    """(list spellings, index rows): the spellings of the lists' code spans;
    per ptx-index table row (line number, its spellings, its tirx names)."""
    listed, rows = set(), []
    in_list = in_index = False
    for number, line in enumerate(lines, 1):
        if SPELLINGS_OPEN.match(line):
            in_list = True
            continue
        if SPELLINGS_CLOSE.match(line):
            in_list = False
            continue
        if INDEX_OPEN.match(line):
            in_index = True
            continue
        if INDEX_CLOSE.match(line):
            in_index = False
            continue
        if in_list:
            for _, span in CODE_SPAN.findall(line):
                if looks_like_ptx(span):
                    listed.update(expand(span))
        elif in_index and line.lstrip().startswith("|"):
            cells = split_cells(line)  # a '|' inside a code span is a pattern's
            if len(cells) < 2 or set(cells[0]) <= set("-: "):
                continue
            ptx = [s for _, s in CODE_SPAN.findall(cells[0]) if looks_like_ptx(s)]
            if not ptx:
                continue  # the header row
            spellings = set()
            for span in ptx:
                spellings.update(expand(span))
            names = [s for _, s in CODE_SPAN.findall(cells[1])]
            rows.append((number, sorted(spellings), names))
    return listed, rows


def split_cells(line):
    """A Markdown table row's cells; a '|' inside a code span stays."""
    cells, current, in_code = [], [], False
    for c in line.strip().strip("|"):
        if c == "`":
            in_code = not in_code
        if c == "|" and not in_code:
            cells.append("".join(current).strip())
            current = []
        else:
            current.append(c)
    cells.append("".join(current).strip())
    return cells


def ptx_words(spelling):
    return [w for w in re.split(r"[._:]+", spelling) if w]


def is_subsequence(needle, hay):
    it = iter(hay)
    return all(any(w == h for h in it) for w in needle)


def matches(kind, value, spelling):
    if kind in ("sreg", "intrinsic"):
        return spelling == value
    if kind == "asm":
        regex = ".*?".join(re.escape(p) for p in value.split(HOLE))
        return re.fullmatch(regex, spelling) is not None
    name, args = value
    words = ptx_words(spelling)
    need = name.split("_")
    return (
        bool(words)
        and words[0] == need[0]
        and is_subsequence(need, words)
        and all(a in words for a in args)
    )


def name_words(span):
    """The identifiers a tirx-call span must find in the headers."""
    m = re.match(r"([A-Za-z_][\w:]*)", span)
    if not m or not re.fullmatch(r"[A-Za-z_][\w:]*(<.*>)?(\(.*\))?(\.\.\.)?", span.strip()):
        return []
    parts = [p for p in m.group(1).split("::") if p]
    return parts[-2:]


def check(guide, include_dir):
    with open(guide, encoding="utf-8") as f:
        lines = f.read().splitlines()
    listed, rows = page_contents(lines)
    if not rows:
        return [f"{guide}: no <!-- ptx-index --> table"]
    found = header_instructions(include_dir)
    words = header_words(include_dir)
    index_spellings = set(s for _, spellings, _ in rows for s in spellings)
    by_head = {}
    for s in listed | index_spellings:
        by_head.setdefault(re.split(r"[.:]", s)[0], []).append(s)
    used = set()
    errors = []
    first = {}  # each instruction once, where it first occurs
    for where, kind, value in found:
        first.setdefault((kind, value), where)
    for (kind, value), where in first.items():
        head = (value if isinstance(value, str) else value[0].replace("_", ".")).split(".")[0]
        head = re.split(r"[.:]", head)[0]
        if kind in ("asm", "sreg", "intrinsic") and HOLE not in value:
            hit = [value] if value in listed or value in index_spellings else []  # exact text
        else:
            candidates = by_head.get(head, []) if HOLE not in head else list(listed | index_spellings)
            hit = [s for s in candidates if matches(kind, value, s)]
        if not hit:
            shown = value if isinstance(value, str) else f"cuda::ptx::{value[0]}"
            errors.append(
                f"{where}: `{shown.replace(HOLE, '...')}` ({kind}) is on neither the lists nor "
                f"the ptx-index tables of {os.path.basename(guide)}: add a row with the tirx call that emits it"
            )
        used.update(hit)
    for number, spellings, names in rows:
        if not used.intersection(spellings):
            errors.append(
                f"{guide}:{number}: `{spellings[0]}`: no asm, cuda::ptx call or intrinsic in the headers "
                f"emits it (a stale row?)"
            )
        for span in names:
            for word in name_words(span):
                if word not in words:
                    errors.append(f"{guide}:{number}: `{span}`: `{word}` is not in the headers")
    return errors


# ---------------------------------------------------------------------------


def self_test():
    header = r"""
#pragma once
namespace tirx {
struct MBarrier {
  __device__ void init(unsigned n) { cuda::ptx::mbarrier_init(word_, n); }
  __device__ void wait(unsigned p) {
    cuda::ptx::mbarrier_try_wait_parity(cuda::ptx::sem_acquire, cuda::ptx::scope_cluster, word_, p);
  }
};
#define TIRX_T(N) asm volatile("cp.async.bulk.tensor." #N "d.global [%0];" ::"r"(0))
__device__ void setmaxnreg_inc() { asm volatile("{\n\t.reg .pred p;\n\tsetmaxnreg.inc.sync.aligned.u32 %0;\n\t}" ::"n"(24)); }
__device__ void cta_sync() { __syncthreads(); } // asm("not.this;")
__device__ unsigned lane() { return cuda::ptx::get_sreg_laneid(); }
__device__ void family() { asm(SPELLING " %0;" : "=r"(d)); }
}
"""
    good = """# page
<!-- spellings: x -->
- `bar.sync`
<!-- /spellings -->
<!-- ptx-index -->
| PTX | tirx | notes |
|---|---|---|
| `mbarrier.init.shared.b64` | `MBarrier::init(count)` | |
| `mbarrier.try_wait.parity{.acquire|.relaxed}.cluster.shared::cta.b64` | `MBarrier::wait(phase)` | |
| `cp.async.bulk.tensor.{1d|2d}.global` | `TIRX_T` | |
| `setmaxnreg.inc.sync.aligned.u32` | `setmaxnreg_inc()` | |
| `%laneid` | `lane()` | |
<!-- /ptx-index -->
"""
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        inc = os.path.join(tmp, "include")
        os.makedirs(os.path.join(inc, "exec"))
        with open(os.path.join(inc, "exec", "a.hpp"), "w") as f:
            f.write(header)

        def run(page):
            path = os.path.join(tmp, "page.md")
            with open(path, "w") as f:
                f.write(page)
            return check(path, inc)

        errors = run(good)
        if errors:
            failures.append("the good page fails: " + "; ".join(errors))
        broken = {
            "a missing instruction": good.replace("| `setmaxnreg.inc.sync.aligned.u32` | `setmaxnreg_inc()` | |\n", ""),
            "a missing cuda::ptx call": good.replace("{.acquire|.relaxed}.cluster", ".relaxed.cta"),
            "a missing special register": good.replace("`%laneid`", "`%smid`"),
            "a missing intrinsic": good.replace("- `bar.sync`", "- `bar.arrive`"),
            "a stale row": good.replace("<!-- /ptx-index -->", "| `griddepcontrol.wait` | `cta_sync()` | |\n<!-- /ptx-index -->"),
            "an unknown tirx name": good.replace("`MBarrier::init(count)`", "`MBarrier::initialize(count)`"),
            "no table": good.replace("<!-- ptx-index -->", ""),
        }
        for what, page in broken.items():
            if not run(page):
                failures.append(f"{what} is not detected")
    for f in failures:
        print("self-test:", f)
    print("self-test:", "FAILED" if failures else "ok")
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("guide", nargs="?")
    parser.add_argument("--include", help="the include/tirx folder")
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    if args.self_test:
        return self_test()
    if not args.guide or not args.include:
        parser.error("GUIDE and --include are required")
    errors = check(args.guide, args.include)
    for e in errors:
        print(e)
    if errors:
        print(f"{len(errors)} problem(s)")
        return 1
    print(f"{os.path.basename(args.guide)}: every instruction of the headers is listed beside its tirx call")
    return 0


if __name__ == "__main__":
    sys.exit(main())
