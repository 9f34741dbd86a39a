// WakesourceTracker: the kernel's wakeup_source_activate / _deactivate events
// (kernel wakelocks) as slices "Wakelock(<name>)" on a global track of the
// same name, as Perfetto shows them. A wakeup source may be activated again
// while active: its slice ends with the deactivate that balances the first
// activate. A deactivate of a source not active (activated before the trace
// began) makes no slice and is counted.
#ifndef SRC_IMPORTERS_COMMON_WAKESOURCE_TRACKER_H_
#define SRC_IMPORTERS_COMMON_WAKESOURCE_TRACKER_H_

#include <cstdint>
#include <string_view>
#include <unordered_map>

#include "src/importers/common/trace_context.h"

namespace weft {

class WakesourceTracker {
 public:
  explicit WakesourceTracker(TraceContext* context) : ctx_(context) {}

  void Activate(int64_t ts, std::string_view name);
  void Deactivate(int64_t ts, std::string_view name);

 private:
  struct Source {
    uint32_t track = 0;
    uint32_t active = 0;  // Activates not yet balanced by a deactivate.
  };
  TraceContext* ctx_;
  std::unordered_map<StringId, Source> sources_;  // By slice name.
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_WAKESOURCE_TRACKER_H_
