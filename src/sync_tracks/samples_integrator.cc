// SamplesIntegrator: DevTools' rules for JS frames among trace events.
// The walk keeps three things: the open JS frames (js_stack_), for each
// open trace event the JS depth locked when it started (locked_), and
// whether samples are taken as if under a missing JS invocation event
// (implicit_invocation_, DevTools' "fake JS invocation").
#include "src/sync_tracks/samples_integrator.h"

#include <algorithm>
#include <limits>

#include "src/base/numeric.h"

namespace weft {
namespace {

using Kind = CallTreeNode::Kind;

bool IsMetaNode(Kind kind) {
  return kind == Kind::kRoot || kind == Kind::kProgram || kind == Kind::kIdle ||
         kind == Kind::kGc;
}

}  // namespace

class SamplesWalk {
 public:
  SamplesWalk(const std::vector<CallTreeNode>& tree, const std::vector<ThreadEventSpan>& events,
              ProfileCallSink* sink)
      : tree_(tree), events_(events), sink_(sink), path_length_(tree.size(), -1) {}

  // The next sample in time order: the events before it, then the sample.
  void AddSample(const CpuSample& sample);
  // The events after the last sample, then the frames still open.
  void Finish();

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
  // Starts and ends the events that come before a sample at |ts| (all of
  // them when |has_sample| is false); returns the innermost open event.
  const ThreadEventSpan* EventsBefore(int64_t ts, bool has_sample);
  // The node whose path is the stack of a sample of |node|: itself, or for
  // a GC sample the previous non-GC sample's node (-1: no stack). Called
  // for every sample, in order.
  int32_t StackBase(int32_t node);
  // Fills scratch_stack_ with the stack of a sample of |node| standing on
  // |base|: bottom first, without the root and native runtime frames.
  void StackOf(int32_t node, int32_t base);
  // The number of frames of |node|'s path (root and native runtime frames
  // left out), computed once per node.
  int32_t PathLength(int32_t node);
  void OnSample(const CpuSample& sample, const ThreadEventSpan* parent);
  void OnEventStart(const ThreadEventSpan& event);
  void OnEventEnd(const ThreadEventSpan& event);
  // Merges |sample|'s stack into the open frames at its time.
  void MergeStack(const CpuSample& sample, int32_t base);
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
  const ThreadEventSpan* InnermostEvent() const {
    return open_events_.empty() ? nullptr : open_events_.back();
  }
  // Before the open frames, the locked depth or the stack change: the
  // repeated samples count for the frames that merged them.
  void SettleRepeats() {
    merged_ = false;
    if (repeats_ == 0) return;
    for (size_t k = LockedDepth(); k < js_stack_.size(); ++k) js_stack_[k].sample_count += repeats_;
    repeats_ = 0;
  }
  size_t PopLockedDepth() {
    size_t depth = LockedDepth();
    if (!locked_.empty()) locked_.pop_back();
    return depth;
  }

