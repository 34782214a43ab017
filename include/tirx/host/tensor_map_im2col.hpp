// Encoding an Im2colTensorMap on the host: make_im2col_tensor_map<Box,
// SmemLayout>(ptr, extents, strides, lower, upper[, traversal]) describes an
// NWC / NHWC / NDHWC tensor (3 to 5 modes, outermost first, C innermost) to
// the TMA unit for im2col loads (exec/tma_im2col.hpp). Box is (pixels per
// column, channels per pixel); lower, upper and traversal have one entry per
// spatial mode, outermost first ((D,) H, W):
//
//   lower[i]      the bounding box's first pixel: -padding
//   upper[i]      its last, from the extent's end: padding - (filter - 1) x dilation
//                 (the box runs over lower .. extent - 1 + upper)
//   traversal[i]  the step between the column's pixels: the convolution's stride (1..8)
//
//   // NHWC bf16, 3x3 filter, padding 1: 64 pixels of 64 channels per load
//   constexpr Shape box = shape(64, 64);
//   constexpr TileLayout tile = row_major(box) ^ swizzle_for(SwizzleMode::b128, 2);
//   const long long ext[4] = {n, h, w, c}, str[4] = {h * w * c, w * c, c, 1};
//   auto map = make_im2col_tensor_map<box, tile>(ptr, ext, str, {-1, -1}, {-1, -1});
//
// The encoding goes through cuTensorMapEncodeIm2col, reached with the CUDA
// runtime's driver entry point as make_tensor_map's. What only run time
// knows is checked here and thrown as std::invalid_argument, one line each:
// the tensor's rules of make_tensor_map (pointer, strides, extents), the
// corners in the range of the rank (rank 3: -32768..32767, 4: -128..127, 5:
// -16..15), a bounding box of at least one pixel per mode, traversal
// strides in 1..8. A failure of the driver is a std::runtime_error.
#pragma once

#include <tirx/host/tensor_map.hpp>
#include <tirx/tensor/tensor_map_im2col.hpp>

