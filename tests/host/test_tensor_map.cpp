// Host tests of the tensor maps: the recognition of the canonical shared
// layouts (layout/smem_canonical.hpp), the static facts of a TensorMap type
// (tensor/tensor_map.hpp), the tirx swizzles against the hardware's address
// formula, the arguments make_tensor_map hands the driver and its run-time
// errors (host/tensor_map.hpp). No GPU: the encoding itself is tested by
// tests/exec/gpu_tma*.cu.
#include <tirx/host/tensor_map.hpp>
#include <tirx/layout/parse.hpp>
#include <tirx/layout/smem_canonical.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>

using namespace tirx;

namespace {

using bf16 = nv_bfloat16;

constexpr TileLayout swz(Shape box, SwizzleMode m, int bytes) {
  return row_major(box) ^ swizzle_for(m, bytes);
}

// -- recognition ------------------------------------------------------------------
static_assert(tma_swizzle_of<bf16>(row_major(shape(64, 64)), shape(64, 64)).ok());
static_assert(tma_swizzle_of<bf16>(row_major(shape(64, 64)), shape(64, 64)).mode ==
              SwizzleMode::none);
static_assert(tma_swizzle_of<bf16>(swz(shape(64, 64), SwizzleMode::b128, 2), shape(64, 64)).mode ==
              SwizzleMode::b128);
static_assert(tma_swizzle_of<bf16>(swz(shape(8, 32), SwizzleMode::b64, 2), shape(8, 32)).mode ==
              SwizzleMode::b64);
static_assert(tma_swizzle_of<bf16>(swz(shape(8, 16), SwizzleMode::b32, 2), shape(8, 16)).mode ==
              SwizzleMode::b32);
static_assert(tma_swizzle_of<float>(swz(shape(4, 8, 32), SwizzleMode::b128, 4), shape(4, 8, 32))
                  .mode == SwizzleMode::b128);
static_assert(
    tma_swizzle_of<std::uint8_t>(swz(shape(16, 128), SwizzleMode::b128, 1), shape(16, 128)).ok());
// the broken rules
static_assert(tma_swizzle_of<bf16>(layout_of<"S[(8, 64) : (1, 8)]">, shape(8, 64)).error ==
              SmemCanonError::not_row_major);
static_assert(tma_swizzle_of<bf16>(swz(shape(8, 64), SwizzleMode::b128, 4), shape(8, 64)).error ==
              SmemCanonError::not_a_swizzle_mode);
static_assert(tma_swizzle_of<bf16>(row_major(shape(8, 12)), shape(8, 12)).error ==
              SmemCanonError::inner_not_16_bytes);
static_assert(tma_swizzle_of<bf16>(swz(shape(8, 128), SwizzleMode::b128, 2), shape(8, 128)).error ==
              SmemCanonError::inner_longer_than_swizzle);
static_assert(tma_swizzle_of<bf16>(swz(shape(8, 32), SwizzleMode::b128, 2), shape(8, 32)).error ==
              SmemCanonError::inner_shorter_than_swizzle);
static_assert(tma_smem_layout(shape(8, 64), SwizzleMode::b128, 2) ==
              swz(shape(8, 64), SwizzleMode::b128, 2));
static_assert(swizzle_bytes(SwizzleMode::b32) == 32 && swizzle_bytes(SwizzleMode::b128) == 128);
static_assert(swizzle_atom_bytes(SwizzleMode::none) == 128 &&
              swizzle_atom_bytes(SwizzleMode::b64) == 512 &&
              swizzle_atom_bytes(SwizzleMode::b128) == 1024);

// -- TensorMap types ------------------------------------------------------------------
using M128 = tensor_map_t<bf16, shape(64, 64), swz(shape(64, 64), SwizzleMode::b128, 2)>;
static_assert(M128::rank == 2 && M128::swizzle == SwizzleMode::b128);
static_assert(M128::box_bytes == 64 * 64 * 2 && M128::smem_align == 1024);
static_assert(M128::dtype == TmaDtype::bfloat16);
static_assert(sizeof(M128) == sizeof(CUtensorMap) && alignof(M128) == alignof(CUtensorMap));
using M1 = tensor_map_t<float, shape(256)>;
static_assert(M1::box_bytes == 1024 && M1::swizzle == SwizzleMode::none && M1::smem_align == 128);
using M5 = tensor_map_t<std::uint16_t, shape(2, 2, 3, 4, 8)>;
static_assert(M5::rank == 5 && M5::box_bytes == 2 * 2 * 3 * 4 * 8 * 2);
// the shared tile type of a map has its layout
static_assert(cuda::std::is_same_v<M128::smem_tensor<>::layout_type, M128::smem_layout_type>);
// the element types and the driver's data types
static_assert(static_cast<int>(TmaDtype::bfloat16) == CU_TENSOR_MAP_DATA_TYPE_BFLOAT16);
static_assert(static_cast<int>(TmaDtype::float16) == CU_TENSOR_MAP_DATA_TYPE_FLOAT16);
static_assert(static_cast<int>(TmaDtype::float32) == CU_TENSOR_MAP_DATA_TYPE_FLOAT32);
static_assert(static_cast<int>(TmaDtype::float64) == CU_TENSOR_MAP_DATA_TYPE_FLOAT64);
static_assert(static_cast<int>(TmaDtype::uint8) == CU_TENSOR_MAP_DATA_TYPE_UINT8);
static_assert(static_cast<int>(TmaDtype::uint16) == CU_TENSOR_MAP_DATA_TYPE_UINT16);
static_assert(static_cast<int>(TmaDtype::int32) == CU_TENSOR_MAP_DATA_TYPE_INT32);
static_assert(static_cast<int>(TmaDtype::uint32) == CU_TENSOR_MAP_DATA_TYPE_UINT32);
static_assert(static_cast<int>(TmaDtype::int64) == CU_TENSOR_MAP_DATA_TYPE_INT64);
static_assert(static_cast<int>(TmaDtype::uint64) == CU_TENSOR_MAP_DATA_TYPE_UINT64);
static_assert(tma_dtype_of<signed char>() == TmaDtype::uint8 &&
              tma_dtype_of<float8_e4m3>() == TmaDtype::uint8 &&
              tma_dtype_of<half>() == TmaDtype::float16 && tma_dtype_of<int>() == TmaDtype::int32 &&
              tma_dtype_of<float4>() == TmaDtype::none);
static_assert(static_cast<int>(SwizzleMode::b128) == CU_TENSOR_MAP_SWIZZLE_128B &&
              static_cast<int>(SwizzleMode::b64) == CU_TENSOR_MAP_SWIZZLE_64B &&
              static_cast<int>(SwizzleMode::b32) == CU_TENSOR_MAP_SWIZZLE_32B);
static_assert(static_cast<int>(L2Promotion::b256) == CU_TENSOR_MAP_L2_PROMOTION_L2_256B);

/// The hardware's swizzle on a byte offset from a tile aligned to the
/// pattern: bits [4, 4 + B) XOR bits [7, 7 + B) (B = 1, 2, 3 for 32, 64,
/// 128 bytes).
long long hw_swizzle(long long byte, int b) {
  const long long mask = (1LL << b) - 1;
  return byte ^ (((byte >> 7) & mask) << 4);
}

template <class T> void check_swizzle_formula(Shape box, SwizzleMode mode) {
  const TileLayout lay = swz(box, mode, static_cast<int>(sizeof(T)));
  int bad = 0;
  for (long long f = 0; f < box.size(); ++f) {
    const long long m = apply(lay, f)[Axis{0}];
    const long long want =
        hw_swizzle(f * static_cast<long long>(sizeof(T)), static_cast<int>(mode));
    bad += m * static_cast<long long>(sizeof(T)) != want;
  }
  CHECK(bad == 0);
}

template <class F> std::string message_of(F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "(nothing thrown)";
}

} // namespace

