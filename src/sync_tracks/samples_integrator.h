// SamplesIntegrator: builds a thread's profile calls (JS frames with a start
// and a duration) by walking its CPU samples and its trace events together,
// following the rules of Chrome DevTools' SamplesIntegrator (seed 003):
// frames shared by consecutive samples are merged and stretched; a frame
// open when a trace event starts cannot end inside it (it is "locked" and
// stretched to the event's end); frames opened inside an event end with it;
// samples only count inside JS invocation events (FunctionCall, V8.*, ...)
// or, with no JS stack at all, as if under a missing invocation event;
// RunTask / RunMicrotasks reset the JS stack; (root), (program), (idle) and
// (garbage collector) frames are never calls, a GC sample continues the
// previous sample's stack. Pure computation on plain vectors: no storage.
// Reference: docs/sync_tracks.md
#ifndef SRC_SYNC_TRACKS_SAMPLES_INTEGRATOR_H_
#define SRC_SYNC_TRACKS_SAMPLES_INTEGRATOR_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace weft {

// One node of a profile's call tree (a function in one call path).
struct CallTreeNode {
  // The V8 meta nodes DevTools never shows as calls, and the frames it
  // filters out of stacks (url "native V8Runtime").
  enum class Kind : uint8_t { kJs, kRoot, kProgram, kIdle, kGc, kNativeRuntime };
  int32_t parent = -1;  // Index of the parent node; -1 for the root.
  // Frames that DevTools considers equal (same script id, function name and
  // line) have equal keys; a sample's frame merges with the open call only
  // when the keys match.
  uint64_t frame_key = 0;
  Kind kind = Kind::kJs;
};

struct CpuSample {
  int64_t ts = 0;
  int32_t node = -1;  // Index into the call tree; -1 when unknown (skipped).
};

// A trace event of the thread, sorted by (ts, longest first) as slices are.
struct ThreadEventSpan {
  int64_t ts = 0;
  int64_t dur = 0;
  bool resets_js_stack = false;  // RunTask, RunMicrotasks.
  bool invokes_js = false;       // FunctionCall, EvaluateScript, V8.*, ...
  // The node of the sample its args.data.sampleTraceId names (the
  // profile's trace_ids), or -1: the event starts on that node's stack, as
  // if sampled at its start (DevTools does this even for instants).
  int32_t trace_node = -1;
};

struct ProfileCall {
  int64_t ts = 0;
  int64_t dur = 0;
  int32_t node = -1;
  uint32_t sample_count = 0;  // Samples that opened or extended the call.
};

// Receives the calls of a walk as it opens and ends them, so a caller can
// write them out without a copy of them all. Calls are numbered from 0 in
// opening order; each one opened is ended once, in any order.
class ProfileCallSink {
 public:
  virtual ~ProfileCallSink() = default;
  virtual void OpenCall(int64_t ts, int32_t node) = 0;
  virtual void EndCall(uint32_t call, int64_t dur, uint32_t sample_count) = 0;
};

class SamplesWalk;

// Builds the profile calls of one thread as its samples arrive: they are
// added in blocks, in time order and cleaned (SampleCleanup in
// sample_cleanup.h), so no copy of a whole profile's samples is needed;
// |events| sorted by (ts asc, end desc). The calls go to |sink| as they
// open and end; all have ended after Finish().
class SamplesIntegrator {
 public:
  SamplesIntegrator(const std::vector<CallTreeNode>& tree,
                    const std::vector<ThreadEventSpan>& events, ProfileCallSink* sink);
  ~SamplesIntegrator();
  void AddSamples(const CpuSample* samples, size_t count);
  void Finish();

 private:
  std::unique_ptr<SamplesWalk> walk_;
};

// The same for samples in one vector, sorted by ts and cleaned
// (PrepareSamples in sample_cleanup.h).
void IntegrateSamples(const std::vector<CallTreeNode>& tree, const std::vector<CpuSample>& samples,
                      const std::vector<ThreadEventSpan>& events, ProfileCallSink* sink);
// The same, collected: calls in the order they were opened.
std::vector<ProfileCall> IntegrateSamples(const std::vector<CallTreeNode>& tree,
                                          const std::vector<CpuSample>& samples,
                                          const std::vector<ThreadEventSpan>& events);

}  // namespace weft

#endif  // SRC_SYNC_TRACKS_SAMPLES_INTEGRATOR_H_
