// Stats of the kernel memory counters (ftrace rss_stat, ion_stat), in the
// X(name, severity, source, description) form of WEFT_STATS, which
// includes them.
#ifndef SRC_STORAGE_MEMORY_STATS_H_
#define SRC_STORAGE_MEMORY_STATS_H_

#define WEFT_MEMORY_STATS(X)                                                 \
  X(rss_stat_unknown_keys, kError, kAnalysis,                                \
    "An rss_stat event had a member weft does not know; its value went to "  \
    "mem.rss.unknown.")                                                      \
  X(rss_stat_negative_size, kInfo, kAnalysis,                                \
    "An rss_stat event had a negative size and was skipped.")                \
  X(rss_stat_unknown_thread_for_mm_id, kInfo, kAnalysis,                     \
    "An rss_stat event about another task's mm_struct named one no task "    \
    "was seen owning (or whose owner had exited), and was skipped.")         \
  X(memory_counter_without_process, kInfo, kAnalysis,                        \
    "A process memory counter (rss_stat) came from a thread whose process "  \
    "is unknown, and was skipped.")

#endif  // SRC_STORAGE_MEMORY_STATS_H_
