#include "src/sql/operators/flow_functions.h"

#include <sqlite3.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "src/sql/sql_engine.h"

namespace weft {
namespace {

using Rows = std::vector<uint32_t>;
using Strings = std::vector<std::string>;
constexpr uint32_t N = Uint32Column::kNull;

// Slices (track: id name [children]):
//   0: 0 A [1 A1 [2 A11]]          3 C
//   1: 4 B [5 B1]                  6 D
//   2: 7 E                         8 Lone
// Flows: f0 A1->B, f1 B1->C, f2 A11->E, f3 D->E, f4 E->D (cycle with f3),
//        f5 C->C (self loop).
class FlowFunctionsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    SliceTable& s = storage_.slice;
    auto add = [&](const char* name, int64_t ts, int64_t dur, uint32_t track,
                   uint32_t depth, uint32_t parent) {
      return s.Insert(ts, dur, track, kNullStringId, storage_.Intern(name),
                      depth, parent, N);
    };
    add("A", 0, 100, 0, 0, N);    // 0
    add("A1", 10, 50, 0, 1, 0);   // 1
    add("A11", 20, 5, 0, 2, 1);   // 2
    add("B", 30, 100, 1, 0, N);   // 3
    add("B1", 40, 10, 1, 1, 3);   // 4
    add("C", 150, 10, 0, 0, N);   // 5
    add("D", 160, 10, 1, 0, N);   // 6
    add("E", 50, 200, 2, 0, N);   // 7
    add("Lone", 300, 1, 2, 0, N); // 8
    FlowTable& f = storage_.flow;
    f.Insert(1, 3);  // f0 A1 -> B
    f.Insert(4, 5);  // f1 B1 -> C
    f.Insert(2, 7);  // f2 A11 -> E
    f.Insert(6, 7);  // f3 D -> E
    f.Insert(7, 6);  // f4 E -> D
    f.Insert(5, 5);  // f5 C -> C
    storage_.Finalize();
    ASSERT_TRUE(engine_.Init().ok());
  }

  Rows Walk(FlowWalk walk, int64_t id) {
    Rows rows{42};  // Cleared by the call.
    EXPECT_TRUE(ConnectedFlowRows(storage_, walk, id, &scratch_, &rows)) << id;
    return rows;
  }

  Strings Col(const std::string& sql, std::string* error = nullptr) {
    Strings out;
    Status s = engine_.Execute(sql, [&](sqlite3_stmt* stmt) {
      int rc;
      while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        const unsigned char* t = sqlite3_column_text(stmt, 0);
        out.push_back(t ? reinterpret_cast<const char*>(t) : "NULL");
      }
      if (rc != SQLITE_DONE) return Status::Error(sqlite3_errmsg(engine_.db()));
      return Status::Ok();
    });
    if (error) {
      *error = s.message();
    } else {
      EXPECT_TRUE(s.ok()) << sql << ": " << s.message();
    }
    return out;
  }

  TraceStorage storage_;
  SqlEngine engine_{&storage_};
  RowListScratch scratch_;
};

TEST_F(FlowFunctionsTest, DirectlyConnectedFollowsChainsOnly) {
  // A1: out f0 to B; B's own outgoing flows: none (B1 is a child).
  EXPECT_EQ(Walk(FlowWalk::kDirectlyConnected, 1), (Rows{0}));
  EXPECT_EQ(Walk(FlowWalk::kDirectlyConnected, 3), (Rows{0}));
  // A has no flows of its own.
  EXPECT_EQ(Walk(FlowWalk::kDirectlyConnected, 0), Rows{});
  // B1 -> C, then C's self loop once.
  EXPECT_EQ(Walk(FlowWalk::kDirectlyConnected, 4), (Rows{1, 5}));
  // E: incoming f2 (A11), f3 (D); outgoing f4 (to D, known). D reached
  // backwards only looks further back: f4 again (deduplicated).
  EXPECT_EQ(Walk(FlowWalk::kDirectlyConnected, 7), (Rows{2, 3, 4}));
  EXPECT_EQ(Walk(FlowWalk::kDirectlyConnected, 8), Rows{});
}

