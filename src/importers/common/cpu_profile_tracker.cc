// CpuProfileTracker: ordering of profile pieces, node resolution (parents
// from "parent" or "children"), sample timestamps and row writing.
#include "src/importers/common/cpu_profile_tracker.h"

#include <algorithm>
#include <limits>

#include "src/importers/common/node_index_lookup.h"

namespace weft {
namespace {

// Samples and rows in time order.
struct ByTs {
  template <typename T>
  bool operator()(const T& a, const T& b) const {
    return a.ts < b.ts;
  }
};

// Sorts |v| by ts, stably; most arrive in order, and a sort of sorted
// rows still costs n log n.
template <typename Vector>
void StableSortByTs(Vector* v) {
  if (!std::is_sorted(v->begin(), v->end(), ByTs())) std::stable_sort(v->begin(), v->end(), ByTs());
}

}  // namespace

void CpuProfileTracker::AddHead(uint32_t pid, uint64_t id, uint32_t tid, int64_t event_ts,
                                int64_t start_ns) {
  pieces_[{pid, id}].push_back(Piece{event_ts, seq_++, tid, true, start_ns, {}});
}

void CpuProfileTracker::AddChunk(uint32_t pid, uint64_t id, uint32_t tid, int64_t event_ts,
                                 CpuProfileChunk chunk) {
  pieces_[{pid, id}].push_back(Piece{event_ts, seq_++, tid, false, 0, std::move(chunk)});
}

void CpuProfileTracker::AddNodes(CpuProfileChunk* chunk, CpuProfile* profile) {
  for (const CpuProfileNode& node : chunk->nodes) {
    auto [it, inserted] =
        profile->node_index.emplace(node.id, static_cast<uint32_t>(profile->nodes.size()));
    if (!inserted) {  // The first definition wins, as in Perfetto.
      storage_->stats.Increment(Stat::cpu_profile_invalid_node);
      continue;
    }
    profile->nodes.push_back(node);
  }
  chunk->nodes.clear();
}

CpuProfile CpuProfileTracker::Build(const Key& key, std::vector<Piece>* pieces) {
  std::stable_sort(pieces->begin(), pieces->end(), [](const Piece& a, const Piece& b) {
    return a.event_ts != b.event_ts ? a.event_ts < b.event_ts : a.seq < b.seq;
  });
  CpuProfile profile;
  profile.pid = key.first;
  profile.id = key.second;
  profile.is_file = file_profile_ids_.count(key.second) > 0;
  profile.tid = pieces->front().tid;
  const auto& index = profile.node_index;
  std::vector<std::pair<uint32_t, uint32_t>> children;
  bool started = false;
  int64_t now = 0;
  size_t total = 0;
  for (const Piece& piece : *pieces) {
    total += std::min(piece.chunk.samples.size(), piece.chunk.time_deltas.size());
  }
  for (Piece& piece : *pieces) {
    if (piece.is_head) {
      now = piece.start_ns;
      profile.has_head = true;
      profile.head_tid = piece.tid;
      profile.head_ts_offset = piece.event_ts - piece.start_ns;
      started = true;
      continue;
    }
    profile.tid = piece.tid;
    CpuProfileChunk& chunk = piece.chunk;
    if (!started) {
      storage_->stats.Increment(Stat::cpu_profile_missing_head);
      now = piece.event_ts;
      started = true;
    }
    AddNodes(&chunk, &profile);
    children.insert(children.end(), chunk.children.begin(), chunk.children.end());
    for (const auto& [trace_id, node] : chunk.trace_ids) profile.trace_ids[trace_id] = node;
    size_t n = std::min(chunk.samples.size(), chunk.time_deltas.size());
    if (chunk.samples.size() != chunk.time_deltas.size()) {
      storage_->stats.Increment(Stat::cpu_profile_malformed);
    }
    // Node ids until every chunk's nodes are known: indices below.
    AppendSamples(&chunk, n, total, &now, &profile.samples);
    chunk = CpuProfileChunk();  // Free it now.
  }
  // "children" lists give parents to nodes that did not name theirs.
  for (const auto& [parent, child] : children) {
    auto it = index.find(child);
    if (it == index.end()) continue;
    CpuProfileNode& node = profile.nodes[it->second];
    if (node.parent == CpuProfileNode::kNoParent) node.parent = parent;
  }
  // Samples name their node by index; those of unknown nodes are dropped.
  const NodeIndexLookup lookup(index);
  size_t dropped = profile.samples.KeepMapped([&](uint32_t id) { return lookup.Find(id); });
  storage_->stats.Increment(Stat::cpu_profile_unknown_node, static_cast<int64_t>(dropped));
  SortByTs(&profile.samples);
  return profile;
}

void CpuProfileTracker::AppendSamples(CpuProfileChunk* chunk, size_t n, size_t total,
                                      int64_t* now, CpuProfileSamples* samples) {
  if (samples->empty()) {
    chunk->time_deltas.resize(n);
    chunk->samples.resize(n);
    samples->ts = std::move(chunk->time_deltas);
    samples->node = std::move(chunk->samples);
    for (int64_t& ts : samples->ts) {  // A delta, then the time.
      *now += ts;
      ts = *now;
    }
    samples->ts.reserve(total);
    samples->node.reserve(total);
    return;
  }
  for (size_t i = 0; i < n; ++i) {
    *now += chunk->time_deltas[i];
    samples->ts.push_back(*now);
    samples->node.push_back(chunk->samples[i]);
  }
}

void CpuProfileTracker::SortByTs(CpuProfileSamples* samples) {
  const PodVector<int64_t>& ts = samples->ts;
  if (std::is_sorted(ts.begin(), ts.end())) return;
  std::vector<uint32_t> order(ts.size());
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return ts[a] < ts[b]; });
  CpuProfileSamples sorted;
  sorted.ts.reserve(order.size());
  sorted.node.reserve(order.size());
  for (uint32_t i : order) {
    sorted.ts.push_back(ts[i]);
    sorted.node.push_back(samples->node[i]);
  }
  *samples = std::move(sorted);
}

