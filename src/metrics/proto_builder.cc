// Proto builder SQL functions (see proto_builder.h).
#include "src/metrics/proto_builder.h"

#include <cstring>
#include <string>
#include <vector>

#include <protozero/pbf_writer.hpp>

#include "protos/perfetto/common/descriptor.fields.h"
#include "src/base/numeric.h"

namespace weft {

const char kMetricsPackage[] = ".perfetto.protos.";

namespace {

namespace ft = pb::field_descriptor_proto_type;

// A RepeatedField() result: this marker, then one entry per value:
// type byte (SQLITE_INTEGER / FLOAT / TEXT / BLOB), then 8 bytes for
// numbers or a 4-byte length and the bytes.
constexpr char kRepeatedMarker[] = "\xffweft-repeated\x01";
constexpr size_t kMarkerSize = sizeof(kRepeatedMarker) - 1;

struct Builder {
  const DescriptorPool* pool;
  std::string message;  // Full name.
};

// One value of a field, decoded from SQLite or a RepeatedField entry.
struct Value {
  int type = SQLITE_NULL;
  int64_t i = 0;
  double d = 0;
  std::string s;
};

Value FromSqlite(sqlite3_value* v) {
  Value out;
  out.type = sqlite3_value_type(v);
  if (out.type == SQLITE_INTEGER) out.i = sqlite3_value_int64(v);
  if (out.type == SQLITE_FLOAT) out.d = sqlite3_value_double(v);
  if (out.type == SQLITE_TEXT || out.type == SQLITE_BLOB) {
    const void* p = out.type == SQLITE_TEXT ? static_cast<const void*>(sqlite3_value_text(v))
                                            : sqlite3_value_blob(v);
    out.s.assign(static_cast<const char*>(p ? p : ""), static_cast<size_t>(sqlite3_value_bytes(v)));
  }
  return out;
}

bool IsRepeatedBlob(const Value& v) {
  return v.type == SQLITE_BLOB && v.s.size() >= kMarkerSize &&
         std::memcmp(v.s.data(), kRepeatedMarker, kMarkerSize) == 0;
}

bool DecodeRepeated(const std::string& blob, std::vector<Value>* out) {
  size_t pos = kMarkerSize;
  while (pos < blob.size()) {
    Value v;
    v.type = static_cast<unsigned char>(blob[pos++]);
    if (v.type == SQLITE_INTEGER || v.type == SQLITE_FLOAT) {
      if (pos + 8 > blob.size()) return false;
      std::memcpy(v.type == SQLITE_INTEGER ? static_cast<void*>(&v.i) : &v.d, &blob[pos], 8);
      pos += 8;
    } else {
      uint32_t len;
      if (pos + 4 > blob.size()) return false;
      std::memcpy(&len, &blob[pos], 4);
      pos += 4;
      if (pos + len > blob.size()) return false;
      v.s = blob.substr(pos, len);
      pos += len;
    }
    out->push_back(std::move(v));
  }
  return true;
}

int64_t AsInt(const Value& v) { return v.type == SQLITE_FLOAT ? SaturatingInt64(v.d) : v.i; }
double AsDouble(const Value& v) { return v.type == SQLITE_FLOAT ? v.d : static_cast<double>(v.i); }

// Writes one value of |field| (number |num|); false with |error| on a type
// mismatch.
bool WriteValue(const DescriptorPool& pool, const ProtoFieldInfo& field, uint32_t num,
                const Value& v, protozero::pbf_writer* w, std::string* error) {
  bool numeric = v.type == SQLITE_INTEGER || v.type == SQLITE_FLOAT;
  bool text = v.type == SQLITE_TEXT || v.type == SQLITE_BLOB;
  switch (field.type) {
    case ft::kString:
    case ft::kBytes:
    case ft::kMessage:
      if (!text) break;
      w->add_bytes(num, v.s);
      return true;
    case ft::kDouble:
      if (!numeric) break;
      w->add_double(num, AsDouble(v));
      return true;
    case ft::kFloat:
      if (!numeric) break;
      w->add_float(num, static_cast<float>(AsDouble(v)));
      return true;
    case ft::kSint32:
    case ft::kSint64:
      if (!numeric) break;
      w->add_sint64(num, AsInt(v));
      return true;
    case ft::kFixed32:
    case ft::kSfixed32:
      if (!numeric) break;
      w->add_fixed32(num, static_cast<uint32_t>(AsInt(v)));
      return true;
    case ft::kFixed64:
    case ft::kSfixed64:
      if (!numeric) break;
      w->add_fixed64(num, static_cast<uint64_t>(AsInt(v)));
      return true;
    case ft::kEnum:
      if (v.type == SQLITE_TEXT) {
        const ProtoEnumInfo* e = pool.FindEnum(field.type_name);
        for (const auto& entry : e ? e->values : decltype(e->values)()) {
          if (entry.second != v.s) continue;
          w->add_int32(num, entry.first);
          return true;
        }
        *error = "no value '" + v.s + "' in enum " + field.type_name;
        return false;
      }
      if (!numeric) break;
      w->add_int64(num, AsInt(v));
      return true;
    default:  // int32/64, uint32/64, bool.
      if (!numeric) break;
      w->add_int64(num, AsInt(v));
      return true;
  }
  *error = "field " + field.name + ": wrong value type";
  return false;
}

const ProtoFieldInfo* FindField(const ProtoMessageInfo& m, const std::string& name, uint32_t* num) {
  for (const auto& entry : m.fields) {
    if (entry.second.name != name) continue;
    *num = entry.first;
    return &entry.second;
  }
  return nullptr;
}

void BuildMessage(sqlite3_context* ctx, int argc, sqlite3_value** argv) {
  auto* builder = static_cast<const Builder*>(sqlite3_user_data(ctx));
  const ProtoMessageInfo* message = builder->pool->FindMessage(builder->message);
  std::string where = builder->message.substr(sizeof(kMetricsPackage) - 1);
  if (!message || argc % 2 != 0) {
    std::string e = where + ": expected 'field', value pairs";
    return sqlite3_result_error(ctx, e.c_str(), -1);
  }
  std::string bytes;
  protozero::pbf_writer w(bytes);
  for (int i = 0; i < argc; i += 2) {
    const unsigned char* raw = sqlite3_value_text(argv[i]);
    std::string name = raw ? reinterpret_cast<const char*>(raw) : "";
    uint32_t num = 0;
    const ProtoFieldInfo* field = FindField(*message, name, &num);
    if (!field) {
      std::string e = where + ": no field '" + name + "'";
      return sqlite3_result_error(ctx, e.c_str(), -1);
    }
    Value value = FromSqlite(argv[i + 1]);
    std::vector<Value> values;
    if (IsRepeatedBlob(value)) {
      if (!field->repeated || !DecodeRepeated(value.s, &values)) {
        std::string e = where + ": RepeatedField() given to field " + name;
        return sqlite3_result_error(ctx, e.c_str(), -1);
      }
    } else if (value.type != SQLITE_NULL) {
      values.push_back(std::move(value));
    }
    std::string error;
    for (const Value& v : values) {
      if (v.type == SQLITE_NULL) continue;
      if (!WriteValue(*builder->pool, *field, num, v, &w, &error)) {
        error = where + ": " + error;
        return sqlite3_result_error(ctx, error.c_str(), -1);
      }
    }
  }
  sqlite3_result_blob64(ctx, bytes.data(), bytes.size(), SQLITE_TRANSIENT);
}

void RepeatedStep(sqlite3_context* ctx, int, sqlite3_value** argv) {
  auto** acc = static_cast<std::string**>(sqlite3_aggregate_context(ctx, sizeof(std::string*)));
  if (!acc) return sqlite3_result_error_nomem(ctx);
  if (!*acc) *acc = new std::string(kRepeatedMarker, kMarkerSize);
  Value v = FromSqlite(argv[0]);
  if (v.type == SQLITE_NULL) return;
  (*acc)->push_back(static_cast<char>(v.type));
  if (v.type == SQLITE_INTEGER || v.type == SQLITE_FLOAT) {
    (*acc)->append(reinterpret_cast<const char*>(v.type == SQLITE_INTEGER
                                                     ? static_cast<const void*>(&v.i)
                                                     : &v.d),
                   8);
    return;
  }
  uint32_t len = static_cast<uint32_t>(v.s.size());
  (*acc)->append(reinterpret_cast<const char*>(&len), 4);
  (*acc)->append(v.s);
}

void RepeatedFinal(sqlite3_context* ctx) {
  auto** acc = static_cast<std::string**>(sqlite3_aggregate_context(ctx, 0));
  if (!acc || !*acc) return sqlite3_result_null(ctx);  // No rows.
  sqlite3_result_blob64(ctx, (*acc)->data(), (*acc)->size(), SQLITE_TRANSIENT);
  delete *acc;
}

}  // namespace

Status RegisterProtoBuilders(sqlite3* db, const DescriptorPool* pool) {
  size_t prefix = sizeof(kMetricsPackage) - 1;
  for (const auto& entry : pool->messages()) {
    const std::string& full = entry.first;
    if (full.compare(0, prefix, kMetricsPackage) != 0) continue;
    std::string name = full.substr(prefix);
    for (char& c : name) c = c == '.' ? '_' : c;
    auto* builder = new Builder{pool, full};
    auto destroy = [](void* p) { delete static_cast<Builder*>(p); };
    if (sqlite3_create_function_v2(db, name.c_str(), -1, SQLITE_UTF8, builder, BuildMessage,
                                   nullptr, nullptr, destroy) != SQLITE_OK) {
      return Status::Error("cannot register proto builder " + name);
    }
  }
  if (sqlite3_create_function_v2(db, "RepeatedField", 1, SQLITE_UTF8, nullptr, nullptr,
                                 RepeatedStep, RepeatedFinal, nullptr) != SQLITE_OK) {
    return Status::Error("cannot register RepeatedField");
  }
  return Status::Ok();
}

}  // namespace weft
