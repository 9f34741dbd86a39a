// ChunkPrefaulter: maps a ChunkedVector's next chunks and faults their pages
// in on a thread of its own, a few chunks ahead of the thread filling them.
//
// Why: a page the process has not used before costs the kernel a fault and
// zeroing (on a VM also the host's first touch). A Fuchsia trace's queue is
// all fresh pages, filled by the one thread that reads the file: ~30% of
// that thread's samples were the kernel zeroing them. With a prefaulter
// that work runs on the second core while the first one reads records.
//
// Take() never waits: with no chunk ready, the vector maps one itself, as
// without a prefaulter. Only where chunks are huge-page mappings (Linux,
// WEFT_CHUNKED_VECTOR_MMAP); elsewhere Take() always returns nullptr and no
// thread is started.
#ifndef SRC_BASE_CHUNK_PREFAULTER_H_
#define SRC_BASE_CHUNK_PREFAULTER_H_

#include <cstddef>

#include "src/base/huge_page_map.h"

#ifdef WEFT_HUGE_PAGE_MAP
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>
#endif

namespace weft {

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
  // munmap; nullptr when none is ready. The first call starts the thread
  // and returns nullptr (ChunkedVector calls it from its second chunk on).
  void* Take();

  // Joins the thread and unmaps the chunks not taken (the vector is full:
  // they would only add to the peak memory). Take() returns nullptr after.
  void Stop();

 private:
  const size_t bytes_;
  const size_t ahead_;
  size_t taken_ = 0;  // Written by the taker only.
#ifdef WEFT_HUGE_PAGE_MAP
  void Run();

  std::mutex mu_;
  std::condition_variable wake_;  // A chunk was taken, or stop_.
  std::vector<void*> ready_;
  // Set under mu_ (for the wait); also read without it between pages.
  std::atomic<bool> stop_{false};
  std::thread thread_;
#endif
};

}  // namespace weft

#endif  // SRC_BASE_CHUNK_PREFAULTER_H_
