#!/usr/bin/env python3
"""Differential parity suite: tirx against the real TIRx (apache-tvm-tirx).

Generates seeded random layouts as notation strings (shards over every
thread axis, several iters per axis, replicas, offsets, swizzles, negative
strides, non-power-of-two extents, up to 16 iters), evaluates them with
TIRx's layout code (tvm_tirx.tirx.layout, which runs on a CPU) and asks
parity_host (tirx, parsing the same strings at run time) for the same
operations: parsing, well-formedness, size, span, canonicalize, storage,
group, tile, tile_to, permute, slice, evaluation at every coordinate, and
SMEMPool placements. Everything both accept must give the same result;
where one refuses, the case must fall into a deliberate difference (see
DELIBERATE and docs/tirx-parity.md). Anything else is a silent difference
and fails the run.

Usage: parity.py --host PATH [--venv DIR] [--layouts N] [--seed S]
                 [--report FILE] [--self-test]
Without --venv-ready, the script creates DIR (a venv), installs
apache-tvm-tirx==0.1.0a4 into it with pip (once; the venv is reused) and
re-runs itself there. Exit 77 (ctest: skipped) when that is not possible.
Environment: PARITY_SEED overrides --seed.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

PACKAGE = "apache-tvm-tirx==0.1.0a4"
SKIP = 77
HASH_P = 2147483647

# Deliberate differences: key -> why (each has a row in docs/tirx-parity.md).
DELIBERATE = {
    "notation.several_shards": "S[...] + S[...]: TIRx keeps the first S silently; tirx refuses",
    "notation.several_replicas": "R[...] + R[...]: TIRx keeps the last R silently; tirx refuses",
    "notation.count_mismatch": "extents and strides of different counts: TIRx zips them and "
    "drops the rest; tirx refuses",
    "notation.no_shard": "no S[...] or S[()]: TIRx evaluates such a layout to no coordinate "
    "at all (its offset is lost); tirx refuses",
    "notation.bad_extent": "an extent below 1: TIRx accepts it (size 0 or negative); tirx refuses",
    "notation.float": "true division (8 / 2): TIRx builds a layout with a float stride; tirx "
    "refuses (use //)",
    "capacity": "more than 16 shard iters, 8 replica iters, 8 offset axes or 8 modes: tirx's "
    "fixed capacity, refused with a message",
    "wellformed.user_axis": "user axes: TIRx's check_well_formed rejects axes without a thread "
    "classification; tirx keeps them (its user axes)",
    "wellformed.memory_shard": "thread axes only in replicas and offsets: TIRx checks their "
    "scopes only when a shard iter is on a thread axis; tirx checks them always",
    "canonicalize.scopes": "canonicalize where dropping extent-1 iters breaks the chain of "
    "thread scopes (laneid, 1 : 1@warpid, bx): TIRx refuses; tirx gives the canonical layout "
    "(the same function), which validate() then refuses",
    "span.negative_stride": "span on an axis with a negative stride: TIRx's sum "
    "1 + offset + sum((e-1)*s) is no bound there; tirx gives the highest coordinate + 1",
    "tile.overlap": "tile with an inner layout below zero or with a negative stride on a scaled "
    "axis: TIRx's tiles overlap; tirx refuses",
    "tile.user_axis": "tile with user axes: TIRx refuses (no thread classification); tirx tiles",
    "eval.swizzle_off_m": "a swizzled layout with iters, replicas or offsets off m: TIRx cannot "
    "evaluate it; tirx swizzles m and keeps the other axes",
    "group.regroup": "permute/slice where TIRx's group refuses: tirx's views merge iters first "
    "(regroup); TIRx's layout permute refuses",
    "smem.reach": "SMEMPool: a layout reaching past shape x element bytes: TIRx places the next "
    "tensor over it; tirx refuses",
    "smem.misaligned": "SMEMPool: an offset that is not a multiple of the element's alignment: "
    "TIRx places the tensor there; tirx refuses",
}

THREAD = ["laneid", "warpid", "wgid", "tid_in_wg", "wid_in_wg", "tx", "bx", "by", "bz", "cbx",
          "cby", "cbz"]
# Well-formed families of thread axes (one chain of scopes each).
FAMILIES = [["laneid", "warpid"], ["laneid", "warpid", "bx", "by", "bz"],
            ["laneid", "warpid", "cbx", "cby"], ["tid_in_wg", "wgid"],
            ["laneid", "wid_in_wg", "wgid"], ["tx"], ["tx", "bx", "by"], ["tx", "cbx", "cbz"],
            ["laneid"], ["warpid"], ["wgid", "tid_in_wg", "bz"], ["laneid", "wid_in_wg"],
            ["bx", "by", "bz"], []]
USER = ["pid", "stage", "kv"]
MEMORY = ["m", "TLane", "TCol"]


# =============================================================================
# The venv
# =============================================================================
def ensure_venv(venv):
    """Path of a python with tvm_tirx importable, or (None, reason)."""
    if sys.version_info < (3, 10):
        return None, f"apache-tvm-tirx needs Python >= 3.10 (this is {sys.version.split()[0]})"
    py = os.path.join(venv, "bin", "python")
    probe = [py, "-c", "import numpy, tvm_tirx.tirx.layout"]
    if os.path.exists(py) and subprocess.run(probe, capture_output=True).returncode == 0:
        return py, None
    failed = venv + ".failed"  # a failed install is not retried for 10 minutes
    if os.path.exists(failed) and time.time() - os.path.getmtime(failed) < 600:
        with open(failed) as f:
            return None, f.read().strip() + " (an earlier attempt; retried after 10 minutes)"
    py, why = install(venv, py, probe)
    if py is None:
        with open(failed, "w") as f:
            f.write(why + "\n")
    elif os.path.exists(failed):
        os.remove(failed)
    return py, why


def install(venv, py, probe):
    t = time.time()
    r = subprocess.run([sys.executable, "-m", "venv", "--clear", venv], capture_output=True,
                       text=True)
    if r.returncode != 0:
        return None, "python3 -m venv failed: " + r.stderr.strip()[-300:]
    try:
        r = subprocess.run([py, "-m", "pip", "install", "--disable-pip-version-check", "-q",
                            "--retries", "1", "--timeout", "30", PACKAGE], capture_output=True,
                           text=True, timeout=900)
    except subprocess.TimeoutExpired:
        return None, f"pip install {PACKAGE} took more than 15 minutes"
    if r.returncode != 0:
        last = [l for l in (r.stderr or r.stdout).splitlines() if l.strip()][-1:] or ["?"]
        return None, f"pip install {PACKAGE} failed: {last[0].strip()[:300]}"
    if subprocess.run(probe, capture_output=True).returncode != 0:
        return None, "tvm_tirx does not import after the install"
    print(f"parity: installed {PACKAGE} into {venv} in {time.time() - t:.0f} s", flush=True)
    return py, None


# =============================================================================
# Random layouts and their notation
# =============================================================================
class Lay:
    """A layout as the generator builds it (the truth both sides must parse)."""

    def __init__(self):
        self.shard, self.replica, self.offset, self.swz = [], [], {}, None

    def axes(self):
        return {a for _, _, a in self.shard + self.replica} | set(self.offset)


def rand_extent(rng, budget):
    choices = [1, 2, 2, 2, 3, 4, 4, 5, 6, 7, 8, 8, 12, 16, 32]
    for _ in range(8):
        e = rng.choice(choices)
        if e <= budget:
            return e
    return 1


def random_layout(rng, max_size=2048):
    lay = Lay()
    r = rng.random()
    rank = rng.randint(1, 4) if r < 0.6 else rng.randint(5, 8) if r < 0.9 else rng.randint(9, 16)
    if rng.random() < 0.8:
        family = rng.choice(FAMILIES)
    else:  # anything: ill-formed chains too
        family = rng.sample(THREAD, rng.randint(1, 3))
    pool = list(family) + ["m"] * 3
    if rng.random() < 0.15:
        pool.append(rng.choice(["TLane", "TCol"]))
    if rng.random() < 0.1:
        pool.append(rng.choice(USER))
    if rng.random() < 0.05:  # many distinct axes (up to 16): user axes besides the chain
        rank = rng.randint(9, 16)
        pool = ["m", "laneid", "warpid", "bx", "by", "bz", "TLane", "TCol"] + [
            f"u{k}" for k in range(1, 9)]
    swizzled = rng.random() < 0.15
    if swizzled:
        pool = ["m"]
    budget = max_size
    inner_on = {}
    iters = []
    for _ in range(rank):
        e = rand_extent(rng, budget)
        budget //= e
        iters.append(e)
    unused = list(pool)
    rng.shuffle(unused)
    for e in reversed(iters):
        a = unused.pop() if unused and rng.random() < 0.5 else rng.choice(pool)
        k = rng.random()
        if k < 0.4:  # contiguous with the iter inside it on the same axis: mergeable
            s = inner_on.get(a, 1)
        elif k < 0.55:
            s = -rng.randint(1, 6)
        elif k < 0.6:
            s = 0
        else:
            s = rng.randint(1, 12)
        inner_on[a] = e * abs(s) if s else inner_on.get(a, 1)
        lay.shard.insert(0, (e, s, a))
    if rng.random() < 0.3 and not swizzled:
        for _ in range(rng.choice([1, 1, 2, 2, 3, 5])):
            a = rng.choice(pool)
            lay.replica.append((rng.choice([1, 2, 2, 3, 4]), rng.choice([1, 2, 4, 8, -1, 0, 3]),
                                a))
    if rng.random() < 0.4:
        for _ in range(rng.choice([1, 1, 2, 3, 5])):
            a = rng.choice(pool + ["m"])
            v = rng.randint(-9, 20)
            if v == 0:
                v = 1  # tirx drops zero offsets; TIRx keeps them (no difference in value)
            lay.offset[a] = lay.offset.get(a, 0) + v
            if lay.offset[a] == 0:
                del lay.offset[a]
    if swizzled:
        if rng.random() < 0.6:
            lay.swz = (rng.randint(1, 3), rng.randint(0, 4), 3)  # the hardware modes
        else:
            b = rng.randint(0, 3)
            lay.swz = (b, rng.randint(0, 3), rng.randint(b, 5))
    return lay


def num(rng, v, fancy):
    """An integer in TIRx's (Python) notation, sometimes as an expression."""
    if not fancy or rng.random() < 0.7:
        return str(v)
    k = rng.random()
    if v > 1 and k < 0.3:
        for f in (2, 3, 4):
            if v % f == 0:
                return f"{f} * {v // f}"
    if v >= 0 and k < 0.5:
        return hex(v)
    if k < 0.7:
        a = rng.randint(-3, 3)
        return f"({a} + {v - a})"
    if v > 0 and (v & (v - 1)) == 0 and k < 0.8:
        return f"2 ** {v.bit_length() - 1}"
    return str(v)


