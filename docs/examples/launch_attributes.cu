// Example of docs/launch.md, its launch attributes: programmatic dependent
// launch (in a stream, through a programmatic event), cooperative launch with grid_sync, priority,
// the L2 access-policy window. Runs on a GPU and checks each result (exit 77 without one, so ctest
// reports it skipped).
#include <tirx/exec/grid_sync.hpp>
#include <tirx/tile.hpp>

#include <tirx/host/cuda_check.hpp>

#include <cstdio>
#include <vector>

using namespace tirx;

// [snippet:pdl]
__global__ void produce(float* buf, int n) {
  griddep_launch_dependents(); // the next kernel may start; its griddep_wait still waits
  for (int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x); i < n;
       i += static_cast<int>(gridDim.x * blockDim.x))
    buf[i] = static_cast<float>(i) * 0.5f;
}

__global__ void consume(const float* buf, float* out, int n) {
  // the prologue: work that reads nothing produce writes (barriers, shared
  // memory, tensor-map prefetches) runs while produce finishes
  griddep_wait(); // produce has ended and every write of it is visible
  for (int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x); i < n;
       i += static_cast<int>(gridDim.x * blockDim.x))
    out[i] = buf[i] + 1.0f;
}

cudaError_t produce_then_consume(float* buf, float* out, int n, cudaStream_t stream) {
  LaunchConfig cfg;
  cfg.grid = 16;
  cfg.block = 256;
  cfg.stream = stream;
  if (cudaError_t e = launch(cfg, produce, buf, n); e != cudaSuccess)
    return e;
  cfg.programmatic_stream_serialization = true; // consume may start before produce ends
  return launch(cfg, consume, static_cast<const float*>(buf), out, n);
}
// [/snippet]

// [snippet:pdl_event]
cudaError_t produce_then_consume_in_two_streams(float* buf, float* out, int n, cudaStream_t first,
                                                cudaStream_t second, cudaEvent_t started) {
  LaunchConfig cfg;
  cfg.grid = 16;
  cfg.block = 256;
  cfg.stream = first;
  cfg.programmatic_event = ProgrammaticEvent{started, true}; // recorded as produce's CTAs start
  if (cudaError_t e = launch(cfg, produce, buf, n); e != cudaSuccess)
    return e;
  if (cudaError_t e = cudaStreamWaitEvent(second, started, 0); e != cudaSuccess)
    return e;
  cfg.programmatic_event.reset();
  cfg.stream = second; // consume starts early there; its griddep_wait waits for produce
  return launch(cfg, consume, static_cast<const float*>(buf), out, n);
}
// [/snippet]

// [snippet:cooperative]
__global__ void shares(const int* x, float* share, unsigned long long* total, int n) {
  unsigned long long part = 0;
  for (int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x); i < n;
       i += static_cast<int>(gridDim.x * blockDim.x))
    part += static_cast<unsigned long long>(x[i]);
  atomicAdd(total, part);
  grid_sync(); // every CTA has added its part
  const float sum = static_cast<float>(*static_cast<volatile unsigned long long*>(total));
  for (int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x); i < n;
       i += static_cast<int>(gridDim.x * blockDim.x))
    share[i] = static_cast<float>(x[i]) / sum;
}

cudaError_t run_shares(const int* x, float* share, unsigned long long* total, int n) {
  int per_sm = 0, sms = 0;
  if (cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, shares, 256, 0);
      e != cudaSuccess)
    return e;
  if (cudaError_t e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
      e != cudaSuccess)
    return e;
  LaunchConfig cfg;
  cfg.grid = static_cast<unsigned>(per_sm * sms); // the most CTAs resident at once
  cfg.block = 256;
  cfg.cooperative = true; // tirx::launch refuses a grid that does not fit
  return launch(cfg, shares, x, share, total, n);
}
// [/snippet]

__global__ void add_one(const float* in, float* out, int n) {
  for (int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x); i < n;
       i += static_cast<int>(gridDim.x * blockDim.x))
    out[i] = in[i] + 1.0f;
}

// [snippet:priority]
cudaError_t urgent_add_one(const float* in, float* out, int n) {
  LaunchConfig cfg;
  cfg.grid = 16;
  cfg.block = 256;
  cfg.priority = stream_priorities().greatest; // its CTAs go to free SMs first
  return launch(cfg, add_one, in, out, n);
}

cudaError_t add_one_on_a_low_priority_stream(const float* in, float* out, int n) {
  cudaStream_t low = nullptr; // every launch on it has the least priority
  if (cudaError_t e = create_priority_stream(&low, stream_priorities().least); e != cudaSuccess)
    return e;
  LaunchConfig cfg;
  cfg.grid = 16;
  cfg.block = 256;
  cfg.stream = low;
  const cudaError_t e = launch(cfg, add_one, in, out, n);
  cudaStreamSynchronize(low);
  cudaStreamDestroy(low);
  return e;
}
// [/snippet]

// [snippet:l2_window]
__global__ void gather(const float* table, int table_n, const int* index, float* out, int n) {
  for (int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x); i < n;
       i += static_cast<int>(gridDim.x * blockDim.x))
    out[i] = table[index[i] % table_n];
}

// every line of the table persists, the misses stream (a constant: checked at compile time)
constexpr L2Policy keep_table{1.0, L2Access::persisting, L2Access::streaming};

cudaError_t gather_with_table_in_l2(const float* table, int table_n, const int* index, float* out,
                                    int n) {
  const size_t table_bytes = sizeof(float) * static_cast<size_t>(table_n);
  // persisting lines live in the part of L2 set aside for them
  if (cudaError_t e = cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, table_bytes);
      e != cudaSuccess)
    return e;
  LaunchConfig cfg;
  cfg.grid = 64;
  cfg.block = 256;
  cfg.access_policy_window = AccessPolicyWindow{table, table_bytes, keep_table};
  return launch(cfg, gather, table, table_n, index, out, n);
}
// [/snippet]

