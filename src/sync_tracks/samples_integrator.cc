// SamplesIntegrator: DevTools' rules for JS frames among trace events.
// The walk keeps three things: the open JS frames (js_stack_), for each
// open trace event the JS depth locked when it started (locked_), and
// whether samples are taken as if under a missing JS invocation event
// (implicit_invocation_, DevTools' "fake JS invocation").
#include "src/sync_tracks/samples_integrator.h"

#include <algorithm>

namespace weft {
namespace {

using Kind = CallTreeNode::Kind;

bool IsMetaNode(Kind kind) {
  return kind == Kind::kRoot || kind == Kind::kProgram || kind == Kind::kIdle ||
         kind == Kind::kGc;
}

class Integrator {
 public:
  Integrator(const std::vector<CallTreeNode>& tree, const std::vector<CpuSample>& samples)
      : tree_(tree), samples_(samples), gc_base_(samples.size(), -1) {
    // A GC sample has no stack of its own: it stands on the stack of the
    // previous (non-GC) sample.
    int32_t previous = -1;
    for (size_t i = 0; i < samples.size(); ++i) {
      int32_t node = samples[i].node;
      if (!Known(node)) continue;
      if (tree[node].kind == Kind::kGc && previous >= 0) {
        gc_base_[i] = previous;
        continue;
      }
      previous = node;
    }
  }

  std::vector<ProfileCall> Run(const std::vector<ThreadEventSpan>& events);

 private:
  bool Known(int32_t node) const {
    return node >= 0 && static_cast<size_t>(node) < tree_.size();
  }
  // The nodes of sample |i|'s stack, bottom first, without the root and
  // without native runtime frames.
  void StackOf(size_t i, std::vector<int32_t>* stack) const;
  void OnSample(size_t i, const ThreadEventSpan* parent);
  void OnEventStart(const ThreadEventSpan& event);
  void OnEventEnd(const ThreadEventSpan& event);
  // Merges sample |i|'s stack into the open frames at its time.
  void MergeStack(size_t i);
  // Merges |stack| (bottom first) into the open frames at |ts|; a sample's
  // frames count it.
  void Merge(const std::vector<int32_t>& stack, int64_t ts, bool is_sample);
  // The nodes from |node| down to the root's child, bottom first, without
  // native runtime frames.
  void NodeStack(int32_t node, std::vector<int32_t>* stack) const;
  // Ends the open frames at |ts| and keeps the |depth| bottom ones (never
  // fewer than the innermost locked depth).
  void Truncate(size_t depth, int64_t ts);
  size_t LockedDepth() const { return locked_.empty() ? 0 : locked_.back(); }
  size_t PopLockedDepth() {
    size_t depth = LockedDepth();
    if (!locked_.empty()) locked_.pop_back();
    return depth;
  }

