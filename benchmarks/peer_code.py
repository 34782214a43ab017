#!/usr/bin/env python3
"""The code torch.compile generates for one benchmark kernel, for reading
beside tirx's: compiles the kernel's torch expression (benchmarks/peers.py)
for one size with static shapes, runs it once, and copies what Inductor and
Triton wrote (the Python source of the Triton kernel, its .ttir/.ttgir/.llir,
.ptx, .cubin and launch metadata) from a fresh cache into OUTDIR. With
cuobjdump on PATH, OUTDIR also receives the SASS of every cubin (.sass).

    python3 benchmarks/peer_code.py KERNEL [--size 1G] [--cols 4096] OUTDIR
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("kernel")
    ap.add_argument("out_dir")
    ap.add_argument("--size", default="1G", help="input bytes (K, M, G suffixes)")
    ap.add_argument("--cols", type=int, default=4096, help="row length of row kernels")
    args = ap.parse_args(argv)

    cache = Path(tempfile.mkdtemp(prefix="tirx-peer-code-"))
    # fresh caches, set before torch loads, so that only this kernel lands there
    os.environ["TRITON_CACHE_DIR"] = str(cache / "triton")
    os.environ["TORCHINDUCTOR_CACHE_DIR"] = str(cache / "inductor")
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import peers  # noqa: E402  (after the environment is set)
    import torch  # noqa: E402

    kernel = next((k for k in peers.KERNELS if k.name == args.kernel), None)
    if kernel is None:
        print(f"peer_code.py: unknown kernel {args.kernel}; one of {', '.join(peers.KERNEL_NAMES)}")
        return 2
    if not torch.cuda.is_available():
        print("peer_code.py: no CUDA device")
        return 77
    n = peers.parse_size(args.size) // 4
    shape = peers.shape_of(kernel, n, args.cols)
    if shape is None:
        print(f"peer_code.py: {args.size} does not split into rows of {args.cols}")
        return 2
    inputs = peers.make_inputs(kernel, n, shape[0], shape[1], 1, "cuda")
    compiled = torch.compile(kernel.expr, dynamic=False)
    compiled(*inputs)
    torch.cuda.synchronize()

    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    kept = []
    for f in sorted(cache.rglob("*")):
        if f.is_file() and f.suffix in (".py", ".ttir", ".ttgir", ".llir", ".ptx", ".cubin", ".json"):
            if f.suffix == ".py" and "triton" not in f.read_text(errors="ignore"):
                continue
            dest = out / f.name
            shutil.copyfile(f, dest)
            kept.append(dest)
    cuobjdump = shutil.which("cuobjdump")
    for cubin in [p for p in kept if p.suffix == ".cubin"]:
        if cuobjdump:
            sass = subprocess.run([cuobjdump, "-sass", "-res-usage", str(cubin)],
                                  capture_output=True, text=True).stdout
            cubin.with_suffix(".sass").write_text(sass)
            kept.append(cubin.with_suffix(".sass"))
    shutil.rmtree(cache, ignore_errors=True)
    for p in kept:
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
