#include "src/sql/operators/flamegraph_tree.h"

#include <gtest/gtest.h>

namespace weft {
namespace {

FgFrame Frame(int64_t id, int64_t parent, const char* name, double value) {
  FgFrame f;
  f.id = id;
  f.has_parent = parent >= 0;
  f.parent_id = parent;
  f.name = name;
  f.values = {value};
  return f;
}

// main(1) -> a(2), a(3) -> b(4 under the first a): the two a merge.
std::vector<FgFrame> Tree() {
  return {Frame(1, -1, "main", 1), Frame(2, 1, "a", 2), Frame(3, 1, "a", 3), Frame(4, 2, "b", 4)};
}

TEST(FlamegraphTreeTest, TopDownMergesSiblingsOfTheSameName) {
  FgConfig config;
  std::string error;
  ASSERT_TRUE(ParseFgConfig({"value", "value", "view", "TOP_DOWN"}, &config, &error));
  std::vector<FgNode> rows;
  ASSERT_TRUE(ComputeFlamegraph(Tree(), config, &rows, &error));
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[1].name, "a");
  EXPECT_EQ(rows[1].depth, 2);
  EXPECT_EQ(rows[1].self[0], 5);
  EXPECT_EQ(rows[1].cumulative[0], 9);
  EXPECT_EQ(rows[2].parent, 1);
  EXPECT_EQ(rows[0].x_end, 10);
}

TEST(FlamegraphTreeTest, HideFrameGivesValuesToTheParentAndBottomUpInverts) {
  FgConfig config;
  std::string error;
  ASSERT_TRUE(ParseFgConfig({"value", "value", "view", "BOTTOM_UP", "filter", "HIDE_FRAME",
                             "^a$", ""},
                            &config, &error));
  std::vector<FgNode> rows;
  ASSERT_TRUE(ComputeFlamegraph(Tree(), config, &rows, &error));
  // Stacks: b -> main (4) and main (1 + 2 + 3 from the hidden a frames).
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].name, "main");
  EXPECT_EQ(rows[0].depth, -1);
  EXPECT_EQ(rows[0].self[0], 6);
  EXPECT_EQ(rows[1].name, "b");
  EXPECT_EQ(rows[2].depth, -2);
}

TEST(FlamegraphTreeTest, BadConfigAndRegexAreErrors) {
  FgConfig config;
  std::string error;
  EXPECT_FALSE(ParseFgConfig({"view"}, &config, &error));
  ASSERT_TRUE(ParseFgConfig({"filter", "SHOW_STACK", "(", ""}, &config, &error));
  std::vector<FgNode> rows;
  EXPECT_FALSE(ComputeFlamegraph(Tree(), config, &rows, &error));
  EXPECT_NE(error.find("regular expression"), std::string::npos);
}

}  // namespace
}  // namespace weft