  const std::vector<CallTreeNode>& tree_;
  const std::vector<CpuSample>& samples_;
  std::vector<int32_t> gc_base_;
  std::vector<ProfileCall> calls_;
  std::vector<size_t> js_stack_;  // Indices into calls_, bottom first.
  std::vector<size_t> locked_;
  bool implicit_invocation_ = false;
  std::vector<int32_t> scratch_stack_;
};

void Integrator::StackOf(size_t i, std::vector<int32_t>* stack) const {
  stack->clear();
  int32_t node = samples_[i].node;
  bool gc = tree_[node].kind == Kind::kGc;
  int32_t base = gc ? gc_base_[i] : node;
  if (base < 0) return;  // GC before any other sample: no stack.
  NodeStack(base, stack);
  if (gc) stack->push_back(node);
}

void Integrator::NodeStack(int32_t node, std::vector<int32_t>* stack) const {
  stack->clear();
  for (int32_t n = node; Known(n) && tree_[n].parent >= 0; n = tree_[n].parent) {
    if (tree_[n].kind != Kind::kNativeRuntime) stack->push_back(n);
  }
  std::reverse(stack->begin(), stack->end());
}

void Integrator::Truncate(size_t depth, int64_t ts) {
  size_t locked = LockedDepth();
  if (locked && depth < locked) depth = locked;
  depth = std::min(depth, js_stack_.size());
  for (size_t call : js_stack_) calls_[call].dur = std::max<int64_t>(ts - calls_[call].ts, 0);
  js_stack_.resize(depth);
}

void Integrator::MergeStack(size_t i) {
  StackOf(i, &scratch_stack_);
  Merge(scratch_stack_, samples_[i].ts, /*is_sample=*/true);
}

void Integrator::Merge(const std::vector<int32_t>& stack, int64_t ts, bool is_sample) {
  size_t shared = std::min(stack.size(), js_stack_.size());
  size_t k = LockedDepth();
  for (; k < shared; ++k) {
    ProfileCall& open = calls_[js_stack_[k]];
    if (tree_[stack[k]].frame_key != tree_[open.node].frame_key) break;
    open.dur = std::max(open.dur, ts - open.ts);
    if (is_sample) ++open.sample_count;
  }
  Truncate(k, ts);
  for (; k < stack.size(); ++k) {
    if (IsMetaNode(tree_[stack[k]].kind)) continue;
    js_stack_.push_back(calls_.size());
    calls_.push_back(ProfileCall{ts, 0, stack[k], is_sample ? 1u : 0u});
  }
}

void Integrator::OnSample(size_t i, const ThreadEventSpan* parent) {
  if ((parent && parent->invokes_js) || implicit_invocation_) {
    MergeStack(i);
  } else if (js_stack_.empty()) {
    // JS outside any invocation event: its start was likely before the
    // trace began, so act as if a JS invocation event were open.
    implicit_invocation_ = true;
    MergeStack(i);
    locked_.push_back(0);
  }
}

void Integrator::OnEventStart(const ThreadEventSpan& event) {
  if (event.resets_js_stack) {
    // A task starts: no JS frame can be open across it.
    locked_.clear();
    Truncate(0, event.ts);
    implicit_invocation_ = false;
  }
  if (implicit_invocation_) {
    Truncate(PopLockedDepth(), event.ts);
    implicit_invocation_ = false;
  }
  if (Known(event.trace_node)) {
    // A GC node has no stack of its own here (DevTools: an empty one).
    if (tree_[event.trace_node].kind == Kind::kGc) {
      scratch_stack_.clear();
    } else {
      NodeStack(event.trace_node, &scratch_stack_);
    }
    Merge(scratch_stack_, event.ts, /*is_sample=*/false);
  }
  // The open frames called this event: they are locked until it ends.
  Truncate(js_stack_.size(), event.ts);
  locked_.push_back(js_stack_.size());
}

void Integrator::OnEventEnd(const ThreadEventSpan& event) {
  // Frames opened inside the event end with it; the locked ones cover it.
  Truncate(PopLockedDepth(), event.ts + event.dur);
}

std::vector<ProfileCall> Integrator::Run(const std::vector<ThreadEventSpan>& events) {
  std::vector<const ThreadEventSpan*> open_events;
  size_t e = 0, s = 0;
  while (e < events.size() || s < samples_.size()) {
    if (s < samples_.size() && !Known(samples_[s].node)) {
      ++s;  // Samples of unknown nodes are not part of the walk.
      continue;
    }
    // At equal start, a longer item comes first; a sample precedes a
    // zero-length event (it may be the event's caller).
    bool take_sample =
        s < samples_.size() &&
        (e == events.size() || samples_[s].ts < events[e].ts ||
         (samples_[s].ts == events[e].ts && events[e].dur <= 0));
    int64_t ts = take_sample ? samples_[s].ts : events[e].ts;
    if (!open_events.empty()) {
      const ThreadEventSpan* parent = open_events.back();
      if (ts >= parent->ts + parent->dur) {
        OnEventEnd(*parent);
        open_events.pop_back();
        continue;
      }
    }
    if (take_sample) {
      OnSample(s++, open_events.empty() ? nullptr : open_events.back());
    } else {
      OnEventStart(events[e]);
      open_events.push_back(&events[e++]);
    }
  }
  while (!open_events.empty()) {
    OnEventEnd(*open_events.back());
    open_events.pop_back();
  }
  return std::move(calls_);
}

// The depth-0 node above |node| (DevTools' "bottom node" of a stack).
int32_t BottomNode(const std::vector<CallTreeNode>& tree, int32_t node) {
  while (tree[node].parent >= 0 && tree[tree[node].parent].parent >= 0) node = tree[node].parent;
  return node;
}

}  // namespace

std::vector<ProfileCall> IntegrateSamples(const std::vector<CallTreeNode>& tree,
                                          const std::vector<CpuSample>& samples,
                                          const std::vector<ThreadEventSpan>& events) {
  return Integrator(tree, samples).Run(events);
}

void PrepareSamples(const std::vector<CallTreeNode>& tree, std::vector<CpuSample>* samples) {
  std::stable_sort(samples->begin(), samples->end(),
                   [](const CpuSample& a, const CpuSample& b) { return a.ts < b.ts; });
  std::vector<CpuSample>& s = *samples;
  bool has_program = std::any_of(tree.begin(), tree.end(), [](const CallTreeNode& n) {
    return n.kind == Kind::kProgram;
  });
  if (!has_program || s.size() < 3) return;
  auto known = [&tree](int32_t n) { return n >= 0 && static_cast<size_t>(n) < tree.size(); };
  auto is_system = [&tree](int32_t n) {
    Kind k = tree[n].kind;
    return k == Kind::kProgram || k == Kind::kGc || k == Kind::kIdle;
  };
  // DevTools compares with the original previous sample, and keeps its
  // window in place when a neighbour is unknown; so does this loop.
  int32_t previous = s[0].node;
  int32_t current = s[1].node;
  for (size_t i = 1; i + 1 < s.size(); ++i) {
    int32_t next = s[i + 1].node;
    if (!known(previous) || !known(next)) continue;
    if (known(current) && tree[current].kind == Kind::kProgram && !is_system(previous) &&
        !is_system(next) && BottomNode(tree, previous) == BottomNode(tree, next)) {
      s[i].node = previous;
    }
    previous = current;
    current = next;
  }
}

}  // namespace weft
