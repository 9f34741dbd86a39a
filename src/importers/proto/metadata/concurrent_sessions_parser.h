// ConcurrentSessionsParser: TracePacket.concurrent_session_event, the
// tracing service's record of other tracing sessions, as in Perfetto: one
// state track per session id (type concurrent_tracing_sessions, named by
// the session name of its first event, "Session <id>" when unnamed, with a
// " (clone)" suffix when that event is CLONED_READ_ONLY); each event is a
// state (CONFIGURED, STARTED, DISABLING_WAITING_STOP_ACKS,
// CLONED_READ_ONLY, DISABLED) with args consumer_uid and
// num_data_sources. DISABLED is final: a zero-length state.
#ifndef SRC_IMPORTERS_PROTO_METADATA_CONCURRENT_SESSIONS_PARSER_H_
#define SRC_IMPORTERS_PROTO_METADATA_CONCURRENT_SESSIONS_PARSER_H_

#include <cstdint>
#include <unordered_map>

#include <protozero/data_view.hpp>

#include "src/importers/common/state_tracker.h"
#include "src/storage/trace_storage.h"

namespace weft {

class ConcurrentSessionsParser {
 public:
  ConcurrentSessionsParser(TraceStorage* storage, StateTracker* states)
      : storage_(storage), states_(states) {}
  void Parse(int64_t ts, protozero::data_view event);

 private:
  uint32_t SessionTrack(uint64_t session_id, std::string_view name, bool clone);

  TraceStorage* storage_;
  StateTracker* states_;
  std::unordered_map<uint64_t, uint32_t> tracks_;  // By session id.
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_METADATA_CONCURRENT_SESSIONS_PARSER_H_
