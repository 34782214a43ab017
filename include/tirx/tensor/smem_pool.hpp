// SMEMPool: carves tensors out of dynamic shared memory, with the byte count
// known at compile time for the launch.
#pragma once

#include <tirx/tensor/alloc.hpp>

#include <tirx/core/cccl.hpp>

namespace tirx {

#if defined(__CUDACC__)
/// Base of this block's dynamic shared memory (1024-byte aligned, as the
/// 128-byte swizzle of the bulk tensor copies needs).
__device__ TIRX_FORCEINLINE unsigned char* dynamic_smem_base() {
  extern __shared__ __align__(1024) unsigned char tirx_dynamic_smem[];
  return tirx_dynamic_smem;
}
#endif

/// Where a plan puts its allocations: each one's byte offset, in the order
/// of the plan's alloc calls (the first max_allocs of them), their count,
/// and the bytes the launch must provide. smem_layout(plan) makes one.
struct SMEMLayout {
  static constexpr int max_allocs = 32;
  unsigned long long offset[max_allocs] = {};
  int count = 0;
  unsigned long long bytes = 0;
};

/// A bump allocator over dynamic shared memory, placing tensors where TIRx's
/// SMEMPool places them for the same calls: no alignment unless asked
/// (alloc<T, shape, 16>() or an Align argument), and each tensor advances
/// the pool by shape x element bytes. The same code runs in a constant
/// expression (no memory: it only counts bytes) and in a kernel:
///
///   TIRX_HD constexpr auto plan(tirx::SMEMPool& pool) {
///     auto shared = pool.alloc<float, tirx::shape(128)>();
///     pool.commit();
///     return shared;
///   }
///   // device: auto pool = tirx::SMEMPool::dynamic(); auto shared = plan(pool);
///   // host:   tirx::launch(tirx::LaunchConfig{...}.plan(plan), kernel, ...)
///   //         or constexpr size_t bytes = tirx::smem_bytes(plan);
///
/// Refused where TIRx's placement is wrong: a layout that reaches past shape
/// x element bytes (TIRx would place the next tensor over it), and a tensor
/// at an offset that is not a multiple of its element's alignment.
class SMEMPool {
public:
  /// A pool that only plans (constant evaluation, host code).
  constexpr SMEMPool() = default;
  /// A pool over memory at base (1024-byte aligned is best).
  TIRX_HD constexpr explicit SMEMPool(unsigned char* base) : base_(base) {}
#if defined(__CUDACC__)
  /// A pool over this block's dynamic shared memory.
  __device__ static SMEMPool dynamic() { return SMEMPool(dynamic_smem_base()); }
#endif

  /// A tensor of the given shape and layout at the next offset, rounded up
  /// to Align bytes if Align > 0 (TIRx's default is 0: none; 128 for
  /// ldmatrix rows, 1024 for swizzled TMA). The tensor's type claims Align
  /// (at least the element's alignment).
  template <class T, Shape Shp, TileLayout Lay = row_major(Shp), int Align = 0>
  TIRX_HD constexpr auto alloc() {
    static_assert(check_layout<Lay>());
    static_assert(
        Shp.size() == Lay.size(),
        "tirx::SMEMPool::alloc: the shape and the layout must have the same number of elements");
    static_assert(!Lay.has_thread_axis(),
                  "tirx::SMEMPool::alloc: a shared tensor's layout may use memory axes only");
    static_assert(Align >= 0 && (Align & (Align - 1)) == 0 && Align <= 1024,
                  "tirx::SMEMPool::alloc: the alignment must be 0 or a power of two up to 1024");
    static_assert(detail::local_reach_ok(Lay),
                  "tirx::SMEMPool::alloc: the layout reaches negative offsets");
    static_assert(detail::local_elements(Lay) <= Shp.size(),
                  "tirx::SMEMPool::alloc: the layout reaches past shape x element bytes, where "
                  "TIRx places the next tensor; allocate span(layout) elements and view them");
    constexpr int type_align = Align > int{alignof(T)} ? Align : int{alignof(T)};
    using Result = Tensor<T, typename detail::shape_type_of<Shp>::type, MemScope::shared_dyn,
                          type_align, typename detail::layout_type_of<Lay>::type>;
    if (committed_) {
      // Not a constant expression: a plan that allocates after commit() stops
      // compiling here, and the compiler shows this line with the message.
      detail::fail("tirx::SMEMPool::alloc: called after commit(); allocate every tensor first");
      return Result{};
    }
    unsigned long long at = place(static_cast<unsigned long long>(Shp.size()) * sizeof(T), Align);
    if (record_ != nullptr && record_->count++ < SMEMLayout::max_allocs)
      record_->offset[record_->count - 1] = at;
    if (at % alignof(T) != 0 && (cuda::std::is_constant_evaluated() || TIRX_DEBUG_CHECKS)) {
      // Not a constant expression either: the plan stops compiling here (and
      // a debug build traps on the device).
      // (one line, so that the compiler shows the whole message)
      // clang-format off
      detail::fail("tirx::SMEMPool::alloc: the offset is not a multiple of the element's alignment (TIRx would place the tensor there); pass an Align");
      // clang-format on
      return Result{};
    }
    // Planning (constant evaluation, or a host pool without memory) hands
    // out null tensors. On the device the pointer is used as is: a test
    // against null would make the compiler lose the shared address space.
    if (cuda::std::is_constant_evaluated())
      return Result{};
#if !defined(__CUDA_ARCH__)
    if (base_ == nullptr)
      return Result{};
#endif
    return Result{reinterpret_cast<T*>(base_ + at)};
  }
  /// The same, aligned: alloc<float, shape(128), 16>() (row-major layout).
  template <class T, Shape Shp, int Align> TIRX_HD constexpr auto alloc() {
    return alloc<T, Shp, row_major(Shp), Align>();
  }

