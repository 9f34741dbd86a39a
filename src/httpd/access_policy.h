// AccessPolicy: which browser pages may talk to the HTTP server (CORS and
// WebSocket Origin allowlist) and which Host names it answers to (against
// DNS rebinding while it listens on loopback only).
#ifndef SRC_HTTPD_ACCESS_POLICY_H_
#define SRC_HTTPD_ACCESS_POLICY_H_

#include <string>
#include <string_view>
#include <vector>

namespace weft {

class AccessPolicy {
 public:
  // Always allowed: the Perfetto UI and any page on this machine (the weft
  // viewer served by tools/serve is http://localhost:PORT).
  static const std::vector<std::string>& DefaultOrigins();

  // |extra_origins|: exact origins ("https://example.com") or origins with
  // any port ("http://myhost:*"). |loopback_only|: check Host headers.
  AccessPolicy(const std::vector<std::string>& extra_origins, bool loopback_only);

  // Whether a request with this Origin header may be served; requests
  // without one (curl, Python) have no page to protect.
  bool AllowsOrigin(std::string_view origin) const;

  // Whether a request with this Host header may be served: anything when
  // the server listens beyond loopback, else only loopback names.
  bool AllowsHost(std::string_view host) const;

 private:
  std::vector<std::string> origins_;
  bool loopback_only_;
};

// Splits "a,b, c" into its non-empty, trimmed items.
std::vector<std::string> SplitOriginList(std::string_view list);

}  // namespace weft

#endif  // SRC_HTTPD_ACCESS_POLICY_H_
