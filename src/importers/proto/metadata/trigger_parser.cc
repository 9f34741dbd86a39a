// TriggerParser: trigger packets into slices and the trace_trigger key.
#include "src/importers/proto/metadata/trigger_parser.h"

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/chrome/chrome_trigger.fields.h"
#include "protos/perfetto/trace/trigger.fields.h"
#include "src/importers/proto/metadata/chrome_metadata_reader.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {

using namespace proto_wire;  // NOLINT

void TriggerParser::Parse(int64_t ts, protozero::data_view bytes, bool clone_snapshot) {
  namespace t = pb::trigger;
  TraceStorage* s = ctx_->storage;
  StringId name = kNullStringId, producer = kNullStringId;
  bool has_uid = false;
  int32_t uid = 0;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(t::kTriggerName, kBytes): name = s->Intern(View(r.get_view())); break;
      case tag_and_type(t::kProducerName, kBytes): producer = s->Intern(View(r.get_view())); break;
      case tag_and_type(t::kTrustedProducerUid, kVarint):
        uid = r.get_int32();
        has_uid = true;
        break;
      default: r.skip();
    }
  }
  ArgsTable& args = s->args;
  uint32_t set = args.BeginSet();
  if (producer != kNullStringId) {
    StringId key = s->Intern("producer_name");
    args.AddString(set, key, key, producer);
  }
  if (has_uid) {
    StringId key = s->Intern("trusted_producer_uid");
    args.AddInt(set, key, key, uid);
  }
  AddInstant(ts, name, args.FinishSet());

  // The clone snapshot's trigger names the trace; otherwise the first one.
  MetadataTable& metadata = s->metadata;
  StringId key = s->Intern("trace_trigger");
  if (clone_snapshot && named_ != Named::kByCloneSnapshot) {
    s->stats.Set(Stat::traced_clone_trigger_timestamp_ns, ts);
  } else if (clone_snapshot || named_ != Named::kNone) {
    return;
  }
  metadata.SetString(key, s->Intern("single"), name);
  named_ = clone_snapshot ? Named::kByCloneSnapshot : Named::kByTrigger;
}

void TriggerParser::ParseChrome(int64_t ts, protozero::data_view bytes) {
  namespace ct = pb::chrome_trigger;
  TraceStorage* s = ctx_->storage;
  StringId name = kNullStringId;
  uint32_t hash = 0;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(ct::kTriggerName, kBytes): name = s->Intern(View(r.get_view())); break;
      case tag_and_type(ct::kTriggerNameHash, kFixed32): hash = r.get_fixed32(); break;
      default: r.skip();
    }
  }
  ArgsTable& args = s->args;
  uint32_t set = args.BeginSet();
  StringId hash_key = s->Intern("chrome_trigger.name_hash");
  args.AddUint(set, hash_key, hash_key, hash);
  if (name != kNullStringId) {
    StringId name_key = s->Intern("chrome_trigger.name");
    args.AddString(set, name_key, name_key, name);
  }
  AddInstant(ts, name != kNullStringId ? name : s->Intern("chrome_trigger"), args.FinishSet());
  ChromeMetadataReader::SetInt(s, "cr-triggered_rule_name_hash", hash);
}

void TriggerParser::AddInstant(int64_t ts, StringId name, uint32_t arg_set) {
  TraceStorage* s = ctx_->storage;
  if (track_ == Uint32Column::kNull) {
    TrackTable::Row row;
    row.name = s->Intern("Trace Triggers");
    row.type = s->Intern("triggers");
    track_ = s->track.Insert(row, s->Intern("slice"));
  }
  SliceInfo info;
  info.name = name;
  info.arg_set = arg_set;
  Overlap overlap;
  ctx_->slices.Scoped(track_, ts, 0, info, &overlap);
}

}  // namespace weft
