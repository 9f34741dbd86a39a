// StackProfileTracker: content-keyed interning of callstack rows.
#include "src/importers/common/stack_profile_tracker.h"

#include "src/base/hash.h"

namespace weft {

size_t StackProfileTracker::KeyHash::operator()(
    const std::tuple<uint64_t, uint64_t, uint64_t>& k) const {
  return static_cast<size_t>(
      HashCombine(HashCombine(std::get<0>(k), std::get<1>(k)), std::get<2>(k)));
}

uint32_t StackProfileTracker::InternMapping(const StackProfileMappingTable::Row& row) {
  auto key = std::make_tuple(row.build_id, row.exact_offset, row.start_offset, row.start, row.end,
                             row.load_bias, row.name);
  auto it = mappings_.find(key);
  if (it != mappings_.end()) return it->second;
  uint32_t id = storage_->stack_profile_mapping.Insert(row);
  mappings_.emplace(key, id);
  return id;
}

uint32_t StackProfileTracker::InternFrame(uint32_t mapping, int64_t rel_pc, StringId name) {
  auto [it, inserted] =
      frames_.try_emplace({mapping, static_cast<uint64_t>(rel_pc), name}, 0);
  if (inserted) {
    it->second = storage_->stack_profile_frame.Insert(name, mapping, rel_pc, Uint32Column::kNull);
  }
  return it->second;
}

uint32_t StackProfileTracker::InternSymbolizedFrame(StringId mapping_name, StringId name,
                                                    StringId source_file, uint32_t line) {
  auto [m, new_mapping] = named_mappings_.try_emplace(mapping_name, 0);
  if (new_mapping) {
    StackProfileMappingTable::Row row;
    row.name = mapping_name;
    m->second = storage_->stack_profile_mapping.Insert(row);
  }
  uint32_t mapping = m->second;
  uint64_t location = static_cast<uint64_t>(source_file) << 32 | line;
  auto [it, inserted] = symbolized_frames_.try_emplace({mapping, name, location}, 0);
  if (!inserted) return it->second;
  uint32_t symbol_set = Uint32Column::kNull;
  if (source_file != kNullStringId || line != Uint32Column::kNull) {
    symbol_set = storage_->stack_profile_symbol.InsertSingle(name, source_file, line);
  }
  it->second = storage_->stack_profile_frame.Insert(name, mapping, 0, symbol_set);
  return it->second;
}

uint32_t StackProfileTracker::InternCallsite(uint32_t parent, uint32_t frame, uint32_t depth) {
  auto [it, inserted] = callsites_.try_emplace({parent, frame, depth}, 0);
  if (inserted) it->second = storage_->stack_profile_callsite.Insert(depth, parent, frame);
  return it->second;
}

}  // namespace weft
