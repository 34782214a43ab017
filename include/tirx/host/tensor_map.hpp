// Encoding a TensorMap on the host: make_tensor_map<Box, SmemLayout>(g)
// describes a global tensor (a GridTensor, or a pointer with extents and
// strides in elements, outermost mode first) to the TMA unit, with the box
// and the swizzle of the shared layout the boxes land in. The encoding goes
// through cuTensorMapEncodeTiled, reached with the CUDA runtime's driver
// entry point: a program links the runtime only, as for any kernel.
//
//   constexpr TileLayout tile = row_major(shape(64, 64)) ^ swizzle_for(SwizzleMode::b128, 2);
//   auto map = make_tensor_map<shape(64, 64), tile>(grid_tensor<16>(p, rows, cols));
//   kernel<<<grid, block, smem>>>(map);   // __global__ void kernel(const __grid_constant__ M map)
//
// What only run time knows is checked here and reported by throwing
// std::invalid_argument (the tensor) or std::runtime_error (the driver),
// each message one line naming the rule and the fix: the pointer 16-byte
// aligned, strides multiples of 16 bytes below 2^40, the innermost stride 1,
// extents in 1..2^32.
#pragma once

#include <tirx/tensor/grid_tensor.hpp>
#include <tirx/tensor/tensor_map.hpp>

// The encoding needs the CUDA runtime: on in nvcc compilations, and in a
// host compiler's with TIRX_HOST_CUDA_RUNTIME defined (as host/launch.hpp).
#if defined(__CUDACC__) || defined(TIRX_HOST_CUDA_RUNTIME)
#include <cuda.h>
#include <cuda_runtime_api.h>

#include <stdexcept>
#include <string>
#endif

