// ChunkPrefaulter: the thread that maps chunks ahead, and the hand-over.
#include "src/base/chunk_prefaulter.h"

namespace weft {

#ifdef WEFT_HUGE_PAGE_MAP

void* ChunkPrefaulter::Take() {
  std::lock_guard<std::mutex> lock(mu_);
  if (stop_.load(std::memory_order_relaxed)) return nullptr;
  if (!thread_.joinable()) {
    thread_ = std::thread(&ChunkPrefaulter::Run, this);
    return nullptr;
  }
  if (ready_.empty()) return nullptr;
  void* chunk = ready_.back();
  ready_.pop_back();
  ++taken_;
  wake_.notify_one();
  return chunk;
}

void ChunkPrefaulter::Stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);  // So the thread's wait sees it.
    stop_.store(true, std::memory_order_relaxed);
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
  for (void* chunk : ready_) munmap(chunk, bytes_);
  ready_.clear();
}

void ChunkPrefaulter::Run() {
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mu_);
      wake_.wait(lock, [this] {
        return stop_.load(std::memory_order_relaxed) || ready_.size() < ahead_;
      });
      if (stop_.load(std::memory_order_relaxed)) return;
    }
    void* chunk = MapHugePages(bytes_);
    if (chunk == MAP_FAILED) return;  // The taker maps its own (and reports the failure).
    // The taker never waits for this, Stop() does: it stops early.
    FaultPagesIn(chunk, bytes_, &stop_);
    std::lock_guard<std::mutex> lock(mu_);
    ready_.push_back(chunk);  // Unmapped by Stop() if it was stopping.
  }
}

#else

void* ChunkPrefaulter::Take() {
  (void)ahead_;  // Nothing is mapped ahead here.
  return nullptr;
}
void ChunkPrefaulter::Stop() {}

#endif

}  // namespace weft
