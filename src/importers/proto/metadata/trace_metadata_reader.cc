// TraceMetadataReader: TraceStats and FtraceStats into `stats`, SystemInfo,
// TraceConfig and TraceUuid into `metadata` and `machine`.
#include "src/importers/proto/metadata/trace_metadata_reader.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/common/trace_attributes.fields.h"
#include "protos/perfetto/common/trace_stats.fields.h"
#include "protos/perfetto/config/trace_config.fields.h"
#include "protos/perfetto/trace/ftrace/ftrace_stats.fields.h"
#include "protos/perfetto/trace/system_info.fields.h"
#include "protos/perfetto/trace/trace_packet.fields.h"
#include "protos/perfetto/trace/trace_uuid.fields.h"
#include "src/base/string_view_util.h"
#include "src/importers/proto/args/proto_text.h"
#include "src/importers/proto/metadata/trace_diagnostics.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {
namespace {

using namespace proto_wire;  // NOLINT

// The DataLossReason bits after DATA_LOSS_PRESENT, in bit order.
constexpr IndexedStat kLossReasonStats[] = {
    IndexedStat::traced_buf_data_loss_read_gap,
    IndexedStat::traced_buf_data_loss_chunk_corrupted,
    IndexedStat::traced_buf_data_loss_orphan_continuation,
    IndexedStat::traced_buf_data_loss_reassembly_gap,
    IndexedStat::traced_buf_data_loss_reassembly_broken_chain,
    IndexedStat::traced_buf_data_loss_overwrite,
    IndexedStat::traced_buf_data_loss_writer_abort,
    IndexedStat::traced_buf_data_loss_smb_full,
};
static_assert(pb::trace_packet_data_loss_reason::kDataLossReadGap == 2 &&
                  pb::trace_packet_data_loss_reason::kDataLossSmbFull == 256,
              "kLossReasonStats follows the DataLossReason bits");

// Which stat a varint field of a message goes to.
template <typename StatT>
struct FieldStat {
  uint32_t field;
  StatT stat;
};

template <typename StatT, size_t N>
const StatT* StatOf(const FieldStat<StatT> (&fields)[N], uint32_t field) {
  for (const FieldStat<StatT>& f : fields) {
    if (f.field == field) return &f.stat;
  }
  return nullptr;
}

// The current field's value if it is a varint (else it is skipped).
std::optional<int64_t> Varint(protozero::pbf_reader* r) {
  if (r->wire_type() != kVarint) {
    r->skip();
    return std::nullopt;
  }
  return static_cast<int64_t>(r->get_uint64());
}

// Periodic file writes at least this far apart mean "a ring buffer trace"
// (Traceur asks for 7 days), not long trace mode.
constexpr uint64_t kLongTraceMaxPeriodMs = 24ull * 60 * 60 * 1000;

// "12" of "google/coral/coral:12/SP1A.../7679548:userdebug/dev-keys" as
// an SDK level, for fingerprints of builds without android_sdk_version.
std::optional<int64_t> SdkFromFingerprint(std::string_view fp) {
  size_t colon = fp.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  std::string_view release = fp.substr(colon + 1);
  release = release.substr(0, release.find('/'));
  static const std::map<std::string_view, int64_t> kSdkByRelease = {
      {"7.0", 24}, {"7.1", 25}, {"8.0.0", 26}, {"8.1.0", 27}, {"9", 28}, {"10", 29},
      {"11", 30},  {"12", 31},  {"12L", 32},   {"13", 33},    {"14", 34}, {"15", 35},
      {"16", 36}};
  auto it = kSdkByRelease.find(release);
  if (it == kSdkByRelease.end()) return std::nullopt;
  return it->second;
}

// "7679548" of the same fingerprint: the field after the last '/' before
// the build type.
std::string_view IncrementalBuild(std::string_view fp) {
  std::string_view head = fp.substr(0, fp.rfind(':'));
  size_t slash = head.rfind('/');
  return slash == std::string_view::npos ? std::string_view() : head.substr(slash + 1);
}

}  // namespace

