// `weft --httpd`: the shell's flags for the HTTP server and the code that
// loads the command line's trace and serves it (src/httpd).
#ifndef SRC_SHELL_HTTPD_MODE_H_
#define SRC_SHELL_HTTPD_MODE_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "src/trace/trace_config.h"

namespace weft {

struct HttpdSettings {
  bool enabled = false;                // -D / --httpd
  std::string ip_address = "127.0.0.1";  // --http-ip-address
  long port = 9001;                    // --http-port
  std::string extra_origins;           // --http-additional-cors-origins
  size_t max_body_bytes = 64u << 20;   // --http-max-body-mb
  bool allow_sql_file_access = false;  // --allow-sql-file-access
};

// Loads |trace_path| (if not empty) with |config|, then serves until
// SIGINT/SIGTERM. Returns the exit code.
int RunHttpd(const HttpdSettings& settings, const std::string& trace_path,
             const TraceConfig& config, size_t read_size);

}  // namespace weft

#endif  // SRC_SHELL_HTTPD_MODE_H_
