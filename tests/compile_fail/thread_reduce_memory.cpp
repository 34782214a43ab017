// Must not compile: thread_reduce over a global tensor.
#include <tirx/exec/reduce.hpp>
#include <tirx/tensor/grid_tensor.hpp>
#include <tirx/ptx/spelling.hpp>

void thread_reduce_memory() {
  tirx::GlobalTensor<float, tirx::ShapeT<4>> g{};
  (void)tirx::thread_reduce([](float a, float b) { return a + b; }, 0.0f, g);
}
