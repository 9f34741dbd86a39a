// Helpers over std::string_view used by importers and the shell.
#ifndef SRC_BASE_STRING_VIEW_UTIL_H_
#define SRC_BASE_STRING_VIEW_UTIL_H_

#include <string>
#include <string_view>

namespace weft {

inline bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && s.substr(0, prefix.size()) == prefix;
}

inline bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() &&
         s.substr(s.size() - suffix.size()) == suffix;
}

}  // namespace weft

#endif  // SRC_BASE_STRING_VIEW_UTIL_H_
