#include "src/sync_tracks/samples_integrator.h"

#include "src/sync_tracks/sample_cleanup.h"

#include <iterator>
#include <random>
#include <string>

#include <gtest/gtest.h>

namespace weft {
namespace {

using Kind = CallTreeNode::Kind;

// Tree used by every test:
//   0 (root)
//   ├─ 1 (program)  2 (idle)  3 (garbage collector)
//   └─ 4 A ─┬─ 5 B ── 7 native runtime ── 8 D
//           └─ 6 C
std::vector<CallTreeNode> Tree() {
  std::vector<CallTreeNode> tree(9);
  tree[0] = {-1, 100, Kind::kRoot};
  tree[1] = {0, 101, Kind::kProgram};
  tree[2] = {0, 102, Kind::kIdle};
  tree[3] = {0, 103, Kind::kGc};
  tree[4] = {0, 4, Kind::kJs};
  tree[5] = {4, 5, Kind::kJs};
  tree[6] = {4, 6, Kind::kJs};
  tree[7] = {5, 7, Kind::kNativeRuntime};
  tree[8] = {7, 8, Kind::kJs};
  return tree;
}
constexpr int32_t kProgram = 1, kIdle = 2, kGc = 3, kA = 4, kB = 5, kC = 6, kD = 8;

ThreadEventSpan Task(int64_t ts, int64_t dur) { return {ts, dur, true, false}; }
ThreadEventSpan JsCall(int64_t ts, int64_t dur) { return {ts, dur, false, true}; }
ThreadEventSpan Other(int64_t ts, int64_t dur) { return {ts, dur, false, false}; }
// An event whose args.data.sampleTraceId names a sample of |node|.
ThreadEventSpan Traced(int64_t ts, int64_t dur, int32_t node) {
  return {ts, dur, false, false, node};
}

// "node@ts+dur" for each call, in order.
std::string Calls(const std::vector<CpuSample>& samples,
                  const std::vector<ThreadEventSpan>& events = {}) {
  std::string out;
  for (const ProfileCall& c : IntegrateSamples(Tree(), samples, events)) {
    out += std::to_string(c.node) + "@" + std::to_string(c.ts) + "+" + std::to_string(c.dur) + " ";
  }
  return out;
}

// "node@ts+dur#samples" for each call, in order.
std::string CallsWithCounts(const std::vector<CpuSample>& samples,
                            const std::vector<ThreadEventSpan>& events) {
  std::string out;
  for (const ProfileCall& c : IntegrateSamples(Tree(), samples, events)) {
    out += std::to_string(c.node) + "@" + std::to_string(c.ts) + "+" + std::to_string(c.dur) +
           "#" + std::to_string(c.sample_count) + " ";
  }
  return out;
}

TEST(SamplesIntegratorTest, FramesLastUntilTheSampleThatNoLongerHasThem) {
  EXPECT_EQ(Calls({{0, kB}, {10, kB}, {20, kC}}), "4@0+20 5@0+20 6@20+0 ");
}

TEST(SamplesIntegratorTest, MetaNodesAreNeverCalls) {
  EXPECT_EQ(Calls({{0, kProgram}, {10, kA}, {20, kIdle}, {30, kA}}), "4@10+10 4@30+0 ");
}

TEST(SamplesIntegratorTest, GarbageCollectionContinuesThePreviousStack) {
  EXPECT_EQ(Calls({{0, kB}, {10, kGc}, {20, kGc}, {30, kC}}), "4@0+30 5@0+30 6@30+0 ");
  // GC with nothing sampled before has no stack.
  EXPECT_EQ(Calls({{0, kGc}, {10, kA}}), "4@10+0 ");
}

TEST(SamplesIntegratorTest, NativeRuntimeFramesAreFiltered) {
  EXPECT_EQ(Calls({{0, kD}, {10, kD}}), "4@0+10 5@0+10 8@0+10 ");
}

TEST(SamplesIntegratorTest, UnknownNodesAreSkipped) {
  EXPECT_EQ(Calls({{0, kA}, {10, 42}, {20, -1}, {30, kA}}), "4@0+30 ");
}

TEST(SamplesIntegratorTest, FrameSampledAcrossAnEventEndIsCutThere) {
  // The JS call ends at 60: its frames end with it; the sample at 60 is
  // outside it, under the task, and opens new frames that end with the task.
  EXPECT_EQ(Calls({{20, kB}, {40, kB}, {60, kB}, {80, kB}}, {Task(0, 100), JsCall(10, 50)}),
            "4@20+40 5@20+40 4@60+40 5@60+40 ");
}

TEST(SamplesIntegratorTest, SampleAtEventStartBelongsInsideIt) {
  EXPECT_EQ(Calls({{10, kA}, {30, kA}}, {JsCall(10, 40)}), "4@10+40 ");
}

TEST(SamplesIntegratorTest, TraceEventCalledFromJsBecomesItsChild) {
  // A is open when the (non-JS) event starts: A is locked and covers it;
  // samples inside the event add no frames.
  EXPECT_EQ(Calls({{10, kA}, {30, kA}, {40, kB}, {70, kA}}, {JsCall(0, 100), Other(35, 25)}),
            "4@10+90 ");
}

TEST(SamplesIntegratorTest, NestedJsInvocationInsideJs) {
  // A calls an event that runs JS again: the locked A is not repeated, C
  // opens above it and ends with the inner event.
  EXPECT_EQ(Calls({{10, kA}, {40, kC}, {50, kC}, {70, kA}}, {JsCall(0, 100), JsCall(30, 30)}),
            "4@10+90 6@40+20 ");
}

TEST(SamplesIntegratorTest, TaskResetsFramesOfAnImplicitInvocation) {
  EXPECT_EQ(Calls({{0, kA}, {10, kA}, {40, kA}}, {Task(20, 10)}), "4@0+20 4@40+0 ");
}

TEST(SamplesIntegratorTest, SamplesInNonJsEventsWithoutJsOpenStillCount) {
  EXPECT_EQ(Calls({{10, kA}, {20, kA}}, {Other(0, 50)}), "4@10+40 ");
}

TEST(SamplesIntegratorTest, PrepareSortsAndFillsSingleProgramGaps) {
  std::vector<CpuSample> samples = {{20, kC}, {0, kB}, {10, kProgram}, {30, kProgram},
                                    {40, kIdle}};
  PrepareSamples(Tree(), &samples);
  ASSERT_EQ(samples.size(), 5u);
  EXPECT_EQ(samples[0].node, kB);
  EXPECT_EQ(samples[1].node, kB);  // B and C share the bottom frame A.
  EXPECT_EQ(samples[2].node, kC);
  EXPECT_EQ(samples[3].node, kProgram);  // Next is (idle): a real gap.
}

// Stacks that share their bottom frames, through a native runtime frame
// (never a call), a repeated sample and a GC sample on the last stack:
// each frame counts the samples that opened or extended it.
TEST(SamplesIntegratorTest, SwitchingStacksCountsSamplesPerCall) {
  EXPECT_EQ(CallsWithCounts({{0, kD}, {10, kC}, {20, kD}, {30, kD}, {40, kGc}, {50, kB}},
                            {JsCall(0, 100)}),
            "4@0+100#6 5@0+10#1 8@0+10#1 6@10+10#1 5@20+80#4 8@20+30#3 ");
}

// Frames locked by an event do not count the samples inside it; the
// samples before and after it do.
TEST(SamplesIntegratorTest, LockedFramesDoNotCountSamplesInsideAnEvent) {
  EXPECT_EQ(CallsWithCounts({{0, kB}, {10, kB}, {17, kB}, {18, kD}, {30, kB}},
                            {JsCall(0, 100), JsCall(15, 10)}),
            "4@0+100#3 5@0+100#3 8@18+7#1 ");
}

// Samples given in blocks of any size make the same calls as one vector.
TEST(SamplesIntegratorTest, StreamedBlocksMatchOneVector) {
  std::vector<CpuSample> samples;
  const int32_t nodes[] = {kB, kB, kC, kGc, kD, kD, kProgram, kA, kIdle, kD, kC, kC};
  for (int i = 0; i < 60; ++i) samples.push_back({i * 10, nodes[(i * 7) % 12]});
  std::vector<ThreadEventSpan> events = {Task(0, 200), JsCall(5, 150), Other(300, 50),
                                         JsCall(400, 150), Traced(420, 0, kC)};
  const std::vector<CallTreeNode> tree = Tree();  // Outlives the integrators.
  std::vector<ProfileCall> whole = IntegrateSamples(tree, samples, events);
  for (size_t block : {1, 2, 7, 60}) {
    struct Collect final : ProfileCallSink {
      void OpenCall(int64_t ts, int32_t node) override { calls.push_back({ts, 0, node, 0}); }
      void EndCall(uint32_t call, int64_t dur, uint32_t count) override {
        calls[call].dur = dur;
        calls[call].sample_count = count;
      }
      std::vector<ProfileCall> calls;
    } collect;
    SamplesIntegrator integrator(tree, events, &collect);
    for (size_t i = 0; i < samples.size(); i += block) {
      integrator.AddSamples(samples.data() + i, std::min(block, samples.size() - i));
    }
    integrator.Finish();
    ASSERT_EQ(collect.calls.size(), whole.size());
    for (size_t i = 0; i < whole.size(); ++i) {
      EXPECT_EQ(collect.calls[i].ts, whole[i].ts);
      EXPECT_EQ(collect.calls[i].dur, whole[i].dur);
      EXPECT_EQ(collect.calls[i].node, whole[i].node);
      EXPECT_EQ(collect.calls[i].sample_count, whole[i].sample_count);
    }
  }
}

// The clean-up as a stream: each sample comes out once the next one is in
// (the (program) gap is filled then), the last one on Flush.
TEST(SamplesIntegratorTest, CleanupStreamsOneSampleBehind) {
  const std::vector<CallTreeNode> tree = Tree();
  SampleCleanup cleanup(tree);
  CpuSample out;
  EXPECT_FALSE(cleanup.Push({0, kB}, &out));
  ASSERT_TRUE(cleanup.Push({10, kProgram}, &out));
  EXPECT_EQ(out.ts, 0);
  ASSERT_TRUE(cleanup.Push({20, kC}, &out));
  EXPECT_EQ(out.ts, 10);
  EXPECT_EQ(out.node, kB);  // B and C share the bottom frame A.
  ASSERT_TRUE(cleanup.Flush(&out));
  EXPECT_EQ(out.ts, 20);
  EXPECT_EQ(out.node, kC);
  EXPECT_FALSE(cleanup.Flush(&out));
}

// The clean-up as DevTools' loop reads, sample by sample over one vector:
// its window (previous, current) moves only when the previous and the
// next node are both known.
std::vector<CpuSample> CleanedAsDevToolsLoops(const std::vector<CallTreeNode>& tree,
                                              std::vector<CpuSample> samples) {
  auto known = [&](int32_t n) { return n >= 0 && n < static_cast<int32_t>(tree.size()); };
  auto system = [&](int32_t n) {
    return tree[n].kind == Kind::kProgram || tree[n].kind == Kind::kIdle ||
           tree[n].kind == Kind::kGc;
  };
  auto bottom = [&](int32_t n) {
    while (tree[n].parent >= 0 && tree[tree[n].parent].parent >= 0) n = tree[n].parent;
    return n;
  };
  bool has_program = false;
  for (const CallTreeNode& n : tree) has_program |= n.kind == Kind::kProgram;
  const std::vector<CpuSample> original = samples;
  int32_t previous = original.empty() ? -1 : original[0].node;
  int32_t current = original.size() < 2 ? -1 : original[1].node;
  for (size_t i = 2; i < original.size(); ++i) {
    int32_t next = original[i].node;
    if (!has_program || !known(previous) || !known(next)) continue;
    if (known(current) && tree[current].kind == Kind::kProgram && !system(previous) &&
        !system(next) && bottom(previous) == bottom(next)) {
      samples[i - 1].node = previous;
    }
    previous = current;
    current = next;
  }
  return samples;
}

// SampleCleanup's fast loops give what DevTools' loop gives, for samples
// in blocks of any size: runs, lone (program) samples, unknown nodes (at
// the start too, where they stop DevTools' window for good; -1 and a node
// past the tree), with and without a (program) node in the tree.
TEST(SamplesIntegratorTest, CleanupMatchesDevToolsLoop) {
  std::vector<CallTreeNode> without_program = Tree();
  without_program[kProgram].kind = Kind::kJs;
  const int32_t nodes[] = {-1, 99, kProgram, kProgram, kProgram, kIdle, kGc, kA, kB, kC, kD, kD};
  std::mt19937 random(7);
  for (int round = 0; round < 300; ++round) {
    const std::vector<CallTreeNode>& tree = round % 5 == 4 ? without_program : Tree();
    std::vector<CpuSample> samples;
    int length = 1 + static_cast<int>(random() % 80);
    while (static_cast<int>(samples.size()) < length) {
      int32_t node = nodes[random() % std::size(nodes)];
      int run = random() % 3 == 0 ? 1 + static_cast<int>(random() % 4) : 1;
      for (int k = 0; k < run; ++k) samples.push_back({static_cast<int64_t>(samples.size()), node});
    }
    std::vector<CpuSample> expected = CleanedAsDevToolsLoops(tree, samples);
    for (size_t block : {1, 2, 3, 7, 1000}) {
      SampleCleanup cleanup(tree);
      std::vector<CpuSample> cleaned(samples.size());
      size_t written = 0;
      for (size_t i = 0; i < samples.size(); i += block) {
        written += cleanup.PushBlock(samples.data() + i, std::min(block, samples.size() - i),
                                     cleaned.data() + written);
      }
      ASSERT_TRUE(cleanup.Flush(&cleaned[written]));
      ++written;
      ASSERT_EQ(written, samples.size());
      for (size_t i = 0; i < samples.size(); ++i) {
        ASSERT_EQ(cleaned[i].ts, expected[i].ts) << "round " << round << " block " << block;
        ASSERT_EQ(cleaned[i].node, expected[i].node)
            << "round " << round << " block " << block << " sample " << i;
      }
    }
  }
}

// DevTools opens the stack of the sample an event's trace id names at the
// event's start, even outside a JS invocation and for an instant; the task
// ending closes it. Those frames count no sample.
TEST(SamplesIntegratorTest, TraceIdEventOpensItsSampleStack) {
  EXPECT_EQ(Calls({}, {Task(0, 100), Traced(10, 0, kB)}), "4@10+90 5@10+90 ");
  // A later sample of a shared frame extends it; the others end there.
  EXPECT_EQ(Calls({{30, kC}}, {JsCall(0, 100), Traced(10, 5, kB)}), "4@10+90 5@10+20 6@30+70 ");
  std::vector<ProfileCall> calls = IntegrateSamples(Tree(), {}, {Traced(10, 5, kB)});
  ASSERT_EQ(calls.size(), 2u);
  EXPECT_EQ(calls[0].sample_count, 0u);
}

}  // namespace
}  // namespace weft
