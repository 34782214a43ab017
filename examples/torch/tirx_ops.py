"""tirx's Hopper GEMM, RMSNorm and attention as PyTorch operators.

    import tirx_ops                      # builds the extension on first use (about a minute)
    d = tirx_ops.gemm(a, b)              # a (m, k), b (n, k) bf16 on an H100/H200 -> a @ b.T
    y = tirx_ops.rmsnorm(x, w, eps=1e-6) # float32, normalizes the last dimension
    o = tirx_ops.attention(q, k, v, causal=True)  # BSHD bf16/fp16 q, k, v on an H100/H200
    o.backward(grad)                     # dq, dk, dv (head_dim 64 and 128)

Both are torch.library operators (torch.ops.tirx.gemm, torch.ops.tirx.rmsnorm),
defined in tirx_ops.cpp with TORCH_LIBRARY and given shape functions here, so
torch.compile traces them (fullgraph too) without breaking the graph; gemm
also has a backward (two torch.matmul calls), attention has its own
(torch.ops.tirx.attention_bwd), rmsnorm has none.

The extension is compiled with torch.utils.cpp_extension.load: nvcc for the
kernels (tirx_ops_kernels.cu: C++20, sm_90a, the repository's include/ and
kernels/), the host compiler for the operators (tirx_ops.cpp). Nothing is
downloaded. The build goes to $TIRX_TORCH_BUILD_DIR (default: build-torch/ at
the repository's root); a later import in a new process runs ninja there
again, which rebuilds what a changed header touches.
"""

from __future__ import annotations

import os
import pathlib
import sys

import torch

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]  # the repository: include/ and kernels/

NVCC_FLAGS = [
    "-std=c++20",
    "-O3",
    "-gencode=arch=compute_90a,code=sm_90a",  # the GEMM is Hopper-only (wgmma, TMA)
    "-DNDEBUG",
    "-DTIRX_NO_DEBUG_CHECKS",
]


def _build(verbose: bool = False) -> str:
    from torch.utils import cpp_extension

    # ninja is a Python package next to torch; make its binary visible
    bindir = os.path.dirname(sys.executable)
    path = os.environ.get("PATH", "")
    if bindir not in path.split(os.pathsep):
        os.environ["PATH"] = bindir + os.pathsep + path
    build_dir = pathlib.Path(os.environ.get("TIRX_TORCH_BUILD_DIR", ROOT / "build-torch"))
    build_dir.mkdir(parents=True, exist_ok=True)
    return cpp_extension.load(
        name="tirx_ops_ext",
        sources=[str(HERE / "tirx_ops.cpp"), str(HERE / "tirx_ops_kernels.cu"),
                 str(HERE / "tirx_ops_attention.cu")],
        extra_include_paths=[str(ROOT / "include")],
        extra_cflags=["-O2"],
        extra_cuda_cflags=NVCC_FLAGS,
        build_directory=str(build_dir),
        is_python_module=False,  # a library of TORCH_LIBRARY registrations, loaded into torch.ops
        verbose=verbose,
    )


_build(verbose=bool(os.environ.get("TIRX_TORCH_VERBOSE")))


# ---------------------------------------------------------------------------
# Shape functions (what torch.compile and FakeTensor see), and gemm's backward
# ---------------------------------------------------------------------------

@torch.library.register_fake("tirx::gemm")
def _gemm_fake(a, b):
    torch._check(a.dim() == 2 and b.dim() == 2, lambda: "tirx_ops.gemm: a and b must be matrices")
    torch._check(a.shape[1] == b.shape[1],
                 lambda: f"tirx_ops.gemm: a {tuple(a.shape)} and b {tuple(b.shape)}: "
                         "their second dimensions differ")
    return a.new_empty((a.shape[0], b.shape[0]))


@torch.library.register_fake("tirx::rmsnorm")
def _rmsnorm_fake(x, weight, eps=1e-6):
    torch._check(weight.dim() == 1 and x.shape[-1] == weight.shape[0],
                 lambda: "tirx_ops.rmsnorm: weight must have x.shape[-1] elements")
    return torch.empty_like(x)


@torch.library.register_fake("tirx::attention_fwd")
def _attention_fwd_fake(q, k, v, causal=False, scale=0.0):
    torch._check(q.dim() == 4 and k.dim() == 4 and v.dim() == 4,
                 lambda: "tirx_ops.attention: q, k, v must be (batch, seqlen, heads, head_dim)")
    return (torch.empty_like(q, memory_format=torch.contiguous_format),
            q.new_empty((q.shape[0], q.shape[2], q.shape[1]), dtype=torch.float32))


@torch.library.register_fake("tirx::attention_varlen_fwd")
def _attention_varlen_fwd_fake(q, k, v, cu_seqlens_q, cu_seqlens_k, seqused_k, block_table,
                               max_seqlen_q, max_seqlen_k, causal=False, scale=0.0):
    o = torch.empty_like(q, memory_format=torch.contiguous_format)
    if cu_seqlens_q is not None:
        return o, q.new_empty((q.shape[1], q.shape[0]), dtype=torch.float32)
    return o, q.new_empty((q.shape[0], q.shape[2], q.shape[1]), dtype=torch.float32)


@torch.library.register_fake("tirx::attention_bwd")
def _attention_bwd_fake(d_o, q, k, v, o, lse, causal=False, scale=0.0, deterministic=False):
    like = lambda t: torch.empty_like(t, memory_format=torch.contiguous_format)  # noqa: E731
    return like(q), like(k), like(v)


def _attention_setup_context(ctx, inputs, output):
    q, k, v, causal, scale = inputs
    o, lse = output
    ctx.save_for_backward(q, k, v, o, lse)
    ctx.causal, ctx.scale = causal, scale
    ctx.mark_non_differentiable(lse)


