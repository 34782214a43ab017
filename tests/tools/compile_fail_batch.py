#!/usr/bin/env python3
"""Compile-fail cases in batches: one nvcc run checks many expected errors.

Each compile-fail .cu source lives in a namespace of its own (the fixes of all
of them compile together in compile_fail.nvcc.fixed), so a batch translation
unit can #include several. nvcc's front end reports every error of a
translation unit, each with the instantiation chain that led to it; an error
belongs to a case when the case's source file appears in that chain (or is
the file of the error). A case passes when one of its own errors matches its
expectation.

An error raised while parsing (not while instantiating templates at the end
of the translation unit) keeps nvcc from instantiating the other cases, so
the cases a batch did not show are batched again, round after round, until a
round shows none. Whatever no round shows (a case whose error is not
attributed to it because another case instantiated the same template first,
one that compiled, one whose error comes from a later phase that a failing
batch never reaches) is compiled alone, exactly as a single compile-fail
test does.
So batching never turns a failure into a pass; it only saves the header
parsing that each case would otherwise repeat.

  compile_fail_batch.py run MANIFEST RESULTS_DIR [--budget LINES BYTES]
      MANIFEST: first line the compiler command (tab-separated words), then one
      line per case: NAME<TAB>SOURCE<TAB>REGEX (as hex: CMake lists would
      split a regex with brackets). Writes RESULTS_DIR/NAME.result
      (first line PASS or FAIL, then what was seen) and exits 0. With
      --budget a case whose diagnostic (measure()) has more lines or bytes
      fails.
  compile_fail_batch.py check RESULT
      Prints RESULT and exits 0 for PASS, 1 otherwise (one ctest test per case).
  compile_fail_batch.py --self-test
"""

import os
import re
import subprocess
import sys
import tempfile

# A diagnostic of nvcc's front end starts a line: "path(line): error: ...".
BLOCK_START = re.compile(r"^\S.*\(\d+\): (?:catastrophic )?error|^\S.*: (?:catastrophic )?error")
# What measure() leaves out: a warning and what follows it up to the next
# error, nvcc's remark on suppressing warnings, the closing count.
WARNING_START = re.compile(r"^\S.*\(\d+\): warning|^Remark: ")
TRAILER = re.compile(r"^\d+ errors? detected in the compilation of ")


def split_blocks(output):
    """The diagnostics of an nvcc run, each with its instantiation chain."""
    blocks, current = [], []
    for line in output.splitlines():
        if BLOCK_START.match(line) and current:
            blocks.append("\n".join(current))
            current = []
        current.append(line)
    if current:
        blocks.append("\n".join(current))
    return blocks


def measure(block):
    """The lines and bytes of one diagnostic: its error line, source echo,
    caret and instantiation chain (not the warnings or remarks that other
    code printed after it, nor the closing count of errors)."""
    kept, skipping = [], False
    for line in block.splitlines():
        if WARNING_START.match(line):
            skipping = True
        elif BLOCK_START.match(line):
            skipping = False
        if skipping or TRAILER.match(line):
            continue
        kept.append(line)
    while kept and not kept[-1].strip():
        kept.pop()
    return len(kept), len("\n".join(kept).encode("utf-8")) + (1 if kept else 0)


def attributed(blocks, source):
    """The diagnostics that name source (the case's own file)."""
    return [b for b in blocks if source in b]


