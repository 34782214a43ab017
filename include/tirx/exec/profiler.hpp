// A tile-level profiler in the pattern of TIRx's timer_init / timer_start /
// timer_end / timer_finalize: every recording group (a warp for
// WarpProfiler; any set of threads the kernel names for GroupProfiler: a
// warpgroup, a CTA, the producer warps of a pipeline, ...) writes its events
// into its own slot of a global buffer, one record per event (the event id,
// the SM, the CTA, the warp or group, the start and end on the GPU's
// nanosecond clock, the cycles on the SM's clock between them, two payloads
// and the record's kind). One leader thread writes. Besides ranges
// (start/end, which nest and overlap: TIRx's IKET token and stack ranges),
// a group records instants (TIRx's IKET mark) with a payload. Nothing is
// written without a buffer (ProfileBuffer{}), so a kernel keeps its marks in
// runs that do not profile. host/profile.hpp decodes the records and draws
// them as a timeline (SVG) or lists them (CSV).
//
//   auto prof = WarpProfiler::init(buf);     // timer_init: this warp's slot
//   ProfileMark m = prof.start(kLoad);       // timer_start
//   ...                                      //   the work of the event
//   prof.end(m);                             // timer_end: lane 0 writes a record
//   prof.instant(kTile, tile);               // an instant with a payload
//   prof.finalize();                         // timer_finalize: the warp's count
//
//   auto g = GroupProfiler::init(buf, warp_index() / 4, threadIdx.x % 128 == 0);
#pragma once

#include <tirx/core/thread.hpp>
#include <tirx/exec/timer.hpp>

namespace tirx {

/// What a record is (ProfileRecord::kind): bit 0 an instant (start_ns ==
/// end_ns, no cycles) rather than a range, bit 1 written by a GroupProfiler
/// (ProfileRecord::warp is the group) rather than a WarpProfiler.
inline constexpr unsigned profile_instant = 1u;
inline constexpr unsigned profile_group = 2u;

/// One event of one warp or group, as the device writes it (56 bytes).
struct ProfileRecord {
  unsigned event;              ///< the kernel's event id
  unsigned sm;                 ///< %smid at the event's start
  unsigned block;              ///< the CTA's linear index in the grid (x + y gx + z gx gy)
  unsigned warp;               ///< the warp in its CTA, or the group (kind & profile_group)
  unsigned long long start_ns; ///< %globaltimer at the start
  unsigned long long end_ns;   ///< %globaltimer at the end
  unsigned long long cycles;   ///< %clock64 at the end less %clock64 at the start
  unsigned payload = 0;        ///< the value given at the start (or the instant)
  unsigned end_payload = 0;    ///< the value given at the end
  unsigned kind = 0;           ///< profile_instant | profile_group, or 0: a warp's range
  unsigned reserved = 0;
};
static_assert(sizeof(ProfileRecord) == 56, "tirx::ProfileRecord: 56 bytes, no padding");

/// Where the records go: `capacity` records for each warp (or group) of the
/// grid (slot = block * warps_per_block + warp; for GroupProfiler
/// warps_per_block is the groups per CTA), then one count per slot, the
/// events the slot recorded (those past capacity included: they are
/// counted, not written).
struct ProfileBuffer {
  ProfileRecord* records = nullptr;
  unsigned* counts = nullptr;
  unsigned capacity = 0;        ///< records per slot
  unsigned warps_per_block = 0; ///< slots per CTA: warps, or a GroupProfiler's groups
  unsigned slots = 0;           ///< slots in the grid: CTAs x warps_per_block
};

/// The bytes a ProfileBuffer of `slots` slots of `capacity` records takes.
TIRX_HD constexpr unsigned long long profile_bytes(unsigned slots, unsigned capacity) {
  return static_cast<unsigned long long>(slots) * capacity * sizeof(ProfileRecord) +
         static_cast<unsigned long long>(slots) * sizeof(unsigned);
}

/// The ProfileBuffer over `memory` (profile_bytes(blocks * warps_per_block,
/// capacity) bytes, 8-byte aligned: cudaMalloc's, or a host copy of them):
/// the records first, then the counts. warps_per_block: the slots per CTA
/// (a GroupProfiler's number of groups).
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

/// An open event: its id, its SM, its start and its payload, held in
/// registers until end.
struct ProfileMark {
  unsigned event;
  unsigned sm;
  unsigned long long start_ns;
  unsigned long long start_cycles;
  unsigned payload = 0;
};

#if defined(__CUDACC__)
namespace detail {
/// A slot's writer (the part WarpProfiler and GroupProfiler share).
class ProfileSlot {
public:
  /// The events recorded so far (those past capacity included).
  __device__ TIRX_FORCEINLINE unsigned recorded() const { return n_; }

protected:
  __device__ void open(const ProfileBuffer& buf, unsigned slot_in_block, bool leader,
                       unsigned kind) {
    block_ = blockIdx.x + (blockIdx.y + blockIdx.z * gridDim.y) * gridDim.x;
    group_ = slot_in_block;
    capacity_ = buf.capacity;
    leader_ = leader;
    kind_ = kind;
    const unsigned slot = block_ * buf.warps_per_block + slot_in_block;
    if (buf.records != nullptr) {
      TIRX_CHECK(slot_in_block < buf.warps_per_block && slot < buf.slots,
                 "tirx::WarpProfiler/GroupProfiler: the buffer has no slot for this warp or "
                 "group; size it for the grid's CTAs x the slots per CTA (profile_buffer)");
      records_ = buf.records + static_cast<unsigned long long>(slot) * buf.capacity;
      count_ = buf.counts + slot;
      if (leader_)
        *count_ = 0;
    }
  }
  __device__ TIRX_FORCEINLINE ProfileMark read(unsigned event, unsigned payload) const {
    return ProfileMark{event, sm_id(), global_ns(), clock_cycles(), payload};
  }
  __device__ TIRX_FORCEINLINE void close(const ProfileMark& m, unsigned end_payload) {
    const unsigned long long cycles = clock_cycles(), ns = global_ns();
    put(ProfileRecord{m.event, m.sm, block_, group_, m.start_ns, ns, cycles - m.start_cycles,
                      m.payload, end_payload, kind_, 0});
  }
  __device__ TIRX_FORCEINLINE void point(unsigned event, unsigned payload) {
    const unsigned long long ns = global_ns();
    put(ProfileRecord{event, sm_id(), block_, group_, ns, ns, 0, payload, payload,
                      kind_ | profile_instant, 0});
  }
  __device__ TIRX_FORCEINLINE void put(const ProfileRecord& r) {
    if (records_ != nullptr && leader_ && n_ < capacity_)
      records_[n_] = r;
    ++n_;
  }
  __device__ TIRX_FORCEINLINE void count() const {
    if (records_ != nullptr && leader_)
      *count_ = n_;
  }

private:
  ProfileRecord* records_ = nullptr;
  unsigned* count_ = nullptr;
  unsigned capacity_ = 0, n_ = 0, block_ = 0, group_ = 0, kind_ = 0;
  bool leader_ = false;
};
} // namespace detail

/// One warp's recorder. Every lane of the warp calls each member at the
/// same point (warp-uniform control flow): start, end and instant
/// synchronize the warp's lanes (__syncwarp over the lanes the block has in
/// it) before they read the timers, so an event spans the whole warp's work.
class WarpProfiler : public detail::ProfileSlot {
public:
  /// timer_init: the calling warp's slot of buf (none when buf has no
  /// records: every member then does nothing); lane 0 zeroes its count.
  __device__ static WarpProfiler init(const ProfileBuffer& buf) {
    WarpProfiler p;
    const unsigned warp = warp_index();
    const unsigned lanes = block_threads() - 32u * warp; // a last warp may be partial
    p.mask_ = lanes >= 32 ? 0xffffffffu : (1u << lanes) - 1u;
    p.open(buf, warp, lane_index() == 0, 0);
    return p;
  }

