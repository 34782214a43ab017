#!/usr/bin/env python3
"""Checks README.md's lists against the code (ctest docs.readme).

Three lists of the README name things the code decides:

- the instruction families, between `<!-- families -->` and
  `<!-- /families -->`: each family as a code span holding its `name`
  (`ld/st`, `cvt`, `tcgen05.ld`, ...). The families are the structs that
  the registration header (include/tirx/**/families.hpp, wherever it lies)
  lists in its `family_list<...>`; each struct's `static constexpr const
  char* name` is found in the headers that the registration includes,
  followed include by include (so the headers may sit in any folder), and
  through a base class where the struct inherits its name. A family the
  code registers and the README does not name, or a name the README gives
  that no registered family has, is an error.
- the shell scripts: every `.sh` file of the repository is named by its
  path (as a command or a helper), and every script path named exists.
- the tree under "## Layout of the repository": the first column of its
  code block. Each path it names must be a folder of the repository; every
  top-level folder of include/tirx and every top-level folder of the
  repository that git tracks (hidden ones left out) must be named.

Plain text reading, no compiler: it runs in well under a second.

    check_readme.py [ROOT]       (default: the repository of this file)
    check_readme.py --self-test  (the check must catch each kind of error)
"""
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

INCLUDE_RE = re.compile(r'^\s*#\s*include\s*[<"]([^">]+)[">]', re.M)
LIST_RE = re.compile(r"\bfamily_list\s*<")
NAME_RE = re.compile(r"static\s+constexpr\s+const\s+char\s*\*\s*name\s*=\s*([^;]+);")
STRING_RE = re.compile(r'"((?:[^"\\]|\\.)*)"')


def strip_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def find_registration(include: Path) -> Path:
    """The families.hpp that lists the families (the shallowest, if several do)."""
    found = [p for p in include.rglob("families.hpp") if LIST_RE.search(p.read_text())]
    if not found:
        raise RuntimeError(f"{include}: no families.hpp with a family_list<...>")
    return min(found, key=lambda p: (len(p.parts), str(p)))


def reachable(start: Path, include_root: Path) -> list[Path]:
    """start and every header it includes from include_root, recursively."""
    seen, todo, order = set(), [start], []
    while todo:
        path = todo.pop()
        if path in seen or not path.is_file():
            continue
        seen.add(path)
        order.append(path)
        for name in INCLUDE_RE.findall(path.read_text()):
            for base in (include_root, path.parent):
                candidate = (base / name).resolve()
                if candidate.is_file():
                    todo.append(candidate)
                    break
    return order


def template_args(text: str, start: int) -> str:
    """The text between the '<' at start - 1 and its matching '>'."""
    depth, i = 1, start
    while depth:
        if i >= len(text):
            raise RuntimeError("family_list<...> is not closed")
        depth += {"<": 1, ">": -1}.get(text[i], 0)
        i += 1
    return text[start:i - 1]


