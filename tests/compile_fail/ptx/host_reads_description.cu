// Must not compile: host code of a .cu reads an instruction's description, which nvcc's host
// pass does not hold (the families are left out of it). With -DTIRX_FIXED it compiles: the
// description read in a __device__ template, which only the device pass instantiates (or
// TIRX_HOST_FAMILIES defined before the first include).
// expected-error {{tirx: the PTX families are not in nvcc's host pass; host code that reads an instruction's description or forms needs -DTIRX_HOST_FAMILIES}}
#include <tirx/tile.hpp>

namespace host_reads_description {

#ifdef TIRX_FIXED
template <class Instr = tirx::ptx<"add.f32">> __device__ int registers() {
  return Instr::desc.max_srcs;
}
__global__ void kernel(int* out) { *out = registers(); }
#else
int registers() { return tirx::ptx<"add.f32">::desc.max_srcs; }
#endif

} // namespace host_reads_description
