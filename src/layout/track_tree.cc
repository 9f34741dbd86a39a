// Builds the visual track tree in three steps: place every track under its
// parent (track, thread or process), merge eligible siblings level by level
// (a merged group's children are the union of its sources' children), then
// order siblings and number the groups in display order.
#include "src/layout/track_tree.h"

#include <algorithm>
#include <climits>
#include <string>
#include <tuple>
#include <unordered_map>

#include "src/storage/piece_reader.h"

namespace weft {
namespace {

constexpr uint32_t kNull = Uint32Column::kNull;
using Role = TrackLayoutHint::Role;

// Sort classes: CPUs first (at the top), then a thread's state, tracks,
// threads, processes.
enum class NodeKind : uint8_t {
  kCpu = 0,
  kThreadState = 1,
  kTrack = 2,
  kThread = 3,
  kProcess = 4
};

// A track, thread or process before merging.
struct Node {
  NodeKind kind;
  uint32_t ref;                    // Track id, utid, upid or cpu.
  std::vector<uint32_t> tracks;    // Its own tracks.
  std::vector<uint32_t> children;  // Node indices.
};

// A group while it is being built: the nodes merged into it.
struct Draft {
  uint32_t parent = kNull;
  std::vector<uint32_t> nodes;
  std::vector<uint32_t> children;  // Draft indices.
  TrackGroup group;
  // Sort keys among siblings.
  NodeKind kind = NodeKind::kTrack;
  int64_t first_ts = INT64_MAX;
  int64_t id_key = 0;     // pid / tid / cpu.
  bool is_main = false;   // A process's main thread sorts first.
  ChildOrdering child_ordering = ChildOrdering::kUnknown;
};

class TreeBuilder {
 public:
  explicit TreeBuilder(TraceStorage* s) : s_(s), track_(s->track) {}

  void Build(std::vector<TrackGroup>* groups, std::vector<uint32_t>* group_of_track) {
    ComputeFirstTimestamps();
    PlaceSchedulingNodes();
    PlaceTracks();
    Merge();
    for (Draft& d : drafts_) Describe(&d);
    for (Draft& d : drafts_) SortChildren(&d);
    Emit(groups, group_of_track);
  }

 private:
  const TrackLayoutHint* Hint(uint32_t t) const {
    return s_->track_layout_hints.Find(t);
  }

  Role RoleOf(uint32_t t) const {
    const TrackLayoutHint* h = Hint(t);
    if (h && h->role != Role::kAuto) return h->role;
    bool is_slice = track_.kind(t) == TrackEventType::kSlice;
    // A thread-scoped slice track without a parent is the thread's own
    // (the JSON thread track and its spill tracks).
    if (is_slice && !track_.utid.IsNull(t) && track_.parent_id.IsNull(t)) {
      return Role::kContextRoot;
    }
    return Role::kChild;
  }

  static constexpr uint32_t kDenseCpus = 1u << 16;  // Flagged when seen.
  uint32_t NewNode(NodeKind kind, uint32_t ref) {
    nodes_.push_back(Node{kind, ref, {}, {}});
    return static_cast<uint32_t>(nodes_.size() - 1);
  }
  uint32_t ThreadNode(uint32_t utid) {
    auto [it, inserted] = thread_nodes_.try_emplace(utid, 0);
    if (inserted) it->second = NewNode(NodeKind::kThread, utid);
    return it->second;
  }
  uint32_t ProcessNode(uint32_t upid) {
    auto [it, inserted] = process_nodes_.try_emplace(upid, 0);
    if (inserted) it->second = NewNode(NodeKind::kProcess, upid);
    return it->second;
  }
  // try_emplace: emplace allocates a node per call, found or not.
  uint32_t CpuNode(uint32_t cpu) {
    auto [it, inserted] = cpu_nodes_.try_emplace(cpu, 0);
    if (inserted) it->second = NewNode(NodeKind::kCpu, cpu);
    return it->second;
  }
  bool ValidUtid(uint32_t utid) const {
    return utid != kNull && utid < s_->thread.row_count();
  }
  bool ValidUpid(uint32_t upid) const {
    return upid != kNull && upid < s_->process.row_count();
  }

  // The node a track's slices belong to (context roots belong to their
  // thread / process; a CPU's tracks, such as its frequency, to the CPU),
  // or kNull for tracks placed at the top level.
  uint32_t ContextNode(uint32_t t) {
    uint32_t utid = track_.utid[t], upid = track_.upid[t], cpu = track_.cpu[t];
    if (ValidUtid(utid)) return ThreadNode(utid);
    if (ValidUpid(upid)) return ProcessNode(upid);
    if (cpu != kNull) return CpuNode(cpu);
    return kNull;
  }

