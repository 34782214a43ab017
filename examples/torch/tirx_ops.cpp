// tirx's Hopper GEMM, its RMSNorm and its attention as PyTorch operators:
//   torch.ops.tirx.gemm(a, b)                 -> a @ b.T   (bf16, sm_90a)
//   torch.ops.tirx.rmsnorm(x, weight, eps)    -> x / sqrt(mean(x^2, -1) + eps) * weight (float32)
//   torch.ops.tirx.attention_fwd(q, k, v, causal, scale) -> (o, lse)  (BSHD bf16/fp16, sm_90a)
//   torch.ops.tirx.attention_bwd(d_o, q, k, v, o, lse, causal, scale, deterministic) -> (dq, dk,
//   dv)
//   torch.ops.tirx.attention_varlen_fwd(q, k, v, cu_seqlens_q, cu_seqlens_k, seqused_k,
//   block_table, max_seqlen_q, max_seqlen_k, causal, scale) -> (o, lse)
// registered with TORCH_LIBRARY, so that torch.compile sees two opaque ops
// (their shape functions, for tracing, are in tirx_ops.py). Every argument
// is checked here, with the rule and the fix in the message: TypeError for a
// wrong dtype, ValueError for a wrong shape, layout, alignment or device.
// The device comes last, so that CPU tensors (the CPU key runs the same
// functions) reach every other rule: the test checks them without a GPU.
#include "tirx_ops_kernels.h"

#include <ATen/ATen.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#include <torch/library.h>

#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>

namespace {

// Numbers reach the messages as strings made here (std::to_string, no
// stream): on the H200 image the extension's host compiler is newer than the
// one torch was built with, and formatting a number through a stream in a
// TORCH_CHECK message crashed there (a segfault in the first message with an
// integer; strings, devices and dtypes printed fine), the signature of two
// C++ runtimes' locale facets meeting in one process.
std::string num(long long v) { return std::to_string(v); }
std::string address(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%p", p);
  return buf;
}

// sizes or strides as Python shows a shape, "(64, 32)" (c10's operator<<
// for ArrayRef writes "[64, 32]"), with std::to_string and no stream
std::string dims(c10::IntArrayRef v) {
  std::string s = "(";
  for (size_t i = 0; i < v.size(); ++i) {
    if (i > 0)
      s += ", ";
    s += std::to_string(v[i]);
  }
  s += v.size() == 1 ? ",)" : ")";
  return s;
}

void check_cuda(const at::Tensor& t, const char* op, const char* name) {
  TORCH_CHECK_VALUE(t.is_cuda(), op, ": ", name, " is on ", t.device(),
                    "; tirx's kernels run on CUDA tensors: move it with .cuda()");
}

void check_launch(cudaError_t err, const char* op) {
  TORCH_CHECK(err == cudaSuccess, op, ": the kernel launch failed: ", cudaGetErrorName(err), " (",
              cudaGetErrorString(err), ")");
}

// sm_90a code runs on compute capability 9.0 alone (H100, H200, GH200)
void check_hopper(const at::Tensor& t, const char* op) {
  int major = 0, minor = 0;
  const int dev = t.get_device();
  C10_CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev));
  C10_CUDA_CHECK(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev));
  TORCH_CHECK_VALUE(major == 9 && minor == 0, op, ": the GEMM is built for sm_90a (H100/H200); ",
                    t.device(), " has compute capability ", num(major), ".", num(minor),
                    ": use torch.matmul there");
}

