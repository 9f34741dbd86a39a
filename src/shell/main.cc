// weft: the native shell. Loads a trace and runs SQL over it, printing CSV
// like `trace_processor_shell -q`, or reads statements interactively.
// Reference: docs/shell.md
#include <malloc.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "src/shell/csv_printer.h"
#include "src/shell/httpd_mode.h"
#include "src/shell/metrics_flags.h"
#include "src/trace/trace_processor.h"

namespace weft {
namespace {

const char kUsage[] =
    "Usage: weft [options] TRACE_FILE\n"
    "       weft -D [options] [TRACE_FILE]\n"
    "\n"
    "Loads a trace (Chrome JSON, Perfetto protobuf or Fuchsia FXT; gzip or\n"
    "zip compressed too) and queries it with SQL. Results are printed as CSV.\n"
    "\n"
    "Options:\n"
    "  -q, --query-file FILE   Run the SQL statements in FILE, then exit.\n"
    "  -Q, --query-string SQL  Run SQL, then exit.\n"
    "  --run-metrics NAMES     Run metrics (comma-separated names, or PATH.sql\n"
    "                          user metrics with PATH.proto) and print them.\n"
    "  --metrics-output FMT    binary, text (default) or json.\n"
    "  --stats                 Print load time, size and memory to stderr.\n"
    "  --time                  Print each statement's run time to stderr.\n"
    "  --read-size BYTES       Feed the trace in chunks of BYTES (default 4 MiB;\n"
    "                          tests use odd sizes to check chunk handling).\n"
    "  --crop-track-events     Drop protobuf TrackEvents before the trace's\n"
    "                          range of interest (as trace_processor_shell).\n"
    "  --full-sort             Sort a whole protobuf trace before parsing it,\n"
    "                          instead of at the tracing service's flush\n"
    "                          points (as trace_processor_shell).\n"
    "  --no-profile-calls      Keep V8 CPU profiles as samples only: no JS\n"
    "                          profile calls in the thread tracks (slice is\n"
    "                          then Perfetto's exactly).\n"
    "  --single-thread         Use one thread: parse a protobuf trace on the\n"
    "                          reading thread (by default a second thread parses\n"
    "                          each sorted window while the next one is read),\n"
    "                          and fault memory in there too (by default a\n"
    "                          thread maps a Fuchsia trace's queue and the\n"
    "                          columns' next pages ahead).\n"
    "  --analyze-trace-proto-content\n"
    "                          Add an arg set (event.category, event.name) per\n"
    "                          distinct protobuf TrackEvent category and name,\n"
    "                          as trace_processor_shell's content analysis.\n"
    "  --derived-events        Run the built-in derived-event analyses (Chrome\n"
    "                          long tasks, Android app startups) after the load.\n"
    "  --run-analysis FILE     After the load, run the analysis in FILE (SQL\n"
    "                          whose rows become derived events or annotations;\n"
    "                          see docs/analysis.md). Repeatable.\n"
    "  -h, --help              Show this help.\n"
    "\n"
    "HTTP server (Perfetto's RPC endpoints; see docs/http_server.md):\n"
    "  -D, --httpd             Serve TRACE_FILE (if given, loaded first) over\n"
    "                          HTTP and WebSocket until SIGINT/SIGTERM.\n"
    "  --http-port N           Port (default 9001; 0 picks a free one).\n"
    "  --http-ip-address ADDR  Listen on ADDR (default 127.0.0.1 only).\n"
    "  --http-additional-cors-origins LIST\n"
    "                          Comma-separated origins also allowed besides\n"
    "                          https://ui.perfetto.dev and http://localhost:*\n"
    "                          (\"http://host:*\" allows any port).\n"
    "  --http-max-body-mb N    Largest request body or WebSocket message\n"
    "                          (default 64; larger ones get 413).\n"
    "  --allow-sql-file-access Let SQL open files (ATTACH, VACUUM INTO).\n"
    "  --no-ftrace-raw         Do not fill ftrace_event (raw) from protobuf ftrace.\n"
    "\n"
    "Accepted for compatibility with trace_processor_shell (no effect on\n"
    "the formats weft reads today): --extra-checks, --dev.\n"
    "With -D, other unknown --flags are ignored with a warning.\n"
    "\n"
    "Without -q/-Q, statements are read from standard input; each runs\n"
    "when a line ends with ';'.\n";

struct Options {
  std::string trace_path;
  std::string query_file;
  std::string query_string;
  bool has_query = false;
  std::string metrics;  // --run-metrics.
  MetricFormat metrics_format = MetricFormat::kText;
  bool stats = false;
  TraceConfig config;
  bool time_statements = false;
  size_t read_size = 4 << 20;
  HttpdSettings httpd;
  std::vector<std::string> analysis_files;
};

int Fail(const std::string& message) {
  fprintf(stderr, "weft: %s\n", message.c_str());
  return 1;
}

// Handles the HTTP server's flags: 1 if |arg| was one, -1 if its value is
// missing or bad (after printing why), 0 if |arg| is not one of them.
template <typename ValueFn>
int ParseHttpdFlag(const std::string& arg, ValueFn& value, HttpdSettings* httpd) {
  if (arg == "-D" || arg == "--httpd") {
    httpd->enabled = true;
    return 1;
  }
  if (arg == "--allow-sql-file-access") {
    httpd->allow_sql_file_access = true;
    return 1;
  }
  if (arg == "--http-port" || arg == "--http-max-body-mb") {
    const char* v = value(arg.c_str());
    if (!v) return -1;
    char* end = nullptr;
    long n = strtol(v, &end, 10);
    bool port = arg == "--http-port";
    if (*v == '\0' || *end != '\0' || n < (port ? 0 : 1) || n > (port ? 65535 : 4095)) {
      Fail(arg + (port ? " needs a port number (0-65535)" : " needs a size in MiB (1-4095)"));
      return -1;
    }
    if (port) {
      httpd->port = n;
    } else {
      httpd->max_body_bytes = static_cast<size_t>(n) << 20;
    }
    return 1;
  }
  if (arg == "--http-ip-address" || arg == "--http-additional-cors-origins") {
    const char* v = value(arg.c_str());
    if (!v) return -1;
    (arg == "--http-ip-address" ? httpd->ip_address : httpd->extra_origins) = v;
    return 1;
  }
  return 0;
}

bool ParseArgs(int argc, char** argv, Options* opts, int* exit_code) {
  *exit_code = 0;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&](const char* flag) -> const char* {
      if (i + 1 >= argc) {
        *exit_code = Fail(std::string(flag) + " needs a value");
        return nullptr;
      }
      return argv[++i];
    };
    if (arg == "-h" || arg == "--help") {
      fputs(kUsage, stdout);
      return false;
    } else if (arg == "-q" || arg == "--query-file") {
      const char* v = value("-q");
      if (!v) return false;
      opts->query_file = v;
      opts->has_query = true;
    } else if (arg == "-Q" || arg == "--query-string") {
      const char* v = value("-Q");
      if (!v) return false;
      opts->query_string = v;
      opts->has_query = true;
    } else if (arg == "--run-metrics") {
      const char* v = value("--run-metrics");
      if (!v) return false;
      opts->metrics = v;
    } else if (arg == "--metrics-output") {
      const char* v = value("--metrics-output");
      if (!v) return false;
      if (!ParseMetricFormat(v, &opts->metrics_format)) {
        *exit_code = Fail("--metrics-output must be binary, text or json");
        return false;
      }
    } else if (arg == "--stats") {
      opts->stats = true;
    } else if (arg == "--time") {
      opts->time_statements = true;
    } else if (arg == "--read-size") {
      const char* v = value("--read-size");
      if (!v) return false;
      long long n = atoll(v);
      if (n <= 0) {
        *exit_code = Fail("--read-size needs a positive number of bytes");
        return false;
      }
      opts->read_size = static_cast<size_t>(n);
    } else if (arg == "--crop-track-events") {
      opts->config.crop_track_events = true;
    } else if (arg == "--full-sort") {
      opts->config.full_sort = true;
    } else if (arg == "--no-profile-calls") {
      opts->config.no_profile_calls = true;
    } else if (arg == "--single-thread") {
      opts->config.single_thread = true;
    } else if (arg == "--analyze-trace-proto-content") {
      opts->config.analyze_trace_proto_content = true;
    } else if (arg == "--no-ftrace-raw") {
      opts->config.no_ftrace_raw = true;
    } else if (arg == "--derived-events") {
      opts->config.derived_events = true;
    } else if (arg == "--run-analysis") {
      const char* v = value("--run-analysis");
      if (!v) return false;
      opts->analysis_files.push_back(v);
    } else if (arg == "--extra-checks" || arg == "--dev") {
      // Compatibility flags.
    } else if (int handled = ParseHttpdFlag(arg, value, &opts->httpd)) {
      if (handled < 0) {
        *exit_code = 1;
        return false;
      }
    } else if (!arg.empty() && arg[0] == '-') {
      if (opts->httpd.enabled && arg.size() > 2 && arg[1] == '-') {
        // Perfetto's client may pass flags weft does not know.
        fprintf(stderr, "weft: warning: ignoring unknown option %s\n", arg.c_str());
        continue;
      }
      *exit_code = Fail("unknown option " + arg + " (see --help)");
      return false;
    } else if (opts->trace_path.empty()) {
      opts->trace_path = arg;
    } else {
      *exit_code = Fail("more than one trace file given");
      return false;
    }
  }
  if (opts->trace_path.empty() && !opts->httpd.enabled) {
    fputs(kUsage, stderr);
    *exit_code = 1;
    return false;
  }
  return true;
}

