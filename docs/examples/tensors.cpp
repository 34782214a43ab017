// The host code of docs/tensors-and-memory.md. Each region between
// `// [snippet:NAME]` and `// [/snippet]` is shown verbatim in the guide;
// tests/check_doc_snippets.py keeps the two in sync. Tensors are host-device
// types, so everything here also compiles in a kernel; the static_asserts are
// checked by building this file, the CHECKs by running it (ctest -L host).
// [snippet:smem-include]
#include <tirx/tile.hpp>
#include <cuda/std/tuple> // cuda::std::tuple: a plan that returns several tensors
// [/snippet]

#include <catch2/catch.hpp>

#include <cstring>
#include <string_view>
#include <type_traits>

using namespace tirx;
using namespace tirx::literals;

namespace dtype_example {
// [snippet:dtypes]
static_assert(std::is_same_v<float16, half> && std::is_same_v<bfloat16, nv_bfloat16>);
static_assert(std::is_same_v<uint8, unsigned char> && std::is_same_v<float32x4, float4>);

static_assert(std::string_view(dtype_traits<half>::name) == "float16");
static_assert(dtype_bits<nv_bfloat16> == 16 && dtype_bits<float4> == 128);
static_assert(dtype_traits<float4>::lanes == 4);
static_assert(Element<float> && Element<const half> && !Element<float*>);
// [/snippet]
} // namespace dtype_example

namespace tensor_type_example {
// [snippet:tensor-type]
// 2 x 32 x 3 x 4 floats in global memory, data() 16-byte aligned, row-major.
using A = GlobalTensor<float, ShapeT<2, 32, 3, 4>, 16>;
static_assert(std::is_same_v<A, Tensor<float, ShapeT<2, 32, 3, 4>, MemScope::global, 16,
                                       row_major_t<ShapeT<2, 32, 3, 4>>>>);

static_assert(A::rank == 4 && A::size() == 768 && A::shape() == shape(2, 32, 3, 4));
static_assert(A::layout() == S(2, 32, 3, 4) && A::scope == MemScope::global && A::align == 16);
static_assert(std::is_same_v<A::element_type, float> && std::is_same_v<A::index_type, int>);
static_assert(sizeof(A) == sizeof(float*)); // a view is one pointer
// [/snippet]
} // namespace tensor_type_example

TEST_CASE("docs/tensors: declaring and accessing", "[docs]") {
  // [snippet:decl-tensor]
  alignas(16) float storage[256] = {};
  using Vec = Tensor<float, ShapeT<256>, MemScope::global, 16>;
  auto a = decl_tensor<Vec>(storage);     // a view: nothing allocated, nothing copied
  auto same = decl_tensor<Vec>(a.data()); // a second view of the same elements
  same(7) = 1.5f;
  CHECK(a(7) == 1.5f);
  CHECK(storage[7] == 1.5f);
  // [/snippet]

  // [snippet:access]
  auto matrix = a.view<64, 4>();
  matrix(3, 2) = 4.0f;            // one index per mode
  CHECK(a[14] == 4.0f);           // [] on a 1-D tensor
  float* p = matrix.ptr_to(3, 2); // a typed pointer to one element
  CHECK(p == storage + 14);
  CHECK(matrix.data() == storage); // the base pointer
  // [/snippet]
}

