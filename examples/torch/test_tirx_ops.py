#!/usr/bin/env python3
"""Tests the PyTorch extension (tirx_ops.py) on a GPU: one PASS/FAIL line per case.

  python3 examples/torch/test_tirx_ops.py        # or: pytest examples/torch/test_tirx_ops.py

What it checks, on seeded uniform [-1, 1) (GEMM) and [-4, 4) (RMSNorm) data:
  gemm      against an fp32 product (cuBLAS SGEMM, TF32 off) and against
            torch.matmul in bf16, |d - ref| <= |ref| / 128 + sqrt(k) / 1024 for
            every element (bf16 keeps 8 significant bits: one rounding is
            |ref| / 256; the second term covers sums that cancel); square,
            LLM and ragged shapes, m = 1 to 4095; the output memory is
            poisoned with NaN first (the allocator hands the freed block back).
  rmsnorm   against a float64 reference, |y - ref| <= 1e-5 |ref| + 1e-6 (the
            kernels' size sweep's tolerance), and against
            torch.nn.functional.rms_norm within 1e-5 relative + 1e-5
            absolute; rows of 1 to 20000 columns (the in-register and the
            chunked kernels), 3-D input, a misaligned view.
  errors    each rule's exception type (TypeError, ValueError) and its words,
            on CPU tensors (every rule but the device is checked before it,
            so these run without a GPU too) and on CUDA tensors, first in a
            child process that has launched nothing (a crash there is
            reported as a failure, with faulthandler's traceback, and the
            run goes on), then once more at the end, after all launches.
  compile   torch.compile(fullgraph=True) of a function calling both ops
            gives the eager results, bit for bit.
  autograd  gemm's gradients match torch.matmul's (same tolerance).
  attention o, dq, dk and dv (seeded normal bf16/fp16 BSHD inputs, head dims
            64 and 128, causal and not, S_q != S_k, grouped-query heads)
            against an fp32 reference on the same inputs: tirx's
            largest error must be at most twice (+ 1e-3) that of SDPA's own
            16-bit kernels (flash, else efficient) against the same
            reference (FlashAttention's criterion); under
            torch.use_deterministic_algorithms the gradients of two runs
            are equal bit for bit.
  opcheck   torch.library.opcheck (schema, fake tensor, autograd
            registration, AOT dispatch) for every op.

Exit status: 0 all passed, 1 a case failed, 77 skipped (no torch, or the
extension cannot be built; or no CUDA GPU of compute capability 9.0, the
extension being sm_90a: then only the CPU refusals ran).
  --refusals   only the refusal cases, in this process (CPU tensors, and
               CUDA tensors where there is an sm_90 GPU)
"""

from __future__ import annotations

import faulthandler
import itertools
import math
import os
import signal
import subprocess
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
SKIP = 77


def unavailable() -> str | None:
    """Why the GPU cases cannot run here, or None."""
    try:
        import torch
    except ImportError:
        return "PyTorch is not installed"
    if not torch.cuda.is_available():
        return "no CUDA GPU visible to PyTorch"
    cap = torch.cuda.get_device_capability()
    if cap != (9, 0):
        return f"{torch.cuda.get_device_name()} is sm_{cap[0]}{cap[1]}; the extension is sm_90a"
    return None


class Cases:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def report(self, ok: bool, name: str, detail: str = "") -> None:
        print(f"{'PASS' if ok else 'FAIL'} {name}" + (f": {detail}" if detail else ""), flush=True)
        if ok:
            self.passed += 1
        else:
            self.failed += 1

    def run(self, name: str, fn) -> None:
        try:
            ok, detail = fn()
        except Exception as err:  # a crash is a failure of that case only
            ok, detail = False, f"{type(err).__name__}: {err}"
            traceback.print_exc()
        self.report(ok, name, detail)

    def refusals(self, where: str, rules) -> None:
        """(operator, rule, exception type, words of its message, call) each."""
        for op, what, exc, words, call in rules:
            def rule(exc=exc, words=words, call=call):
                try:
                    call()
                except exc as err:
                    msg = str(err).splitlines()[0]
                    return words.lower() in msg.lower(), f"{exc.__name__}: {msg}"
                except Exception as err:
                    return False, f"expected {exc.__name__}, got {type(err).__name__}: {err}"
                return False, f"expected {exc.__name__}, nothing raised"
            self.run(f"{op} refuses ({where}): {what}", rule)


