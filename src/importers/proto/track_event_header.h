// TrackEventHeader: the leading TrackEvent fields (type, track uuid,
// interned name and category) as the tokenizer read them while looking for
// the event's timestamp, queued in front of the event's bytes. The parser
// starts reading the event where the header stops: this moves work from
// the parser thread, the busier one, to the tokenizer.
#ifndef SRC_IMPORTERS_PROTO_TRACK_EVENT_HEADER_H_
#define SRC_IMPORTERS_PROTO_TRACK_EVENT_HEADER_H_

#include <cstdint>
#include <cstring>

#include <protozero/data_view.hpp>

#include "src/storage/string_pool.h"

namespace weft {

struct TrackEventHeader {
  enum Flags : uint8_t { kHasType = 1, kHasTrack = 2, kHasName = 4, kHasCategory = 8 };
  uint64_t track_uuid;
  StringId name;
  StringId category;
  uint32_t type;
  // Offset of the first field the header does not hold: a field other
  // than a varint type / track_uuid / name_iid / category_iids, an iid the
  // sequence does not resolve, or a second category.
  uint16_t resume;
  uint8_t flags;
  uint8_t unused;
};
static_assert(sizeof(TrackEventHeader) == 24, "queued in front of every TrackEvent");

// Splits a queued TrackEvent into its header and the event's bytes.
inline protozero::data_view ReadTrackEventHeader(protozero::data_view queued,
                                                 TrackEventHeader* header) {
  memcpy(header, queued.data(), sizeof(TrackEventHeader));
  return protozero::data_view(queued.data() + sizeof(TrackEventHeader),
                              queued.size() - sizeof(TrackEventHeader));
}

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_TRACK_EVENT_HEADER_H_
