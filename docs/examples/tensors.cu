// The CUDA code of docs/tensors-and-memory.md. Each region between
// `// [snippet:NAME]` and `// [/snippet]` is shown verbatim in the guide;
// tests/tools/check_doc_snippets.py keeps the two in sync. Built for sm_80 and
// sm_90a; `ctest -L gpu` runs every kernel and checks its output (exit 77,
// "skipped", without a GPU). The guide shows the seeds add_one_vector and
// shared_shift_dynamic from their one copies, examples/*.cuh, included here.
#include <tirx/tile.hpp>

#include "../../examples/add_one_vector.cuh"
#include "../../examples/example_util.hpp"
#include "../../examples/shared_shift_dynamic.cuh"
#include <tirx/host/cuda_check.hpp>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace tirx;
using namespace tirx::literals;

// The seed headers declare Vec256 and Vec128 too: an alias may be declared
// again for the same type, so this also checks that the guide's types are theirs.
// [snippet:kernel-params]
using Vec256 = GlobalTensor<float, ShapeT<256>, 16>; // 256 floats, 16-byte aligned
using Vec128 = GlobalTensor<float, ShapeT<128>>;     // align defaults to alignof(float)
// [/snippet]

// [snippet:add-one-tile]
// The seed's register tile without tile operations: 64 threads, 12 floats each.
constexpr TileLayout reg_layout = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;
using Tile = GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16>;

__global__ void add_one_tile(Tile A, Tile B) {
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  auto registers = alloc_local<float, shape(2, 32, 3, 4), reg_layout>();
  // This thread's part of each tensor, flattened to 12 values. The thread
  // modes of `registers` pick the owner, not the slot: static zeros select
  // the calling thread's own slots (see "Distributed tensors").
  auto mine = registers.sub(c<0>, c<0>, _, _).view<12>();
  auto a = A.sub(warp, lane, _, _).view<12>();
  auto b = B.sub(warp, lane, _, _).view<12>();
#pragma unroll
  for (int i = 0; i < 12; i += 4)
    mine[ramp(i, 1_c, 4_c)] = a[ramp(i, 1_c, 4_c)] + 1.0f;
#pragma unroll
  for (int i = 0; i < 12; i += 4)
    b[ramp(i, 1_c, 4_c)] = mine[ramp(i, 1_c, 4_c)];
}
// [/snippet]

// [snippet:alloc-shared]
__global__ void shared_shift(Vec128 A, Vec128 B, int* distinct) {
  int tx = threadIdx.x;
  auto shared = alloc_shared<float, shape(128)>();
  shared(tx) = A(tx);
  __syncthreads();
  B(tx) = shared((tx + 1) % 128);

  // The storage belongs to the template arguments: the same arguments give
  // the same buffer, so a second buffer of this type needs its own tag.
  auto again = alloc_shared<float, shape(128)>();
  auto other = alloc_shared<float, shape(128), row_major(shape(128)), struct other_tag>();
  if (tx == 0)
    *distinct = (again.data() == shared.data()) + 2 * (other.data() != shared.data());
}
// [/snippet]

// [snippet:smem-launch]
void launch_shift(Vec128 A, Vec128 B) {
  shared_shift_dynamic<<<1, 128, shift_smem_bytes>>>(A, B); // the plan's 512 bytes
}
// [/snippet]

// [snippet:scalars-kernel]
__global__ void sum_four(GlobalTensor<float, ShapeT<256>> A, GlobalTensor<float, ShapeT<64>> B,
                         GlobalTensor<int, ShapeT<1>> positives) {
  int tx = threadIdx.x;
  let<int> base = tx * 4;
  scalar<float> total = 0.0f; // each thread's own accumulator
  for (int k = 0; k < 4; ++k)
    total += A(base + k);
  B(tx) = total;

  auto count = shared_scalar<int>(); // one per block
  if (tx == 0)
    count = 0;
  __syncthreads();
  if (total > 0.0f)
    atomicAdd(&count.value(), 1);
  __syncthreads();
  if (tx == 0)
    positives(0) = count;

  auto scratch = alloc_scalar<float>(); // alloc_scalar<T, MemScope::local> is scalar<T>
  scratch = total * 2.0f;
  (void)scratch;
}
// [/snippet]

