#!/usr/bin/env python3
"""Keeps the code in the guides (docs/*.md) identical to compiled sources.

A guide shows compiled code like this:

    <!-- snippet: examples/tensors.cu:alloc-shared -->
    ```cpp
    ...the region, exactly...
    ```

and the source (path relative to the guide's folder; it may lie outside
docs/, as ../examples/add_one_tile.cuh, a seed kernel's one copy, does)
marks the region:

    // [snippet:alloc-shared]
    ...
    // [/snippet]

Checks (exit status 1 and one line per problem if any fails):
  * a marker line is followed directly by a ```cpp block, and the file and
    the region it names exist;
  * the block equals the region: its lines with the common indentation
    removed, the marker lines of regions nested inside left out;
  * every ```cpp block has a marker (`<!-- snippet: none -->` exempts one
    block, for code that is deliberately not compiled), and no code block
    is tagged c++, cu or cuda (write cpp);
  * regions are well formed: opened and closed, names unique per file;
  * between `<!-- diagnostics -->` and `<!-- /diagnostics -->`, every inline
    code span that starts with `tirx::` and contains ": " is part of an error
    message (string literals, adjacent ones joined) in include/tirx/, or is a
    prefix literal `tirx::op: ` followed by part of another literal.
Regions that no guide shows (in docs/examples/ and in the other sources the
guides show) are reported as warnings.

Usage:
  check_doc_snippets.py [DOCS_DIR] [--include DIR] [--update] [--self-test]
--update rewrites each marked block from its region (then re-checks).
Python 3.8+, standard library only.
"""

import argparse
import difflib
import os
import re
import sys
import tempfile

MARKER = re.compile(r"^\s*<!--\s*snippet:\s*(\S+)\s*-->\s*$")
FENCE = re.compile(r"^(\s*)(```+|~~~+)\s*([^\s`]*)\s*$")
OPEN = re.compile(r"^\s*//\s*\[snippet:([A-Za-z0-9_.-]+)\]\s*$")
CLOSE = re.compile(r"^\s*//\s*\[/snippet\]\s*$")
DIAG_BEGIN = re.compile(r"^\s*<!--\s*diagnostics\s*-->\s*$")
DIAG_END = re.compile(r"^\s*<!--\s*/diagnostics\s*-->\s*$")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
SOURCE_SUFFIXES = (".cpp", ".cu", ".hpp", ".cuh", ".h")


def dedent(lines):
    """Removes the indentation common to the non-blank lines."""
    indents = [len(l) - len(l.lstrip(" ")) for l in lines if l.strip()]
    cut = min(indents) if indents else 0
    return [l[cut:] if l.strip() else "" for l in lines]


def read_regions(path, problems):
    """{name: (first line number, lines)} of the marked regions of a source."""
    with open(path, encoding="utf-8") as f:
        text = f.read().splitlines()
    regions, stack, order = {}, [], []
    for number, line in enumerate(text, 1):
        opened, closed = OPEN.match(line), CLOSE.match(line)
        if opened:
            name = opened.group(1)
            if name in regions or any(name == s[0] for s in stack):
                problems.append(f"{path}:{number}: region '{name}' is defined twice")
            stack.append((name, number, []))
        elif closed:
            if not stack:
                problems.append(f"{path}:{number}: [/snippet] without an open region")
                continue
            name, start, body = stack.pop()
            if not any(l.strip() for l in body):
                problems.append(f"{path}:{start}: region '{name}' is empty")
            regions[name] = (start, dedent(body))
            order.append(name)
        else:
            for _, _, body in stack:
                body.append(line)
    for name, start, _ in stack:
        problems.append(f"{path}:{start}: region '{name}' is not closed")
    return regions


