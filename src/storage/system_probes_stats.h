// Stats of the system probes (CpuInfo and SysStats packets) and of the
// tracing service's ConcurrentSessionEvent packets, in the
// X(name, severity, source, description) form of WEFT_STATS, which
// includes them.
#ifndef SRC_STORAGE_SYSTEM_PROBES_STATS_H_
#define SRC_STORAGE_SYSTEM_PROBES_STATS_H_

#define WEFT_SYSTEM_PROBES_STATS(X)                                          \
  X(cpu_info_unknown_cpu_features, kInfo, kTrace,                            \
    "A CpuInfo CPU had feature bits beyond the names weft knows (a newer "  \
    "recorder); they stay in its cpu_features.raw_bitmap arg.")              \
  X(invalid_cpu_times, kError, kTrace,                                       \
    "A SysStats cpu_stat entry had no cpu_id and was skipped.")              \
  X(ftrace_abi_errors_skipped_zero_data_length, kInfo, kTrace,               \
    "FtraceStats listed a zero-length record in a kernel ftrace page (a "   \
    "zero-padded page): harmless, only counted.")                            \
  X(concurrent_session_event_unknown_state, kInfo, kTrace,                   \
    "A ConcurrentSessionEvent had no state, or one weft does not know; it "  \
    "was skipped.")

#endif  // SRC_STORAGE_SYSTEM_PROBES_STATS_H_
