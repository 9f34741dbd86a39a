// ProfileFrames: the stack of open frames follows the samples' nodes; a
// change of node closes the frames down to the common ancestor of the two
// nodes and opens those up to the new one.
#include "src/sync_tracks/profile_frames.h"

namespace weft {

ProfileFrames::ProfileFrames(const std::vector<CallTreeNode>& tree, ProfileCallSink* sink)
    : tree_(tree), sink_(sink), depth_(tree.size(), kUnknown) {
  if (!tree.empty()) depth_[0] = -1;
  // Each node's path up to one whose depth is known, then its depths top
  // down; a path that does not reach the root (or loops) is unreachable.
  std::vector<int32_t> path;
  for (size_t i = 0; i < tree.size(); ++i) {
    int32_t n = static_cast<int32_t>(i);
    while (n >= 0 && depth_[n] == kUnknown && path.size() <= tree.size()) {
      path.push_back(n);
      n = tree[n].parent;
    }
    int32_t depth = n >= 0 && depth_[n] >= -1 ? depth_[n] : kUnreachable;
    for (size_t k = path.size(); k-- > 0;) {
      if (depth != kUnreachable) ++depth;
      depth_[path[k]] = depth;
    }
    path.clear();
    if (tree[i].kind == CallTreeNode::Kind::kGc && gc_node_ < 0) gc_node_ = static_cast<int32_t>(i);
  }
}

void ProfileFrames::Open(int32_t node, int64_t ts) {
  open_.push_back(OpenFrame{calls_++, ts, samples_ - 1});  // The sample being added.
  sink_->OpenCall(ts, node);
}

void ProfileFrames::CloseTop(int64_t ts, uint64_t end_sample) {
  const OpenFrame& frame = open_.back();
  sink_->EndCall(frame.call, ts - frame.ts, static_cast<uint32_t>(end_sample - frame.first_sample));
  open_.pop_back();
}

void ProfileFrames::AddSamples(const CpuSample* samples, size_t count) {
  if (count == 0) return;
  if (samples_ == 0) first_ts_ = samples[0].ts;
  // The count and the last node in locals: most samples repeat the last
  // one's node (nothing opens or ends), and their loop then only compares.
  const uint64_t before = samples_;
  int32_t previous = previous_;
  for (size_t i = 0; i < count; ++i) {
    if (samples[i].node == previous) continue;
    samples_ = before + i + 1;  // AddSample's sample is the last one seen.
    AddSample(samples[i]);
    previous = previous_;
  }
  samples_ = before + count;
  last_ts_ = samples[count - 1].ts;
}

void ProfileFrames::AddSample(const CpuSample& sample) {
  int32_t node = sample.node;
  // The root's own samples (depth -1) end every frame.
  if (node < 0 || depth_[node] < -1) return;
  const int64_t ts = sample.ts;
  int32_t previous = previous_;
  previous_ = node;
  if (node == gc_node_) {  // On top of the previous stack.
    gc_parent_ = previous;
    Open(node, ts);
    return;
  }
  if (previous == gc_node_ && gc_parent_ >= 0) {
    CloseTop(ts, samples_ - 1);
    previous = gc_parent_;
    gc_parent_ = -1;
  }
  // Up from |node| to the common ancestor (to open), and from |previous|
  // to it (to close).
  int32_t n = node;
  while (n >= 0 && depth_[n] > depth_[previous]) {
    to_open_.push_back(n);
    n = Parent(n);
  }
  for (int32_t p = previous; p > 0 && p != n; p = Parent(p)) {
    CloseTop(ts, samples_ - 1);
    if (n >= 0 && depth_[n] == depth_[p]) {
      to_open_.push_back(n);
      n = Parent(n);
    }
  }
  while (!to_open_.empty()) {
    Open(to_open_.back(), ts);
    to_open_.pop_back();
  }
}

void ProfileFrames::Finish() {
  // DevTools adds a timestamp after the last sample, one average interval
  // later, as the end of its duration.
  int64_t end = last_ts_;
  if (samples_ > 1) end += (last_ts_ - first_ts_) / static_cast<int64_t>(samples_ - 1);
  while (!open_.empty()) CloseTop(end, samples_);
}

}  // namespace weft
