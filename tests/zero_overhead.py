#!/usr/bin/env python3
"""Zero-overhead check: tirx kernels against hand-written CUDA twins, in PTX.

Every source (tests/twins/*.cu) defines kernels in pairs: NAME, written with
tirx, and NAME_twin, the same computation in plain CUDA (a seed's source
includes its tirx kernel from examples/NAME.cuh, the one the example runs
and the guides show, and adds the twin). All sources are
compiled to PTX in one nvcc run (nvcc -std=c++20 -arch=sm_90a -DNDEBUG -ptx
on a generated .cu that includes each source in a namespace of its own;
--separate compiles them one by one) and, per pair, the tirx kernel must

  (a) issue the same memory instructions as the twin: the multiset of
      ld/st/ldu/atom/red opcodes with their state space (generic when none is
      written), qualifiers and vector width. A type suffix is reduced to its
      width (.f32 = .b32 = .u32 = .s32 -> .b32): tirx's inline PTX moves raw
      words, CUDA C++ names the type;
  (b) use no local memory: no .local declaration, no ld.local/st.local, no
      __local_depot, no %SP/%SPL stack pointer;
  (c) have no more instructions than the twin. An instruction is one PTX
      statement (labels, directives and braces are not; `ret` is, in both).
      Not counted, in either kernel: `mov.b32` between a %f and a %r register
      (a float moved to a 32-bit integer register or back, no conversion).
      tirx's ld/st asm operands are "r" words and arithmetic operands "f"
      floats, so NVVM inserts these renamings at each change; ptxas allocates
      one physical register file, and the moves disappear in SASS (see
      scripts/sass_counts.sh for the SASS figures).

Prints one table row per pair and exits 1 if any check fails.
--expect-fail inverts this for the negative sources (tests/twins/negative):
there every pair NAME_fails_X (X in a, b, c) must fail check X, which shows
that each check can fail.
"""

import argparse
import collections
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile
import time

NVCC_FLAGS = ["-std=c++20", "-arch=sm_90a", "-DNDEBUG", "-ptx"]

MEMORY_OPS = ("ld", "ldu", "st", "atom", "red")
SPACES = {"global", "shared", "local", "param", "const", "shared::cta", "shared::cluster", "generic"}
TYPE_RE = re.compile(r"^[bfsu](8|16|32|64)$")
FR_MOV_RE = re.compile(r"^mov\.b32\s+(%f\d+\s*,\s*%r\d+|%r\d+\s*,\s*%f\d+)$")
LOCAL_RE = re.compile(r"\.local\b|__local_depot|%SPL?\b")


# -- PTX parsing ---------------------------------------------------------------

def kernel_bodies(ptx):
    """{mangled entry name: body text} of every .entry in a PTX file."""
    out = {}
    for m in re.finditer(r"\.entry\s+([\w$]+)\s*\(", ptx):
        close = ptx.index(")", m.end())
        start = ptx.index("{", close)
        depth, i = 0, start
        while True:
            c = ptx[i]
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        out[m.group(1)] = ptx[start + 1:i]
    return out


def parse_name(mangled):
    """(namespace, function) of a mangled global function: _Z<len><name>...
    or _ZN<len><ns><len><name>E... (namespace '' when there is none)."""
    if mangled.startswith("_ZN"):
        parts, i = [], 3
        while i < len(mangled) and mangled[i].isdigit():
            m = re.match(r"\d+", mangled[i:])
            n = int(m.group(0))
            i += m.end()
            parts.append(mangled[i:i + n])
            i += n
        return "::".join(parts[:-1]), parts[-1] if parts else mangled
    m = re.match(r"_Z(\d+)", mangled)
    if not m:
        return "", mangled  # extern "C"
    n = int(m.group(1))
    return "", mangled[m.end():m.end() + n]


def plain_name(mangled):
    return parse_name(mangled)[1]


def statements(body):
    """The instructions of a kernel body, one string each (guard included)."""
    body = re.sub(r"//[^\n]*", "", body)
    body = re.sub(r"/\*.*?\*/", "", body, flags=re.S)
    out = []
    for frag in body.split(";"):
        frag = frag.replace("{", " ").replace("}", " ").strip()
        frag = re.sub(r"^([$\w]+:\s*)+", "", frag)  # labels
        if not frag or frag.startswith("."):
            continue
        out.append(" ".join(frag.split()))
    return out


def opcode(stmt):
    s = re.sub(r"^@!?%?\w+\s+", "", stmt)  # predicate guard
    return s.split(" ", 1)[0]


def memory_key(op):
    """ld.global.v4.f32 -> ld.global.v4.b32; ld.u32 -> ld.generic.b32."""
    toks = op.split(".")
    if toks[0] not in MEMORY_OPS:
        return None
    rest = []
    for t in toks[1:]:
        m = TYPE_RE.match(t)
        rest.append("b" + m.group(1) if m else t)
    joined = ".".join(rest)
    if not any(joined == s or joined.startswith(s + ".") for s in SPACES):
        rest.insert(0, "generic")
    return ".".join([toks[0]] + rest)