def sp(rng):
    return rng.choice(["", "", " "])


def render_iters(rng, iters, fancy, default_ok):
    n = len(iters)
    strides_rm = []
    acc = 1
    for e, _, _ in reversed(iters):
        strides_rm.insert(0, acc)
        acc *= e
    row_major = all(a == "m" and s == strides_rm[i] for i, (_, s, a) in enumerate(iters))
    ext = [num(rng, e, fancy) for e, _, _ in iters]
    if default_ok and row_major and rng.random() < 0.4:
        if n > 1 and rng.random() < 0.5:
            return ", ".join(ext)  # S[4, 8]
        return "(" + ", ".join(ext) + ("," if n == 1 else "") + ")"

    def term(s, a):
        if a == "m" and rng.random() < 0.8:
            return num(rng, s, fancy)
        if fancy and rng.random() < 0.2 and s > 1 and s % 2 == 0:
            return f"2 * {s // 2}@{a}"
        return f"{s}@{a}"

    strs = [term(s, a) for _, s, a in iters]
    if n == 1 and rng.random() < 0.5:
        return f"{ext[0]}{sp(rng)}:{sp(rng)}{strs[0]}"
    return "(" + ", ".join(ext) + ")" + sp(rng) + ":" + sp(rng) + "(" + ", ".join(strs) + ")"


