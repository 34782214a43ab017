#!/usr/bin/env python3
"""Checks that no page of docs/ says that a feature tirx has is missing.

A claim is a sentence of a page's prose or a table row (not code blocks, not the quoted
messages between <!-- diagnostics --> and <!-- /diagnostics -->) that says
something is absent: "not here yet", "not available", "not supported",
"unsupported", "until they arrive", "is missing", "tirx has
no" and the like (CLAIM below). Every code span of such a sentence names
something the sentence may call missing, and fails the check when tirx has
it:

* a PTX name (`vote`, `mma.sync`, `cp.async.bulk`, `ld.global.v4.b32`;
  `[a|b]` and `{a|b}` read as in the instruction reference): the page
  instruction-reference.md lists it, or lists a spelling that begins with
  it followed by a `.` (so a bare opcode is a family tirx has);
* a C++ name with `::`, template arguments or a call (`tma::load`,
  `MBarrier::wait(phase)`, `wgmma_fence()`): its last identifier, and the
  class or namespace before it, occur in the code of include/tirx; so does
  a bare name in snake_case with an underscore or in CamelCase
  (`decl_tmem`, `MBarrier`).

A span with a space (a message), one that starts with `.` (a qualifier:
`.ws`, `.cta_group`), and a bare lowercase word that is no opcode
(`apply`, `_`) are not read: name the form
precisely (`stmatrix.sync.aligned.m16n8`), not its family, when only some
of a family's forms are missing.

Usage:
  check_missing_claims.py DOCS_DIR --include DIR
  check_missing_claims.py --self-test
Python 3.8+, standard library only.
"""

import argparse
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_ptx_index as ptx_index  # noqa: E402  (the page's spellings, the headers' text)

CLAIM = re.compile(
    r"\bnot (?:here|available|supported|implemented|emitted|provided|wrapped)(?: yet)?\b"
    r"|\bnot yet (?:available|supported|implemented|emitted|provided|here|in tirx)\b"
    r"|\b(?:unsupported|unavailable|unimplemented)\b"
    r"|\buntil (?:it|they) (?:arrives?|lands?|exists?)\b"
    r"|\b(?:is|are) missing\b"
    r"|\bno support for\b"
    r"|\bno (?:\w+ ){0,3}yet\b"
    r"|\(yet\)"
    r"|\btirx (?:has no|lacks|does not have)\b",
    re.IGNORECASE,
)
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
OTHER_NAMESPACES = {"cuda", "std", "cub", "thrust", "cute", "cutlass", "torch"}
CUDA_PREFIXES = ("nv_", "__", "cuda", "cu", "CU")  # the toolkit's names, which tirx uses
PTX_NAME = re.compile(r"[a-z{][a-z0-9_|}]*(?:\.[A-Za-z0-9_:{}\[\]|]+)*|[a-z][a-z0-9_]*\{[^ ]*")
# a bare C++ name that can only be a definition's: snake_case with an underscore, or CamelCase
BARE_CXX = re.compile(
    r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|(?=[A-Z][A-Za-z0-9]*[A-Z])(?=[A-Za-z0-9]*[a-z])[A-Z][A-Za-z0-9]+"
)
CXX_NAME = re.compile(r"[A-Za-z_][\w]*(?:::[A-Za-z_]\w*)*(?:<.*>)?(?:\(.*\))?")


def paragraphs(lines):
    """(first line number, text) of each prose paragraph and of each table
    row: code blocks, diagnostics blocks and headings left out."""
    out, current, start = [], [], 0
    in_code = in_diag = False
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if stripped.startswith("```"):
            in_code = not in_code
            continue
        if "<!-- diagnostics -->" in stripped:
            in_diag = True
        if "<!-- /diagnostics -->" in stripped:
            in_diag = False
            continue
        if in_code or in_diag or stripped.startswith("<!--"):
            continue
        if not stripped or stripped.startswith("#") or stripped.startswith("|"):
            if current:
                out.append((start, " ".join(current)))
            current = []
            if stripped.startswith("|"):
                out.append((number, stripped))  # a table row: one claim of its own
            continue
        if stripped.startswith(("- ", "* ")) and current:
            out.append((start, " ".join(current)))
            current = []
        if not current:
            start = number
        current.append(stripped)
    if current:
        out.append((start, " ".join(current)))
    return out


def sentences(text):
    return re.split(r"(?<=[.!?])\s+(?=[A-Z(`*]|tirx\b)", text)


