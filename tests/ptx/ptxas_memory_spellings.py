#!/usr/bin/env python3
"""Every generic-address and .mmio spelling of ld, st and ldu, assembled by ptxas (ctest
ptx.ptxas_memory_spellings).

The spellings are tirx's (tests/tools/check_instruction_reference.py's printer: the forms of
include/tirx/ptx/families.hpp and their typed variants); each one with no state space or with
.mmio becomes one instruction of a PTX module for sm_90a (registers of the type's class: .b32 up
to 32 bits, .f32, .b64, .f64, .b128; a 64-bit generic address), and ptxas must assemble the
module. The self-test: a spelling PTX refuses (ld.mmio.acquire.sys.b32) must make ptxas fail.
Exit 0: assembled; 1: ptxas refused (its messages printed).

    ptxas_memory_spellings.py --cxx CXX --ptxas PTXAS [--include DIR...]
"""

import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "tools"))

import check_instruction_reference as cir  # noqa: E402

SPACES = ("global", "shared", "shared::cta", "shared::cluster", "local", "const", "param")


def wanted(spelling):
    tokens = spelling.split(".")
    return "mmio" in tokens or not any(t in SPACES for t in tokens)


def instruction(spelling):
    tokens = spelling.split(".")
    ty = tokens[-1]
    vec = next((int(t[1:]) for t in tokens if t[:1] == "v" and t[1:].isdigit()), 1)
    bits = int(ty[1:])
    reg = ("%q" if bits == 128 else "%fd" if ty == "f64" else "%rd" if bits == 64
           else "%f" if ty == "f32" else "%r")
    regs = [f"{reg}{k + 1}" for k in range(vec)]
    value = regs[0] if vec == 1 else "{" + ", ".join(regs) + "}"
    if tokens[0] == "st":
        return f"  {spelling} [%rd9], {value};"
    return f"  {spelling} {value}, [%rd9];"


def module(lines):
    return "\n".join([
        ".version 8.8", ".target sm_90a", ".address_size 64",
        ".visible .entry k(.param .u64 p) {",
        "  .reg .b32 %r<9>; .reg .f32 %f<9>; .reg .b64 %rd<10>; .reg .f64 %fd<9>;",
        "  .reg .b128 %q<9>;", "  ld.param.u64 %rd9, [p];"] + lines + ["  ret;", "}", ""])


def assemble(ptxas, text, tmp, name):
    path = os.path.join(tmp, name + ".ptx")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return subprocess.run([ptxas, "-arch=sm_90a", path, "-o", path + ".cubin"],
                          capture_output=True, text=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cxx", required=True)
    ap.add_argument("--ptxas", required=True)
    ap.add_argument("--include", action="append", default=[])
    args = ap.parse_args()
    mine = cir.header_spellings(None, args.cxx, [os.path.join(ROOT, "include")] + args.include)
    spellings = sorted(s for k in ("ld", "st", "ldu") for s in mine.get(k, []) if wanted(s))
    if not spellings:
        print("ptxas_memory_spellings: FAIL: no generic or .mmio spelling printed")
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        bad = assemble(args.ptxas, module([instruction("ld.mmio.acquire.sys.b32")]), tmp, "refused")
        if bad.returncode == 0:
            print("ptxas_memory_spellings: FAIL: ptxas took ld.mmio.acquire.sys.b32 (self-test)")
            return 1
        done = assemble(args.ptxas, module([instruction(s) for s in spellings]), tmp, "all")
    if done.returncode != 0:
        print(done.stdout + done.stderr)
        print(f"ptxas_memory_spellings: FAIL: ptxas refused the module of {len(spellings)}")
        return 1
    mmio = sum("mmio" in s.split(".") for s in spellings)
    print(f"ptxas_memory_spellings: {len(spellings)} spellings assembled for sm_90a "
          f"({len(spellings) - mmio} generic, {mmio} .mmio)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
