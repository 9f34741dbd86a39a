// CpuProfileTracker: collects V8 CPU profiles (JSON `Profile` heads and
// `ProfileChunk`s, `CpuProfile` events, `.cpuprofile` files) during the load
// and, at its end, turns them into rows (cpu_profile_stack_sample, frames
// and callsites) and into CpuProfile values a later step can walk (the JS
// profile calls of the sync tracks). A profile is keyed by (pid, profile
// id); its pieces may come in any order: at Finish() they are ordered by
// event timestamp (file order at equal ones), so time deltas add up as the
// profiler wrote them whatever the file order.
//
// For later steps: TraceContext::cpu_profiles is this tracker. The JSON
// importer calls Finish() in its NotifyEndOfFile(), after its events are
// parsed (slices exist); a step that runs right after it reads profiles():
// one CpuProfile per (pid, id) with its node tree (node ids, parents, call
// frames, the callsite of each node) and its samples (absolute ns, node
// index, by time). Rows written by Finish() are never changed afterwards.
// Reference: docs/formats/json.md ("CPU profiles").
#ifndef SRC_IMPORTERS_COMMON_CPU_PROFILE_TRACKER_H_
#define SRC_IMPORTERS_COMMON_CPU_PROFILE_TRACKER_H_

#include <cstdint>
#include <limits>
#include <map>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "src/base/pod_vector.h"
#include "src/importers/common/process_tracker.h"
#include "src/importers/common/stack_profile_tracker.h"
#include "src/storage/trace_storage.h"

namespace weft {

// One node of a profile's call tree: a function in one call path.
struct CpuProfileNode {
  static constexpr uint32_t kNoParent = std::numeric_limits<uint32_t>::max();
  static constexpr int32_t kNoPosition = -1;
  uint32_t id = 0;
  uint32_t parent = kNoParent;  // The parent's node id.
  StringId function_name = kNullStringId;  // "" kept as the empty string.
  StringId url = kNullStringId;
  int64_t script_id = 0;
  // 0-based, as V8 writes them; kNoPosition when absent.
  int32_t line_number = kNoPosition;
  int32_t column_number = kNoPosition;
};

struct CpuProfileSample {
  int64_t ts = 0;     // Absolute, ns.
  uint32_t node = 0;  // Index into the profile's nodes (found once, at Finish()).
};

// A profile's samples as parallel arrays (a 48 MB .cpuprofile has 7M): the
// arrays of a profile's first chunk become them, converted in place (time
// deltas to times, node ids to indices), not copied.
struct CpuProfileSamples {
  PodVector<int64_t> ts;
  PodVector<uint32_t> node;
  size_t size() const { return ts.size(); }
  bool empty() const { return ts.empty(); }
  CpuProfileSample operator[](size_t i) const { return CpuProfileSample{ts[i], node[i]}; }
  CpuProfileSample back() const { return (*this)[size() - 1]; }
  // Keeps the samples for which |new_node|(node) is >= 0, with that as
  // their node, in order; returns how many were dropped.
  template <typename NewNode>
  size_t KeepMapped(NewNode new_node) {
    size_t kept = 0;
    for (size_t i = 0; i < size(); ++i) {
      int64_t mapped = new_node(node[i]);
      if (mapped < 0) continue;
      ts[kept] = ts[i];
      node[kept++] = static_cast<uint32_t>(mapped);
    }
    size_t dropped = size() - kept;
    ts.resize(kept);
    node.resize(kept);
    return dropped;
  }
};

// A finished profile, handed to later steps.
struct CpuProfile {
  uint32_t pid = 0;
  uint32_t tid = 0;   // The thread of its chunks (the last one's).
  uint32_t utid = 0;  // Its thread row.
  uint64_t id = 0;    // The profile id (per pid).
  // The Profile head, when there is one: DevTools takes the sampled thread
  // from its tid (chunks often come from a sampler thread) and counts the
  // samples from its event timestamp (not data.startTime): sample ts +
  // head_ts_offset is DevTools' sample time (the sync tracks use it).
  bool has_head = false;
  // A bare .cpuprofile file (not in a trace): DevTools draws its profile
  // calls as its CPU profile flame chart (sync_tracks/profile_frames.h).
  bool is_file = false;
  uint32_t head_tid = 0;
  int64_t head_ts_offset = 0;
  std::vector<CpuProfileNode> nodes;  // Unique ids, in first-seen order.
  // Parallel to nodes: the node's stack_profile_callsite id, or
  // Uint32Column::kNull for a dropped node (unknown parent, cycle).
  std::vector<uint32_t> callsites;
  CpuProfileSamples samples;  // By ts (stable).
  std::unordered_map<uint32_t, uint32_t> node_index;  // Node id -> index.
  // The chunks' "trace_ids": the node sampled for a trace event that
  // carries the trace id as args.data.sampleTraceId (a later chunk's
  // entry wins).
  std::unordered_map<uint64_t, uint32_t> trace_ids;
};

// What one chunk (or one whole profile) carries, in the file's units
// converted to ns. Nodes may name their parent ("parent") or their
// children ("children", as in .cpuprofile files).
struct CpuProfileChunk {
  std::vector<CpuProfileNode> nodes;
  std::vector<std::pair<uint32_t, uint32_t>> children;  // (parent, child).
  // PodVectors: a large profile's arrays grow in place (mremap) instead of
  // being copied to fresh pages at each doubling.
  PodVector<uint32_t> samples;
  PodVector<int64_t> time_deltas;  // ns.
  // "trace_ids": (sample trace id, node id) pairs.
  std::vector<std::pair<uint64_t, uint32_t>> trace_ids;
};

class CpuProfileTracker {
 public:
  explicit CpuProfileTracker(TraceStorage* storage) : storage_(storage) {}

