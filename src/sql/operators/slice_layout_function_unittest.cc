// Unit tests of experimental_slice_layout: stalactite placement and the SQL
// function's argument handling.
#include "src/sql/operators/slice_layout_function.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "src/sql/sql_engine.h"

namespace weft {
namespace {

constexpr uint32_t N = Uint32Column::kNull;

class SliceLayoutTest : public ::testing::Test {
 protected:
  void SetUp() override {
    SliceTable& s = storage_.slice;
    StringId name = storage_.Intern("s");
    auto add = [&](int64_t ts, int64_t dur, uint32_t track, uint32_t depth, uint32_t parent) {
      return s.Insert(ts, dur, track, kNullStringId, name, depth, parent, N);
    };
    add(0, 100, 0, 0, N);   // 0: track 0, two deep.
    add(10, 20, 0, 1, 0);   // 1
    add(5, 10, 1, 0, N);    // 2: track 1, inside 0's time: below it.
    add(100, 10, 1, 0, N);  // 3: starts as 0 ends: back to offset 0.
    add(50, -1, 2, 0, N);   // 4: track 2, never ends; 2 has ended: offset 2.
    add(200, 5, 1, 1, N);   // 5: depth 1 (as if its parent were cut off):
                            // [1, 1] is free of 4's [2, 2]: offset 0.
    storage_.Finalize();
    ASSERT_TRUE(engine_.Init().ok());
  }

  std::vector<std::pair<uint32_t, uint32_t>> Layout(const char* tracks) {
    std::vector<std::pair<uint32_t, uint32_t>> out;
    for (const SliceLayoutRow& r : ComputeSliceLayout(storage_.slice, tracks)) {
      out.emplace_back(r.id, r.layout_depth);
    }
    return out;
  }

  TraceStorage storage_;
  SqlEngine engine_{&storage_};
};

TEST_F(SliceLayoutTest, StacksStalactitesWithoutOverlap) {
  using P = std::vector<std::pair<uint32_t, uint32_t>>;
  EXPECT_EQ(Layout("0,1"), (P{{0, 0}, {1, 1}, {2, 2}, {3, 0}, {5, 1}}));
  EXPECT_EQ(Layout("0,1,2"), (P{{0, 0}, {1, 1}, {2, 2}, {3, 0}, {4, 2}, {5, 1}}));
  // Bad tokens are ignored; an unknown track selects nothing.
  EXPECT_EQ(Layout("1,x,-3,,99"), (P{{2, 0}, {3, 0}, {5, 1}}));
  EXPECT_EQ(Layout(""), P{});
}

TEST_F(SliceLayoutTest, SqlFunction) {
  std::vector<std::string> depths;
  Status s = engine_.Execute(
      "SELECT id, layout_depth FROM experimental_slice_layout('0,1,2') ORDER BY id",
      [&](sqlite3_stmt* stmt) {
        while (sqlite3_step(stmt) == SQLITE_ROW) {
          depths.push_back(std::to_string(sqlite3_column_int64(stmt, 0)) + ":" +
                           std::to_string(sqlite3_column_int64(stmt, 1)));
        }
        return Status::Ok();
      });
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(depths, (std::vector<std::string>{"0:0", "1:1", "2:2", "3:0", "4:2", "5:1"}));
  // Without its argument the function is an error, not an empty table.
  Status missing = engine_.Execute("SELECT * FROM experimental_slice_layout",
                                   [&](sqlite3_stmt* stmt) {
                                     if (sqlite3_step(stmt) == SQLITE_ERROR) {
                                       return Status::Error(sqlite3_errmsg(engine_.db()));
                                     }
                                     return Status::Ok();
                                   });
  EXPECT_FALSE(missing.ok());
  EXPECT_NE(missing.message().find("filter_track_ids"), std::string::npos) << missing.message();
}

}  // namespace
}  // namespace weft
