// TraceProcessor: format sniffing, gzip routing and finalization.
#include "src/trace/trace_processor.h"

#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstring>

#include "src/analysis/analysis_runner.h"
#include "src/analysis/analysis_views.h"
#include "src/analysis/builtin_analyses.h"
#include "src/base/prefaulter.h"
#include "src/base/string_view_util.h"
#include "src/importers/common/trace_context.h"
#include "src/importers/common/trace_importer.h"
#include "src/importers/fxt/fxt_importer.h"
#include "src/importers/fxt/fxt_format.h"
#include "src/importers/json/json_importer.h"
#include "src/importers/proto/proto_importer.h"
#include "src/importers/systrace/systrace_importer.h"
#include "src/importers/systrace/systrace_line.h"
#include "src/layout/track_layout.h"
#include "src/sync_tracks/profile_call_writer.h"
#include "src/trace/gzip_stream.h"
#include "src/trace/zip_stream.h"

namespace weft {

TraceProcessor::TraceProcessor(const TraceConfig& config)
    : prefaulting_off_(config.single_thread ? new PrefaultingOff() : nullptr),
      storage_(new TraceStorage()),
      context_(new TraceContext(storage_.get())) {
  context_->config = config;
}

TraceProcessor::~TraceProcessor() = default;

Status TraceProcessor::Parse(const uint8_t* data, size_t size) {
  if (!sticky_error_.ok()) return sticky_error_;
  if (load_state_ != LoadState::kLoading) {
    return Status::Error("trace already finalized");
  }
  Status status;
  HashHead(data, size);
  bytes_parsed_ += size;
  if (damaged_) return Status::Ok();  // Nothing past the damage is readable.
  switch (container_) {
    case Container::kUnknown:
      // Containers are recognised by their magic bytes; a first chunk
      // that holds them is read in place, not copied.
      if (sniff_buffer_.empty() && size >= kContainerHeadBytes) {
        status = StartWithHead(data, size);
        break;
      }
      sniff_buffer_.append(reinterpret_cast<const char*>(data), size);
      if (sniff_buffer_.size() < kContainerHeadBytes) return Status::Ok();
      status = StartWithBufferedHead();
      break;
    case Container::kGzip:
      status = gzip_->Feed(data, size);
      break;
    case Container::kZip:
      status = zip_->Feed(data, size);
      break;
    case Container::kPlain:
      status = ParseUncompressed(data, size);
      break;
  }
  status = NoteDamage(status);
  if (!status.ok()) sticky_error_ = status;
  return status;
}

Status TraceProcessor::NoteDamage(const Status& status) {
  if (!status.data_loss()) return status;
  damage_.Add(status);
  damaged_ = true;
  return Status::Ok();
}

Status TraceProcessor::StartWithBufferedHead() {
  std::string head;
  head.swap(sniff_buffer_);
  return StartWithHead(reinterpret_cast<const uint8_t*>(head.data()), head.size());
}

Status TraceProcessor::StartWithHead(const uint8_t* bytes, size_t size) {
  std::string_view head(reinterpret_cast<const char*>(bytes), size);
  auto sink = [this](const char* d, size_t n) {
    return ParseUncompressed(reinterpret_cast<const uint8_t*>(d), n);
  };
  if (size >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b) {
    container_ = Container::kGzip;
    gzip_.reset(new GzipStream(sink));
    return gzip_->Feed(bytes, size);
  }
  if (size >= 4 && memcmp(bytes, "PK\x03\x04", 4) == 0) {
    container_ = Container::kZip;
    zip_.reset(new ZipStream(sink));
    return zip_->Feed(bytes, size);
  }
  constexpr std::string_view kAtraceMarker = "TRACE:\n";
  if (size > kAtraceMarker.size() && head.substr(0, kAtraceMarker.size()) == kAtraceMarker &&
      bytes[kAtraceMarker.size()] == 0x78) {
    // atrace -z: "TRACE:" then the text as a zlib stream.
    container_ = Container::kGzip;
    gzip_.reset(new GzipStream(sink, GzipStream::Members::kFirstOnly));
    return gzip_->Feed(bytes + kAtraceMarker.size(), size - kAtraceMarker.size());
  }
  container_ = Container::kPlain;
  return ParseUncompressed(bytes, size);
}

namespace {

bool HasPrefix(const uint8_t* data, size_t size, const char* prefix) {
  size_t n = strlen(prefix);
  return size >= n && memcmp(data, prefix, n) == 0;
}

// Names formats weft recognises but does not read yet, from magic bytes.
const char* GuessFormat(const uint8_t* data, size_t size) {
  if (HasPrefix(data, size, "# ninja log")) return "a ninja build log";
  return nullptr;
}

}  // namespace

Status TraceProcessor::UnsupportedFormat(const uint8_t* data, size_t size) {
  const char* kReads =
      "weft reads Chrome JSON, Perfetto protobuf, Fuchsia (FXT) and ftrace / systrace "
      "text traces (plain, .gz or .zip); an FXT trace starts with the magic record "
      "10 00 04 46 78 54 16 00";
  if (const char* guess = GuessFormat(data, size)) {
    return ErrStatus("this looks like %s, which weft cannot read yet; %s", guess, kReads);
  }
  std::string shown;
  for (size_t k = 0; k < 16 && k < size; ++k) {
    char c = static_cast<char>(data[k]);
    shown += isprint(static_cast<unsigned char>(c)) ? c : '.';
  }
  char hex[3 * 8 + 1] = {0};
  for (size_t k = 0; k < 8 && k < size; ++k) snprintf(hex + 3 * k, 4, "%02x ", data[k]);
  return ErrStatus("unknown trace format (starts with \"%s\", bytes %s); %s",
                   shown.c_str(), hex, kReads);
}

Status TraceProcessor::ParseUncompressed(const uint8_t* data, size_t size) {
  if (importer_) return FeedImporter(data, size);
  // Gather enough (decompressed) bytes to tell the format apart; a chunk
  // that holds them is read in place, not copied.
  if (format_head_.empty() && size >= kFormatHeadBytes) return StartImporter(data, size);
  format_head_.append(reinterpret_cast<const char*>(data), size);
  if (format_head_.size() < kFormatHeadBytes) return Status::Ok();
  return StartImporterWithBufferedHead();
}

Status TraceProcessor::FeedImporter(const uint8_t* data, size_t size) {
  while (size > kImporterPieceBytes) {
    WEFT_RETURN_IF_ERROR(importer_->Parse(reinterpret_cast<const char*>(data), kImporterPieceBytes));
    data += kImporterPieceBytes;
    size -= kImporterPieceBytes;
  }
  return importer_->Parse(reinterpret_cast<const char*>(data), size);
}

Status TraceProcessor::StartImporterWithBufferedHead() {
  std::string head;
  head.swap(format_head_);
  return StartImporter(reinterpret_cast<const uint8_t*>(head.data()), head.size());
}

Status TraceProcessor::StartImporter(const uint8_t* data, size_t size) {
  std::string_view head(reinterpret_cast<const char*>(data), size);
  // FXT starts with its magic number record.
  uint64_t first_word = 0;
  if (size >= 8) memcpy(&first_word, data, 8);
  if (first_word == fxt::kMagicRecord) {
    importer_.reset(new FxtImporter(context_.get()));
    format_name_ = "fxt";
    return FeedImporter(data, size);
  }
  // A protobuf Trace starts with 0x0a (field 1, length-delimited), which is
  // also '\n': it is protobuf if control bytes follow (JSON has none) or
  // the next byte cannot continue a JSON text.
  if (size >= 2 && data[0] == 0x0a) {
    bool binary = false;
    for (size_t k = 1; k < size && k < kFormatHeadBytes; ++k) {
      if (data[k] < 0x09 || (data[k] > 0x0d && data[k] < 0x20)) binary = true;
    }
    if (binary || !(isspace(data[1]) || data[1] == '{' || data[1] == '[')) {
      importer_.reset(new ProtoImporter(context_.get()));
      format_name_ = "proto";
      return FeedImporter(data, size);
    }
  }
  // Otherwise the first non-whitespace byte decides.
  size_t i = 0;
  while (i < size && isspace(data[i])) ++i;
  if (i == size) return Status::Ok();  // Only whitespace: nothing to read.
  char c = static_cast<char>(data[i]);
  if (c != '{' && c != '[') {
    if (!LooksLikeSystrace(head.substr(i))) {
      return UnsupportedFormat(data, size);
    }
    importer_.reset(new SystraceImporter(context_.get()));
    format_name_ = "systrace";
    return FeedImporter(data, size);
  }
  importer_.reset(new JsonImporter(context_.get()));
  format_name_ = "json";
  // The whole head, so the tokenizer's byte offsets are the file's.
  return FeedImporter(data, size);
}

Status TraceProcessor::NotifyEndOfFile() {
  if (load_state_ != LoadState::kLoading) return Status::Ok();
  load_state_ = LoadState::kFinalizing;
  Status status = sticky_error_;
  if (status.ok() && container_ == Container::kUnknown && !sniff_buffer_.empty()) {
    status = NoteDamage(StartWithBufferedHead());  // A trace shorter than the magic bytes.
  }
  // A container cut short still hands over what it inflated.
  if (status.ok() && gzip_ && !damaged_) status = NoteDamage(gzip_->Finish());
  if (status.ok() && zip_) {
    if (!damaged_) status = NoteDamage(zip_->Finish());
    storage_->stats.Set(Stat::zip_entries_skipped, zip_->skipped_entries());
  }
  if (status.ok() && !importer_ && !format_head_.empty()) {
    status = NoteDamage(StartImporterWithBufferedHead());  // A trace shorter than the format head.
  }
  if (importer_) {
    Status end = NoteDamage(importer_->NotifyEndOfFile());
    if (status.ok()) status = end;
  } else if (status.ok() && bytes_parsed_ > 0) {
    status = Status::Error("the trace is empty");  // E.g. whitespace only.
  }
  MetadataTable& m = storage_->metadata;
  StringId uuid_key = storage_->Intern("trace_uuid");
  if (bytes_parsed_ > 0 && m.Find(uuid_key) == MetadataTable::kNone) {
    // No uuid in the trace: Perfetto's, made of the hash of its head.
    m.SetString(uuid_key, storage_->Intern("single"),
                storage_->Intern(FormatUuid(/*msb=*/0, /*lsb=*/head_hash_)));
  }
  if (format_name_ == "proto") {
    // Perfetto's keys about the file, for the formats it sets them for here.
    m.SetString(storage_->Intern("trace_type"), storage_->Intern("single"),
                storage_->Intern(format_name_));
    m.SetInt(storage_->Intern("trace_size_bytes"), storage_->Intern("single"),
             static_cast<int64_t>(bytes_parsed_));
  }
  damage_.Write(storage_.get());
  load_warning_ = damage_.Warning();
  // No bytes at all: an empty trace, as in Perfetto (its tables are empty).
  Finalize();
  return status;
}

void TraceProcessor::Finalize() {
  if (!context_->config.no_profile_calls) {
    // JS profile calls join the thread tracks before the store is
    // finalized (sorted flags, indexes) and laid out.
    auto start = std::chrono::steady_clock::now();
    WriteProfileCalls(context_->cpu_profiles.profiles(), &context_->processes, &context_->tracks,
                      storage_.get());
    profile_calls_seconds_ =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  context_->cpu_profiles.ReleaseProfiles();  // Before the layout adds its rows.
  storage_->Finalize();
  auto start = std::chrono::steady_clock::now();
  ComputeTrackLayout(storage_.get());
  layout_seconds_ =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  RunBuiltinAnalyses();
  load_state_ = LoadState::kReady;
}

void TraceProcessor::RunBuiltinAnalyses() {
  auto start = std::chrono::steady_clock::now();
  if (context_->config.no_builtin_analyses || !EnsureEngine().ok()) return;
  for (const BuiltinAnalysis& a : BuiltinAnalyses()) {
    if (a.derives_events && !context_->config.derived_events) continue;
    // A built-in analysis reads only tables every trace has: it fails on
    // no trace (its diff tests say so), and a failure adds no rows.
    (void)weft::RunAnalysis(storage_.get(), engine_.get(), a.name, a.sql);
  }
  analysis_seconds_ =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

Status TraceProcessor::RunAnalysis(std::string_view name, std::string_view sql) {
  if (load_state_ != LoadState::kReady) {
    return Status::Error("analyses run after the end of the trace");
  }
  WEFT_RETURN_IF_ERROR(EnsureEngine());
  return weft::RunAnalysis(storage_.get(), engine_.get(), name, sql);
}

Status TraceProcessor::EnsureEngine() {
  if (engine_) return Status::Ok();
  engine_.reset(new SqlEngine(storage_.get()));
  WEFT_RETURN_IF_ERROR(engine_->Init());
  return InstallAnalysisViews(engine_.get(), storage_.get());
}

TraceStorage* TraceProcessor::storage() {
  if (load_state_ == LoadState::kLoading && importer_) importer_->WaitForParser();
  return storage_.get();
}

SqlEngine* TraceProcessor::sql_engine() {
  if (load_state_ == LoadState::kLoading) {
    if (importer_) importer_->WaitForParser();
    storage_->PrepareForQueryDuringLoad();
  }
  return EnsureEngine().ok() ? engine_.get() : nullptr;
}

Status TraceProcessor::ExecuteQuery(std::string_view sql,
                                    const SqlEngine::StatementFn& fn) {
  if (load_state_ == LoadState::kLoading) {
    // A query mid-load reads the rows parsed so far; the store is only
    // finalized (and laid out) at the end of the file.
    if (importer_) importer_->WaitForParser();
    storage_->PrepareForQueryDuringLoad();
  }
  WEFT_RETURN_IF_ERROR(EnsureEngine());
  return engine_->Execute(sql, fn);
}

void TraceProcessor::RestoreInitialTables() {
  // The trace lives in storage_, not in the connection: a new connection
  // (made on the next query) holds exactly what SqlEngine::Init registers,
  // so nothing a query created can survive, whatever statement created it.
  engine_.reset();
}

}  // namespace weft
