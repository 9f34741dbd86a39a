// UnknownFields: values of undescribed fields and their arg keys.
#include "src/importers/proto/args/unknown_fields.h"

#include "src/base/string_view_util.h"
#include "src/importers/proto/args/arg_key_scope.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {
namespace {

using protozero::pbf_wire_type;

// Well-formed UTF-8 without control characters other than tab and newlines.
bool IsPrintableUtf8(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f) return false;
      ++i;
      continue;
    }
    // Lead byte: 2-, 3- or 4-byte sequence (0xc0/0xc1 and > 0xf4 are never valid).
    size_t extra = (c & 0xe0) == 0xc0 ? 1 : (c & 0xf0) == 0xe0 ? 2 : (c & 0xf8) == 0xf0 ? 3 : 0;
    if (extra == 0 || c == 0xc0 || c == 0xc1 || c > 0xf4 || s.size() - i <= extra) return false;
    for (size_t k = 1; k <= extra; ++k) {
      if ((static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80) return false;
    }
    i += extra + 1;
  }
  return true;
}

}  // namespace

void UnknownFields::Collect(protozero::pbf_reader* r, TraceStorage* storage) {
  Field f{r->tag(), ArgType::kInt, 0};
  switch (r->wire_type()) {
    case pbf_wire_type::varint:
      f.raw = static_cast<int64_t>(r->get_uint64());
      break;
    case pbf_wire_type::fixed64:
      f.raw = static_cast<int64_t>(r->get_fixed64());
      break;
    case pbf_wire_type::fixed32:
      f.raw = r->get_fixed32();
      break;
    case pbf_wire_type::length_delimited: {
      std::string_view bytes = proto_wire::View(r->get_view());
      f.type = ArgType::kString;
      f.raw = IsPrintableUtf8(bytes) ? storage->Intern(bytes)
                                     : storage->Intern(HexEncode(bytes, "0x"));
      break;
    }
    default:  // protozero rejects other wire types before a field is seen.
      r->skip();
      return;
  }
  fields_.push_back(f);
}

void UnknownFields::AddTo(uint32_t set, TraceStorage* storage, const std::string& key,
                          const std::string& flat_key) const {
  std::string k = key, flat = flat_key;
  for (size_t i = 0; i < fields_.size(); ++i) {
    const Field& f = fields_[i];
    size_t count = 0, index = 0;
    for (size_t j = 0; j < fields_.size(); ++j) {
      if (fields_[j].number != f.number) continue;
      if (j < i) ++index;
      ++count;
    }
    ArgKeyScope scope(&k, &flat);
    scope.Member("unknown_fields");
    scope.Member(std::to_string(f.number));
    if (count > 1) scope.Index(index);
    StringId key_id = storage->Intern(k);
    StringId flat_id = flat == k ? key_id : storage->Intern(flat);
    storage->args.Add(set, flat_id, key_id, f.type, f.raw);
  }
}

}  // namespace weft
