// Stats of the sampling profilers' packets (PerfSample, StackSample), in
// the X(name, severity, source, description) form of WEFT_STATS, which
// includes them.
#ifndef SRC_STORAGE_PROFILER_STATS_H_
#define SRC_STORAGE_PROFILER_STATS_H_

#define WEFT_PROFILER_STATS(X)                                               \
  X(perf_samples_skipped, kInfo, kTrace,                                     \
    "PerfSamples the profiler could not read or unwind "                    \
    "(sample_skipped_reason read / unwind stage); their counter values "    \
    "are kept.")                                                             \
  X(perf_samples_skipped_dataloss, kDataLoss, kTrace,                        \
    "PerfSamples the profiler dropped because its unwinding queue was "     \
    "full (sample_skipped_reason unwind enqueue).")                          \
  X(perf_cpu_lost_records, kDataLoss, kTrace,                                \
    "Records the kernel could not write to a perf ring buffer "             \
    "(PerfSample.kernel_records_lost), summed over all cpus.")               \
  X(stack_sample_invalid_iid, kError, kTrace,                                \
    "A StackSample referred to a task / execution context, counter "        \
    "descriptor or async context its sequence never interned; the sample " \
    "was kept without it.")
#endif  // SRC_STORAGE_PROFILER_STATS_H_