def refusal_rules(tirx_ops, dev):
    """Every rule of both operators, on tensors of device dev (cpu or cuda);
    the last cases are the device rule."""
    import torch

    bf16 = torch.bfloat16
    a = torch.ones(64, 64, device=dev, dtype=bf16)
    b = torch.ones(64, 64, device=dev, dtype=bf16)
    unaligned = torch.ones(64 * 64 + 1, device=dev, dtype=bf16)[1:].view(64, 64)
    x = torch.ones(4, 64, device=dev)
    w = torch.ones(64, device=dev)
    gemm, rms = tirx_ops.gemm, tirx_ops.rmsnorm
    rules = [
        ("gemm", "dtype", TypeError, "bfloat16", lambda: gemm(a.half(), b.half())),
        ("gemm", "1-D", ValueError, "matrices", lambda: gemm(a[0], b)),
        ("gemm", "k differs", ValueError, "(64, 64) and b (64, 32): their second dimensions",
         lambda: gemm(a, b[:, :32].contiguous())),
        ("gemm", "not contiguous", ValueError, "got strides (64, 1) and (1, 64)",
         lambda: gemm(a, b.t())),
        ("gemm", "n not a multiple of 8", ValueError, "got n = 12, k = 64",
         lambda: gemm(a, b[:12].contiguous())),
        ("gemm", "k not a multiple of 8", ValueError, "got n = 64, k = 60",
         lambda: gemm(a[:, :60].contiguous(), b[:, :60].contiguous())),
        ("gemm", "misaligned", ValueError, "16 bytes", lambda: gemm(unaligned, b)),
        ("rmsnorm", "dtype", TypeError, "float32", lambda: rms(x.half(), w.half())),
        ("rmsnorm", "weight size", ValueError, "which has 32 elements", lambda: rms(x, w[:32])),
        ("rmsnorm", "not contiguous", ValueError, "got strides (1, 64) and (1,)",
         lambda: rms(x.t(), w[:4])),
        ("rmsnorm", "eps < 0", ValueError, "eps must be >= 0", lambda: rms(x, w, -1.0)),
    ]
    if dev == "cpu":
        return rules + [
            ("gemm", "cpu tensors", ValueError, "a is on cpu", lambda: gemm(a, b)),
            ("rmsnorm", "cpu tensors", ValueError, "x is on cpu", lambda: rms(x, w)),
        ]
    return rules + [
        ("gemm", "cpu tensors", ValueError, "a is on cpu", lambda: gemm(a.cpu(), b.cpu())),
        ("gemm", "one on the cpu", ValueError, "b is on cpu", lambda: gemm(a, b.cpu())),
        ("rmsnorm", "cpu tensors", ValueError, "x is on cpu", lambda: rms(x.cpu(), w.cpu())),
        ("rmsnorm", "one on the cpu", ValueError, "weight is on cpu", lambda: rms(x, w.cpu())),
    ]


def refusals_only() -> int:
    """--refusals: the refusal cases, in this process, nothing launched."""
    sys.path.insert(0, HERE)
    import tirx_ops

    cases = Cases()
    cases.refusals("cpu", refusal_rules(tirx_ops, "cpu"))
    if unavailable() is None:
        cases.refusals("cuda", refusal_rules(tirx_ops, "cuda"))
    print(f"refusal cases: {cases.passed} as expected, {cases.failed} not")
    return 0 if cases.failed == 0 else 1


