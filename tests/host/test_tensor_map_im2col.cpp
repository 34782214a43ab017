// Host tests of the im2col tensor maps: the static facts of an
// Im2colTensorMap type (tensor/tensor_map_im2col.hpp), the arguments
// make_im2col_tensor_map hands cuTensorMapEncodeIm2col (innermost first) and
// its run-time errors (host/tensor_map_im2col.hpp). No GPU: the encoding
// itself and the loads are tested by tests/exec/gpu_tma_im2col.cu.
#include <tirx/host/tensor_map_im2col.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>

using namespace tirx;

namespace {

using bf16 = nv_bfloat16;

// -- Im2colTensorMap types ------------------------------------------------------------
constexpr Shape col = shape(64, 64);
using C128 = im2col_tensor_map_t<bf16, 4, col, row_major(col) ^ swizzle_for(SwizzleMode::b128, 2)>;
static_assert(C128::rank == 4 && C128::spatial_rank == 2);
static_assert(C128::pixels == 64 && C128::channels == 64);
static_assert(C128::swizzle == SwizzleMode::b128 && C128::smem_align == 1024);
static_assert(C128::box_bytes == 64 * 64 * 2 && C128::dtype == TmaDtype::bfloat16);
static_assert(sizeof(C128) == sizeof(CUtensorMap) && alignof(C128) == alignof(CUtensorMap));
static_assert(cuda::std::is_same_v<C128::smem_tensor<>::layout_type, C128::smem_layout_type>);
static_assert(is_im2col_tensor_map_v<C128> && is_tma_map_v<C128> && !is_tensor_map_v<C128>);
// more pixels than a tile box's 256 (im2col columns run to 1024)
using C3 = im2col_tensor_map_t<float, 3, shape(512, 16)>;
static_assert(C3::spatial_rank == 1 && C3::swizzle == SwizzleMode::none && C3::box_bytes == 32768);
using C5 = im2col_tensor_map_t<float, 5, shape(16, 16),
                               row_major(shape(16, 16)) ^ swizzle_for(SwizzleMode::b64, 4)>;
static_assert(C5::spatial_rank == 3 && C5::swizzle == SwizzleMode::b64);

template <class F> std::string message_of(F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "(nothing thrown)";
}

auto* const p = reinterpret_cast<bf16*>(std::uintptr_t{0x10000});
// NHWC: 2 x 9 x 9 x 64
const long long ext4[4] = {2, 9, 9, 64}, str4[4] = {9 * 9 * 64, 9 * 64, 64, 1};

} // namespace

TEST_CASE("tma_im2col_encoding: the driver's arguments, innermost first") {
  const int lower[2] = {-1, -2}, upper[2] = {-3, -4}, traversal[2] = {2, 3};
  const TmaIm2colEncoding e =
      tma_im2col_encoding<C128>(p, ext4, str4, lower, upper, traversal, {L2Promotion::b256, false});
  CHECK(e.tensor.rank == 4);
  CHECK(e.tensor.dtype == CU_TENSOR_MAP_DATA_TYPE_BFLOAT16);
  CHECK(e.tensor.dims[0] == 64); // C
  CHECK(e.tensor.dims[1] == 9);  // W
  CHECK(e.tensor.dims[3] == 2);  // N
  CHECK(e.tensor.strides[0] == 64 * 2);
  CHECK(e.tensor.strides[1] == 9 * 64 * 2);
  CHECK(e.tensor.strides[2] == 9 * 9 * 64 * 2);
  // the corners and traversal strides: W first
  CHECK(e.lower[0] == -2);
  CHECK(e.lower[1] == -1);
  CHECK(e.upper[0] == -4);
  CHECK(e.upper[1] == -3);
  CHECK(e.tensor.element_strides[0] == 1); // C (ignored by the driver)
  CHECK(e.tensor.element_strides[1] == 3); // W
  CHECK(e.tensor.element_strides[2] == 2); // H
  CHECK(e.tensor.element_strides[3] == 1); // N
  CHECK(e.channels == 64);
  CHECK(e.pixels == 64);
  CHECK(e.tensor.swizzle == CU_TENSOR_MAP_SWIZZLE_128B);
  CHECK(e.tensor.l2 == CU_TENSOR_MAP_L2_PROMOTION_L2_256B);
  CHECK(e.tensor.oob_fill == CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);

  // rank 5 (NDHWC): three corners, W first
  auto* q = reinterpret_cast<float*>(std::uintptr_t{0x20000});
  const long long e5[5] = {1, 4, 5, 6, 16}, s5[5] = {4 * 5 * 6 * 16, 5 * 6 * 16, 6 * 16, 16, 1};
  const int l5[3] = {-1, -2, -3}, u5[3] = {1, 2, 3}, t5[3] = {1, 1, 1};
  const TmaIm2colEncoding f = tma_im2col_encoding<C5>(q, e5, s5, l5, u5, t5);
  CHECK(f.tensor.rank == 5);
  CHECK(f.lower[0] == -3);
  CHECK(f.lower[2] == -1);
  CHECK(f.upper[0] == 3);
  CHECK(f.upper[2] == 1);
  CHECK(f.tensor.swizzle == CU_TENSOR_MAP_SWIZZLE_64B);
}

