#include "src/importers/proto/frame_timeline/frame_timeline_jank.h"

#include <gtest/gtest.h>

namespace weft {
namespace {

TEST(FrameTimelineJankTest, JankTypeText) {
  EXPECT_EQ(JankTypeText(0), "Unspecified");
  EXPECT_EQ(JankTypeText(1), "None");
  EXPECT_EQ(JankTypeText(64), "App Deadline Missed");
  EXPECT_EQ(JankTypeText(2 | 32 | 1024), "SurfaceFlinger Scheduling, "
                                         "SurfaceFlinger GPU Deadline Missed, Dropped Frame");
  // JANK_NONE with a reason lists only the reason; unknown bits add nothing.
  EXPECT_EQ(JankTypeText(1 | 8), "Display HAL");
  EXPECT_EQ(JankTypeText(2048), "");
}

TEST(FrameTimelineJankTest, DisplayFrameJankTag) {
  EXPECT_STREQ(DisplayFrameJankTag(0), "No Jank");
  EXPECT_STREQ(DisplayFrameJankTag(1), "No Jank");
  EXPECT_STREQ(DisplayFrameJankTag(16), "Self Jank");
  EXPECT_STREQ(DisplayFrameJankTag(512), "SurfaceFlinger Stuffing");
  EXPECT_STREQ(DisplayFrameJankTag(512 | 4), "Self Jank");
  EXPECT_STREQ(DisplayFrameJankTag(1024), "Dropped Frame");
  // An app's reason is not SurfaceFlinger's jank.
  EXPECT_STREQ(DisplayFrameJankTag(64), "No Jank");
}

TEST(FrameTimelineJankTest, SurfaceFrameJankTag) {
  constexpr int32_t kOnTime = 1, kDropped = 4;
  EXPECT_STREQ(SurfaceFrameJankTag(256, kOnTime), "Self Jank");
  EXPECT_STREQ(SurfaceFrameJankTag(64 | 2, kOnTime), "Self Jank");
  EXPECT_STREQ(SurfaceFrameJankTag(2, kOnTime), "Other Jank");
  EXPECT_STREQ(SurfaceFrameJankTag(128, kDropped), "Buffer Stuffing");
  EXPECT_STREQ(SurfaceFrameJankTag(0, kDropped), "Dropped Frame");
  EXPECT_STREQ(SurfaceFrameJankTag(1, kOnTime), "No Jank");
}

}  // namespace
}  // namespace weft
