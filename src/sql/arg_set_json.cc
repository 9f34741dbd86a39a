// ArgSetToJson: an arg set's dotted keys into a JSON tree.
#include "src/sql/arg_set_json.h"

#include <cinttypes>
#include <cstdio>
#include <memory>
#include <string_view>
#include <vector>

#include "src/base/string_view_util.h"

namespace weft {
namespace {

// A JSON value being built: an object (ordered members), an array, or a
// leaf holding its JSON text.
struct JsonNode {
  enum Kind { kObject, kArray, kLeaf } kind = kObject;
  std::vector<std::pair<std::string, std::unique_ptr<JsonNode>>> members;
  std::vector<std::unique_ptr<JsonNode>> elements;
  std::string leaf;

  // A later key under an earlier leaf's name makes it an object.
  JsonNode* Member(std::string_view name) {
    kind = kObject;
    for (auto& m : members) {
      if (m.first == name) return m.second.get();
    }
    members.emplace_back(std::string(name), std::make_unique<JsonNode>());
    return members.back().second.get();
  }
  JsonNode* Element(size_t index) {
    while (elements.size() <= index) elements.push_back(std::make_unique<JsonNode>());
    return elements[index].get();
  }
};

void Write(const JsonNode& node, std::string* out) {
  switch (node.kind) {
    case JsonNode::kLeaf:
      *out += node.leaf.empty() ? "null" : node.leaf;
      return;
    case JsonNode::kArray:
      out->push_back('[');
      for (size_t i = 0; i < node.elements.size(); ++i) {
        if (i) out->push_back(',');
        Write(*node.elements[i], out);
      }
      out->push_back(']');
      return;
    case JsonNode::kObject:
      out->push_back('{');
      for (size_t i = 0; i < node.members.size(); ++i) {
        if (i) out->push_back(',');
        AppendJsonString(node.members[i].first, out, /*short_escapes=*/true);
        out->push_back(':');
        Write(*node.members[i].second, out);
      }
      out->push_back('}');
      return;
  }
}

// The node at |key| ("a.b[2].c") under |root|, created as needed.
JsonNode* NodeAt(JsonNode* root, std::string_view key) {
  JsonNode* node = root;
  while (!key.empty()) {
    size_t dot = key.find('.');
    std::string_view part = key.substr(0, dot);
    key = dot == std::string_view::npos ? std::string_view() : key.substr(dot + 1);
    size_t bracket = part.find('[');
    node = node->Member(part.substr(0, bracket));
    while (bracket != std::string_view::npos) {
      size_t close = part.find(']', bracket);
      if (close == std::string_view::npos) break;
      size_t index = 0;
      for (char c : part.substr(bracket + 1, close - bracket - 1)) {
        if (c >= '0' && c <= '9') index = index * 10 + static_cast<size_t>(c - '0');
      }
      if (index > (1u << 20)) index = 1u << 20;  // A damaged key makes no huge array.
      node->kind = JsonNode::kArray;
      node = node->Element(index);
      bracket = part.find('[', close);
    }
  }
  return node;
}

std::string LeafText(const TraceStorage& storage, uint32_t row) {
  const ArgsTable& args = storage.args;
  int64_t v = args.raw_value(row);
  std::string text;
  switch (args.value_type(row)) {
    case ArgType::kString:
      AppendJsonString(storage.pool().Get(static_cast<StringId>(v)), &text,
                       /*short_escapes=*/true);
      return text;
    case ArgType::kJson:
      return std::string(storage.pool().Get(static_cast<StringId>(v)));
    case ArgType::kBool:
      return v ? "true" : "false";
    case ArgType::kInt:
      return std::to_string(v);
    case ArgType::kUint:
      return std::to_string(static_cast<uint64_t>(v));
    case ArgType::kReal: {
      char buf[40];
      snprintf(buf, sizeof(buf), "%.17g", args.real_value(row));
      return buf;
    }
    case ArgType::kPointer: {
      char buf[32];
      snprintf(buf, sizeof(buf), "\"0x%" PRIx64 "\"", static_cast<uint64_t>(v));
      return buf;
    }
    case ArgType::kNull:
      break;
  }
  return "null";
}

void ArgSetToJsonFunction(sqlite3_context* ctx, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) != SQLITE_INTEGER) {
    sqlite3_result_null(ctx);
    return;
  }
  auto* storage = static_cast<const TraceStorage*>(sqlite3_user_data(ctx));
  int64_t set = sqlite3_value_int64(argv[0]);
  std::string json;
  if (set < 0 || set > UINT32_MAX ||
      !ArgSetToJson(*storage, static_cast<uint32_t>(set), &json)) {
    sqlite3_result_null(ctx);
    return;
  }
  sqlite3_result_text(ctx, json.data(), static_cast<int>(json.size()), SQLITE_TRANSIENT);
}

}  // namespace

bool ArgSetToJson(const TraceStorage& storage, uint32_t set, std::string* out) {
  uint32_t first = 0;
  uint32_t count = storage.args.RowsOfSet(set, &first);
  if (count == 0) return false;
  JsonNode root;
  for (uint32_t r = first; r < first + count; ++r) {
    JsonNode* node = NodeAt(&root, storage.pool().Get(storage.args.key[r]));
    if (node == &root) continue;  // An empty key has no place.
    node->kind = JsonNode::kLeaf;
    node->leaf = LeafText(storage, r);
  }
  out->clear();
  Write(root, out);
  return true;
}

Status RegisterArgSetJsonFunction(sqlite3* db, const TraceStorage* storage) {
  int rc = sqlite3_create_function_v2(db, "__intrinsic_arg_set_to_json", 1,
                                      SQLITE_UTF8 | SQLITE_DETERMINISTIC,
                                      const_cast<TraceStorage*>(storage), ArgSetToJsonFunction,
                                      nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) return Status::Error("cannot register __intrinsic_arg_set_to_json");
  return Status::Ok();
}

}  // namespace weft