def string_literals(text):
    """The string literals of C++ source text, adjacent ones joined, escapes
    undone; comments and character literals are skipped."""
    out, i, n = [], 0, len(text)
    last_end, current = -1, None
    while i < n:
        two = text[i:i + 2]
        if two == "//":
            i = text.find("\n", i)
            i = n if i < 0 else i
        elif two == "/*":
            i = text.find("*/", i + 2)
            i = n if i < 0 else i + 2
        elif text[i] in "\"'":
            quote, j = text[i], i + 1
            raw = (quote == '"' and i > 0 and text[i - 1] == "R" and
                   (i < 2 or not (text[i - 2].isalnum() or text[i - 2] == "_")))
            if raw:
                delim = text[j:text.find("(", j)]
                end = text.find(")" + delim + '"', j)
                end = n if end < 0 else end
                body, j = text[j + len(delim) + 1:end], end + len(delim) + 2
            else:
                while j < n and text[j] != quote and text[j] != "\n":
                    j += 2 if text[j] == "\\" else 1
                body, j = text[i + 1:j], j + 1
                body = re.sub(r"\\(.)", r"\1", body)
            if quote == '"':
                # adjacent literals join, also across a macro's line continuations
                if current is not None and not text[last_end:i].replace("\\\n", "").strip():
                    current += body
                else:
                    if current is not None:
                        out.append(current)
                    current = body
                last_end = j
            i = j
        else:
            i += 1
    if current is not None:
        out.append(current)
    return out


def header_messages(include_dir):
    """All string literals of the headers (and row and emitter files) under include_dir."""
    messages = []
    for root, _, files in os.walk(include_dir):
        for name in sorted(files):
            if name.endswith((".hpp", ".h", ".cuh", ".inc", ".def")):
                with open(os.path.join(root, name), encoding="utf-8") as f:
                    messages += string_literals(f.read())
    return messages


def composed(text, messages):
    """Whether text is a message that a header assembles from a prefix literal
    ("tirx::tile::apply: ", ending in ": ") and a rule literal, as a macro
    that pastes one prefix before many rules does."""
    head, sep, rest = text.partition(": ")
    return bool(sep) and (head + sep) in messages and any(rest in m for m in messages)


class Block:
    """A fenced code block of a guide, or a marker that no block follows."""

    def __init__(self, ref, ref_line, fence_line=None, lang=None, indent="", body=None,
                 begin=None, end=None):
        self.ref, self.ref_line, self.fence_line, self.lang = ref, ref_line, fence_line, lang
        self.indent, self.body, self.begin, self.end = indent, body, begin, end