TEST_CASE("the tirx swizzles are the TMA unit's address formula") {
  check_swizzle_formula<bf16>(shape(64, 64), SwizzleMode::b128);
  check_swizzle_formula<bf16>(shape(16, 32), SwizzleMode::b64);
  check_swizzle_formula<bf16>(shape(24, 16), SwizzleMode::b32);
  check_swizzle_formula<float>(shape(2, 8, 32), SwizzleMode::b128);
  check_swizzle_formula<float>(shape(16, 16), SwizzleMode::b64);
  check_swizzle_formula<std::uint8_t>(shape(16, 128), SwizzleMode::b128);
  check_swizzle_formula<double>(shape(8, 4), SwizzleMode::b32);
}

TEST_CASE("tma_encoding: the driver's arguments, innermost first") {
  auto* p = reinterpret_cast<bf16*>(std::uintptr_t{0x10000});
  const long long ext[2] = {300, 200}, str[2] = {208, 1};
  const TmaEncoding e = tma_encoding<M128>(p, ext, str, {L2Promotion::b256, false});
  CHECK(e.rank == 2);
  CHECK(e.dtype == CU_TENSOR_MAP_DATA_TYPE_BFLOAT16);
  CHECK(e.dims[0] == 200);
  CHECK(e.dims[1] == 300);
  CHECK(e.strides[0] == 208 * 2);
  CHECK(e.box[0] == 64);
  CHECK(e.box[1] == 64);
  CHECK(e.element_strides[0] == 1);
  CHECK(e.swizzle == CU_TENSOR_MAP_SWIZZLE_128B);
  CHECK(e.l2 == CU_TENSOR_MAP_L2_PROMOTION_L2_256B);
  CHECK(e.oob_fill == CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);

  auto* q = reinterpret_cast<std::uint16_t*>(std::uintptr_t{0x20000});
  const long long e5[5] = {3, 4, 5, 6, 16}, s5[5] = {1920, 480, 96, 16, 1};
  const TmaEncoding f = tma_encoding<M5>(q, e5, s5);
  CHECK(f.rank == 5);
  CHECK(f.dims[0] == 16);
  CHECK(f.dims[4] == 3);
  CHECK(f.strides[0] == 32);
  CHECK(f.strides[3] == 3840);
  CHECK(f.box[0] == 8);
  CHECK(f.box[4] == 2);
}

