// ProfileCallRows: writes one profile's calls as slice rows while the
// integrator walks (a row when a call opens, its duration when it ends), so
// no list of all calls is kept. Rows are written in blocks, column by
// column (SliceTable::InsertBlock): a call opens in the pending block, and
// ends there or in its row. Arg sets are made in opening order (arg set ids
// follow first use, as when each row was written whole) as far as the
// calls have ended when a block is written: most calls get theirs before
// their row is written. Until then a call's arg set cell holds its node
// and its parent cell its sample count (the re-nesting sets the parent;
// the depth cells are compact, 1 byte while depths are small).
// Reference: docs/sync_tracks.md ("In the tables").
#ifndef SRC_SYNC_TRACKS_PROFILE_CALL_ROWS_H_
#define SRC_SYNC_TRACKS_PROFILE_CALL_ROWS_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "src/importers/common/cpu_profile_tracker.h"
#include "src/importers/common/track_tracker.h"
#include "src/storage/trace_storage.h"
#include "src/sync_tracks/samples_integrator.h"

namespace weft {

// The strings every profile call row uses, interned once per load.
struct ProfileCallStrings {
  explicit ProfileCallStrings(TraceStorage* storage);
  StringId category, anonymous, url, line, column, script, node, samples;
};

// Arg set ids by (node, sample count): open addressing, as a million calls
// look up a few thousand keys and std::unordered_map's lookups cost more
// than the rest of a row. Arg set ids are never 0: 0 marks a free slot.
class ArgSetCache {
 public:
  uint32_t Find(uint64_t key) const;  // 0 when absent.
  void Insert(uint64_t key, uint32_t set);

 private:
  struct Slot {
    uint64_t key;
    uint32_t set;
  };
  size_t SlotOf(uint64_t key) const;  // Its slot, or the free one to use.
  std::vector<Slot> slots_ = std::vector<Slot>(64, Slot{0, 0});
  size_t used_ = 0;
};

class ProfileCallRows final : public ProfileCallSink {
 public:
  // The thread track of |utid| is created with the first call.
  ProfileCallRows(const CpuProfile& profile, uint32_t utid, const ProfileCallStrings& strings,
                  TrackTracker* tracks, TraceStorage* storage);

  void OpenCall(int64_t ts, int32_t node) override;
  void EndCall(uint32_t call, int64_t dur, uint32_t sample_count) override;
  // After the walk: the pending rows, and the arg sets not made yet.
  void WriteArgs();

  uint32_t first_row() const { return first_row_; }
  uint32_t count() const { return count_; }

 private:
  uint32_t ArgsFor(uint32_t node, uint32_t sample_count);
  // The arg sets of the calls from args_made_ up to the first one still
  // open, in opening order.
  void MakeArgs();
  void WritePending();

  const CpuProfile& profile_;
  uint32_t utid_;
  const ProfileCallStrings& strings_;
  TrackTracker* tracks_;
  TraceStorage* storage_;
  std::vector<StringId> names_;  // Slice name of each node.
  uint32_t track_ = 0;
  uint32_t first_row_ = 0;
  uint32_t count_ = 0;
  // The calls opened and not written yet: calls [written_, count_).
  static constexpr uint32_t kBlock = 1024;
  struct PendingRows {
    int64_t ts[kBlock];
    int64_t dur[kBlock];
    StringId name[kBlock];
    uint32_t sample_count[kBlock];
    uint32_t node[kBlock];  // The arg set once made.
    bool ended[kBlock];
  };
  std::unique_ptr<PendingRows> pending_ = std::make_unique<PendingRows>();
  uint32_t written_ = 0;
  uint32_t args_made_ = 0;  // Calls [0, args_made_) have their arg set.
  std::vector<uint32_t> open_written_;  // Calls written while open, not ended yet.
  // Arg set ids of (node, count) for the small counts most calls have, by
  // node * kSmallCounts + count (0: none yet): a direct lookup; the cache
  // holds the others. Empty for a profile with too many nodes.
  static constexpr uint32_t kSmallCounts = 16;
  std::vector<uint32_t> small_count_sets_;
  ArgSetCache args_cache_;
};

}  // namespace weft

#endif  // SRC_SYNC_TRACKS_PROFILE_CALL_ROWS_H_