namespace tirx {

/// How far the TMA unit widens its L2 requests.
enum class L2Promotion : int { none = 0, b64, b128, b256 };

/// The options of an encoding.
struct TensorMapOptions {
  L2Promotion l2_promotion = L2Promotion::b128;
  /// Out-of-bounds elements of a float box: zero (false) or the
  /// NaN-that-turns-FMA-into-zero of the hardware (true).
  bool nan_fill = false;
};

/// The arguments of cuTensorMapEncodeTiled, innermost mode first as the
/// driver counts them; tma_encoding fills and checks them.
struct TmaEncoding {
  int dtype = 0;
  unsigned rank = 0;
  void* address = nullptr;
  cuda::std::uint64_t dims[tma_max_rank] = {};
  cuda::std::uint64_t strides[tma_max_rank - 1] = {}; ///< bytes, modes 1.. (mode 0 is dense)
  cuda::std::uint32_t box[tma_max_rank] = {};
  cuda::std::uint32_t element_strides[tma_max_rank] = {};
  int swizzle = 0;  ///< CUtensorMapSwizzle
  int l2 = 0;       ///< CUtensorMapL2promotion
  int oob_fill = 0; ///< CUtensorMapFloatOOBfill
};

#if defined(__CUDACC__) || defined(TIRX_HOST_CUDA_RUNTIME)
// (host functions; nvcc's device pass parses them too)

namespace detail {
/// Checks a tensor of rank modes (extents and strides in elements,
/// outermost first, the innermost stride 1) and fills e's dtype, rank,
/// address, dims, strides and element strides (1). who names the caller in
/// the messages. Throws std::invalid_argument.
template <class T>
void tma_tensor_fields(const std::string& who, const void* ptr, int rank, const long long* extents,
                       const long long* strides, TmaEncoding& e) {
  constexpr long long bytes = static_cast<long long>(sizeof(T));
  auto fail = [&](const std::string& what) { throw std::invalid_argument(who + ": " + what); };
  const auto address = reinterpret_cast<unsigned long long>(ptr);
  if (ptr == nullptr)
    fail("the tensor's pointer is null; pass the device pointer of the data");
  if (address % 16 != 0)
    fail("the tensor's pointer " + std::to_string(address) +
         " is not 16-byte aligned; the TMA unit reads from a 16-byte aligned address (allocate "
         "with cudaMalloc, or offset the pointer by a multiple of 16 bytes)");
  if (strides[rank - 1] != 1)
    fail("the innermost stride is " + std::to_string(strides[rank - 1]) +
         " elements; it must be 1 (permute the modes so that the contiguous one is last)");
  e.dtype = static_cast<int>(tma_dtype_of<T>());
  e.rank = static_cast<unsigned>(rank);
  e.address = const_cast<void*>(ptr);
  for (int i = 0; i < rank; ++i) {
    const int d = rank - 1 - i; // the driver's mode number
    if (extents[i] < 1 || extents[i] > (1LL << 32))
      fail("extent " + std::to_string(extents[i]) + " of mode " + std::to_string(i) +
           " lies outside 1..2^32; split the tensor");
    e.dims[d] = static_cast<cuda::std::uint64_t>(extents[i]);
    e.element_strides[d] = 1;
    if (i == rank - 1)
      continue;
    const long long stride_bytes = strides[i] * bytes;
    if (strides[i] < 1 || stride_bytes % 16 != 0 || stride_bytes >= (1LL << 40))
      fail("the stride of mode " + std::to_string(i) + " is " + std::to_string(strides[i]) +
           " elements = " + std::to_string(stride_bytes) +
           " bytes; it must be a positive multiple of 16 bytes below 2^40 (pad the rows to a "
           "multiple of " +
           std::to_string(16 / bytes > 0 ? 16 / bytes : 1) + " elements)");
    e.strides[d - 1] = static_cast<cuda::std::uint64_t>(stride_bytes);
  }
}

/// The driver function name through the runtime's entry point (once per
/// caller), or a std::runtime_error naming who and the function.
inline void* driver_entry_point(const char* name, const char* who) {
  void* fn = nullptr;
  cudaDriverEntryPointQueryResult found{};
#if CUDART_VERSION >= 12050
  cudaError_t err = cudaGetDriverEntryPointByVersion(name, &fn, 12000, cudaEnableDefault, &found);
#else
  cudaError_t err = cudaGetDriverEntryPoint(name, &fn, cudaEnableDefault, &found);
#endif
  if (err != cudaSuccess || found != cudaDriverEntryPointSuccess || fn == nullptr)
    throw std::runtime_error(std::string(who) + ": the CUDA driver has no " + name + " (" +
                             cudaGetErrorName(err) +
                             "); TMA needs a CUDA 12 driver and a GPU of sm_90 or newer");
  return fn;
}
} // namespace detail

/// Checks a tensor for Map and computes the driver's arguments. extents
/// and strides (in elements) are outermost first, Map::rank of each; the
/// innermost stride must be 1. Throws std::invalid_argument.
template <class Map>
TmaEncoding tma_encoding(const void* ptr, const long long* extents, const long long* strides,
                         TensorMapOptions options = {}) {
  static_assert(is_tensor_map_v<Map>, "tirx::tma_encoding: Map must be a tirx::TensorMap type");
  constexpr int rank = Map::rank;
  TmaEncoding e{};
  detail::tma_tensor_fields<typename Map::element_type>("tirx::make_tensor_map", ptr, rank, extents,
                                                        strides, e);
  for (int i = 0; i < rank; ++i)
    e.box[rank - 1 - i] = static_cast<unsigned>(Map::box().dims[i]);
  e.swizzle = static_cast<int>(Map::swizzle); // CU_TENSOR_MAP_SWIZZLE_NONE, 32B, 64B, 128B
  e.l2 = static_cast<int>(options.l2_promotion);
  e.oob_fill = options.nan_fill ? 1 : 0;
  return e;
}

/// Encodes e into map with the driver's cuTensorMapEncodeTiled. Throws
/// std::runtime_error naming the driver's error.
template <class Map> void encode_tensor_map(Map& map, const TmaEncoding& e) {
  static_assert(sizeof(Map) == sizeof(CUtensorMap) && alignof(Map) == alignof(CUtensorMap),
                "tirx::TensorMap: its storage must be a CUtensorMap");
  using Encode =
      CUresult (*)(CUtensorMap*, CUtensorMapDataType, cuuint32_t, void*, const cuuint64_t*,
                   const cuuint64_t*, const cuuint32_t*, const cuuint32_t*, CUtensorMapInterleave,
                   CUtensorMapSwizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill);
  static Encode encode = nullptr; // looked up once per map type
  if (encode == nullptr)
    encode = reinterpret_cast<Encode>(
        detail::driver_entry_point("cuTensorMapEncodeTiled", "tirx::make_tensor_map"));
  CUtensorMap* out = reinterpret_cast<CUtensorMap*>(map.descriptor());
  const CUresult r = encode(
      out, static_cast<CUtensorMapDataType>(e.dtype), e.rank, e.address, e.dims, e.strides, e.box,
      e.element_strides, CU_TENSOR_MAP_INTERLEAVE_NONE, static_cast<CUtensorMapSwizzle>(e.swizzle),
      static_cast<CUtensorMapL2promotion>(e.l2), static_cast<CUtensorMapFloatOOBfill>(e.oob_fill));
  if (r != CUDA_SUCCESS)
    throw std::runtime_error("tirx::make_tensor_map: cuTensorMapEncodeTiled failed with CUresult " +
                             std::to_string(static_cast<int>(r)) +
                             "; check the extents, strides and box against the tensor");
}

/// The map of a tensor at ptr with extents and strides in elements,
/// outermost mode first (strides[R - 1] == 1), for boxes of Box landing in
/// shared tiles of layout SmemLayout.
template <Shape Box, TileLayout SmemLayout = row_major(Box), class T, size_t R>
auto make_tensor_map(T* ptr, const long long (&extents)[R], const long long (&strides)[R],
                     TensorMapOptions options = {}) {
  // (spelled without alias templates: nvcc's host stub of a kernel deduced
  // from this type must not meet a class-type template argument)
  using Map = TensorMap<cuda::std::remove_cv_t<T>, typename detail::shape_type_of<Box>::type,
                        typename detail::layout_type_of<SmemLayout>::type>;
  static_assert(static_cast<int>(R) == Box.rank,
                "tirx::make_tensor_map: the box needs as many modes as the tensor; give one box "
                "extent per tensor mode (1 for a mode the box does not span)");
  Map map{};
  encode_tensor_map(map, tma_encoding<Map>(ptr, extents, strides, options));
  return map;
}

/// The map of a GridTensor (rank 1: a vector; rank 2: rows with stride ld).
template <Shape Box, TileLayout SmemLayout = row_major(Box), class T, int Rank, int Align>
auto make_tensor_map(const GridTensor<T, Rank, Align>& g, TensorMapOptions options = {}) {
  static_assert(Rank == Box.rank,
                "tirx::make_tensor_map: the box needs as many modes as the tensor; give one box "
                "extent per tensor mode (1 for a mode the box does not span)");
  if constexpr (Rank == 1) {
    const long long extents[1] = {g.extent[0]};
    const long long strides[1] = {1};
    return make_tensor_map<Box, SmemLayout>(g.ptr, extents, strides, options);
  } else {
    const long long extents[2] = {g.extent[0], g.extent[1]};
    const long long strides[2] = {g.ld, 1};
    return make_tensor_map<Box, SmemLayout>(g.ptr, extents, strides, options);
  }
}

#endif

} // namespace tirx