  // A CPU node for every CPU with sched slices, and a thread-state node
  // under every thread with thread_state rows (not the idle threads, tid 0,
  // whose "state" is the CPU being idle).
  void PlaceSchedulingNodes() {
    const SchedTable& sched = s_->sched;
    // Each CPU looked up once, at its first slice, in the same order (a
    // lookup per slice was ~3% of loading a compact_sched trace).
    std::vector<uint8_t> seen;
    for (uint32_t r = 0; r < sched.row_count(); ++r) {
      uint32_t cpu = sched.cpu[r];
      if (cpu < kDenseCpus) {
        if (cpu >= seen.size()) seen.resize(cpu + 1);
        if (seen[cpu]) continue;
        seen[cpu] = 1;
      }
      CpuNode(cpu);
    }
    const ThreadStateTable& state = s_->thread_state;
    std::vector<uint8_t> has_state(s_->thread.row_count());
    // In any order: a Running row's utid is a lookup in sched.
    state.utid.ForEachValue([&](uint32_t utid) {
      if (ValidUtid(utid)) has_state[utid] = 1;
    });
    for (uint32_t utid = 0; utid < has_state.size(); ++utid) {
      if (!has_state[utid] || s_->thread.tid[utid] == 0) continue;
      uint32_t node = NewNode(NodeKind::kThreadState, utid);
      Attach(node, ThreadNode(utid));
    }
  }

  void PlaceTracks() {
    uint32_t n = track_.row_count();
    node_of_track_.assign(n, kNull);
    std::vector<uint32_t> track_nodes;
    for (uint32_t t = 0; t < n; ++t) {
      uint32_t context = kNull;
      if (RoleOf(t) == Role::kContextRoot) context = ContextNode(t);
      if (context != kNull) {
        nodes_[context].tracks.push_back(t);
        node_of_track_[t] = context;
        continue;
      }
      uint32_t node = NewNode(NodeKind::kTrack, t);
      nodes_[node].tracks.push_back(t);
      node_of_track_[t] = node;
      track_nodes.push_back(node);
    }
    for (uint32_t node : track_nodes) {
      uint32_t t = nodes_[node].ref;
      uint32_t parent = track_.parent_id[t];
      // Parents are created before their children; anything else is a
      // broken link and the track goes under its thread / process.
      uint32_t parent_node = parent < t ? node_of_track_[parent] : kNull;
      if (parent_node == kNull) parent_node = ContextNode(t);
      Attach(node, parent_node);
    }
    // Threads under their process; processes at the top.
    std::vector<std::pair<uint32_t, uint32_t>> threads(thread_nodes_.begin(),
                                                       thread_nodes_.end());
    std::sort(threads.begin(), threads.end());
    for (auto [utid, node] : threads) {
      uint32_t upid = s_->thread.upid[utid];
      Attach(node, ValidUpid(upid) ? ProcessNode(upid) : kNull);
    }
    std::vector<std::pair<uint32_t, uint32_t>> processes(process_nodes_.begin(),
                                                         process_nodes_.end());
    std::sort(processes.begin(), processes.end());
    for (auto [upid, node] : processes) Attach(node, kNull);
    std::vector<std::pair<uint32_t, uint32_t>> cpus(cpu_nodes_.begin(), cpu_nodes_.end());
    std::sort(cpus.begin(), cpus.end());
    for (auto [cpu, node] : cpus) Attach(node, kNull);
  }

  void Attach(uint32_t node, uint32_t parent) {
    (parent == kNull ? top_nodes_ : nodes_[parent].children).push_back(node);
  }

  // Whether |node| may merge with siblings, and the key it merges on.
  bool MergeKey(uint32_t node, uint64_t* key) const {
    const Node& n = nodes_[node];
    if (n.kind != NodeKind::kTrack) return false;  // Threads, processes.
    uint32_t t = n.ref;
    if (track_.kind(t) != TrackEventType::kSlice) return false;
    const TrackLayoutHint* h = Hint(t);
    SiblingMerge merge = h ? h->merge : SiblingMerge::kUnspecified;
    switch (merge) {
      case SiblingMerge::kNone:
        return false;
      case SiblingMerge::kBySiblingMergeKey:
        if (h->merge_key == kNullStringId) return false;
        *key = (uint64_t{2} << 32) | h->merge_key;
        return true;
      default:
        *key = (uint64_t{1} << 32) | track_.name[t];
        return true;
    }
  }