void CpuProfileTracker::InternStacks(CpuProfile* profile, StackProfileTracker* stacks) {
  constexpr uint32_t kNull = Uint32Column::kNull;
  uint32_t mapping = stacks->NewDummyMapping(storage_->Intern(""));
  const auto& index = profile->node_index;
  // Every node's frame first, in node order (Perfetto makes frames even
  // for nodes it then drops).
  std::vector<uint32_t> parents, frames;
  for (const CpuProfileNode& node : profile->nodes) {
    frames.push_back(stacks->InternDummyFrame(mapping, node.function_name, node.url, kNull));
    auto it = index.find(node.parent);
    parents.push_back(node.parent == CpuProfileNode::kNoParent ? StackProfileTracker::kTreeRoot
                      : it == index.end()                     ? StackProfileTracker::kTreeBroken
                                                              : it->second);
  }
  size_t invalid = 0;
  profile->callsites = stacks->InternCallsiteTree(parents, frames, &invalid);
  storage_->stats.Increment(Stat::cpu_profile_invalid_node, static_cast<int64_t>(invalid));
  // Samples of dropped nodes are dropped too.
  size_t dropped = profile->samples.KeepMapped([&](uint32_t node) {
    return profile->callsites[node] != kNull ? int64_t{node} : -1;
  });
  storage_->stats.Increment(Stat::cpu_profile_unknown_node, static_cast<int64_t>(dropped));
}

void CpuProfileTracker::Finish(ProcessTracker* processes, StackProfileTracker* stacks) {
  const size_t first = profiles_.size();
  for (auto& [key, pieces] : pieces_) {
    CpuProfile profile = Build(key, &pieces);
    pieces.clear();
    InternStacks(&profile, stacks);
    profile.utid = processes->UpdateThread(profile.tid, profile.pid);
    profiles_.push_back(std::move(profile));
  }
  pieces_.clear();
  // One table in time order across profiles, as Perfetto's sorter leaves
  // it: a stable sort of the rows in this order.
  CpuProfileStackSampleTable& table = storage_->cpu_profile_stack_sample;
  int64_t last_ts = std::numeric_limits<int64_t>::min();
  bool in_order = extra_rows_.empty();
  for (size_t p = first; p < profiles_.size() && in_order; ++p) {
    const CpuProfileSamples& samples = profiles_[p].samples;
    if (samples.empty()) continue;
    in_order = samples.ts[0] >= last_ts;
    last_ts = samples.back().ts;
  }
  if (in_order) {  // Mostly one profile: its samples as they are.
    for (size_t p = first; p < profiles_.size(); ++p) {
      const CpuProfile& profile = profiles_[p];
      const CpuProfileSamples& samples = profile.samples;
      for (size_t i = 0; i < samples.size(); ++i) {
        table.Insert(samples.ts[i], profile.callsites[samples.node[i]], profile.utid, 0);
      }
    }
    return;
  }
  // Otherwise merges of the sorted runs (each profile's samples, the
  // other rows sorted first).
  std::vector<Row> rows;
  rows.swap(extra_rows_);
  StableSortByTs(&rows);
  for (size_t p = first; p < profiles_.size(); ++p) {
    const CpuProfile& profile = profiles_[p];
    const CpuProfileSamples& samples = profile.samples;
    size_t run = rows.size();
    for (size_t i = 0; i < samples.size(); ++i) {
      rows.push_back(Row{samples.ts[i], profile.callsites[samples.node[i]], profile.utid});
    }
    if (run > 0 && run < rows.size() && rows[run].ts < rows[run - 1].ts) {
      std::inplace_merge(rows.begin(), rows.begin() + run, rows.end(), ByTs());
    }
  }
  for (const Row& r : rows) table.Insert(r.ts, r.callsite, r.utid, 0);
}

}  // namespace weft
