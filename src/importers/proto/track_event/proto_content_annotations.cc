// ProtoContentAnnotations: the annotation arg sets, written at end of trace.
#include "src/importers/proto/track_event/proto_content_annotations.h"

namespace weft {

void ProtoContentAnnotations::WriteArgs() {
  if (order_.empty()) return;
  ArgsTable& args = storage_->args;
  StringId category_key = storage_->Intern("event.category");
  StringId name_key = storage_->Intern("event.name");
  for (const auto& [category, name] : order_) {
    uint32_t set = args.BeginSet();
    args.AddString(set, category_key, category_key, category);
    args.AddString(set, name_key, name_key, name);
    args.FinishSet();
  }
  order_.clear();
  seen_.clear();
}

}  // namespace weft