namespace tirx {

/// The arguments of cuTensorMapEncodeIm2col: the tensor's (tensor.box is
/// unused), the corners innermost (W) first, the column's shape.
struct TmaIm2colEncoding {
  TmaEncoding tensor;
  int lower[3] = {};
  int upper[3] = {};
  unsigned channels = 0;
  unsigned pixels = 0;
};

#if defined(__CUDACC__) || defined(TIRX_HOST_CUDA_RUNTIME)

/// The corners' range for a tensor of rank modes (the driver's limits).
constexpr int tma_im2col_corner_limit(int rank) { return rank == 3 ? 32768 : rank == 4 ? 128 : 16; }

/// Checks a tensor and its bounding box for Map and computes the driver's
/// arguments; every array outermost first (lower, upper, traversal: one per
/// spatial mode). Throws std::invalid_argument.
template <class Map>
TmaIm2colEncoding tma_im2col_encoding(const void* ptr, const long long* extents,
                                      const long long* strides, const int* lower, const int* upper,
                                      const int* traversal, TensorMapOptions options = {}) {
  static_assert(is_im2col_tensor_map_v<Map>,
                "tirx::tma_im2col_encoding: Map must be a tirx::Im2colTensorMap type");
  constexpr int rank = Map::rank;
  const std::string who = "tirx::make_im2col_tensor_map";
  auto fail = [&](const std::string& what) { throw std::invalid_argument(who + ": " + what); };
  TmaIm2colEncoding e{};
  detail::tma_tensor_fields<typename Map::element_type>(who, ptr, rank, extents, strides, e.tensor);
  const int limit = tma_im2col_corner_limit(rank);
  const std::string range = std::to_string(-limit) + ".." + std::to_string(limit - 1);
  for (int i = 0; i < rank - 2; ++i) {
    const std::string mode =
        "spatial mode " + std::to_string(i) + " (tensor mode " + std::to_string(i + 1) + ")";
    if (lower[i] < -limit || lower[i] >= limit || upper[i] < -limit || upper[i] >= limit)
      fail("the corners of " + mode + " are " + std::to_string(lower[i]) + " and " +
           std::to_string(upper[i]) + "; a rank-" + std::to_string(rank) +
           " im2col map takes corners in " + range +
           " (rank 3: -32768..32767, 4: -128..127, 5: -16..15)");
    if (extents[i + 1] - 1 + upper[i] < lower[i])
      fail("the bounding box of " + mode + " is empty: it runs from the lower corner " +
           std::to_string(lower[i]) +
           " to extent - 1 + upper corner = " + std::to_string(extents[i + 1] - 1 + upper[i]) +
           "; lower the lower corner or raise the upper one");
    if (traversal[i] < 1 || traversal[i] > 8)
      fail("the traversal stride of " + mode + " is " + std::to_string(traversal[i]) +
           "; it must lie in 1..8 (the convolution's stride)");
    const int d = rank - 3 - i; // innermost (W) first
    e.lower[d] = lower[i];
    e.upper[d] = upper[i];
    e.tensor.element_strides[d + 1] = static_cast<cuda::std::uint32_t>(traversal[i]);
  }
  e.channels = static_cast<unsigned>(Map::channels);
  e.pixels = static_cast<unsigned>(Map::pixels);
  e.tensor.swizzle = static_cast<int>(Map::swizzle);
  e.tensor.l2 = static_cast<int>(options.l2_promotion);
  e.tensor.oob_fill = options.nan_fill ? 1 : 0;
  return e;
}

/// Encodes e into map with the driver's cuTensorMapEncodeIm2col. Throws
/// std::runtime_error naming the driver's error.
template <class Map> void encode_im2col_tensor_map(Map& map, const TmaIm2colEncoding& e) {
  static_assert(sizeof(Map) == sizeof(CUtensorMap) && alignof(Map) == alignof(CUtensorMap),
                "tirx::Im2colTensorMap: its storage must be a CUtensorMap");
  using Encode = CUresult (*)(CUtensorMap*, CUtensorMapDataType, cuuint32_t, void*,
                              const cuuint64_t*, const cuuint64_t*, const int*, const int*,
                              cuuint32_t, cuuint32_t, const cuuint32_t*, CUtensorMapInterleave,
                              CUtensorMapSwizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill);
  static Encode encode = nullptr; // looked up once per map type
  if (encode == nullptr)
    encode = reinterpret_cast<Encode>(
        detail::driver_entry_point("cuTensorMapEncodeIm2col", "tirx::make_im2col_tensor_map"));
  const TmaEncoding& t = e.tensor;
  const CUresult r = encode(
      reinterpret_cast<CUtensorMap*>(map.descriptor()), static_cast<CUtensorMapDataType>(t.dtype),
      t.rank, t.address, t.dims, t.strides, e.lower, e.upper, e.channels, e.pixels,
      t.element_strides, CU_TENSOR_MAP_INTERLEAVE_NONE, static_cast<CUtensorMapSwizzle>(t.swizzle),
      static_cast<CUtensorMapL2promotion>(t.l2), static_cast<CUtensorMapFloatOOBfill>(t.oob_fill));
  if (r != CUDA_SUCCESS)
    throw std::runtime_error("tirx::make_im2col_tensor_map: cuTensorMapEncodeIm2col failed with "
                             "CUresult " +
                             std::to_string(static_cast<int>(r)) +
                             "; check the extents, strides, corners and box against the tensor");
}

/// The im2col map of a tensor at ptr (R = 3..5 modes, extents and strides
/// in elements, outermost first, C innermost with stride 1), its bounding
/// box given by lower, upper and traversal (one per spatial mode, outermost
/// first), loads of Box = (pixels, channels) landing in tiles of SmemLayout.
template <Shape Box, TileLayout SmemLayout = row_major(Box), class T, size_t R>
auto make_im2col_tensor_map(T* ptr, const long long (&extents)[R], const long long (&strides)[R],
                            const int (&lower)[R > 2 ? R - 2 : 1],
                            const int (&upper)[R > 2 ? R - 2 : 1],
                            const int (&traversal)[R > 2 ? R - 2 : 1],
                            TensorMapOptions options = {}) {
  using Map = Im2colTensorMap<cuda::std::remove_cv_t<T>, static_cast<int>(R),
                              typename detail::shape_type_of<Box>::type,
                              typename detail::layout_type_of<SmemLayout>::type>;
  Map map{};
  encode_im2col_tensor_map(
      map, tma_im2col_encoding<Map>(ptr, extents, strides, lower, upper, traversal, options));
  return map;
}

/// The same with traversal strides of 1 (a convolution of stride 1).
template <Shape Box, TileLayout SmemLayout = row_major(Box), class T, size_t R>
auto make_im2col_tensor_map(T* ptr, const long long (&extents)[R], const long long (&strides)[R],
                            const int (&lower)[R > 2 ? R - 2 : 1],
                            const int (&upper)[R > 2 ? R - 2 : 1], TensorMapOptions options = {}) {
  int traversal[R > 2 ? R - 2 : 1];
  for (int& t : traversal)
    t = 1;
  return make_im2col_tensor_map<Box, SmemLayout>(ptr, extents, strides, lower, upper, traversal,
                                                 options);
}

#endif

} // namespace tirx