  const std::vector<CallTreeNode>& tree_;
  const std::vector<ThreadEventSpan>& events_;
  ProfileCallSink* sink_;
  size_t next_event_ = 0;
  std::vector<const ThreadEventSpan*> open_events_;
  // Samples before this time start or end no event (EventsBefore).
  int64_t next_event_change_ = std::numeric_limits<int64_t>::min();
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
  // mostly share their stack, and a new one mostly shares its bottom.
  std::vector<int32_t> scratch_stack_;
  int32_t stack_node_ = -1;
  int32_t stack_base_ = -1;
  std::vector<int32_t> path_length_;  // By node; -1 until computed.
  std::vector<int32_t> path_scratch_;
  // True while js_stack_ is what merging scratch_stack_ made of it and
  // neither changed since: merging the same stack again ends and opens
  // nothing, it only counts the sample (most samples repeat the last one),
  // and the counting waits until something changes (repeats_ samples).
  bool merged_ = false;
  uint32_t repeats_ = 0;
};

const ThreadEventSpan* SamplesWalk::EventsBefore(int64_t ts, bool has_sample) {
  if (has_sample && ts < next_event_change_) return InnermostEvent();
  for (;;) {
    // At equal start, a longer item comes first; a sample precedes a
    // zero-length event (it may be the event's caller).
    const ThreadEventSpan* event = next_event_ < events_.size() ? &events_[next_event_] : nullptr;
    bool event_first =
        event && (!has_sample || event->ts < ts || (event->ts == ts && event->dur > 0));
    int64_t at = event_first ? event->ts : ts;
    if (!open_events_.empty()) {
      const ThreadEventSpan* parent = open_events_.back();
      if ((event_first || has_sample) && at >= parent->ts + parent->dur) {
        OnEventEnd(*parent);
        open_events_.pop_back();
        continue;
      }
    }
    if (!event_first) {
      // A sample before both the next event's start and the innermost
      // open event's end changes no event.
      next_event_change_ = event ? event->ts : std::numeric_limits<int64_t>::max();
      if (!open_events_.empty()) {
        const ThreadEventSpan* parent = open_events_.back();
        next_event_change_ = std::min(next_event_change_, parent->ts + parent->dur);
      }
      return InnermostEvent();
    }
    OnEventStart(*event);
    open_events_.push_back(event);
    ++next_event_;
  }
}

void SamplesWalk::AddSample(const CpuSample& sample) {
  // Most samples repeat the last one's stack with no event between them:
  // what the whole path below would do for them (StackBase gives the same
  // base, StackOf keeps the stack, Merge counts a repeat).
  if (merged_ && sample.node == stack_node_ && sample.node == stack_base_ &&
      sample.ts < next_event_change_) {
    ++repeats_;
    last_truncate_ts_ = sample.ts;
    return;
  }
  if (!Known(sample.node)) return;  // Samples of unknown nodes are not part of the walk.
  OnSample(sample, EventsBefore(sample.ts, /*has_sample=*/true));
}

void SamplesWalk::Finish() {
  EventsBefore(0, /*has_sample=*/false);
  while (!open_events_.empty()) {
    OnEventEnd(*open_events_.back());
    open_events_.pop_back();
  }
  // Frames still open keep the duration of the last stretch.
  SettleRepeats();
  for (const OpenFrame& frame : js_stack_) EndFrame(frame, last_truncate_ts_);
  js_stack_.clear();
}

int32_t SamplesWalk::StackBase(int32_t node) {
  bool gc = tree_[node].kind == Kind::kGc;
  if (gc && previous_node_ >= 0) return previous_node_;
  previous_node_ = node;
  return gc ? -1 : node;  // GC before any other sample: no stack.
}

int32_t SamplesWalk::PathLength(int32_t node) {
  // The nodes up to the first one known (or the root), then their lengths
  // top down.
  path_scratch_.clear();
  int32_t n = node;
  while (Known(n) && tree_[n].parent >= 0 && path_length_[n] < 0) {
    path_scratch_.push_back(n);
    n = tree_[n].parent;
  }
  int32_t length = Known(n) && tree_[n].parent >= 0 ? path_length_[n] : 0;
  for (size_t i = path_scratch_.size(); i-- > 0;) {
    int32_t m = path_scratch_[i];
    length += tree_[m].kind != Kind::kNativeRuntime;
    path_length_[m] = length;
  }
  return Known(node) && tree_[node].parent >= 0 ? path_length_[node] : 0;
}

void SamplesWalk::StackOf(int32_t node, int32_t base) {
  if (node == stack_node_ && base == stack_base_) return;
  SettleRepeats();
  std::vector<int32_t>& stack = scratch_stack_;
  if (Known(stack_node_) && tree_[stack_node_].kind == Kind::kGc && stack_base_ >= 0) {
    stack.pop_back();  // The GC frame on top: the rest is the base's path.
  }
  stack_node_ = node;
  stack_base_ = base;
  if (base < 0) {
    stack.clear();
    return;
  }
  // Fill the path top down until it meets the old one: the frames below
  // are shared.
  size_t old_size = stack.size();
  size_t position = static_cast<size_t>(PathLength(base));
  stack.resize(position);
  for (int32_t n = base; Known(n) && tree_[n].parent >= 0; n = tree_[n].parent) {
    if (tree_[n].kind == Kind::kNativeRuntime) continue;
    --position;
    if (position < old_size && stack[position] == n) break;
    stack[position] = n;
  }
  if (tree_[node].kind == Kind::kGc) stack.push_back(node);  // On top.
}

void SamplesWalk::Truncate(size_t depth, int64_t ts) {
  last_truncate_ts_ = ts;
  depth = std::max(depth, LockedDepth());
  if (depth >= js_stack_.size()) return;  // Mostly: nothing ends.
  for (size_t k = depth; k < js_stack_.size(); ++k) EndFrame(js_stack_[k], ts);
  js_stack_.resize(depth);
}

void SamplesWalk::MergeStack(const CpuSample& sample, int32_t base) {
  StackOf(sample.node, base);
  Merge(sample.ts, /*is_sample=*/true);
}

void SamplesWalk::Merge(int64_t ts, bool is_sample) {
  if (merged_ && is_sample) {
    ++repeats_;
    last_truncate_ts_ = ts;  // What Truncate() would do.
    return;
  }
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
    // Field by field: a braced push_back made the compiler pack the two
    // 32-bit fields through the stack (a store-forwarding stall per call).
    OpenFrame& frame = js_stack_.emplace_back();
    frame.frame_key = node.frame_key;
    frame.ts = ts;
    frame.call = call_count_++;
    frame.sample_count = is_sample ? 1 : 0;
    sink_->OpenCall(ts, stack[k]);
  }
  // The same merge again matches every open frame from the locked depth
  // up and opens nothing when the frames line up with the stack: no meta
  // frame was left out, or only the one on top.
  merged_ = js_stack_.size() == stack.size() ||
            (js_stack_.size() + 1 == stack.size() && IsMetaNode(tree_[stack.back()].kind));
}

