// SamplesIntegrator: DevTools' rules for JS frames among trace events.
// The walk keeps three things: the open JS frames (js_stack_), for each
// open trace event the JS depth locked when it started (locked_), and
// whether samples are taken as if under a missing JS invocation event
// (implicit_invocation_, DevTools' "fake JS invocation").
#include "src/sync_tracks/samples_integrator.h"

#include <algorithm>

#include "src/base/numeric.h"

namespace weft {
namespace {

using Kind = CallTreeNode::Kind;

bool IsMetaNode(Kind kind) {
  return kind == Kind::kRoot || kind == Kind::kProgram || kind == Kind::kIdle ||
         kind == Kind::kGc;
}

class Integrator {
 public:
  Integrator(const std::vector<CallTreeNode>& tree, const std::vector<CpuSample>& samples,
             ProfileCallSink* sink)
      : tree_(tree), samples_(samples), sink_(sink) {}

  void Run(const std::vector<ThreadEventSpan>& events);

 private:
  // An open JS frame: the call it is and what merging needs of it.
  struct OpenFrame {
    uint64_t frame_key;
    int64_t ts;
    uint32_t call;
    uint32_t sample_count;
  };

  bool Known(int32_t node) const {
    return node >= 0 && static_cast<size_t>(node) < tree_.size();
  }
  // The node whose path is the stack of a sample of |node|: itself, or for
  // a GC sample the previous non-GC sample's node (-1: no stack). Called
  // for every sample, in order.
  int32_t StackBase(int32_t node);
  // Fills scratch_stack_ with the stack of a sample of |node| standing on
  // |base|: bottom first, without the root and native runtime frames.
  void StackOf(int32_t node, int32_t base);
  void OnSample(size_t i, const ThreadEventSpan* parent);
  void OnEventStart(const ThreadEventSpan& event);
  void OnEventEnd(const ThreadEventSpan& event);
  // Merges sample |i|'s stack into the open frames at its time.
  void MergeStack(size_t i, int32_t base);
  // Merges scratch_stack_ (bottom first) into the open frames at |ts|; a
  // sample's frames count it.
  void Merge(int64_t ts, bool is_sample);
  // Ends the open frames at |ts| and keeps the |depth| bottom ones (never
  // fewer than the innermost locked depth).
  inline void Truncate(size_t depth, int64_t ts);
  void EndFrame(const OpenFrame& frame, int64_t ts) {
    sink_->EndCall(frame.call, std::max<int64_t>(ts - frame.ts, 0), frame.sample_count);
  }
  size_t LockedDepth() const { return locked_.empty() ? 0 : locked_.back(); }
  size_t PopLockedDepth() {
    size_t depth = LockedDepth();
    if (!locked_.empty()) locked_.pop_back();
    return depth;
  }

