// ProtoParser::AddMergedTrackDimensions: the dimension args Perfetto gives
// a global descriptor track that merges with same-named siblings (the
// default behaviour, and the default track): its track compressor keys it
// by merge key (type 0: the name), parent uuid and an index among tracks
// that share the key (weft does not split such tracks: always 0).
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

}  // namespace weft
