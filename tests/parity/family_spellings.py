#!/usr/bin/env python3
"""The spellings of tirx's asynchronous, multicast and descriptor families
against TIRx's grammar of them (ctest parity.family_spellings).

tirx's side: every spelling tile::apply accepts for the st.async/red.async
and multimem families (tests/tools/check_instruction_reference.py's
printer: the forms of include/tirx/ptx/families.hpp and their variants),
and every instruction of the tensormap.replace, tensormap.cp_fenceproxy,
fence.proxy.tensormap, clusterlaunchcontrol and st.bulk families that
tirx's functions emit, read from the PTX nvcc writes for
tests/ptx/ptx_text_async_families.cu (compute_100a). TIRx's side: the
instruction table of apache-tvm-tirx (tvm_tirx.backend.cuda.ptx.table). A
spelling is TIRx's when one entry of its opcode (the entry's mnemonic, the
leading tokens) takes the other tokens in the entry's slot order with every
required slot filled and the entry's check passes.

Every tirx spelling must be TIRx's; the script prints, per family, how many
tirx has and how many TIRx's entries have, and exits 1 if TIRx refuses a
tirx spelling, naming it with TIRx's reason. The check must also refuse
spellings that break the rules (a self-test in the same run). Exit 77
(skipped) when the tvm_tirx package is missing (the venv logic is
parity.py's); without --nvcc the functions' spellings are not compared.

    family_spellings.py --cxx CXX [--nvcc NVCC] [--include DIR...] [--venv DIR]
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "tools"))

import parity  # noqa: E402  (the venv: ensure_venv, SKIP)
import check_instruction_reference as cir  # noqa: E402  (the spelling printer)

# tirx's families (kinds of the printer) and TIRx's entries of the same instructions
APPLY = {
    "st.async/red.async": ("st_async", "st_async_vec", "st_async_release", "red_async",
                           "red_async_release"),
    "multimem": ("multimem_ld_reduce", "multimem_ld_reduce_f", "multimem_ld_reduce_f_vec",
                 "multimem_st", "multimem_st_f", "multimem_st_f_vec", "multimem_red",
                 "multimem_red_f", "multimem_red_f_vec"),
}
FUNCTIONS = {
    "tensormap.replace": ("tensormap_replace_address", "tensormap_replace_rank",
                          "tensormap_replace_stride", "tensormap_replace_dim",
                          "tensormap_replace_elemtype", "tensormap_replace_interleave_layout",
                          "tensormap_replace_swizzle_mode", "tensormap_replace_fill_mode"),
    "tensormap.cp_fenceproxy": ("tensormap_cp_fenceproxy",),
    "fence.proxy.tensormap": ("fence_proxy_tensormap_release", "fence_proxy_tensormap_acquire"),
    "clusterlaunchcontrol": ("clusterlaunchcontrol_try_cancel",
                             "clusterlaunchcontrol_query_cancel_is_canceled",
                             "clusterlaunchcontrol_query_cancel_get_first_ctaid",
                             "clusterlaunchcontrol_query_cancel_get_first_ctaid_v4"),
    "st.bulk": ("st_bulk",),
}
FUNCTION_PTX = re.compile(r"\b(tensormap\.replace[\w.:]*|tensormap\.cp_fenceproxy[\w.:]*|"
                          r"fence\.proxy\.tensormap::generic[\w.:]*|clusterlaunchcontrol[\w.:]*|"
                          r"st\.bulk[\w.:]*)")
MUST_REFUSE = [
    "st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.b64",
    "st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.f64",
    "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.inc.s32",
    "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.and.u32",
    "multimem.red.acquire.sys.global.add.u32",
    "multimem.ld_reduce.release.gpu.global.add.u32",
    "multimem.ld_reduce.global.add.acc::f32.f32",
    "multimem.st.global.v8.f32",
    "multimem.ld_reduce.global.add.s64",
]


def accepts(table, entries, spelling):
    """(True, entry name) when an entry of TIRx's table takes the spelling,
    else (False, every entry's reason)."""
    tokens = spelling.split(".")
    why = []
    for e in entries:
        head = (getattr(e, "mnemonic", None) or e.name).split(".")
        if tokens[:len(head)] != head:
            continue
        combo, at, fits = [""] * len(e.slots), 0, True
        for t in tokens[len(head):]:
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


def function_spellings(nvcc, includes):
    """The instructions of the function families in the PTX of the test source."""
    source = os.path.join(ROOT, "tests", "ptx", "ptx_text_async_families.cu")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "f.ptx")
        cmd = [nvcc, "-std=c++20", "-arch=compute_100a", "-ptx", source, "-o", out]
        cmd += [f"-I{d}" for d in includes]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError("nvcc -ptx failed:\n" + r.stderr)
        with open(out, encoding="utf-8") as f:
            ptx = f.read()
    return sorted({m.group(1).rstrip(".;") for m in FUNCTION_PTX.finditer(ptx)})


def family_of(spelling):
    for fam in FUNCTIONS:
        if spelling.startswith(fam):
            return fam
    return None


def run(args):
    from tvm_tirx.backend.cuda.ptx import table

    includes = [os.path.join(ROOT, "include")] + args.include
    mine = cir.header_spellings(None, args.cxx, includes)
    problems = 0
    every = [table.TABLE[n] for names in list(APPLY.values()) + list(FUNCTIONS.values())
             for n in names]
    for s in MUST_REFUSE:
        ok, _ = accepts(table, every, s)
        if ok:
            print(f"family_spellings: FAIL: the check takes {s}, which breaks a rule of PTX")
            problems += 1
    groups = {kind: sorted(set(mine.get(kind, []))) for kind in APPLY}
    if args.nvcc:
        for s in function_spellings(args.nvcc, includes):
            groups.setdefault(family_of(s), []).append(s)
    for kind, spellings in groups.items():
        names = APPLY.get(kind) or FUNCTIONS.get(kind)
        entries = [table.TABLE[n] for n in names]
        if not spellings:
            print(f"family_spellings: FAIL: no tirx spellings of {kind}")
            problems += 1
            continue
        refused = 0
        for s in spellings:
            ok, why = accepts(table, entries, s)
            if not ok:
                print(f"family_spellings: FAIL: tirx emits {s}, TIRx does not ({why})")
                refused += 1
        theirs = sum(len(list(table.variants(e))) for e in entries)
        print(f"family_spellings: {kind}: {len(spellings)} tirx spellings, "
              f"{len(spellings) - refused} of them TIRx's (TIRx's entries: {theirs})")
        problems += refused
    return 1 if problems else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cxx", required=True)
    ap.add_argument("--nvcc", default=None)
    ap.add_argument("--include", action="append", default=[],
                    help="include directory (repeat); the tirx include/ is added")
    ap.add_argument("--venv", default=None)
    ap.add_argument("--venv-ready", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if not args.venv_ready:
        try:
            import tvm_tirx.backend.cuda.ptx.table  # noqa: F401
        except Exception:  # noqa: BLE001
            if not args.venv:
                print("family_spellings: SKIPPED: tvm_tirx is not importable and no --venv given")
                return parity.SKIP
            py, why = parity.ensure_venv(args.venv)
            if py is None:
                print(f"family_spellings: SKIPPED: {why}")
                return parity.SKIP
            os.execv(py, [py, os.path.abspath(__file__), "--venv-ready"] + sys.argv[1:])
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