def compile_alone(command, source):
    proc = subprocess.run(command + [source], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return proc.returncode, proc.stdout


def compile_batch(command, cases, tmp, round_no):
    batch = os.path.join(tmp, "batch%d.cu" % round_no)
    with open(batch, "w", encoding="utf-8") as f:
        for _, source, _ in cases:
            f.write('#include "%s"\n' % source)
    return compile_alone(command, batch)


def judged(block, how, budget):
    """PASS, or FAIL when the case's diagnostic is over the budget (lines,
    bytes; None: no budget)."""
    lines, size = measure(block)
    detail = "%s; its diagnostic: %d lines, %d bytes" % (how, lines, size)
    if budget is not None and (lines > budget[0] or size > budget[1]):
        return ("FAIL", "%s, over the budget of %d lines and %d bytes "
                "(TIRX_DIAGNOSTIC_LINES, TIRX_DIAGNOSTIC_BYTES; docs/diagnostics.md):\n%s"
                % (detail, budget[0], budget[1], block))
    return ("PASS", "%s:\n%s" % (detail, block))


def run(manifest, results, budget=None):
    with open(manifest, encoding="utf-8") as f:
        lines = f.read().splitlines()
    command = lines[0].split("\t")
    cases = []
    for line in lines[1:]:
        if line:
            name, source, regex_hex = line.split("\t")
            cases.append((name, source, bytes.fromhex(regex_hex).decode("utf-8")))
    os.makedirs(results, exist_ok=True)
    verdicts = {}

    # Rounds: a case whose error stops the front end before the end of the
    # translation unit (an error while parsing, not while instantiating)
    # keeps the others' instantiations from running, so each round compiles
    # the cases no earlier round has shown, until a round shows none.
    remaining = list(cases)
    with tempfile.TemporaryDirectory() as tmp:
        round_no = 0
        while len(remaining) > 1:
            rc, output = compile_batch(command, remaining, tmp, round_no)
            round_no += 1
            if rc == 0:
                break
            blocks = split_blocks(output)
            shown = []
            for case in remaining:
                name, source, regex = case
                pattern = re.compile(regex)
                hit = next((b for b in attributed(blocks, source) if pattern.search(b)), None)
                if hit is not None:
                    verdicts[name] = judged(hit, "failed to compile as expected (round %d of a batch "
                                            "of %d)" % (round_no, len(remaining)), budget)
                    shown.append(case)
            if not shown:
                break
            remaining = [c for c in remaining if c not in shown]

    for name, source, regex in remaining:
        alone_rc, alone_out = compile_alone(command, source)
        cmd = " ".join(command + [source])
        if alone_rc == 0:
            verdicts[name] = ("FAIL", "%s\nexpected a compile error, but the source compiled" % cmd)
        elif re.search(regex, alone_out):
            pattern = re.compile(regex)
            hit = next((b for b in split_blocks(alone_out) if pattern.search(b)), alone_out)
            verdicts[name] = judged(hit, "failed to compile as expected (compiled alone)", budget)
        else:
            verdicts[name] = ("FAIL", "%s\n%s\ncompile failed (%d) as expected, but the output does "
                              "not match this regex:\n  %s" % (cmd, alone_out, alone_rc, regex))

    for name, _, _ in cases:
        verdict, detail = verdicts[name]
        with open(os.path.join(results, name + ".result"), "w", encoding="utf-8") as f:
            f.write("%s %s\n%s\n" % (verdict, name, detail))
    return 0


def check(result):
    try:
        with open(result, encoding="utf-8") as f:
            text = f.read()
    except OSError:
        print("no result at %s: its batch test did not run" % result)
        return 1
    print(text)
    return 0 if text.startswith("PASS ") else 1


def self_test():
    out = "\n".join([
        'include/a.hpp(3): error: static assertion failed with "rule one"',
        '    at line 4 of /t/case_a.cu',
        '',
        'include/a.hpp(3): error: static assertion failed with "rule two"',
        '    at line 9 of /t/case_b.cu',
        '/t/case_c.cu(7): error: identifier "x" is undefined',
        '3 errors detected in the compilation of "batch.cu".',
    ])
    blocks = split_blocks(out)
    assert len(blocks) == 3, blocks
    assert len(attributed(blocks, "/t/case_a.cu")) == 1
    assert "rule two" in attributed(blocks, "/t/case_b.cu")[0]
    assert "rule one" not in attributed(blocks, "/t/case_b.cu")[0]
    assert attributed(blocks, "/t/case_c.cu")[0].startswith("/t/case_c.cu(7)")
    assert not attributed(blocks, "/t/case_d.cu")
    # measure(): the warning after a diagnostic and the closing count are not its lines
    block = "\n".join(['a.hpp(3): error: static assertion failed with "rule"', '  quote', '  ^',
                        '', 'b.cu(1): warning #177-D: unused', '  x', 'Remark: suppress',
                        '1 error detected in the compilation of "b.cu".'])
    assert measure(block) == (3, len('a.hpp(3): error: static assertion failed with "rule"') + 13)
    assert judged(block, "x", (3, 10))[0] == "FAIL" and judged(block, "x", (3, 100))[0] == "PASS"
    print("self-test passed")
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) == 4 and argv[1] == "run":
        return run(argv[2], argv[3])
    if len(argv) == 7 and argv[1] == "run" and argv[4] == "--budget":
        return run(argv[2], argv[3], (int(argv[5]), int(argv[6])))
    if len(argv) == 3 and argv[1] == "check":
        return check(argv[2])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
