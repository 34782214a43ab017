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

Every tirx spelling must be TIRx's; the script prints the count and exits 1
if TIRx refuses a tirx spelling, naming it with TIRx's reason. The other
direction is a report of the whole set: --count walks every variant of
TIRx's entries that passes the entry's check, and prints how many there are
(with a state space, generic, .mmio), how many of them tirx has, and the
missing ones by class (their qualifiers with the type and vector left out);
--require-all makes a missing spelling a failure too. The check
must also refuse spellings that break the rules (a self-test in the same
run: .v8 of an 8-bit type, .f16, a scope without an order, a qualifier out
of order, .volatile with an eviction priority). Exit 77 (skipped) when the
tvm_tirx package is missing (the venv logic is parity.py's).

    ldst_spellings.py --cxx CXX [--include DIR...] [--venv DIR] [--count] [--require-all]
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


def spellings_of(table, e):
    """Every spelling of entry e that its check accepts, as (spelling, space, mmio)."""
    names = [s.name for s in e.slots]
    op = getattr(e, "mnemonic", None) or e.name
    for c in table.variants(e):
        if e.check and e.check(table.mods(e, tuple(c))):
            continue
        get = dict(zip(names, c))
        yield ".".join([op] + [t for t in c if t]), get.get("space", ""), get.get("mmio", "")


def qualifier_class(spelling):
    """A spelling without its type and vector tokens (ld.relaxed.gpu.global)."""
    keep = [t for t in spelling.split(".")
            if not (t[:1] in "bfsu" and t[1:].isdigit()) and not (t[:1] == "v" and t[1:].isdigit())]
    return ".".join(keep)


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
    if args.count or args.require_all:  # (a minute: TIRx's variants walked)
        mine_set = set(spellings)
        theirs, space, generic, mmio = set(), 0, 0, 0
        kind = {}
        for e in entries:
            for sp, sp_space, sp_mmio in spellings_of(table, e):
                if sp in theirs:
                    continue
                theirs.add(sp)
                kind[sp] = "mmio" if sp_mmio else "space" if sp_space else "generic"
                mmio += bool(sp_mmio)
                space += bool(sp_space) and not sp_mmio
                generic += not sp_space and not sp_mmio
        missing = sorted(theirs - mine_set)
        print(f"ldst_spellings: TIRx has {len(theirs)} spellings ({space} with a state space, "
              f"{generic} generic, {mmio} .mmio); tirx has {len(theirs & mine_set)} of them, "
              f"{len(missing)} missing")
        have = [kind[sp] for sp in theirs & mine_set]
        print(f"ldst_spellings: tirx's: {have.count('space')} with a state space, "
              f"{have.count('generic')} generic, {have.count('mmio')} .mmio")
        classes = {}
        for sp in missing:
            classes[qualifier_class(sp)] = classes.get(qualifier_class(sp), 0) + 1
        for c, n in sorted(classes.items(), key=lambda x: -x[1])[:args.show]:
            print(f"ldst_spellings: missing {n} of {c}")
        if args.require_all and missing:
            print("ldst_spellings: FAIL: tirx lacks TIRx spellings (--require-all)")
            problems += 1
    problems += refused
    return 1 if problems else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cxx", required=True)
    ap.add_argument("--include", action="append", default=[],
                    help="include directory (repeat); the tirx include/ is added")
    ap.add_argument("--count", action="store_true", help="compare with TIRx's whole set too")
    ap.add_argument("--require-all", action="store_true",
                    help="fail when tirx lacks a spelling of TIRx's")
    ap.add_argument("--show", type=int, default=20, help="missing classes to print")
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
