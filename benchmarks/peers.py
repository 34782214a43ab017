#!/usr/bin/env python3
"""Times the PyTorch peers of the benchmark kernels (see KERNELS.md).

Two implementations of every kernel:
  torch          eager PyTorch, with the out= form of the op where torch has one
  torch_compile  torch.compile (default mode, static shapes: one graph per
                 kernel and size, as a model with fixed shapes gets it; with
                 automatic dynamic shapes the generic kernels ran up to 25%
                 slower on the H200 at 1 GiB, which would flatter tirx)

Each (kernel, size) gets fresh random data, every implementation is checked
against a float64 (or exact) reference, then timed with CUDA events (3 warm-up
calls, median of 20, of 10 at 4 GiB), and one CSV row per implementation is
written in the format of KERNELS.md, after '# key: value' comment lines
(gpu, date, torch, command). Progress goes to stderr.

  python3 benchmarks/peers.py --out peers.csv            # the full sweep
  python3 benchmarks/peers.py --quick --kernels softmax  # a smoke test

Exit status: 0 when every output matched its reference, 1 when one did not
(or a size failed to run), 77 when torch or a CUDA GPU is missing.
"""

from __future__ import annotations

import argparse
import datetime
import math
import re
import shlex
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Callable, Optional

try:
    import torch
    import torch._dynamo  # mark_static
    import torch.nn.functional as F
except ImportError:  # reported in main(), so that --help still works
    torch = None

KiB, MiB, GiB = 1 << 10, 1 << 20, 1 << 30

FULL_SIZES = [MiB << i for i in range(13)]  # 1 MiB .. 4 GiB
QUICK_SIZES = [1 * MiB, 16 * MiB, 256 * MiB]  # as tirx_bench --quick
DEFAULT_COLS = 4096  # row length of the row kernels and of add_bias
WIDE_COLS = (8192, 16384)  # also run at the wide-rows size
WIDE_AT = 1 * GiB  # or the largest size swept, when that is smaller
ROW_KERNELS = ("row_sum", "row_max", "softmax", "rmsnorm")

WARMUP = 3
REPS, REPS_HUGE = 20, 10  # REPS_HUGE from HUGE bytes of input on
HUGE = 4 * GiB
ROTATE_BYTES = 200 * MiB  # 4x the H200's L2: rotate buffers below this
HOLD_CYCLES = 20_000_000  # ~10 ms of GPU sleep while the host queues calls

IMPLS = ("torch", "torch_compile")
CSV_HEADER = "kernel,impl,size_bytes,n,rows,cols,median_us,gbps,checked"

_start = time.perf_counter()


def log(msg: str) -> None:
    print(f"[peers {time.perf_counter() - _start:7.1f}s] {msg}", file=sys.stderr, flush=True)


def size_label(nbytes: int) -> str:
    for unit, scale in (("GiB", GiB), ("MiB", MiB), ("KiB", KiB)):
        if nbytes >= scale and nbytes % scale == 0:
            return f"{nbytes // scale} {unit}"
    return f"{nbytes} B"


def parse_size(text: str) -> int:
    """'1048576', '64M', '64MiB', '4G', '4 GiB' -> bytes (binary units)."""
    m = re.fullmatch(r"\s*(\d+)\s*([kmg]?)(i?b)?\s*", text, re.IGNORECASE)
    if not m:
        raise argparse.ArgumentTypeError(f"not a size: {text!r} (e.g. 1048576, 64M, 4GiB)")
    scale = {"": 1, "k": KiB, "m": MiB, "g": GiB}[m.group(2).lower()]
    nbytes = int(m.group(1)) * scale
    if nbytes <= 0 or nbytes % 4:
        raise argparse.ArgumentTypeError(f"size {text!r} is not a positive multiple of 4 bytes")
    return nbytes


def split_list(values: list[str]) -> list[str]:
    """Accepts both '--x a b' and '--x a,b'."""
    return [item for value in values for item in value.split(",") if item]


# ---------------------------------------------------------------------------
# Checks: each reference returns a function that tells whether an output is
# right. References are computed in float64, or exactly.
# ---------------------------------------------------------------------------

Check = Callable[["torch.Tensor"], bool]

_SAME_SIZE_INT = {}  # float dtype -> int dtype of its size, for bit compares


def bits(t: "torch.Tensor") -> "torch.Tensor":
    if not _SAME_SIZE_INT:
        _SAME_SIZE_INT.update({torch.float32: torch.int32, torch.float16: torch.int16,
                               torch.bfloat16: torch.int16, torch.float64: torch.int64})
    return t.view(_SAME_SIZE_INT[t.dtype])


