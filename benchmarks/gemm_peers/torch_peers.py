#!/usr/bin/env python3
"""Times PyTorch's GEMMs on the benchmark's problems (benchmarks/bench_gemm.cu's):

  torch_matmul   torch.matmul(a, b.T, out=d): cuBLAS(Lt) through PyTorch, every problem
  torch_compile  torch.compile(mode="max-autotune", dynamic=False) of a @ b.T: Inductor
                 benchmarks its Triton GEMM templates against cuBLAS and keeps the
                 fastest (CUDA graphs on, as that mode has them); a few problems only,
                 since each compile autotunes for a minute or more (--compile-shapes,
                 --compile-budget)

a (m, k) and b (n, k) are bf16, uniform in [-1, 1) from a generator seeded per
problem; every peer's output is checked against cuBLAS's fp32 product (SGEMM,
TF32 off) before it is timed: |d - ref| <= |ref| / 128 + sqrt(k) / 1024 for
every element, the C++ harness's rule, after the warm-up calls (so a compiled
function is checked as it is timed: replaying its CUDA graph). Timing: 20
warm-up calls, then 3 rounds
of 20 calls each between CUDA events, queued behind a ~10 ms sleep kernel so
that the events time the GPU rather than Python's launch path; medians.

Output: CSV rows M,N,K,impl,tflops,cublas_tflops,ratio,checked,start_unix,end_unix,compile_s
(cublas_tflops and ratio empty: the cuBLAS figure comes from the C++ harness;
checked 1 / 0; start/end the wall clock around the timed rounds, for the
nvidia-smi samples). Exit status 0, 1 when an output mismatched, 77 without
torch or a CUDA GPU.

  python3 benchmarks/gemm_peers/torch_peers.py --out torch_gemm.csv [--quick]
"""

from __future__ import annotations

import argparse
import math
import sys
import time

try:
    import torch
    import torch._dynamo  # reset() between the compiled problems
except ImportError:
    torch = None

WARMUP, ROUNDS, REPS = 20, 3, 20
HOLD_CYCLES = 20_000_000  # ~10 ms of GPU sleep while the host queues a round


def problems(quick: bool) -> list[tuple[int, int, int]]:
    if quick:
        return [(4096, 4096, 4096), (8192, 8192, 8192)]
    ps = [(s, s, s) for s in (1024, 2048, 4096, 8192, 16384)]
    ps += [(m, n, k) for m in (1, 16, 128, 1024, 4096, 16384)
           for n, k in ((4096, 4096), (14336, 4096), (4096, 14336))]
    return ps + [(4095, 4104, 4096), (8191, 8200, 8192)]


DEFAULT_COMPILE = "4096,4096,4096 8192,8192,8192 4096,14336,4096 128,4096,14336"


def parse_shapes(text: str) -> list[tuple[int, int, int]]:
    shapes = []
    for item in text.replace(";", " ").split():
        m, n, k = (int(v) for v in item.split(","))
        shapes.append((m, n, k))
    return shapes


_start = time.perf_counter()


def log(msg: str) -> None:
    print(f"[gemm peers {time.perf_counter() - _start:6.1f}s] {msg}", file=sys.stderr, flush=True)


def time_calls(fn) -> list[float]:
    """ROUNDS x REPS calls of fn between CUDA events, in milliseconds."""
    times = []
    for _ in range(ROUNDS):
        events = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True))
                  for _ in range(REPS)]
        torch.cuda._sleep(HOLD_CYCLES)
        for start, end in events:
            start.record()
            fn()
            end.record()
        torch.cuda.synchronize()
        times += [start.elapsed_time(end) for start, end in events]
    return times