  /// The placement rule alone, for bytes of any origin: rounds the offset up
  /// to align (0: none), returns it, and advances the pool by bytes.
  TIRX_HD constexpr unsigned long long place(unsigned long long bytes, int align) {
    if (align > 0)
      offset_ = (offset_ + align - 1) / align * align;
    unsigned long long at = offset_;
    offset_ += bytes;
    if (offset_ > high_)
      high_ = offset_;
    return at;
  }

  /// Moves the bump pointer to a byte offset, so that later allocations
  /// reuse earlier storage (the caller synchronizes). As in TIRx, the pool
  /// then needs at least offset bytes.
  TIRX_HD constexpr void move_base_to(unsigned long long offset) {
    offset_ = offset;
    if (offset_ > high_)
      high_ = offset_;
  }

  /// Ends the allocations; returns bytes(), the bytes the launch must
  /// provide. In debug builds on the device, traps if the launch provided
  /// fewer.
  TIRX_HD constexpr unsigned long long commit() {
    committed_ = true;
#if defined(__CUDA_ARCH__)
    if (!cuda::std::is_constant_evaluated() && base_ != nullptr) {
      TIRX_CHECK(high_ <= cuda::ptx::get_sreg_dynamic_smem_size(),
                 "tirx::SMEMPool::commit: the launch gave less dynamic shared memory than the pool "
                 "needs; launch with LaunchConfig{}.plan(plan) or smem_bytes(plan) bytes");
    }
#endif
    return high_;
  }

  /// The next allocation's offset (before its alignment).
  TIRX_HD constexpr unsigned long long offset() const { return offset_; }
  /// The bytes the pool needs: its high-water mark.
  TIRX_HD constexpr unsigned long long bytes() const { return high_; }
  /// Whether commit() has ended the plan (commit() itself returns the bytes).
  TIRX_HD constexpr bool is_committed() const { return committed_; }

private:
  template <class F> friend TIRX_HD constexpr SMEMLayout smem_layout(F&& plan);
  SMEMLayout* record_ = nullptr; ///< smem_layout's: where each allocation went
  unsigned char* base_ = nullptr;
  unsigned long long offset_ = 0;
  unsigned long long high_ = 0;
  bool committed_ = false;
};

/// The dynamic shared memory a plan needs, as a constant:
///   constexpr auto bytes = smem_bytes([](SMEMPool& p) { plan(p); });
template <class F> TIRX_HD constexpr unsigned long long smem_bytes(F&& plan) {
  SMEMPool pool;
  plan(pool);
  return pool.commit();
}

/// The plan's layout as a constant: every allocation's byte offset and the
/// bytes, so that a plan can be checked at compile time:
///   constexpr SMEMLayout L = smem_layout(plan);
///   static_assert(L.count == 2 && L.offset[1] == 512 && L.bytes == 1024);
template <class F> TIRX_HD constexpr SMEMLayout smem_layout(F&& plan) {
  SMEMLayout layout{};
  SMEMPool pool;
  pool.record_ = &layout;
  plan(pool);
  layout.bytes = pool.commit();
  return layout;
}

} // namespace tirx
