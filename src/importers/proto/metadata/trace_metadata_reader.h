// TraceMetadataReader: the packets that describe the trace itself rather
// than events in it — TraceStats, FtraceStats, SystemInfo, TraceConfig,
// TraceUuid — read by the tokenizer in file order into `stats`,
// `metadata` and `machine`, with Perfetto's names. Rare packets: nothing
// here runs per TrackEvent except the rare-path hooks on packet loss.
#ifndef SRC_IMPORTERS_PROTO_METADATA_TRACE_METADATA_READER_H_
#define SRC_IMPORTERS_PROTO_METADATA_TRACE_METADATA_READER_H_

#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>

#include <protozero/data_view.hpp>

#include "src/importers/proto/args/descriptor_pool.h"
#include "src/importers/proto/metadata/chrome_metadata_reader.h"
#include "src/storage/trace_storage.h"

namespace weft {

class TraceMetadataReader {
 public:
  // |pool| describes TraceConfig (for trace_config_pbtxt).
  TraceMetadataReader(TraceStorage* storage, const DescriptorPool* pool)
      : storage_(storage), pool_(pool), chrome_metadata_(storage) {}

  // Sequence bookkeeping for the per-buffer loss stats of TraceStats.
  void OnNewSequence(uint32_t seq_id) { sequences_.try_emplace(seq_id); }
  // |reasons|: TracePacket.previous_packet_dropped (a DataLossReason mask).
  void OnPacketLoss(uint32_t seq_id, uint32_t reasons);
  void OnIncrementalStateSkipped(uint32_t seq_id) { sequences_[seq_id].skipped = true; }
  // Called once per sequence, for its first packet that used its state.
  void OnIncrementalStateUsed(uint32_t seq_id) { sequences_[seq_id].used = true; }

  // TracePacket field |field| (trace_stats, ftrace_stats, system_info,
  // trace_config, trace_uuid, trace_attributes or chrome_metadata) of a
  // packet of machine table row |machine|.
  // Malformed bytes throw protozero::exception (the tokenizer counts the
  // packet); what was read before them is kept.
  void ReadPacket(uint32_t field, protozero::data_view bytes, uint32_t machine);
  // trace_time_clock_id: the clock timestamps were converted to.
  void WriteTraceClock(int64_t clock_id);
  // At the end of the trace: the trace diagnostics of its (last)
  // TraceConfig (trace_diagnostics.h).
  void Finish();

 private:
  void ReadTraceStats(protozero::data_view bytes, uint32_t machine);
  void ReadFtraceStats(protozero::data_view bytes, uint32_t machine);
  void ReadSystemInfo(protozero::data_view bytes, uint32_t machine);
  void ReadTraceConfig(protozero::data_view bytes);
  void ReadTraceUuid(protozero::data_view bytes);
  // TraceAttributes: trace_attribute.<key> keys, the last value winning.
  void ReadTraceAttributes(protozero::data_view bytes);
  static constexpr size_t kLossReasons = 8;  // DataLossReason bits 1..8.
  struct SequenceLoss {
    uint32_t lost = 0;  // Packets flagged previous_packet_dropped.
    std::array<uint32_t, kLossReasons> by_reason{};
    bool skipped = false;  // Some packet lacked its incremental state.
    bool used = false;     // Some packet had it.
  };
  void ReadBufferStats(protozero::data_view bytes, int64_t buffer, uint32_t machine);
  void ReadFilterStats(protozero::data_view bytes, uint32_t machine);
  void ReadWriterStats(protozero::data_view bytes, uint32_t machine);
  void SetUuid(int64_t msb, int64_t lsb);
  // Metadata helpers: one row per (key, machine), replaced when set again.
  void SetString(const char* key, StringId value, uint32_t machine);
  void SetInt(const char* key, int64_t value, uint32_t machine);

  TraceStorage* storage_;
  const DescriptorPool* pool_;
  ChromeMetadataReader chrome_metadata_;
  std::unordered_map<uint32_t, SequenceLoss> sequences_;
  bool has_uuid_ = false;  // A TraceUuid packet wins over the config's.
  // TraceConfig: a periodic write_into_file under a day ("long trace" mode).
  bool long_trace_mode_ = false;
  std::string trace_config_;  // The last TraceConfig read, serialized.
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_METADATA_TRACE_METADATA_READER_H_
