// ConcurrentSessionsParser: session state changes into state tracks.
#include "src/importers/proto/metadata/concurrent_sessions_parser.h"

#include <string>

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/perfetto/concurrent_session_event.fields.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {

using namespace proto_wire;  // NOLINT
namespace cse = pb::concurrent_session_event;

namespace {

// The state's name, nullptr for STATE_UNSPECIFIED or an unknown state.
const char* StateName(uint32_t state) {
  namespace st = pb::concurrent_session_event_state;
  switch (state) {
    case st::kDisabled: return "DISABLED";
    case st::kConfigured: return "CONFIGURED";
    case st::kStarted: return "STARTED";
    case st::kDisablingWaitingStopAcks: return "DISABLING_WAITING_STOP_ACKS";
    case st::kClonedReadOnly: return "CLONED_READ_ONLY";
    default: return nullptr;
  }
}

}  // namespace

void ConcurrentSessionsParser::Parse(int64_t ts, protozero::data_view bytes) {
  uint32_t state = 0;
  std::string_view name;
  uint64_t session_id = 0;
  int64_t consumer_uid = 0, num_data_sources = 0;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(cse::kState, kVarint): state = r.get_uint32(); break;
      case tag_and_type(cse::kSessionName, kBytes): name = View(r.get_view()); break;
      case tag_and_type(cse::kSessionId, kVarint): session_id = r.get_uint64(); break;
      case tag_and_type(cse::kConsumerUid, kVarint): consumer_uid = r.get_int32(); break;
      case tag_and_type(cse::kNumDataSources, kVarint): num_data_sources = r.get_uint32(); break;
      default: r.skip();
    }
  }
  const char* state_name = StateName(state);
  if (!state_name) {
    storage_->stats.Increment(Stat::concurrent_session_event_unknown_state);
    return;
  }
  namespace st = pb::concurrent_session_event_state;
  uint32_t track = SessionTrack(session_id, name, state == st::kClonedReadOnly);
  states_->Change(track, ts, kNullStringId, storage_->Intern(state_name));
  ArgsTable& args = storage_->args;
  uint32_t set = args.BeginSet();
  StringId uid_key = storage_->Intern("consumer_uid");
  StringId sources_key = storage_->Intern("num_data_sources");
  args.AddInt(set, uid_key, uid_key, consumer_uid);
  args.AddInt(set, sources_key, sources_key, num_data_sources);
  StateTable& rows = storage_->state;
  rows.arg_set_id.Set(rows.row_count() - 1, args.FinishSet());
  // A disabled session never starts again: its state ends where it begins.
  if (state == st::kDisabled) states_->Change(track, ts, kNullStringId, kNullStringId);
}

uint32_t ConcurrentSessionsParser::SessionTrack(uint64_t session_id, std::string_view name,
                                                bool clone) {
  auto [it, inserted] = tracks_.emplace(session_id, 0);
  if (!inserted) return it->second;
  std::string track_name =
      name.empty() ? "Session " + std::to_string(session_id) : std::string(name);
  if (clone) track_name += " (clone)";
  TrackTable::Row row;
  row.name = storage_->Intern(track_name);
  row.type = storage_->Intern("concurrent_tracing_sessions");
  row.event_type = TrackEventType::kState;
  ArgsTable& args = storage_->args;
  uint32_t dims = args.BeginSet();
  StringId key = storage_->Intern("session_id");
  args.AddInt(dims, key, key, static_cast<int64_t>(session_id));
  row.dimension_arg_set_id = args.FinishSet();
  it->second = storage_->track.Insert(row, storage_->Intern("state"));
  return it->second;
}

}  // namespace weft
