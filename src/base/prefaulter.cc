// The prefaulter's thread, its request slots and the chunk hand-over.
#include "src/base/prefaulter.h"

#ifdef WEFT_PREFAULTER
#include <condition_variable>
#include <mutex>
#include <system_error>
#include <thread>
#endif

namespace weft {

#ifdef WEFT_PREFAULTER

namespace {

// An asked step's slot: kFree -> kPending (asked) -> kFaulting (the thread
// took it) -> kDone; or kPending -> kWithdrawn (settled before the thread
// took it) -> kFree (when the thread takes it). A kDone slot is free to ask
// again: its step is in, whether its vector settled or not (one that
// stopped growing may never), so vectors that stopped hold no slot.
enum SlotState : uint32_t { kFree, kPending, kFaulting, kDone, kWithdrawn };

// A slot's word: its state and the count of its asks, so that a ticket
// whose request was done and the slot asked again settles nothing.
constexpr uint32_t kStateBits = 8;
constexpr uint32_t Word(uint32_t ask, SlotState state) { return ask << kStateBits | state; }
constexpr SlotState StateOf(uint32_t word) {
  return static_cast<SlotState>(word & ((1u << kStateBits) - 1));
}
// A ticket: the slot and its ask count (non-negative: 24 + 4 bits).
constexpr uint32_t kAskMask = (1u << 24) - 1;
constexpr uint32_t kSlotBits = 4;
static_assert(PagePrefaulter::kSlots <= 1 << kSlotBits, "slot index fits a ticket");

std::atomic<int> g_off{0};  // PrefaultingOff objects alive.
std::atomic<uint64_t> g_faulted{0};

bool On() { return g_off.load(std::memory_order_relaxed) == 0; }

}  // namespace

struct Prefaulter {
  static constexpr int kSlots = PagePrefaulter::kSlots;
  // ChunkPrefaulters started and not stopped at once (a Fuchsia load has 2).
  static constexpr int kMaxChunkUsers = 8;

  std::atomic<uint32_t> slot[kSlots] = {};  // Word(asks, state).
  char* step[kSlots] = {};

  std::mutex mu;  // Guards the rest, and the ChunkPrefaulters' ready_ lists.
  // Wakes the thread: a step asked for, a chunk started or taken,
  // prefaulting back on.
  std::condition_variable work;
  // The thread ended a chunk (ChunkPrefaulter::Stop waits for its own).
  std::condition_variable chunk_ended;
  // Asked slots in order (each at most once: a queued slot is not free).
  int queue[kSlots] = {};
  int head = 0, count = 0;
  ChunkPrefaulter* users[kMaxChunkUsers] = {};
  int user_count = 0;
  ChunkPrefaulter* mapping_for = nullptr;  // The chunk being mapped is its.
  bool started = false;
  bool broken = false;  // The thread could not be started.

  // Starts the thread once; false if it cannot be started.
  bool StartLocked() {
    if (started || broken) return started;
    try {
      std::thread(&Prefaulter::Run, this).detach();
    } catch (const std::system_error&) {
      broken = true;
      return false;
    }
    started = true;
    return true;
  }

  bool AddUserLocked(ChunkPrefaulter* user) {
    if (user_count == kMaxChunkUsers || !StartLocked()) return false;
    users[user_count++] = user;
    return true;
  }
  void RemoveUserLocked(ChunkPrefaulter* user) {
    for (int i = 0; i < user_count; ++i) {
      if (users[i] == user) users[i] = users[--user_count];
    }
  }
  // The user with the fewest chunks ready, if one has fewer than it wants.
  ChunkPrefaulter* NeedyUserLocked() const {
    if (!On()) return nullptr;
    ChunkPrefaulter* needy = nullptr;
    for (int i = 0; i < user_count; ++i) {
      ChunkPrefaulter* u = users[i];
      if (u->stop_.load(std::memory_order_relaxed) || u->ready_.size() >= u->ahead_) continue;
      if (!needy || u->ready_.size() < needy->ready_.size()) needy = u;
    }
    return needy;
  }
  int PopAskedLocked() {
    int i = queue[head];
    head = (head + 1) % kSlots;
    --count;
    return i;
  }

  void Run() {
    for (;;) {
      int asked = -1;
      ChunkPrefaulter* user = nullptr;
      {
        std::unique_lock<std::mutex> lock(mu);
        work.wait(lock, [this] { return count > 0 || NeedyUserLocked(); });
        if (count > 0) {
          asked = PopAskedLocked();
        } else {
          user = NeedyUserLocked();
          mapping_for = user;
        }
      }
      if (asked >= 0) {
        FaultAsked(asked);
      } else {
        EndChunk(user, MapChunk(user));
      }
    }
  }

  void FaultAsked(int i) {
    // A queued slot is kPending, or kWithdrawn by its vector's Settle (which
    // may happen between the load and the exchange).
    uint32_t word = slot[i].load(std::memory_order_acquire);
    uint32_t ask = word >> kStateBits;
    if (StateOf(word) != kPending ||
        !slot[i].compare_exchange_strong(word, Word(ask, kFaulting), std::memory_order_acq_rel)) {
      slot[i].store(Word(ask, kFree), std::memory_order_release);  // Withdrawn.
      return;
    }
    FaultPagesIn(step[i], PagePrefaulter::kStepBytes);
    g_faulted.fetch_add(1, std::memory_order_relaxed);
    slot[i].store(Word(ask, kDone), std::memory_order_release);
  }

  // Faults in the steps asked for so far.
  void ServeAsked() {
    for (;;) {
      int i;
      {
        std::lock_guard<std::mutex> lock(mu);
        if (count == 0) return;
        i = PopAskedLocked();
      }
      FaultAsked(i);
    }
  }

