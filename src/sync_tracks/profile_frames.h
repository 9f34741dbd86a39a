// ProfileFrames: the profile calls of a bare .cpuprofile file, as DevTools
// draws them when the file is a CPU profile rather than a trace (its CPU
// profile flame chart, seed 003): no trace events take part and frames are
// told apart by node, not by function. Every node but the root is a call,
// (program), (idle) and (garbage collector) included; a call opens at the
// first sample whose stack has its node and ends at the first sample whose
// stack no longer has it; a GC sample's frame sits on top of the previous
// sample's stack; what is still open ends one average sample interval
// after the last sample. Samples of unknown nodes (-1) are left out.
// Reference: docs/sync_tracks.md (".cpuprofile files").
#ifndef SRC_SYNC_TRACKS_PROFILE_FRAMES_H_
#define SRC_SYNC_TRACKS_PROFILE_FRAMES_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "src/sync_tracks/samples_integrator.h"

namespace weft {

class ProfileFrames {
 public:
  // |tree|: node 0 is the root. The calls go to |sink|.
  ProfileFrames(const std::vector<CallTreeNode>& tree, ProfileCallSink* sink);
  // Samples in time order, cleaned (SampleCleanup).
  void AddSamples(const CpuSample* samples, size_t count);
  // Ends the frames still open.
  void Finish();

 private:
  static constexpr int32_t kUnknown = -2;
  static constexpr int32_t kUnreachable = -3;
  struct OpenFrame {
    uint32_t call;
    int64_t ts;
    uint64_t first_sample;  // The index of the sample that opened it.
  };
  int32_t Parent(int32_t node) const { return node >= 0 ? tree_[node].parent : -1; }
  // A sample whose node is not the last one's (samples_ counts it).
  void AddSample(const CpuSample& sample);
  void Open(int32_t node, int64_t ts);
  // Ends the innermost open frame at |ts|; |end_sample| is the index of
  // the first sample it does not cover.
  void CloseTop(int64_t ts, uint64_t end_sample);

  const std::vector<CallTreeNode>& tree_;
  ProfileCallSink* sink_;
  std::vector<int32_t> depth_;  // By node; the root's is -1, kUnreachable.
  std::vector<OpenFrame> open_;  // Outermost first.
  std::vector<int32_t> to_open_;  // Scratch: nodes to open, innermost first.
  int32_t gc_node_ = -1;
  int32_t previous_ = 0;  // The last sample's node; the root at first.
  int32_t gc_parent_ = -1;  // While a GC frame is open: the node under it.
  uint32_t calls_ = 0;
  uint64_t samples_ = 0;  // Samples seen, unknown ones included.
  int64_t first_ts_ = 0;
  int64_t last_ts_ = 0;
};

}  // namespace weft

#endif  // SRC_SYNC_TRACKS_PROFILE_FRAMES_H_
