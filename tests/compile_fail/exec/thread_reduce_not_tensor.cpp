// Must not compile: thread_reduce over a plain array.
// expected-error {{tirx::thread_reduce: the operand must be a tirx tensor (a register tile from alloc_local)}}
#include <tirx/exec/reduce.hpp>
#include <tirx/ptx/spelling.hpp>
#include <tirx/tensor/grid_tensor.hpp>

void thread_reduce_not_tensor() {
  float a[4] = {};
  (void)tirx::thread_reduce([](float x, float y) { return x + y; }, 0.0f, a);
}
