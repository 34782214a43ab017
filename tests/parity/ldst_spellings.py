#!/usr/bin/env python3
"""tirx's ld/st/ldu spellings against TIRx's grammar of them (ctest parity.ldst_spellings).

tirx's side: every spelling tile::apply accepts for ld, st and ldu, bit and
typed forms (tests/tools/check_instruction_reference.py's printer: the forms
of include/tirx/ptx/families.hpp and their variants). TIRx's side: the
instruction table of apache-tvm-tirx (tvm_tirx.backend.cuda.ptx.table: the
entries ld, ld_vec, ld_vec256, st, st_vec, st_vec256, ldu, ldu_vec). A
spelling is TIRx's when one entry takes its tokens in the entry's slot order
(PTX's qualifier order) with every required slot filled and the entry's
check passes (PTX's rules: scopes, .volatile, .nc, the 256-bit lines, ...).

Every tirx spelling must be TIRx's; the script prints the count (--count:
TIRx's too, those with a state space and no .mmio, which tirx lacks) and
exits 1 if TIRx refuses a tirx spelling, naming it with TIRx's reason. The check
must also refuse spellings that break the rules (a self-test in the same
run: .v8 of an 8-bit type, .f16, a scope without an order, a qualifier out
of order, .volatile with an eviction priority). Exit 77 (skipped) when the
tvm_tirx package is missing (the venv logic is parity.py's).

    ldst_spellings.py --cxx CXX [--include DIR...] [--venv DIR] [--count]
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "tools"))

import parity  # noqa: E402  (the venv: ensure_venv, SKIP)
import check_instruction_reference as cir  # noqa: E402  (the spelling printer)

ENTRIES = ("ld", "ld_vec", "ld_vec256", "st", "st_vec", "st_vec256", "ldu", "ldu_vec")
MUST_REFUSE = ["ld.global.v8.s8", "ld.global.f16", "ld.relaxed.global.b32", "ld.nc.global.b32",
               "ld.volatile.global.L1::evict_last.b32", "st.global.nc.b32", "ld.shared.v8.s32"]


def accepts(table, entries, spelling):
    """(True, entry name) when an entry of TIRx's table takes the spelling,
    else (False, every entry's reason)."""
    tokens = spelling.split(".")
    why = []
    for e in entries:
        if (getattr(e, "mnemonic", None) or e.name) != tokens[0]:
            continue
        combo, at, fits = [""] * len(e.slots), 0, True
        for t in tokens[1:]:
            while at < len(e.slots) and t not in e.slots[at].choices:
                at += 1
            if at == len(e.slots):
                fits = False
                break
            combo[at] = t
            at += 1
        if not fits:
            why.append(f"{e.name}: a token it lacks, or out of its order")
            continue
        if any(not s.optional and not combo[i] for i, s in enumerate(e.slots)):
            why.append(f"{e.name}: a required qualifier missing")
            continue
        error = e.check(table.mods(e, tuple(combo))) if e.check else None
        if error:
            why.append(f"{e.name}: {error}")
            continue
        return True, e.name
    return False, "; ".join(why) or "no entry of that opcode"


def with_space(table, e):
    """How many of entry e's variants name a state space and no .mmio."""
    names = [s.name for s in e.slots]

    def get(combo, slot):
        return combo[names.index(slot)] if slot in names else ""

    return sum(1 for c in table.variants(e) if get(c, "space") and not get(c, "mmio"))


def run(args):
    from tvm_tirx.backend.cuda.ptx import table

    entries = [table.TABLE[n] for n in ENTRIES]
    mine = cir.header_spellings(None, args.cxx, [os.path.join(ROOT, "include")] + args.include)
    spellings = sorted(set(mine.get("ld", []) + mine.get("st", []) + mine.get("ldu", [])))
    if not spellings:
        print("ldst_spellings: FAIL: no ld/st spellings printed")
        return 1
    problems = 0
    for s in MUST_REFUSE:  # the check must see a broken rule
        ok, _ = accepts(table, entries, s)
        if ok:
            print(f"ldst_spellings: FAIL: the check takes {s}, which breaks a rule of PTX")
            problems += 1
    typed = refused = 0
    for s in spellings:
        ok, why = accepts(table, entries, s)
        typed += s.rsplit(".", 1)[1][0] in "usf"
        if not ok:
            print(f"ldst_spellings: FAIL: tirx accepts {s}, TIRx does not ({why})")
            refused += 1
    print(f"ldst_spellings: {len(spellings)} tirx spellings of ld/st/ldu ({typed} typed), "
          f"{len(spellings) - refused} of them TIRx's")
    if args.count:  # (10 s: TIRx's variants walked)
        theirs = sum(with_space(table, e) for e in entries)
        print(f"ldst_spellings: TIRx has {theirs} with a state space and no .mmio")
    problems += refused
    return 1 if problems else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cxx", required=True)
    ap.add_argument("--include", action="append", default=[],
                    help="include directory (repeat); the tirx include/ is added")
    ap.add_argument("--count", action="store_true", help="count TIRx's spellings too")
    ap.add_argument("--venv", default=None)
    ap.add_argument("--venv-ready", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if not args.venv_ready:
        try:
            import tvm_tirx.backend.cuda.ptx.table  # noqa: F401
        except Exception:  # noqa: BLE001
            if not args.venv:
                print("ldst_spellings: SKIPPED: tvm_tirx is not importable and no --venv was given")
                return parity.SKIP
            py, why = parity.ensure_venv(args.venv)
            if py is None:
                print(f"ldst_spellings: SKIPPED: {why}")
                return parity.SKIP
            os.execv(py, [py, os.path.abspath(__file__), "--venv-ready"] + sys.argv[1:])
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
