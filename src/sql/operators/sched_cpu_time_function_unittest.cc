#include "src/sql/operators/sched_cpu_time_function.h"

#include <sqlite3.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "src/sql/operators/storage_sql_test.h"

namespace weft {
namespace {

class SchedCpuTimeTest : public StorageSqlTest {
 protected:
  void SetUp() override {
    SchedTable& s = storage_.sched;
    // (ts, dur, cpu, utid): utid 0 is the idle thread; dur -1 never ended.
    s.Insert(0, 10, 0, 1, 0);
    s.Insert(5, 20, 1, 2, 0);
    s.Insert(10, 15, 0, 0, 0);
    s.Insert(25, 10, 0, 1, 0);
    s.Insert(30, 40, 1, 3, 0);
    s.Insert(35, 5, 0, 2, 0);
    s.Insert(70, -1, 1, 2, 0);
    StartEngine();
  }
};

TEST_F(SchedCpuTimeTest, SchedTimestampsAreMarkedSorted) {
  EXPECT_TRUE(storage_.sched.ts.sorted());
  EXPECT_TRUE(storage_.thread_state.ts.sorted());
}

TEST_F(SchedCpuTimeTest, EqualsTheGroupBy) {
  const std::pair<int, int> ranges[] = {{0, 100}, {12, 33}, {30, 30}, {-5, 3}, {69, 71}, {71, 200}};
  for (auto [a, b] : ranges) {
    std::string as = std::to_string(a), bs = std::to_string(b);
    std::vector<std::string> expected = Rows(
        "select utid, sum(min(ts + dur, " + bs + ") - max(ts, " + as + ")) as c from sched "
        "where ts < " + bs + " and ts + dur > " + as + " and utid != 0 "
        "group by utid order by c desc, utid");
    EXPECT_EQ(Rows("select utid, cpu_time from sched_cpu_time(" + as + ", " + bs + ")"),
              expected) << a << ".." << b;
  }
  EXPECT_EQ(Rows("select utid, cpu_time from sched_cpu_time(0, 100)"),
            (std::vector<std::string>{"3,40", "2,24", "1,20"}));
}

TEST_F(SchedCpuTimeTest, NeedsBothBounds) {
  sqlite3_stmt* stmt = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(engine_.db(), "select * from sched_cpu_time('a', 3)", -1, &stmt,
                               nullptr), SQLITE_OK);
  EXPECT_EQ(sqlite3_step(stmt), SQLITE_ERROR);
  sqlite3_finalize(stmt);
}

}  // namespace
}  // namespace weft
