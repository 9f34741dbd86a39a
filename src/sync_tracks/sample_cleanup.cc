// SampleCleanup: DevTools' (program) sample fix, one sample behind.
#include "src/sync_tracks/sample_cleanup.h"

#include <algorithm>

namespace weft {

using Kind = CallTreeNode::Kind;

SampleCleanup::SampleCleanup(const std::vector<CallTreeNode>& tree) : tree_(tree) {
  has_program_ = std::any_of(tree.begin(), tree.end(),
                             [](const CallTreeNode& n) { return n.kind == Kind::kProgram; });
}

bool SampleCleanup::IsSystem(int32_t node) const {
  Kind k = tree_[node].kind;
  return k == Kind::kProgram || k == Kind::kGc || k == Kind::kIdle;
}

int32_t SampleCleanup::BottomNode(int32_t node) const {
  while (tree_[node].parent >= 0 && tree_[tree_[node].parent].parent >= 0) {
    node = tree_[node].parent;
  }
  return node;
}

bool SampleCleanup::PushFirstTwo(const CpuSample& sample, CpuSample* out) {
  if (count_ == 1) {
    previous_ = sample.node;
    pending_ = sample;
    return false;
  }
  current_ = sample.node;
  *out = pending_;
  pending_ = sample;
  return true;
}

void SampleCleanup::FixProgramSample(int32_t next) {
  if (!IsSystem(previous_) && !IsSystem(next) && BottomNode(previous_) == BottomNode(next)) {
    pending_.node = previous_;
  }
}

bool SampleCleanup::Flush(CpuSample* out) {
  if (count_ == 0) return false;
  *out = pending_;
  count_ = 0;
  return true;
}

void PrepareSamples(const std::vector<CallTreeNode>& tree, std::vector<CpuSample>* samples) {
  auto by_ts = [](const CpuSample& a, const CpuSample& b) { return a.ts < b.ts; };
  // Profiles come sorted; checking is much cheaper than a stable sort.
  if (!std::is_sorted(samples->begin(), samples->end(), by_ts)) {
    std::stable_sort(samples->begin(), samples->end(), by_ts);
  }
  // The cleaned samples are written back one behind the ones read.
  SampleCleanup cleanup(tree);
  size_t written = 0;
  for (const CpuSample& s : *samples) {
    CpuSample out;
    if (cleanup.Push(s, &out)) (*samples)[written++] = out;
  }
  CpuSample last;
  if (cleanup.Flush(&last)) (*samples)[written++] = last;
}

}  // namespace weft
