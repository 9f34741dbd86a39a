// The dimension args Perfetto gives tracks its track compressor makes:
// AddMergedTrackDimensions for a global descriptor track that merges with
// same-named siblings (the default behaviour, and the default track), keyed
// by merge key (type 0: the name), parent uuid and an index among tracks
// that share the key (weft does not split such tracks: always 0);
// AddLegacyAsyncTrackArgs for the tracks of legacy async events.
#include "src/base/hash.h"
#include "src/importers/proto/proto_parser.h"

namespace weft {

void ProtoParser::AddMergedTrackDimensions(uint32_t track, StringId name, uint64_t parent_uuid) {
  TraceStorage* s = storage_;
  ArgsTable& args = s->args;
  uint32_t set = args.BeginSet();
  StringId key_type = s->Intern("merge_key_type"), key_value = s->Intern("merge_key_value"),
           key_parent = s->Intern("parent_track_uuid"),
           key_index = s->Intern("track_compressor_idx");
  args.AddInt(set, key_type, key_type, 0);
  args.AddString(set, key_value, key_value, name);
  args.AddInt(set, key_parent, key_parent, static_cast<int64_t>(parent_uuid));
  args.AddInt(set, key_index, key_index, 0);
  s->track.dimension_arg_set_id.Set(track, args.FinishSet());
}

void ProtoParser::AddLegacyAsyncTrackArgs(uint32_t track, uint32_t upid, StringId scope,
                                          StringId name, uint32_t event_upid) {
  TraceStorage* s = storage_;
  ArgsTable& args = s->args;
  StringId key_upid = s->Intern("upid"), key_scope = s->Intern("scope"),
           key_name = s->Intern("name"), key_index = s->Intern("track_compressor_idx");
  // Dimensions: which track this is. Tracks of equal dimensions (ids
  // overlapping in time) are told apart by their index.
  bool process_scoped = upid != Uint32Column::kNull;
  uint64_t dims_key = HashCombine(HashCombine(upid, scope), name);
  uint32_t index = async_tracks_by_dimensions_[dims_key]++;
  uint32_t dims = args.BeginSet();
  if (process_scoped) args.AddInt(dims, key_upid, key_upid, upid);
  args.AddString(dims, key_scope, key_scope, scope);
  args.AddString(dims, key_name, key_name, name);
  args.AddInt(dims, key_index, key_index, index);
  s->track.dimension_arg_set_id.Set(track, args.FinishSet());
  // Source: what the events said.
  StringId key_source_scope = s->Intern("source_scope"),
           key_process_scoped = s->Intern("trace_id_is_process_scoped");
  uint32_t source = args.BeginSet();
  args.AddString(source, key_source_, key_source_, s->Intern("chrome"));
  args.AddBool(source, key_process_scoped, key_process_scoped, process_scoped);
  args.AddInt(source, key_upid, key_upid, event_upid != Uint32Column::kNull ? event_upid : 0);
  args.AddString(source, key_source_scope, key_source_scope, scope);
  s->track.source_arg_set_id.Set(track, args.FinishSet());
}

}  // namespace weft