def median(values: list[float]) -> float:
    values = sorted(values)
    return values[len(values) // 2]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", help="CSV file (default stdout)")
    p.add_argument("--quick", action="store_true", help="4096^3 and 8192^3 only")
    p.add_argument("--compile-shapes", default=DEFAULT_COMPILE, metavar="M,N,K ...",
                   help=f"problems for torch.compile (default: {DEFAULT_COMPILE}); "
                        "'' for none")
    p.add_argument("--compile-budget", type=float, default=180.0, metavar="SECONDS",
                   help="start no compile once compiles took this long (default 180)")
    args = p.parse_args(argv)
    if torch is None:
        print("torch_peers.py: PyTorch is not installed; nothing to time", file=sys.stderr)
        return 77
    if not torch.cuda.is_available():
        print("torch_peers.py: no CUDA GPU visible to PyTorch; nothing to time", file=sys.stderr)
        return 77

    torch.backends.cuda.matmul.allow_tf32 = False  # the reference is a true fp32 product
    out = open(args.out, "w") if args.out else sys.stdout
    out.write("M,N,K,impl,tflops,cublas_tflops,ratio,checked,start_unix,end_unix,compile_s\n")
    dev = torch.device("cuda")
    ps = problems(args.quick)
    compile_shapes = parse_shapes(args.compile_shapes)
    if args.quick:
        compile_shapes = [s for s in compile_shapes if s in ps]
    compile_spent = 0.0
    all_ok = True
    log(f"{torch.cuda.get_device_name()}, torch {torch.__version__}; {len(ps)} problems, "
        f"torch.compile on {len(compile_shapes)}")

    for i, (m, n, k) in enumerate(ps):
        gen = torch.Generator(device=dev)
        gen.manual_seed(1000 + i)
        a = torch.empty(m, k, device=dev).uniform_(-1, 1, generator=gen).bfloat16()
        b = torch.empty(n, k, device=dev).uniform_(-1, 1, generator=gen).bfloat16()
        ref = a.float() @ b.float().t()
        tol = ref.abs().div_(128).add_(math.sqrt(k) / 1024)
        flop = 2.0 * m * n * k

        def checked(d) -> bool:
            return bool(((d.float() - ref).abs() <= tol).all())  # NaN fails

        d = torch.full((m, n), float("nan"), device=dev, dtype=torch.bfloat16)
        peers = [("torch_matmul", lambda: torch.matmul(a, b.t(), out=d), 0.0)]
        if (m, n, k) in compile_shapes:
            if compile_spent < args.compile_budget:
                torch._dynamo.reset()
                fn = torch.compile(lambda x, y: x @ y.t(), mode="max-autotune", dynamic=False)
                t0 = time.perf_counter()
                first = fn(a, b)  # the compile and its autotuning
                torch.cuda.synchronize()
                took = time.perf_counter() - t0
                compile_spent += took
                log(f"{m}x{n}x{k}: torch.compile max-autotune took {took:.1f} s")
                del first
                peers.append(("torch_compile", lambda: fn(a, b), took))
            else:
                log(f"{m}x{n}x{k}: torch.compile skipped, the budget of "
                    f"{args.compile_budget:.0f} s is spent ({compile_spent:.0f} s)")
        for impl, fn_call, compile_s in peers:
            for _ in range(WARMUP):  # (torch.compile: CUDA graphs recorded, then replayed)
                fn_call()
            result = fn_call()
            torch.cuda.synchronize()
            ok = checked(result)
            del result
            if not ok:
                all_ok = False
                log(f"{m}x{n}x{k}: {impl} MISMATCH against cuBLAS's fp32 product; not timed")
                out.write(f"{m},{n},{k},{impl},,,,0,,,{compile_s:.1f}\n")
                continue
            start = time.time()
            t = time_calls(fn_call)
            end = time.time()
            tflops = flop / (median(t) * 1e-3) / 1e12
            out.write(f"{m},{n},{k},{impl},{tflops:.1f},,,1,{start:.3f},{end:.3f},"
                      f"{compile_s:.1f}\n")
            out.flush()
            log(f"{m}x{n}x{k}: {impl} {tflops:.1f} TFLOP/s")
        del a, b, ref, tol, d, peers
        torch.cuda.empty_cache()
    if out is not sys.stdout:
        out.close()
    log("done" if all_ok else "done, with MISMATCHES")
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