def exactly(expected: "torch.Tensor") -> Check:
    """Bit-exact, -0.0 and +0.0 told apart."""
    def check(y):
        return (y.dtype == expected.dtype and y.shape == expected.shape
                and bool((bits(y) == bits(expected)).all()))
    return check


def relatively(expected: "torch.Tensor", rel: float = 1e-5, floor: float = 1e-6) -> Check:
    """|y - ref| <= max(rel * |ref|, floor) for every element (NaN fails)."""
    def check(y):
        if y.shape != expected.shape:
            return False
        err = (y.double() - expected).abs_()
        return bool((err <= (expected.abs() * rel).clamp_min_(floor)).all())
    return check


def row_sum_close(expected: "torch.Tensor", abs_sum: "torch.Tensor", rel: float = 1e-5) -> Check:
    """Each row's sum within rel * (sum of |x| over the row)."""
    def check(y):
        if y.shape != expected.shape:
            return False
        return bool(((y.double() - expected).abs_() <= abs_sum * rel).all())
    return check


def round_to_float(xd: "torch.Tensor", mantissa_bits: int, min_exp: int) -> "torch.Tensor":
    """Rounds float64 values to a narrower binary float, to nearest even.

    The rounding is done here in float64 (the spacing of the target format at
    each value, then torch.round, which rounds halves to even), so the result
    does not go through the conversion that the peers use. Values must lie
    within the target's range; min_exp is its smallest normal exponent, below
    which the spacing stays that of the subnormals.
    """
    _, exp = torch.frexp(xd)  # xd = m * 2^exp, 0.5 <= |m| < 1
    step = (exp.long() - 1).clamp_min_(min_exp) - mantissa_bits
    spacing = ((step + 1023) << 52).view(torch.float64)  # 2^step, built from its bits
    return xd.div(spacing).round_().mul_(spacing)


def ref_copy(x):
    return exactly(x)


def ref_add_one(x):
    return exactly((x.double() + 1).float())


def ref_affine_relu(x):
    # 2x is exact, so one rounding of 2x + 1 in float64 -> float32 is the fma's.
    return exactly((x.double() * 2 + 1).clamp_min_(0).float())


def ref_silu(x):
    xd = x.double()
    return relatively(xd / (1 + torch.exp(-xd)))


def ref_to_f16(x):
    return exactly(round_to_float(x.double(), 10, -14).half())


def ref_to_bf16(x):
    return exactly(round_to_float(x.double(), 7, -126).bfloat16())


def ref_add_bias(x, bias):
    # Sums of two float32 values round the same through float64.
    return exactly((x.double() + bias.double()).float())


def ref_row_sum(x):
    xd = x.double()
    return row_sum_close(xd.sum(-1), xd.abs().sum(-1))


def ref_row_max(x):
    return exactly(x.double().amax(-1).float())


def ref_softmax(x):
    xd = x.double()
    e = torch.exp(xd - xd.amax(-1, keepdim=True))
    return relatively(e / e.sum(-1, keepdim=True))


def ref_rmsnorm(x, w):
    xd = x.double()
    return relatively(xd / torch.sqrt(xd.square().mean(-1, keepdim=True) + 1e-6) * w.double())


def ref_transpose(x):
    # y.t() compared with x element by element: no transpose kernel involved.
    def check(y):
        return y.shape == x.t().shape and bool((bits(y.t()) == bits(x)).all())
    return check


# ---------------------------------------------------------------------------
# The peers: the torch expression (eager, and what torch.compile compiles),
# and the out= form for eager where torch has one.
# ---------------------------------------------------------------------------

def rmsnorm(x, w):
    return (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)) * w


@dataclass(frozen=True)
class Kernel:
    name: str
    layout: str  # "flat" (n), "bias" (rows x 4096), "rows" (rows x cols), "square"
    expr: Callable
    reference: Callable[..., Check]
    eager_out: Optional[Callable] = None  # (*inputs, out=...) writes out
    reduces: bool = False  # one output value per row (shapes the out= buffer)

    def counted_bytes(self, n: int, rows: int, cols: int) -> int:
        return {
            "to_f16": 6 * n, "to_bf16": 6 * n,
            "add_bias": 8 * n + 4 * DEFAULT_COLS,
            "row_sum": 4 * n + 4 * rows, "row_max": 4 * n + 4 * rows,
            "rmsnorm": 8 * n + 4 * cols,
        }.get(self.name, 8 * n)


