#include "src/sql/table_function_args.h"

#include <gtest/gtest.h>

namespace weft {
namespace {

// An index info with |n| constraints on |columns| (op =, usable unless
// listed in |unusable|).
struct Plan {
  explicit Plan(std::vector<int> columns, std::vector<int> unusable = {}) {
    constraints.resize(columns.size());
    usage.resize(columns.size());
    for (size_t i = 0; i < columns.size(); ++i) {
      constraints[i].iColumn = columns[i];
      constraints[i].op = SQLITE_INDEX_CONSTRAINT_EQ;
      constraints[i].usable = 1;
    }
    for (int i : unusable) constraints[static_cast<size_t>(i)].usable = 0;
    info.nConstraint = static_cast<int>(columns.size());
    info.aConstraint = constraints.data();
    info.aConstraintUsage = usage.data();
  }
  sqlite3_index_info info = {};
  std::vector<sqlite3_index_info::sqlite3_index_constraint> constraints;
  std::vector<sqlite3_index_info::sqlite3_index_constraint_usage> usage;
};

// Arguments are the hidden columns 5, 6, 7; the first two are required.
constexpr int kFirst = 5, kCount = 3, kRequired = 3;

TEST(TableFunctionArgsTest, BoundArgumentsReachArgvInArgumentOrder) {
  Plan p({7, 0, 5, 6});  // Column 0 is not an argument.
  ASSERT_EQ(PlanTableFunctionArgs(&p.info, kFirst, kCount, kRequired), SQLITE_OK);
  EXPECT_EQ(p.info.idxNum, 0b111);
  EXPECT_EQ(p.usage[2].argvIndex, 1);
  EXPECT_EQ(p.usage[3].argvIndex, 2);
  EXPECT_EQ(p.usage[0].argvIndex, 3);
  EXPECT_EQ(p.usage[1].argvIndex, 0);
  EXPECT_TRUE(p.usage[0].omit);
  EXPECT_EQ(p.info.estimatedCost, 1000);
}

TEST(TableFunctionArgsTest, MissingRequiredArgumentCostsMost) {
  Plan p({5, 7});
  ASSERT_EQ(PlanTableFunctionArgs(&p.info, kFirst, kCount, kRequired), SQLITE_OK);
  EXPECT_EQ(p.info.idxNum, 0b101);
  EXPECT_EQ(p.usage[1].argvIndex, 2);
  EXPECT_EQ(p.info.estimatedCost, 1e30);
}

TEST(TableFunctionArgsTest, UnusableArgumentConstraintRejectsThePlan) {
  Plan p({5, 6}, /*unusable=*/{1});
  EXPECT_EQ(PlanTableFunctionArgs(&p.info, kFirst, kCount, kRequired), SQLITE_CONSTRAINT);
}

}  // namespace
}  // namespace weft
