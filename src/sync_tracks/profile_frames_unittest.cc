#include "src/sync_tracks/profile_frames.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace weft {
namespace {

using Kind = CallTreeNode::Kind;

// 0 (root) ─┬─ 1 (program)  2 (garbage collector)
//           ├─ 3 A ─┬─ 4 B ── 5 C
//           │       └─ 6 D
//           └─ 7 E          8: parent unknown (unreachable)
std::vector<CallTreeNode> Tree() {
  std::vector<CallTreeNode> tree(9);
  tree[0] = {-1, 0, Kind::kRoot};
  tree[1] = {0, 1, Kind::kProgram};
  tree[2] = {0, 2, Kind::kGc};
  tree[3] = {0, 3, Kind::kJs};
  tree[4] = {3, 4, Kind::kJs};
  tree[5] = {4, 5, Kind::kJs};
  tree[6] = {3, 6, Kind::kJs};
  tree[7] = {0, 7, Kind::kJs};
  tree[8] = {-1, 8, Kind::kJs};
  return tree;
}

// Collects "node@ts+dur#samples" in opening order.
class Collector final : public ProfileCallSink {
 public:
  void OpenCall(int64_t ts, int32_t node) override { calls_.push_back({ts, 0, node, 0}); }
  void EndCall(uint32_t call, int64_t dur, uint32_t sample_count) override {
    calls_[call].dur = dur;
    calls_[call].sample_count = sample_count;
  }
  std::string Text() const {
    std::string out;
    for (const ProfileCall& c : calls_) {
      out += std::to_string(c.node) + "@" + std::to_string(c.ts) + "+" + std::to_string(c.dur) +
             "#" + std::to_string(c.sample_count) + " ";
    }
    return out;
  }

 private:
  std::vector<ProfileCall> calls_;
};

std::string Frames(const std::vector<CpuSample>& samples) {
  std::vector<CallTreeNode> tree = Tree();
  Collector collector;
  ProfileFrames frames(tree, &collector);
  frames.AddSamples(samples.data(), samples.size());
  frames.Finish();
  return collector.Text();
}

TEST(ProfileFramesTest, ClosesDownToTheCommonAncestorAndOpensUp) {
  // A-B-C, then A-D: B and C end at 20, D opens; everything ends one
  // average interval (10) after the last sample.
  EXPECT_EQ(Frames({{10, 5}, {20, 6}, {30, 6}}), "3@10+30#3 4@10+10#1 5@10+10#1 6@20+20#2 ");
}

TEST(ProfileFramesTest, MetaNodesAreCalls) {
  EXPECT_EQ(Frames({{10, 1}, {20, 7}}), "1@10+10#1 7@20+10#1 ");
}

TEST(ProfileFramesTest, GcSitsOnTopOfThePreviousStack) {
  // B stays open under the GC frame and goes on after it.
  EXPECT_EQ(Frames({{10, 4}, {20, 2}, {30, 4}, {40, 7}}),
            "3@10+30#3 4@10+30#3 2@20+10#1 7@40+10#1 ");
}

TEST(ProfileFramesTest, ARootSampleEndsEveryFrame) {
  EXPECT_EQ(Frames({{10, 5}, {20, 0}, {30, 7}}), "3@10+10#1 4@10+10#1 5@10+10#1 7@30+10#1 ");
}

TEST(ProfileFramesTest, UnknownAndUnreachableSamplesAreLeftOut) {
  // They count for the time base (the average interval) and nothing else.
  EXPECT_EQ(Frames({{10, 7}, {20, -1}, {30, 8}, {40, 7}}), "7@10+40#4 ");
}

TEST(ProfileFramesTest, NoSamplesNoCalls) { EXPECT_EQ(Frames({}), ""); }

}  // namespace
}  // namespace weft