TEST_F(FlowFunctionsTest, FollowingIncludesDescendants) {
  // A: descendants A1, A11 -> f0 to B, f2 to E; B's child B1 -> f1 to C,
  // C -> f5; E -> f4 to D; D -> f3 to E (known).
  EXPECT_EQ(Walk(FlowWalk::kFollowing, 0), (Rows{0, 2, 4, 1, 3, 5}));
  // A1: f0 to B, its child A11's f2 to E; then as for A.
  EXPECT_EQ(Walk(FlowWalk::kFollowing, 1), (Rows{0, 2, 4, 1, 3, 5}));
  EXPECT_EQ(Walk(FlowWalk::kFollowing, 2), (Rows{2, 4, 3}));
  // D -> E -> D: the cycle is walked once.
  EXPECT_EQ(Walk(FlowWalk::kFollowing, 6), (Rows{3, 4}));
  EXPECT_EQ(Walk(FlowWalk::kFollowing, 5), (Rows{5}));
  EXPECT_EQ(Walk(FlowWalk::kFollowing, 8), Rows{});
}

TEST_F(FlowFunctionsTest, PrecedingIncludesAncestors) {
  // C: in f5 (self), f1 from B1 -> ancestor B -> f0 from A1 -> ancestor A.
  EXPECT_EQ(Walk(FlowWalk::kPreceding, 5), (Rows{1, 5, 0}));
  // A11: no incoming; ancestors A1, A: none either.
  EXPECT_EQ(Walk(FlowWalk::kPreceding, 2), Rows{});
  // D: in f4 from E; E in f2 (A11), f3 (D, known).
  EXPECT_EQ(Walk(FlowWalk::kPreceding, 6), (Rows{4, 2, 3}));
}

TEST_F(FlowFunctionsTest, UnknownSliceFails) {
  Rows rows{1};
  EXPECT_FALSE(
      ConnectedFlowRows(storage_, FlowWalk::kFollowing, 9, &scratch_, &rows));
  EXPECT_TRUE(rows.empty());
  EXPECT_FALSE(
      ConnectedFlowRows(storage_, FlowWalk::kPreceding, -1, &scratch_, &rows));
}

TEST_F(FlowFunctionsTest, SqlCalls) {
  EXPECT_EQ(Col("SELECT id FROM following_flow(0)"),
            (Strings{"0", "2", "4", "1", "3", "5"}));
  EXPECT_EQ(Col("SELECT slice_out || '>' || slice_in FROM preceding_flow(5)"),
            (Strings{"4>5", "5>5", "1>3"}));
  EXPECT_EQ(Col("SELECT count(*) FROM directly_connected_flow(NULL)"),
            (Strings{"0"}));
  EXPECT_EQ(Col("SELECT (SELECT count(*) FROM following_flow(slice_id)) "
                "FROM slice ORDER BY id"),
            (Strings{"6", "6", "3", "2", "2", "1", "2", "2", "0"}));
  EXPECT_EQ(Col("SELECT count(*) FROM slice s "
                "JOIN directly_connected_flow(s.id) f"),
            (Strings{"15"}));
  std::string error;
  Col("SELECT * FROM preceding_flow(99)", &error);
  EXPECT_NE(error.find("preceding_flow: invalid slice id 99"),
            std::string::npos)
      << error;
}

TEST_F(FlowFunctionsTest, SqlColumnsMatchFlowTable) {
  sqlite3_stmt* a = nullptr;
  sqlite3_stmt* b = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(engine_.db(), "SELECT * FROM following_flow(0)",
                               -1, &a, nullptr),
            SQLITE_OK);
  ASSERT_EQ(sqlite3_prepare_v2(engine_.db(), "SELECT * FROM flow", -1, &b,
                               nullptr),
            SQLITE_OK);
  ASSERT_EQ(sqlite3_column_count(a), sqlite3_column_count(b));
  for (int i = 0; i < sqlite3_column_count(a); ++i) {
    EXPECT_STREQ(sqlite3_column_name(a, i), sqlite3_column_name(b, i));
  }
  sqlite3_finalize(a);
  sqlite3_finalize(b);
}

}  // namespace
}  // namespace weft
