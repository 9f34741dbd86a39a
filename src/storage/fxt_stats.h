// Stats of the Fuchsia trace format (FXT) importer about blobs and
// buffering losses, in the
// X(name, severity, source, description) form of WEFT_STATS, which includes
// them. Reference: docs/formats/fxt.md.
#ifndef SRC_STORAGE_FXT_STATS_H_
#define SRC_STORAGE_FXT_STATS_H_

#define WEFT_FXT_STATS(X)                                                    \
  X(fuchsia_perfetto_blob, kInfo, kTrace,                                    \
    "An FXT blob record held Perfetto TracePackets (blob type 3); they "     \
    "were imported with the protobuf importer into the same tables.")        \
  X(fuchsia_perfetto_blob_damaged, kDataLoss, kTrace,                        \
    "The Perfetto TracePackets of the trace's Perfetto blobs were damaged "  \
    "(see _trace_import_logs); the packets before the damage were "          \
    "imported.")                                                             \
  X(fuchsia_buffer_overflow, kDataLoss, kTrace,                              \
    "A provider's trace buffer filled up (provider event metadata record) "  \
    "and records were dropped; _trace_import_logs names the provider.")      \
  X(fuchsia_unmatched_end_event, kDataLoss, kTrace,                          \
    "An FXT duration end event found no open slice on its thread (its "      \
    "begin was overwritten in a circular buffer, or lost); it was "          \
    "dropped.")                                                              \
  X(fuchsia_timestamp_jump_back, kInfo, kTrace,                              \
    "An FXT event or scheduling record was older than its provider's "       \
    "previous one (the saved halves of a streaming buffer, or a circular "   \
    "buffer's wrap); it was imported in timestamp order.")                   \
  X(fuchsia_idle_thread_wakeup, kInfo, kTrace,                               \
    "An FXT thread wakeup record woke the CPU's idle thread (weight "        \
    "INT32_MIN); it makes no thread_state row.")

#endif  // SRC_STORAGE_FXT_STATS_H_