def render(rng, lay, fancy=True):
    parts = ["S[" + render_iters(rng, lay.shard, fancy, True) + "]"]
    if lay.replica:
        parts.append("R[" + render_iters(rng, lay.replica, fancy, True) + "]")
    offs = []
    for a, v in lay.offset.items():
        offs.append(num(rng, v, fancy) if a == "m" and rng.random() < 0.7 else f"{v}@{a}")
    lead = ""
    if "m" in lay.offset and rng.random() < 0.2:  # an integer before S[...] (TIRx accepts it)
        lead = f"{lay.offset['m']} + "
        offs = [o for a, o in zip(lay.offset, offs) if a != "m"]
    if len(offs) >= 2 and rng.random() < 0.3:
        offs = ["(" + " + ".join(offs) + ")"]
    text = lead + f"{sp(rng)}+{sp(rng)}".join(parts + offs)
    if lay.swz is not None:
        text += f" ^ swizzle({lay.swz[0]}, {lay.swz[1]}, {lay.swz[2]})"
    elif rng.random() < 0.1:
        text = "TileLayout(" + text + ")"
    return text


def broken_notation(rng):
    """Strings TIRx evaluates wrongly or refuses: both must refuse, or the case
    is a deliberate difference."""
    a, b = random_layout(rng, 64), random_layout(rng, 64)
    sa, sb = render(rng, a, False), render(rng, b, False)
    k = rng.randrange(9)
    if k == 0 and "^" not in sa and "^" not in sb and not sa.startswith("T"):
        return f"{sa.split(' ^')[0]} + S[{render_iters(rng, b.shard, False, False)}]"
    if k == 1:
        return f"S[4] + R[2 : 1@warpid] + R[{render_iters(rng, b.shard, False, False)}]"
    if k == 2:
        return "3@warpid + " + sa
    if k == 3:
        return "S[(4, 8) : (1,)]"
    if k == 4:
        return rng.choice(["S[0 : 1]", "S[(2, -2) : (1, 1)]", "S[4] + R[0 : 1@warpid]"])
    if k == 5:
        return rng.choice(["R[2 : 1@warpid] + 3", "S[()]", "S[()] + 2@laneid"])
    if k == 6:
        return rng.choice(["S[4 : 4@laneid * 2]", "S[4 : 8 / 2]", "S[4 : (1@laneid + 1)]",
                           "S[4, 8 : 8, 1]", "S[08]", "S[4] - 1", "S[4 : 1@@laneid]"])
    if k == 7:  # more than tirx's capacity
        return "S[4] + R[(" + ", ".join(["2"] * 9) + ") : (" + ", ".join(
            [f"{2 ** i}@warpid" for i in range(9)]) + ")]"
    return "S[(" + ", ".join(["1"] * 17) + ") : (" + ", ".join(["1"] * 17) + ")]"


# =============================================================================
# TIRx
# =============================================================================
class TirxSide:
    def __init__(self):
        import numpy as np
        import tvm_tirx.tirx as tx
        from tvm_tirx.tirx import layout as L
        self.np, self.L = np, L
        self.var = tx.Var("i", "int32")
        self.cache = {}

        class Swz:
            def __init__(self, b, m, s):
                self.bms = (b, m, s)

            def __rxor__(self, spec):
                return ("swz", spec) + self.bms

        env = {"S": L.S, "R": L.R, "TileLayout": lambda x: x, "swizzle": Swz}

        class Names(dict):
            def __missing__(self, name):
                return L.Axis.get(name)

        self.names = Names(env)

    def build(self, text):
        """The TIRx layout of a notation string, or raises."""
        v = eval("(" + text + ")", {"__builtins__": {}}, self.names)  # noqa: S307 (our strings)
        L = self.L
        if isinstance(v, tuple) and v and v[0] == "swz":
            _, spec, b, m, s = v
            return L.ComposeLayout(m, b, s, L.TileLayout(spec))
        if not isinstance(v, L._LayoutSpec):
            raise ValueError("not a layout")
        return L.TileLayout(v)

    def integral(self, lay):
        """Whether every extent, stride and offset is an integer (TIRx takes floats)."""
        from tvm_tirx.ir import IntImm
        t, _ = self.parts(lay)
        vals = [x for i in list(t.shard) + list(t.replica) for x in (i.extent, i.stride)]
        return all(isinstance(v, IntImm) for v in vals + list(t.offset.values()))

    def parts(self, lay):
        """(tile layout, swizzle or None)."""
        if isinstance(lay, self.L.ComposeLayout):
            swz = (int(lay.swizzle_len), int(lay.per_element), int(lay.atom_len))
            return lay.tile_layout, (swz if swz[0] > 0 else None)
        return lay, None

    def structure(self, lay):
        t, swz = self.parts(lay)
        it = lambda xs: [[int(i.extent), int(i.stride), i.axis.name] for i in xs]  # noqa: E731
        off = {a.name: int(v) for a, v in t.offset.items() if int(v) != 0}
        return {"shard": it(t.shard), "replica": it(t.replica), "offset": off,
                "swz": list(swz) if swz else None}

    def wellformed(self, lay):
        try:
            lay.check_well_formed()
            return "none"
        except Exception as e:  # noqa: BLE001
            msg = str(e)
            if "conflicting scopes" in msg:
                return "thread_scope_conflict"
            if "disconnected" in msg:
                return "thread_scope_disconnected"
            if "thread classification" in msg:
                return "user_axis"
            return "other: " + msg.strip().splitlines()[-1][:120]

    def evaluate(self, lay, n):
        """{axis: numpy array of the values at flat 0..n-1}, or None if TIRx cannot."""
        np = self.np
        try:
            exprs = lay.apply(self.var)
        except Exception:  # noqa: BLE001
            return None
        i = np.arange(n, dtype=np.int64)
        out = {}
        for k, e in exprs.items():
            try:  # TIRx's expression of the flat index, evaluated on every index at once
                v = self.tree(e, i)
            except KeyError:  # a node the walker does not know: one index at a time
                v = np.array([int(lay.apply(x)[k]) for x in range(n)], dtype=np.int64)
            out[str(k)] = np.broadcast_to(np.asarray(v, dtype=np.int64), (n,)).copy()
        return out

    def tree(self, e, i):
        np = self.np
        name = type(e).__name__
        if name == "IntImm":
            return int(e.value)
        if name == "Var":
            return i
        ops = {"Add": np.add, "Sub": np.subtract, "Mul": np.multiply,
               "FloorDiv": np.floor_divide, "FloorMod": np.mod, "BitwiseXor": np.bitwise_xor,
               "BitwiseAnd": np.bitwise_and, "BitwiseOr": np.bitwise_or,
               "LShift": np.left_shift, "RShift": np.right_shift, "Max": np.maximum,
               "Min": np.minimum}
        return ops[name](self.tree(e.a, i), self.tree(e.b, i))

    def with_replicas(self, lay):
        """The layout whose shard is replica ++ shard: every placement of lay at
        index r * size + flat (TIRx has no apply for replicas)."""
        L = self.L
        t, swz = self.parts(lay)
        x = L.TileLayout.from_iters(list(t.replica) + list(t.shard), [], dict(t.offset.items()))
        return L.ComposeLayout(swz[1], swz[0], swz[2], x) if swz else x


