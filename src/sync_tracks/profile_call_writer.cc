// Profile calls as slices: per profile, the call tree in the integrator's
// terms, the thread's trace events as spans, the integration, then the
// rows and the re-nesting of the thread track.
#include "src/sync_tracks/profile_call_writer.h"

#include <algorithm>
#include <limits>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "src/importers/common/node_index_lookup.h"
#include "src/sync_tracks/profile_call_rows.h"
#include "src/sync_tracks/profile_frames.h"
#include "src/sync_tracks/sample_cleanup.h"
#include "src/sync_tracks/samples_integrator.h"
#include "src/sync_tracks/slice_nesting.h"

namespace weft {
namespace {

using Kind = CallTreeNode::Kind;

uint64_t Mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdull;
}

// The profile's nodes in the integrator's terms (same indices). DevTools
// takes the first node as the root; nodes not under it are unknown, and so
// are their samples.
std::vector<CallTreeNode> BuildCallTree(const CpuProfile& profile, const NodeIndexLookup& lookup,
                                        const StringPool& pool, std::vector<bool>* reachable) {
  const size_t n = profile.nodes.size();
  std::vector<CallTreeNode> tree(n);
  for (size_t i = 0; i < n; ++i) {
    const CpuProfileNode& node = profile.nodes[i];
    tree[i].parent = i == 0 ? -1 : lookup.Find(node.parent);
    // DevTools' frame equality: script id, function name and line.
    tree[i].frame_key = Mix(Mix(Mix(0, static_cast<uint64_t>(node.script_id)), node.function_name),
                            static_cast<uint64_t>(static_cast<int64_t>(node.line_number)));
    if (pool.Get(node.url) == "native V8Runtime") tree[i].kind = Kind::kNativeRuntime;
  }
  // Reachability from the root; a walk bounded by n guards against cycles.
  reachable->assign(n, false);
  for (size_t i = 0; i < n; ++i) {
    int32_t k = static_cast<int32_t>(i);
    size_t steps = 0;
    while (k > 0 && tree[k].parent >= 0 && steps++ < n) k = tree[k].parent;
    (*reachable)[i] = k == 0;
  }
  if (n == 0) return tree;
  tree[0].kind = Kind::kRoot;
  // The meta nodes are the first root children with these names.
  bool seen[3] = {false, false, false};
  for (size_t i = 1; i < n; ++i) {
    if (tree[i].parent != 0) continue;
    std::string_view name = pool.Get(profile.nodes[i].function_name);
    int slot = name == "(program)" ? 0 : name == "(idle)" ? 1 : name == "(garbage collector)" ? 2 : -1;
    if (slot < 0 || seen[slot]) continue;
    seen[slot] = true;
    tree[i].kind = slot == 0 ? Kind::kProgram : slot == 1 ? Kind::kIdle : Kind::kGc;
  }
  return tree;
}

bool ResetsJsStack(std::string_view name) { return name == "RunTask" || name == "RunMicrotasks"; }

bool InvokesJs(std::string_view name) {
  return name == "RunMicrotasks" || name == "FunctionCall" || name == "EvaluateScript" ||
         name == "v8.evaluateModule" || name == "EventDispatch" || name == "V8.Execute" ||
         name == "V8Console::runTask" || name.substr(0, 2) == "v8" || name.substr(0, 2) == "V8";
}

// A profile's samples in the integrator's terms: DevTools' clock, tree
// indices (-1 for an unreachable node).
class SampleNodes {
 public:
  SampleNodes(const CpuProfile& profile, const std::vector<bool>& reachable)
      : offset_(profile.head_ts_offset), node_(reachable.size()) {
    for (size_t i = 0; i < node_.size(); ++i) node_[i] = reachable[i] ? static_cast<int32_t>(i) : -1;
  }
  CpuSample Sample(const CpuProfileSample& s) const { return CpuSample{s.ts + offset_, node_[s.node]}; }

