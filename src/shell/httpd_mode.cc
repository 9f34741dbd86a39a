// See httpd_mode.h.
#include "src/shell/httpd_mode.h"

#include <cstdio>

#include <protozero/pbf_writer.hpp>

#include "protos/perfetto/trace_processor/trace_processor.fields.h"
#include "src/httpd/access_policy.h"
#include "src/httpd/http_server.h"
#include "src/httpd/rpc_endpoints.h"
#include "wasm/no_file_vfs.h"

namespace weft {
namespace {

// The shell's trace options as the Rpc's ResetTraceProcessorArgs.
std::string ResetArgs(const TraceConfig& config) {
  namespace reset = pb::reset_trace_processor_args;
  std::string args;
  protozero::pbf_writer w(args);
  if (config.crop_track_events) {
    w.add_enum(reset::kDropTrackEventDataBefore,
               pb::reset_trace_processor_args_drop_track_event_data_before::
                   kTrackEventRangeOfInterest);
  }
  if (config.analyze_trace_proto_content) w.add_bool(reset::kAnalyzeTraceProtoContent, true);
  if (config.full_sort) w.add_bool(reset::kWeftFullSort, true);
  if (config.no_profile_calls) w.add_bool(reset::kWeftNoProfileCalls, true);
  return args;
}

}  // namespace

int RunHttpd(const HttpdSettings& settings, const std::string& trace_path,
             const TraceConfig& config, size_t read_size) {
  // Before the Rpc opens its SQLite connection: ATTACH and VACUUM INTO then
  // fail to open any file (load_extension is compiled out of SQLite).
  if (!settings.allow_sql_file_access) RegisterNoFileVfs();
  RpcEndpoints endpoints;
  std::string reset_args = ResetArgs(config);
  if (!reset_args.empty()) endpoints.Reset(reset_args);
  if (!trace_path.empty()) {
    fprintf(stderr, "weft: loading %s\n", trace_path.c_str());
    Status status = endpoints.LoadTraceFile(trace_path, read_size);
    if (!status.ok()) {
      fprintf(stderr, "weft: %s\n", status.message().c_str());
      return 1;
    }
  }
  HttpServerOptions options;
  options.address = settings.ip_address;
  options.port = static_cast<uint16_t>(settings.port);
  options.extra_origins = SplitOriginList(settings.extra_origins);
  options.max_body_bytes = settings.max_body_bytes;
  return RunHttpServer(options, &endpoints);
}

}  // namespace weft
