// JsonParser: turns time-ordered JsonEvents into rows — slices on thread,
// async and instant tracks, counters, flows, thread names, thread states —
// following Perfetto's semantics for each phase so queries agree.
#ifndef SRC_IMPORTERS_JSON_JSON_PARSER_H_
#define SRC_IMPORTERS_JSON_JSON_PARSER_H_

#include <string>
#include <unordered_map>
#include <vector>

#include "src/importers/common/async_track_set.h"
#include "src/importers/common/trace_context.h"
#include "src/importers/json/json_event_queue.h"

namespace weft {

class JsonParser {
 public:
  JsonParser(TraceContext* context, JsonEventQueue* queue);

  // Parses every queued event in timestamp order, then empties the queue.
  void ParseAll();

 private:
  void Parse(const JsonEvent& e);
  void ParseComplete(const JsonEvent& e, const JsonEventExtra* extra, uint32_t utid);
  void ParseInstant(const JsonEvent& e, const JsonEventExtra* extra, uint32_t utid, uint32_t upid);
  void ParseAsync(const JsonEvent& e, const JsonEventExtra* extra, char phase, uint32_t upid);
  void ParseFlowV1(const JsonEvent& e, const JsonEventExtra* extra, uint32_t utid);
  void ParseCounter(const JsonEvent& e, const JsonEventExtra* extra, uint32_t upid);
  void ParseMetadata(const JsonEvent& e, const JsonEventExtra* extra, uint32_t utid, uint32_t upid);
  void ParseThreadState(const JsonEvent& e, const JsonEventExtra* extra, uint32_t utid);
  void BindFlowV2(const JsonEvent& e, const JsonEventExtra* extra, uint32_t slice);
  void LogOverlap(const JsonEvent& e, uint32_t conflicting, StringId log_name);
  // Forgets the args of an event that produced no row referencing them.
  void DropArgs(const JsonEvent& e);

  const SideArg* SideArgs(const JsonEvent& e, const JsonEventExtra* extra,
                          size_t* count) const;
  const SideArg* FindSideArg(const JsonEvent& e, const JsonEventExtra* extra,
                             std::string_view key) const;
  StringId SliceName(StringId name) const {
    return name == kNullStringId ? no_name_ : name;
  }

  TraceContext* ctx_;
  TraceStorage* storage_;
  JsonEventQueue* queue_;
  StringId no_name_, type_async_process_, type_async_global_, type_json_counter_;
  StringId thread_state_cat_, running_, error_, phase_x_;
  StringId key_event_name_, key_event_phase_, key_overlap_start_, key_overlap_end_,
      key_conflicting_name_, key_conflicting_ts_, key_conflicting_dur_;
  StringId log_spill_, log_drop_, process_sort_hint_, thread_sort_hint_;
  AsyncTrackSet async_tracks_;
  std::string name_buf_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_JSON_JSON_PARSER_H_
