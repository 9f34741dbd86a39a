// SampleCleanup: DevTools' (program) sample fix, one sample behind.
#include "src/sync_tracks/sample_cleanup.h"

#include <algorithm>

#include "src/base/compiler.h"

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

bool SampleCleanup::FillsProgramGap(int32_t previous, int32_t next) const {
  return !IsSystem(previous) && !IsSystem(next) && BottomNode(previous) == BottomNode(next);
}

size_t SampleCleanup::PushBlock(const CpuSample* samples, size_t count, CpuSample* out) {
  // The window in locals for the loop: |out| may alias any memory as far
  // as the compiler knows (no strict aliasing), which would make every
  // store reload the members.
  const CallTreeNode* tree = tree_.data();
  const size_t tree_size = tree_.size();
  auto known = [tree_size](int32_t node) {
    return node >= 0 && static_cast<size_t>(node) < tree_size;
  };
  const bool has_program = has_program_;
  // The held-back sample as two scalars: as a struct, the compiler kept it
  // in memory.
  int64_t pending_ts = pending_.ts;
  int32_t pending_node = pending_.node;
  int32_t previous = previous_, current = current_;
  size_t seen = count_;
  size_t written = 0;
  for (size_t i = 0; i < count; ++i) {
    const int64_t ts = samples[i].ts;
    const int32_t next = samples[i].node;
    if (++seen == 1) {
      previous = next;
    } else {
      if (seen == 2) {
        current = next;
      } else if (has_program && known(previous) && known(next)) {
        // The pending sample is the one between the window's previous one
        // and |next|; DevTools compares with the original previous sample.
        if (known(current) && tree[current].kind == Kind::kProgram &&
            FillsProgramGap(previous, next)) {
          pending_node = previous;
        }
        previous = current;
        current = next;
      }
      out[written].ts = pending_ts;
      out[written].node = pending_node;
      ++written;
    }
    pending_ts = ts;
    pending_node = next;
  }
  pending_ = CpuSample{pending_ts, pending_node};
  count_ = seen;
  previous_ = previous;
  current_ = current;
  return written;
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
