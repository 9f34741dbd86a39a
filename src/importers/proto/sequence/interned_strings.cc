// ReadInternedString: the iid/bytes pair of the interned string messages.
#include "src/importers/proto/sequence/interned_strings.h"

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/interned_data/interned_data.fields.h"
#include "protos/perfetto/trace/track_event/debug_annotation.fields.h"
#include "protos/perfetto/trace/track_event/track_event.fields.h"
#include "src/base/string_view_util.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {
namespace {

using namespace proto_wire;  // NOLINT

static_assert(pb::event_category::kIid == pb::event_name::kIid &&
                  pb::event_category::kName == pb::event_name::kName &&
                  pb::debug_annotation_name::kIid == pb::event_name::kIid &&
                  pb::debug_annotation_name::kName == pb::event_name::kName &&
                  pb::interned_string::kIid == pb::event_name::kIid &&
                  pb::interned_string::kStr == pb::event_name::kName,
              "interned string messages: iid = 1, bytes = 2");

}  // namespace

void ReadInternedString(protozero::data_view entry, TraceStorage* storage, StringId missing,
                        InternedBytes as, IidMap<StringId>* map) {
  uint64_t iid = 0;
  StringId value = missing;
  protozero::pbf_reader r(entry);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(pb::event_name::kIid, kVarint):
        iid = r.get_uint64();
        break;
      case tag_and_type(pb::event_name::kName, kBytes): {
        std::string_view bytes = View(r.get_view());
        value = as == InternedBytes::kHex ? storage->Intern(HexEncode(bytes))
                                          : storage->Intern(bytes);
        break;
      }
      default:
        r.skip();
    }
  }
  map->Set(iid, value);
}

}  // namespace weft
