// Task states as sched_switch reports them (prev_state), in Perfetto's
// letters: "R" runnable, "R+" preempted, "S" sleeping, "D" uninterruptible
// ("disk") sleep, "T" stopped, "t" traced, "X" dead, "Z" zombie, "P"
// parked, "x" task dead, "K" wakekill, "W" waking, "N" noload, "I" idle;
// several letters may combine ("DK"); at most three are kept, as Perfetto
// does. An unreadable state is "?" . Reference: docs/formats/systrace.md.
#ifndef SRC_IMPORTERS_COMMON_TASK_STATE_H_
#define SRC_IMPORTERS_COMMON_TASK_STATE_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace weft {

struct KernelVersion {
  int major = 4;  // Traces that do not say are read as 4.4, as Perfetto does.
  int minor = 4;
};

// The kernel's raw prev_state bits: their meaning changed in 4.8 and 4.14.
std::string TaskStateFromRaw(uint64_t raw, KernelVersion version);
// The text form ("S", "R+", "D|K"); "" when empty.
std::string TaskStateFromText(std::string_view text);
// "5.10.43-android12-9" → 5.10; false if |release| has no "N.N".
bool ParseKernelVersion(std::string_view release, KernelVersion* version);

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_TASK_STATE_H_