TEST_CASE("make_im2col_tensor_map: run-time errors name the rule and the fix") {
  constexpr TileLayout swz = row_major(col) ^ swizzle_for(SwizzleMode::b128, 2);
  // the tensor's rules, as make_tensor_map's
  const std::string misaligned = message_of([&] {
    (void)make_im2col_tensor_map<col, swz>(p + 1, ext4, str4, {-1, -1}, {-1, -1});
  });
  CHECK(misaligned.find("tirx::make_im2col_tensor_map: the tensor's pointer") == 0);
  CHECK(misaligned.find("is not 16-byte aligned") != std::string::npos);
  const int corner[2] = {-1, -1};
  CHECK_THROWS_AS((make_im2col_tensor_map<col, swz>(p + 1, ext4, str4, corner, corner)),
                  std::invalid_argument);
  const long long bad_str[4] = {9 * 9 * 64, 9 * 64, 60, 1};
  CHECK(message_of([&] {
          (void)make_im2col_tensor_map<col, swz>(p, ext4, bad_str, {-1, -1}, {-1, -1});
        }) == "tirx::make_im2col_tensor_map: the stride of mode 2 is 60 elements = 120 bytes; it "
              "must be a positive multiple of 16 bytes below 2^40 (pad the rows to a multiple of "
              "8 elements)");
  // the corners' range of the rank
  CHECK(message_of([&] {
          (void)make_im2col_tensor_map<col, swz>(p, ext4, str4, {-1, -200}, {-1, -1});
        }) == "tirx::make_im2col_tensor_map: the corners of spatial mode 1 (tensor mode 2) are "
              "-200 and -1; a rank-4 im2col map takes corners in -128..127 (rank 3: "
              "-32768..32767, 4: -128..127, 5: -16..15)");
  // an empty bounding box: W runs from 4 to 9 - 1 - 6 = 2
  CHECK(message_of([&] {
          (void)make_im2col_tensor_map<col, swz>(p, ext4, str4, {-1, 4}, {-1, -6});
        }) == "tirx::make_im2col_tensor_map: the bounding box of spatial mode 1 (tensor mode 2) "
              "is empty: it runs from the lower corner 4 to extent - 1 + upper corner = 2; lower "
              "the lower corner or raise the upper one");
  // the traversal stride
  CHECK(message_of([&] {
          (void)make_im2col_tensor_map<col, swz>(p, ext4, str4, {-1, -1}, {-1, -1}, {9, 1});
        }) == "tirx::make_im2col_tensor_map: the traversal stride of spatial mode 0 (tensor mode "
              "1) is 9; it must lie in 1..8 (the convolution's stride)");
  // rank 5 corners lie in -16..15
  auto* q = reinterpret_cast<float*>(std::uintptr_t{0x20000});
  const long long e5[5] = {1, 4, 5, 6, 16}, s5[5] = {4 * 5 * 6 * 16, 5 * 6 * 16, 6 * 16, 16, 1};
  CHECK(message_of([&] {
          (void)make_im2col_tensor_map<shape(16, 16)>(q, e5, s5, {-1, -1, 16}, {0, 0, 0});
        }).find("a rank-5 im2col map takes corners in -16..15") != std::string::npos);
  // a good tensor: encoded by the driver, or (no GPU here) a clear runtime_error
  const std::string good = message_of([&] {
    (void)make_im2col_tensor_map<col, swz>(p, ext4, str4, {-1, -1}, {-1, -1});
  });
  CHECK((good == "(nothing thrown)" || good.find("tirx::make_im2col_tensor_map: ") == 0));
}