def _attention_backward(ctx, grad_o, grad_lse):
    # dq, dk, dv of o; lse is not differentiable. torch's deterministic mode
    # (torch.use_deterministic_algorithms) asks for the bitwise repeatable
    # backward.
    q, k, v, o, lse = ctx.saved_tensors
    d_o = grad_o if grad_o.is_contiguous() else grad_o.contiguous()
    dq, dk, dv = torch.ops.tirx.attention_bwd(
        d_o, q, k, v, o, lse, ctx.causal, ctx.scale, torch.are_deterministic_algorithms_enabled())
    return dq, dk, dv, None, None


torch.library.register_autograd("tirx::attention_fwd", _attention_backward,
                                setup_context=_attention_setup_context)


def _gemm_setup_context(ctx, inputs, output):
    a, b = inputs
    ctx.save_for_backward(a, b)


def _gemm_backward(ctx, grad):
    # d = a @ b.T: grad_a = grad @ b, grad_b = grad.T @ a (torch.matmul: any shape)
    a, b = ctx.saved_tensors
    grad_a = grad @ b if ctx.needs_input_grad[0] else None
    grad_b = grad.t() @ a if ctx.needs_input_grad[1] else None
    return grad_a, grad_b


torch.library.register_autograd("tirx::gemm", _gemm_backward, setup_context=_gemm_setup_context)


# ---------------------------------------------------------------------------
# The Python API
# ---------------------------------------------------------------------------

def gemm(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """a @ b.T for bf16 a (m, k) and b (n, k), row-major contiguous, on one
    sm_90 GPU; fp32 accumulation, bf16 result (m, n). n and k must be
    multiples of 8 and both tensors must start on 16 bytes (TMA's rules);
    any m. Raises TypeError (dtype) or ValueError (device, shape, layout,
    alignment) with the rule and the fix."""
    return torch.ops.tirx.gemm(a, b)


def rmsnorm(x: torch.Tensor, weight: torch.Tensor, eps: float = 1e-6) -> torch.Tensor:
    """x / sqrt(mean(x**2 over the last dimension) + eps) * weight, float32,
    contiguous, any size and alignment (as torch.nn.functional.rms_norm with
    normalized_shape = (x.shape[-1],))."""
    return torch.ops.tirx.rmsnorm(x, weight, eps)


def attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool = False,
              scale: float | None = None, return_lse: bool = False):
    """softmax(scale q k^T + mask) v for BSHD q (batch, seqlen_q, heads_q,
    head_dim), k and v (batch, seqlen_k, heads_kv, head_dim), bf16 or fp16,
    head_dim 64, 128, 192 or 256, heads_q a multiple of heads_kv, on one sm_90
    GPU (FlashAttention's layout and conventions: causal is bottom-right
    aligned, scale defaults to 1 / sqrt(head_dim)). Returns o (BSHD, q's
    dtype) and, with return_lse, the fp32 logsumexp (batch, heads_q,
    seqlen_q). Differentiable in q, k and v for head_dim 64 and 128 (the
    backward of kernels/attention; bitwise repeatable under
    torch.use_deterministic_algorithms(True))."""
    o, lse = torch.ops.tirx.attention_fwd(q, k, v, causal, 0.0 if scale is None else scale)
    return (o, lse) if return_lse else o


def attention_varlen(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor,
                     cu_seqlens_q: torch.Tensor, cu_seqlens_k: torch.Tensor, max_seqlen_q: int,
                     max_seqlen_k: int, causal: bool = False, scale: float | None = None,
                     return_lse: bool = False):
    """attention over a batch of sequences of different lengths packed along
    the first dimension (FlashAttention's varlen layout): q (total_q,
    heads_q, head_dim), k and v (total_k, heads_kv, head_dim); batch b's
    rows are cu_seqlens_q[b] .. cu_seqlens_q[b + 1] of q (int32, batch + 1
    entries) and likewise of k and v; max_seqlen_q / max_seqlen_k the
    longest. Causal is bottom-right aligned per sequence. Returns o (as q)
    and, with return_lse, the logsumexp (heads_q, total_q). Forward only."""
    o, lse = torch.ops.tirx.attention_varlen_fwd(q, k, v, cu_seqlens_q, cu_seqlens_k, None, None,
                                                 max_seqlen_q, max_seqlen_k, causal,
                                                 0.0 if scale is None else scale)
    return (o, lse) if return_lse else o


def attention_with_kvcache(q: torch.Tensor, k_cache: torch.Tensor, v_cache: torch.Tensor,
                           cache_seqlens: torch.Tensor, block_table: torch.Tensor | None = None,
                           causal: bool = False, scale: float | None = None,
                           return_lse: bool = False):
    """attention of q (batch, seqlen_q, heads_q, head_dim) over a KV cache:
    k_cache and v_cache (batch, seqlen_cache, heads_kv, head_dim), or with
    block_table (batch, pages_per_seq; int32 page ids) pages (num_pages,
    page_size, heads_kv, head_dim) with page_size a multiple of 64;
    cache_seqlens (batch, int32) the keys each batch uses. Causal is
    bottom-right aligned (the new queries are the cache's last positions).
    Returns o (as q) and, with return_lse, the logsumexp (batch, heads_q,
    seqlen_q). Forward only."""
    o, lse = torch.ops.tirx.attention_varlen_fwd(q, k_cache, v_cache, None, None, cache_seqlens,
                                                 block_table, q.shape[1], k_cache.shape[1], causal,
                                                 0.0 if scale is None else scale)
    return (o, lse) if return_lse else o


__all__ = ["gemm", "rmsnorm", "attention", "attention_varlen", "attention_with_kvcache"]
