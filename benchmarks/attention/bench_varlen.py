"""The attention forward of kernels/attention on variable-length batches and
paged KV caches, beside its peers in one process on one GPU, each checked
against an fp32 reference first, then timed alternately (CUDA events; the
median of rounds).

    python3 benchmarks/attention/bench_varlen.py [--quick] [--csv FILE]

Prefill: 16k tokens in sequences of seeded random lengths (a mean of 1k,
2k or 4k), heads * head_dim = 2048, causal and not; tirx_ops.attention_varlen
beside FlashAttention-2's varlen kernel (torch.ops.aten._flash_attention_forward
with cumulative offsets) and beside tirx's own dense kernel on one sequence
of the same total work (what packing costs). TFLOP/s = 4 H D sum(S_q S_k),
halved when causal.

Decode: one query row per sequence over a KV cache of 4k-16k keys, 32 query
heads over 8 KV heads, head dim 128: tirx_ops.attention_with_kvcache on
256-row pages in a shuffled block table beside SDPA's backends on the same
cache stored contiguously (enable_gqa). The figure is the KV bytes read per
second (2 B S_k H_kv D 2 bytes over the time).
"""

from __future__ import annotations

import argparse
import csv
import math
import pathlib
import statistics
import sys

import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "examples" / "torch"))
import tirx_ops  # noqa: E402  (builds the extension on first use)


def time_ms(fn, iters):
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(iters):
        fn()
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end) / iters


def race(impls, rounds, iters):
    """The median time of each implementation, the rounds interleaved."""
    times = {n: [] for n in impls}
    for _ in range(rounds):
        for n, fn in impls.items():
            time_ms(fn, 1)
            times[n].append(time_ms(fn, iters))
    return {n: statistics.median(t) for n, t in times.items()}


def ref_attention(q, k, v, causal):
    """fp32 (S_q, H, D) attention of one sequence, grouped heads as repeats."""
    g = q.shape[1] // k.shape[1]
    qt, kt, vt = (t.float().transpose(0, 1) for t in (q, k, v))
    kt, vt = kt.repeat_interleave(g, 0), vt.repeat_interleave(g, 0)
    s = qt @ kt.transpose(-1, -2) / math.sqrt(q.shape[-1])
    if causal:
        sq, sk = q.shape[0], k.shape[0]
        i = torch.arange(sq, device=q.device)[:, None]
        j = torch.arange(sk, device=q.device)[None, :]
        s = s.masked_fill(j > i + (sk - sq), -math.inf)
    return (torch.softmax(s, -1).nan_to_num(0.0) @ vt).transpose(0, 1)


def prefill(args, rows):
    d, h = 128, 16
    for mean in ([2048] if args.quick else [1024, 2048, 4096]):
        for causal in (False, True):
            gen = torch.Generator().manual_seed(mean)
            lens = []
            while sum(lens) < 16384:
                lens.append(int(torch.randint(mean // 4, 2 * mean - mean // 4, (1,),
                                              generator=gen)))
            lens[-1] -= sum(lens) - 16384
            lens = [x for x in lens if x > 0]
            total = sum(lens)
            torch.manual_seed(0)
            q, k, v = (torch.randn(total, h, d, device="cuda", dtype=torch.bfloat16)
                       for _ in range(3))
            cu = torch.tensor([0] + [sum(lens[:i + 1]) for i in range(len(lens))],
                              device="cuda", dtype=torch.int32)
            mx = max(lens)
            flops = sum(4 * h * d * s * s for s in lens) / (2 if causal else 1)
            impls = {"tirx": lambda: tirx_ops.attention_varlen(q, k, v, cu, cu, mx, mx,
                                                               causal=causal)}

            def fa2():
                return torch.ops.aten._flash_attention_forward(
                    q, k, v, cu, cu, mx, mx, 0.0, causal, False)[0]
            impls["flash2_varlen"] = fa2
            # the dense kernel on sequences of the mean length, the same FLOPs
            s_eq = int(math.sqrt(sum(s * s for s in lens) / len(lens)))
            s_eq -= s_eq % 8
            b_eq = max(1, round(sum(s * s for s in lens) / (s_eq * s_eq)))
            qd, kd, vd = (torch.randn(b_eq, s_eq, h, d, device="cuda", dtype=torch.bfloat16)
                          for _ in range(3))
            flops_eq = 4 * b_eq * h * d * s_eq * s_eq / (2 if causal else 1)
            impls["tirx_dense"] = lambda: tirx_ops.attention(qd, kd, vd, causal=causal)
            # check on the first two sequences
            out = impls["tirx"]()
            for i in range(min(2, len(lens))):
                a, b = int(cu[i]), int(cu[i + 1])
                ref = ref_attention(q[a:b], k[a:b], v[a:b], causal)
                err = (out[a:b].float() - ref).abs().max().item()
                if err > 2e-2:
                    print(f"  tirx varlen: max |O - ref| = {err:.3e} (FAILED the check)")
                    return 1
            ok = {}
            for n, fn in impls.items():
                try:
                    fn()
                    torch.cuda.synchronize()
                    ok[n] = fn
                except (RuntimeError, TypeError) as e:
                    print(f"  {n}: not run ({str(e).splitlines()[0][:80]})")
            med = race(ok, args.rounds, max(3, int(2e12 / flops)))
            row = {"case": "prefill", "mean_len": mean, "sequences": len(lens),
                   "causal": causal}
            for n in impls:
                f = flops_eq if n == "tirx_dense" else flops
                row[f"{n}_tflops"] = f"{f / med[n] / 1e9:.1f}" if n in med else ""
            rows.append(row)
            print(f"prefill mean {mean:4d} ({len(lens):2d} seqs) "
                  f"{'causal' if causal else 'full  '}: " + "  ".join(
                      f"{n} {row[n + '_tflops']:>6}" for n in impls if n in med) + " TFLOP/s")
    return 0