at::Tensor gemm(const at::Tensor& a, const at::Tensor& b) {
  constexpr const char* op = "tirx_ops.gemm";
  TORCH_CHECK_TYPE(a.scalar_type() == at::kBFloat16 && b.scalar_type() == at::kBFloat16, op,
                   ": a and b must be torch.bfloat16, got ", a.scalar_type(), " and ",
                   b.scalar_type(), ": convert them with .bfloat16()");
  TORCH_CHECK_VALUE(a.dim() == 2 && b.dim() == 2, op,
                    ": a (m, k) and b (n, k) must be matrices, got ", num(a.dim()), "-D and ",
                    num(b.dim()), "-D tensors");
  const int64_t m = a.size(0), k = a.size(1), n = b.size(0);
  TORCH_CHECK_VALUE(b.size(1) == k, op, ": computes a @ b.T with a (m, k) and b (n, k); got a ",
                    dims(a.sizes()), " and b ", dims(b.sizes()),
                    ": their second dimensions differ");
  TORCH_CHECK_VALUE(a.is_contiguous() && b.is_contiguous(), op,
                    ": a and b must be row-major contiguous (strides (k, 1)), got strides ",
                    dims(a.strides()), " and ", dims(b.strides()),
                    "; call .contiguous() (b is the n x k weight itself, not its transpose)");
  TORCH_CHECK_VALUE(n % 8 == 0 && k % 8 == 0, op, ": n and k must be multiples of 8 (TMA reads ",
                    "rows of whole 16 bytes), got n = ", num(n), ", k = ", num(k),
                    "; pad them with zeros to a multiple of 8");
  constexpr int64_t int_max = std::numeric_limits<int>::max();
  TORCH_CHECK_VALUE(m <= int_max && n <= int_max && k <= int_max, op,
                    ": m, n and k must fit in 32 bits, got ", num(m), ", ", num(n), ", ", num(k));
  for (const auto* t : {&a, &b})
    TORCH_CHECK_VALUE(reinterpret_cast<std::uintptr_t>(t->data_ptr()) % 16 == 0, op, ": ",
                      t == &a ? "a" : "b", "'s data must start on 16 bytes (TMA), it starts at ",
                      address(t->data_ptr()), " (a view with an offset); pass a .clone() of it");
  check_cuda(a, op, "a");
  check_cuda(b, op, "b");
  TORCH_CHECK_VALUE(a.device() == b.device(), op, ": a is on ", a.device(), " and b on ",
                    b.device(), "; put both on one GPU");
  if (m == 0 || n == 0 || k == 0) // nothing to compute: an empty or a zero product
    return at::zeros({m, n}, a.options());
  check_hopper(a, op);
  const c10::cuda::CUDAGuard guard(a.device());
  at::Tensor d = at::empty({m, n}, a.options());
  cudaError_t err = cudaSuccess;
  try {
    err = tirx_ops::gemm_bf16_tn(a.data_ptr(), b.data_ptr(), d.data_ptr(), static_cast<int>(m),
                                 static_cast<int>(n), static_cast<int>(k),
                                 c10::cuda::getCurrentCUDAStream(a.get_device()).stream());
  } catch (const std::invalid_argument& e) { // make_tensor_map's checks, should ours miss one
    TORCH_CHECK_VALUE(false, op, ": ", e.what());
  }
  check_launch(err, op);
  return d;
}

at::Tensor rmsnorm(const at::Tensor& x, const at::Tensor& weight, double eps) {
  constexpr const char* op = "tirx_ops.rmsnorm";
  TORCH_CHECK_TYPE(x.scalar_type() == at::kFloat && weight.scalar_type() == at::kFloat, op,
                   ": x and weight must be torch.float32, got ", x.scalar_type(), " and ",
                   weight.scalar_type(), ": convert them with .float()");
  TORCH_CHECK_VALUE(x.dim() >= 1 && weight.dim() == 1, op,
                    ": x must have at least one dimension and weight exactly one, got ",
                    num(x.dim()), "-D and ", num(weight.dim()), "-D tensors");
  const int64_t cols = x.size(-1);
  TORCH_CHECK_VALUE(weight.size(0) == cols, op, ": normalizes x's last dimension (", num(cols),
                    ") and scales it by weight, which has ", num(weight.size(0)), " elements");
  TORCH_CHECK_VALUE(x.is_contiguous() && weight.is_contiguous(), op,
                    ": x and weight must be contiguous, got strides ", dims(x.strides()), " and ",
                    dims(weight.strides()), "; call .contiguous()");
  TORCH_CHECK_VALUE(eps >= 0.0, op, ": eps must be >= 0, got ", std::to_string(eps));
  check_cuda(x, op, "x");
  check_cuda(weight, op, "weight");
  TORCH_CHECK_VALUE(x.device() == weight.device(), op, ": x is on ", x.device(), " and weight on ",
                    weight.device(), "; put both on one GPU");
  at::Tensor y = at::empty_like(x);
  if (x.numel() == 0)
    return y;
  const c10::cuda::CUDAGuard guard(x.device());
  // any alignment: the launcher picks the widest vector the pointers allow
  check_launch(tirx_ops::rmsnorm_f32(x.data_ptr<float>(), weight.data_ptr<float>(),
                                     y.data_ptr<float>(), x.numel() / cols, cols,
                                     static_cast<float>(eps),
                                     c10::cuda::getCurrentCUDAStream(x.get_device()).stream()),
               op);
  return y;
}

