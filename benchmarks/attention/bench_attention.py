"""The attention of kernels/attention beside PyTorch's SDPA backends, in one
process on one GPU: cuDNN's fused attention, FlashAttention-2 (torch's FLASH
backend) and the memory-efficient kernel, each checked against an fp32
reference first, then timed alternately (CUDA events; the median of rounds).

    python3 benchmarks/attention/bench_attention.py [--quick] [--backward] [--dims 128,192]
                                                    [--csv FILE]

Shapes follow the FlashAttention-3 paper: batch * seqlen = 16k tokens,
heads * head_dim = 2048, random normal bf16 inputs; TFLOP/s = 4 B H S^2 D,
halved when causal. --backward times the backward pass instead (the
gradients of q, k and v through autograd, the forward done once;
TFLOP/s = 2.5x the forward's FLOPs, head dims 64 and 128). Prints a table
(and writes a CSV) of TFLOP/s and of each peer's time over tirx's.
"""

from __future__ import annotations

import argparse
import csv
import pathlib
import statistics
import sys

import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "examples" / "torch"))
import tirx_ops  # noqa: E402  (builds the extension on first use)


def sdpa(backend):
    def run(q, k, v, causal):
        # SDPA takes (B, H, S, D): the BSHD tensors' transposed views
        with sdpa_kernel(backend):
            return F.scaled_dot_product_attention(
                q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), is_causal=causal
            ).transpose(1, 2)
    return run


def tirx(q, k, v, causal):
    return tirx_ops.attention(q, k, v, causal=causal)


IMPLS = {
    "tirx": tirx,
    "cudnn": sdpa(SDPBackend.CUDNN_ATTENTION),
    "flash2": sdpa(SDPBackend.FLASH_ATTENTION),
    "efficient": sdpa(SDPBackend.EFFICIENT_ATTENTION),
}


