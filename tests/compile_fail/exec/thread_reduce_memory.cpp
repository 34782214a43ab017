// Must not compile: thread_reduce over a global tensor.
// expected-error {{tirx::thread_reduce: folds the registers of one thread; load memory into an alloc_local tile first}}
#include <tirx/exec/reduce.hpp>
#include <tirx/ptx/spelling.hpp>
#include <tirx/tensor/grid_tensor.hpp>

void thread_reduce_memory() {
  tirx::GlobalTensor<float, tirx::ShapeT<4>> g{};
  (void)tirx::thread_reduce([](float a, float b) { return a + b; }, 0.0f, g);
}