std::tuple<at::Tensor, at::Tensor> attention_fwd(const at::Tensor& q, const at::Tensor& k,
                                                 const at::Tensor& v, bool causal, double scale) {
  constexpr const char* op = "tirx_ops.attention";
  const auto dt = q.scalar_type();
  TORCH_CHECK_TYPE((dt == at::kBFloat16 || dt == at::kHalf) && k.scalar_type() == dt &&
                       v.scalar_type() == dt,
                   op, ": q, k and v must all be torch.bfloat16 or all torch.float16, got ",
                   q.scalar_type(), ", ", k.scalar_type(), " and ", v.scalar_type());
  TORCH_CHECK_VALUE(q.dim() == 4 && k.dim() == 4 && v.dim() == 4, op,
                    ": q, k and v must be (batch, seqlen, heads, head_dim) tensors, got ",
                    num(q.dim()), "-D, ", num(k.dim()), "-D and ", num(v.dim()), "-D");
  const int64_t b = q.size(0), sq = q.size(1), hq = q.size(2), d = q.size(3);
  const int64_t sk = k.size(1), hkv = k.size(2);
  TORCH_CHECK_VALUE(k.size(0) == b && v.size(0) == b && k.size(3) == d && v.sizes() == k.sizes(),
                    op,
                    ": k and v must be (batch, seqlen_k, heads_kv, head_dim) with q's batch and "
                    "head_dim, got q ",
                    dims(q.sizes()), ", k ", dims(k.sizes()), ", v ", dims(v.sizes()));
  TORCH_CHECK_VALUE(d == 64 || d == 128 || d == 192 || d == 256, op,
                    ": head_dim must be 64, 128, 192 or 256, got ", num(d));
  TORCH_CHECK_VALUE(hkv >= 1 && hq % hkv == 0, op, ": q's heads (", num(hq),
                    ") must be a multiple of k's and v's (", num(hkv), ")");
  for (const auto* t : {&q, &k, &v}) {
    TORCH_CHECK_VALUE(t->stride(3) == 1, op,
                      ": the head_dim of q, k and v must be contiguous, got "
                      "strides ",
                      dims(t->strides()), "; call .contiguous()");
    for (int i = 0; i < 3; ++i)
      TORCH_CHECK_VALUE(t->stride(i) % 8 == 0, op,
                        ": the batch, seqlen and head strides must be "
                        "multiples of 8 elements (TMA reads rows of 16 bytes), got strides ",
                        dims(t->strides()), "; call .contiguous()");
    TORCH_CHECK_VALUE(reinterpret_cast<std::uintptr_t>(t->data_ptr()) % 16 == 0, op,
                      ": q's, k's and v's data must start on 16 bytes (TMA); pass a .clone()");
  }
  check_cuda(q, op, "q");
  check_cuda(k, op, "k");
  check_cuda(v, op, "v");
  TORCH_CHECK_VALUE(q.device() == k.device() && q.device() == v.device(), op,
                    ": q, k and v must be on one GPU");
  check_hopper(q, op);
  const c10::cuda::CUDAGuard guard(q.device());
  at::Tensor o = at::empty_like(q, at::MemoryFormat::Contiguous);
  at::Tensor lse = at::empty({b, hq, sq}, q.options().dtype(at::kFloat));
  if (q.numel() == 0 || sk == 0)
    return {o.zero_(), lse.fill_(std::numeric_limits<float>::infinity())};
  tirx_ops::AttentionTensors t{};
  t.q = q.data_ptr(), t.k = k.data_ptr(), t.v = v.data_ptr(), t.o = o.data_ptr();
  t.lse = lse.data_ptr<float>();
  t.batch = static_cast<int>(b), t.seqlen_q = static_cast<int>(sq),
  t.seqlen_k = static_cast<int>(sk);
  t.heads_q = static_cast<int>(hq), t.heads_kv = static_cast<int>(hkv),
  t.head_dim = static_cast<int>(d);
  for (int i = 0; i < 3; ++i) {
    t.q_stride[i] = q.stride(i), t.k_stride[i] = k.stride(i);
    t.v_stride[i] = v.stride(i), t.o_stride[i] = o.stride(i);
  }
  t.scale = static_cast<float>(scale), t.causal = causal;
  cudaError_t err = cudaSuccess;
  try {
    // split keys where the query blocks leave SMs idle (a decode step)
    at::Tensor workspace;
    if (const size_t bytes = tirx_ops::attention_fwd_workspace(t); bytes > 0) {
      workspace = at::empty({static_cast<int64_t>(bytes)}, q.options().dtype(at::kByte));
      t.workspace = workspace.data_ptr();
    }
    err = tirx_ops::attention_fwd(t, dt == at::kHalf,
                                  c10::cuda::getCurrentCUDAStream(q.get_device()).stream());
  } catch (const std::invalid_argument& e) {
    TORCH_CHECK_VALUE(false, op, ": ", e.what());
  }
  check_launch(err, op);
  return {o, lse};
}