void TraceMetadataReader::ReadPacket(uint32_t field, protozero::data_view bytes,
                                     uint32_t machine) {
  namespace tp = pb::trace_packet;
  switch (field) {
    case tp::kTraceStats: ReadTraceStats(bytes, machine); break;
    case tp::kFtraceStats: ReadFtraceStats(bytes, machine); break;
    case tp::kSystemInfo: ReadSystemInfo(bytes, machine); break;
    case tp::kTraceConfig: ReadTraceConfig(bytes); break;
    case tp::kTraceUuid: ReadTraceUuid(bytes); break;
    case tp::kTraceAttributes: ReadTraceAttributes(bytes); break;
    case tp::kChromeMetadata: chrome_metadata_.Read(bytes); break;
  }
}

void TraceMetadataReader::WriteTraceClock(int64_t clock_id) {
  // About the whole load: no machine, no trace.
  storage_->metadata.SetInt(storage_->Intern("trace_time_clock_id"), storage_->Intern("single"),
                            clock_id, MetadataTable::kNone, MetadataTable::kNone);
}

void TraceMetadataReader::Finish() {
  try {
    WriteTraceDiagnostics(trace_config_, storage_);
  } catch (const protozero::exception&) {
    storage_->stats.Increment(Stat::proto_malformed_packet);
  }
}

void TraceMetadataReader::OnPacketLoss(uint32_t seq_id, uint32_t reasons) {
  SequenceLoss& s = sequences_[seq_id];
  ++s.lost;
  for (size_t bit = 0; bit < kLossReasons; ++bit) {
    if (reasons & (2u << bit)) ++s.by_reason[bit];
  }
}

void TraceMetadataReader::ReadTraceStats(protozero::data_view bytes, uint32_t machine) {
  namespace ts = pb::trace_stats;
  static const FieldStat<Stat> kSession[] = {
      {ts::kProducersConnected, Stat::traced_producers_connected},
      {ts::kProducersSeen, Stat::traced_producers_seen},
      {ts::kDataSourcesRegistered, Stat::traced_data_sources_registered},
      {ts::kDataSourcesSeen, Stat::traced_data_sources_seen},
      {ts::kTracingSessions, Stat::traced_tracing_sessions},
      {ts::kTotalBuffers, Stat::traced_total_buffers},
      {ts::kChunksDiscarded, Stat::traced_chunks_discarded},
      {ts::kPatchesDiscarded, Stat::traced_patches_discarded},
      {ts::kFlushesRequested, Stat::traced_flushes_requested},
      {ts::kFlushesSucceeded, Stat::traced_flushes_succeeded},
      {ts::kFlushesFailed, Stat::traced_flushes_failed},
  };
  StatsTable& stats = storage_->stats;
  // Perfetto sets the session counters even when the message leaves them out.
  for (const auto& f : kSession) stats.Set(f.stat, 0);
  int64_t buffer = 0;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(ts::kFinalFlushOutcome, kVarint): {
        uint32_t outcome = r.get_uint32();
        if (outcome == pb::trace_stats_final_flush_outcome::kFinalFlushSucceeded) {
          stats.Increment(Stat::traced_final_flush_succeeded);
        } else if (outcome == pb::trace_stats_final_flush_outcome::kFinalFlushFailed) {
          stats.Increment(Stat::traced_final_flush_failed);
        }
        break;
      }
      case tag_and_type(ts::kBufferStats, kBytes):
        ReadBufferStats(r.get_view(), buffer++, machine);
        break;
      case tag_and_type(ts::kFilterStats, kBytes):
        ReadFilterStats(r.get_view(), machine);
        break;
      default: {
        uint32_t tag = r.tag();
        std::optional<int64_t> value = Varint(&r);
        const Stat* stat = StatOf(kSession, tag);
        if (value && stat) stats.Set(*stat, *value);
      }
    }
  }
  ReadWriterStats(bytes, machine);
}

void TraceMetadataReader::ReadFilterStats(protozero::data_view bytes, uint32_t machine) {
  namespace fs = pb::trace_stats_filter_stats;
  static const FieldStat<Stat> kFields[] = {
      {fs::kInputPackets, Stat::filter_input_packets},
      {fs::kInputBytes, Stat::filter_input_bytes},
      {fs::kOutputBytes, Stat::filter_output_bytes},
      {fs::kErrors, Stat::filter_errors},
      {fs::kTimeTakenNs, Stat::filter_time_taken_ns},
  };
  StatsTable& stats = storage_->stats;
  int64_t buffer = 0;
  auto discarded = [&](uint64_t v) {
    stats.SetIndexed(IndexedStat::traced_buf_bytes_filtered_out, buffer++,
                     static_cast<int64_t>(v), machine);
  };
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    uint32_t tag = r.tag();
    if (tag == fs::kBytesDiscardedPerBuffer && r.wire_type() == kBytes) {
      for (uint64_t v : r.get_packed_uint64()) discarded(v);
      continue;
    }
    std::optional<int64_t> value = Varint(&r);
    if (!value) continue;
    if (tag == fs::kBytesDiscardedPerBuffer) discarded(static_cast<uint64_t>(*value));
    if (const Stat* stat = StatOf(kFields, tag)) stats.Set(*stat, *value);
  }
}

