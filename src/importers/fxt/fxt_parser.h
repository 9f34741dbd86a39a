// FxtParser: turns decoded FXT events, in timestamp order, into rows —
// slices on thread tracks (duration, instant), on async tracks keyed by
// (process, name, correlation id), process counter tracks, flows, args,
// process / thread names, and (FxtSchedParser) scheduling records, log
// records into android_logs — following Perfetto's FXT importer.
#ifndef SRC_IMPORTERS_FXT_FXT_PARSER_H_
#define SRC_IMPORTERS_FXT_FXT_PARSER_H_

#include <cstdint>
#include <string>
#include <unordered_map>

#include "src/importers/common/async_track_set.h"
#include "src/importers/common/trace_context.h"
#include "src/importers/fxt/fxt_sched_parser.h"
#include "src/importers/fxt/fxt_tokenizer.h"

namespace weft {

class FxtParser {
 public:
  FxtParser(TraceContext* context, FxtEventQueue* queue);

  // Parses every queued event in timestamp order, then empties the queue.
  void ParseAll();

 private:
  // Room in the tables for the rows the queued events make at most.
  void ReserveRows();
  void Parse(const FxtEvent& e);
  void ParseCounter(const FxtEvent& e);
  void ParseAsync(const FxtEvent& e);
  void ParseFlow(const FxtEvent& e);
  void ParseLog(const FxtEvent& e);
  void ParseBlob(const FxtEvent& e);
  // The track of counter series <event>:<argument>:<counter id> of a
  // process (names built and interned once per series).
  uint32_t CounterTrack(uint32_t upid, const FxtEvent& e, StringId arg_name);
  // The event's args as a new arg set (Uint32Column::kNull if none).
  uint32_t ArgSet(const FxtEvent& e);
  // Its extra word (FxtEvent::has_extra()).
  uint64_t Extra(const FxtEvent& e) const { return ExtraOf(e, queue_->args); }

  TraceContext* ctx_;
  TraceStorage* storage_;
  FxtEventQueue* queue_;
  AsyncTrackSet async_tracks_;
  FxtSchedParser sched_;
  StringId type_counter_, type_async_;
  std::string name_buf_;
  struct CounterKey {
    uint32_t upid;
    StringId event_name, arg_name;
    uint64_t counter_id;
    bool operator==(const CounterKey& o) const {
      return upid == o.upid && event_name == o.event_name && arg_name == o.arg_name &&
             counter_id == o.counter_id;
    }
  };
  struct CounterKeyHash {
    size_t operator()(const CounterKey& k) const;
  };
  std::unordered_map<CounterKey, uint32_t, CounterKeyHash> counter_tracks_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_FXT_FXT_PARSER_H_