def hashes(np, values):
    out = {}
    for k, v in values.items():
        n = len(v)
        w = (np.arange(n, dtype=np.int64) * 48271 + 11) % HASH_P
        out[k] = int(np.sum((v % HASH_P) * w % HASH_P) % HASH_P)
    return out


def same_hashes(a, b):
    keys = set(a) | set(b)
    return all(a.get(k, 0) == b.get(k, 0) for k in keys)


def sorted_struct(s):
    """A structure with replicas as a sorted multiset (their order has no meaning)."""
    return dict(s, replica=sorted(s["replica"], key=lambda x: (x[2], x[1], x[0])))


# =============================================================================
# The run
# =============================================================================
class Report:
    def __init__(self):
        self.agree, self.deliberate, self.silent = {}, {}, []
        self.examples = {}

    def ok(self, op):
        self.agree[op] = self.agree.get(op, 0) + 1

    def known(self, key, example):
        assert key in DELIBERATE, key
        self.deliberate[key] = self.deliberate.get(key, 0) + 1
        self.examples.setdefault(key, example)

    def differ(self, op, text, detail):
        self.silent.append({"op": op, "case": text, "detail": detail})


def factor_shapes(rng, n, count):
    shapes = []
    for _ in range(count):
        dims, rest = [], n
        for _ in range(rng.randint(1, 4)):
            divs = [d for d in range(1, rest + 1) if rest % d == 0]
            d = rng.choice(divs)
            dims.append(d)
            rest //= d
        dims.append(rest)
        if rng.random() < 0.3:
            dims.insert(rng.randrange(len(dims) + 1), 1)
        shapes.append(dims)
    return shapes


def csv(xs):
    return ",".join(str(x) for x in xs)


def simple_outer(rng, rank_modes):
    """An outer layout for tile: a few iters per mode on m or one thread family."""
    lay = random_layout(rng, 32)
    lay.swz = None
    return lay