void TraceMetadataReader::ReadBufferStats(protozero::data_view bytes, int64_t buffer,
                                          uint32_t machine) {
  namespace bs = pb::trace_stats_buffer_stats;
  static const FieldStat<IndexedStat> kFields[] = {
      {bs::kBufferSize, IndexedStat::traced_buf_buffer_size},
      {bs::kBytesWritten, IndexedStat::traced_buf_bytes_written},
      {bs::kBytesOverwritten, IndexedStat::traced_buf_bytes_overwritten},
      {bs::kBytesRead, IndexedStat::traced_buf_bytes_read},
      {bs::kPaddingBytesWritten, IndexedStat::traced_buf_padding_bytes_written},
      {bs::kPaddingBytesCleared, IndexedStat::traced_buf_padding_bytes_cleared},
      {bs::kChunksWritten, IndexedStat::traced_buf_chunks_written},
      {bs::kChunksRewritten, IndexedStat::traced_buf_chunks_rewritten},
      {bs::kChunksOverwritten, IndexedStat::traced_buf_chunks_overwritten},
      {bs::kChunksDiscarded, IndexedStat::traced_buf_chunks_discarded},
      {bs::kChunksRead, IndexedStat::traced_buf_chunks_read},
      {bs::kChunksCommittedOutOfOrder, IndexedStat::traced_buf_chunks_committed_out_of_order},
      {bs::kWriteWrapCount, IndexedStat::traced_buf_write_wrap_count},
      {bs::kPatchesSucceeded, IndexedStat::traced_buf_patches_succeeded},
      {bs::kPatchesFailed, IndexedStat::traced_buf_patches_failed},
      {bs::kReadaheadsSucceeded, IndexedStat::traced_buf_readaheads_succeeded},
      {bs::kReadaheadsFailed, IndexedStat::traced_buf_readaheads_failed},
      {bs::kAbiViolations, IndexedStat::traced_buf_abi_violations},
      {bs::kTraceWriterPacketLoss, IndexedStat::traced_buf_trace_writer_packet_loss},
  };
  StatsTable& stats = storage_->stats;
  // Every counter of a buffer gets a row, 0 when the message leaves it out.
  for (const auto& f : kFields) stats.SetIndexed(f.stat, buffer, 0, machine);
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    uint32_t tag = r.tag();
    std::optional<int64_t> value = Varint(&r);
    if (!value) continue;
    if (const IndexedStat* stat = StatOf(kFields, tag)) {
      stats.SetIndexed(*stat, buffer, *value, machine);
    }
    if (tag == bs::kBytesOverwritten && long_trace_mode_ && *value > 0) {
      stats.SetIndexed(IndexedStat::long_trace_mode_bytes_overwritten, buffer, *value, machine);
    }
  }
}

void TraceMetadataReader::ReadWriterStats(protozero::data_view bytes, uint32_t machine) {
  namespace ws = pb::trace_stats_writer_stats;
  struct BufferLoss {
    int64_t lost = 0, incremental_dropped = 0;
    std::array<int64_t, kLossReasons> by_reason{};
  };
  std::map<int64_t, BufferLoss> buffers;
  protozero::pbf_reader r(bytes);
  while (r.next(pb::trace_stats::kWriterStats, kBytes)) {
    uint64_t seq_id = 0;
    int64_t buffer = 0;
    protozero::pbf_reader w = r.get_message();
    while (w.next()) {
      switch (w.tag_and_type()) {
        case tag_and_type(ws::kSequenceId, kVarint): seq_id = w.get_uint64(); break;
        case tag_and_type(ws::kBuffer, kVarint): buffer = w.get_uint32(); break;
        default: w.skip();
      }
    }
    auto it = sequences_.find(static_cast<uint32_t>(seq_id));
    if (it == sequences_.end()) continue;  // No packet of it was read.
    BufferLoss& b = buffers[buffer];
    const SequenceLoss& s = it->second;
    b.lost += s.lost;
    b.incremental_dropped += s.skipped && !s.used;
    for (size_t i = 0; i < kLossReasons; ++i) b.by_reason[i] += s.by_reason[i];
  }
  StatsTable& stats = storage_->stats;
  for (const auto& [buffer, b] : buffers) {
    stats.SetIndexed(IndexedStat::traced_buf_sequence_packet_loss, buffer, b.lost, machine);
    stats.SetIndexed(IndexedStat::traced_buf_incremental_sequences_dropped, buffer,
                     b.incremental_dropped, machine);
    for (size_t i = 0; i < kLossReasons; ++i) {
      stats.SetIndexed(kLossReasonStats[i], buffer, b.by_reason[i], machine);
    }
  }
}

