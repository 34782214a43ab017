"""The seeds' kernels in TIRx's own Python DSL (tvm_tirx.script.tirx).

One function per kernel that tirx writes in examples/NAME.cuh, built from
the same facts: the same shapes, dtypes, alignments, register layouts,
instructions and launch (one block). KERNELS maps the tirx kernel's name to
the TIRx function; seeds_ptx.py generates CUDA for each with
tvm_tirx.tirx.compile (no GPU needed) and compares the PTX of both sides.
Importing this module needs tvm_tirx.
"""

from tvm_tirx.backend.cuda.axis import laneid, warpid
from tvm_tirx.backend.cuda.lang import SMEMPool
from tvm_tirx.script import tirx as T
from tvm_tirx.tirx.layout import S, TileLayout

# Two warps of 32 lanes; each thread holds 3 x 4 words (add_one_tile) or 4.
TWELVE_PER_THREAD = TileLayout(S[(2, 32, 3, 4) : (1 @ warpid, 1 @ laneid, 4, 1)])
FOUR_PER_THREAD = TileLayout(S[(2, 32, 4) : (1 @ warpid, 1 @ laneid, 1)])


@T.function(private=True)
def plus_one(value: T.float32) -> T.float32:
    return value + T.float32(1)


@T.function(private=True)
def silu(value: T.float32) -> T.float32:
    return value / (T.float32(1) + T.exp(-value))


@T.function
def add_one_tile(A: T.Tensor((2, 32, 3, 4), "float32", align=16),
                 B: T.Tensor((2, 32, 3, 4), "float32", align=16)):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    regs = T.alloc_local((2, 32, 3, 4), "float32", layout=TWELVE_PER_THREAD)
    T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], regs, A, scope="cta")
    T.cuda.tile.ewise(plus_one, regs, regs, scope="cta")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], B, regs, scope="cta")


@T.function
def add_one_vector(A: T.Tensor((256,), "float32", align=16),
                   B: T.Tensor((256,), "float32", align=16)):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    tx = T.cuda.thread_idx("x")
    four = A[T.Ramp(tx * 4, 1, 4)]
    B[T.Ramp(tx * 4, 1, 4)] = four + 1


@T.function
def add_one_local(A: T.Tensor((256,), "float32"), B: T.Tensor((256,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    tx = T.cuda.thread_idx("x")
    values = T.alloc_local((4,), "float32")
    for k in T.unroll(4):
        values[k] = A[tx * 4 + k]
    for k in T.unroll(4):
        B[tx * 4 + k] = values[k] + 1


@T.function
def sum_four(A: T.Tensor((256,), "float32"), B: T.Tensor((64,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    tx = T.cuda.thread_idx("x")
    base: T.let[T.int32] = tx * 4
    total: T.float32 = 0.0
    for k in range(4):
        total += A[base + k]
    B[tx] = total


@T.function
def shared_shift(A: T.Tensor((128,), "float32"), B: T.Tensor((128,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
    tx = T.cuda.thread_idx("x")
    shared = T.alloc_shared((128,), "float32")
    shared[tx] = A[tx]
    T.cuda.cta_sync()
    B[tx] = shared[(tx + 1) % 128]


@T.function
def shared_shift_dynamic(A: T.Tensor((128,), "float32"), B: T.Tensor((128,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
    tx = T.cuda.thread_idx("x")
    pool = SMEMPool()
    shared = pool.alloc((128,), "float32")
    pool.commit()
    shared[tx] = A[tx]
    T.cuda.cta_sync()
    B[tx] = shared[(tx + 1) % 128]


@T.function
def affine_relu(A: T.Tensor((2, 32, 4), "float32", align=16),
                B: T.Tensor((2, 32, 4), "float32", align=16)):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    regs = T.alloc_local((2, 32, 4), "float32", layout=FOUR_PER_THREAD)
    T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], regs, A, scope="cta")
    scalars = regs.view(2, 32, 4, 1)
    T.cuda.tile.apply(T.ptx["fma.rn.f32"], scalars, scalars, T.float32(2), T.float32(1),
                      scope="cta")
    T.cuda.tile.apply(T.ptx["max.f32"], scalars, scalars, T.float32(0), scope="cta")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], B, regs, scope="cta")


@T.function
def to_float16(A: T.Tensor((2, 32, 4), "float32", align=16),
               B: T.Tensor((2, 32, 4), "float16", align=8)):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    regs = T.alloc_local((2, 32, 4), "float32", layout=FOUR_PER_THREAD)
    halves = T.alloc_local((2, 32, 4), "float16", layout=FOUR_PER_THREAD)
    bits = halves.view("uint16")
    T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], regs, A, scope="cta")
    T.cuda.tile.apply(T.ptx["cvt.rn.f16.f32"], bits.view(2, 32, 4, 1), regs.view(2, 32, 4, 1),
                      scope="cta")
    T.cuda.tile.apply(T.ptx["st.global.v4.b16"], B.view("uint16"), bits, scope="cta")


@T.function
def apply_silu(A: T.Tensor((2, 32, 4), "float32", align=16),
               B: T.Tensor((2, 32, 4), "float32", align=16)):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    regs = T.alloc_local((2, 32, 4), "float32", layout=FOUR_PER_THREAD)
    T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], regs, A, scope="cta")
    T.cuda.tile.ewise(silu, regs, regs, scope="cta")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], B, regs, scope="cta")


# tirx kernel name -> (examples/ header, TIRx function)
KERNELS = {
    "add_one_local": ("add_one_local", add_one_local),
    "add_one_tile": ("add_one_tile", add_one_tile),
    "add_one_vector": ("add_one_vector", add_one_vector),
    "affine_relu": ("affine_relu", affine_relu),
    "shared_shift": ("shared_shift", shared_shift),
    "shared_shift_dynamic": ("shared_shift_dynamic", shared_shift_dynamic),
    "apply_silu": ("silu", apply_silu),
    "sum_four": ("sum_four", sum_four),
    "to_float16": ("to_float16", to_float16),
}


def cuda_source(func):
    """TIRx's CUDA for one kernel (tvm_tirx.tirx.compile; no GPU needed)."""
    import tvm_tirx

    exe = tvm_tirx.tirx.compile(func, target={"kind": "cuda", "arch": "sm_90a"})
    return exe.mod.imports[0].inspect_source()