KERNELS = [
    Kernel("copy", "flat", lambda x: x.clone(), ref_copy,
           eager_out=lambda x, out: out.copy_(x)),
    Kernel("add_one", "flat", lambda x: x + 1, ref_add_one,
           eager_out=lambda x, out: torch.add(x, 1, out=out)),
    Kernel("affine_relu", "flat", lambda x: torch.relu(x * 2 + 1), ref_affine_relu),
    Kernel("silu", "flat", lambda x: F.silu(x), ref_silu),
    Kernel("to_f16", "flat", lambda x: x.half(), ref_to_f16),
    Kernel("to_bf16", "flat", lambda x: x.bfloat16(), ref_to_bf16),
    Kernel("add_bias", "bias", lambda x, bias: x + bias, ref_add_bias,
           eager_out=lambda x, bias, out: torch.add(x, bias, out=out)),
    Kernel("row_sum", "rows", lambda x: x.sum(-1), ref_row_sum,
           eager_out=lambda x, out: torch.sum(x, -1, out=out), reduces=True),
    Kernel("row_max", "rows", lambda x: x.amax(-1), ref_row_max,
           eager_out=lambda x, out: torch.amax(x, -1, out=out), reduces=True),
    Kernel("softmax", "rows", lambda x: torch.softmax(x, dim=-1), ref_softmax),
    Kernel("rmsnorm", "rows", rmsnorm, ref_rmsnorm),
    Kernel("transpose", "square", lambda x: x.t().contiguous(), ref_transpose),
    # tirx's transpose through a swizzled shared tile: the same operation for torch
    Kernel("transpose_swizzled", "square", lambda x: x.t().contiguous(), ref_transpose),
]
KERNEL_NAMES = [k.name for k in KERNELS]


def shape_of(kernel: Kernel, n: int, cols: int) -> Optional[tuple[int, int]]:
    """(rows, cols) of x, (0, 0) for flat kernels, None if n does not fit."""
    if kernel.layout == "flat":
        return (0, 0)
    if kernel.layout == "bias":
        cols = DEFAULT_COLS
    elif kernel.layout == "square":
        cols = 1 << math.ceil(math.log2(n) / 2)
    if n % cols:
        return None
    return (n // cols, cols)


def make_inputs(kernel: Kernel, n: int, rows: int, cols: int, seed: int, device):
    """x (and bias or weight), uniform in [-4, 4) from a generator seeded per size."""
    gen = torch.Generator(device=device)
    gen.manual_seed(seed)

    def uniform(*shape):
        return torch.empty(shape, device=device).uniform_(-4, 4, generator=gen)

    x = uniform(n) if kernel.layout == "flat" else uniform(rows, cols)
    if kernel.name == "add_bias":
        return (x, uniform(DEFAULT_COLS))
    if kernel.name == "rmsnorm":
        return (x, uniform(cols))
    return (x,)


# ---------------------------------------------------------------------------
# Timing
# ---------------------------------------------------------------------------

def copies_needed(footprint: int) -> int:
    """How many input/output sets to rotate through so that consecutive calls
    on the same set are more than ROTATE_BYTES apart (and miss the L2)."""
    return 1 if footprint >= ROTATE_BYTES else ROTATE_BYTES // footprint + 1


def time_calls(launch: Callable[[int], None], first: int, count: int, device) -> list[float]:
    """Times launch(first), ..., launch(first + count - 1), in microseconds.

    On a GPU each call sits between two CUDA events. A sleep kernel first
    holds the GPU while the host queues all the calls, so that the events
    measure the GPU's time and not the host's launch overhead."""
    if device.type != "cuda":  # a dry run on the CPU: wall clock
        times = []
        for i in range(first, first + count):
            t0 = time.perf_counter()
            launch(i)
            times.append((time.perf_counter() - t0) * 1e6)
        return times
    events = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True))
              for _ in range(count)]
    torch.cuda._sleep(HOLD_CYCLES)
    for i, (start, end) in enumerate(events):
        start.record()
        launch(first + i)
        end.record()
    torch.cuda.synchronize()
    return [start.elapsed_time(end) * 1e3 for start, end in events]


