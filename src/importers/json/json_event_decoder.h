// JsonEventDecoder: reads one trace event object into a JsonEvent (fields,
// timestamps converted to ns) and its args, and queues it. Events with
// invalid fields are dropped and counted in `stats`, as Perfetto does.
// A partially available event (chunk boundary) is rolled back completely.
// CPU profile events (phase P, `CpuProfile`) go to the CpuProfileTracker
// instead of the queue.
#ifndef SRC_IMPORTERS_JSON_JSON_EVENT_DECODER_H_
#define SRC_IMPORTERS_JSON_JSON_EVENT_DECODER_H_

#include <string>

#include "src/importers/common/cpu_profile_tracker.h"
#include "src/importers/json/json_args_flattener.h"
#include "src/importers/json/json_cpu_profile_reader.h"
#include "src/importers/json/json_event_queue.h"
#include "src/importers/json/json_lexer.h"
#include "src/storage/recent_strings.h"
#include "src/storage/trace_storage.h"

namespace weft {

class JsonEventDecoder {
 public:
  JsonEventDecoder(TraceStorage* storage, JsonEventQueue* queue, CpuProfileTracker* profiles);

  // Decodes the object at the lexer (which points at '{').
  LexResult Decode(JsonLexer* lexer);

 private:
  struct Fields;
  LexResult ReadFields(JsonLexer* lexer, Fields* f);
  LexResult ReadArgs(JsonLexer* lexer, Fields* f);
  // Validates and completes the event; false if it must be dropped.
  bool Finish(Fields* f);
  bool IsProfileEvent(const JsonEvent& e) const {
    return e.phase == 'P' || (e.name != kNullStringId && e.name == cpu_profile_name_);
  }
  // Hands a profile event's args to the tracker (never queued).
  void DecodeProfile(const Fields& f, const char* end);

  TraceStorage* storage_;
  JsonEventQueue* queue_;
  JsonArgsFlattener flattener_;
  CpuProfileTracker* profiles_;
  JsonCpuProfileReader profile_reader_;
  StringId cpu_profile_name_;
  RecentStrings names_;  // Event names and categories.
  std::string scratch_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_JSON_JSON_EVENT_DECODER_H_