bool ReadFile(const std::string& path, std::string* out) {
  FILE* f = fopen(path.c_str(), "rb");
  if (!f) return false;
  char buf[1 << 16];
  size_t n;
  while ((n = fread(buf, 1, sizeof(buf), f)) > 0) out->append(buf, n);
  fclose(f);
  return true;
}

// An analysis file's name without folders and extension.
std::string AnalysisName(const std::string& path) {
  std::string name = path.substr(path.find_last_of('/') + 1);
  size_t dot = name.rfind('.');
  return dot == std::string::npos || dot == 0 ? name : name.substr(0, dot);
}

long PeakRssKb() {
  FILE* f = fopen("/proc/self/status", "r");
  if (!f) return -1;
  char line[256];
  long kb = -1;
  while (fgets(line, sizeof(line), f)) {
    if (strncmp(line, "VmHWM:", 6) == 0) kb = strtol(line + 6, nullptr, 10);
  }
  fclose(f);
  return kb;
}

// The store's memory and its largest parts, for --stats: what a peak RSS
// is made of.
void PrintMemoryParts(const char* title, const std::vector<TraceStorage::MemoryPart>& parts) {
  constexpr size_t kPartsShown = 8;
  constexpr double kMiB = 1024.0 * 1024.0;
  fprintf(stderr, "weft: %s", title);
  for (size_t i = 0; i < parts.size() && i < kPartsShown; ++i) {
    fprintf(stderr, "%s %s %.1f", i ? "," : "", parts[i].name.c_str(),
            static_cast<double>(parts[i].bytes) / kMiB);
  }
  fprintf(stderr, "\n");
}