class Runner:
    """One implementation of one kernel at one size: check, then time."""

    def __init__(self, fn: Callable, out_form: bool, sets: list[tuple], out_of: Callable):
        self.fn = fn
        self.out_form = out_form
        self.sets = sets  # k input sets, the first one the checked data
        self.outs = [out_of(s) for s in sets] if out_form else [None] * len(sets)

    def launch(self, i: int):
        j = i % len(self.sets)
        if self.out_form:
            self.fn(*self.sets[j], out=self.outs[j])
        else:  # keep k results alive, so that each call writes fresh memory
            self.outs[j] = self.fn(*self.sets[j])
        return self.outs[j]

    def checked_run(self):
        if self.out_form:  # 0xFF bytes: NaN in float32, caught by every check
            self.outs[0].view(torch.uint8).fill_(0xFF)
        return self.launch(0)

    def release(self):
        self.outs = [None] * len(self.sets)


def out_buffer(kernel: Kernel, inputs: tuple):
    x = inputs[0]
    return torch.empty(x.shape[:-1] if kernel.reduces else x.shape, device=x.device)


def measure(kernel, impl, fn, sets, check, device, reps):
    """Checks then times one implementation; returns (median_us, checked)."""
    runner = Runner(fn, impl == "torch" and kernel.eager_out is not None, sets,
                    lambda s: out_buffer(kernel, s))
    t0 = time.perf_counter()
    ok = check(runner.checked_run())
    first_call = time.perf_counter() - t0
    if first_call > 1.0:  # a compile, most likely
        log(f"  {impl}: first call and check took {first_call:.1f} s")
    for i in range(1, 1 + WARMUP):
        runner.launch(i)
    times = time_calls(runner.launch, 1 + WARMUP, reps, device)
    runner.release()
    return statistics.median(times), ok


def compile_count() -> Optional[int]:
    try:
        from torch._dynamo.utils import counters
        return int(counters["stats"]["unique_graphs"])
    except Exception:  # the counter is internal; only used in the log
        return None


# ---------------------------------------------------------------------------
# The sweep
# ---------------------------------------------------------------------------

@dataclass
class Point:
    kernel: Kernel
    size: int
    cols: int  # asked for; the layout may fix another


def plan(kernels: list[Kernel], sizes: list[int]) -> list[Point]:
    wide_at = max([s for s in sizes if s <= WIDE_AT], default=min(sizes))
    points = []
    for kernel in kernels:
        points += [Point(kernel, s, DEFAULT_COLS) for s in sizes]
        if kernel.name in ROW_KERNELS:
            points += [Point(kernel, wide_at, c) for c in WIDE_COLS]
    return points


def keep_row_length_static(sets: list[tuple]) -> None:
    """Tells torch.compile that the row length is a constant.

    Automatic dynamic shapes would otherwise make cols symbolic once the
    wide-row variants come, and compile one generic reduction for every row
    length. A model's hidden size is fixed, so each row length gets its own
    specialised graph (rows still become dynamic over the size sweep)."""
    for inputs in sets:
        for t in inputs:  # x's last dimension, and rmsnorm's weight
            torch._dynamo.mark_static(t, t.dim() - 1)


def run_point(point: Point, compiled: Callable, device, emit) -> bool:
    kernel, size = point.kernel, point.size
    n = size // 4
    shape = shape_of(kernel, n, point.cols)
    label = f"{kernel.name} {size_label(size)}"
    if kernel.layout == "rows":
        label += f" cols={point.cols}"
    if shape is None:
        log(f"{label}: skipped, {n} elements do not make whole rows")
        return True
    rows, cols = shape
    nbytes = kernel.counted_bytes(n, rows, cols)
    reps = REPS_HUGE if size >= HUGE else REPS
    inputs = make_inputs(kernel, n, rows, cols, seed=size, device=device)
    check = kernel.reference(*inputs)
    k = copies_needed(nbytes)
    sets = [inputs] + [tuple(t.clone() for t in inputs) for _ in range(k - 1)]
    if kernel.layout == "rows":
        keep_row_length_static(sets)
    peers = {"torch": kernel.eager_out or kernel.expr, "torch_compile": compiled}
    all_ok = True
    results = []
    for impl in IMPLS:
        median_us, ok = measure(kernel, impl, peers[impl], sets, check, device, reps)
        gbps = nbytes / (median_us * 1e-6) / 1e9
        emit(kernel.name, impl, size, n, rows, cols, median_us, gbps, ok)
        results.append(f"{impl} {gbps:8.1f} GB/s{'' if ok else ' CHECK FAILED'}")
        all_ok &= ok
    log(f"{label} (x{k}): " + ", ".join(results))
    return all_ok