namespace {
int failures = 0;
void expect(bool ok, const char* what) {
  if (!ok) {
    std::printf("launch attributes: %s: FAILED\n", what);
    ++failures;
  }
}
} // namespace

int main() {
  if (!tirx::cuda_device_present())
    return 77; // no GPU: ctest reports the test skipped
  const int n = 1 << 16;
  float *buf = nullptr, *out = nullptr, *share = nullptr;
  int *x = nullptr, *index = nullptr;
  unsigned long long* total = nullptr;
  TIRX_CHECK_CUDA(cudaMalloc(&buf, n * sizeof(float)));
  TIRX_CHECK_CUDA(cudaMalloc(&out, n * sizeof(float)));
  TIRX_CHECK_CUDA(cudaMalloc(&share, n * sizeof(float)));
  TIRX_CHECK_CUDA(cudaMalloc(&x, n * sizeof(int)));
  TIRX_CHECK_CUDA(cudaMalloc(&index, n * sizeof(int)));
  TIRX_CHECK_CUDA(cudaMalloc(&total, sizeof(unsigned long long)));
  std::vector<float> h(n);
  auto download = [&](const float* d) {
    TIRX_CHECK_CUDA(cudaDeviceSynchronize());
    TIRX_CHECK_CUDA(cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
  };

  TIRX_CHECK_CUDA(produce_then_consume(buf, out, n, nullptr));
  download(out);
  bool ok = true;
  for (int i = 0; i < n; ++i)
    ok = ok && h[i] == static_cast<float>(i) * 0.5f + 1.0f;
  expect(ok, "pdl");

  cudaDeviceProp prop{};
  TIRX_CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  if (prop.major >= 9) { // programmatic events: sm_90 and newer
    cudaStream_t first = nullptr, second = nullptr;
    cudaEvent_t started = nullptr;
    TIRX_CHECK_CUDA(cudaStreamCreateWithFlags(&first, cudaStreamNonBlocking));
    TIRX_CHECK_CUDA(cudaStreamCreateWithFlags(&second, cudaStreamNonBlocking));
    TIRX_CHECK_CUDA(cudaEventCreateWithFlags(&started, cudaEventDisableTiming));
    TIRX_CHECK_CUDA(cudaMemset(buf, 0xFF, n * sizeof(float)));
    TIRX_CHECK_CUDA(cudaDeviceSynchronize()); // non-blocking streams do not wait for it
    TIRX_CHECK_CUDA(produce_then_consume_in_two_streams(buf, out, n, first, second, started));
    download(out);
    ok = true;
    for (int i = 0; i < n; ++i)
      ok = ok && h[i] == static_cast<float>(i) * 0.5f + 1.0f;
    expect(ok, "pdl_event");
    TIRX_CHECK_CUDA(cudaEventDestroy(started));
    TIRX_CHECK_CUDA(cudaStreamDestroy(first));
    TIRX_CHECK_CUDA(cudaStreamDestroy(second));
  }

  std::vector<int> hx(n);
  unsigned long long sum = 0;
  for (int i = 0; i < n; ++i)
    sum += static_cast<unsigned long long>(hx[i] = (i * 37) % 1000 + 1);
  TIRX_CHECK_CUDA(cudaMemcpy(x, hx.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  TIRX_CHECK_CUDA(cudaMemset(total, 0, sizeof(unsigned long long)));
  TIRX_CHECK_CUDA(run_shares(x, share, total, n));
  download(share);
  ok = true;
  for (int i = 0; i < n; ++i)
    ok = ok && h[i] == static_cast<float>(hx[i]) / static_cast<float>(sum);
  expect(ok, "cooperative");

  TIRX_CHECK_CUDA(urgent_add_one(buf, out, n));
  download(out);
  ok = true;
  for (int i = 0; i < n; ++i)
    ok = ok && h[i] == static_cast<float>(i) * 0.5f + 1.0f;
  TIRX_CHECK_CUDA(add_one_on_a_low_priority_stream(out, share, n));
  download(share);
  for (int i = 0; i < n; ++i)
    ok = ok && h[i] == static_cast<float>(i) * 0.5f + 2.0f;
  expect(ok, "priority");

  int max_window = 0;
  TIRX_CHECK_CUDA(cudaDeviceGetAttribute(&max_window, cudaDevAttrMaxAccessPolicyWindowSize, 0));
  if (max_window > 0) {
    const int table_n = 4096; // buf's first 4096 values: i * 0.5
    for (int i = 0; i < n; ++i)
      hx[i] = (i * 7919) % table_n;
    TIRX_CHECK_CUDA(cudaMemcpy(index, hx.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    TIRX_CHECK_CUDA(gather_with_table_in_l2(buf, table_n, index, out, n));
    download(out);
    ok = true;
    for (int i = 0; i < n; ++i)
      ok = ok && h[i] == static_cast<float>(hx[i]) * 0.5f;
    expect(ok, "l2_window");
    TIRX_CHECK_CUDA(cudaCtxResetPersistingL2Cache());
    TIRX_CHECK_CUDA(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 0));
  }
  for (void* p : {static_cast<void*>(buf), static_cast<void*>(out), static_cast<void*>(share),
                  static_cast<void*>(x), static_cast<void*>(index), static_cast<void*>(total)})
    TIRX_CHECK_CUDA(cudaFree(p));
  if (failures != 0)
    return 1;
  std::printf("launch attributes: OK\n");
  return 0;
}
