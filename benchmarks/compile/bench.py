#!/usr/bin/env python3
"""The compile-time benchmark (run it through scripts/bench_compile.sh, whose header describes the cases)."""
import argparse
import glob
import importlib.util
import json
import os
import re
import subprocess
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
import nvcc_phases  # noqa: E402

KERNEL = "__global__ void kernel(float* p) { p[threadIdx.x] += 1.0f; }\n"
HALF = "#include <cuda_bf16.h>\n#include <cuda_fp16.h>\n"
TYPES = ["float", "int", "unsigned"]


def apply_kernel(n):
    """A kernel of n tile::apply calls: ld/st.global.v4 of a 64-thread tile of three element
    types (three instantiations of each spelling)."""
    lines = ["#include <tirx/tile.hpp>", "using namespace tirx;",
             'constexpr TileLayout L = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;',
             "template <class T> using Tile = GlobalTensor<T, ShapeT<2, 32, 3, 4>, 16>;",
             f"__global__ void apply_{n}(Tile<float> A0, Tile<float> B0, Tile<int> A1, Tile<int> B1,",
             "                         Tile<unsigned> A2, Tile<unsigned> B2) { // 64 threads"]
    for t, ty in enumerate(TYPES):
        lines.append(f"  auto r{t} = alloc_local<{ty}, shape(2, 32, 3, 4), L>();")
    for i in range(n // 2):
        t = i % 3
        lines.append(f'  tile::apply<ptx<"ld.global.v4.b32">>(r{t}, A{t}, scope::cta);')
        lines.append(f'  tile::apply<ptx<"st.global.v4.b32">>(B{t}, r{t}, scope::cta);')
    lines.append("}")
    return "\n".join(lines) + "\n"


def cutlass_include(out):
    """CUTLASS's headers from the nvidia-cutlass package (never from this repository)."""
    if os.environ.get("CUTLASS_INCLUDE_DIR"):
        return os.environ["CUTLASS_INCLUDE_DIR"]
    spec = importlib.util.find_spec("cutlass_library")
    if spec and spec.origin:
        inc = os.path.join(os.path.dirname(spec.origin), "source", "include")
        if os.path.isfile(os.path.join(inc, "cutlass", "cutlass.h")):
            return inc
    wheels = sorted(glob.glob(os.path.join(os.environ.get("TIRX_WHEEL_DIR", os.path.join(ROOT, ".whl")),
                                           "nvidia_cutlass-*.whl")))
    if not wheels:
        return ""
    dest = os.path.join(out, "cutlass")
    inc = os.path.join(dest, "cutlass_library", "source", "include")
    if not os.path.isfile(os.path.join(inc, "cutlass", "cutlass.h")):
        with zipfile.ZipFile(wheels[-1]) as z:
            z.extractall(dest, [n for n in z.namelist() if n.startswith(
                ("cutlass_library/source/include/", "cutlass_library/source/tools/util/include/"))])
    return inc


# one call of the GEMM's public entry point (kernels/gemm), its header given
PUBLIC_GEMM = """#include "kernels/gemm/%s"
cudaError_t call(const __nv_bfloat16* a, const __nv_bfloat16* b, __nv_bfloat16* d, int m, int n,
                 int k, cudaStream_t stream) {
  tirx_kernels::GemmArgs<__nv_bfloat16> g{.m = m, .n = n, .k = k, .a = a, .b = b, .d = d};
  return tirx_kernels::gemm<tirx_kernels::Major::row, tirx_kernels::Major::col>(g, stream);
}
"""


def cases(out, quick, include):
    tu = os.path.join(out, "tu")
    os.makedirs(tu, exist_ok=True)

    def write(name, text):
        path = os.path.join(tu, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    tirx = ["-std=c++20", "-I" + include, "-I" + ROOT,
            "-I" + os.path.join(ROOT, "benchmarks")]
    c = [("empty", "base", ["-std=c++20", write("empty.cu", KERNEL)]),
         ("plain (half headers)", "base", ["-std=c++20", write("plain.cu", HALF + KERNEL)]),
         ("tirx/tile.hpp", "header",
          tirx + [write("tirx_header.cu", HALF + "#include <tirx/tile.hpp>\n" + KERNEL)])]
    if os.path.isfile(os.path.join(include, "tirx", "layout.hpp")):
        c.append(("tirx/layout.hpp", "header",
                  tirx + [write("tirx_layout.cu", HALF + "#include <tirx/layout.hpp>\n" + KERNEL)]))
    c.append(("apply x0", "apply", tirx + [write("apply0.cu", apply_kernel(0))]))
    c.append(("apply x64", "apply", tirx + [write("apply64.cu", apply_kernel(64))]))
    for twin in sorted(glob.glob(os.path.join(ROOT, "tests", "twins", "*.cu"))):
        name = os.path.splitext(os.path.basename(twin))[0]
        c.append((f"seed {name}", "seed",
                  tirx + [write(f"seed_{name}.cu", f'#include "examples/{name}.cuh"\n')]))
        text = re.sub(r'#include "\.\./\.\./examples/[^"]*"\n', HALF, open(twin).read())
        c.append((f"twin {name}", "twin", ["-std=c++20", write(f"twin_{name}.cu", text)]))
    cutlass = cutlass_include(out)
    peer = ["-std=c++17", "--expt-relaxed-constexpr", "-isystem", cutlass,
            "-isystem", os.path.join(cutlass, "..", "tools", "util", "include")]
    if cutlass:
        c.append(("CuTe cute/tensor.hpp", "peer",
                  peer + [write("cute_tensor.cu", "#include <cute/tensor.hpp>\n" + KERNEL)]))
    else:
        print("== CUTLASS's headers not found (pip install nvidia-cutlass, or a wheel in .whl/):"
              " CuTe and CUTLASS left out", flush=True)
    if not quick:
        bench = os.path.join(ROOT, "benchmarks")
        c.append(("kernels/ (launch_tirx.cu)", "kernels", tirx + [os.path.join(bench, "launch_tirx.cu")]))
        c.append(("their twins (launch_twins.cu)", "kernels",
                  tirx + [os.path.join(bench, "launch_twins.cu")]))
        c.append(("GEMM kernels/gemm (tirx_gemm.cu)", "gemm",
                  tirx + ["-DTIRX_NO_DEBUG_CHECKS", os.path.join(bench, "gemm_peers", "tirx_gemm.cu")]))
        # a user's translation unit with one public GEMM call, by each route
        for route, header in (("header-only, gemm.cuh", "gemm.cuh"),
                              ("tirx::kernels, gemm_api.cuh", "gemm_api.cuh")):
            c.append((f"public GEMM call ({route})", "gemm",
                      tirx + [write(f"public_{header.split('.')[0]}.cu", PUBLIC_GEMM % header)]))
        if cutlass:
            c.append(("CUTLASS GEMM (cutlass_gemm.cu)", "gemm",
                      peer + [os.path.join(bench, "gemm_peers", "cutlass_gemm.cu")]))
    return c


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out", nargs="?", default=os.path.join(ROOT, "build", "compile-bench"))
    p.add_argument("--reps", type=int, default=2)
    p.add_argument("--quick", action="store_true")
    p.add_argument("--only", default="", help="a regular expression: the cases to run")
    p.add_argument("--include", default=os.path.join(ROOT, "include"),
                   help="tirx's include folder (e.g. another revision's, from git archive)")
    a = p.parse_args()
    out = os.path.abspath(a.out)
    os.makedirs(out, exist_ok=True)
    base = ["nvcc", "-O3", "-DNDEBUG", "-gencode=arch=compute_90a,code=sm_90a", "-c",
            "-o", os.path.join(out, "tu.o")]
    results = []
    for name, group, args in cases(out, a.quick, os.path.abspath(a.include)):
        if a.only and not re.search(a.only, name):
            continue
        runs = []
        try:
            for _ in range(a.reps):
                runs.append(nvcc_phases.run(base + args))
        except SystemExit as e:
            print(f"== {name}: does not compile, left out ({e})", flush=True)
            continue
        best = min(runs, key=lambda r: sum(x["wall_s"] for x in r))
        row = {"case": name, "group": group, "wall_s": round(sum(x["wall_s"] for x in best), 2),
               "cpu_s": round(sum(x["cpu_s"] for x in best), 2),
               "peak_mb": round(max(x["max_rss_mb"] for r in runs for x in r)),
               "phases": {x["phase"]: x["wall_s"] for x in best}}
        results.append(row)
        print(f"== {name:34} {row['wall_s']:7.2f} s {row['peak_mb']:6} MB  " +
              " ".join(f"{k}={v:.2f}" for k, v in row["phases"].items()), flush=True)
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    report(results, out)


def report(results, out):
    by = {r["case"]: r for r in results}
    plain = by.get("plain (half headers)")
    lines = ["| translation unit | wall s | CPU s | x plain (wall) | peak MB | cudafe++ s | cicc s |"
             " host g++ s |", "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in results:
        ph = r["phases"]
        ratio = f"{r['wall_s'] / plain['wall_s']:.2f}" if plain else ""
        lines.append(f"| {r['case']} | {r['wall_s']:.2f} | {r['cpu_s']:.2f} | {ratio} | {r['peak_mb']} | "
                     f"{ph.get('cudafe++', 0):.2f} | {ph.get('cicc', 0):.2f} | "
                     f"{ph.get('host-compile', 0):.2f} |")
    notes = []
    if "apply x0" in by and "apply x64" in by:
        per = (by["apply x64"]["wall_s"] - by["apply x0"]["wall_s"]) / 64 * 1000
        cpu = (by["apply x64"]["cpu_s"] - by["apply x0"]["cpu_s"]) / 64 * 1000
        notes.append(f"Per tile::apply call: {per:.0f} ms wall, {cpu:.0f} ms CPU (apply x64 - apply x0,"
                     " / 64; target <= 20 ms).")
    if plain and "tirx/tile.hpp" in by:
        h = by["tirx/tile.hpp"]
        notes.append(f"tirx/tile.hpp, nothing used: {h['wall_s'] / plain['wall_s']:.2f}x the plain TU "
                     f"(target <= 1.4x), {h['peak_mb']} MB (target <= 600 MB).")
    seeds = [(r["case"][5:], r) for r in results if r["group"] == "seed"]
    for name, s in seeds:
        t = by.get(f"twin {name}")
        if t:
            notes.append(f"seed {name}: {s['wall_s'] / t['wall_s']:.2f}x its twin (target <= 1.5x).")
    text = ("nvcc -O3 -DNDEBUG sm_90a -c, best wall of the runs (CPU: user + system of that run; less"
            " affected by other load), peak = the largest process.\n\n" +
            "\n".join(lines) + "\n\n" + "\n".join(f"- {n}" for n in notes) + "\n")
    with open(os.path.join(out, "report.md"), "w") as f:
        f.write(text)
    print(text)
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    fig, ax = plt.subplots(1, 2, figsize=(12, 0.35 * len(results) + 1.5))
    names = [r["case"] for r in results][::-1]
    ax[0].barh(names, [r["wall_s"] for r in results][::-1])
    ax[0].set_xlabel("nvcc wall s")
    ax[0].set_xscale("log")
    ax[1].barh(names, [r["peak_mb"] for r in results][::-1], color="tab:orange")
    ax[1].set_xlabel("peak MB")
    ax[1].set_yticklabels([])
    fig.tight_layout()
    fig.savefig(os.path.join(out, "report.png"), dpi=90)


if __name__ == "__main__":
    main()