def time_ms(fn, iters):
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(iters):
        fn()
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end) / iters


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--csv", default="")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--backward", action="store_true")
    ap.add_argument("--dims", default="", help="head dims, e.g. 128,192 (default: all)")
    args = ap.parse_args()
    if args.backward:
        return backward(args)
    dev = torch.cuda.get_device_name()
    print(f"# {dev}, torch {torch.__version__}, cuDNN {torch.backends.cudnn.version()}")
    seqs = [1024, 4096, 16384] if args.quick else [512, 1024, 2048, 4096, 8192, 16384]
    dims = [128] if args.quick else [64, 128, 192, 256]
    if args.dims:
        dims = [int(x) for x in args.dims.split(",")]
    rows = []
    for d in dims:
        for causal in (False, True):
            for s in seqs:
                b, h = max(1, 16384 // s), 2048 // d
                torch.manual_seed(0)
                q, k, v = (torch.randn(b, s, h, d, device="cuda", dtype=torch.bfloat16)
                           for _ in range(3))
                flops = 4 * b * h * s * s * d / (2 if causal else 1)
                ref = None
                if s <= 2048:
                    with sdpa_kernel(SDPBackend.MATH):
                        ref = F.scaled_dot_product_attention(
                            q.float().transpose(1, 2), k.float().transpose(1, 2),
                            v.float().transpose(1, 2), is_causal=causal).transpose(1, 2)
                ok = {}
                for name, fn in IMPLS.items():
                    try:
                        out = fn(q, k, v, causal)
                        torch.cuda.synchronize()
                    except RuntimeError as e:  # the backend does not take the shape
                        print(f"  {name}: not run ({str(e).splitlines()[0][:80]})")
                        continue
                    if ref is not None:
                        err = (out.float() - ref).abs().max().item()
                        if err > 2e-2:
                            print(f"  {name}: max |O - ref| = {err:.3e} (FAILED the check)")
                            if name == "tirx":
                                return 1
                            continue
                    ok[name] = fn
                iters = max(3, int(2e12 / flops))
                times = {n: [] for n in ok}
                for _ in range(args.rounds):
                    for n, fn in ok.items():
                        time_ms(lambda: fn(q, k, v, causal), 1)  # warm
                        times[n].append(time_ms(lambda: fn(q, k, v, causal), iters))
                med = {n: statistics.median(t) for n, t in times.items()}
                row = {"head_dim": d, "causal": causal, "seqlen": s, "batch": b, "heads": h}
                for n in IMPLS:
                    row[f"{n}_tflops"] = f"{flops / med[n] / 1e9:.1f}" if n in med else ""
                    row[f"{n}_over_tirx"] = (f"{med[n] / med['tirx']:.3f}"
                                             if n in med and "tirx" in med else "")
                rows.append(row)
                print(f"D {d:3d} {'causal' if causal else 'full  '} S {s:5d}: " + "  ".join(
                    f"{n} {row[n + '_tflops']:>6}" for n in IMPLS if n in med))
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
            w.writeheader()
            w.writerows(rows)
    return 0


def backward(args) -> int:
    dev = torch.cuda.get_device_name()
    print(f"# backward; {dev}, torch {torch.__version__}, cuDNN {torch.backends.cudnn.version()}")
    seqs = [1024, 4096, 16384] if args.quick else [512, 1024, 2048, 4096, 8192, 16384]
    dims = [128] if args.quick else [64, 128]
    rows = []
    for d in dims:
        for causal in (False, True):
            for s in seqs:
                b, h = max(1, 16384 // s), 2048 // d
                torch.manual_seed(0)
                q, k, v, do = (torch.randn(b, s, h, d, device="cuda", dtype=torch.bfloat16)
                               for _ in range(4))
                flops = 2.5 * 4 * b * h * s * s * d / (2 if causal else 1)
                ref = None
                if s <= 1024:
                    leaves = [t.float().requires_grad_() for t in (q, k, v)]
                    with sdpa_kernel(SDPBackend.MATH):
                        o = F.scaled_dot_product_attention(
                            *(t.transpose(1, 2) for t in leaves), is_causal=causal)
                    ref = torch.autograd.grad(o.transpose(1, 2), leaves, do.float())
                ok = {}
                for name, fn in IMPLS.items():
                    leaves = [t.clone().requires_grad_() for t in (q, k, v)]
                    try:
                        out = fn(*leaves, causal)
                        grads = torch.autograd.grad(out, leaves, do, retain_graph=True)
                        torch.cuda.synchronize()
                    except RuntimeError as e:  # the backend does not take the shape
                        print(f"  {name}: not run ({str(e).splitlines()[0][:80]})")
                        continue
                    if ref is not None:
                        err = max((g.float() - r).abs().max().item() for g, r in zip(grads, ref))
                        if err > 5e-2 * max(r.abs().max().item() for r in ref):
                            print(f"  {name}: max |grad - ref| = {err:.3e} (FAILED the check)")
                            if name == "tirx":
                                return 1
                            continue
                    ok[name] = (out, leaves)
                iters = max(3, int(2e12 / flops))

                def step(n):
                    out, leaves = ok[n]
                    return lambda: torch.autograd.grad(out, leaves, do, retain_graph=True)
                times = {n: [] for n in ok}
                for _ in range(args.rounds):
                    for n in ok:
                        time_ms(step(n), 1)  # warm
                        times[n].append(time_ms(step(n), iters))
                med = {n: statistics.median(t) for n, t in times.items()}
                row = {"pass": "backward", "head_dim": d, "causal": causal, "seqlen": s,
                       "batch": b, "heads": h}
                for n in IMPLS:
                    row[f"{n}_tflops"] = f"{flops / med[n] / 1e9:.1f}" if n in med else ""
                    row[f"{n}_over_tirx"] = (f"{med[n] / med['tirx']:.3f}"
                                             if n in med and "tirx" in med else "")
                rows.append(row)
                print(f"bwd D {d:3d} {'causal' if causal else 'full  '} S {s:5d}: " + "  ".join(
                    f"{n} {row[n + '_tflops']:>6}" for n in IMPLS if n in med))
                del ok
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
            w.writeheader()
            w.writerows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