class Kernel:
    def __init__(self, body):
        self.body = body
        self.stmts = statements(body)
        self.ops = [opcode(s) for s in self.stmts]
        self.memory = collections.Counter(k for k in map(memory_key, self.ops) if k)
        self.fr_movs = sum(1 for s in self.stmts if FR_MOV_RE.match(s))
        self.count = len(self.stmts) - self.fr_movs
        self.local = [ln.strip().rstrip(";") for ln in body.splitlines() if LOCAL_RE.search(ln.split("//")[0])]


# -- checks --------------------------------------------------------------------

def check_pair(name, tirx, twin):
    """Failed checks ({letter: explanation}) of one pair."""
    failed = {}
    if tirx.memory != twin.memory:
        only_tirx = tirx.memory - twin.memory
        only_twin = twin.memory - tirx.memory
        failed["a"] = "memory instructions differ: tirx only %s; twin only %s" % (
            fmt_counter(only_tirx), fmt_counter(only_twin))
    if tirx.local:
        failed["b"] = "local memory in tirx: " + "; ".join(tirx.local[:4])
    if tirx.count > twin.count:
        failed["c"] = "tirx has %d instructions, the twin %d" % (tirx.count, twin.count)
    return failed


def fmt_counter(c):
    return ", ".join("%d x %s" % (n, k) for k, n in sorted(c.items())) or "-"


def fmt_memory(c):
    return ", ".join(("%d %s" % (n, k)) if n > 1 else k for k, n in sorted(c.items()))


def opcode_diff(tirx, twin):
    """Opcode multiset difference (counted instructions only)."""
    a = collections.Counter(o for s, o in zip(tirx.stmts, tirx.ops) if not FR_MOV_RE.match(s))
    b = collections.Counter(o for s, o in zip(twin.stmts, twin.ops) if not FR_MOV_RE.match(s))
    return a - b, b - a


# -- driver --------------------------------------------------------------------

def nvcc_command(args, source, ptx):
    cmd = [args.nvcc] + NVCC_FLAGS + ["-I" + d for d in args.include]
    if args.ccbin:
        cmd += ["-ccbin", args.ccbin]
    return cmd + [source, "-o", ptx]


def namespace_of(source):
    return "tirx_pair_" + re.sub(r"\W", "_", os.path.splitext(os.path.basename(source))[0])


ANGLE_INCLUDE_RE = re.compile(r"\s*#\s*include\s*<")
QUOTED_INCLUDE_RE = re.compile(r'\s*#\s*include\s*"([^"]+)"')
MACRO_RE = re.compile(r"\s*#\s*(define|undef)\b")


def quoted_headers(source, include_dirs):
    """The files that `source` includes with "...", directly or through one
    another, in include order (each once). Looked up as the compiler does:
    beside the including file, then in the include directories."""
    found, todo = [], [os.path.abspath(source)]
    while todo:
        path = todo.pop(0)
        with open(path) as f:
            for number, line in enumerate(f, 1):
                m = QUOTED_INCLUDE_RE.match(line)
                if not m:
                    continue
                for d in [os.path.dirname(path)] + include_dirs:
                    header = os.path.abspath(os.path.join(d, m.group(1)))
                    if os.path.isfile(header):
                        break
                else:
                    raise SystemExit("error: %s:%d: %s not found" % (path, number, m.group(1)))
                if header not in found:
                    found.append(header)
                    todo.append(header)
    return found


def one_translation_unit(sources, out_dir, include_dirs):
    """A .cu that includes every source, each in its own namespace: one nvcc
    run parses tirx once. The <...> includes of the sources and of the "..."
    headers they include (e.g. examples/NAME.cuh, the seed kernel) are hoisted
    to the top, so that they are parsed once, outside every namespace. Those
    files must define no macros (a macro would reach the sources after them),
    and a "..." header may belong to one source only (#pragma once would
    leave it out of the second namespace)."""
    hoisted, body, owner = [], [], {}
    for src in sources:
        for path in [os.path.abspath(src)] + quoted_headers(src, include_dirs):
            if path != os.path.abspath(src):
                if path in owner:
                    raise SystemExit("error: %s is included by %s and %s; each pair source needs "
                                     "headers of its own" % (path, owner[path], src))
                owner[path] = src
            with open(path) as f:
                for number, line in enumerate(f, 1):
                    if MACRO_RE.match(line):
                        raise SystemExit("error: %s:%d: no macros in pair sources and their "
                                         "headers (they would reach the other namespaces)"
                                         % (path, number))
                    if ANGLE_INCLUDE_RE.match(line) and line.strip() not in hoisted:
                        hoisted.append(line.strip())
        body += ["namespace %s {" % namespace_of(src), '#include "%s"' % os.path.abspath(src), "}"]
    path = os.path.join(out_dir, "zero_overhead_pairs.cu")
    with open(path, "w") as f:
        f.write("// generated by tests/zero_overhead.py: every pair source, one namespace each\n")
        f.write("\n".join(hoisted + body) + "\n")
    return path


