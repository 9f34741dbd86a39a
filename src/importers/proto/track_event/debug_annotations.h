// DebugAnnotationWriter: turns TrackEvent debug_annotations into `args` rows
// with Perfetto's key style — "debug.<name>", dict members joined with '.',
// array elements as "[i]" in `key` only (flat_key drops the index). Handles
// both the NestedValue form and dict_entries / array_values, and parses
// legacy_json_value into the same nested keys.
#ifndef SRC_IMPORTERS_PROTO_TRACK_EVENT_DEBUG_ANNOTATIONS_H_
#define SRC_IMPORTERS_PROTO_TRACK_EVENT_DEBUG_ANNOTATIONS_H_

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>
#include <protozero/data_view.hpp>

#include "src/importers/proto/sequence/proto_sequence_state.h"
#include "src/storage/trace_storage.h"

namespace weft {

class DebugAnnotationWriter {
 public:
  static constexpr int kMaxDepth = 64;

  explicit DebugAnnotationWriter(TraceStorage* storage) : storage_(storage) {}

  // Adds the rows of one DebugAnnotation message to |set|. May throw
  // protozero::exception on malformed bytes (the caller drops the packet).
  void Add(uint32_t set, protozero::data_view annotation, const SequenceGeneration& gen);
  // The same with keys "<key_prefix>.<name>" instead of "debug.<name>"
  // (DebugAnnotation fields inside typed args).
  void AddUnder(uint32_t set, protozero::data_view annotation, const SequenceGeneration& gen,
                std::string_view key_prefix, std::string_view flat_prefix);

 private:
  // Adds the value fields of |annotation| under the current key.
  void AddValue(protozero::data_view annotation, int depth);
  void AddNested(protozero::data_view nested, int depth);
  // A legacy_json_value, parsed: objects and arrays become nested keys.
  void AddJson(const nlohmann::ordered_json& value, int depth);
  void AddLeaf(ArgType type, int64_t raw);
  // Name of a DebugAnnotation (name or name_iid), empty if none. With
  // |id|: an interned name (name_iid) is returned as |*id| only (the view
  // is then empty); else |*id| stays kNullStringId.
  std::string_view NameOf(protozero::data_view annotation, StringId* id = nullptr);
  // Both of the above: the keys start at the prefixes. With
  // |cache_top_level_key| (a fixed prefix) the key of a top-level leaf
  // named by an interned name comes from TopLevelKey().
  void AddNamed(uint32_t set, protozero::data_view annotation, const SequenceGeneration& gen,
                std::string_view key_prefix, std::string_view flat_prefix,
                bool cache_top_level_key);
  // The interned "<prefix>.<name>" key of a top-level annotation whose
  // name is the interned string |name_id|: cached, as most names recur
  // per event.
  StringId TopLevelKey(StringId name_id, std::string_view prefix);
  // key_ / flat_key_ are not built for a cached top-level key until a
  // nested value needs them.
  void BuildPendingKey();

  TraceStorage* storage_;
  const SequenceGeneration* gen_ = nullptr;
  uint32_t set_ = 0;
  std::string key_, flat_key_;
  // When not null: the interned key_ (== flat_key_) of the leaf being added.
  StringId leaf_key_ = kNullStringId;
  // When not null: the key key_ and flat_key_ should hold (not built yet).
  StringId pending_key_ = kNullStringId;
  struct CachedKey {
    StringId name = kNullStringId;
    StringId key = kNullStringId;
  };
  static constexpr size_t kKeyCacheSize = 1024;  // Direct-mapped by name id.
  std::vector<CachedKey> top_level_keys_ = std::vector<CachedKey>(kKeyCacheSize);
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_TRACK_EVENT_DEBUG_ANNOTATIONS_H_