void PrintStoreMemory(const TraceStorage& storage) {
  char title[64];
  snprintf(title, sizeof(title), "store %.1f MiB:",
           static_cast<double>(storage.MemoryUsage()) / (1024.0 * 1024.0));
  PrintMemoryParts(title, storage.MemoryByPart());
  PrintMemoryParts("largest columns, MiB:", storage.MemoryByColumn());
}

Status LoadTrace(TraceProcessor* tp, const std::string& path, size_t read_size) {
  FILE* f = fopen(path.c_str(), "rb");
  if (!f) return ErrStatus("cannot open %s: %s", path.c_str(), strerror(errno));
  // Small reads: the importer keeps no copy of the file, so this buffer
  // is the only file data in memory.
  std::vector<uint8_t> buf(read_size);
  Status status;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), f)) > 0) {
    status = tp->Parse(buf.data(), n);
    if (!status.ok()) break;
  }
  bool read_error = ferror(f);
  fclose(f);
  if (read_error) return ErrStatus("cannot read %s: %s", path.c_str(), strerror(errno));
  Status end = tp->NotifyEndOfFile();
  if (status.ok()) status = end;
  if (!status.ok()) return ErrStatus("%s: %s", path.c_str(), status.message().c_str());
  // A damaged trace loads what precedes the damage: say so, but go on.
  if (!tp->load_warning().empty()) {
    fprintf(stderr, "weft: warning: %s: %s\n", path.c_str(), tp->load_warning().c_str());
  }
  return Status::Ok();
}

Status RunSql(TraceProcessor* tp, const std::string& sql, bool* printed_any,
              bool time_statements) {
  int index = 0;
  return tp->ExecuteQuery(sql, [&](sqlite3_stmt* stmt) {
    if (*printed_any) fputc('\n', stdout);
    *printed_any = true;
    auto start = std::chrono::steady_clock::now();
    Status s = PrintStatementAsCsv(stmt, stdout);
    if (time_statements) {
      double ms = std::chrono::duration<double, std::milli>(
                      std::chrono::steady_clock::now() - start).count();
      fprintf(stderr, "weft: statement %d: %.3f ms\n", ++index, ms);
    }
    return s;
  });
}