class Known:
    """What tirx has: the reference's spellings and the headers' names."""

    def __init__(self, reference, include_dir):
        with open(reference, encoding="utf-8") as f:
            lines = f.read().splitlines()
        listed, rows = ptx_index.page_contents(lines)
        self.spellings = listed | {s for _, spellings, _ in rows for s in spellings}
        self.prefixes = set()
        for s in self.spellings:
            parts = s.split(".")
            for i in range(1, len(parts) + 1):
                self.prefixes.add(".".join(parts[:i]))
        self.words = set()
        for dirpath, _, files in os.walk(include_dir):
            for name in files:
                if name.endswith((".hpp", ".inc", ".def")):
                    with open(os.path.join(dirpath, name), encoding="utf-8") as f:
                        code = ptx_index.strip_comments(f.read())
                    code = re.sub(r'"(?:\\.|[^"\\])*"', '""', code)  # not the messages' words
                    self.words.update(re.findall(r"[A-Za-z_]\w*", code))

    def has(self, span):
        """Why tirx has what span names, or None."""
        if " " in span or span.startswith("."):
            return None
        if PTX_NAME.fullmatch(span) and ("." in span or "{" in span or "[" in span):
            for s in ptx_index.expand(span):
                if s in self.prefixes:
                    return f"instruction-reference.md lists `{s}`"
            return None
        if re.fullmatch(r"[a-z][a-z0-9]*", span):
            # a bare opcode (`vote`); a bare word that is none (`apply`) is not read
            if span in self.prefixes:
                return f"instruction-reference.md lists `{span}.*`"
            return None
        if BARE_CXX.fullmatch(span) and span in self.words and not span.startswith(CUDA_PREFIXES):
            return f"`{span}` is in include/tirx"
        if CXX_NAME.fullmatch(span) and ("::" in span or "(" in span or "<" in span):
            names = re.match(r"[A-Za-z_][\w:]*", span).group(0).split("::")
            if names[0] in OTHER_NAMESPACES:
                return None  # CCCL's, the standard library's: not tirx's
            names = [n for n in names if n][-2:]
            if names and all(n in self.words for n in names):
                return f"`{'::'.join(names)}` is in include/tirx"
        return None


def check(docs_dir, include_dir):
    known = Known(os.path.join(docs_dir, "instruction-reference.md"), include_dir)
    errors = []
    pages = []
    for dirpath, _, files in sorted(os.walk(docs_dir)):
        pages += [os.path.join(dirpath, f) for f in sorted(files) if f.endswith(".md")]
    for page in pages:
        with open(page, encoding="utf-8") as f:
            lines = f.read().splitlines()
        for number, text in paragraphs(lines):
            for sentence in sentences(text):
                claim = CLAIM.search(sentence)
                if not claim:
                    continue
                for _, span in CODE_SPAN.findall(sentence):
                    why = known.has(span)
                    if why:
                        errors.append(
                            f"{os.path.relpath(page, docs_dir)}:{number}: says `{span}` is "
                            f"{claim.group(0)!r}, but {why}: "
                            f"{sentence[:160]}{'...' if len(sentence) > 160 else ''}"
                        )
    return errors


def self_test():
    reference = """# reference
<!-- spellings: vote -->
- `vote.sync{.all|.any}.pred`
<!-- /spellings -->
<!-- ptx-index -->
| PTX | tirx | notes |
|---|---|---|
| `mbarrier.init.shared.b64` | `MBarrier::init(count)` | |
<!-- /ptx-index -->
"""
    header = "namespace tirx { struct MBarrier { void init(unsigned); }; } // lonely\n"
    good = """# guide

Every form of `vote.sync` is listed. The `.ws` forms are not supported.
`vote.sync.ballot.b32` is not available yet, nor is `tirx::lonely()`.

```cpp
// `vote` is not here yet (in a code block: not read)
```

<!-- diagnostics -->
`vote` is not supported (a message: not read)
<!-- /diagnostics -->
"""
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        docs = os.path.join(tmp, "docs")
        inc = os.path.join(tmp, "include")
        os.makedirs(docs)
        os.makedirs(inc)
        with open(os.path.join(docs, "instruction-reference.md"), "w") as f:
            f.write(reference)
        with open(os.path.join(inc, "a.hpp"), "w") as f:
            f.write(header)

        def run(page):
            with open(os.path.join(docs, "guide.md"), "w") as f:
                f.write(page)
            return check(docs, inc)

        errors = run(good)
        if errors:
            failures.append("the good page fails: " + "; ".join(errors))
        broken = {
            "a bare opcode": "`vote` and `match` are not here yet.\n",
            "a form": "`vote.sync.any.pred` is not supported.\n",
            "a pattern": "`vote.sync{.all|.none}.pred` is unsupported.\n",
            "an mbarrier form": "tirx has no `mbarrier.init`.\n",
            "a C++ name": "`MBarrier::init(count)` is not available until they arrive.\n",
            "a bare name": "There is no helper yet (`MBarrier`).\n",
        }
        for what, page in broken.items():
            if not run(good + "\n" + page):
                failures.append(f"{what} is not detected")
    for f in failures:
        print("self-test:", f)
    print("self-test:", "FAILED" if failures else "ok")
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("docs", nargs="?")
    parser.add_argument("--include", help="the include/tirx folder")
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    if args.self_test:
        return self_test()
    if not args.docs or not args.include:
        parser.error("DOCS_DIR and --include are required")
    errors = check(args.docs, args.include)
    for e in errors:
        print(e)
    if errors:
        print(f"{len(errors)} claim(s) that a feature tirx has is missing")
        return 1
    print("no page says that a feature tirx has is missing")
    return 0


if __name__ == "__main__":
    sys.exit(main())