def split_top(args: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for ch in args:
        if ch in "<(":
            depth += 1
        elif ch in ">)":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def registered_entries(headers: list[Path]) -> list[str]:
    entries = []
    for path in headers:
        text = strip_comments(path.read_text())
        for m in LIST_RE.finditer(text):
            args = template_args(text, m.end())
            if re.search(r"\bclass\b|\btypename\b|\.\.\.", args):
                continue  # the template's own declaration, not a list of families
            entries += split_top(args)
    return entries


def struct_body(text: str, name: str):
    """(bases, body) of `struct name` (or `template <...> struct name`), else None."""
    for m in re.finditer(r"\bstruct\s+" + re.escape(name) + r"\b\s*(:[^{;]*)?\{", text):
        depth, i = 1, m.end()
        while depth and i < len(text):
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        return (m.group(1) or "").lstrip(":").strip(), text[m.end():i - 1]
    return None


_namespaces: dict[str, set[str]] = {}


def namespaces_of(text: str) -> set[str]:
    key = text  # (a str caches its hash)
    if key not in _namespaces:
        _namespaces[key] = {part for spelled in re.findall(r"\bnamespace\s+([\w:]+)", text)
                            for part in spelled.split("::")}
    return _namespaces[key]


def family_names(entry: str, texts: dict[Path, str], depth: int = 0) -> list[str]:
    """The name(s) of a registered entry such as ptxtcgen05::ld_family."""
    if depth > 8:
        raise RuntimeError(f"{entry}: bases nest too deep")
    base_args = ""
    m = re.match(r"^(.*?)<(.*)>$", entry)
    if m:
        entry, base_args = m.group(1).strip(), m.group(2).strip()
    parts = entry.split("::")
    struct, spaces = parts[-1], [p for p in parts[:-1] if p]
    for path, text in texts.items():
        if spaces and spaces[-1] not in namespaces_of(text):
            continue
        if not re.search(r"\bstruct\s+" + re.escape(struct) + r"\b", text):
            continue
        found = struct_body(text, struct)
        if not found:
            continue
        bases, body = found
        named = NAME_RE.search(body)
        if named:
            value = named.group(1).strip()
            strings = STRING_RE.findall(value)
            if "?" in value and len(strings) == 2 and base_args in ("true", "false"):
                return [strings[0] if base_args == "true" else strings[1]]
            if len(strings) == 1:
                return strings
            return strings  # a name this check cannot evaluate: every literal it holds
        for base in split_top(bases):
            base = re.sub(r"^(public|private|protected)\s+", "", base)
            qualified = "::".join(spaces + [base]) if "::" not in base else base
            names = family_names(qualified, texts, depth + 1)
            if names:
                return names
    return []


def code_families(root: Path) -> tuple[list[str], list[str]]:
    include = root / "include"
    registration = find_registration(include / "tirx")
    headers = reachable(registration.resolve(), include.resolve())
    texts = {p: strip_comments(p.read_text()) for p in headers}
    names, problems = [], []
    entries = registered_entries([registration.resolve()]) or registered_entries(headers)
    if not entries:
        problems.append(f"{registration}: no family_list<...> of families found")
    for entry in entries:
        got = family_names(entry, texts)
        if not got:
            problems.append(f"{entry} (registered in {registration.name}): no `name` found in the "
                            "headers it includes")
        names += got
    return names, problems


def readme_families(readme: str) -> list[str]:
    m = re.search(r"<!-- families -->(.*?)<!-- /families -->", readme, re.S)
    if not m:
        return []
    return re.findall(r"`([^`]+)`", m.group(1))


def readme_tree(readme: str) -> list[str]:
    section = readme.split("## Layout of the repository", 1)
    if len(section) < 2:
        return []
    block = re.search(r"```\n(.*?)```", section[1], re.S)
    if not block:
        return []
    return [line.split()[0] for line in block.group(1).splitlines()
            if line and not line[0].isspace()]


def tracked_top_folders(root: Path) -> list[str]:
    try:
        files = subprocess.run(["git", "-C", str(root), "ls-files"], capture_output=True,
                               text=True, check=True).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):
        # no git (a source tarball): every folder but the build folders
        files = [p.name + "/x" for p in root.iterdir()
                 if p.is_dir() and not p.name.startswith(("build", "out"))]
    tops = {f.split("/", 1)[0] for f in files if "/" in f}
    return sorted(t for t in tops if not t.startswith(".") and (root / t).is_dir())


def check(root: Path) -> list[str]:
    readme = (root / "README.md").read_text()
    problems = []

    names, problems_code = code_families(root)
    problems += problems_code
    listed = readme_families(readme)
    if not listed:
        problems.append("README.md: no family list between <!-- families --> and <!-- /families -->")
    for name in names:
        if name not in listed:
            problems.append(f"README.md: the family list misses `{name}` (registered in families.hpp)")
    for name in listed:
        if name not in names:
            problems.append(f"README.md: the family list names `{name}`, which no registered family is")
    for name in sorted({n for n in listed if listed.count(n) > 1}):
        problems.append(f"README.md: the family list names `{name}` twice")

    tree = readme_tree(readme)
    if not tree:
        problems.append("README.md: no code block under '## Layout of the repository'")
    for path in tree:
        if not (root / path.rstrip("/")).is_dir():
            problems.append(f"README.md: the tree names {path}, which is not a folder")
    named = {p.rstrip("/") for p in tree}
    tirx = root / "include" / "tirx"
    for sub in sorted(p.name for p in tirx.iterdir() if p.is_dir()):
        if f"include/tirx/{sub}" not in named:
            problems.append(f"README.md: the tree misses include/tirx/{sub}")
    for top in tracked_top_folders(root):
        if top not in named and not any(p.startswith(top + "/") for p in named):
            problems.append(f"README.md: the tree misses {top}/")

    # the commands: every shell script of the repository is named by its path
    # (a command or a helper), and every script path the README names exists
    spans = set(re.findall(r"`([^`\s]+\.sh)\b", readme)) | set(
        re.findall(r"\bbash ([\w./-]+\.sh)\b", readme))
    for script in tracked_files(root, ".sh"):
        if script not in spans:
            problems.append(f"README.md: does not name the shell script {script}")
    for script in sorted(spans):
        if re.search(r"/[A-Z_]+\.sh$", script):
            continue  # a placeholder: scripts/NAME.sh
        if "/" in script and not (root / script).is_file():
            problems.append(f"README.md: names {script}, which is not a file")
    return problems