// [snippet:atomics]
// Every thread takes a ticket (atom returns the counter's old value: the
// tickets are 0 .. n-1, each once) and counts itself in one of 4 bins (red:
// no result). Many threads hit one address; the hardware serializes them.
__global__ void tickets_and_bins(unsigned* counter, unsigned* bins, unsigned* tickets) {
  using One = GlobalTensor<unsigned, ShapeT<1>>;
  auto ticket = alloc_local<unsigned, shape(1)>();
  tile::apply<ptx<"atom.global.add.u32">>(ticket, decl_tensor<One>(counter), 1u, scope::thread);
  tickets[threadIdx.x] = ticket(0);
  tile::apply<ptx<"red.relaxed.gpu.global.add.u32">>(decl_tensor<One>(bins + threadIdx.x % 4), 1u,
                                                     scope::thread);
}
// [/snippet]

int main() {
  if (!tirx::cuda_device_present())
    return 77; // no GPU: ctest reports the test skipped

  std::vector<float> a(768);
  for (std::size_t i = 0; i < a.size(); ++i)
    a[i] = static_cast<float>(i % 97) - 48.0f;
  example::Buffer<float> in(768), out(768);
  in.upload(a);

  add_one_vector<<<1, 64>>>(Vec256{in.dev}, Vec256{out.dev});
  {
    auto b = out.download();
    bool ok = true;
    for (int i = 0; i < 256; ++i)
      ok = ok && b[i] == a[i] + 1.0f;
    example::expect(ok, "add_one_vector");
  }

  add_one_tile<<<1, 64>>>(Tile{in.dev}, Tile{out.dev});
  {
    auto b = out.download();
    bool ok = true;
    for (int i = 0; i < 768; ++i)
      ok = ok && b[i] == a[i] + 1.0f;
    example::expect(ok, "add_one_tile");
  }

  example::Buffer<int> distinct(1);
  shared_shift<<<1, 128>>>(Vec128{in.dev}, Vec128{out.dev}, distinct.dev);
  {
    auto b = out.download();
    bool ok = true;
    for (int i = 0; i < 128; ++i)
      ok = ok && b[i] == a[(i + 1) % 128];
    example::expect(ok, "shared_shift");
    example::expect(distinct.download()[0] == 3,
                    "alloc_shared: same arguments share, a tag separates");
  }

  launch_shift(Vec128{in.dev}, Vec128{out.dev});
  {
    auto b = out.download();
    bool ok = true;
    for (int i = 0; i < 128; ++i)
      ok = ok && b[i] == a[(i + 1) % 128];
    example::expect(ok, "shared_shift_dynamic");
  }

  example::Buffer<int> positives(1);
  sum_four<<<1, 64>>>(GlobalTensor<float, ShapeT<256>>{in.dev},
                      GlobalTensor<float, ShapeT<64>>{out.dev},
                      GlobalTensor<int, ShapeT<1>>{positives.dev});
  {
    auto b = out.download();
    bool ok = true;
    int want_positive = 0;
    for (int t = 0; t < 64; ++t) {
      float total = 0.0f; // same order of additions as the kernel
      for (int k = 0; k < 4; ++k)
        total += a[t * 4 + k];
      ok = ok && b[t] == total;
      want_positive += total > 0.0f;
    }
    example::expect(ok, "sum_four");
    example::expect(positives.download()[0] == want_positive, "shared_scalar count");
  }

  EXAMPLE_CHECK_CUDA(cudaGetLastError());
  example::Buffer<unsigned> counter(1), bins(4), tickets(128);
  TIRX_CHECK_CUDA(cudaMemset(counter.dev, 0, sizeof(unsigned)));
  TIRX_CHECK_CUDA(cudaMemset(bins.dev, 0, 4 * sizeof(unsigned)));
  tickets_and_bins<<<1, 128>>>(counter.dev, bins.dev, tickets.dev);
  {
    auto t = tickets.download();
    std::sort(t.begin(), t.end());
    bool ok = counter.download()[0] == 128;
    for (unsigned i = 0; i < 128; ++i)
      ok = ok && t[i] == i;
    for (unsigned b : bins.download())
      ok = ok && b == 32;
    example::expect(ok, "tickets_and_bins: atom's tickets 0..127 once each, red's bins 32 each");
  }

  return example::exit_code();
}
