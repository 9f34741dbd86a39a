// Stats of the scheduling data (sched, thread_state) and of the kernel
// trace text formats, in the X(name, severity, source, description) form
// of WEFT_STATS, which includes them.
#ifndef SRC_STORAGE_SCHED_STATS_H_
#define SRC_STORAGE_SCHED_STATS_H_

#define WEFT_SCHED_STATS(X)                                                  \
  X(task_state_invalid, kError, kAnalysis,                                   \
    "A sched_switch had no prev_state weft could read; the slice ends with " \
    "a NULL end_state.")                                                     \
  X(mismatched_sched_switch_tids, kError, kAnalysis,                         \
    "A sched_switch's prev thread was not the thread the CPU's previous "   \
    "switch put on it (events were lost); that slice keeps no end.")        \
  X(compact_sched_switch_skipped, kInfo, kAnalysis,                          \
    "The first compact sched_switch of a cpu only says which thread runs "  \
    "(a compact switch has no prev_* fields): it makes no slice.")          \
  X(compact_sched_waking_skipped, kInfo, kAnalysis,                          \
    "A compact sched_waking came before any switch of its cpu, so its "     \
    "waker is unknown; it was skipped.")                                     \
  X(systrace_line_unparsed, kError, kTrace,                                  \
    "A line of a systrace / ftrace text trace was neither a comment, a "    \
    "header nor an event line weft can read, and was skipped.")             \
  X(systrace_event_malformed, kError, kTrace,                                \
    "A known ftrace event in a text trace had missing or unreadable "       \
    "fields and was skipped.")                                             \
  X(ftrace_event_malformed, kError, kTrace,                                  \
    "A known kernel event (text or protobuf) had a field value weft "       \
    "cannot use, such as a softirq vector beyond the kernel's list; the "   \
    "event was skipped.")                                                   \
  X(ftrace_packet_before_tracing_start, kInfo, kAnalysis,                    \
    "A kernel event was older than the tracing service's tracing_started "  \
    "time (left in a kernel buffer that was not cleared) and was dropped, " \
    "as Perfetto does unless the config preserved the ftrace buffer.")

#endif  // SRC_STORAGE_SCHED_STATS_H_