def refusals_in_child(cases: Cases) -> None:
    """--refusals in a child process: its lines are counted here, and its
    death by a signal is one failure (faulthandler prints where)."""
    child = subprocess.Popen([sys.executable, "-X", "faulthandler", os.path.abspath(__file__),
                              "--refusals"], stdout=subprocess.PIPE, text=True, bufsize=1)
    for line in child.stdout:
        print(line, end="", flush=True)
        if line.startswith("PASS "):
            cases.passed += 1
        elif line.startswith("FAIL "):
            cases.failed += 1
    rc = child.wait()
    if rc < 0:
        cases.report(False, "refusals (child process)",
                     f"died of {signal.Signals(-rc).name} in the case after the last line above")


def main() -> int:
    faulthandler.enable()  # a crash in C++ prints the Python traceback
    reason = unavailable()
    if reason == "PyTorch is not installed":
        print(f"skipped: {reason}")
        return SKIP
    import torch
    import torch.nn.functional as F

    sys.path.insert(0, HERE)
    t0 = time.perf_counter()
    try:
        import tirx_ops  # builds the extension
    except Exception as err:
        if reason is None:
            raise  # on an sm_90 machine the build must work
        print(f"skipped: {reason}; and the extension cannot be built here: "
              f"{type(err).__name__}: {err}")
        return SKIP
    print(f"extension ready in {time.perf_counter() - t0:.1f} s; "
          f"{reason or torch.cuda.get_device_name()}; torch {torch.__version__}", flush=True)
    cases = Cases()
    refusals_in_child(cases)  # before anything is launched in this process
    if reason:
        print(f"{cases.passed} passed, {cases.failed} failed")
        print(f"skipped: the GPU cases ({reason})")
        return SKIP if cases.failed == 0 else 1

    torch.backends.cuda.matmul.allow_tf32 = False  # the fp32 reference is a true SGEMM
    dev = torch.device("cuda")
    gen = torch.Generator(device=dev)

    def uniform(shape, lo, hi, dtype, seed):
        gen.manual_seed(seed)
        return torch.empty(shape, device=dev, dtype=torch.float32).uniform_(lo, hi,
                                                                            generator=gen).to(dtype)

    def poison_next(numel, dtype):
        # the caching allocator hands this block to the next allocation of its size
        torch.empty(numel, device=dev, dtype=dtype).view(torch.uint8).fill_(0xFF)

    def gemm_close(d, ref, k):
        """(ok, max error, worst error / tolerance) under |ref| / 128 + sqrt(k) / 1024."""
        err = (d.float() - ref).abs()
        tol = ref.abs() / 128 + math.sqrt(k) / 1024
        bad = ~(err <= tol)  # NaN fails
        return not bool(bad.any()), float(err.nan_to_num(math.inf).max()), \
            float((err / tol).nan_to_num(math.inf).max())

    # -- gemm: values ----------------------------------------------------------
    gemm_shapes = [
        (1, 8, 8), (7, 16, 64), (128, 256, 64), (129, 264, 72), (255, 520, 136),
        (1000, 1000, 1000), (2048, 2048, 2048), (4096, 4096, 4096), (1, 4096, 4096),
        (16, 14336, 4096), (128, 4096, 14336), (4095, 4104, 4096), (3, 4104, 8),
        (520, 8, 4104),
    ]
    for i, (m, n, k) in enumerate(gemm_shapes):
        def case(m=m, n=n, k=k, seed=100 + 2 * i):
            a = uniform((m, k), -1, 1, torch.bfloat16, seed)
            b = uniform((n, k), -1, 1, torch.bfloat16, seed + 1)
            poison_next(m * n, torch.bfloat16)
            d = tirx_ops.gemm(a, b)
            ref = a.float() @ b.float().t()
            mm = (a @ b.t()).float()
            torch.cuda.synchronize()
            if d.shape != (m, n) or d.dtype != torch.bfloat16:
                return False, f"got {tuple(d.shape)} {d.dtype}"
            ok1, e1, r1 = gemm_close(d, ref, k)
            ok2, e2, r2 = gemm_close(d, mm, k)
            return ok1 and ok2, (f"max |d - fp32 ref| {e1:.3g} ({r1:.2f} of the tolerance), "
                                 f"max |d - torch.matmul| {e2:.3g} ({r2:.2f})")
        cases.run(f"gemm {m}x{n}x{k}", case)

    def empty_products():
        a, b = torch.ones(0, 16, device=dev, dtype=torch.bfloat16), \
            torch.ones(24, 16, device=dev, dtype=torch.bfloat16)
        d0 = tirx_ops.gemm(a, b)
        d1 = tirx_ops.gemm(torch.ones(5, 0, device=dev, dtype=torch.bfloat16),
                           torch.ones(8, 0, device=dev, dtype=torch.bfloat16))
        ok = d0.shape == (0, 24) and d1.shape == (5, 8) and bool((d1 == 0).all())
        return ok, f"(0, 16) x (24, 16) -> {tuple(d0.shape)}; k = 0 -> {tuple(d1.shape)} of zeros"
    cases.run("gemm empty: m = 0 and k = 0", empty_products)

    # -- rmsnorm: values -------------------------------------------------------
    def rms_ref(x, w, eps):
        xd = x.double()
        return xd / torch.sqrt(xd.square().mean(-1, keepdim=True) + eps) * w.double()

    rms_shapes = [(1, 1), (3, 7), (17, 4096), (5, 8192), (2, 16384), (3, 20000), (2, 3, 1000),
                  (1024, 4096), (33, 513)]
    for i, shape in enumerate(rms_shapes):
        def case(shape=shape, seed=300 + 2 * i, eps=1e-6):
            x = uniform(shape, -4, 4, torch.float32, seed)
            w = uniform(shape[-1:], -4, 4, torch.float32, seed + 1)
            poison_next(x.numel(), torch.float32)
            y = tirx_ops.rmsnorm(x, w, eps)
            ref = rms_ref(x, w, eps)
            tt = F.rms_norm(x, (shape[-1],), w, eps)
            err = (y.double() - ref).abs()
            ok1 = bool((err <= ref.abs() * 1e-5 + 1e-6).all())
            ok2 = torch.allclose(y, tt, rtol=1e-5, atol=1e-5)
            return ok1 and ok2 and y.shape == x.shape, (
                f"max |y - f64 ref| {float(err.max()):.3g}, "
                f"max |y - F.rms_norm| {float((y - tt).abs().max()):.3g}")
        cases.run(f"rmsnorm {'x'.join(map(str, shape))}", case)

    def misaligned_rows():
        # a view 4 bytes into its storage: the launcher falls back to narrower vectors
        base = uniform((5 * 300 + 1,), -4, 4, torch.float32, 7)
        x = base[1:].view(5, 300)
        w = uniform((300,), -4, 4, torch.float32, 8)
        y = tirx_ops.rmsnorm(x, w, 1e-5)
        err = (y.double() - rms_ref(x, w, 1e-5)).abs()
        return bool((err <= rms_ref(x, w, 1e-5).abs() * 1e-5 + 1e-6).all()), \
            f"x at storage offset 1; max error {float(err.max()):.3g}"
    cases.run("rmsnorm misaligned view", misaligned_rows)

    # -- torch.compile, autograd, opcheck ---------------------------------------
    def compiled():
        a = uniform((300, 512), -1, 1, torch.bfloat16, 11)
        b = uniform((1024, 512), -1, 1, torch.bfloat16, 12)
        xx = uniform((300, 1024), -4, 4, torch.float32, 13)
        ww = uniform((1024,), -4, 4, torch.float32, 14)

        def f(a, b, x, w):
            h = tirx_ops.gemm(a, b).float() * 2
            return tirx_ops.rmsnorm(h + x, w)

        eager = f(a, b, xx, ww)
        got = torch.compile(f, fullgraph=True, dynamic=False)(a, b, xx, ww)
        same = torch.equal(got, eager)
        return same, "fullgraph compile of gemm -> * 2 -> + x -> rmsnorm: " + (
            "equal to eager" if same else f"max difference {float((got - eager).abs().max()):.3g}")
    cases.run("torch.compile", compiled)

    def gradients():
        a = uniform((136, 200), -1, 1, torch.bfloat16, 15).requires_grad_()
        b = uniform((72, 200), -1, 1, torch.bfloat16, 16).requires_grad_()
        g = uniform((136, 72), -1, 1, torch.bfloat16, 17)
        tirx_ops.gemm(a, b).backward(g)
        ga, gb = a.grad.clone(), b.grad.clone()
        a.grad = b.grad = None
        (a @ b.t()).backward(g)
        ok_a, ea, _ = gemm_close(ga, a.grad.float(), 72)
        ok_b, eb, _ = gemm_close(gb, b.grad.float(), 136)
        return ok_a and ok_b, f"max |grad - torch's|: a {ea:.3g}, b {eb:.3g}"
    cases.run("gemm backward", gradients)

    # -- attention: forward and backward against fp32 -------------------------
    def attention_ref(q, k, v, causal):
        """fp32 softmax(q k^T / sqrt(d) + mask) v on (B, S, H, D), grouped heads
        as repeats (their gradients sum through repeat_interleave); rows
        without keys give 0 (FlashAttention's convention)."""
        g = q.shape[2] // k.shape[2]
        qt, kt, vt = (t.transpose(1, 2) for t in (q, k, v))
        kt, vt = kt.repeat_interleave(g, 1), vt.repeat_interleave(g, 1)
        s = qt @ kt.transpose(-1, -2) / math.sqrt(q.shape[-1])
        if causal:  # bottom-right aligned
            sq, sk = q.shape[1], k.shape[1]
            i = torch.arange(sq, device=q.device)[:, None]
            j = torch.arange(sk, device=q.device)[None, :]
            s = s.masked_fill(j > i + (sk - sq), -math.inf)
        return (torch.softmax(s, -1).nan_to_num(0.0) @ vt).transpose(1, 2)

    def sdpa_peer(q, k, v, causal, backend):
        from torch.nn.attention import sdpa_kernel
        if causal and q.shape[1] != k.shape[1]:
            return None  # SDPA's is_causal is top-left aligned
        g = q.shape[2] // k.shape[2]
        qt, kt, vt = (t.transpose(1, 2) for t in (q, k, v))
        kt, vt = kt.repeat_interleave(g, 1), vt.repeat_interleave(g, 1)
        with sdpa_kernel(backend):
            return F.scaled_dot_product_attention(qt, kt, vt, is_causal=causal).transpose(1, 2)

    def attention_case(b, sq, sk, hq, hkv, d, causal, dtype, seed):
        from torch.nn.attention import SDPBackend
        gen.manual_seed(seed)
        mk = lambda s, h: torch.randn((b, s, h, d), device=dev, generator=gen).to(dtype)  # noqa
        q, k, v, do = mk(sq, hq), mk(sk, hkv), mk(sk, hkv), mk(sq, hq)
        leaves = [t.clone().requires_grad_() for t in (q, k, v)]
        o = tirx_ops.attention(*leaves, causal=causal)
        o.backward(do)
        got = [o.detach()] + [t.grad for t in leaves]
        ref_in = [t.float().requires_grad_() for t in (q, k, v)]
        ro = attention_ref(*ref_in, causal)
        ro.backward(do.float())
        ref = [ro.detach()] + [t.grad for t in ref_in]
        peer = None
        for backend in (SDPBackend.FLASH_ATTENTION, SDPBackend.EFFICIENT_ATTENTION):
            try:
                pin = [t.clone().requires_grad_() for t in (q, k, v)]
                po = sdpa_peer(*pin, causal, backend)
                if po is None:
                    continue
                po.backward(do)
                peer = [po.detach()] + [t.grad for t in pin]
                break
            except RuntimeError:
                continue
        names, detail, ok = ("o", "dq", "dk", "dv"), [], True
        for n, g_, r_, i in zip(names, got, ref, range(4)):
            e = float((g_.float() - r_).abs().nan_to_num(math.inf).max())
            pe = float((peer[i].float() - r_).abs().max()) if peer else 1e-2 * float(r_.abs().max())
            ok = ok and e <= 2 * pe + 1e-3
            detail.append(f"{n} {e:.2e} (peer {pe:.2e})")
        return ok, ", ".join(detail)

    attn_cases = [(2, 512, 512, 4, 4, 128, True, torch.bfloat16),
                  (1, 300, 517, 4, 2, 128, False, torch.bfloat16),
                  (2, 384, 384, 2, 1, 64, True, torch.float16),
                  (1, 517, 300, 2, 2, 64, True, torch.bfloat16),
                  (1, 1024, 1024, 8, 8, 64, False, torch.bfloat16)]
    for i, (b_, sq, sk, hq, hkv, d, causal, dtype) in enumerate(attn_cases):
        cases.run(f"attention fwd+bwd b {b_} sq {sq} sk {sk} hq {hq} hkv {hkv} d {d} "
                  f"{'causal' if causal else 'full'} {str(dtype)[6:]}",
                  lambda a=(b_, sq, sk, hq, hkv, d, causal, dtype, 400 + i): attention_case(*a))

    def varlen_case(q_lens, k_lens, hq, hkv, d, causal, dtype, seed):
        # packed sequences against the fp32 reference of each sequence alone
        gen.manual_seed(seed)
        mk = lambda s, h: torch.randn((s, h, d), device=dev, generator=gen).to(dtype)  # noqa
        q, k, v = mk(sum(q_lens), hq), mk(sum(k_lens), hkv), mk(sum(k_lens), hkv)
        cu = lambda ls: torch.tensor([0] + list(itertools.accumulate(ls)), device=dev,  # noqa
                                     dtype=torch.int32)
        o, lse = tirx_ops.attention_varlen(q, k, v, cu(q_lens), cu(k_lens), max(q_lens),
                                           max(k_lens), causal=causal, return_lse=True)
        worst, tol, q0, k0 = 0.0, 0.0, 0, 0
        for sq, sk in zip(q_lens, k_lens):
            ref = attention_ref(q[None, q0:q0 + sq].float(), k[None, k0:k0 + sk].float(),
                                v[None, k0:k0 + sk].float(), causal)[0]
            worst = max(worst, float((o[q0:q0 + sq].float() - ref).abs().nan_to_num(math.inf).max()))
            tol = max(tol, 2e-2 * float(ref.abs().max()) + 1e-3)
            q0, k0 = q0 + sq, k0 + sk
        return worst <= tol, f"max |o - fp32| {worst:.2e} (bound {tol:.2e}), lse {tuple(lse.shape)}"

    def kvcache_case(b, sq, used, hq, hkv, d, page, causal, dtype, seed):
        # a paged cache in a shuffled block table against the fp32 reference
        gen.manual_seed(seed)
        pages_per_seq = (max(used) + page - 1) // page
        n_pages = b * pages_per_seq + 2
        q = torch.randn((b, sq, hq, d), device=dev, generator=gen).to(dtype)
        kc, vc = (torch.randn((n_pages, page, hkv, d), device=dev, generator=gen).to(dtype)
                  for _ in range(2))
        table = torch.randperm(n_pages, device=dev, generator=gen)[:b * pages_per_seq]
        table = table.to(torch.int32).view(b, pages_per_seq)
        seqlens = torch.tensor(used, device=dev, dtype=torch.int32)
        o = tirx_ops.attention_with_kvcache(q, kc, vc, seqlens, table, causal=causal)
        worst, tol = 0.0, 0.0
        for i, n in enumerate(used):
            kk, vv = (c[table[i].long()].reshape(-1, hkv, d)[:n][None].float() for c in (kc, vc))
            ref = attention_ref(q[i:i + 1].float(), kk, vv, causal)[0]
            worst = max(worst, float((o[i].float() - ref).abs().nan_to_num(math.inf).max()))
            tol = max(tol, 2e-2 * float(ref.abs().max()) + 1e-3)
        return worst <= tol, f"max |o - fp32| {worst:.2e} (bound {tol:.2e})"

    for i, c in enumerate([((1, 300, 128, 517), (700, 1, 256, 300), 4, 2, 128, True, torch.bfloat16),
                           ((64, 200), (64, 1000), 2, 1, 64, False, torch.float16),
                           ((150, 40), (150, 600), 2, 2, 192, True, torch.bfloat16)]):
        cases.run(f"attention varlen q {c[0]} k {c[1]} d {c[4]} {'causal' if c[5] else 'full'}",
                  lambda a=c + (460 + i,): varlen_case(*a))
    for i, c in enumerate([(4, 1, (1, 700, 129, 1024), 8, 1, 128, 64, False, torch.bfloat16),
                           (2, 200, (1000, 333), 4, 4, 128, 256, True, torch.bfloat16),
                           (3, 1, (300, 5, 1000), 8, 2, 64, 128, True, torch.float16)]):
        cases.run(f"attention kvcache b {c[0]} sq {c[1]} keys {c[2]} page {c[6]} d {c[5]}",
                  lambda a=c + (470 + i,): kvcache_case(*a))

    def attention_deterministic():
        gen.manual_seed(450)
        q, k, v, do = (torch.randn((1, 1000, 4, 128), device=dev, generator=gen)
                       .to(torch.bfloat16) for _ in range(4))
        torch.use_deterministic_algorithms(True)
        try:
            grads = []
            for _ in range(2):
                leaves = [t.clone().requires_grad_() for t in (q, k, v)]
                tirx_ops.attention(*leaves, causal=True).backward(do)
                grads.append([t.grad for t in leaves])
        finally:
            torch.use_deterministic_algorithms(False)
        same = all(torch.equal(a, b) for a, b in zip(*grads))
        return same, "two runs: " + ("the same bits" if same else "different bits")
    cases.run("attention backward, deterministic", attention_deterministic)

    def opchecks():
        a = uniform((72, 64), -1, 1, torch.bfloat16, 18)
        b = uniform((40, 64), -1, 1, torch.bfloat16, 19)
        xx = uniform((6, 96), -4, 4, torch.float32, 20)
        ww = uniform((96,), -4, 4, torch.float32, 21)
        torch.library.opcheck(torch.ops.tirx.gemm.default, (a, b))
        torch.library.opcheck(torch.ops.tirx.gemm.default,
                              (a.clone().requires_grad_(), b.clone().requires_grad_()))
        torch.library.opcheck(torch.ops.tirx.rmsnorm.default, (xx, ww, 1e-6))
        gen.manual_seed(22)
        qkv = [torch.randn((1, 200, 2, 64), device=dev, generator=gen).to(torch.bfloat16)
               .requires_grad_() for _ in range(3)]
        torch.library.opcheck(torch.ops.tirx.attention_fwd.default, (*qkv, True, 0.0))
        pk = [torch.randn((300, 2, 64), device=dev, generator=gen).to(torch.bfloat16)
              for _ in range(3)]
        cu = torch.tensor([0, 100, 300], device=dev, dtype=torch.int32)
        torch.library.opcheck(torch.ops.tirx.attention_varlen_fwd.default,
                              (*pk, cu, cu, None, None, 200, 200, True, 0.0))
        return True, "schema, fake tensor, autograd registration, AOT dispatch"
    cases.run("torch.library.opcheck", opchecks)

    # the refusals once more, in this process after all its launches
    cases.refusals("cuda, after the launches", refusal_rules(tirx_ops, "cuda"))
    print(f"{cases.passed} passed, {cases.failed} failed")
    return 0 if cases.failed == 0 else 1


def test_tirx_ops():  # the pytest entry point: one test for the whole list
    import pytest

    reason = unavailable()
    if reason:
        pytest.skip(reason)
    assert main() == 0


if __name__ == "__main__":
    faulthandler.enable()
    sys.exit(refusals_only() if sys.argv[1:] == ["--refusals"] else main())