void TraceMetadataReader::ReadFtraceStats(protozero::data_view bytes, uint32_t machine) {
  namespace fs = pb::ftrace_stats;
  namespace cs = pb::ftrace_cpu_stats;
  uint32_t phase = 0;
  std::vector<protozero::data_view> cpus;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(fs::kPhase, kVarint): phase = r.get_uint32(); break;
      case tag_and_type(fs::kCpuStats, kBytes): cpus.push_back(r.get_view()); break;
      case tag_and_type(fs::kPreserveFtraceBuffer, kVarint):
        if (r.get_bool()) storage_->ftrace_buffer_preserved = true;
        break;
      case tag_and_type(fs::kFtraceParseErrors, kVarint):
      case tag_and_type(fs::kFtraceParseErrors, kBytes): {
        // Zero-padded pages: common and harmless (Perfetto only counts them).
        std::vector<uint64_t> errors;
        ReadRepeatedUint64(&r, /*fixed=*/false, &errors);
        for (uint64_t e : errors) {
          if (e == pb::ftrace_stats_ftrace_parse_status::kFtraceStatusAbiZeroDataLength) {
            storage_->stats.Increment(Stat::ftrace_abi_errors_skipped_zero_data_length);
          }
        }
        break;
      }
      default: r.skip();
    }
  }
  using S = IndexedStat;
  static const FieldStat<IndexedStat> kBegin[] = {
      {cs::kEntries, S::ftrace_cpu_entries_begin},
      {cs::kOverrun, S::ftrace_cpu_overrun_begin},
      {cs::kCommitOverrun, S::ftrace_cpu_commit_overrun_begin},
      {cs::kBytesRead, S::ftrace_cpu_bytes_begin},
      {cs::kDroppedEvents, S::ftrace_cpu_dropped_events_begin},
      {cs::kReadEvents, S::ftrace_cpu_read_events_begin},
  };
  static const FieldStat<IndexedStat> kEnd[] = {
      {cs::kEntries, S::ftrace_cpu_entries_end},
      {cs::kOverrun, S::ftrace_cpu_overrun_end},
      {cs::kCommitOverrun, S::ftrace_cpu_commit_overrun_end},
      {cs::kBytesRead, S::ftrace_cpu_bytes_end},
      {cs::kDroppedEvents, S::ftrace_cpu_dropped_events_end},
      {cs::kReadEvents, S::ftrace_cpu_read_events_end},
  };
  static_assert(std::size(kBegin) == std::size(kEnd), "one end stat per begin stat");
  const FieldStat<IndexedStat>* fields = phase == pb::ftrace_stats_phase::kStartOfTrace ? kBegin
                                         : phase == pb::ftrace_stats_phase::kEndOfTrace ? kEnd
                                                                                         : nullptr;
  if (!fields) return;
  for (protozero::data_view cpu_bytes : cpus) {
    int64_t cpu = 0;
    std::array<int64_t, std::size(kBegin)> values{};  // 0 when left out.
    protozero::pbf_reader c(cpu_bytes);
    while (c.next()) {
      uint32_t tag = c.tag();
      std::optional<int64_t> value = Varint(&c);
      if (!value) continue;
      if (tag == cs::kCpu) cpu = *value;
      for (size_t i = 0; i < values.size(); ++i) {
        if (fields[i].field == tag) values[i] = *value;
      }
    }
    for (size_t i = 0; i < values.size(); ++i) {
      storage_->stats.SetIndexed(fields[i].stat, cpu, values[i], machine);
    }
  }
}

