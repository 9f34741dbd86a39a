// MapHugePages: an anonymous mapping of whole 2 MiB pages, on that
// alignment, asked for transparent huge pages (Linux). The kernel's work
// per 4 KiB page (a fault, zeroing, a page-table entry, then the unmap)
// costs a large share of an import that fills hundreds of MB of queues and
// columns; a huge page takes one fault per 2 MiB.
#ifndef SRC_BASE_HUGE_PAGE_MAP_H_
#define SRC_BASE_HUGE_PAGE_MAP_H_

#if defined(__linux__) && !defined(__EMSCRIPTEN__) && !defined(__SANITIZE_ADDRESS__)
#include <sys/mman.h>

#include <atomic>
#include <cstddef>
#include <cstdint>

#define WEFT_HUGE_PAGE_MAP 1

namespace weft {

constexpr size_t kHugePageBytes = size_t{2} << 20;

// |bytes| rounded up to whole huge pages.
constexpr size_t RoundUpToHugePages(size_t bytes) {
  return (bytes + kHugePageBytes - 1) & ~(kHugePageBytes - 1);
}

// A mapping of |bytes| (a multiple of kHugePageBytes) aligned on a huge
// page, or MAP_FAILED; freed with munmap(p, bytes). Huge pages are asked
// for from byte |huge_from| on (a multiple of kHugePageBytes).
inline void* MapHugePages(size_t bytes, size_t huge_from = 0) {
  size_t span = bytes + kHugePageBytes;
  char* p = static_cast<char*>(
      mmap(nullptr, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  if (p == MAP_FAILED) return MAP_FAILED;
  uintptr_t addr = reinterpret_cast<uintptr_t>(p);
  size_t head = ((addr + kHugePageBytes - 1) & ~(kHugePageBytes - 1)) - addr;
  if (head) munmap(p, head);
  munmap(p + head + bytes, kHugePageBytes - head);
  if (huge_from < bytes) madvise(p + head + huge_from, bytes - huge_from, MADV_HUGEPAGE);
  return p + head;
}

// Faults the pages of a private anonymous mapping in, for a thread that
// prepares memory another will write (src/base/prefaulter.h): a zero
// byte written to each 4 KiB page (a huge page comes in whole on its
// first), |bytes| from |p| or until |*stop| is set.
inline void FaultPagesIn(void* p, size_t bytes, const std::atomic<bool>* stop = nullptr) {
  volatile char* page = static_cast<char*>(p);
  for (size_t at = 0; at < bytes; at += 4096) {
    if (stop && stop->load(std::memory_order_relaxed)) return;
    page[at] = 0;
  }
}

}  // namespace weft

#endif
#endif  // SRC_BASE_HUGE_PAGE_MAP_H_
