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
  if (new_mapping) m->second = NewDummyMapping(mapping_name);
  return InternDummyFrame(m->second, name, source_file, line);
}

uint32_t StackProfileTracker::NewDummyMapping(StringId name) {
  StackProfileMappingTable::Row row;
  row.name = name;
  return storage_->stack_profile_mapping.Insert(row);
}

uint32_t StackProfileTracker::InternDummyFrame(uint32_t mapping, StringId name,
                                               StringId source_file, uint32_t line) {
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

std::vector<uint32_t> StackProfileTracker::InternCallsiteTree(
    const std::vector<uint32_t>& parents, const std::vector<uint32_t>& frames, size_t* invalid) {
  constexpr uint32_t kNull = Uint32Column::kNull;
  size_t n = parents.size();
  enum State : uint8_t { kTodo, kVisiting, kDone };
  std::vector<State> state(n, kTodo);
  std::vector<uint32_t> depth(n, 0);
  std::vector<uint32_t> callsites(n, kNull);
  std::vector<uint32_t> path;
  for (uint32_t start = 0; start < n; ++start) {
    // Walk up to a resolved ancestor (or the root), then intern downwards.
    bool broken = false;
    for (uint32_t i = start; state[i] == kTodo;) {
      state[i] = kVisiting;
      path.push_back(i);
      uint32_t parent = parents[i];
      if (parent == kTreeRoot) break;
      if (parent >= n || state[parent] == kVisiting) {
        broken = true;  // Unknown parent, or a cycle.
        break;
      }
      i = parent;
    }
    for (auto p = path.rbegin(); p != path.rend(); ++p) {
      uint32_t i = *p;
      state[i] = kDone;
      uint32_t parent = parents[i];
      uint32_t parent_callsite = kNull;
      if (parent != kTreeRoot) {
        if (parent >= n || callsites[parent] == kNull) broken = true;
        if (!broken) {
          parent_callsite = callsites[parent];
          depth[i] = depth[parent] + 1;
        }
      }
      if (broken) {
        ++*invalid;
        continue;
      }
      callsites[i] = InternCallsite(parent_callsite, frames[i], depth[i]);
    }
    path.clear();
  }
  return callsites;
}

}  // namespace weft
