// See access_policy.h.
#include "src/httpd/access_policy.h"

#include <cctype>

namespace weft {
namespace {

constexpr std::string_view kAnyPort = ":*";

bool IsPort(std::string_view s) {
  if (s.empty() || s.size() > 5) return false;
  for (char c : s) {
    if (!isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

// "http://localhost:*" matches "http://localhost", "http://localhost:8000".
bool Matches(std::string_view pattern, std::string_view origin) {
  if (pattern.size() < kAnyPort.size() ||
      pattern.substr(pattern.size() - kAnyPort.size()) != kAnyPort) {
    return pattern == origin;
  }
  std::string_view base = pattern.substr(0, pattern.size() - kAnyPort.size());
  if (origin.substr(0, base.size()) != base) return false;
  std::string_view rest = origin.substr(base.size());
  return rest.empty() || (rest[0] == ':' && IsPort(rest.substr(1)));
}

}  // namespace

const std::vector<std::string>& AccessPolicy::DefaultOrigins() {
  static const std::vector<std::string> kOrigins = {
      "https://ui.perfetto.dev",
      "http://localhost:*",
      "http://127.0.0.1:*",
      "http://[::1]:*",
  };
  return kOrigins;
}

AccessPolicy::AccessPolicy(const std::vector<std::string>& extra_origins,
                           bool loopback_only)
    : origins_(DefaultOrigins()), loopback_only_(loopback_only) {
  origins_.insert(origins_.end(), extra_origins.begin(), extra_origins.end());
}

bool AccessPolicy::AllowsOrigin(std::string_view origin) const {
  if (origin.empty()) return true;
  for (const std::string& pattern : origins_) {
    if (Matches(pattern, origin)) return true;
  }
  return false;
}

bool AccessPolicy::AllowsHost(std::string_view host) const {
  if (!loopback_only_ || host.empty()) return true;  // Browsers always send Host.
  for (std::string_view name : {"localhost", "127.0.0.1", "[::1]"}) {
    if (host.substr(0, name.size()) != name) continue;
    std::string_view rest = host.substr(name.size());
    if (rest.empty() || (rest[0] == ':' && IsPort(rest.substr(1)))) return true;
  }
  return false;
}

std::vector<std::string> SplitOriginList(std::string_view list) {
  std::vector<std::string> out;
  while (!list.empty()) {
    size_t comma = list.find(',');
    std::string_view item = list.substr(0, comma);
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    while (!item.empty() && isspace(static_cast<unsigned char>(item.front()))) item.remove_prefix(1);
    while (!item.empty() && isspace(static_cast<unsigned char>(item.back()))) item.remove_suffix(1);
    if (!item.empty()) out.emplace_back(item);
  }
  return out;
}

}  // namespace weft
