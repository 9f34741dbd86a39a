// TrackEventHeader: the leading TrackEvent fields (type, track uuid,
// interned name and category) as the tokenizer read them while looking for
// the event's timestamp, queued in front of the event's bytes. The parser
// starts reading the event where the header stops: this moves work from
// the parser thread, the busier one, to the tokenizer.
#ifndef SRC_IMPORTERS_PROTO_TRACK_EVENT_TRACK_EVENT_HEADER_H_
#define SRC_IMPORTERS_PROTO_TRACK_EVENT_TRACK_EVENT_HEADER_H_

#include <cstdint>
#include <cstring>

#include <protozero/data_view.hpp>

#include "src/storage/string_pool.h"

namespace weft {

struct TrackEventHeader {
  enum Flags : uint8_t { kHasType = 1, kHasTrack = 2, kHasName = 4, kHasCategory = 8 };
  uint8_t flags = 0;
  uint8_t type = 0;  // TrackEvent.Type (the header holds types below 256).
  // Offset of the first field the header does not hold: a field other
  // than a varint type / track_uuid / name_iid / category_iids, an iid the
  // sequence does not resolve, or a second category.
  uint16_t resume = 0;
  StringId name = 0;
  StringId category = 0;
  uint64_t track_uuid = 0;

  // Queued form: flags, type and resume, then only the fields it has
  // (4 to 20 bytes; most events need few: a full-sort trace queues them
  // all at once).
  static constexpr size_t kMaxEncoded = 20;
  size_t Encode(uint8_t* out) const {
    out[0] = flags;
    out[1] = type;
    memcpy(out + 2, &resume, 2);
    size_t n = 4;
    if (flags & kHasName) n += Put(out + n, &name, 4);
    if (flags & kHasCategory) n += Put(out + n, &category, 4);
    if (flags & kHasTrack) n += Put(out + n, &track_uuid, 8);
    return n;
  }
  // Reads the header in front of a queued TrackEvent; returns the event.
  protozero::data_view Decode(protozero::data_view queued) {
    const char* in = queued.data();
    flags = static_cast<uint8_t>(in[0]);
    type = static_cast<uint8_t>(in[1]);
    memcpy(&resume, in + 2, 2);
    size_t n = 4;
    if (flags & kHasName) n += Get(in + n, &name, 4);
    if (flags & kHasCategory) n += Get(in + n, &category, 4);
    if (flags & kHasTrack) n += Get(in + n, &track_uuid, 8);
    return protozero::data_view(in + n, queued.size() - n);
  }

 private:
  static size_t Put(uint8_t* out, const void* v, size_t n) {
    memcpy(out, v, n);
    return n;
  }
  static size_t Get(const char* in, void* v, size_t n) {
    memcpy(v, in, n);
    return n;
  }
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_TRACK_EVENT_TRACK_EVENT_HEADER_H_