def run(args, host_args):
    import numpy as np
    t0 = time.time()
    seed = int(os.environ.get("PARITY_SEED", args.seed))
    rng = random.Random(seed)
    tx = TirxSide()
    rep = Report()
    requests, checks = [], []  # host request lines; what to compare with each answer

    def ask(line, check):
        requests.append(line)
        checks.append(check)

    # ---- the layouts ----------------------------------------------------------------
    fixed = [
        "S[(2, 2, 2, 2, 2, 2, 2, 2, 2) : (1, 1@laneid, 1@warpid, 1@wgid, 1@tx, 1@tid_in_wg, "
        "1@wid_in_wg, 1@bx, 1@by)]",  # issue 13's nine axes
        "S[(2, 2, 2, 2, 2, 2, 2, 2, 2) : (1, 1@laneid, 1@warpid, 1@bx, 1@by, 1@bz, 1@TLane, "
        "1@TCol, 1@pid)]",
        "S[(8, 2, 4, 2) : (4@laneid, 1@warpid, 1@laneid, 1)] + R[2 : 4@warpid] + 5@warpid",
        "S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]", "S[8, 64] ^ swizzle(3, 3, 3)",
        "S[(2, 128, 112) : (112@TCol, 1@TLane, 1@TCol)]", "S[8 : 1] + 1", "S[8 : -1] + 7",
        "S[4 : 1] + R[2]", "S[2 * 4 : 0x10] + (2 + 3)", "5 + S[4]",
    ]
    texts = list(fixed)
    truth = [None] * len(fixed)
    while len(texts) < args.layouts:
        if rng.random() < 0.04:
            texts.append(broken_notation(rng))
            truth.append(None)
        else:
            lay = random_layout(rng)
            texts.append(render(rng, lay))
            truth.append(lay)
    coords = 0
    built = {}
    for idx, text in enumerate(texts):
        try:
            lay = tx.build(text)
        except Exception:  # noqa: BLE001
            lay = None
        if lay is not None and not tx.integral(lay):
            ask(f"P\t{idx}\t{text}", ("PF", idx, text, lay, None))
            continue
        built[idx] = lay
        ask(f"P\t{idx}\t{text}\teval", ("P", idx, text, lay, truth[idx]))
        if lay is None:
            continue
        t, swz = tx.parts(lay)
        size = int(lay.size())
        if size < 1:
            continue
        if size <= 1 << 16:
            for shp in factor_shapes(rng, size, 2):
                ask(f"G\tg{idx}\t{text}\t{csv(shp)}", ("G", idx, text, lay, shp))
            if len(t.shard) <= 8:
                shp = factor_shapes(rng, size, 1)[0]
                perm = list(range(len(shp)))
                rng.shuffle(perm)
                ask(f"PM\tp{idx}\t{text}\t{csv(shp)}\t{csv(perm)}",
                    ("PM", idx, text, lay, (shp, perm)))
        if size <= 4096:
            shp = factor_shapes(rng, size, 1)[0]
            specs = []
            for d in shp:
                if rng.random() < 0.4:
                    specs.append(("i", rng.randrange(d)))
                else:
                    step = rng.choice([1, 1, 2])
                    ext = rng.randint(1, max(1, d // step))
                    begin = rng.randrange(max(1, d - (ext - 1) * step))
                    specs.append(("r", begin, ext, step))
            enc = ",".join(":".join(str(x) for x in s) for s in specs)
            ask(f"SL\ts{idx}\t{text}\t{csv(shp)}\t{enc}", ("SL", idx, text, lay, (shp, specs)))
        if size <= 512 and rng.random() < 0.7:
            ishp = factor_shapes(rng, size, 1)[0][:3]
            ishp = ishp if np.prod(ishp) == size else [size]
            outer = simple_outer(rng, len(ishp))
            otext = render(rng, outer, False)
            try:
                olay = tx.build(otext)
                osize = int(olay.size())
            except Exception:  # noqa: BLE001
                continue
            oshp = factor_shapes(rng, osize, 1)[0]
            oshp = (oshp + [1] * len(ishp))[:len(ishp)]
            if np.prod(oshp) != osize:
                oshp = [osize] + [1] * (len(ishp) - 1)
            ask(f"T\tt{idx}\t{text}\t{otext}\t{csv(oshp)}\t{csv(ishp)}",
                ("T", idx, text, lay, (olay, otext, oshp, ishp)))
            big = [d * rng.randint(1, 3) for d in ishp]
            ask(f"TT\ttt{idx}\t{text}\t{csv(ishp)}\t{csv(big)}",
                ("TT", idx, text, lay, (ishp, big)))
    # ---- SMEMPool ---------------------------------------------------------------------
    dtypes = {"float32": 4, "float16": 2, "bfloat16": 2, "float64": 8, "int8": 1, "int32": 4,
              "uint64": 8}
    for k in range(args.layouts // 20):
        calls = []
        for _ in range(rng.randint(1, 8)):
            if rng.random() < 0.1:
                calls.append(("move", rng.choice([0, 64, 100, 4096])))
            else:
                dt = rng.choice(list(dtypes))
                shape = [rng.choice([1, 3, 8, 64, 128, 5, 1000])]
                calls.append((dt, shape, rng.choice([0, 0, 0, 16, 128, 1024])))
        enc = ",".join(f"m:{c[1]}" if c[0] == "move" else
                       f"a:{int(np.prod(c[1])) * dtypes[c[0]]}:{c[2]}:{dtypes[c[0]]}"
                       for c in calls)
        ask(f"SP\tsp{k}\t{enc}", ("SP", k, enc, None, calls))
    ask("SC", ("SC", 0, "", None, None))

    # ---- run tirx while TIRx is evaluated -----------------------------------------------
    with tempfile.TemporaryDirectory() as tmp:
        req = os.path.join(tmp, "requests.txt")
        with open(req, "w") as f:
            f.write("\n".join(requests) + "\n")
        with open(req) as fin, open(os.path.join(tmp, "answers.txt"), "w") as fout:
            proc = subprocess.Popen([args.host] + host_args, stdin=fin, stdout=fout)
            expect = [expected(tx, np, c) for c in checks]
            proc.wait()
        if proc.returncode != 0:
            print(f"parity: FAIL: parity_host exited with {proc.returncode}")
            return 1
        with open(os.path.join(tmp, "answers.txt")) as f:
            answers = [json.loads(line) for line in f if line.strip()]
    t_eval = time.time() - t0
    # the compiled plans come as several answers to one SC request
    compiled = [a for a in answers if a["id"].startswith("compiled:")]
    answers = [a for a in answers if not a["id"].startswith("compiled:")]
    if len(answers) != len(checks) - 1:
        print(f"parity: FAIL: {len(answers)} answers to {len(checks) - 1} requests")
        return 1
    for c, e, a in zip(checks, expect, answers):
        coords += compare(rep, np, tx, c, e, a)
    for a in compiled:
        compare_smem(rep, a["desc"], tirx_smem_desc(a["desc"]), a)
    # ---- report -----------------------------------------------------------------------
    n_layouts = sum(1 for c in checks if c[0] in ("P", "PF"))
    widest = max((len(t.axes()) for t in truth if t is not None), default=0)
    longest = max((len(t.shard) for t in truth if t is not None), default=0)
    print(f"parity: seed {seed}, {n_layouts} layouts (up to {longest} iters, {widest} axes), "
          f"{coords} coordinates evaluated by both, {time.time() - t0:.0f} s (TIRx and tirx "
          f"{t_eval:.0f} s)")
    for op in sorted(rep.agree):
        print(f"  agree  {op:24s} {rep.agree[op]}")
    for key in sorted(rep.deliberate):
        print(f"  deliberate {key:28s} {rep.deliberate[key]:6d}  e.g. {rep.examples[key][:90]}")
    if args.report:
        with open(args.report, "w") as f:
            json.dump({"seed": seed, "layouts": n_layouts, "coordinates": coords,
                       "agree": rep.agree, "deliberate": rep.deliberate,
                       "examples": rep.examples, "silent": rep.silent}, f, indent=1)
    if rep.silent:
        print(f"parity: FAIL: {len(rep.silent)} silent differences")
        for s in rep.silent[:25]:
            print(f"  {s['op']}: {s['case']}\n      {s['detail']}")
        return 1
    print("parity: PASS: no silent difference")
    return 0


# ---- what TIRx says for one request ---------------------------------------------------
def expected(tx, np, c):
    kind, idx, text, lay, extra = c
    try:
        if kind == "P":
            return expect_layout(tx, np, lay)
        if kind == "G":
            return expect_group(tx, lay, extra)
        if kind == "PM":
            return expect_permute(tx, lay, extra)
        if kind == "SL":
            n = int(lay.size())
            return {"values": tx.evaluate(lay, n), "n": n}
        if kind in ("T", "TT"):
            return expect_tile(tx, np, kind, lay, extra)
        if kind == "SP":
            return tirx_smem(extra)
    except Exception as e:  # noqa: BLE001
        return {"error": repr(e)}
    return None


def expect_layout(tx, np, lay):
    if lay is None:
        return {"built": False}
    t, swz = tx.parts(lay)
    out = {"built": True, "structure": tx.structure(lay), "wellformed": tx.wellformed(lay)}
    size = int(lay.size())
    out["size"] = size
    if size < 1:  # TIRx accepts extents below 1
        return out
    axes = {"m"} | {i.axis.name for i in list(t.shard) + list(t.replica)} | {
        a.name for a in t.offset}
    out["size_axis"], out["span"] = {}, {}
    for a in axes:
        try:
            out["size_axis"][a] = int(t.size(a))
            out["span"][a] = int(t.span(a))
        except Exception as e:  # noqa: BLE001
            out["span_error"] = str(e).strip().splitlines()[-1][:160]
    try:
        out["canon"] = sorted_struct(tx.structure(lay.canonicalize()))
    except Exception as e:  # noqa: BLE001
        out["canon_error"] = str(e).strip().splitlines()[-1][:160]
    if size <= 4096:
        vals = tx.evaluate(lay, size)
        out["eval"] = hashes(np, vals) if vals is not None else None
        out["values"] = vals
        nrep = int(np.prod([int(i.extent) for i in t.replica])) if t.replica else 1
        if t.replica and size * nrep <= 8192:
            rv = tx.evaluate(tx.with_replicas(lay), size * nrep)
            out["eval_rep"] = hashes(np, rv) if rv is not None else None
            out["placements"] = size * nrep
    return out


def expect_group(tx, lay, shp):
    t, swz = tx.parts(lay)
    try:
        g, seps = t.group(shp)
    except Exception as e:  # noqa: BLE001
        return {"ok": False, "why": str(e).strip().splitlines()[-1][:100]}
    s = tx.structure(g)
    return {"ok": True, "shard": s["shard"], "bound": [int(x) for x in seps]}


def expect_permute(tx, lay, extra):
    shp, perm = extra
    t, swz = tx.parts(lay)
    try:
        g, seps = t.group(shp)
    except Exception:  # noqa: BLE001
        return {"ok": False}
    p = g.permute_by_groups([int(x) for x in seps], perm)
    s = tx.structure(p)
    s["swz"] = list(swz) if swz else None
    return {"ok": True, "structure": s, "shape": [shp[i] for i in perm]}


def expect_tile(tx, np, kind, lay, extra):
    try:
        if kind == "T":
            olay, otext, oshp, ishp = extra
            res = lay.tile(olay, oshp, ishp)
            shape = [a * b for a, b in zip(oshp, ishp)]
        else:
            ishp, big = extra
            res = lay.tile_to(big, ishp)
            shape = big
    except Exception as e:  # noqa: BLE001
        return {"ok": False, "why": str(e).strip().splitlines()[-1][:120]}
    n = int(np.prod(shape))
    vals = tx.evaluate(res, n) if n <= 1 << 15 else None
    return {"ok": True, "structure": sorted_struct(tx.structure(res)), "shape": shape,
            "eval": hashes(np, vals) if vals is not None else None}


def _smem_pool():
    """TIRx's SMEMPool class with its IR emission stubbed out: its placement
    code (alignment, advance by shape x element bits, move_base_to, the
    high-water mark) runs as written."""
    import types
    import tvm_tirx.tirx
    import tvm_tirx.backend.cuda.lang.alloc_pool as ap

    class Stub:
        def alloc_tensor(self, ty_args):
            return types.SimpleNamespace(value=types.SimpleNamespace(data="ptr"))

        def Tensor(self, *a, **k):  # noqa: N802
            return None

        def decl_tensor(self, ptr, ty_args):
            return ptr

        def _bind_tensor(self, v):
            return v

    ap._ir = Stub()
    tvm_tirx.tirx.ptr_byte_offset = lambda p, off, ty=None: off
    return ap.SMEMPool


def tirx_smem(calls):
    pool = _smem_pool()()
    offs = []
    for c in calls:
        if c[0] == "move":
            pool.move_base_to(c[1])
        else:
            offs.append(int(pool.alloc(list(c[1]), c[0], align=c[2])))
    return {"offsets": offs, "total": int(pool.max_offset)}


def tirx_smem_desc(desc):
    calls = []
    for c in desc.split(","):
        p = c.split(":")
        if p[0] == "move":
            calls.append(("move", int(p[1])))
        else:
            calls.append((p[0], [int(x) for x in p[1].split("x")], int(p[2])))
    return tirx_smem(calls)


# ---- comparing ---------------------------------------------------------------------------
def classify_refusal(a):
    """The deliberate difference that a tirx refusal (P answer) is, or None."""
    p = a.get("parse")
    return {"several_shards": "notation.several_shards",
            "several_replicas": "notation.several_replicas",
            "count_mismatch": "notation.count_mismatch", "no_shard": "notation.no_shard",
            "bad_extent": "notation.bad_extent", "too_many_iters": "capacity"}.get(p)


def compare(rep, np, tx, c, e, a):
    kind, idx, text, lay, extra = c
    if e is not None and "error" in e:
        rep.differ(kind, text, "the driver failed on TIRx: " + e["error"])
        return 0
    if kind == "P":
        return compare_layout(rep, np, tx, c, e, a)
    if kind == "PF":  # TIRx built a layout with a float in it
        if a["parse"] == "bad_expression":
            rep.known("notation.float", text)
        else:
            rep.differ("notation", text, f"TIRx builds floats, tirx {a['parse']}")
        return 0
    if "parse" in a:  # tirx refused the notation: the P answer says which difference
        return 0
    if kind == "G":
        if a.get("capacity"):
            rep.known("capacity", text)
        elif a["ok"] != e["ok"]:
            rep.differ("group", f"{text} by {extra}", f"tirx ok={a['ok']}, TIRx {e}")
        elif a["ok"] and (a["layout"]["shard"] != e["shard"] or a["bound"] != e["bound"]):
            rep.differ("group", f"{text} by {extra}",
                       f"tirx {a['layout']['shard']} {a['bound']}, TIRx {e['shard']} {e['bound']}")
        else:
            rep.ok("group")
        return 0
    if kind == "PM":
        if a.get("capacity"):
            rep.known("capacity", text)
        elif a["ok"] and not e["ok"]:
            if a["gok"]:
                rep.differ("permute", f"{text} {extra}", "tirx groups, TIRx refuses")
            else:
                rep.known("group.regroup", f"permute {text} by {extra[0]}")
        elif a["ok"] != e["ok"]:
            rep.differ("permute", f"{text} {extra}", f"tirx ok={a['ok']}, TIRx ok={e['ok']}")
        elif a["ok"]:
            if sorted_struct(a["layout"]) != sorted_struct(e["structure"]) or \
                    a["shape"] != e["shape"]:
                rep.differ("permute", f"{text} {extra}", f"tirx {a['layout']}, TIRx {e}")
            else:
                rep.ok("permute")
        return 0
    if kind == "SL":
        return compare_slice(rep, np, c, e, a)
    if kind in ("T", "TT"):
        what = f"{kind} {text} | {extra[1] if kind == 'T' else ''} {extra[-2:]}"
        if a.get("capacity") or "parse" in a:
            rep.known("capacity", what)
        elif a["ok"] and not e["ok"]:
            if "thread classification" in e["why"]:
                rep.known("tile.user_axis", what)
            else:
                rep.differ("tile", what, "tirx tiles, TIRx refuses: " + e["why"])
        elif e["ok"] and not a["ok"]:
            if len(e["structure"]["shard"]) > 16 or len(e["structure"]["replica"]) > 8:
                rep.known("capacity", what)
            elif overlap_refusal(tx, lay, c):
                rep.known("tile.overlap", what)
            elif scopes_broken(e["structure"]) and not shard_threads(e["structure"]):
                rep.known("wellformed.memory_shard", what)
            else:
                rep.differ("tile", what, f"tirx refuses, TIRx gives {e['structure']}")
        elif a["ok"]:
            if sorted_struct(a["layout"]) != e["structure"] or a["shape"] != e["shape"]:
                rep.differ("tile", what, f"tirx {sorted_struct(a['layout'])}, TIRx {e['structure']}")
            elif e["eval"] is not None and not same_hashes(a["eval"], e["eval"]):
                rep.differ("tile", what, "the tiled layouts evaluate differently")
            else:
                rep.ok("tile" if kind == "T" else "tile_to")
                if e["eval"] is None:
                    rep.known("eval.swizzle_off_m", what)
        else:
            rep.ok("tile refused by both")
        return 0
    if kind == "SP":
        compare_smem(rep, text, e, a)
        return 0
    return 0


def overlap_refusal(tx, lay, c):
    """True when tiled() refused because TIRx's tiles would overlap: the inner
    layout reaches below zero or has a negative stride on an axis that an outer
    iter of extent > 1 scales."""
    kind, idx, text, _, extra = c
    t, _ = tx.parts(lay)
    shard = [(int(i.extent), int(i.stride), i.axis.name) for i in t.shard]
    reps = [(int(i.extent), int(i.stride), i.axis.name) for i in t.replica]
    offs = {a.name: int(v) for a, v in t.offset.items()}
    if kind == "T":
        o, _ = tx.parts(extra[0])
        outer_axes = {i.axis.name for i in o.shard if int(i.extent) > 1}
    else:
        outer_axes = {"m"} if any(b > a for a, b in zip(extra[0], extra[1])) else set()
    canon_axes = {a for e, _, a in shard if e > 1} or ({shard[0][2]} if shard else set())
    for ax in outer_axes:
        if ax not in canon_axes:
            continue
        lo = offs.get(ax, 0) + sum((e - 1) * s for e, s, a in shard + reps if a == ax and s < 0)
        if lo < 0 or any(e > 1 and s < 0 and a == ax for e, s, a in shard + reps):
            return True
    return False


def compare_layout(rep, np, tx, c, e, a):
    kind, idx, text, lay, truth = c
    tirx_ok = a["parse"] == "none"
    if not e["built"] and not tirx_ok:
        rep.ok("notation refused by both")
        return 0
    if e["built"] and not tirx_ok:
        key = classify_refusal(a)
        if key:
            rep.known(key, text)
        else:
            rep.differ("notation", text, f"tirx refuses ({a['parse']} at {a['pos']}), TIRx "
                       f"accepts {e['structure']}")
        return 0
    if not e["built"] and tirx_ok:
        rep.differ("notation", text, f"tirx accepts {a['layout']}, TIRx refuses")
        return 0
    # both parsed: the same value
    if a["layout"] != e["structure"]:
        rep.differ("notation", text, f"tirx {a['layout']}, TIRx {e['structure']}")
        return 0
    if truth is not None:  # and the generator's meaning
        want = {"shard": [list(x) for x in truth.shard], "replica": [list(x) for x in
                truth.replica], "offset": truth.offset, "swz": list(truth.swz) if truth.swz
                and truth.swz[0] > 0 else None}
        if a["layout"] != want:
            rep.differ("notation", text, f"both parse {a['layout']}, generated {want}")
            return 0
    rep.ok("notation")
    # well-formedness
    tw, xw = a["valid"], e["wellformed"]
    if tw == xw or (xw == "user_axis" and tw.startswith("thread_scope")):
        rep.ok("well-formedness")
    elif xw == "user_axis" and tw == "none":
        rep.known("wellformed.user_axis", text)
    elif tw.startswith("thread_scope") and xw == "none" and not shard_threads(a["layout"]):
        rep.known("wellformed.memory_shard", text)
    elif tw == "swizzle_on_non_memory" and xw == "none":
        rep.ok("well-formedness")  # TIRx refuses to evaluate it instead (below)
    else:
        rep.differ("well-formedness", text, f"tirx {tw}, TIRx {xw}")
    # size and span
    if a["size"] != e["size"]:
        rep.differ("size", text, f"tirx {a['size']}, TIRx {e['size']}")
    else:
        rep.ok("size")
    for ax, v in e["size_axis"].items():
        if a["size_axis"].get(ax, 1) != v:
            rep.differ("size(axis)", text, f"{ax}: tirx {a['size_axis'].get(ax)}, TIRx {v}")
        else:
            rep.ok("size(axis)")
    neg = {x[2] for x in a["layout"]["shard"] + a["layout"]["replica"] if x[0] > 1 and x[1] < 0}
    for ax, v in e["span"].items():
        if a["span"].get(ax, 1) == v:
            rep.ok("span")
        elif ax in neg:
            rep.known("span.negative_stride", f"{text} on {ax}: tirx {a['span'].get(ax)}, "
                      f"TIRx {v}")
        else:
            rep.differ("span", text, f"{ax}: tirx {a['span'].get(ax)}, TIRx {v}")
    # where TIRx refuses an operation (its canonicalize and span check the thread axes)
    for what in ("canon_error", "span_error"):
        if what in e:
            op = "canonicalize" if what == "canon_error" else "span"
            if tw.startswith("thread_scope") or tw == "swizzle_on_non_memory":
                rep.ok(f"{op} refused by both")  # tirx's layout_of refuses the layout
            elif "thread classification" in e[what]:
                rep.known("wellformed.user_axis", f"{op} of {text}")
            elif what == "canon_error" and scopes_broken(a["canon"]) and "scope" in e[what]:
                rep.known("canonicalize.scopes", text)
            else:
                rep.differ(op, text, "TIRx refuses: " + e[what])
    # canonicalize
    if "canon" in e:
        if sorted_struct(a["canon"]) != e["canon"]:
            rep.differ("canonicalize", text, f"tirx {a['canon']}, TIRx {e['canon']}")
        else:
            rep.ok("canonicalize")
    # evaluation at every coordinate
    coords = 0
    if "eval" in e:
        if e["eval"] is None:
            if a["layout"]["swz"] is not None:
                rep.known("eval.swizzle_off_m", text)
            else:
                rep.differ("evaluate", text, "TIRx cannot evaluate it")
        elif not same_hashes(a["eval"], e["eval"]):
            rep.differ("evaluate", text, f"hashes tirx {a['eval']}, TIRx {e['eval']}")
        else:
            rep.ok("evaluate")
            coords += e["size"]
        if e.get("eval_rep") is not None:
            if not same_hashes(a["eval_rep"], e["eval_rep"]):
                rep.differ("evaluate replicas", text, "the placements of the replicas differ")
            else:
                rep.ok("evaluate replicas")
                coords += e["placements"]
        if e["values"] is not None:
            compare_storage(rep, np, text, a, e)
    return coords


MEMORY_AXES = {"m", "TLane", "TCol"}


def shard_threads(structure):
    """Whether a shard iter is on an axis that is not a memory axis."""
    return any(x[2] not in MEMORY_AXES for x in structure["shard"])


SCOPES = {"laneid": (4, 5), "warpid": (2, 4), "wgid": (2, 3), "tid_in_wg": (3, 5),
          "wid_in_wg": (3, 4), "tx": (2, 5), "bx": (0, 2), "by": (0, 2), "bz": (0, 2),
          "cbx": (1, 2), "cby": (1, 2), "cbz": (1, 2)}


def scopes_broken(structure):
    """tirx's thread-scope rule (validate) on a structure: every built-in thread
    axis of the shard, replicas and offsets in one chain of scopes."""
    axes = [x[2] for x in structure["shard"] + structure["replica"]] + list(structure["offset"])
    parent = {}
    for a in axes:
        if a not in SCOPES:
            continue
        sc, sub = SCOPES[a]
        if parent.setdefault(sub, sc) != sc:
            return True
    if not parent:
        return False
    cur, chain = max(parent), 0
    while cur in parent:
        chain, cur = chain + 1, parent[cur]
    return chain != len(parent)


def compare_storage(rep, np, text, a, e):
    """storage(L) against TIRx's L: at every flat index whose thread digits are 0,
    L's memory axes equal storage(L) at the index of the memory digits."""
    shard = a["layout"]["shard"]
    mem = {"m", "TLane", "TCol"}
    n = e["size"]
    i = np.arange(n, dtype=np.int64)
    rest, j, mult, zero = i.copy(), np.zeros(n, dtype=np.int64), 1, np.ones(n, dtype=bool)
    for ext, _, ax in reversed(shard):
        d = rest % ext
        rest //= ext
        if ax in mem:
            j += d * mult
            mult *= ext
        else:
            zero &= d == 0
    pick = np.zeros(mult, dtype=np.int64)
    pick[j[zero]] = i[zero]
    want = {k: v[pick] for k, v in e["values"].items() if k in mem}
    if not same_hashes(a["eval_storage"], hashes(np, want)):
        rep.differ("storage", text, "storage(L) differs from L's memory axes")
    else:
        rep.ok("storage")


def compare_slice(rep, np, c, e, a):
    kind, idx, text, lay, (shp, specs) = c
    what = f"{text} {shp} {specs}"
    if a.get("capacity") or "parse" in a:
        return 0
    if not a["ok"]:
        rep.ok("slice refused")  # TIRx has no layout slice to compare the refusal with
        return 0
    if e["values"] is None:
        rep.known("eval.swizzle_off_m", what)
        return 0
    # the region's coordinates, row-major, mapped to flat indices of the original
    axes_ = []
    for d, s in zip(shp, specs):
        axes_.append(np.array([s[1]]) if s[0] == "i" else s[1] + s[3] * np.arange(s[2]))
    grids = np.meshgrid(*axes_, indexing="ij") if axes_ else []
    flat = np.zeros(grids[0].size if grids else 1, dtype=np.int64)
    for d, g in zip(shp, grids):
        flat = flat * d + g.reshape(-1)
    want = {k: v[flat] for k, v in e["values"].items()}
    if not same_hashes(a["eval"], hashes(np, want)):
        rep.differ("slice", what, "the slice places elements unlike the original (TIRx)")
    else:
        rep.ok("slice")
    return 0


def compare_smem(rep, text, e, a):
    if a.get("refused"):
        rep.known("smem.misaligned", text)
    elif a["offsets"] != e["offsets"] or a["total"] != e["total"]:
        rep.differ("SMEMPool", text, f"tirx {a['offsets']} total {a['total']}, TIRx "
                   f"{e['offsets']} total {e['total']}")
    else:
        rep.ok("SMEMPool")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host", required=True)
    ap.add_argument("--venv", default=None)
    ap.add_argument("--venv-ready", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--layouts", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--report", default=None)
    ap.add_argument("--self-test", action="store_true")
    args = ap.parse_args()
    if not args.venv_ready:
        try:
            import numpy  # noqa: F401
            import tvm_tirx.tirx.layout  # noqa: F401
            have = True
        except Exception:  # noqa: BLE001
            have = False
        if not have:
            if not args.venv:
                print("parity: SKIPPED: tvm_tirx is not importable and no --venv was given")
                return SKIP
            py, why = ensure_venv(args.venv)
            if py is None:
                print(f"parity: SKIPPED: {why}")
                return SKIP
            os.execv(py, [py, os.path.abspath(__file__), "--venv-ready"] + sys.argv[1:])
    if args.self_test:
        args.layouts = min(args.layouts, 400)
        args.report = None
        rc = run(args, ["--perturb"])
        if rc == 0:
            print("parity.selftest: FAIL: a perturbed tirx went unnoticed")
            return 1
        print("parity.selftest: PASS: the perturbed spans were reported")
        return 0
    return run(args, [])


if __name__ == "__main__":
    sys.exit(main())
