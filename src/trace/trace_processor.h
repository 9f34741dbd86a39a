// TraceProcessor: the public entry point for one trace. Bytes go in with
// Parse() in chunks of any size; NotifyEndOfFile() sorts and finalizes;
// ExecuteQuery() runs SQL. It sniffs the format from the first bytes and
// routes chunks to that format's tokenizer, inflating gzip on the way.
//
// Lifecycle (LoadState): kLoading (Parse() accepted; queries read what was
// parsed so far, without finalizing) → kFinalizing (inside
// NotifyEndOfFile(): importers flush, the store is finalized and the track
// layout computed, exactly once) → kReady (queries only).
// Reference: docs/architecture.md
#ifndef SRC_TRACE_TRACE_PROCESSOR_H_
#define SRC_TRACE_TRACE_PROCESSOR_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "src/base/status.h"
#include "src/sql/sql_engine.h"
#include "src/storage/trace_storage.h"
#include "src/trace/trace_config.h"
#include "src/trace/damage_log.h"

namespace weft {

class PrefaultingOff;
class TraceImporter;
struct TraceContext;
class GzipStream;
class ZipStream;

class TraceProcessor {
 public:
  enum class LoadState { kLoading, kFinalizing, kReady };

  explicit TraceProcessor(const TraceConfig& config = TraceConfig());
  ~TraceProcessor();

  LoadState load_state() const { return load_state_; }

  // A damaged trace (cut short, or unreadable from some byte on) is not an
  // error: what precedes the damage is imported, later bytes are ignored,
  // and the end of the load reports it (load_warning(), the
  // `truncated_trace` stat, a `_trace_import_logs` row). Only a trace with
  // nothing readable before the damage fails.
  Status Parse(const uint8_t* data, size_t size);
  Status NotifyEndOfFile();
  // After NotifyEndOfFile(): one line about the damage, or "" if none.
  const std::string& load_warning() const { return load_warning_; }

  // Runs every statement of |sql|; see SqlEngine::Execute.
  Status ExecuteQuery(std::string_view sql, const SqlEngine::StatementFn& fn);
  // The SQL engine (created on first use) for callers that need more than
  // queries, e.g. metrics (src/metrics/). Null if it cannot start.
  SqlEngine* sql_engine();

  // Drops every table, view, function and module that SQL created since the
  // load (Perfetto's RestoreInitialTables): the next query gets a fresh
  // SQLite connection over the same trace, as right after the load.
  // Whatever SQL-created state lives outside the SqlEngine must be dropped
  // here too.
  void RestoreInitialTables();

  // Before the end of file, both wait for the importer's parser thread
  // (a query mid-load sees what was parsed so far).
  TraceStorage* storage();
  uint64_t bytes_parsed() const { return bytes_parsed_; }
  const std::string& format_name() const { return format_name_; }
  // Time spent computing the track layout at the end of the load.
  double layout_seconds() const { return layout_seconds_; }
  // Time spent in built-in analyses at the end of the load.
  double analysis_seconds() const { return analysis_seconds_; }

  // After NotifyEndOfFile(): runs |sql| as analysis |name| (see
  // src/analysis/analysis_runner.h); its rows are appended to the store.
  Status RunAnalysis(std::string_view name, std::string_view sql);
  // Time spent building the JS profile calls (sync tracks) at the end.
  double profile_calls_seconds() const { return profile_calls_seconds_; }

 private:
  // Picks gzip / zip / plain from the first bytes (|data|: at least
  // kContainerHeadBytes, or the whole file) and feeds them.
  Status StartWithHead(const uint8_t* data, size_t size);
  // The same for the bytes waiting in sniff_buffer_.
  Status StartWithBufferedHead();
  Status ParseUncompressed(const uint8_t* data, size_t size);
  // Picks the importer from the first decompressed bytes (|data|: at least
  // kFormatHeadBytes, or all of them) and feeds it those bytes.
  Status StartImporter(const uint8_t* data, size_t size);
  // The same for the bytes waiting in format_head_.
  Status StartImporterWithBufferedHead();
  // Feeds the importer in pieces of at most kImporterPieceBytes (see there).
  Status FeedImporter(const uint8_t* data, size_t size);
  // The error for a trace in a format weft does not read.
  static Status UnsupportedFormat(const uint8_t* data, size_t size);
  Status EnsureEngine();
  // kLoading → kFinalizing → kReady: finalizes the storage and computes the
  // track layout.
  void Finalize();
  // The built-in analyses of the load (src/analysis/builtin_analyses.h).
  void RunBuiltinAnalyses();
  // Logs a data-loss status and returns Ok (the load goes on with what was
  // read); any other status is returned as is.
  Status NoteDamage(const Status& status);

  // Held with config.single_thread: nothing is faulted in ahead on
  // another thread (process-wide, while this processor lives).
  std::unique_ptr<PrefaultingOff> prefaulting_off_;
  std::unique_ptr<TraceStorage> storage_;
  std::unique_ptr<TraceContext> context_;
  std::unique_ptr<TraceImporter> importer_;
  std::unique_ptr<GzipStream> gzip_;
  std::unique_ptr<ZipStream> zip_;
  std::unique_ptr<SqlEngine> engine_;
  // The container around the trace, known from the first bytes; until
  // then they wait in sniff_buffer_.
  enum class Container { kUnknown, kPlain, kGzip, kZip };
  // Enough for every magic: gzip, zip, and atrace's "TRACE:\n" + zlib.
  static constexpr size_t kContainerHeadBytes = 8;
  Container container_ = Container::kUnknown;
  std::string sniff_buffer_;
  // First decompressed bytes, until the trace format is known.
  static constexpr size_t kFormatHeadBytes = 64;
  std::string format_head_;
  // The largest piece an importer's Parse() gets. In wasm: the bridge
  // sends 32 MiB chunks, and in one call the first chunk's event loop would
  // run entirely at V8's baseline tier (src/base/loop_blocks.h); in 1 MiB
  // pieces the later ones run optimized. Natively the reads pass whole.
#ifdef __EMSCRIPTEN__
  static constexpr size_t kImporterPieceBytes = size_t{1} << 20;
#else
  static constexpr size_t kImporterPieceBytes = SIZE_MAX;
#endif
  std::string format_name_;
  // FNV-1a of the first kHashedHeadBytes bytes of the file: the trace uuid
  // when the trace has none, as in Perfetto.
  static constexpr uint64_t kHashedHeadBytes = 4096;
  uint64_t head_hash_ = 14695981039346656037ull;
  void HashHead(const uint8_t* data, size_t size) {
    for (size_t i = 0; i < size && bytes_parsed_ + i < kHashedHeadBytes; ++i) {
      head_hash_ = (head_hash_ ^ data[i]) * 1099511628211ull;
    }
  }
  uint64_t bytes_parsed_ = 0;
  LoadState load_state_ = LoadState::kLoading;
  double layout_seconds_ = 0;
  double analysis_seconds_ = 0;
  double profile_calls_seconds_ = 0;
  Status sticky_error_;
  DamageLog damage_;
  bool damaged_ = false;  // Bytes after the damage are ignored.
  std::string load_warning_;
};

}  // namespace weft

#endif  // SRC_TRACE_TRACE_PROCESSOR_H_
