// JsonEvent: the compact form of one trace event between tokenizing and
// parsing. Tokenizing reads fields and args; JsonEventQueue holds these
// records and orders them by timestamp; the parser turns each into rows. Rare fields live
// in JsonEventExtra so the common record stays small (48 bytes).
#ifndef SRC_IMPORTERS_JSON_JSON_EVENT_H_
#define SRC_IMPORTERS_JSON_JSON_EVENT_H_

#include <cstdint>
#include <limits>

#include "src/storage/args_table.h"
#include "src/storage/string_pool.h"

namespace weft {

constexpr uint32_t kNoIndex = std::numeric_limits<uint32_t>::max();
constexpr int64_t kNoValue = std::numeric_limits<int64_t>::min();

enum JsonEventFlag : uint16_t {
  kPidPresent = 1 << 0,
  kTidPresent = 1 << 1,
  kPidIsString = 1 << 2,
  kTidIsString = 1 << 3,
  kFlowIn = 1 << 4,
  kFlowOut = 1 << 5,
  kBindEnclosing = 1 << 6,  // "bp": "e"
  kHasSideArgs = 1 << 7,    // args decoded into side args, not `args`
};

struct JsonEvent {
  int64_t ts = 0;
  int64_t dur = kNoValue;
  uint32_t pid = 0;
  uint32_t tid = 0;
  StringId name = kNullStringId;
  StringId cat = kNullStringId;
  uint32_t arg_set = kNoIndex;  // Args table set, or side-arg range start.
  uint32_t extra = kNoIndex;    // Index into the extras, if any.
  char phase = 0;
  char scope = 0;  // Instant scope: 'g', 'p', 't' or 0.
  uint16_t flags = 0;
};

enum class JsonIdKind : uint8_t { kNone, kInt, kString };

struct JsonId {
  JsonIdKind kind = JsonIdKind::kNone;
  uint64_t value = 0;  // The integer, or the StringId of the string.
};

struct JsonEventExtra {
  int64_t tts = kNoValue;
  int64_t tdur = kNoValue;
  JsonId id;          // "id"
  JsonId id2_local;   // "id2": {"local": ...}
  JsonId id2_global;  // "id2": {"global": ...}
  JsonId bind_id;     // "bind_id"
  StringId pid_name = kNullStringId;  // String pids/tids name their entity.
  StringId tid_name = kNullStringId;
  uint32_t side_arg_count = 0;
};

// A top-level arg kept aside for phases whose args are data, not
// annotations (C values, M names, thread_state details).
struct SideArg {
  StringId key;
  ArgType type;
  int64_t raw;  // int, bool, StringId, or double bits.
};

}  // namespace weft

#endif  // SRC_IMPORTERS_JSON_JSON_EVENT_H_