TEST_CASE("docs/tensors: views", "[docs]") {
  alignas(16) float storage[256];
  for (int i = 0; i < 256; ++i)
    storage[i] = static_cast<float>(i);
  auto A = decl_tensor<GlobalTensor<float, ShapeT<256>, 16>>(storage);

  // [snippet:view-shape]
  auto matrix = A.view<64, 4>();            // same elements, shape (64, 4)
  auto transposed = matrix.permute<1, 0>(); // shape (4, 64): new mode i = old mode P[i]
  static_assert(decltype(transposed)::shape() == shape(4, 64));
  static_assert(decltype(transposed)::layout() == layout_of<"S[(4, 64) : (1, 4)]">);
  CHECK(transposed(2, 5) == matrix(5, 2)); // both are A[5 * 4 + 2]
  CHECK(&transposed(2, 5) == &A[22]);
  // [/snippet]

  // [snippet:rearrange]
  auto grouped = matrix.rearrange<"(warp lane) value -> warp lane value", "warp=2 lane=32">();
  static_assert(decltype(grouped)::shape() == shape(2, 32, 4));
  CHECK(&grouped(1, 3, 2) == &matrix(32 * 1 + 3, 2));
  // Sizes that can be inferred may be left out; groups merge on the right too.
  auto pairs = matrix.rearrange<"rows (v two) -> (rows v) two", "two=2">();
  static_assert(decltype(pairs)::shape() == shape(128, 2));
  auto columns = matrix.rearrange<"(a b) v -> v b a", "a=2">();
  static_assert(decltype(columns)::shape() == shape(4, 32, 2));
  CHECK(&columns(1, 5, 1) == &matrix(32 + 5, 1));
  // [/snippet]

  // [snippet:sub]
  int i = 5;
  auto row = matrix.sub(i, _); // a run-time index drops its mode
  static_assert(decltype(row)::shape() == shape(4));
  CHECK(&row(2) == &matrix(5, 2));
  auto col = matrix.sub(_, c<3>); // c<k>: a static index
  static_assert(decltype(col)::layout() == layout_of<"S[64 : 4] + 3">);
  auto block = matrix.sub(range<8, 16>, range<0, 4, 2>); // rows 8..15, columns 0 and 2
  static_assert(decltype(block)::shape() == shape(8, 2));
  CHECK(&block(1, 1) == &matrix(9, 2));
  auto rows = matrix.sub(range_from<4>(i * 4), _); // 4 rows from a run-time start
  static_assert(decltype(rows)::shape() == shape(4, 4));
  CHECK(&rows(0, 0) == &matrix(20, 0));
  // [/snippet]

  // [snippet:sub-align]
  // align follows the pointer: a run-time row of 4 floats keeps 16 bytes,
  // a run-time column only 4. Static offsets stay in the layout instead.
  static_assert(decltype(matrix.sub(i, _))::align == 16);
  static_assert(decltype(matrix.sub(_, i))::align == 4);
  static_assert(decltype(matrix.sub(_, c<3>))::align == 16);
  // [/snippet]
}

TEST_CASE("docs/tensors: dtype views", "[docs]") {
  // [snippet:view-dtype]
  auto half_values = alloc_local<half, shape(8)>();
  for (int k = 0; k < 8; ++k)
    half_values(k) = __float2half(static_cast<float>(k));
  auto packed_words = half_values.view<uint32>(); // the same 16 bytes as 4 words
  static_assert(decltype(packed_words)::shape() == shape(4));

  unsigned short lo, hi; // word 1 holds halves 2 (low 16 bits) and 3 (high 16 bits)
  std::memcpy(&lo, &half_values(2), 2);
  std::memcpy(&hi, &half_values(3), 2);
  CHECK(packed_words(1) == (lo | (static_cast<uint32>(hi) << 16)));

  auto bytes = packed_words.view<uint8>(); // narrower: each word splits in 4
  static_assert(decltype(bytes)::shape() == shape(16));
  // [/snippet]
}

TEST_CASE("docs/tensors: per-thread storage", "[docs]") {
  // [snippet:alloc-local]
  // 64 threads x 12 floats; each thread owns 3 x 4 slots (storage(layout)).
  constexpr TileLayout reg = layout_of<"S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]">;
  auto registers = alloc_local<float, shape(2, 32, 3, 4), reg>();
  static_assert(sizeof(registers) == 12 * sizeof(float) && decltype(registers)::align == 16);
  static_assert(decltype(registers)::scope == MemScope::local);

  // Indexing reads the calling thread's slot: the thread coordinates pick the
  // owner, they are not storage. Element (w, l, 2, 1) is slot 2 * 4 + 1 of
  // thread (w, l); use it only in the thread that owns it.
  registers(0, 0, 2, 1) = 7.0f;
  CHECK(registers.data()[9] == 7.0f);
  CHECK(&registers(1, 17, 2, 1) == &registers(0, 0, 2, 1));

  // Views of an owning tensor point into it.
  auto per_thread = registers.view<2, 32, 12>();
  CHECK(per_thread(0, 0, 9) == 7.0f);
  // [/snippet]
}

