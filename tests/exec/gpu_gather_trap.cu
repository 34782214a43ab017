// GPU test of the debug check of gathered operands (label gpu, trap): an
// index outside the gathered mode must trap with its message, in a red over
// gathered histogram bins (bin 256 of 256) and in an embedding load (id -1
// of a row table); the same kernels with every index inside must finish
// and leave the right result, and so must the load of id -1 that tile::pred
// turns off (its index is not checked, nothing is read).
//
// Built with TIRX_DEBUG_CHECKS=1 whatever the build type. A trap ruins the
// CUDA context, so every case runs in a child process (trap_runner.hpp).
// Exit 0: all passed; 1: a case failed; 77: no GPU (ctest: skipped).
#define TIRX_DEBUG_CHECKS 1

#include "support/device_buffer.hpp"
#include "support/trap_runner.hpp"

#include <tirx/tile.hpp>

#include <cstdio>
#include <string>
#include <vector>

namespace {

using namespace tirx;

/// 32 lanes add 1 at bins[l] of a 256-bin shared histogram, then lane l
/// stores bin l.
__global__ void count(const unsigned* bins_in, unsigned* out) {
  auto hist = alloc_shared<unsigned, shape(256)>();
  for (unsigned b = threadIdx.x; b < 256; b += 32)
    hist(b) = 0u;
  warp_sync(0xffffffffu);
  constexpr TileLayout lanes = layout_of<"S[(32, 1) : (1@laneid, 1)]">;
  auto bins = alloc_local<unsigned, shape(32, 1), lanes>();
  tile::apply<ptx<"ld.global.b32">>(bins, GlobalTensor<const unsigned, ShapeT<32, 1>>{bins_in},
                                    scope::warp);
  tile::apply<ptx<"red.shared::cta.add.u32">>(hist.gather(bins), 1u, scope::warp);
  warp_sync(0xffffffffu);
  out[threadIdx.x] = hist(threadIdx.x);
}

/// One lane loads row ids[0] of a (16, 4) table where `live` (else the
/// registers keep their zeros: the index of a guarded-off load is not checked).
__global__ void lookup(const float* table, const int* ids, float* out, bool live) {
  using Table = GlobalTensor<const float, ShapeT<16, 4>, 16>;
  auto row = alloc_local<float, shape(1, 4)>();
  tile::apply<ptx<"ld.global.v4.b32">>(row,
                                       Table{table}.gather(GlobalTensor<const int, ShapeT<1>>{ids}),
                                       scope::thread, tile::pred(live), tile::preserve_dst);
  for (int j = 0; j < 4; ++j)
    out[j] = row(0, j);
}

constexpr const char* out_of_range =
    "tirx::Tensor::gather: an index lies outside the gathered mode (0 <= index < extent); check "
    "the indices, or clamp them before the gather";

constexpr TrapCase cases[] = {
    {"count_in_range", false, nullptr},     {"count_out_of_range", true, out_of_range},
    {"lookup_in_range", false, nullptr},    {"lookup_negative", true, out_of_range},
    {"lookup_guarded_off", false, nullptr}, // id -1 under tile::pred(false): not checked
};

/// The child: runs one case; exits 0 if the kernel finished with the right result.
int child(const char* name) {
  const std::string n = name;
  if (n.rfind("count", 0) == 0) {
    std::vector<unsigned> bins(32);
    for (unsigned l = 0; l < 32; ++l)
      bins[l] = l % 4; // bins 0..3 get 8 each
    if (n == "count_out_of_range")
      bins[5] = 256;
    tirx_test::DeviceBuffer<unsigned> d_bins(32), d_out(32);
    d_bins.upload(bins);
    count<<<1, 32>>>(d_bins.ptr, d_out.ptr);
    if (int rc = tirx_trap_wait(name))
      return rc;
    const std::vector<unsigned> got = d_out.download();
    for (unsigned b = 0; b < 32; ++b)
      if (got[b] != (b < 4 ? 8u : 0u)) {
        std::printf("%s: bin %u holds %u\n", name, b, got[b]);
        return 1;
      }
  } else {
    std::vector<float> table(64);
    for (int i = 0; i < 64; ++i)
      table[i] = static_cast<float>(i);
    const bool live = n != "lookup_guarded_off";
    const std::vector<int> ids = {n == "lookup_in_range" ? 15 : -1};
    tirx_test::DeviceBuffer<float> d_table(64), d_out(4);
    tirx_test::DeviceBuffer<int> d_ids(1);
    d_table.upload(table);
    d_ids.upload(ids);
    lookup<<<1, 1>>>(d_table.ptr, d_ids.ptr, d_out.ptr, live);
    if (int rc = tirx_trap_wait(name))
      return rc;
    const std::vector<float> got = d_out.download();
    for (int j = 0; j < 4; ++j)
      if (got[j] != (live ? static_cast<float>(60 + j) : 0.0f)) {
        std::printf("%s: element %d is %g\n", name, j, static_cast<double>(got[j]));
        return 1;
      }
  }
  return tirx_trap_finished(name);
}

} // namespace

int main(int argc, char** argv) {
  return tirx_trap_main(argc, argv, "gpu_gather_trap", cases, child);
}