TEST_CASE("make_tensor_map: run-time errors name the rule and the fix") {
  auto* p = reinterpret_cast<bf16*>(std::uintptr_t{0x10000});
  // the pointer
  const std::string misaligned =
      message_of([&] { (void)make_tensor_map<shape(64, 64)>(grid_tensor(p + 1, 300, 200, 208)); });
  CHECK(misaligned.find("tirx::make_tensor_map: the tensor's pointer") == 0);
  CHECK(misaligned.find("is not 16-byte aligned") != std::string::npos);
  CHECK_THROWS_AS(make_tensor_map<shape(64, 64)>(grid_tensor(p + 1, 300, 200, 208)),
                  std::invalid_argument);
  // a row stride that is no multiple of 16 bytes
  const std::string stride =
      message_of([&] { (void)make_tensor_map<shape(64, 64)>(grid_tensor(p, 300, 201)); });
  CHECK(stride ==
        "tirx::make_tensor_map: the stride of mode 0 is 201 elements = 402 bytes; it must be a "
        "positive multiple of 16 bytes below 2^40 (pad the rows to a multiple of 8 elements)");
  // the innermost stride, an extent
  const long long ext[2] = {300, 200}, str[2] = {208, 2};
  CHECK(message_of([&] {
          (void)make_tensor_map<shape(64, 64)>(p, ext, str);
        }).find("the innermost stride is 2 elements; it must be 1") != std::string::npos);
  const long long zero[2] = {0, 200}, dense[2] = {208, 1};
  CHECK(message_of([&] {
          (void)make_tensor_map<shape(64, 64)>(p, zero, dense);
        }).find("extent 0 of mode 0 lies outside 1..2^32") != std::string::npos);
  // a good tensor: encoded by the driver, or (no GPU here) a clear runtime_error
  const std::string good =
      message_of([&] { (void)make_tensor_map<shape(64, 64)>(grid_tensor(p, 300, 200, 208)); });
  CHECK((good == "(nothing thrown)" || good.find("tirx::make_tensor_map: ") == 0));
}
