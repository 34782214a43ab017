// kernel_list::launch_twin: the hand-written CUDA twins (benchmarks/twins/).
#include "kernel_list.hpp"

#include "twins/twins.cuh"

namespace kernel_list {
cudaError_t launch_twin(const KernelInfo& k, const float* x, const float* aux, void* y, long long n,
                        long long rows, long long cols, cudaStream_t s) {
  KERNEL_LIST_DISPATCH(cuda_twins);
}
} // namespace kernel_list