int Interactive(TraceProcessor* tp, bool time_statements) {
  bool tty = isatty(STDIN_FILENO);
  std::string pending;
  char line[1 << 14];
  int status = 0;
  if (tty) fputs("weft> ", stdout);
  while (fgets(line, sizeof(line), stdin)) {
    pending += line;
    std::string trimmed = pending;
    while (!trimmed.empty() && isspace(static_cast<unsigned char>(trimmed.back()))) trimmed.pop_back();
    if (!trimmed.empty() && trimmed.back() == ';') {
      bool printed = false;
      Status s = RunSql(tp, pending, &printed, time_statements);
      if (!s.ok()) {
        fprintf(stderr, "weft: SQL error: %s\n", s.message().c_str());
        status = 1;
      }
      pending.clear();
      fflush(stdout);
    }
    if (tty) fputs(pending.empty() ? "weft> " : "  ...> ", stdout);
  }
  if (!pending.empty()) {
    bool printed = false;
    Status s = RunSql(tp, pending, &printed, time_statements);
    if (!s.ok()) {
      fprintf(stderr, "weft: SQL error: %s\n", s.message().c_str());
      status = 1;
    }
  }
  return status;
}

int Main(int argc, char** argv) {
#ifdef M_MMAP_THRESHOLD
  // Large column blocks live in their own mappings so realloc can grow
  // them with mremap instead of copying (see PodVector).
  mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
  Options opts;
  int exit_code;
  if (!ParseArgs(argc, argv, &opts, &exit_code)) return exit_code;
  if (opts.httpd.enabled) {
#ifdef WEFT_HTTPD
    return RunHttpd(opts.httpd, opts.trace_path, opts.config, opts.read_size);
#else
    return Fail("--httpd is not available in this build (host builds only)");
#endif
  }

  std::string sql = opts.query_string;
  if (!opts.query_file.empty() && !ReadFile(opts.query_file, &sql)) {
    return Fail("cannot read query file " + opts.query_file + ": " + strerror(errno));
  }

  auto tp = std::make_unique<TraceProcessor>(opts.config);
  auto start = std::chrono::steady_clock::now();
  Status load = LoadTrace(tp.get(), opts.trace_path, opts.read_size);
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!load.ok()) return Fail(load.message());
  if (opts.stats) {
    double mb = static_cast<double>(tp->bytes_parsed()) / (1024.0 * 1024.0);
    fprintf(stderr,
            "weft: loaded %.1f MB in %.3f s (%.1f MB/s), %u slices, peak RSS %ld KB"
            " (track layout %.3f s, %u groups; profile calls %.3f s) (analyses %.3f s)\n",
            mb, secs, secs > 0 ? mb / secs : 0.0, tp->storage()->slice.row_count(),
            PeakRssKb(), tp->layout_seconds(), tp->storage()->track_group.row_count(),
            tp->profile_calls_seconds(), tp->analysis_seconds());
    PrintStoreMemory(*tp->storage());
  }

  for (const std::string& path : opts.analysis_files) {
    std::string analysis_sql;
    if (!ReadFile(path, &analysis_sql)) {
      return Fail("cannot read analysis file " + path + ": " + strerror(errno));
    }
    Status run = tp->RunAnalysis(AnalysisName(path), analysis_sql);
    if (!run.ok()) return Fail("analysis " + path + ": " + run.message());
  }

  if (!opts.metrics.empty()) {
    Status m = RunMetricsFlag(tp.get(), opts.metrics, opts.metrics_format);
    if (!m.ok()) return Fail("metrics: " + m.message());
    if (!opts.has_query) return 0;
  }
  if (!opts.has_query) return Interactive(tp.get(), opts.time_statements);
  bool printed = false;
  Status s = RunSql(tp.get(), sql, &printed, opts.time_statements);
  fflush(stdout);
  if (!s.ok()) {
    std::string where = opts.query_file.empty() ? "query" : opts.query_file;
    return Fail("SQL error in " + where + ": " + s.message());
  }
  return 0;
}

}  // namespace
}  // namespace weft

int main(int argc, char** argv) { return weft::Main(argc, argv); }