void TraceMetadataReader::SetString(const char* key, StringId value, uint32_t machine) {
  // Keys about a machine have no trace_id; keys about the trace no machine.
  storage_->metadata.SetString(storage_->Intern(key), storage_->Intern("single"), value, machine,
                               machine == MetadataTable::kNone ? 0 : MetadataTable::kNone);
}

void TraceMetadataReader::SetInt(const char* key, int64_t value, uint32_t machine) {
  storage_->metadata.SetInt(storage_->Intern(key), storage_->Intern("single"), value, machine,
                            machine == MetadataTable::kNone ? 0 : MetadataTable::kNone);
}

void TraceMetadataReader::ReadSystemInfo(protozero::data_view bytes, uint32_t machine) {
  namespace si = pb::system_info;
  MachineTable& table = storage_->machine;
  auto text = [&](protozero::pbf_reader* r) { return storage_->Intern(View(r->get_view())); };
  std::optional<int64_t> sdk;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(si::kUtsname, kBytes): {
        namespace u = pb::utsname;
        protozero::pbf_reader uts = r.get_message();
        while (uts.next()) {
          switch (uts.tag_and_type()) {
            case tag_and_type(u::kSysname, kBytes):
              table.sysname.Set(machine, text(&uts));
              SetString("system_name", table.sysname[machine], machine);
              break;
            case tag_and_type(u::kVersion, kBytes):
              table.version.Set(machine, text(&uts));
              SetString("system_version", table.version[machine], machine);
              break;
            case tag_and_type(u::kRelease, kBytes):
              table.release.Set(machine, text(&uts));
              SetString("system_release", table.release[machine], machine);
              break;
            case tag_and_type(u::kMachine, kBytes):
              table.arch.Set(machine, text(&uts));
              SetString("system_machine", table.arch[machine], machine);
              break;
            default: uts.skip();
          }
        }
        break;
      }
      case tag_and_type(si::kAndroidBuildFingerprint, kBytes): {
        std::string_view fp = View(r.get_view());
        table.android_build_fingerprint.Set(machine, storage_->Intern(fp));
        SetString("android_build_fingerprint", table.android_build_fingerprint[machine], machine);
        std::string_view build = IncrementalBuild(fp);
        if (!build.empty()) SetString("android_incremental_build", storage_->Intern(build), machine);
        if (!sdk) sdk = SdkFromFingerprint(fp);
        break;
      }
      case tag_and_type(si::kAndroidSdkVersion, kVarint):
        sdk = static_cast<int64_t>(r.get_uint64());
        break;
      case tag_and_type(si::kAndroidDeviceManufacturer, kBytes):
        table.android_device_manufacturer.Set(machine, text(&r));
        SetString("android_device_manufacturer", table.android_device_manufacturer[machine],
                  machine);
        break;
      case tag_and_type(si::kAndroidSocModel, kBytes):
        SetString("android_soc_model", text(&r), machine);
        break;
      case tag_and_type(si::kAndroidHardwareRevision, kBytes):
        SetString("android_hardware_revision", text(&r), machine);
        break;
      case tag_and_type(si::kAndroidStorageModel, kBytes):
        SetString("android_storage_model", text(&r), machine);
        break;
      case tag_and_type(si::kAndroidRamModel, kBytes):
        SetString("android_ram_model", text(&r), machine);
        break;
      case tag_and_type(si::kTimezoneOffMins, kVarint):
        SetInt("timezone_off_mins", r.get_int32(), machine);
        break;
      case tag_and_type(si::kNumCpus, kVarint):
        table.num_cpus.Set(machine, r.get_uint32());
        break;
      case tag_and_type(si::kSystemRamBytes, kVarint): {
        int64_t ram = static_cast<int64_t>(r.get_uint64());
        int64_t gb = (ram + 500'000'000) / 1'000'000'000;  // Marketing GB, rounded.
        table.system_ram_bytes.Set(machine, ram);
        table.system_ram_gb.Set(machine, gb);
        SetInt("system_ram_bytes", ram, machine);
        SetInt("system_ram_gb", gb, machine);
        break;
      }
      default:
        r.skip();
    }
  }
  if (sdk) {
    table.android_sdk_version.Set(machine, *sdk);
    SetInt("android_sdk_version", *sdk, machine);
  }
}

