// FxtParser: turns decoded FXT events, in timestamp order, into rows —
// slices on thread tracks (duration, instant), on async tracks keyed by
// (process, name, correlation id), process counter tracks, flows, args,
// process / thread names, and (FxtSchedParser) scheduling records, log
// records into android_logs — following Perfetto's FXT importer.
#ifndef SRC_IMPORTERS_FXT_FXT_PARSER_H_
#define SRC_IMPORTERS_FXT_FXT_PARSER_H_

#include <string>

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
  void Parse(const FxtEvent& e);
  void ParseCounter(const FxtEvent& e);
  void ParseAsync(const FxtEvent& e);
  void ParseFlow(const FxtEvent& e);
  void ParseLog(const FxtEvent& e);
  void ParseBlob(const FxtEvent& e);
  // The event's args as a new arg set (Uint32Column::kNull if none).
  uint32_t ArgSet(const FxtEvent& e);

  TraceContext* ctx_;
  TraceStorage* storage_;
  FxtEventQueue* queue_;
  AsyncTrackSet async_tracks_;
  FxtSchedParser sched_;
  StringId type_counter_, type_async_;
  std::string name_buf_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_FXT_FXT_PARSER_H_