  const std::vector<CallTreeNode>& tree_;
  const std::vector<CpuSample>& samples_;
  ProfileCallSink* sink_;
  uint32_t call_count_ = 0;
  std::vector<OpenFrame> js_stack_;  // Bottom first.
  std::vector<size_t> locked_;
  bool implicit_invocation_ = false;
  // Every Truncate() stretches all open frames to its time, so a frame's
  // duration is fixed by the last Truncate() before it ends: only that
  // time is kept, and frames get their duration when they end.
  int64_t last_truncate_ts_ = 0;
  // A GC sample has no stack of its own: it stands on the stack of the
  // previous non-GC sample (of the whole walk, in sample order).
  int32_t previous_node_ = -1;
  // scratch_stack_ is the stack of (node, base); consecutive samples
  // mostly share their stack.
  std::vector<int32_t> scratch_stack_;
  int32_t stack_node_ = -1;
  int32_t stack_base_ = -1;
};

int32_t Integrator::StackBase(int32_t node) {
  bool gc = tree_[node].kind == Kind::kGc;
  if (gc && previous_node_ >= 0) return previous_node_;
  previous_node_ = node;
  return gc ? -1 : node;  // GC before any other sample: no stack.
}

void Integrator::StackOf(int32_t node, int32_t base) {
  if (node == stack_node_ && base == stack_base_) return;
  stack_node_ = node;
  stack_base_ = base;
  std::vector<int32_t>* stack = &scratch_stack_;
  stack->clear();
  if (base < 0) return;
  if (tree_[node].kind == Kind::kGc) stack->push_back(node);  // On top.
  for (int32_t n = base; Known(n) && tree_[n].parent >= 0; n = tree_[n].parent) {
    if (tree_[n].kind != Kind::kNativeRuntime) stack->push_back(n);
  }
  std::reverse(stack->begin(), stack->end());
}

void Integrator::Truncate(size_t depth, int64_t ts) {
  last_truncate_ts_ = ts;
  depth = std::max(depth, LockedDepth());
  if (depth >= js_stack_.size()) return;  // Mostly: nothing ends.
  for (size_t k = depth; k < js_stack_.size(); ++k) EndFrame(js_stack_[k], ts);
  js_stack_.resize(depth);
}

void Integrator::MergeStack(size_t i, int32_t base) {
  StackOf(samples_[i].node, base);
  Merge(samples_[i].ts, /*is_sample=*/true);
}

void Integrator::Merge(int64_t ts, bool is_sample) {
  const std::vector<int32_t>& stack = scratch_stack_;
  size_t shared = std::min(stack.size(), js_stack_.size());
  size_t k = LockedDepth();
  for (; k < shared; ++k) {
    OpenFrame& open = js_stack_[k];
    if (tree_[stack[k]].frame_key != open.frame_key) break;
    if (is_sample) ++open.sample_count;
  }
  Truncate(k, ts);
  for (; k < stack.size(); ++k) {
    const CallTreeNode& node = tree_[stack[k]];
    if (IsMetaNode(node.kind)) continue;
    js_stack_.push_back(OpenFrame{node.frame_key, ts, call_count_++, is_sample ? 1u : 0u});
    sink_->OpenCall(ts, stack[k]);
  }
}

void Integrator::OnSample(size_t i, const ThreadEventSpan* parent) {
  int32_t base = StackBase(samples_[i].node);
  if ((parent && parent->invokes_js) || implicit_invocation_) {
    MergeStack(i, base);
  } else if (js_stack_.empty()) {
    // JS outside any invocation event: its start was likely before the
    // trace began, so act as if a JS invocation event were open.
    implicit_invocation_ = true;
    MergeStack(i, base);
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
    // The event starts on the stack of the sample its sampleTraceId names
    // (DevTools: an empty one for a GC node).
    if (tree_[event.trace_node].kind == Kind::kGc) {
      scratch_stack_.clear();
      stack_node_ = stack_base_ = -1;  // The cache no longer holds a stack.
    } else {
      StackOf(event.trace_node, event.trace_node);
    }
    Merge(event.ts, /*is_sample=*/false);
  }
  // The open frames called this event: they are locked until it ends.
  Truncate(js_stack_.size(), event.ts);
  locked_.push_back(js_stack_.size());
}

void Integrator::OnEventEnd(const ThreadEventSpan& event) {
  // Frames opened inside the event end with it; the locked ones cover it.
  Truncate(PopLockedDepth(), SaturatingAdd(event.ts, event.dur));
}

void Integrator::Run(const std::vector<ThreadEventSpan>& events) {
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
  // Frames still open keep the duration of the last stretch.
  for (const OpenFrame& frame : js_stack_) EndFrame(frame, last_truncate_ts_);
  js_stack_.clear();
}

// Collects the calls in opening order.
class CallCollector final : public ProfileCallSink {
 public:
  void OpenCall(int64_t ts, int32_t node) override { calls.push_back(ProfileCall{ts, 0, node, 0}); }
  void EndCall(uint32_t call, int64_t dur, uint32_t sample_count) override {
    calls[call].dur = dur;
    calls[call].sample_count = sample_count;
  }
  std::vector<ProfileCall> calls;
};

// The depth-0 node above |node| (DevTools' "bottom node" of a stack).
int32_t BottomNode(const std::vector<CallTreeNode>& tree, int32_t node) {
  while (tree[node].parent >= 0 && tree[tree[node].parent].parent >= 0) node = tree[node].parent;
  return node;
}

}  // namespace

void IntegrateSamples(const std::vector<CallTreeNode>& tree, const std::vector<CpuSample>& samples,
                      const std::vector<ThreadEventSpan>& events, ProfileCallSink* sink) {
  Integrator(tree, samples, sink).Run(events);
}

std::vector<ProfileCall> IntegrateSamples(const std::vector<CallTreeNode>& tree,
                                          const std::vector<CpuSample>& samples,
                                          const std::vector<ThreadEventSpan>& events) {
  CallCollector collector;
  IntegrateSamples(tree, samples, events, &collector);
  return std::move(collector.calls);
}

void PrepareSamples(const std::vector<CallTreeNode>& tree, std::vector<CpuSample>* samples) {
  auto by_ts = [](const CpuSample& a, const CpuSample& b) { return a.ts < b.ts; };
  // Profiles come sorted; checking is much cheaper than a stable sort.
  if (!std::is_sorted(samples->begin(), samples->end(), by_ts)) {
    std::stable_sort(samples->begin(), samples->end(), by_ts);
  }
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
