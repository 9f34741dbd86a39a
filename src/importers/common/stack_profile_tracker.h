// StackProfileTracker: the one way rows get into the callstack tables
// (stack_profile_mapping / _frame / _callsite / _symbol). Each Intern* call
// returns the existing row when one with the same content exists, so stacks
// that are equal (whichever sequence, iid or inline form they came from)
// share ids, as in Perfetto.
#ifndef SRC_IMPORTERS_COMMON_STACK_PROFILE_TRACKER_H_
#define SRC_IMPORTERS_COMMON_STACK_PROFILE_TRACKER_H_

#include <cstdint>
#include <map>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "src/storage/trace_storage.h"

namespace weft {

class StackProfileTracker {
 public:
  explicit StackProfileTracker(TraceStorage* storage) : storage_(storage) {}

  uint32_t InternMapping(const StackProfileMappingTable::Row& row);
  // A frame at |rel_pc| of |mapping| named |name|.
  uint32_t InternFrame(uint32_t mapping, int64_t rel_pc, StringId name);
  // A frame known only by name and source location, on a mapping of its own
  // named |mapping_name| (Perfetto's "dummy" mappings); the location (when
  // |source_file| or |line| is set; line kNull: none) becomes its symbol.
  uint32_t InternSymbolizedFrame(StringId mapping_name, StringId name, StringId source_file,
                                 uint32_t line);
  // A new mapping named |name| for frames known only by name and location
  // (Perfetto gives each V8 CPU profile one: frames are not shared across
  // profiles).
  uint32_t NewDummyMapping(StringId name);
  // A frame of dummy |mapping|, deduplicated by (name, source_file, line);
  // it gets a symbol row (source_file, line) when either is set.
  uint32_t InternDummyFrame(uint32_t mapping, StringId name, StringId source_file, uint32_t line);
  // The callsite of |frame| at |depth| above |parent| (kNull: the bottom).
  uint32_t InternCallsite(uint32_t parent, uint32_t frame, uint32_t depth);

  // A call tree given as parent links (profile nodes, stack frames): node i
  // has frame |frames[i]| and parent node |parents[i]| (kTreeRoot: none;
  // kTreeBroken or any index out of range: unknown). Returns each node's
  // callsite, parents interned before children; kNull for a node whose
  // chain is broken or cyclic (*invalid counts them).
  static constexpr uint32_t kTreeRoot = UINT32_MAX;
  static constexpr uint32_t kTreeBroken = UINT32_MAX - 1;
  std::vector<uint32_t> InternCallsiteTree(const std::vector<uint32_t>& parents,
                                           const std::vector<uint32_t>& frames,
                                           size_t* invalid);

 private:
  struct KeyHash {
    size_t operator()(const std::tuple<uint64_t, uint64_t, uint64_t>& k) const;
  };
  using Index = std::unordered_map<std::tuple<uint64_t, uint64_t, uint64_t>, uint32_t, KeyHash>;

  TraceStorage* storage_;
  // Mappings are few: an ordered map of all their fields.
  std::map<std::tuple<StringId, int64_t, int64_t, int64_t, int64_t, int64_t, StringId>, uint32_t>
      mappings_;
  Index frames_;    // (mapping, rel_pc, name).
  Index symbolized_frames_;  // (mapping, name, source_file << 32 | line).
  Index callsites_;  // (parent, frame, depth).
  std::unordered_map<StringId, uint32_t> named_mappings_;  // Dummy mappings.
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_STACK_PROFILE_TRACKER_H_