 private:
  int64_t offset_;
  std::vector<int32_t> node_;  // By node: itself, or -1 when unreachable.
};

// Hands a profile's samples (in time order) to |integrator| cleaned, in
// blocks: no copy of them all. |Walk|: SamplesIntegrator or ProfileFrames.
template <typename Walk>
void StreamSamples(const CpuProfile& profile, const std::vector<CallTreeNode>& tree,
                   const SampleNodes& nodes, Walk* integrator) {
  constexpr size_t kBlock = 1024;
  CpuSample raw[kBlock];
  CpuSample cleaned[kBlock];
  SampleCleanup cleanup(tree);
  const size_t total = profile.samples.size();
  for (size_t first = 0; first < total; first += kBlock) {
    size_t count = std::min(kBlock, total - first);
    for (size_t i = 0; i < count; ++i) raw[i] = nodes.Sample(profile.samples[first + i]);
    integrator->AddSamples(cleaned, cleanup.PushBlock(raw, count, cleaned));
  }
  if (cleanup.Flush(&cleaned[0])) integrator->AddSamples(cleaned, 1);
}

// The calls of one profile, written on its thread's track.
class ProfileCallWriter {
 public:
  ProfileCallWriter(TrackTracker* tracks, TraceStorage* storage)
      : tracks_(tracks), storage_(storage), pool_(storage->pool()), strings_(storage),
        trace_id_keys_{storage->Intern("args.data.sampleTraceId"),
                       storage->Intern("args.sampleTraceId"),
                       storage->Intern("args.beginData.sampleTraceId")} {}

  void Write(const CpuProfile& profile, uint32_t utid, const std::vector<uint32_t>& track_rows);

 private:
  // The thread's trace events as the integrator sees them: sorted, the
  // unfinished ones lasting until |thread_end|.
  std::vector<ThreadEventSpan> EventSpans(const CpuProfile& profile,
                                          const std::vector<bool>& reachable,
                                          const std::vector<uint32_t>& track_rows,
                                          int64_t thread_end) const;
  // The end of slice |row|; unfinished slices (dur -1) last until
  // |thread_end|.
  int64_t EndOf(uint32_t row, int64_t thread_end) const {
    const SliceTable& slices = storage_->slice;
    return slices.dur[row] < 0 ? std::max(thread_end, slices.ts[row])
                               : slices.ts[row] + slices.dur[row];
  }
  // The tree index of the node that slice |row|'s sampleTraceId (any of
  // DevTools' three places for it) names in |profile|, or -1.
  int32_t TraceNode(uint32_t row, const CpuProfile& profile, const std::vector<bool>& reachable) const;

