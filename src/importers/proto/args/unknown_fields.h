// UnknownFields: fields of a typed TrackEvent message that no descriptor
// describes, gathered while ProtoArgsWriter walks the message and then kept
// as args "unknown_fields.<number>" (weft's naming; Perfetto drops them).
#ifndef SRC_IMPORTERS_PROTO_ARGS_UNKNOWN_FIELDS_H_
#define SRC_IMPORTERS_PROTO_ARGS_UNKNOWN_FIELDS_H_

#include <cstdint>
#include <string>
#include <vector>

#include <protozero/pbf_reader.hpp>

#include "src/storage/trace_storage.h"

namespace weft {

class UnknownFields {
 public:
  // Reads the current field of |r|. Its value, since no schema says more:
  // varint and fixed values as int (two's complement, like int64);
  // length-delimited bytes as a string when they are printable UTF-8, else
  // as "0x" and lowercase hex (a nested message cannot be told from bytes).
  void Collect(protozero::pbf_reader* r, TraceStorage* storage);
  bool empty() const { return fields_.empty(); }

  // Adds the collected fields to |set| under |key| / |flat_key| (the
  // enclosing message's keys): "<key>.unknown_fields.<number>", with "[i]"
  // in `key` when a number occurs more than once.
  void AddTo(uint32_t set, TraceStorage* storage, const std::string& key,
             const std::string& flat_key) const;

 private:
  struct Field {
    uint32_t number;
    ArgType type;
    int64_t raw;  // The int, or the string's StringId.
  };
  std::vector<Field> fields_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_ARGS_UNKNOWN_FIELDS_H_
