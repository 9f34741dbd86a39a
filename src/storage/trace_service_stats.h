// Stats copied from the packets that describe the trace itself (the tracing
// service's TraceStats, the ftrace data source's FtraceStats, the config) or
// derived from sequence bookkeeping, with Perfetto's names. Part of the
// stats registry in stats.h; the indexed ones have one row per index.
#ifndef SRC_STORAGE_TRACE_SERVICE_STATS_H_
#define SRC_STORAGE_TRACE_SERVICE_STATS_H_

// X(name, severity, source, description): `name` is both the enum value and
// the stat's SQL name.
#define WEFT_TRACE_SERVICE_STATS(X)                                          \
  X(parse_trace_duration_ns, kInfo, kAnalysis,                               \
    "Time taken to parse the trace; weft does not measure it here (always "  \
    "0): see the shell's --stats.")                                          \
  X(traced_producers_connected, kInfo, kTrace,                               \
    "TraceStats: producers connected to the tracing service.")               \
  X(traced_producers_seen, kInfo, kTrace,                                    \
    "TraceStats: producers the tracing service ever saw.")                   \
  X(traced_data_sources_registered, kInfo, kTrace,                           \
    "TraceStats: data sources registered.")                                  \
  X(traced_data_sources_seen, kInfo, kTrace,                                 \
    "TraceStats: data sources ever seen.")                                   \
  X(traced_tracing_sessions, kInfo, kTrace,                                  \
    "TraceStats: concurrent tracing sessions.")                              \
  X(traced_total_buffers, kInfo, kTrace,                                     \
    "TraceStats: buffers of all tracing sessions.")                          \
  X(traced_chunks_discarded, kInfo, kTrace,                                  \
    "TraceStats: chunks the service discarded before committing them.")      \
  X(traced_patches_discarded, kInfo, kTrace,                                 \
    "TraceStats: patches the service discarded.")                            \
  X(traced_flushes_requested, kInfo, kTrace,                                 \
    "TraceStats: flushes requested.")                                        \
  X(traced_flushes_succeeded, kInfo, kTrace,                                 \
    "TraceStats: flushes that completed.")                                   \
  X(traced_flushes_failed, kDataLoss, kTrace,                                \
    "TraceStats: flushes that failed (most timed out).")                     \
  X(traced_final_flush_succeeded, kInfo, kTrace,                             \
    "TraceStats: the final flush succeeded.")                                \
  X(traced_final_flush_failed, kDataLoss, kTrace,                            \
    "TraceStats: the final flush failed.")                                   \
  X(traced_clone_trigger_timestamp_ns, kInfo, kTrace,                        \
    "When the trigger of the clone snapshot this trace is was received.")    \
  X(filter_input_packets, kInfo, kTrace,                                     \
    "TraceStats: packets before the trace config's TraceFilter.")            \
  X(filter_input_bytes, kInfo, kTrace,                                       \
    "TraceStats: bytes before the trace config's TraceFilter.")              \
  X(filter_output_bytes, kInfo, kTrace,                                      \
    "TraceStats: bytes that passed the TraceFilter.")                        \
  X(filter_errors, kError, kTrace,                                           \
    "TraceStats: errors of the TraceFilter.")                                \
  X(filter_time_taken_ns, kInfo, kTrace,                                     \
    "TraceStats: time spent in the TraceFilter.")                            \
  X(config_write_into_file_no_flush, kError, kTrace,                         \
    "The trace was recorded with write_into_file but without "               \
    "flush_period_ms.")