  // A Profile head: samples of the following chunks count from |start_ns|.
  void AddHead(uint32_t pid, uint64_t id, uint32_t tid, int64_t event_ts, int64_t start_ns);
  // A chunk of samples and nodes, seen at |event_ts|.
  void AddChunk(uint32_t pid, uint64_t id, uint32_t tid, int64_t event_ts,
                CpuProfileChunk chunk);
  // A sample already resolved to a callsite (formats without V8 nodes,
  // such as the old Chrome JSON "samples"); written with the profiles'.
  void AddStackSample(int64_t ts, uint32_t callsite, uint32_t utid) {
    extra_rows_.push_back(Row{ts, callsite, utid});
  }
  // A profile id no event uses, for a profile that is a file of its own.
  uint64_t NewSyntheticId() { return kSyntheticIdBase + synthetic_ids_++; }
  // The same for a bare .cpuprofile file's profile (CpuProfile::is_file).
  uint64_t NewFileProfileId() {
    uint64_t id = NewSyntheticId();
    file_profile_ids_.insert(id);
    return id;
  }

  // Builds the profiles, writes their rows, and keeps them for profiles().
  // Threads are created through |processes|, stacks through |stacks|.
  void Finish(ProcessTracker* processes, StackProfileTracker* stacks);
  const std::vector<CpuProfile>& profiles() const { return profiles_; }
  // Frees the profiles once their last reader (the profile calls, at the
  // end of the load) is done: their samples are 12 bytes each.
  void ReleaseProfiles() { std::vector<CpuProfile>().swap(profiles_); }

 private:
  static constexpr uint64_t kSyntheticIdBase = uint64_t{1} << 63;
  struct Piece {  // A head or a chunk, in arrival order.
    int64_t event_ts;
    uint32_t seq;
    uint32_t tid;
    bool is_head;
    int64_t start_ns;  // Heads.
    CpuProfileChunk chunk;
  };
  using Key = std::pair<uint32_t, uint64_t>;  // (pid, id).
  struct Row {  // Of cpu_profile_stack_sample.
    int64_t ts;
    uint32_t callsite;
    uint32_t utid;
  };

  CpuProfile Build(const Key& key, std::vector<Piece>* pieces);
  // Appends |chunk|'s first |n| samples to |samples|, their times counted
  // on from |*now|; the chunk's arrays become |samples| if it is empty,
  // with room for |total| samples (the profile's, so later chunks append
  // without growing them).
  static void AppendSamples(CpuProfileChunk* chunk, size_t n, size_t total, int64_t* now,
                            CpuProfileSamples* samples);
  // Orders |samples| by ts, stably.
  static void SortByTs(CpuProfileSamples* samples);
  void AddNodes(CpuProfileChunk* chunk, CpuProfile* profile);
  void InternStacks(CpuProfile* profile, StackProfileTracker* stacks);

  TraceStorage* storage_;
  std::map<Key, std::vector<Piece>> pieces_;
  uint32_t seq_ = 0;
  uint64_t synthetic_ids_ = 0;
  std::vector<CpuProfile> profiles_;
  std::vector<Row> extra_rows_;
  std::unordered_set<uint64_t> file_profile_ids_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_CPU_PROFILE_TRACKER_H_