  // A chunk for |user|, a huge page at a time, steps asked for first
  // (a vector waiting for one is nearer to it); stops early if |user| stops.
  void* MapChunk(ChunkPrefaulter* user) {
    char* chunk = static_cast<char*>(MapHugePages(user->bytes_));
    if (chunk == MAP_FAILED) return chunk;
    for (size_t at = 0; at < user->bytes_; at += kHugePageBytes) {
      ServeAsked();
      if (user->stop_.load(std::memory_order_relaxed)) break;
      FaultPagesIn(chunk + at, kHugePageBytes, &user->stop_);
    }
    return chunk;
  }

  void EndChunk(ChunkPrefaulter* user, void* chunk) {
    {
      std::lock_guard<std::mutex> lock(mu);
      mapping_for = nullptr;
      if (chunk == MAP_FAILED) {
        user->stop_.store(true, std::memory_order_relaxed);  // Its taker maps its own.
      } else if (user->stop_.load(std::memory_order_relaxed)) {
        munmap(chunk, user->bytes_);
      } else {
        user->ready_.push_back(chunk);
      }
    }
    chunk_ended.notify_all();
  }
};

namespace {

// Never freed: the thread, detached, waits on it until the process exits.
Prefaulter& ThePrefaulter() {
  static Prefaulter* prefaulter = new Prefaulter();
  return *prefaulter;
}

}  // namespace

PrefaultingOff::PrefaultingOff() { g_off.fetch_add(1, std::memory_order_relaxed); }

PrefaultingOff::~PrefaultingOff() {
  if (g_off.fetch_sub(1, std::memory_order_relaxed) != 1) return;
  Prefaulter& p = ThePrefaulter();
  // Under the lock, so the thread cannot miss it between its check and its wait.
  { std::lock_guard<std::mutex> lock(p.mu); }
  p.work.notify_one();
}

uint64_t PagePrefaulter::steps_faulted() { return g_faulted.load(std::memory_order_relaxed); }

int32_t PagePrefaulter::Ask(char* step) {
  if (!On()) return kNoTicket;
  Prefaulter& p = ThePrefaulter();
  for (int i = 0; i < kSlots; ++i) {
    uint32_t word = p.slot[i].load(std::memory_order_acquire);
    if (StateOf(word) != kFree && StateOf(word) != kDone) continue;
    uint32_t ask = ((word >> kStateBits) + 1) & kAskMask;
    if (!p.slot[i].compare_exchange_strong(word, Word(ask, kPending), std::memory_order_acq_rel)) {
      continue;
    }
    p.step[i] = step;
    {
      std::lock_guard<std::mutex> lock(p.mu);
      if (!p.StartLocked()) {
        p.slot[i].store(Word(ask, kFree), std::memory_order_release);
        return kNoTicket;
      }
      p.queue[(p.head + p.count) % kSlots] = i;
      ++p.count;
    }
    p.work.notify_one();
    return static_cast<int32_t>(ask << kSlotBits | static_cast<uint32_t>(i));
  }
  return kNoTicket;
}

void PagePrefaulter::Settle(int32_t ticket) {
  if (ticket == kNoTicket) return;
  std::atomic<uint32_t>& slot = ThePrefaulter().slot[ticket & ((1 << kSlotBits) - 1)];
  uint32_t ask = static_cast<uint32_t>(ticket) >> kSlotBits;
  uint32_t word = Word(ask, kPending);
  if (slot.compare_exchange_strong(word, Word(ask, kWithdrawn), std::memory_order_acq_rel)) return;
  // Being faulted in now: a wait of one step's faults at most.
  while (slot.load(std::memory_order_acquire) == Word(ask, kFaulting)) std::this_thread::yield();
  // Done: the slot is free to ask again already. (A 24-bit ask count that
  // wrapped to an older ticket's could only withdraw or wait for another
  // vector's step: it then faults its own.)
}

void* ChunkPrefaulter::Take() {
  Prefaulter& p = ThePrefaulter();
  void* chunk = nullptr;
  {
    std::lock_guard<std::mutex> lock(p.mu);
    if (stop_.load(std::memory_order_relaxed)) return nullptr;
    if (!started_) {
      if (!On()) return nullptr;  // Not yet: maybe on a later call.
      started_ = true;
      if (!p.AddUserLocked(this)) stop_.store(true, std::memory_order_relaxed);
    } else if (!ready_.empty()) {
      chunk = ready_.back();
      ready_.pop_back();
      ++taken_;
    } else {
      return nullptr;
    }
  }
  p.work.notify_one();  // To map the next one.
  return chunk;
}

void ChunkPrefaulter::Stop() {
  if (!started_) {  // Written by this object's owner only, as here.
    stop_.store(true, std::memory_order_relaxed);
    return;
  }
  Prefaulter& p = ThePrefaulter();
  std::unique_lock<std::mutex> lock(p.mu);
  stop_.store(true, std::memory_order_relaxed);  // Also ends the chunk being mapped early.
  p.RemoveUserLocked(this);
  p.chunk_ended.wait(lock, [&] { return p.mapping_for != this; });
  for (void* chunk : ready_) munmap(chunk, bytes_);
  ready_.clear();
}

#else

PrefaultingOff::PrefaultingOff() {}
PrefaultingOff::~PrefaultingOff() {}
uint64_t PagePrefaulter::steps_faulted() { return 0; }
int32_t PagePrefaulter::Ask(char*) { return kNoTicket; }
void PagePrefaulter::Settle(int32_t) {}
void* ChunkPrefaulter::Take() {
  (void)ahead_;  // Nothing is mapped ahead here.
  return nullptr;
}
void ChunkPrefaulter::Stop() {}

#endif

}  // namespace weft
