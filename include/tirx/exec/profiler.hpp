// A tile-level profiler in the pattern of TIRx's timer_init / timer_start /
// timer_end / timer_finalize: every warp writes its events into its own slot
// of a global buffer, one record per event (the event id, the SM, the CTA,
// the warp, the start and end on the GPU's nanosecond clock, the cycles on
// the SM's clock between them). Lane 0 writes; the other lanes only take
// part in the warp synchronization that brackets each event. Nothing is
// written without a buffer (ProfileBuffer{}), so a kernel keeps its marks in
// runs that do not profile. host/profile.hpp decodes the records and draws
// them as a timeline (SVG).
//
//   auto prof = WarpProfiler::init(buf);     // timer_init: this warp's slot
//   ProfileMark m = prof.start(kLoad);       // timer_start
//   ...                                      //   the work of the event
//   prof.end(m);                             // timer_end: lane 0 writes a record
//   prof.finalize();                         // timer_finalize: the warp's count
#pragma once

#include <tirx/core/thread.hpp>
#include <tirx/exec/timer.hpp>

namespace tirx {

/// One event of one warp, as the device writes it (40 bytes).
struct ProfileRecord {
  unsigned event;              ///< the kernel's event id
  unsigned sm;                 ///< %smid at the event's start
  unsigned block;              ///< the CTA's linear index in the grid (x + y gx + z gx gy)
  unsigned warp;               ///< the warp in its CTA
  unsigned long long start_ns; ///< %globaltimer at the start
  unsigned long long end_ns;   ///< %globaltimer at the end
  unsigned long long cycles;   ///< %clock64 at the end less %clock64 at the start
};
static_assert(sizeof(ProfileRecord) == 40, "tirx::ProfileRecord: 40 bytes, no padding");

/// Where the records go: `capacity` records for each warp of the grid
/// (slot = block * warps_per_block + warp), then one count per slot, the
/// events the warp recorded (those past capacity included: they are
/// counted, not written).
struct ProfileBuffer {
  ProfileRecord* records = nullptr;
  unsigned* counts = nullptr;
  unsigned capacity = 0;        ///< records per warp
  unsigned warps_per_block = 0; ///< warps per CTA
  unsigned slots = 0;           ///< warps in the grid: CTAs x warps_per_block
};

/// The bytes a ProfileBuffer of `slots` warps of `capacity` records takes.
TIRX_HD constexpr unsigned long long profile_bytes(unsigned slots, unsigned capacity) {
  return static_cast<unsigned long long>(slots) * capacity * sizeof(ProfileRecord) +
         static_cast<unsigned long long>(slots) * sizeof(unsigned);
}

/// The ProfileBuffer over `memory` (profile_bytes(blocks * warps_per_block,
/// capacity) bytes, 8-byte aligned: cudaMalloc's, or a host copy of them):
/// the records first, then the counts.
TIRX_HD inline ProfileBuffer profile_buffer(void* memory, unsigned blocks, unsigned warps_per_block,
                                            unsigned capacity) {
  ProfileBuffer b;
  b.records = static_cast<ProfileRecord*>(memory);
  b.capacity = capacity;
  b.warps_per_block = warps_per_block;
  b.slots = blocks * warps_per_block;
  b.counts =
      reinterpret_cast<unsigned*>(b.records + static_cast<unsigned long long>(b.slots) * capacity);
  return b;
}

/// An open event: its id, its SM and its start, held in registers until
/// WarpProfiler::end.
struct ProfileMark {
  unsigned event;
  unsigned sm;
  unsigned long long start_ns;
  unsigned long long start_cycles;
};

#if defined(__CUDACC__)
/// One warp's recorder. Every lane of the warp calls each member at the
/// same point (warp-uniform control flow): start and end synchronize the
/// warp's lanes (__syncwarp over the lanes the block has in it) before they
/// read the timers, so an event spans the whole warp's work.
class WarpProfiler {
public:
  /// timer_init: the calling warp's slot of buf (none when buf has no
  /// records: every member then does nothing); lane 0 zeroes its count.
  __device__ static WarpProfiler init(const ProfileBuffer& buf) {
    WarpProfiler p;
    const unsigned block = blockIdx.x + (blockIdx.y + blockIdx.z * gridDim.y) * gridDim.x;
    p.block_ = block;
    p.warp_ = warp_index();
    p.capacity_ = buf.capacity;
    p.leader_ = lane_index() == 0;
    const unsigned lanes = block_threads() - 32u * p.warp_; // a last warp may be partial
    p.mask_ = lanes >= 32 ? 0xffffffffu : (1u << lanes) - 1u;
    const unsigned slot = block * buf.warps_per_block + p.warp_;
    if (buf.records != nullptr) {
      TIRX_CHECK(p.warp_ < buf.warps_per_block && slot < buf.slots,
                 "tirx::WarpProfiler: the buffer has no slot for this warp; size it for the "
                 "grid's CTAs x the kernel's warps per CTA (profile_buffer)");
      p.records_ = buf.records + static_cast<unsigned long long>(slot) * buf.capacity;
      p.count_ = buf.counts + slot;
      if (p.leader_)
        *p.count_ = 0;
    }
    return p;
  }

  /// timer_start: synchronizes the warp, then reads the timers.
  __device__ TIRX_FORCEINLINE ProfileMark start(unsigned event) const {
    __syncwarp(mask_);
    return ProfileMark{event, sm_id(), global_ns(), clock_cycles()};
  }

  /// timer_end: synchronizes the warp, reads the timers, and lane 0 writes
  /// the event's record (counted, not written, once the slot is full).
  __device__ TIRX_FORCEINLINE void end(const ProfileMark& m) {
    __syncwarp(mask_);
    const unsigned long long cycles = clock_cycles(), ns = global_ns();
    if (records_ != nullptr && leader_ && n_ < capacity_)
      records_[n_] =
          ProfileRecord{m.event, m.sm, block_, warp_, m.start_ns, ns, cycles - m.start_cycles};
    ++n_;
  }

  /// timer_finalize: lane 0 writes the warp's count of events.
  __device__ TIRX_FORCEINLINE void finalize() const {
    if (records_ != nullptr && leader_)
      *count_ = n_;
  }

  /// The events recorded so far (those past capacity included).
  __device__ TIRX_FORCEINLINE unsigned recorded() const { return n_; }

private:
  ProfileRecord* records_ = nullptr;
  unsigned* count_ = nullptr;
  unsigned capacity_ = 0, n_ = 0, block_ = 0, warp_ = 0;
  unsigned mask_ = 0xffffffffu; ///< the warp's lanes (fewer in a partial last warp)
  bool leader_ = false;
};
#endif

} // namespace tirx