  TrackTracker* tracks_;
  TraceStorage* storage_;
  const StringPool& pool_;
  ProfileCallStrings strings_;
  StringId trace_id_keys_[3];
};

int32_t ProfileCallWriter::TraceNode(uint32_t row, const CpuProfile& profile,
                                     const std::vector<bool>& reachable) const {
  if (profile.trace_ids.empty()) return -1;
  const ArgsTable& args = storage_->args;
  uint32_t set = storage_->slice.arg_set_id[row];
  if (set == Uint32Column::kNull) return -1;
  for (StringId key : trace_id_keys_) {
    int64_t arg = args.FindArg(set, key);
    if (arg < 0) continue;
    uint32_t r = static_cast<uint32_t>(arg);
    ArgType type = args.value_type(r);
    if (type != ArgType::kInt && type != ArgType::kUint) return -1;
    auto id = profile.trace_ids.find(static_cast<uint64_t>(args.raw_value(r)));
    if (id == profile.trace_ids.end() || id->second == 0) return -1;  // DevTools: node 0 is none.
    auto node = profile.node_index.find(id->second);
    if (node == profile.node_index.end() || !reachable[node->second]) return -1;
    return static_cast<int32_t>(node->second);
  }
  return -1;
}

void ProfileCallWriter::Write(const CpuProfile& profile, uint32_t utid,
                              const std::vector<uint32_t>& track_rows) {
  std::vector<bool> reachable;
  const NodeIndexLookup lookup(profile.node_index);
  std::vector<CallTreeNode> tree = BuildCallTree(profile, lookup, pool_, &reachable);
  const SampleNodes sample_nodes(profile, reachable);
  // The tracker keeps samples by time; DevTools' sort is stable, so the
  // last one is the latest.
  bool in_order = std::is_sorted(profile.samples.ts.begin(), profile.samples.ts.end());
  // The thread's last timestamp: of its samples or of its slices.
  int64_t thread_end = std::numeric_limits<int64_t>::min();
  if (in_order) {
    thread_end = profile.samples.back().ts + profile.head_ts_offset;
  } else {
    for (int64_t ts : profile.samples.ts) {
      thread_end = std::max(thread_end, ts + profile.head_ts_offset);
    }
  }
  const SliceTable& slices = storage_->slice;
  for (uint32_t row : track_rows) {
    thread_end = std::max(thread_end, slices.ts[row] + std::max<int64_t>(slices.dur[row], 0));
  }
  ProfileCallRows rows(profile, utid, strings_, tracks_, storage_);
  // The samples, cleaned and in time order, to |walk|.
  auto feed = [&](auto* walk) {
    if (in_order) {
      StreamSamples(profile, tree, sample_nodes, walk);
      return;
    }
    std::vector<CpuSample> samples;
    samples.reserve(profile.samples.size());
    for (size_t i = 0; i < profile.samples.size(); ++i) {
      samples.push_back(sample_nodes.Sample(profile.samples[i]));
    }
    PrepareSamples(tree, &samples);
    walk->AddSamples(samples.data(), samples.size());
  };
  if (profile.is_file) {  // DevTools' flame chart of a CPU profile.
    ProfileFrames frames(tree, &rows);
    feed(&frames);
    frames.Finish();
  } else {
    std::vector<ThreadEventSpan> events = EventSpans(profile, reachable, track_rows, thread_end);
    SamplesIntegrator integrator(tree, events, &rows);
    feed(&integrator);
    integrator.Finish();
  }
  if (rows.count() == 0) return;
  rows.WriteArgs();
  std::vector<NestItem> slice_items;
  slice_items.reserve(track_rows.size());
  for (uint32_t row : track_rows) {
    slice_items.push_back(
        NestItem{slices.ts[row], EndOf(row, thread_end), false, slices.depth[row], row});
  }
  RenestTrack(std::move(slice_items), rows.first_row(), rows.count(), &storage_->slice);
}

std::vector<ThreadEventSpan> ProfileCallWriter::EventSpans(const CpuProfile& profile,
                                                           const std::vector<bool>& reachable,
                                                           const std::vector<uint32_t>& track_rows,
                                                           int64_t thread_end) const {
  const SliceTable& slices = storage_->slice;
  // Instants (zero-length slices) carry no information about JS durations,
  // unless they name a sample by its trace id.
  std::vector<uint32_t> event_rows;
  std::unordered_map<uint32_t, int32_t> trace_nodes;  // By row.
  for (uint32_t row : track_rows) {
    int32_t trace_node = TraceNode(row, profile, reachable);
    if (trace_node >= 0) trace_nodes[row] = trace_node;
    if (EndOf(row, thread_end) > slices.ts[row] || trace_node >= 0) event_rows.push_back(row);
  }
  std::stable_sort(event_rows.begin(), event_rows.end(), [&](uint32_t a, uint32_t b) {
    if (slices.ts[a] != slices.ts[b]) return slices.ts[a] < slices.ts[b];
    if (EndOf(a, thread_end) != EndOf(b, thread_end)) {
      return EndOf(a, thread_end) > EndOf(b, thread_end);
    }
    return slices.depth[a] < slices.depth[b];
  });
  std::vector<ThreadEventSpan> events;
  events.reserve(event_rows.size());
  for (uint32_t row : event_rows) {
    std::string_view name = pool_.Get(slices.name[row]);
    auto trace_node = trace_nodes.find(row);
    events.push_back(ThreadEventSpan{slices.ts[row], EndOf(row, thread_end) - slices.ts[row],
                                     ResetsJsStack(name), InvokesJs(name),
                                     trace_node == trace_nodes.end() ? -1 : trace_node->second});
  }
  return events;
}

}  // namespace

void WriteProfileCalls(const std::vector<CpuProfile>& profiles, ProcessTracker* processes,
                       TrackTracker* tracks, TraceStorage* storage) {
  // One profile per thread (its head's): the first with samples.
  std::vector<std::pair<const CpuProfile*, uint32_t>> chosen;  // (profile, utid).
  std::unordered_set<uint32_t> threads;
  for (const CpuProfile& p : profiles) {
    if (p.samples.empty() || p.nodes.empty() || !p.has_head) continue;
    uint32_t utid = processes->UpdateThread(p.head_tid, p.pid);
    if (threads.insert(utid).second) chosen.emplace_back(&p, utid);
  }
  if (chosen.empty()) return;
  // The slices already on each chosen thread's track, in one pass (a
  // thread track is created only when calls are written on it).
  std::unordered_map<uint32_t, std::vector<uint32_t>> rows_by_utid;
  for (const auto& [p, utid] : chosen) rows_by_utid[utid];
  const TrackTable& track_table = storage->track;
  SliceTable& slices = storage->slice;
  const uint32_t row_count = static_cast<uint32_t>(slices.ts.size());
  for (uint32_t row = 0; row < row_count; ++row) {
    uint32_t track = slices.track_id[row];
    if (track_table.type[track] != tracks->type_thread()) continue;
    auto it = rows_by_utid.find(track_table.utid[track]);
    if (it != rows_by_utid.end()) it->second.push_back(row);
  }
  ProfileCallWriter writer(tracks, storage);
  for (const auto& [p, utid] : chosen) writer.Write(*p, utid, rows_by_utid[utid]);
}

}  // namespace weft