def decode(args, rows):
    hq, hkv, d, page = 32, 8, 128, 256
    cases = [(8, 8192)] if args.quick else [(1, 16384), (8, 4096), (8, 16384), (32, 8192),
                                            (64, 4096)]
    for b, sk in cases:
        torch.manual_seed(0)
        q = torch.randn(b, 1, hq, d, device="cuda", dtype=torch.bfloat16)
        kd, vd = (torch.randn(b, sk, hkv, d, device="cuda", dtype=torch.bfloat16)
                  for _ in range(2))
        pps = sk // page
        n_pages = b * pps
        table = torch.randperm(n_pages, device="cuda").to(torch.int32).view(b, pps)
        kc = torch.empty(n_pages, page, hkv, d, device="cuda", dtype=torch.bfloat16)
        vc = torch.empty_like(kc)
        kc[table.long().flatten()] = kd.reshape(n_pages, page, hkv, d)
        vc[table.long().flatten()] = vd.reshape(n_pages, page, hkv, d)
        used = torch.full((b,), sk, device="cuda", dtype=torch.int32)
        impls = {"tirx_paged": lambda: tirx_ops.attention_with_kvcache(q, kc, vc, used, table)}
        impls["tirx_dense"] = lambda: tirx_ops.attention(q, kd, vd)

        def sdpa(backend):
            def run():
                with sdpa_kernel(backend):
                    return F.scaled_dot_product_attention(
                        q.transpose(1, 2), kd.transpose(1, 2), vd.transpose(1, 2),
                        enable_gqa=True).transpose(1, 2)
            return run
        for n, be in (("cudnn", SDPBackend.CUDNN_ATTENTION),
                      ("flash2", SDPBackend.FLASH_ATTENTION),
                      ("efficient", SDPBackend.EFFICIENT_ATTENTION)):
            impls[n] = sdpa(be)
        ref = torch.stack([ref_attention(q[i], kd[i], vd[i], False) for i in range(min(b, 2))])
        ok = {}
        for n, fn in impls.items():
            try:
                out = fn()
                torch.cuda.synchronize()
            except (RuntimeError, TypeError) as e:
                print(f"  {n}: not run ({str(e).splitlines()[0][:80]})")
                continue
            err = (out[:ref.shape[0]].float() - ref).abs().max().item()
            if err > 2e-2:
                print(f"  {n}: max |O - ref| = {err:.3e} (FAILED the check)")
                if n.startswith("tirx"):
                    return 1
                continue
            ok[n] = fn
        kv_bytes = 2 * b * sk * hkv * d * 2
        med = race(ok, args.rounds, 20)
        row = {"case": "decode", "batch": b, "seqlen_k": sk}
        for n in impls:
            row[f"{n}_gbs"] = f"{kv_bytes / med[n] / 1e6:.0f}" if n in med else ""
        rows.append(row)
        print(f"decode b {b:2d} S_k {sk:5d}: " + "  ".join(
            f"{n} {row[n + '_gbs']:>5}" for n in impls if n in med) + " GB/s of KV")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--csv", default="")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    print(f"# {torch.cuda.get_device_name()}, torch {torch.__version__}, "
          f"cuDNN {torch.backends.cudnn.version()}")
    rows = []
    rc = prefill(args, rows) or decode(args, rows)
    if args.csv and rows:
        keys = []
        for r in rows:
            keys += [k for k in r if k not in keys]
        with open(args.csv, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=keys)
            w.writeheader()
            w.writerows(rows)
    return rc


if __name__ == "__main__":
    sys.exit(main())