// X(name, severity, source, description), as above; idx in brackets.
#define WEFT_INDEXED_STATS(X)                                                \
  X(traced_buf_buffer_size, kInfo, kTrace,                                   \
    "TraceStats [buffer]: size of the buffer.")                              \
  X(traced_buf_bytes_written, kInfo, kTrace,                                 \
    "TraceStats [buffer]: bytes written, chunk headers included.")           \
  X(traced_buf_bytes_overwritten, kInfo, kTrace,                             \
    "TraceStats [buffer]: bytes overwritten before being read.")             \
  X(traced_buf_bytes_read, kInfo, kTrace,                                    \
    "TraceStats [buffer]: bytes read.")                                      \
  X(traced_buf_bytes_filtered_out, kInfo, kTrace,                            \
    "TraceStats [buffer]: bytes the TraceFilter discarded.")                 \
  X(traced_buf_padding_bytes_written, kInfo, kTrace,                         \
    "TraceStats [buffer]: padding bytes written.")                           \
  X(traced_buf_padding_bytes_cleared, kInfo, kTrace,                         \
    "TraceStats [buffer]: padding bytes cleared.")                           \
  X(traced_buf_chunks_written, kInfo, kTrace,                                \
    "TraceStats [buffer]: chunks written.")                                  \
  X(traced_buf_chunks_rewritten, kInfo, kTrace,                              \
    "TraceStats [buffer]: chunks rewritten with more packets.")              \
  X(traced_buf_chunks_overwritten, kInfo, kTrace,                            \
    "TraceStats [buffer]: chunks overwritten before being read.")            \
  X(traced_buf_chunks_discarded, kInfo, kTrace,                              \
    "TraceStats [buffer]: chunks discarded (DISCARD buffer full).")          \
  X(traced_buf_chunks_read, kInfo, kTrace,                                   \
    "TraceStats [buffer]: chunks read.")                                     \
  X(traced_buf_chunks_committed_out_of_order, kInfo, kTrace,                 \
    "TraceStats [buffer]: chunks committed out of order.")                   \
  X(traced_buf_write_wrap_count, kInfo, kTrace,                              \
    "TraceStats [buffer]: times the ring buffer wrapped.")                   \
  X(traced_buf_patches_succeeded, kInfo, kTrace,                             \
    "TraceStats [buffer]: patches applied.")                                 \
  X(traced_buf_patches_failed, kDataLoss, kTrace,                            \
    "TraceStats [buffer]: patches that failed (data may be lost).")          \
  X(traced_buf_readaheads_succeeded, kInfo, kTrace,                          \
    "TraceStats [buffer]: successful readaheads.")                           \
  X(traced_buf_readaheads_failed, kInfo, kTrace,                             \
    "TraceStats [buffer]: readaheads aborted by missing chunks.")            \
  X(traced_buf_abi_violations, kDataLoss, kTrace,                            \
    "TraceStats [buffer]: shared memory ABI violations.")                    \
  X(traced_buf_trace_writer_packet_loss, kDataLoss, kTrace,                  \
    "TraceStats [buffer]: packet loss the service saw on its writers.")      \
  X(traced_buf_sequence_packet_loss, kDataLoss, kAnalysis,                   \
    "[buffer]: packets flagged previous_packet_dropped (not the first of "   \
    "their sequence) on the sequences TraceStats assigns to the buffer.")    \
  X(traced_buf_incremental_sequences_dropped, kDataLoss, kAnalysis,          \
    "[buffer]: sequences all of whose packets needing incremental state "    \
    "were skipped for lack of it.")                                          \
  X(traced_buf_data_loss_read_gap, kDataLoss, kTrace,                        \
    "[buffer]: losses caused by a chunk id gap.")                            \
  X(traced_buf_data_loss_chunk_corrupted, kDataLoss, kTrace,                 \
    "[buffer]: losses caused by a corrupted chunk.")                         \
  X(traced_buf_data_loss_orphan_continuation, kDataLoss, kTrace,             \
    "[buffer]: losses caused by a fragment without its beginning.")          \
  X(traced_buf_data_loss_reassembly_gap, kDataLoss, kTrace,                  \
    "[buffer]: losses caused by a gap inside a fragmented packet.")          \
  X(traced_buf_data_loss_reassembly_broken_chain, kDataLoss, kTrace,         \
    "[buffer]: losses caused by a broken fragment chain.")                   \
  X(traced_buf_data_loss_overwrite, kDataLoss, kTrace,                       \
    "[buffer]: losses caused by ring buffer overwrites.")                    \
  X(traced_buf_data_loss_writer_abort, kDataLoss, kTrace,                    \
    "[buffer]: losses caused by an aborted writer.")                         \
  X(traced_buf_data_loss_smb_full, kDataLoss, kTrace,                        \
    "[buffer]: losses caused by the producer's shared memory being full.")   \
  X(long_trace_mode_bytes_overwritten, kDataLoss, kTrace,                    \
    "[buffer]: bytes overwritten while the trace was written into a file "   \
    "periodically (file_write_period_ms under a day): they never reached "   \
    "the file.")                                                             \
  X(config_write_into_file_discard, kDataLoss, kTrace,                       \
    "[buffer]: a DISCARD buffer in a write_into_file trace.")                \
  X(ftrace_cpu_entries_begin, kInfo, kTrace,                                 \
    "FtraceStats [cpu]: entries in the kernel buffer at the start.")         \
  X(ftrace_cpu_entries_end, kInfo, kTrace,                                   \
    "FtraceStats [cpu]: entries in the kernel buffer at the end.")           \
  X(ftrace_cpu_overrun_begin, kInfo, kTrace,                                 \
    "FtraceStats [cpu]: events overwritten, at the start.")                  \
  X(ftrace_cpu_overrun_end, kInfo, kTrace,                                   \
    "FtraceStats [cpu]: events overwritten, at the end.")                    \
  X(ftrace_cpu_commit_overrun_begin, kInfo, kTrace,                          \
    "FtraceStats [cpu]: commit overruns, at the start.")                     \
  X(ftrace_cpu_commit_overrun_end, kInfo, kTrace,                            \
    "FtraceStats [cpu]: commit overruns, at the end.")                       \
  X(ftrace_cpu_bytes_begin, kInfo, kTrace,                                   \
    "FtraceStats [cpu]: bytes in the kernel buffer at the start.")           \
  X(ftrace_cpu_bytes_end, kInfo, kTrace,                                     \
    "FtraceStats [cpu]: bytes in the kernel buffer at the end.")             \
  X(ftrace_cpu_dropped_events_begin, kInfo, kTrace,                          \
    "FtraceStats [cpu]: events dropped, at the start.")                      \
  X(ftrace_cpu_dropped_events_end, kInfo, kTrace,                            \
    "FtraceStats [cpu]: events dropped, at the end.")                        \
  X(ftrace_cpu_read_events_begin, kInfo, kTrace,                             \
    "FtraceStats [cpu]: events read, at the start.")                         \
  X(ftrace_cpu_read_events_end, kInfo, kTrace,                               \
    "FtraceStats [cpu]: events read, at the end.")

#endif  // SRC_STORAGE_TRACE_SERVICE_STATS_H_
