// kernel_list::launch_tirx: tirx's kernels (kernels/kernels.cuh).
#include "kernel_list.hpp"

#include "kernels/kernels.cuh"

namespace kernel_list {
cudaError_t launch_tirx(const KernelInfo& k, const float* x, const float* aux, void* y, long long n,
                        long long rows, long long cols, cudaStream_t s) {
  KERNEL_LIST_DISPATCH(tirx_kernels);
}
} // namespace kernel_list
