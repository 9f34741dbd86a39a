// PagePrefaulter: faults in, on a thread of its own, the next huge page a
// growing PodVector will write, shortly before the vector gets there.
//
// Why: a page the process has not used before costs the kernel a fault and
// zeroing (on a VM also the host's first touch). While a protobuf ftrace
// trace loads, the parser thread fills fresh column pages: ~22% of its
// samples were the kernel zeroing them, while the reading thread idled
// three quarters of the time.
//
// How (src/base/pod_vector.h drives it): a vector mapped on huge pages
// asks for its next page once it has filled 15/16 of the current one, and
// settles the request when it gets to the page (or before moving
// or freeing its memory): a request not started is withdrawn (the vector
// faults the page itself), one being faulted in is waited for. The thread
// only writes zeros into a page nobody uses yet: what the vector reads is
// never touched after it wrote it.
//
// A vector's first huge-page mapping (at 1 MiB, most are one page) comes
// faulted in from kSpares pages the thread keeps (TakePage()).
//
// At most kSlots requests are open at once: the memory faulted in ahead of
// the vectors (what a load's peak RSS can gain) is at most kSlots + kSpares
// huge pages. Asking late keeps few requests open (a vector that stops growing
// holds its slot and its page) and still leaves the thread the time the
// vector takes to fill 128 KiB, mostly enough (docs/formats/protobuf.md).
// Linux builds with huge-page mappings only (WEFT_PAGE_PREFAULTER);
// off (Ask() says no) after SetPagePrefaulting(false), as with
// --single-thread.
#ifndef SRC_BASE_PAGE_PREFAULTER_H_
#define SRC_BASE_PAGE_PREFAULTER_H_

#include <cstdint>

#include "src/base/huge_page_map.h"

#ifdef WEFT_HUGE_PAGE_MAP
#define WEFT_PAGE_PREFAULTER 1
#endif

namespace weft {

// Turns prefaulting on (the default in native builds) or off for the
// vectors that grow from now on (open requests still settle).
void SetPagePrefaulting(bool on);

// Without WEFT_PAGE_PREFAULTER: Ask() says no, nothing is faulted ahead
// (PodVector does not call it then).
class PagePrefaulter {
 public:
  static constexpr int kSlots = 6;
  // Spare pages kept faulted in for new mappings (TakePage()).
  static constexpr int kSpares = 1;
  static constexpr int32_t kNoTicket = -1;

  // Asks for the huge page at |page| (2 MiB, aligned, in a private
  // anonymous mapping of the caller's) to be faulted in; a ticket, or
  // kNoTicket when prefaulting is off or all slots are open.
  static int32_t Ask(char* page);
  // Before the caller writes the page, moves or unmaps it: withdraws the
  // request if not started, else waits until the page is in.
  static void Settle(int32_t ticket);

  // A mapping of one huge page (the size most vectors first map, at 1 MiB:
  // src/base/pod_vector.h), already faulted in, freed with munmap; nullptr
  // when none is spare or prefaulting is off. The first call starts the
  // thread keeping kSpares of them.
  static void* TakePage();

  // Pages asked for that the thread faulted in so far (for tests).
  static uint64_t pages_faulted();
};

}  // namespace weft

#endif  // SRC_BASE_PAGE_PREFAULTER_H_