void SamplesWalk::OnSample(const CpuSample& sample, const ThreadEventSpan* parent) {
  int32_t base = StackBase(sample.node);
  if ((parent && parent->invokes_js) || implicit_invocation_) {
    MergeStack(sample, base);
  } else if (js_stack_.empty()) {
    // JS outside any invocation event: its start was likely before the
    // trace began, so act as if a JS invocation event were open.
    implicit_invocation_ = true;
    MergeStack(sample, base);
    SettleRepeats();
    locked_.push_back(0);
  }
}

void SamplesWalk::OnEventStart(const ThreadEventSpan& event) {
  SettleRepeats();
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
  merged_ = false;
}

void SamplesWalk::OnEventEnd(const ThreadEventSpan& event) {
  // Frames opened inside the event end with it; the locked ones cover it.
  SettleRepeats();
  Truncate(PopLockedDepth(), SaturatingAdd(event.ts, event.dur));
}

namespace {

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

}  // namespace

SamplesIntegrator::SamplesIntegrator(const std::vector<CallTreeNode>& tree,
                                     const std::vector<ThreadEventSpan>& events,
                                     ProfileCallSink* sink)
    : walk_(new SamplesWalk(tree, events, sink)) {}

SamplesIntegrator::~SamplesIntegrator() = default;

void SamplesIntegrator::AddSamples(const CpuSample* samples, size_t count) {
  for (size_t i = 0; i < count; ++i) walk_->AddSample(samples[i]);
}

void SamplesIntegrator::Finish() { walk_->Finish(); }

void IntegrateSamples(const std::vector<CallTreeNode>& tree, const std::vector<CpuSample>& samples,
                      const std::vector<ThreadEventSpan>& events, ProfileCallSink* sink) {
  SamplesIntegrator integrator(tree, events, sink);
  integrator.AddSamples(samples.data(), samples.size());
  integrator.Finish();
}

std::vector<ProfileCall> IntegrateSamples(const std::vector<CallTreeNode>& tree,
                                          const std::vector<CpuSample>& samples,
                                          const std::vector<ThreadEventSpan>& events) {
  CallCollector collector;
  IntegrateSamples(tree, samples, events, &collector);
  return std::move(collector.calls);
}

}  // namespace weft
