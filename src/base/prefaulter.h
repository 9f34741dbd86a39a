// The prefaulter: one thread that faults memory in shortly before a
// loading thread writes it, for two kinds of users.
//
// Why: a page the process has not used before costs the kernel a fault and
// zeroing (on a VM also the host's first touch). That work fell on the one
// thread each load waits for (a Fuchsia trace's queue: ~30% of the reading
// thread's samples; a protobuf ftrace trace's columns: ~22% of the parser
// thread's), while the other core was mostly idle.
//
// - PagePrefaulter: the next step (kStepBytes) of a growing, mapped
//   PodVector. A vector asks for it once it has filled most of the current
//   one (kAskForNextStepAt in src/base/pod_vector.h), and settles the
//   request when it gets to the step or before moving or freeing its
//   memory: a request not started is withdrawn (the vector faults the
//   pages itself), one being faulted in is waited for.
// - ChunkPrefaulter: whole mappings of one size kept ready, a few ahead,
//   for a ChunkedVector's next chunks (a Fuchsia trace's queue). Take()
//   never waits: with none ready the vector maps its own.
//
// The thread serves asked steps first, also between the 2 MiB pieces of
// a chunk. It only writes zeros into memory nobody uses yet: what a vector
// reads is never touched after it wrote it. The memory faulted in ahead
// (what a load's peak RSS can gain) is bounded: one step per mapped
// vector, at most kSlots of them in flight, and each ChunkPrefaulter's
// |ahead| chunks.
//
// Linux builds with their own mappings only (WEFT_PREFAULTER); elsewhere
// nothing is faulted ahead and no thread starts. Off while a PrefaultingOff
// lives (a --single-thread TraceProcessor holds one).
#ifndef SRC_BASE_PREFAULTER_H_
#define SRC_BASE_PREFAULTER_H_

#include <cstddef>
#include <cstdint>

#include "src/base/huge_page_map.h"

#ifdef WEFT_HUGE_PAGE_MAP
#define WEFT_PREFAULTER 1
#include <atomic>
#include <vector>
#endif

namespace weft {

// While one lives, nothing new is faulted ahead, in the whole process
// (pages asked for before still settle; chunks ready stay until taken).
class PrefaultingOff {
 public:
  PrefaultingOff();
  ~PrefaultingOff();
  PrefaultingOff(const PrefaultingOff&) = delete;
  PrefaultingOff& operator=(const PrefaultingOff&) = delete;
};

class PagePrefaulter {
 public:
  static constexpr int kSlots = 6;
  // What a request faults in: small, as a growing vector's step faulted in
  // ahead (and the rest of the step it fills) is what peak RSS gains, and
  // large enough that a vector asks seldom.
  static constexpr size_t kStepBytes = size_t{256} << 10;
  static constexpr int32_t kNoTicket = -1;

  // Asks for the step at |step| (kStepBytes in a private anonymous mapping
  // of the caller's) to be faulted in; a ticket, or kNoTicket when
  // prefaulting is off or all kSlots slots are in flight (asked and not
  // yet faulted in).
  static int32_t Ask(char* step);
  // Before the caller writes the step, moves or unmaps it: withdraws the
  // request if not started, else waits until the step is in.
  static void Settle(int32_t ticket);

  // Steps asked for that the thread faulted in so far (for tests).
  static uint64_t steps_faulted();
};

class ChunkPrefaulter {
 public:
  // Chunks of |bytes| (whole huge pages), at most |ahead| of them ready
  // and not taken at once (the memory it may hold beyond the vector's).
  ChunkPrefaulter(size_t bytes, size_t ahead) : bytes_(bytes), ahead_(ahead) {}
  ChunkPrefaulter(const ChunkPrefaulter&) = delete;
  ChunkPrefaulter& operator=(const ChunkPrefaulter&) = delete;
  ~ChunkPrefaulter() { Stop(); }

  size_t chunk_bytes() const { return bytes_; }
  // Chunks handed out so far.
  size_t taken() const { return taken_; }

  // A chunk of chunk_bytes() with its pages in, freed by its taker with
  // munmap; nullptr when none is ready. The first call starts the
  // prefaulting and returns nullptr (ChunkedVector calls it from its second
  // chunk on, so a vector of one chunk never starts it).
  void* Take();

  // No more chunks: waits until the thread is not mapping one for it and
  // unmaps those not taken (the vector is full: they would only add to the
  // peak memory). Take() returns nullptr after.
  void Stop();

 private:
  friend struct Prefaulter;  // The thread's side (prefaulter.cc).

  const size_t bytes_;
  const size_t ahead_;
  size_t taken_ = 0;  // Written under the prefaulter's lock (Take()).
#ifdef WEFT_PREFAULTER
  // Guarded by the prefaulter's lock, except stop_, also read without it
  // between pages.
  std::vector<void*> ready_;
  bool started_ = false;
  std::atomic<bool> stop_{false};
#endif
};

}  // namespace weft

#endif  // SRC_BASE_PREFAULTER_H_