def compile_ptx(args, source, out_dir):
    """Compiles one .cu to PTX: (ptx text or None, error text or None)."""
    stem = os.path.splitext(os.path.basename(source))[0]
    ptx = os.path.join(out_dir, stem + ".ptx")
    cmd = nvcc_command(args, source, ptx)
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        return None, "%s\n%s%s" % (" ".join(cmd), r.stdout, r.stderr)
    with open(ptx) as f:
        return f.read(), None


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("sources", nargs="+")
    p.add_argument("--nvcc", default="nvcc")
    p.add_argument("--ccbin", default="")
    p.add_argument("--include", action="append", default=[], help="include directory (repeatable)")
    p.add_argument("--out", default="", help="where the .cu/.ptx files go (default: a temporary folder)")
    p.add_argument("--separate", action="store_true",
                   help="compile each source on its own (default: all in one translation unit)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parallel nvcc runs with --separate")
    p.add_argument("--expect-fail", action="store_true",
                   help="every pair NAME_fails_X must fail check X (negative sources)")
    p.add_argument("--diff", action="store_true", help="print the opcode difference of every pair")
    args = p.parse_args()

    tmp = None
    out_dir = args.out
    if not out_dir:
        tmp = tempfile.TemporaryDirectory()
        out_dir = tmp.name
    os.makedirs(out_dir, exist_ok=True)

    # {source: {function name: Kernel}}
    t0 = time.time()
    per_source = {}
    errors = []
    if args.separate:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            results = list(pool.map(lambda s: compile_ptx(args, s, out_dir), args.sources))
        for src, (ptx, err) in zip(args.sources, results):
            if err:
                errors.append("compiling %s failed:\n%s" % (src, err))
            else:
                per_source[src] = {plain_name(m): Kernel(b) for m, b in kernel_bodies(ptx).items()}
    else:
        ptx, err = compile_ptx(args, one_translation_unit(args.sources, out_dir, args.include), out_dir)
        if err:
            errors.append("compiling the sources failed:\n%s" % err)
        else:
            by_ns = {namespace_of(s): s for s in args.sources}
            per_source = {s: {} for s in args.sources}
            for m, b in kernel_bodies(ptx).items():
                ns, name = parse_name(m)
                if ns in by_ns:
                    per_source[by_ns[ns]][name] = Kernel(b)
    compile_s = time.time() - t0
    for e in errors:
        print("error: " + e)
    ok = not errors

    rows, notes = [], []
    for source in args.sources:
        if source not in per_source:
            continue
        kernels = per_source[source]
        names = sorted(n for n in kernels if not n.endswith("_twin"))
        unpaired = [n for n in kernels if (n.endswith("_twin") and n[:-5] not in kernels)
                    or (not n.endswith("_twin") and n + "_twin" not in kernels)]
        if unpaired or not names:
            print("error: %s: kernels must come in pairs NAME / NAME_twin; unpaired: %s"
                  % (source, ", ".join(unpaired) or "(no kernels)"))
            ok = False
            continue
        for name in names:
            tirx, twin = kernels[name], kernels[name + "_twin"]
            failed = check_pair(name, tirx, twin)
            if args.expect_fail:
                m = re.search(r"_fails_([abc])$", name)
                if not m:
                    print("error: %s: negative kernels are named NAME_fails_a|b|c" % name)
                    ok = False
                    continue
                good = m.group(1) in failed
                verdict = ("fails %s as expected" % m.group(1)) if good else ("NOT CAUGHT (%s)" % m.group(1))
            else:
                good = not failed
                verdict = "ok" if good else "FAIL " + "".join(sorted(failed))
            ok = ok and good
            rows.append((name, "same" if "a" not in failed else "differ", len(tirx.local),
                         tirx.count, twin.count, "%d/%d" % (tirx.fr_movs, twin.fr_movs),
                         fmt_memory(twin.memory), verdict))
            for k in sorted(failed):
                notes.append("%s (%s): %s" % (name, k, failed[k]))
            if args.diff or ("c" in failed and not args.expect_fail):
                extra, fewer = opcode_diff(tirx, twin)
                notes.append("%s: opcodes tirx has more of: %s; the twin has more of: %s"
                             % (name, fmt_counter(extra), fmt_counter(fewer)))

    if rows:
        head = ("kernel", "(a) memory ops", "(b) local lines", "(c) tirx", "twin", "f<->r movs tirx/twin",
                "memory instructions (twin)", "result")
        widths = [max(len(str(r[i])) for r in rows + [head]) for i in range(len(head))]
        line = lambda r: "| " + " | ".join(str(c).ljust(w) for c, w in zip(r, widths)) + " |"
        print(line(head))
        print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
        for r in rows:
            print(line(r))
    for n in notes:
        print("  " + n)
    print("(c) counts PTX instructions, not mov.b32 between %%f and %%r registers; "
          "%d sources, nvcc %.1f s (%s)" % (len(args.sources), compile_s,
                                           "separately, %d jobs" % args.jobs if args.separate else "one translation unit"))
    if tmp:
        tmp.cleanup()
    if args.expect_fail:
        print("every deliberate regression was caught" if ok else "error: a deliberate regression was NOT caught")
    else:
        print("zero overhead: all pairs pass" if ok else "error: tirx is worse than its twin (see above)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