def tracked_files(root: Path, suffix: str) -> list[str]:
    try:
        files = subprocess.run(["git", "-C", str(root), "ls-files"], capture_output=True,
                               text=True, check=True).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):
        files = [str(p.relative_to(root)) for p in root.rglob("*" + suffix)
                 if not p.relative_to(root).parts[0].startswith(("build", "out", "."))]
    return sorted(f for f in files if f.endswith(suffix) and (root / f).is_file())


def self_test() -> int:
    """A small repository with its families in subfolders, then broken copies."""
    def write(root: Path, rel: str, text: str):
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)

    families = """#pragma once
#include <tirx/ptx/memory/memory.hpp>
#include "matrix/tc.hpp"
namespace tirx::ptxdesc {
template <class... F> struct family_list {};
using families = family_list<ptxmem::family, ptxtc::ld_family, ptxtc::st_family>;
}
"""
    memory = 'namespace tirx::ptxmem {\nstruct family {\n  static constexpr const char* name = "ld/st";\n};\n}\n'
    tc = """namespace tirx::ptxtc {
template <bool Load> struct ldst_family {
  static constexpr const char* name = Load ? "tc.ld" : "tc.st";
};
struct ld_family : ldst_family<true> {};
struct st_family : ldst_family<false> {};
}
"""
    readme = """# x

<!-- families -->
- memory: `ld/st`
- tensor cores: `tc.ld`, `tc.st`
<!-- /families -->

## Layout of the repository

```
include/tirx/ptx   families
include/tirx/core  config
docs/              guides
scripts/           commands
```

`bash scripts/test.sh`; helpers: `scripts/common.sh`.
"""
    def build(root: Path, readme_text: str, extra: dict[str, str] = {}):
        write(root, "include/tirx/ptx/families.hpp", families)
        write(root, "include/tirx/ptx/memory/memory.hpp", memory)
        write(root, "include/tirx/ptx/matrix/tc.hpp", tc)
        write(root, "include/tirx/core/config.hpp", "")
        write(root, "docs/a.md", "")
        write(root, "scripts/test.sh", "")
        write(root, "scripts/common.sh", "")
        for rel, text in extra.items():
            write(root, rel, text)
        write(root, "README.md", readme_text)

    cases = [
        ("good", readme, {}, None),
        ("a family missing", readme.replace(", `tc.st`", ""), {}, "misses `tc.st`"),
        ("a family that is not", readme.replace("`ld/st`", "`ld/st`, `mov`"), {}, "names `mov`"),
        ("a folder that is not", readme.replace("docs/ ", "doc/  "), {}, "names doc/"),
        ("an include folder missing", readme, {"include/tirx/exec/a.hpp": ""},
         "misses include/tirx/exec"),
        ("a top-level folder missing", readme, {"tools/a.py": ""}, "misses tools/"),
        ("a script not named", readme, {"benchmarks/run.sh": ""}, "shell script benchmarks/run.sh"),
        ("a script that is not", readme.replace("scripts/test.sh", "scripts/tests.sh"), {},
         "names scripts/tests.sh"),
    ]
    failed = 0
    for what, text, extra, expect in cases:
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp)
            build(root, text, extra)
            got = check(root)
            ok = (not got) if expect is None else any(expect in p for p in got)
            if not ok:
                failed += 1
                print(f"check_readme.py --self-test: {what}: got {got}")
    print("check_readme.py --self-test: " + ("failed" if failed else "every case caught"))
    return 1 if failed else 0


def main(argv: list[str]) -> int:
    if argv[1:] == ["--self-test"]:
        return self_test()
    root = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parents[2]
    problems = check(root)
    for p in problems:
        print(f"error: {p}")
    names, _ = code_families(root)
    print(f"README.md: {len(names)} families, {len(readme_tree((root / 'README.md').read_text()))} "
          f"tree entries checked, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
