#!/usr/bin/env python3
"""One nvcc compile, timed phase by phase.

    python3 nvcc_phases.py [--json] -- nvcc ARGS...

Asks nvcc for its commands (-dryrun), then runs them one after the other,
each under os.wait4, and prints per phase (gcc preprocessing for the host
and the device, cudafe++, cicc, ptxas, fatbinary, the host compile) the wall
seconds, the CPU seconds and the peak resident memory of its largest
process. The sum of the walls is the compile's wall time (nvcc's own
driver costs a few ms more); the largest peak is the compile's peak memory.
"""
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

PHASES = [  # (name, how the command's program is recognised)
    ("cudafe++", re.compile(r"(^|/)cudafe\+\+$")),
    ("cicc", re.compile(r"(^|/)cicc$")),
    ("ptxas", re.compile(r"(^|/)ptxas$")),
    ("fatbinary", re.compile(r"(^|/)fatbinary$")),
    ("nvlink", re.compile(r"(^|/)nvlink$")),
]


def phase_name(argv, seen):
    prog = argv[0]
    for name, pattern in PHASES:
        if pattern.search(prog):
            return name
    if "-E" in argv:  # the host preprocessing comes first, the device one (-D__CUDA_ARCH__) after
        return "cpp-device" if any(a.startswith("-D__CUDA_ARCH__=") for a in argv) else "cpp-host"
    if "-c" in argv:
        return "host-compile"
    return os.path.basename(prog)


def run(nvcc_args):
    with tempfile.TemporaryDirectory(prefix="tirx-phases-") as tmp:
        dry = subprocess.run(nvcc_args + ["-dryrun", "-keep", "-keep-dir", tmp],
                             capture_output=True, text=True)
        if dry.returncode != 0:
            sys.stderr.write(dry.stderr)
            raise SystemExit(dry.returncode)
        env = dict(os.environ)
        rows = []
        for line in dry.stderr.splitlines():
            if not line.startswith("#$ "):
                continue
            line = line[3:].strip()
            m = re.match(r"^([A-Za-z_][A-Za-z0-9_]*)=(.*)$", line)
            if m:  # an environment assignment of nvcc's
                value = m.group(2)
                value = re.sub(r"\$(\w+)", lambda v: env.get(v.group(1), ""), value)
                env[m.group(1)] = value.strip().strip('"')
                continue
            expanded = re.sub(r"\$(\w+)", lambda v: env.get(v.group(1), ""), line)
            argv = shlex.split(expanded)
            if not argv or argv[0] == "rm":
                continue
            name = phase_name(argv, rows)
            start = time.perf_counter()
            proc = subprocess.Popen(argv, env=env, cwd=os.getcwd())
            _, status, usage = os.wait4(proc.pid, 0)
            wall = time.perf_counter() - start
            code = os.waitstatus_to_exitcode(status)
            if code != 0:
                raise SystemExit(f"nvcc_phases: {name} failed ({code}): {expanded}")
            rows.append({"phase": name, "wall_s": round(wall, 3),
                         "cpu_s": round(usage.ru_utime + usage.ru_stime, 3),
                         "max_rss_mb": round(usage.ru_maxrss / 1024, 1)})
        return rows


def main():
    argv = sys.argv[1:]
    as_json = False
    if argv and argv[0] == "--json":
        as_json, argv = True, argv[1:]
    if argv and argv[0] == "--":
        argv = argv[1:]
    if not argv:
        raise SystemExit(__doc__)
    rows = run(argv)
    if as_json:
        print(json.dumps(rows))
        return
    for r in rows:
        print(f"{r['phase']:>13}  {r['wall_s']:7.2f} s  {r['max_rss_mb']:7.0f} MB")
    print(f"{'total':>13}  {sum(r['wall_s'] for r in rows):7.2f} s  "
          f"{max(r['max_rss_mb'] for r in rows):7.0f} MB")


if __name__ == "__main__":
    main()
