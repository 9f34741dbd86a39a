// ReadInternedString: one InternedData entry shaped like EventName (iid = 1,
// bytes = 2) — EventName, EventCategory, DebugAnnotationName and
// InternedString all are — into a sequence's map of string ids.
#ifndef SRC_IMPORTERS_PROTO_SEQUENCE_INTERNED_STRINGS_H_
#define SRC_IMPORTERS_PROTO_SEQUENCE_INTERNED_STRINGS_H_

#include <protozero/data_view.hpp>

#include "src/importers/proto/sequence/iid_map.h"
#include "src/storage/trace_storage.h"

namespace weft {

// How the entry's bytes are stored: as text, or hex-encoded (build ids).
enum class InternedBytes { kText, kHex };

// Maps the entry's iid to its interned bytes, or to |missing| when it has
// none. Throws protozero::exception on malformed bytes.
void ReadInternedString(protozero::data_view entry, TraceStorage* storage, StringId missing,
                        InternedBytes as, IidMap<StringId>* map);

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_SEQUENCE_INTERNED_STRINGS_H_