// The forward on variable-length batches and KV caches: q packed (total_q,
// heads_q, head_dim) with cu_seqlens_q, or (batch, seqlen_q, heads_q,
// head_dim); k and v packed with cu_seqlens_k, or (batch, seqlen_k, ...),
// or pages (num_pages, page_size, heads_kv, head_dim) with block_table
// (batch, pages_per_seq); seqused_k (batch) the keys each batch uses.
std::tuple<at::Tensor, at::Tensor> attention_varlen_fwd(
    const at::Tensor& q, const at::Tensor& k, const at::Tensor& v,
    const std::optional<at::Tensor>& cu_seqlens_q, const std::optional<at::Tensor>& cu_seqlens_k,
    const std::optional<at::Tensor>& seqused_k, const std::optional<at::Tensor>& block_table,
    int64_t max_seqlen_q, int64_t max_seqlen_k, bool causal, double scale) {
  constexpr const char* op = "tirx_ops.attention_varlen";
  const auto dt = q.scalar_type();
  TORCH_CHECK_TYPE((dt == at::kBFloat16 || dt == at::kHalf) && k.scalar_type() == dt &&
                       v.scalar_type() == dt,
                   op, ": q, k and v must all be torch.bfloat16 or all torch.float16");
  const bool vq = cu_seqlens_q.has_value(), vk = cu_seqlens_k.has_value();
  const bool paged = block_table.has_value();
  TORCH_CHECK_VALUE(!(vk && paged), op, ": pass cu_seqlens_k or block_table, not both");
  TORCH_CHECK_VALUE(q.dim() == (vq ? 3 : 4) && k.dim() == (vk ? 3 : 4) && v.sizes() == k.sizes(),
                    op, ": q must be ",
                    vq ? "(total_q, heads_q, head_dim)" : "(batch, seqlen_q, heads_q, head_dim)",
                    ", k and v ",
                    vk      ? "(total_k, heads_kv, head_dim)"
                    : paged ? "(num_pages, page_size, heads_kv, head_dim)"
                            : "(batch, seqlen_k, heads_kv, head_dim)",
                    ", got q ", dims(q.sizes()), ", k ", dims(k.sizes()), ", v ", dims(v.sizes()));
  auto check_ints = [&](const at::Tensor& t, const char* name, int64_t dim) {
    TORCH_CHECK_TYPE(t.scalar_type() == at::kInt, op, ": ", name, " must be torch.int32");
    TORCH_CHECK_VALUE(t.dim() == dim && t.is_contiguous(), op, ": ", name, " must be a contiguous ",
                      num(dim), "-D tensor, got ", dims(t.sizes()));
  };
  int64_t batch = vq ? cu_seqlens_q->size(0) - 1 : q.size(0);
  if (vq)
    check_ints(*cu_seqlens_q, "cu_seqlens_q", 1);
  if (vk) {
    check_ints(*cu_seqlens_k, "cu_seqlens_k", 1);
    TORCH_CHECK_VALUE(cu_seqlens_k->size(0) == batch + 1, op,
                      ": cu_seqlens_q and cu_seqlens_k must both have batch + 1 entries");
  } else if (!paged) {
    TORCH_CHECK_VALUE(k.size(0) == batch, op, ": k's batch (", num(k.size(0)),
                      ") differs from q's (", num(batch), ")");
  }
  if (paged) {
    check_ints(*block_table, "block_table", 2);
    TORCH_CHECK_VALUE(block_table->size(0) == batch, op,
                      ": block_table must have a row per batch (", num(batch), "), got ",
                      dims(block_table->sizes()));
    TORCH_CHECK_VALUE(seqused_k.has_value(), op,
                      ": a paged KV cache needs seqused_k, the keys of each batch");
  }
  if (seqused_k.has_value()) {
    check_ints(*seqused_k, "seqused_k", 1);
    TORCH_CHECK_VALUE(seqused_k->size(0) == batch, op, ": seqused_k must have batch (", num(batch),
                      ") entries");
  }
  const int64_t hq = q.size(-2), d = q.size(-1), hkv = k.size(-2);
  TORCH_CHECK_VALUE(k.size(-1) == d && (d == 64 || d == 128 || d == 192 || d == 256), op,
                    ": head_dim must be 64, 128, 192 or 256 and the same in q, k and v");
  TORCH_CHECK_VALUE(hkv >= 1 && hq % hkv == 0, op, ": q's heads (", num(hq),
                    ") must be a multiple of k's and v's (", num(hkv), ")");
  for (const auto* t : {&q, &k, &v}) {
    TORCH_CHECK_VALUE(t->stride(-1) == 1, op, ": the head_dim of q, k and v must be contiguous");
    for (int i = 0; i < t->dim() - 1; ++i)
      TORCH_CHECK_VALUE(t->stride(i) % 8 == 0, op,
                        ": the strides of q, k and v must be multiples of 8 elements (TMA), got ",
                        dims(t->strides()), "; call .contiguous()");
    TORCH_CHECK_VALUE(reinterpret_cast<std::uintptr_t>(t->data_ptr()) % 16 == 0, op,
                      ": q's, k's and v's data must start on 16 bytes (TMA); pass a .clone()");
  }
  check_cuda(q, op, "q");
  check_cuda(k, op, "k");
  check_cuda(v, op, "v");
  check_hopper(q, op);
  const c10::cuda::CUDAGuard guard(q.device());
  at::Tensor o = at::empty_like(q, at::MemoryFormat::Contiguous);
  const int64_t rows = vq ? q.size(0) : q.size(1);
  at::Tensor lse = vq ? at::empty({hq, rows}, q.options().dtype(at::kFloat))
                      : at::empty({batch, hq, rows}, q.options().dtype(at::kFloat));
  const int64_t sq = vq ? max_seqlen_q : q.size(1);
  const int64_t sk = vk ? max_seqlen_k : paged ? block_table->size(1) * k.size(1) : k.size(1);
  if (q.numel() == 0 || batch == 0 || sq == 0 || sk == 0)
    return {o.zero_(), lse.fill_(std::numeric_limits<float>::infinity())};
  tirx_ops::AttentionTensors t{};
  t.q = q.data_ptr(), t.k = k.data_ptr(), t.v = v.data_ptr(), t.o = o.data_ptr();
  t.lse = lse.data_ptr<float>();
  t.batch = static_cast<int>(batch), t.seqlen_q = static_cast<int>(sq);
  t.seqlen_k = static_cast<int>(sk);
  t.heads_q = static_cast<int>(hq), t.heads_kv = static_cast<int>(hkv);
  t.head_dim = static_cast<int>(d);
  auto strides_of = [](const at::Tensor& x, long long(&s)[3]) {
    const int off = x.dim() == 3 ? 1 : 0; // a packed tensor has no batch stride
    s[0] = off ? 0 : x.stride(0);
    s[1] = x.stride(1 - off), s[2] = x.stride(2 - off);
  };
  strides_of(q, t.q_stride), strides_of(o, t.o_stride);
  strides_of(k, t.k_stride), strides_of(v, t.v_stride);
  t.scale = static_cast<float>(scale), t.causal = causal;
  if (vq)
    t.cu_seqlens_q = cu_seqlens_q->data_ptr<int>(), t.total_q = static_cast<int>(q.size(0));
  if (vk)
    t.cu_seqlens_k = cu_seqlens_k->data_ptr<int>(), t.total_k = static_cast<int>(k.size(0));
  if (seqused_k.has_value())
    t.seqused_k = seqused_k->data_ptr<int>();
  if (paged) {
    t.block_table = block_table->data_ptr<int>();
    t.pages_per_seq = static_cast<int>(block_table->size(1));
    t.page_size = static_cast<int>(k.size(1)), t.num_pages = static_cast<int>(k.size(0));
  }
  cudaError_t err = cudaSuccess;
  try {
    // split keys where the query blocks leave SMs idle (a decode step)
    at::Tensor workspace;
    if (const size_t bytes = tirx_ops::attention_fwd_workspace(t); bytes > 0) {
      workspace = at::empty({static_cast<int64_t>(bytes)}, q.options().dtype(at::kByte));
      t.workspace = workspace.data_ptr();
    }
    err = tirx_ops::attention_fwd(t, dt == at::kHalf,
                                  c10::cuda::getCurrentCUDAStream(q.get_device()).stream());
  } catch (const std::invalid_argument& e) {
    TORCH_CHECK_VALUE(false, op, ": ", e.what());
  }
  check_launch(err, op);
  return {o, lse};
}

