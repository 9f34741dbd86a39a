#include "src/sql/operators/sched_buckets_function.h"

#include <sqlite3.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "src/sql/operators/storage_sql_test.h"

namespace weft {
namespace {

// sched_buckets must answer exactly what the viewer's GROUP BY queries did.
class SchedBucketsTest : public StorageSqlTest {
 protected:
  void SetUp() override {
    const char* states[] = {"S", "R", "Running", "D", "R+", "x", "DK", "r"};
    for (uint32_t i = 0; i < 400; ++i) {
      int64_t ts = 1000 + i * 7;
      int64_t dur = i % 37 == 0 ? 500 : (i % 53 == 0 ? -1 : 3 + i % 5);
      storage_.sched.Insert(ts, dur, i % 3, i % 4, i % 3);
      uint32_t row = storage_.thread_state.Insert(ts, dur, i % 2, storage_.Intern(states[i % 8]));
      if (i % 29 == 0) storage_.thread_state.state.Set(row, kNullStringId);
    }
    StartEngine();
  }
};

TEST_F(SchedBucketsTest, CpuEqualsTheGroupBy) {
  for (int64_t bucket : {1, 16, 64, 4096}) {
    std::string expected_sql =
        "select min(r.id), min(r.ts) as ts, max(r.ts + r.dur) - min(r.ts), min(r.utid), "
        "count(*) from sched r where r.cpu = 1 and r.utid not in (0,2) and r.ts >= 1100 and "
        "r.ts <= 3000 and r.dur >= 0 and r.dur <= 100 group by r.ts / " +
        std::to_string(bucket) + " order by ts";
    std::vector<std::string> expected = Rows(expected_sql);
    ASSERT_FALSE(expected.empty());
    EXPECT_EQ(Rows("select id, ts, dur, key, n from sched_buckets('cpu', 1, 1100, 3000, 100, " +
                   std::to_string(bucket) + ", '0,2')"),
              expected) << bucket;
  }
}

TEST_F(SchedBucketsTest, ThreadStateEqualsTheGroupBy) {
  for (int64_t bucket : {1, 32, 256, 100000}) {
    std::string expected_sql =
        "select min(r.id), min(r.ts) as ts, max(r.ts + r.dur) - min(r.ts), "
        "case max(case when r.state = 'Running' then 3 when r.state like 'R%' then 2 "
        "when r.state like 'D%' then 1 else 0 end) when 3 then 'Running' when 2 then 'R' "
        "when 1 then 'D' else 'S' end, count(*) from thread_state r where r.utid = 1 and "
        "r.ts >= 0 and r.ts <= 2500 and r.dur >= 0 and r.dur <= 400 group by r.ts / " +
        std::to_string(bucket) + " order by ts";
    std::vector<std::string> expected = Rows(expected_sql);
    ASSERT_FALSE(expected.empty());
    EXPECT_EQ(Rows("select id, ts, dur, key, n from sched_buckets('thread_state', 1, 0, 2500, "
                   "400, " + std::to_string(bucket) + ")"),
              expected) << bucket;
  }
}

TEST_F(SchedBucketsTest, BadArgumentsAreAnError) {
  for (const char* sql : {"select * from sched_buckets('gpu', 1, 0, 10, 5, 1)",
                          "select * from sched_buckets('cpu', 1, 0, 10, 5, 0)",
                          "select * from sched_buckets('cpu', 1, 0, 10, 5)"}) {
    sqlite3_stmt* stmt = nullptr;
    int rc = sqlite3_prepare_v2(engine_.db(), sql, -1, &stmt, nullptr);
    if (rc == SQLITE_OK) rc = sqlite3_step(stmt);
    EXPECT_NE(rc, SQLITE_ROW) << sql;
    sqlite3_finalize(stmt);
  }
}

}  // namespace
}  // namespace weft
