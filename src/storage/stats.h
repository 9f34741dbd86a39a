// The list of every stat weft can record. Each appears in the `stats` table
// (with value 0 when it never fired), so queries can rely on the row.
#ifndef SRC_STORAGE_STATS_H_
#define SRC_STORAGE_STATS_H_

#include <cstddef>

#include "src/storage/frame_timeline_stats.h"
#include "src/storage/fxt_stats.h"
#include "src/storage/power_stats.h"
#include "src/storage/memory_stats.h"
#include "src/storage/profiler_stats.h"
#include "src/storage/sched_stats.h"
#include "src/storage/system_probes_stats.h"
#include "src/storage/trace_service_stats.h"

namespace weft {

enum class StatSeverity { kInfo, kDataLoss, kError };
enum class StatSource { kTrace, kAnalysis };

// X(name, severity, source, description): `name` is both the enum value and
// the stat's SQL name.
#define WEFT_STATS(X)                                                        \
  WEFT_TRACE_SERVICE_STATS(X)                                                \
  WEFT_SCHED_STATS(X)                                                        \
  WEFT_FXT_STATS(X)                                                          \
  WEFT_POWER_STATS(X)                                                        \
  WEFT_FRAME_TIMELINE_STATS(X)                                               \
  WEFT_SYSTEM_PROBES_STATS(X)                                                \
  WEFT_MEMORY_STATS(X)                                                       \
  WEFT_PROFILER_STATS(X)                                                     \
  X(truncated_trace, kDataLoss, kTrace,                                      \
    "The trace ends (or becomes unreadable) inside a record: the value is "  \
    "the byte offset, in the decompressed trace, of the first byte not "     \
    "imported; everything before it was imported (see _trace_import_logs "  \
    "for the reason and docs/damaged_traces.md).")                           \
  X(json_tokenizer_failure, kError, kTrace,                                  \
    "A JSON event could not be tokenized and was skipped (reading resumed "  \
    "at the next top-level event object).")                                  \
  X(json_parser_failure, kError, kTrace,                                     \
    "A JSON event had an invalid field (ts, dur, pid, ...) and was skipped.") \
  X(json_display_time_unit, kInfo, kTrace,                                   \
    "displayTimeUnit was set; timestamps are still read as microseconds.")   \
  X(misplaced_end_event, kDataLoss, kAnalysis,                               \
    "A slice ended while slices begun inside it were still open; at the "    \
    "next event after its end they were cut to end with it (counted once "   \
    "per such slice).")                                                      \
  X(json_unmatched_end_event, kDataLoss, kTrace,                             \
    "A JSON E event matched no open slice on its thread (by category and "   \
    "name when given) and was dropped, its args with it.")                   \
  X(slice_drop_overlapping_complete_event, kError, kAnalysis,                \
    "A complete (X) event overlapped its parent and could not be placed.")   \
  X(slice_spill_overlapping_complete_event, kError, kAnalysis,               \
    "A complete (X) event overlapped its parent and was moved to a spill "   \
    "track.")                                                                \
  X(flow_end_without_start, kInfo, kTrace,                                   \
    "A flow end/step referenced an id with no started flow.")                \
  X(flow_no_enclosing_slice, kDataLoss, kTrace,                              \
    "A flow event had no slice to bind to.")                                 \
  X(flow_duplicate_id, kError, kTrace,                                       \
    "A flow start reused an id that was still open.")                        \
  X(track_merge_inconsistent_properties, kError, kAnalysis,                  \
    "Tracks merged into one visual track disagreed on a property (name, "    \
    "sibling_merge_key, child_ordering); one source's value was used.")      \
  X(json_unknown_phase, kInfo, kTrace,                                       \
    "A JSON event had a phase weft does not import.")                        \
  X(json_args_too_deep, kError, kTrace,                                      \
    "An event's args nested deeper than weft flattens; the rest was cut.")   \
  X(sorter_push_event_out_of_order, kError, kTrace,                          \
    "A protobuf packet came after the sorting window of its timestamp had "  \
    "closed (at a tracing service flush point) and was dropped.")            \
  X(trace_sorter_negative_timestamp_dropped, kError, kTrace,                 \
    "An event with a negative timestamp was dropped.")                       \
  X(json_system_trace_skipped, kDataLoss, kTrace,                            \
    "The trace's systemTraceEvents could not be imported: not a string "    \
    "(the object form) or text without readable ftrace event lines.")       \
  X(zip_entries_skipped, kDataLoss, kTrace,                                  \
    "The zip archive held more than one file; only the first was imported.") \
  X(json_invalid_escape, kInfo, kTrace,                                      \
    "A JSON string had a malformed escape; it was kept with U+FFFD.")        \
  X(thread_state_invalid_cpu, kInfo, kTrace,                                 \
    "A thread_state event had a cpu arg that was not a small integer.")      \
  X(systrace_parse_failure, kError, kTrace,                                  \
    "An ftrace print event was not an atrace marker (B|E|I|C with a "        \
    "numeric tgid) and was skipped.")                                        \
  X(atrace_unsupported_events, kInfo, kTrace,                                \
    "An atrace marker T or U was skipped: weft does not read them yet.")     \
  X(proto_malformed_packet, kDataLoss, kTrace,                               \
    "A TracePacket was not valid protobuf (bad varint, length or wire "      \
    "type) and was skipped.")                                                \
  X(ftrace_bundle_tokenizer_errors, kDataLoss, kTrace,                       \
    "An ftrace event inside a well-framed FtraceEventBundle was malformed "  \
    "(bad varint or length, an event field of the wrong wire type, no "      \
    "timestamp) and was skipped; the bundle's other events import.")         \
  X(process_tracker_errors, kError, kAnalysis,                               \
    "Kernel events put one thread in two different processes (a clone of a " \
    "thread of another process); the later association was ignored.")        \
  X(tokenizer_skipped_packets, kInfo, kTrace,                                \
    "A packet needed its sequence's incremental state, which was lost or "   \
    "never set, and was skipped.")                                           \
  X(track_event_unknown_fields, kInfo, kTrace,                               \
    "A TrackEvent (or a typed arg inside it) had a field that no "           \
    "descriptor describes although the trace's ExtensionDescriptors extend " \
    "that message (as in Perfetto, it is not imported; without such "        \
    "descriptors it becomes an unknown_fields.<number> arg).")               \
  X(track_event_typed_args_errors, kError, kTrace,                           \
    "A typed TrackEvent arg contradicted its descriptor: a wire type the "   \
    "field type does not allow (that field is skipped) or a nested message " \
    "that is not valid protobuf (the event's typed args are dropped, the "   \
    "event is kept).")                                                       \
  X(extension_descriptor_errors, kError, kTrace,                             \
    "An ExtensionDescriptor packet was malformed and was ignored (see "      \
    "_trace_import_logs for the reason).")                                   \
  X(interned_data_tokenizer_errors, kInfo, kAnalysis,                        \
    "A packet referred to an interned iid its sequence never defined.")      \
  X(clock_sync_failure, kError, kAnalysis,                                   \
    "A packet's timestamp was in a clock weft cannot convert to the trace "  \
    "clock yet; the packet was dropped.")                                    \
  X(invalid_clock_snapshots, kError, kAnalysis,                              \
    "A ClockSnapshot was ignored: a clock read twice, clock id 0, a zero "   \
    "unit, a clock going backwards, or a primary_trace_clock change after "  \
    "timestamps were already converted.")                                    \
  X(track_event_invalid_timestamp, kError, kAnalysis,                        \
    "A TrackEvent's microsecond timestamp (absolute or delta) overflowed "   \
    "or followed an overflow on its sequence; the event was dropped.")       \
  X(streaming_profile_invalid_timestamp, kError, kAnalysis,                  \
    "A StreamingProfilePacket timestamp delta overflowed or followed an "    \
    "overflow on its sequence.")                                             \
  X(compressed_packets_skipped, kDataLoss, kTrace,                           \
    "A TracePacket.compressed_packets could not be inflated (corrupt or "    \
    "truncated zlib data, over 256 MiB, or nested); the packets inside "     \
    "were skipped.")                                                         \
  X(track_event_cropped, kInfo, kAnalysis,                                   \
    "A TrackEvent before the trace's range of interest was dropped "         \
    "(--crop-track-events).")                                                \
  X(track_event_tokenizer_errors, kInfo, kAnalysis,                          \
    "A track event or descriptor could not be tokenized.")                   \
  X(track_event_parser_errors, kInfo, kAnalysis,                             \
    "A track event could not be imported (unknown track, counter value on "  \
    "a non-counter track, unsupported legacy event, ...).")                  \
  X(gpu_counters_invalid_spec, kError, kAnalysis,                            \
    "A GPU counter spec had no counter id or name, or repeated an id.")      \
  X(stackprofile_invalid_string_id, kError, kTrace,                          \
    "An interned frame or mapping referred to a function name, build id or " \
    "path iid its sequence never defined.")                                  \
  X(stackprofile_invalid_mapping_id, kError, kTrace,                         \
    "An interned frame referred to a mapping iid its sequence never "        \
    "defined; the callstack using it was not imported.")                     \
  X(stackprofile_invalid_frame_id, kError, kTrace,                           \
    "An interned callstack referred to a frame iid its sequence never "      \
    "defined (or one that could not be resolved); the callstack was not "    \
    "imported.")                                                             \
  X(stackprofile_invalid_callstack_id, kError, kTrace,                       \
    "A TrackEvent's callstack_iid was never defined on its sequence; the "   \
    "event was imported without its callstack.")                             \
  X(stackprofile_empty_callstack, kInfo, kTrace,                             \
    "An interned callstack had no frames.")                                  \
  X(stackprofile_parser_error, kError, kTrace,                               \
    "A StreamingProfilePacket had not one timestamp per callstack, or a "    \
    "sample had no thread; the samples without both were dropped.")          \
  X(fuchsia_record_read_error, kError, kTrace,                               \
    "An FXT record was cut short (an inline string, thread or argument "     \
    "past the end of its record) and was skipped.")                          \
  X(fuchsia_invalid_string_ref, kDataLoss, kTrace,                           \
    "An FXT record referred to a string index its provider never "           \
    "registered (its string record was overwritten or lost); the record "    \
    "was kept with the placeholder \"<unknown string N>\".")                 \
  X(fuchsia_invalid_thread_ref, kDataLoss, kTrace,                           \
    "An FXT record referred to a thread index its provider never "           \
    "registered (its thread record was overwritten or lost); the record "    \
    "was kept on the placeholder thread pid 0, tid 0.")                      \
  X(fuchsia_timestamp_overflow, kError, kTrace,                              \
    "An FXT timestamp did not fit in int64 nanoseconds (or a complete "      \
    "event ended before it began); the event was dropped.")                  \
  X(fuchsia_invalid_event, kError, kTrace,                                   \
    "An FXT event record had an unknown event type, or an initialization "   \
    "record gave 0 ticks per second; it was skipped.")                       \
  X(fuchsia_invalid_event_arg_type, kError, kTrace,                          \
    "An FXT kernel object record had a \"process\" argument that was not a " \
    "koid; the record was skipped.")                                         \
  X(fuchsia_non_numeric_counters, kError, kTrace,                            \
    "An FXT counter event had a non-numeric argument (skipped).")            \
  X(fuchsia_unknown_record, kInfo, kTrace,                                   \
    "An FXT record of an undefined record type was skipped by its size.")    \
  X(cpu_profile_missing_head, kDataLoss, kTrace,                             \
    "A V8 CPU profile had chunks but no Profile event (startTime) for its "  \
    "pid and id: its samples count time from its first chunk's timestamp.")  \
  X(cpu_profile_unknown_node, kError, kTrace,                                \
    "A V8 CPU profile sample named a node id that is not in the profile "    \
    "(or whose node was dropped); the sample was dropped.")                  \
  X(cpu_profile_invalid_node, kError, kTrace,                                \
    "A V8 CPU profile node repeated an id, named an unknown parent or was "  \
    "its own ancestor; it was dropped.")                                     \
  X(cpu_profile_malformed, kError, kTrace,                                   \
    "A V8 CPU profile event or .cpuprofile part was malformed (no id, args " \
    "not an object, samples and timeDeltas of different lengths); what "     \
    "could be read was kept.")                                               \
  X(ftrace_device_event_invalid, kError, kTrace,                             \
    "A kprobe_event of unknown type, an Adreno command batch retired "       \
    "before it started or with GPU ticks out of range, or a thermal "        \
    "reading's time out of range made no row (its raw row is kept).")  \
  X(android_system_property_invalid, kError, kTrace,                         \
    "An Android system property weft reads had a value of the wrong form "   \
    "(debug.tracing.screen_state not an integer) and was skipped.")

enum class Stat : size_t {
#define WEFT_STAT_ENUM(name, ...) name,
  WEFT_STATS(WEFT_STAT_ENUM)
#undef WEFT_STAT_ENUM
  kCount
};

struct StatInfo {
  const char* name;
  StatSeverity severity;
  StatSource source;
  const char* description;
};

const StatInfo& GetStatInfo(Stat stat);

// Stats with one value per index (a buffer, a cpu, ...): rows only for the
// indices set.
enum class IndexedStat : size_t {
#define WEFT_STAT_ENUM(name, ...) name,
  WEFT_INDEXED_STATS(WEFT_STAT_ENUM)
#undef WEFT_STAT_ENUM
  kCount
};

const StatInfo& GetIndexedStatInfo(IndexedStat stat);

// Stats about the whole load rather than one trace on one machine: their
// machine_id and trace_id are NULL, as in Perfetto.
bool IsGlobalStat(Stat stat);

}  // namespace weft

#endif  // SRC_STORAGE_STATS_H_