  /// timer_start: synchronizes the warp, then reads the timers.
  __device__ TIRX_FORCEINLINE ProfileMark start(unsigned event, unsigned payload = 0) const {
    __syncwarp(mask_);
    return read(event, payload);
  }

  /// timer_end: synchronizes the warp, reads the timers, and lane 0 writes
  /// the event's record (counted, not written, once the slot is full).
  __device__ TIRX_FORCEINLINE void end(const ProfileMark& m, unsigned payload = 0) {
    __syncwarp(mask_);
    close(m, payload);
  }

  /// An instant (IKET's mark): synchronizes the warp, lane 0 writes a record
  /// whose start and end are one read of the global timer.
  __device__ TIRX_FORCEINLINE void instant(unsigned event, unsigned payload = 0) {
    __syncwarp(mask_);
    point(event, payload);
  }

  /// timer_finalize: lane 0 writes the warp's count of events.
  __device__ TIRX_FORCEINLINE void finalize() const { count(); }

private:
  unsigned mask_ = 0xffffffffu; ///< the warp's lanes (fewer in a partial last warp)
};

/// The recorder of a group the kernel names, TIRx's timer_init(num_groups,
/// group_id): slot = CTA x buf.warps_per_block (the groups per CTA) + group;
/// `leader` is the one thread of the group that writes (TIRx's
/// leader_cond). Any thread may call the members, the leader's calls
/// count: a group that needs its threads' work inside an event synchronizes
/// them itself before start and end (__syncthreads for a CTA, a named
/// barrier for a warpgroup), as TIRx leaves it to the kernel.
class GroupProfiler : public detail::ProfileSlot {
public:
  /// timer_init: the slot of `group` (below buf.warps_per_block) in this
  /// CTA; the leader zeroes its count.
  __device__ static GroupProfiler init(const ProfileBuffer& buf, unsigned group, bool leader) {
    GroupProfiler p;
    p.open(buf, group, leader, profile_group);
    return p;
  }
  /// timer_start: reads the timers.
  __device__ TIRX_FORCEINLINE ProfileMark start(unsigned event, unsigned payload = 0) const {
    return read(event, payload);
  }
  /// timer_end: reads the timers; the leader writes the record.
  __device__ TIRX_FORCEINLINE void end(const ProfileMark& m, unsigned payload = 0) {
    close(m, payload);
  }
  /// An instant (IKET's mark): the leader writes one read of the timer.
  __device__ TIRX_FORCEINLINE void instant(unsigned event, unsigned payload = 0) {
    point(event, payload);
  }
  /// timer_finalize: the leader writes the group's count of events.
  __device__ TIRX_FORCEINLINE void finalize() const { count(); }
};
#endif

} // namespace tirx
