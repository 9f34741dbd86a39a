// PagePrefaulter: the request slots, the spare pages and the thread that
// faults pages in.
#include "src/base/page_prefaulter.h"

#ifdef WEFT_PAGE_PREFAULTER
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <system_error>
#include <thread>
#endif

namespace weft {

#ifdef WEFT_PAGE_PREFAULTER

namespace {

// A slot's life: kFree -> kPending (asked) -> kFaulting (the thread took
// it) -> kDone -> kFree (settled); or kPending -> kWithdrawn (settled before
// the thread took it) -> kFree (when the thread takes it).
enum SlotState : uint8_t { kFree, kPending, kFaulting, kDone, kWithdrawn };

std::atomic<bool> g_on{true};
std::atomic<uint64_t> g_faulted{0};

struct Prefaulter {
  std::atomic<uint8_t> state[PagePrefaulter::kSlots] = {};
  char* page[PagePrefaulter::kSlots] = {};

  std::mutex mu;  // Guards the rest.
  std::condition_variable work;
  // Asked slots in order (each at most once: a queued slot is not free).
  int queue[PagePrefaulter::kSlots] = {};
  int head = 0, count = 0;
  // Mappings of one huge page, faulted in, for TakePage(); made once
  // TakePage() was called, after the asked pages.
  void* spares[PagePrefaulter::kSpares] = {};
  int spare_count = 0;
  bool want_spares = false;
  bool started = false;

  // With mu held: starts the thread once; false if it cannot be started
  // (prefaulting is then off).
  bool StartLocked() {
    if (started) return true;
    try {
      std::thread(&Prefaulter::Run, this).detach();
    } catch (const std::system_error&) {
      g_on.store(false, std::memory_order_relaxed);
      return false;
    }
    started = true;
    return true;
  }

  void Run() {
    for (;;) {
      int i = -1;
      {
        std::unique_lock<std::mutex> lock(mu);
        work.wait(lock, [this] {
          return count > 0 || (want_spares && spare_count < PagePrefaulter::kSpares &&
                               g_on.load(std::memory_order_relaxed));
        });
        if (count > 0) {
          i = queue[head];
          head = (head + 1) % PagePrefaulter::kSlots;
          --count;
        }
      }
      if (i >= 0) {
        FaultAsked(i);
      } else {
        MakeSpare();
      }
    }
  }

  void FaultAsked(int i) {
    uint8_t expected = kPending;
    if (!state[i].compare_exchange_strong(expected, kFaulting, std::memory_order_acq_rel)) {
      state[i].store(kFree, std::memory_order_release);  // Withdrawn.
      return;
    }
    FaultPagesIn(page[i], kHugePageBytes);
    g_faulted.fetch_add(1, std::memory_order_relaxed);
    state[i].store(kDone, std::memory_order_release);
  }

  void MakeSpare() {
    void* p = MapHugePages(kHugePageBytes);
    if (p != MAP_FAILED) FaultPagesIn(p, kHugePageBytes);
    std::lock_guard<std::mutex> lock(mu);
    if (p == MAP_FAILED) {
      want_spares = false;  // Vectors map their own.
      return;
    }
    spares[spare_count++] = p;  // Only this thread adds: never past kSpares.
  }
};

// Never freed: the thread, detached, waits on it until the process exits.
Prefaulter& ThePrefaulter() {
  static Prefaulter* prefaulter = new Prefaulter();
  return *prefaulter;
}

}  // namespace

void SetPagePrefaulting(bool on) { g_on.store(on, std::memory_order_relaxed); }

uint64_t PagePrefaulter::pages_faulted() { return g_faulted.load(std::memory_order_relaxed); }

int32_t PagePrefaulter::Ask(char* page) {
  if (!g_on.load(std::memory_order_relaxed)) return kNoTicket;
  Prefaulter& p = ThePrefaulter();
  for (int i = 0; i < kSlots; ++i) {
    uint8_t expected = kFree;
    if (!p.state[i].compare_exchange_strong(expected, kPending, std::memory_order_acq_rel)) {
      continue;
    }
    p.page[i] = page;
    {
      std::lock_guard<std::mutex> lock(p.mu);
      if (!p.StartLocked()) {
        p.state[i].store(kFree, std::memory_order_release);
        return kNoTicket;
      }
      p.queue[(p.head + p.count) % kSlots] = i;
      ++p.count;
    }
    p.work.notify_one();
    return i;
  }
  return kNoTicket;
}

void PagePrefaulter::Settle(int32_t ticket) {
  if (ticket == kNoTicket) return;
  std::atomic<uint8_t>& state = ThePrefaulter().state[ticket];
  uint8_t expected = kPending;
  if (state.compare_exchange_strong(expected, kWithdrawn, std::memory_order_acq_rel)) return;
  // Being faulted in now: a wait of one page's fault at most.
  while (state.load(std::memory_order_acquire) == kFaulting) std::this_thread::yield();
  state.store(kFree, std::memory_order_release);
}

void* PagePrefaulter::TakePage() {
  if (!g_on.load(std::memory_order_relaxed)) return nullptr;
  Prefaulter& p = ThePrefaulter();
  void* page = nullptr;
  {
    std::lock_guard<std::mutex> lock(p.mu);
    if (!p.StartLocked()) return nullptr;
    p.want_spares = true;
    if (p.spare_count > 0) page = p.spares[--p.spare_count];
  }
  p.work.notify_one();  // To make another.
  return page;
}

#else

void SetPagePrefaulting(bool) {}
uint64_t PagePrefaulter::pages_faulted() { return 0; }
int32_t PagePrefaulter::Ask(char*) { return kNoTicket; }
void PagePrefaulter::Settle(int32_t) {}
void* PagePrefaulter::TakePage() { return nullptr; }

#endif

}  // namespace weft