  // Level by level: the candidates of a draft are the children of all its
  // nodes; eligible ones merge into one child draft.
  void Merge() {
    drafts_.emplace_back();  // The invisible root.
    for (uint32_t d = 0; d < drafts_.size(); ++d) {
      std::vector<uint32_t> candidates;
      if (d == 0) {
        candidates = top_nodes_;
      } else {
        for (uint32_t node : drafts_[d].nodes) {
          const std::vector<uint32_t>& c = nodes_[node].children;
          candidates.insert(candidates.end(), c.begin(), c.end());
        }
      }
      std::unordered_map<uint64_t, uint32_t> by_key;
      for (uint32_t node : candidates) {
        uint64_t key;
        if (MergeKey(node, &key)) {
          auto [it, inserted] = by_key.emplace(key, static_cast<uint32_t>(drafts_.size()));
          if (!inserted) {
            drafts_[it->second].nodes.push_back(node);
            continue;
          }
        }
        Draft child;
        child.parent = d;
        child.nodes.push_back(node);
        drafts_[d].children.push_back(static_cast<uint32_t>(drafts_.size()));
        drafts_.push_back(std::move(child));
      }
    }
  }

  // The sort index hint (JSON process_sort_index / thread_sort_index, or a
  // TrackDescriptor rank used as one) of a process or thread.
  void ApplySortHint(uint32_t arg_set, StringId key, TrackGroup* g) const {
    if (arg_set == kNull || key == kNullStringId) return;
    int64_t row = s_->args.FindArg(arg_set, key);
    if (row < 0) return;
    g->has_rank = true;
    g->rank = s_->args.raw_value(static_cast<uint32_t>(row));
  }

  StringId Label(std::string_view name, const char* fallback, int64_t id) {
    std::string label(name.empty() ? fallback : name);
    label += ' ';
    label += std::to_string(id);
    return s_->Intern(label);
  }

  // Fills a draft's group properties and sort keys from its sources.
  void Describe(Draft* d) {
    if (d->nodes.empty()) return;  // The root.
    TrackGroup& g = d->group;
    const Node& first = nodes_[d->nodes[0]];
    d->kind = first.kind;
    for (uint32_t node : d->nodes) {
      const std::vector<uint32_t>& t = nodes_[node].tracks;
      g.tracks.insert(g.tracks.end(), t.begin(), t.end());
    }
    std::sort(g.tracks.begin(), g.tracks.end());
    for (uint32_t t : g.tracks) {
      d->first_ts = std::min(d->first_ts, first_ts_[t]);
      const TrackLayoutHint* h = Hint(t);
      if (h && h->has_rank && (!g.has_rank || h->rank < g.rank)) {
        g.has_rank = true;
        g.rank = h->rank;
      }
    }
    if (!g.tracks.empty()) {
      const TrackLayoutHint* h = Hint(g.tracks[0]);
      if (h) d->child_ordering = h->child_ordering;
    }
    const StringPool& pool = s_->pool();
    switch (first.kind) {
      case NodeKind::kProcess: {
        uint32_t upid = first.ref;
        g.upid = upid;
        d->id_key = s_->process.pid[upid];
        g.name = Label(pool.Get(s_->process.name[upid]), "Process", d->id_key);
        ApplySortHint(s_->process.arg_set_id[upid], process_hint_, &g);
        break;
      }
      case NodeKind::kThread: {
        uint32_t utid = first.ref;
        g.utid = utid;
        d->id_key = s_->thread.tid[utid];
        g.name = Label(pool.Get(s_->thread.name[utid]), "Thread", d->id_key);
        uint32_t upid = s_->thread.upid[utid];
        d->is_main = ValidUpid(upid) && s_->process.pid[upid] == d->id_key;
        ApplySortHint(s_->thread.arg_set_id[utid], thread_hint_, &g);
        break;
      }
      case NodeKind::kCpu:
        g.kind = GroupKind::kCpu;
        g.cpu = first.ref;
        d->id_key = first.ref;
        g.name = Label("", "CPU", first.ref);
        break;
      case NodeKind::kThreadState:
        g.kind = GroupKind::kThreadState;
        g.utid = first.ref;
        g.name = s_->Intern("Thread state");
        break;
      case NodeKind::kTrack: {
        uint32_t t = first.ref;
        if (track_.kind(t) == TrackEventType::kCounter) g.kind = GroupKind::kCounter;
        g.name = track_.name[t];
        // Unnamed tracks are labelled by their kind.
        if (g.name == kNullStringId) g.name = track_.type[t];
        if (g.name == kNullStringId) g.name = Label("", "Track", t);
        if (d->nodes.size() > 1 && !Consistent(*d)) {
          s_->stats.Increment(Stat::track_merge_inconsistent_properties);
        }
        break;
      }
    }
  }

