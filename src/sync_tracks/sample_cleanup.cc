// SampleCleanup: DevTools' (program) sample fix, one sample behind.
#include "src/sync_tracks/sample_cleanup.h"

#include <algorithm>

#include "src/base/compiler.h"

namespace weft {

using Kind = CallTreeNode::Kind;

SampleCleanup::SampleCleanup(const std::vector<CallTreeNode>& tree) : tree_(tree) {
  is_program_.reserve(tree.size());
  for (const CallTreeNode& n : tree) is_program_.push_back(n.kind == Kind::kProgram);
  has_program_ = std::find(is_program_.begin(), is_program_.end(), 1) != is_program_.end();
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
  // The window in locals for the loops: |out| may alias any memory as far
  // as the compiler knows (no strict aliasing), which would make every
  // store reload the members.
  const uint8_t* is_program = is_program_.data();
  const size_t tree_size = tree_.size();
  auto known = [tree_size](int32_t node) {
    return static_cast<uint32_t>(node) < tree_size;  // -1 wraps to too large.
  };
  const bool has_program = has_program_;
  // The held-back sample as two scalars: as a struct, the compiler kept it
  // in memory.
  int64_t pending_ts = pending_.ts;
  int32_t pending_node = pending_.node;
  int32_t previous = previous_, current = current_;
  size_t seen = count_;
  size_t written = 0;
  auto emit_pending = [&](const CpuSample& s) {
    out[written].ts = pending_ts;
    out[written].node = pending_node;
    ++written;
    pending_ts = s.ts;
    pending_node = s.node;
  };

  // DevTools' loop, sample by sample, until the window settles: the first
  // two samples fill it, and while its current node is unknown it may
  // still take an unknown previous node.
  size_t i = 0;
  for (; i < count; ++i) {
    if (seen >= 2 && (!has_program || !known(previous) || known(current))) break;
    const int32_t next = samples[i].node;
    if (++seen == 1) {
      previous = next;
      pending_ts = samples[i].ts;
      pending_node = next;
      continue;
    }
    if (seen == 2) {
      current = next;
    } else if (known(next)) {
      // Here the previous node is known and the current one is not (the
      // break above): nothing to fill, and the window moves its unknown
      // node into previous, where it stays.
      previous = current;
      current = next;
    }
    emit_pending(samples[i]);
  }
  seen += count - i;

  if (!has_program || !known(previous)) {
    // Nothing is ever filled: no (program) node, or DevTools' window stuck
    // on an unknown previous node for good. Each sample comes out as it
    // went in.
    for (; i < count; ++i) emit_pending(samples[i]);
  } else {
    // The settled window (both nodes known, as they stay): a sample of an
    // unknown node leaves it in place.
    for (; i < count; ++i) {
      const int32_t next = samples[i].node;
      if (known(next)) {
        // The pending sample is the one between the window's previous one
        // and |next|; DevTools compares with the original previous sample.
        if (is_program[current] && FillsProgramGap(previous, next)) pending_node = previous;
        previous = current;
        current = next;
      }
      emit_pending(samples[i]);
    }
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