std::tuple<at::Tensor, at::Tensor, at::Tensor>
attention_bwd(const at::Tensor& d_o, const at::Tensor& q, const at::Tensor& k, const at::Tensor& v,
              const at::Tensor& o, const at::Tensor& lse, bool causal, double scale,
              bool deterministic) {
  constexpr const char* op = "tirx_ops.attention (backward)";
  const auto dt = q.scalar_type();
  TORCH_CHECK_TYPE((dt == at::kBFloat16 || dt == at::kHalf) && k.scalar_type() == dt &&
                       v.scalar_type() == dt && o.scalar_type() == dt && d_o.scalar_type() == dt &&
                       lse.scalar_type() == at::kFloat,
                   op,
                   ": q, k, v, o and the output gradient must share one 16-bit dtype and lse "
                   "must be torch.float32");
  TORCH_CHECK_VALUE(q.dim() == 4 && k.dim() == 4 && v.sizes() == k.sizes() &&
                        o.sizes() == q.sizes() && d_o.sizes() == q.sizes(),
                    op,
                    ": q, o and d_o must be (batch, seqlen_q, heads_q, head_dim), k and v "
                    "(batch, seqlen_k, heads_kv, head_dim)");
  const int64_t b = q.size(0), sq = q.size(1), hq = q.size(2), d = q.size(3);
  const int64_t sk = k.size(1), hkv = k.size(2);
  TORCH_CHECK_VALUE(d == 64 || d == 128, op, ": head_dim must be 64 or 128, got ", num(d));
  TORCH_CHECK_VALUE(hkv >= 1 && hq % hkv == 0, op, ": q's heads (", num(hq),
                    ") must be a multiple of k's and v's (", num(hkv), ")");
  TORCH_CHECK_VALUE(lse.dim() == 3 && lse.size(0) == b && lse.size(1) == hq && lse.size(2) == sq &&
                        lse.is_contiguous(),
                    op, ": lse must be the forward's contiguous (batch, heads_q, seqlen_q)");
  for (const auto* t : {&d_o, &q, &k, &v, &o}) {
    TORCH_CHECK_VALUE(t->stride(3) == 1, op,
                      ": the head_dim of every tensor must be contiguous, "
                      "got strides ",
                      dims(t->strides()), "; call .contiguous()");
    for (int i = 0; i < 3; ++i)
      TORCH_CHECK_VALUE(t->stride(i) % 8 == 0, op,
                        ": the batch, seqlen and head strides must be multiples of 8 elements "
                        "(TMA reads rows of 16 bytes), got strides ",
                        dims(t->strides()), "; call .contiguous()");
    TORCH_CHECK_VALUE(reinterpret_cast<std::uintptr_t>(t->data_ptr()) % 16 == 0, op,
                      ": every tensor's data must start on 16 bytes (TMA); pass a .clone()");
    check_cuda(*t, op, "q, k, v, o and d_o");
  }
  check_cuda(lse, op, "lse");
  check_hopper(q, op);
  const c10::cuda::CUDAGuard guard(q.device());
  at::Tensor dq = at::empty_like(q, at::MemoryFormat::Contiguous);
  at::Tensor dk = at::empty_like(k, at::MemoryFormat::Contiguous);
  at::Tensor dv = at::empty_like(v, at::MemoryFormat::Contiguous);
  if (q.numel() == 0 || sk == 0)
    return {dq.zero_(), dk.zero_(), dv.zero_()};
  tirx_ops::AttentionTensors t{};
  t.q = q.data_ptr(), t.k = k.data_ptr(), t.v = v.data_ptr();
  t.o = const_cast<void*>(o.data_ptr()), t.lse = const_cast<float*>(lse.data_ptr<float>());
  t.batch = static_cast<int>(b), t.seqlen_q = static_cast<int>(sq),
  t.seqlen_k = static_cast<int>(sk);
  t.heads_q = static_cast<int>(hq), t.heads_kv = static_cast<int>(hkv),
  t.head_dim = static_cast<int>(d);
  tirx_ops::AttentionGradTensors g{};
  g.d_o = d_o.data_ptr(), g.dq = dq.data_ptr(), g.dk = dk.data_ptr(), g.dv = dv.data_ptr();
  for (int i = 0; i < 3; ++i) {
    t.q_stride[i] = q.stride(i), t.k_stride[i] = k.stride(i);
    t.v_stride[i] = v.stride(i), t.o_stride[i] = o.stride(i);
    g.do_stride[i] = d_o.stride(i), g.dq_stride[i] = dq.stride(i);
    g.dk_stride[i] = dk.stride(i), g.dv_stride[i] = dv.stride(i);
  }
  t.scale = static_cast<float>(scale), t.causal = causal;
  at::Tensor ws = at::empty({static_cast<int64_t>(tirx_ops::attention_bwd_workspace(t))},
                            q.options().dtype(at::kByte));
  g.workspace = ws.data_ptr(), g.deterministic = deterministic;
  cudaError_t err = cudaSuccess;
  try {
    err = tirx_ops::attention_bwd(t, g, dt == at::kHalf,
                                  c10::cuda::getCurrentCUDAStream(q.get_device()).stream());
  } catch (const std::invalid_argument& e) {
    TORCH_CHECK_VALUE(false, op, ": ", e.what());
  }
  check_launch(err, op);
  return {dq, dk, dv};
}

} // namespace

