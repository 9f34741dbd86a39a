// SampleCleanup: DevTools' clean-up of a thread's raw CPU samples before
// the SamplesIntegrator walks them (seed 003), as a stream one sample
// behind, and PrepareSamples, the same for a vector.
// Reference: docs/sync_tracks.md
#ifndef SRC_SYNC_TRACKS_SAMPLE_CLEANUP_H_
#define SRC_SYNC_TRACKS_SAMPLE_CLEANUP_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "src/sync_tracks/samples_integrator.h"

namespace weft {

// DevTools' clean-up of raw samples before integration, one sample behind
// (it looks at the next one): a single (program) sample between two
// samples of the same bottom frame is replaced by the preceding sample (V8
// failed to walk the stack). Samples come in time order.
class SampleCleanup {
 public:
  explicit SampleCleanup(const std::vector<CallTreeNode>& tree);
  // Takes the next samples, |count| of them; writes the samples they make
  // final (each one's previous one) to |out| and returns how many.
  size_t PushBlock(const CpuSample* samples, size_t count, CpuSample* out);
  // The same for one sample: true when |out| holds the previous one.
  bool Push(const CpuSample& sample, CpuSample* out) { return PushBlock(&sample, 1, out) == 1; }
  // After the last Push: true when |out| holds the last sample.
  bool Flush(CpuSample* out);

 private:
  bool IsSystem(int32_t node) const;
  int32_t BottomNode(int32_t node) const;  // The depth-0 node above |node|.
  // DevTools' rule for a lone (program) sample between |previous| and
  // |next|: it takes |previous|'s stack. Out of PushBlock's loop (rare).
  bool FillsProgramGap(int32_t previous, int32_t next) const;
  const std::vector<CallTreeNode>& tree_;
  std::vector<uint8_t> is_program_;  // By node: a (program) node (1) or not (0).
  bool has_program_ = false;
  size_t count_ = 0;
  CpuSample pending_;  // The sample held back until the next one.
  // DevTools' window: the previous and current original nodes. It stays in
  // place when a neighbour is unknown, as DevTools' loop does.
  int32_t previous_ = -1;
  int32_t current_ = -1;
};

// DevTools' clean-up of a vector of raw samples: a stable sort by time,
// then SampleCleanup.
void PrepareSamples(const std::vector<CallTreeNode>& tree, std::vector<CpuSample>* samples);

}  // namespace weft

#endif  // SRC_SYNC_TRACKS_SAMPLE_CLEANUP_H_