def parse_guide(path):
    """The lines of a guide, its code blocks (with the marker before each, if
    any) and the code spans of its diagnostics sections as (line, text)."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    blocks, spans = [], []
    i, in_diag, pending, pending_line = 0, False, None, None
    while i < len(lines):
        line = lines[i]
        fence = FENCE.match(line)
        if fence:
            indent, ticks, lang = fence.group(1), fence.group(2), fence.group(3)
            j = i + 1
            while j < len(lines):
                close = FENCE.match(lines[j])
                if close and close.group(2)[0] == ticks[0] and \
                        len(close.group(2)) >= len(ticks) and not close.group(3):
                    break
                j += 1
            body = [l[len(indent):] if l.startswith(indent) else l.lstrip(" ")
                    for l in lines[i + 1:j]]
            blocks.append(Block(pending, pending_line, i + 1, lang, indent, body, i + 1, j))
            pending = None
            i = j + 1
            continue
        marker = MARKER.match(line)
        if marker or line.strip():
            if pending is not None:
                blocks.append(Block(pending, pending_line))
                pending = None
        if marker:
            pending, pending_line = marker.group(1), i + 1
        elif DIAG_BEGIN.match(line):
            in_diag = True
        elif DIAG_END.match(line):
            in_diag = False
        elif in_diag:
            for span in CODE_SPAN.finditer(line):
                spans.append((i + 1, span.group(2).strip().replace("\\|", "|")))
        i += 1
    if pending is not None:
        blocks.append(Block(pending, pending_line))
    return lines, blocks, spans


def check(docs_dir, include_dir, update=False, out=sys.stdout):
    problems, warnings = [], []
    sources, used = {}, set()

    def regions_of(path):
        if path not in sources:
            sources[path] = read_regions(path, problems) if os.path.isfile(path) else None
        return sources[path]

    messages = header_messages(include_dir) if os.path.isdir(include_dir) else None
    guides = sorted(n for n in os.listdir(docs_dir) if n.endswith(".md"))
    checked = 0
    for guide in guides:
        path = os.path.join(docs_dir, guide)
        lines, blocks, spans = parse_guide(path)
        rewrites = []
        for block in blocks:
            ref, lang, body = block.ref, block.lang, block.body
            where = f"{path}:{block.ref_line or block.fence_line}"
            if lang in ("c++", "cu", "cuda", "cxx"):
                problems.append(f"{where}: tag code blocks as ```cpp, not ```{lang}")
                continue
            if ref is None:
                if lang == "cpp":
                    problems.append(f"{where}: ```cpp block without a "
                                    "<!-- snippet: FILE:NAME --> line before it")
                continue
            if ref == "none":
                continue
            if lang != "cpp":
                problems.append(f"{where}: <!-- snippet: {ref} --> must be followed "
                                "directly by a ```cpp block")
                continue
            file_part, sep, name = ref.rpartition(":")
            if not sep or not file_part or not name:
                problems.append(f"{where}: write <!-- snippet: FILE:NAME -->, not '{ref}'")
                continue
            source = os.path.normpath(os.path.join(docs_dir, file_part))
            regions = regions_of(source)
            if regions is None:
                problems.append(f"{where}: {file_part}: no such file")
                continue
            if name not in regions:
                problems.append(f"{where}: {file_part} has no region [snippet:{name}]")
                continue
            used.add((source, name))
            checked += 1
            want = regions[name][1]
            if body == want:
                continue
            if update:
                rewrites.append((block, want))
                continue
            diff = difflib.unified_diff(want, body, f"{file_part}:{name}",
                                        f"{guide}:{block.begin + 1}", lineterm="")
            problems.append(f"{where}: the block differs from {file_part}:{name}\n  " +
                            "\n  ".join(diff))
        for number, text in spans:
            if not text.startswith("tirx::") or ": " not in text or messages is None:
                continue
            if not any(text in m for m in messages) and not composed(text, messages):
                problems.append(f"{path}:{number}: no error message in {include_dir} "
                                f"contains `{text}`")
        if rewrites:
            for block, want in reversed(rewrites):
                lines[block.begin:block.end] = [block.indent + l if l else "" for l in want]
            with open(path, "w", encoding="utf-8") as f:
                f.write("\n".join(lines) + "\n")
            print(f"{path}: updated {len(rewrites)} block(s)", file=out)

    # every region of docs/examples and of the other sources a guide shows
    # (e.g. ../examples/NAME.cuh, a seed kernel) must be shown somewhere
    examples = os.path.join(docs_dir, "examples")
    shown = sorted(source for source, regions in sources.items() if regions)
    for root, _, files in os.walk(examples):
        for name in sorted(files):
            if name.endswith(SOURCE_SUFFIXES):
                source = os.path.normpath(os.path.join(root, name))
                if source not in shown:
                    shown.append(source)
    for source in shown:
        for region in regions_of(source) or {}:
            if (source, region) not in used:
                warnings.append(f"{source}: region '{region}' is not shown in any guide")

    for w in warnings:
        print(f"warning: {w}", file=out)
    for p in problems:
        print(f"error: {p}", file=out)
    print(f"{checked} snippet(s) in {len(guides)} guide(s): "
          f"{len(problems)} problem(s), {len(warnings)} warning(s)", file=out)
    return not problems


def self_test():
    """The checker on small made-up guides: it must accept the good one and
    name every problem of the bad ones."""
    import io

    def run(files):
        with tempfile.TemporaryDirectory() as tmp:
            for rel, text in files.items():
                full = os.path.join(tmp, rel)
                os.makedirs(os.path.dirname(full), exist_ok=True)
                with open(full, "w", encoding="utf-8") as f:
                    f.write(text)
            report = io.StringIO()
            ok = check(os.path.join(tmp, "docs"), os.path.join(tmp, "include"), out=report)
            return ok, report.getvalue()

    source = ("int main() {\n"
              "  // [snippet:outer]\n"
              "  int a = 1;\n"
              "  // [snippet:inner]\n"
              "  int b = 2;\n"
              "  // [/snippet]\n"
              "  // [/snippet]\n"
              "}\n")
    header = ('static_assert(x, "tirx::thing: the rule; "\n'
              '                 "the \\"fix\\"");\n'
              '#define RULE(T) static_assert(x, "tirx::op: " T)\n'
              'RULE("a pasted rule; its fix");\n')
    good = ("# Guide\n\n<!-- snippet: examples/a.cpp:outer -->\n```cpp\nint a = 1;\n"
            "int b = 2;\n```\n\n- item\n  <!-- snippet: examples/a.cpp:inner -->\n"
            "  ```cpp\n  int b = 2;\n  ```\n\n<!-- snippet: none -->\n```cpp\npseudo;\n```\n"
            "\n```text\nnot code\n```\n\n<!-- diagnostics -->\n"
            "| `tirx::thing: the rule; the \"fix\"` |\n<!-- /diagnostics -->\n"
            "`tirx::unchecked: outside the section`\n")
    base = {"docs/examples/a.cpp": source, "include/tirx/h.hpp": header,
            "examples/k.cuh": "// [snippet:kernel]\nk();\n// [/snippet]\n"
                              "// [snippet:spare]\ns();\n// [/snippet]\n"}
    outside = "\n<!-- snippet: ../examples/k.cuh:kernel -->\n```cpp\nk();\n```\n"
    cases = [
        (good, True, []),
        # a source outside docs/ (a seed kernel's header): its unshown regions warn
        (good + outside, True, ["region 'spare' is not shown"]),
        (good + outside.replace("k();\n```", "k(1);\n```"), False, ["differs"]),
        (good.replace("int a = 1;\nint b", "int a = 3;\nint b"), False, ["differs"]),
        (good.replace("a.cpp:inner", "a.cpp:missing"), False, ["no region [snippet:missing]"]),
        (good.replace("examples/a.cpp:outer", "examples/b.cpp:outer"), False, ["no such file"]),
        (good.replace("<!-- snippet: none -->\n", ""), False, ["without a <!-- snippet"]),
        (good + "\n<!-- snippet: examples/a.cpp:outer -->\ntext\n", False, ["followed"]),
        (good + "\n```cuda\nx;\n```\n", False, ["not ```cuda"]),
        (good.replace("the rule; the", "a rule; the"), False, ["no error message"]),
        (good.replace("<!-- /diagnostics -->", "`tirx::op: a pasted rule`\n<!-- /diagnostics -->"),
         True, []),
        (good.replace("<!-- /diagnostics -->", "`tirx::thing: a pasted rule`\n<!-- /diagnostics -->"),
         False, ["no error message"]),
    ]
    failed = 0
    for number, (guide, want_ok, want_text) in enumerate(cases):
        files = dict(base, **{"docs/guide.md": guide})
        ok, report = run(files)
        if ok != want_ok or any(t not in report for t in want_text):
            failed += 1
            print(f"self-test case {number} failed:\n{report}")
    broken = {"docs/examples/a.cpp": "// [snippet:x]\n// [snippet:x]\n// [/snippet]\n",
              "docs/guide.md": "# empty\n"}
    ok, report = run(broken)
    if ok or "defined twice" not in report or "not closed" not in report:
        failed += 1
        print(f"self-test of malformed regions failed:\n{report}")
    print("self-test:", "FAILED" if failed else "OK")
    return failed == 0


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("docs_dir", nargs="?", default=os.path.join(here, "..", "..", "docs"))
    parser.add_argument("--include", help="header folder (default: DOCS_DIR/../include)")
    parser.add_argument("--update", action="store_true",
                        help="rewrite each marked block from its region")
    parser.add_argument("--self-test", action="store_true", help="test this checker")
    args = parser.parse_args()
    if args.self_test:
        return 0 if self_test() else 1
    docs_dir = os.path.normpath(args.docs_dir)
    include_dir = args.include or os.path.normpath(os.path.join(docs_dir, "..", "include"))
    if args.update:
        check(docs_dir, include_dir, update=True)
    return 0 if check(docs_dir, include_dir) else 1


if __name__ == "__main__":
    sys.exit(main())