namespace smem_example {
// [snippet:smem-plan]
// One plan, two uses: in a kernel it carves dynamic shared memory; in a
// constant expression it only counts bytes.
TIRX_HD constexpr auto stage_plan(SMEMPool& pool) {
  auto in = pool.alloc<float, shape(128)>();               // bytes [0, 512)
  auto out = pool.alloc<float, shape(128), S(128), 128>(); // 128-byte aligned: [512, 1024)
  pool.move_base_to(0);                                    // what follows reuses [0, ...)
  auto sums = pool.alloc<double, shape(32)>();             // bytes [0, 256), overlaps `in`
  pool.commit();
  return cuda::std::tuple{in, out, sums};
}
constexpr unsigned long long stage_bytes = smem_bytes(stage_plan);
static_assert(stage_bytes == 1024); // the high-water mark, not the sum
// [/snippet]

// [snippet:smem-layout]
// Where the plan puts each tensor, as constants: offsets in the order of the
// alloc calls, then the bytes; a wrong offset stops compilation.
constexpr SMEMLayout stage = smem_layout(stage_plan);
static_assert(stage.count == 3);
static_assert(stage.offset[0] == 0 && stage.offset[1] == 512 && stage.offset[2] == 0);
static_assert(stage.bytes == stage_bytes);
// [/snippet]
} // namespace smem_example

TEST_CASE("docs/tensors: SMEMPool over any memory", "[docs]") {
  // [snippet:smem-host]
  alignas(1024) unsigned char arena[smem_example::stage_bytes];
  SMEMPool pool(arena); // a pool over memory you provide (dynamic() in a kernel)
  auto [in, out, sums] = smem_example::stage_plan(pool);
  CHECK(reinterpret_cast<unsigned char*>(in.data()) == arena);
  CHECK(reinterpret_cast<unsigned char*>(out.data()) == arena + 512);
  CHECK(reinterpret_cast<unsigned char*>(sums.data()) == arena);
  CHECK(pool.bytes() == 1024);
  static_assert(decltype(out)::scope == MemScope::shared_dyn && decltype(out)::align == 128);
  // [/snippet]
}

TEST_CASE("docs/tensors: vectors and scalars", "[docs]") {
  alignas(16) float a_storage[256], b_storage[256];
  for (int i = 0; i < 256; ++i)
    a_storage[i] = static_cast<float>(i);
  using Vec256 = GlobalTensor<float, ShapeT<256>, 16>;
  auto A = decl_tensor<Vec256>(a_storage);
  auto B = decl_tensor<Vec256>(b_storage);
  int tx = 3;

  // [snippet:ramp]
  // ramp(base, stride, lanes): indices base, base + stride, ... (lanes of them).
  vec<float, 4> v = A[ramp(tx * 4, 1_c, 4_c)]; // one 16-byte load
  B[ramp(tx * 4, 1_c, 4_c)] = v + 1.0f;        // one 16-byte store
  CHECK(B(13) == A(13) + 1.0f);

  // A run-time or non-unit stride still works, one element at a time.
  vec<float, 4> strided = A[ramp(tx, 64, 4_c)]; // A[3], A[67], A[131], A[195]
  CHECK(strided[3] == 195.0f);
  static_assert(sizeof(vec<float, 4>) == 16 && alignof(vec<float, 4>) == 16);
  // [/snippet]

  // [snippet:scalars]
  let<int> base = tx * 4;     // immutable, explicitly typed: const int
  scalar<float> total = 0.0f; // mutable: a one-element local tensor
  for (int k = 0; k < 4; ++k)
    total += A(base + k);
  float result = total; // reads as a plain value
  CHECK(result == 12.0f + 13.0f + 14.0f + 15.0f);

  auto count = local_scalar(0); // the same, by function (TIRx local_scalar)
  count += 2;
  CHECK(count.value() == 2);
  static_assert(decltype(count)::scope == MemScope::local && decltype(count)::size() == 1);
  // [/snippet]
}
