// Stats of the system probes (CpuInfo and SysStats packets), in the
// X(name, severity, source, description) form of WEFT_STATS, which
// includes them.
#ifndef SRC_STORAGE_SYSTEM_PROBES_STATS_H_
#define SRC_STORAGE_SYSTEM_PROBES_STATS_H_

#define WEFT_SYSTEM_PROBES_STATS(X)                                          \
  X(cpu_info_unknown_cpu_features, kInfo, kTrace,                            \
    "A CpuInfo CPU had feature bits beyond the names weft knows (a newer "  \
    "recorder); they stay in its cpu_features.raw_bitmap arg.")              \
  X(invalid_cpu_times, kError, kTrace,                                       \
    "A SysStats cpu_stat entry had no cpu_id and was skipped.")

#endif  // SRC_STORAGE_SYSTEM_PROBES_STATS_H_