  // Whether the merged tracks agree on the properties one of them stands
  // in for.
  bool Consistent(const Draft& d) const {
    auto props = [&](uint32_t node) {
      uint32_t t = nodes_[node].ref;
      const TrackLayoutHint* h = Hint(t);
      return std::make_tuple(track_.name[t], h ? h->merge_key : kNullStringId,
                             h ? h->child_ordering : ChildOrdering::kUnknown);
    };
    auto first = props(d.nodes[0]);
    for (uint32_t node : d.nodes) {
      if (props(node) != first) return false;
    }
    return true;
  }

  void SortChildren(Draft* parent) {
    ChildOrdering ordering = parent->child_ordering;
    const StringPool& pool = s_->pool();
    auto less = [&](uint32_t a_index, uint32_t b_index) {
      const Draft& a = drafts_[a_index];
      const Draft& b = drafts_[b_index];
      if (a.kind != b.kind) return a.kind < b.kind;
      const TrackGroup& ga = a.group;
      const TrackGroup& gb = b.group;
      if (a.kind != NodeKind::kTrack) {  // CPUs, threads and processes.
        return std::make_tuple(ga.rank, !a.is_main, a.id_key, a.nodes[0]) <
               std::make_tuple(gb.rank, !b.is_main, b.id_key, b.nodes[0]);
      }
      switch (ordering) {
        // No child_ordering: by name, as Perfetto (docs/compatibility.md);
        // sibling_order_rank only counts under EXPLICIT.
        case ChildOrdering::kUnknown:
        case ChildOrdering::kLexicographic: {
          int c = pool.Get(ga.name).compare(pool.Get(gb.name));
          if (c != 0) return c < 0;
          break;
        }
        case ChildOrdering::kChronological:
          if (a.first_ts != b.first_ts) return a.first_ts < b.first_ts;
          break;
        case ChildOrdering::kExplicit:
          if (ga.rank != gb.rank) return ga.rank < gb.rank;
          break;
      }
      return ga.tracks.front() < gb.tracks.front();
    };
    std::stable_sort(parent->children.begin(), parent->children.end(), less);
  }

  // Pre-order walk: group ids are display order.
  void Emit(std::vector<TrackGroup>* groups, std::vector<uint32_t>* group_of_track) {
    group_of_track->assign(track_.row_count(), kNull);
    struct Item {
      uint32_t draft, parent_group, depth, rank;
    };
    std::vector<Item> stack;
    const std::vector<uint32_t>& top = drafts_[0].children;
    for (size_t i = top.size(); i-- > 0;) {
      stack.push_back({top[i], TrackGroup::kNoParent, 0, static_cast<uint32_t>(i)});
    }
    while (!stack.empty()) {
      Item item = stack.back();
      stack.pop_back();
      Draft& d = drafts_[item.draft];
      uint32_t id = static_cast<uint32_t>(groups->size());
      d.group.parent = item.parent_group;
      d.group.tree_depth = item.depth;
      d.group.order_rank = item.rank;
      for (uint32_t t : d.group.tracks) (*group_of_track)[t] = id;
      groups->push_back(std::move(d.group));
      for (size_t i = d.children.size(); i-- > 0;) {
        stack.push_back({d.children[i], id, item.depth + 1, static_cast<uint32_t>(i)});
      }
    }
  }

  // First event time of every track (INT64_MAX when it has none).
  void ComputeFirstTimestamps() {
    first_ts_.assign(track_.row_count(), INT64_MAX);
    auto note = [&](uint32_t t, int64_t ts) {
      if (t < first_ts_.size() && ts < first_ts_[t]) first_ts_[t] = ts;
    };
    const SliceTable& slice = s_->slice;
    PieceReader<uint32_t, CompactUint32Column> track_of(slice.track_id, slice.row_count());
    PieceReader<int64_t, TimestampColumn> ts_of(slice.ts, slice.row_count());
    for (uint32_t r = 0; r < slice.row_count(); ++r) note(track_of[r], ts_of[r]);
    const CounterTable& counter = s_->counter;
    for (uint32_t r = 0; r < counter.row_count(); ++r) {
      note(counter.track_id[r], counter.ts[r]);
    }
    process_hint_ = s_->pool().Find("process_sort_index_hint");
    thread_hint_ = s_->pool().Find("thread_sort_index_hint");
  }

  TraceStorage* s_;
  const TrackTable& track_;
  std::vector<Node> nodes_;
  std::vector<uint32_t> top_nodes_;
  std::vector<uint32_t> node_of_track_;
  std::unordered_map<uint32_t, uint32_t> thread_nodes_, process_nodes_, cpu_nodes_;
  std::vector<Draft> drafts_;
  std::vector<int64_t> first_ts_;
  StringId process_hint_ = kNullStringId, thread_hint_ = kNullStringId;
};

}  // namespace

TrackTree::TrackTree(TraceStorage* storage) {
  TreeBuilder builder(storage);
  builder.Build(&groups_, &group_of_track_);
}

}  // namespace weft