def run_kernel(kernel: Kernel, points: list[Point], device, emit) -> bool:
    # static shapes: every size gets its own specialised graph
    torch._dynamo.config.cache_size_limit = max(torch._dynamo.config.cache_size_limit, 64)
    if hasattr(torch._dynamo.config, "recompile_limit"):
        torch._dynamo.config.recompile_limit = max(torch._dynamo.config.recompile_limit, 64)
    compiled = torch.compile(kernel.expr, dynamic=False)
    before = compile_count()
    all_ok = True
    for point in points:
        try:
            all_ok &= run_point(point, compiled, device, emit)
        except torch.cuda.OutOfMemoryError as err:
            log(f"{kernel.name} {size_label(point.size)}: out of memory, skipped ({err})")
            all_ok = False
        except Exception as err:  # one broken point (a failed compile, say) spares the rest
            log(f"{kernel.name} {size_label(point.size)}: FAILED, {type(err).__name__}: {err}")
            all_ok = False
        free_memory(device)
    after = compile_count()
    if before is not None and after is not None:
        log(f"{kernel.name}: {after - before} graph(s) compiled")
    return all_ok


def free_memory(device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize()
        torch.cuda.empty_cache()


class CsvOut:
    """Writes the rows as they come, so that a broken run keeps what it did."""

    def __init__(self, path: Optional[str], comments: list[str]):
        self.file = open(path, "w") if path else sys.stdout
        for line in comments:
            self.file.write(f"# {line}\n")
        self.file.write(CSV_HEADER + "\n")
        self.file.flush()

    def __call__(self, kernel, impl, size, n, rows, cols, median_us, gbps, ok):
        self.file.write(f"{kernel},{impl},{size},{n},{rows},{cols},"
                        f"{median_us:.3f},{gbps:.1f},{int(bool(ok))}\n")
        self.file.flush()

    def close(self):
        if self.file is not sys.stdout:
            self.file.close()


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog="Sizes are input bytes: 1048576, 64M, 64MiB, 4G ...")
    p.add_argument("--sizes", nargs="+", metavar="SIZE",
                   help="input sizes (default: powers of two from 1 MiB to 4 GiB)")
    p.add_argument("--kernels", nargs="+", metavar="NAME",
                   help=f"a subset of: {', '.join(KERNEL_NAMES)}")
    p.add_argument("--out", metavar="FILE.csv", help="CSV file to write (default: stdout)")
    p.add_argument("--quick", action="store_true",
                   help=f"sizes {', '.join(map(size_label, QUICK_SIZES))} only (a smoke test)")
    p.add_argument("--device", default="cuda",
                   help="cuda (default), or cpu for a dry run of this script without a GPU")
    args = p.parse_args(argv)
    try:
        if args.sizes:
            args.sizes = sorted({parse_size(s) for s in split_list(args.sizes)})
        else:
            args.sizes = QUICK_SIZES if args.quick else FULL_SIZES
    except argparse.ArgumentTypeError as err:
        p.error(str(err))
    names = split_list(args.kernels) if args.kernels else KERNEL_NAMES
    unknown = sorted(set(names) - set(KERNEL_NAMES))
    if unknown:
        p.error(f"unknown kernel(s) {', '.join(unknown)}; known: {', '.join(KERNEL_NAMES)}")
    args.kernels = [k for k in KERNELS if k.name in names]
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    if torch is None:
        print("peers.py: PyTorch is not installed (python3 -m pip install torch); nothing to time",
              file=sys.stderr)
        return 77
    device = torch.device(args.device)
    if device.type == "cuda" and not torch.cuda.is_available():
        print("peers.py: no CUDA GPU visible to PyTorch; nothing to time "
              "(--device cpu runs the script itself on the CPU)", file=sys.stderr)
        return 77

    gpu = torch.cuda.get_device_name(device) if device.type == "cuda" else "cpu"
    command = " ".join(shlex.quote(a) for a in [sys.argv[0]] + (argv or sys.argv[1:]))
    out = CsvOut(args.out, [f"gpu: {gpu}", f"date: {datetime.date.today().isoformat()}",
                            f"torch: {torch.__version__}", f"command: python3 {command}"])
    log(f"{gpu}, torch {torch.__version__}; sizes {', '.join(size_label(s) for s in args.sizes)}")

    points = plan(args.kernels, args.sizes)
    all_ok = True
    for kernel in args.kernels:
        all_ok &= run_kernel(kernel, [p for p in points if p.kernel is kernel], device, out)
    out.close()
    log("done" if all_ok else "done, with FAILURES (see the checked column and the lines above)")
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