TORCH_LIBRARY(tirx, m) {
  // the shape functions and gemm's backward are registered in tirx_ops.py;
  // torch asks that module to be named here (import it as `tirx_ops`)
  m.set_python_module("tirx_ops");
  m.def("gemm(Tensor a, Tensor b) -> Tensor");
  m.def("rmsnorm(Tensor x, Tensor weight, float eps=1e-06) -> Tensor");
  m.def("attention_fwd(Tensor q, Tensor k, Tensor v, bool causal=False, float scale=0.0) -> "
        "(Tensor, Tensor)");
  m.def("attention_bwd(Tensor d_o, Tensor q, Tensor k, Tensor v, Tensor o, Tensor lse, "
        "bool causal=False, float scale=0.0, bool deterministic=False) -> (Tensor, Tensor, "
        "Tensor)");
  m.def("attention_varlen_fwd(Tensor q, Tensor k, Tensor v, Tensor? cu_seqlens_q, "
        "Tensor? cu_seqlens_k, Tensor? seqused_k, Tensor? block_table, int max_seqlen_q, "
        "int max_seqlen_k, bool causal=False, float scale=0.0) -> (Tensor, Tensor)");
}

// CPU too: the same functions, so that a CPU tensor gets the messages of
// the rules (the last one says to move it) rather than the dispatcher's
// "no kernel for CPU"
TORCH_LIBRARY_IMPL(tirx, CUDA, m) {
  m.impl("gemm", &gemm);
  m.impl("rmsnorm", &rmsnorm);
  m.impl("attention_fwd", &attention_fwd);
  m.impl("attention_bwd", &attention_bwd);
  m.impl("attention_varlen_fwd", &attention_varlen_fwd);
}
TORCH_LIBRARY_IMPL(tirx, CPU, m) {
  m.impl("gemm", &gemm);
  m.impl("rmsnorm", &rmsnorm);
  m.impl("attention_fwd", &attention_fwd);
  m.impl("attention_bwd", &attention_bwd);
  m.impl("attention_varlen_fwd", &attention_varlen_fwd);
}