void TraceMetadataReader::ReadTraceConfig(protozero::data_view bytes) {
  namespace tc = pb::trace_config;
  bool write_into_file = false;
  uint64_t write_period_ms = 0, flush_period_ms = 0;
  int64_t uuid_msb = 0, uuid_lsb = 0;
  std::vector<uint32_t> fill_policies;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(tc::kWriteIntoFile, kVarint): write_into_file = r.get_bool(); break;
      case tag_and_type(tc::kFileWritePeriodMs, kVarint): write_period_ms = r.get_uint32(); break;
      case tag_and_type(tc::kFlushPeriodMs, kVarint): flush_period_ms = r.get_uint32(); break;
      case tag_and_type(tc::kTraceUuidMsb, kVarint): uuid_msb = r.get_int64(); break;
      case tag_and_type(tc::kTraceUuidLsb, kVarint): uuid_lsb = r.get_int64(); break;
      case tag_and_type(tc::kTraceAttributes, kBytes): ReadTraceAttributes(r.get_view()); break;
      case tag_and_type(tc::kBuffers, kBytes): {
        uint32_t policy = 0;
        protozero::pbf_reader b = r.get_message();
        while (b.next(pb::trace_config_buffer_config::kFillPolicy, kVarint)) {
          policy = b.get_uint32();
        }
        fill_policies.push_back(policy);
        break;
      }
      default: r.skip();
    }
  }
  if (!has_uuid_ && (uuid_msb != 0 || uuid_lsb != 0)) SetUuid(uuid_msb, uuid_lsb);
  trace_config_.assign(bytes.data(), bytes.size());  // Checked at Finish().
  std::string text = ProtoToText(*pool_, ".perfetto.protos.TraceConfig", bytes);
  SetString("trace_config_pbtxt", storage_->Intern(text), MetadataTable::kNone);
  long_trace_mode_ = write_into_file && write_period_ms > 0 && write_period_ms < kLongTraceMaxPeriodMs;
  if (!write_into_file) return;
  if (flush_period_ms == 0) storage_->stats.Increment(Stat::config_write_into_file_no_flush);
  for (size_t i = 0; i < fill_policies.size(); ++i) {
    if (fill_policies[i] == pb::trace_config_buffer_config_fill_policy::kDiscard) {
      storage_->stats.IncrementIndexed(IndexedStat::config_write_into_file_discard,
                                       static_cast<int64_t>(i));
    }
  }
}

void TraceMetadataReader::ReadTraceAttributes(protozero::data_view bytes) {
  namespace a = pb::trace_attributes_attribute;
  protozero::pbf_reader r(bytes);
  while (r.next(pb::trace_attributes::kAttributes, kBytes)) {
    std::string_view key;
    std::optional<int64_t> int_value;
    std::optional<std::string_view> string_value;
    protozero::pbf_reader attribute = r.get_message();
    while (attribute.next()) {
      switch (attribute.tag_and_type()) {
        case tag_and_type(a::kKey, kBytes): key = View(attribute.get_view()); break;
        case tag_and_type(a::kIntValue, kVarint): int_value = attribute.get_int64(); break;
        case tag_and_type(a::kStringValue, kBytes):
          string_value = View(attribute.get_view());
          break;
        default: attribute.skip();
      }
    }
    if (key.empty()) continue;
    std::string name = "trace_attribute.";
    name.append(key);
    if (string_value) {
      SetString(name.c_str(), storage_->Intern(*string_value), MetadataTable::kNone);
    } else if (int_value) {
      SetInt(name.c_str(), *int_value, MetadataTable::kNone);
    }
  }
}

void TraceMetadataReader::ReadTraceUuid(protozero::data_view bytes) {
  int64_t msb = 0, lsb = 0;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(pb::trace_uuid::kMsb, kVarint): msb = r.get_int64(); break;
      case tag_and_type(pb::trace_uuid::kLsb, kVarint): lsb = r.get_int64(); break;
      default: r.skip();
    }
  }
  if (msb == 0 && lsb == 0) return;
  SetUuid(msb, lsb);
  has_uuid_ = true;
}

void TraceMetadataReader::SetUuid(int64_t msb, int64_t lsb) {
  std::string text = FormatUuid(static_cast<uint64_t>(msb), static_cast<uint64_t>(lsb));
  SetString("trace_uuid", storage_->Intern(text), MetadataTable::kNone);
}

}  // namespace weft
