// Unit tests of running_rows.h and thread_state_columns.h: the ranks and
// slices of Running rows against a reference, over word and gap edges;
// thread_state's columns read a Running row's cells from its sched slice,
// its dur from the slice until set, and own rows as stored.
#include "src/storage/running_rows.h"
#include "src/storage/thread_state_columns.h"

#include <algorithm>
#include <map>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "src/storage/sched_tables.h"

namespace weft {
namespace {

// Rows in a random mix of own and running, the running ones' slices
// increasing with gaps of 0 to 200 sched rows (several words at times).
struct Reference {
  std::vector<bool> running;
  std::vector<uint32_t> own_index, slice;  // By row (the one that applies).
};

Reference Fill(RunningRows* rows, size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  Reference ref;
  uint32_t own = 0, next_slice = 0;
  for (size_t r = 0; r < n; ++r) {
    // Long runs of one kind now and then: whole words of each.
    bool is_running = (r / 300) % 7 == 3 ? true : (r / 300) % 7 == 5 ? false : rng() % 3 == 0;
    ref.running.push_back(is_running);
    if (is_running) {
      uint32_t gap = rng() % 10 == 0 ? rng() % 200 : rng() % 2;
      next_slice += gap;
      rows->AppendRunning(next_slice);
      ref.slice.push_back(next_slice++);
      ref.own_index.push_back(0);
    } else {
      rows->AppendOwn();
      ref.own_index.push_back(own++);
      ref.slice.push_back(0);
    }
  }
  return ref;
}

TEST(RunningRowsTest, RanksAndSlicesMatchAReference) {
  RunningRows rows;
  Reference ref = Fill(&rows, 20000, 7);
  ASSERT_EQ(rows.size(), ref.running.size());
  for (uint32_t r = 0; r < ref.running.size(); ++r) {
    ASSERT_EQ(rows.IsRunning(r), ref.running[r]) << r;
    if (ref.running[r]) {
      ASSERT_EQ(rows.SliceOf(r), ref.slice[r]) << r;
    } else {
      ASSERT_EQ(rows.OwnIndex(r), ref.own_index[r]) << r;
    }
  }
  std::vector<uint32_t> slices;
  rows.ForEachSlice([&](uint32_t s) { slices.push_back(s); });
  std::vector<uint32_t> expected;
  for (uint32_t r = 0; r < ref.running.size(); ++r) {
    if (ref.running[r]) expected.push_back(ref.slice[r]);
  }
  EXPECT_EQ(slices, expected);
}

TEST(RunningRowsTest, LookupsInAnyOrderOnTwoObjectsAgree) {
  // Lookups step on from the last one (per thread): jumps back, short and
  // long steps forward, and another object's lookups in between.
  RunningRows a, b;
  Reference ref_a = Fill(&a, 4000, 21), ref_b = Fill(&b, 4000, 22);
  std::mt19937 rng(9);
  uint32_t row = 0;
  for (int i = 0; i < 20000; ++i) {
    uint32_t step = rng() % 4;
    row = step == 0 ? rng() % 4000 : std::min<uint32_t>(3999, row + step + (rng() % 12));
    bool on_a = rng() % 3 != 0;
    const RunningRows& rows = on_a ? a : b;
    const Reference& ref = on_a ? ref_a : ref_b;
    if (ref.running[row]) {
      ASSERT_EQ(rows.SliceOf(row), ref.slice[row]) << i;
    }
  }
}

TEST(RunningRowsTest, ForEachWalksAnyRangeAsTheLookupsDo) {
  RunningRows rows;
  Reference ref = Fill(&rows, 5000, 11);
  std::mt19937 rng(3);
  for (int i = 0; i < 300; ++i) {
    uint32_t first = rng() % 5000;
    uint32_t count = i % 10 == 0 ? 5000 - first : rng() % (5000 - first);
    uint32_t expected_row = first;
    rows.ForEach(
        first, count,
        [&](uint32_t row, uint32_t own) {
          ASSERT_EQ(row, expected_row++);
          ASSERT_FALSE(ref.running[row]);
          ASSERT_EQ(own, ref.own_index[row]);
        },
        [&](uint32_t row, uint32_t slice) {
          ASSERT_EQ(row, expected_row++);
          ASSERT_TRUE(ref.running[row]);
          ASSERT_EQ(slice, ref.slice[row]) << "row " << row << " from " << first;
        });
    ASSERT_EQ(expected_row, first + count);
  }
}

class ThreadStateColumnsTest : public ::testing::Test {
 protected:
  static constexpr StringId kRunning = 5, kSleeping = 6;

  // A switch on |cpu| at |ts| to |utid|: a sched slice and its Running row.
  uint32_t Switch(int64_t ts, uint32_t cpu, uint32_t utid) {
    uint32_t slice = sched_.Insert(ts, -1, cpu, utid, cpu);
    return states_.InsertRunning(slice, RunningRow(ts, cpu, utid));
  }
  static ThreadStateTable::Row RunningRow(int64_t ts, uint32_t cpu, uint32_t utid) {
    ThreadStateTable::Row r{ts, -1, utid, kRunning};
    r.cpu = r.ucpu = cpu;
    return r;
  }

  SchedTable sched_;
  ThreadStateTable states_{&sched_};
};

TEST_F(ThreadStateColumnsTest, RunningRowsReadTheirSliceOwnRowsTheirCells) {
  uint32_t a = Switch(100, 2, 7);
  uint32_t own = states_.Insert(120, 30, 8, kSleeping);
  sched_.Insert(130, 20, 3, 0, 3);  // The idle task: no Running row.
  uint32_t b = Switch(150, 1, 9);
  ASSERT_EQ(states_.row_count(), 3u);

  EXPECT_EQ(states_.ts[a], 100);
  EXPECT_EQ(states_.cpu[a], 2u);
  EXPECT_EQ(states_.utid[a], 7u);
  EXPECT_EQ(states_.state[a], kRunning);
  EXPECT_EQ(states_.ucpu[a], 2u);
  EXPECT_EQ(states_.dur[a], -1);
  EXPECT_EQ(states_.ts[b], 150);
  EXPECT_EQ(states_.cpu[b], 1u);
  EXPECT_EQ(states_.utid[b], 9u);

  EXPECT_EQ(states_.ts[own], 120);
  EXPECT_EQ(states_.dur[own], 30);
  EXPECT_TRUE(states_.cpu.IsNull(own));
  EXPECT_TRUE(states_.ucpu.IsNull(own));
  EXPECT_EQ(states_.utid.GetInt(own), 8);
  EXPECT_EQ(states_.state.GetString(own), kSleeping);

  // A slice's end is its Running row's, until the row's own is set.
  sched_.dur.Set(0, 40);
  EXPECT_EQ(states_.dur[a], 40);
  states_.dur.Set(b, 5);
  sched_.dur.Set(2, 60);
  EXPECT_EQ(states_.dur[b], 5);
  states_.dur.Set(own, 31);
  EXPECT_EQ(states_.dur[own], 31);

  int64_t ts[3], dur[3];
  ASSERT_TRUE(states_.ts.ReadInt64s(0, 3, ts));
  ASSERT_TRUE(states_.dur.ReadInt64s(0, 3, dur));
  EXPECT_EQ(std::vector<int64_t>(ts, ts + 3), (std::vector<int64_t>{100, 120, 150}));
  EXPECT_EQ(std::vector<int64_t>(dur, dur + 3), (std::vector<int64_t>{40, 31, 5}));
  EXPECT_TRUE(states_.ts.IsNonDecreasing());

  const uint32_t* rows = nullptr;
  size_t count = 0;
  ASSERT_TRUE(states_.utid.EqualRows(9, &rows, &count));
  ASSERT_EQ(count, 1u);
  EXPECT_EQ(rows[0], b);
}

TEST_F(ThreadStateColumnsTest, KeptDurDoesNotFollowTheSliceLater) {
  uint32_t a = Switch(100, 0, 7);
  states_.dur.KeepWhenSliceEnds(a);  // The row is not ended with its slice.
  sched_.dur.Set(0, 50);
  EXPECT_EQ(states_.dur[a], -1);
  EXPECT_EQ(sched_.dur[0], 50);
  // An own dur set before is kept, not replaced.
  uint32_t b = Switch(200, 1, 8);
  states_.dur.Set(b, 10);
  states_.dur.KeepWhenSliceEnds(b);
  sched_.dur.Set(1, 70);
  EXPECT_EQ(states_.dur[b], 10);
}

TEST_F(ThreadStateColumnsTest, DursSetOutOfRowOrderReadBack) {
  std::vector<uint32_t> rows;
  for (uint32_t i = 0; i < 300; ++i) rows.push_back(Switch(10 * i, i % 4, 1 + i % 5));
  // Own durs set in a shuffled order (entries inserted before others).
  std::mt19937 rng(5);
  std::vector<uint32_t> order = rows;
  std::shuffle(order.begin(), order.end(), rng);
  for (uint32_t r : order) {
    if (r % 3 == 0) states_.dur.Set(r, 1000 + r);
  }
  for (uint32_t i = 0; i < 300; ++i) sched_.dur.Set(i, 7);
  std::vector<int64_t> dur(300);
  ASSERT_TRUE(states_.dur.ReadInt64s(0, 300, dur.data()));
  for (uint32_t r : rows) {
    int64_t expected = r % 3 == 0 ? 1000 + r : 7;
    ASSERT_EQ(states_.dur[r], expected) << r;
    ASSERT_EQ(dur[r], expected) << r;
  }
}

TEST_F(ThreadStateColumnsTest, ASliceOutOfOrderMakesARowOfItsOwn) {
  sched_.Insert(100, -1, 0, 3, 0);
  uint32_t later = Switch(200, 1, 4);
  uint32_t early = states_.InsertRunning(0, RunningRow(100, 0, 3));  // Before slice 1.
  EXPECT_TRUE(states_.ReadsSlice(later));
  EXPECT_FALSE(states_.ReadsSlice(early));
  EXPECT_EQ(states_.ts[early], 100);
  EXPECT_EQ(states_.utid[early], 3u);
  EXPECT_EQ(states_.state[early], kRunning);
  EXPECT_FALSE(states_.ts.IsNonDecreasing());
  sched_.dur.Set(0, 9);
  EXPECT_EQ(states_.dur[early], -1);  // Its own, not the slice's.
}

// Values put in any row order, replaced or kept, int32 or wider, read back
// as a map would (Find, and by position in row order).
TEST(RowValuesTest, PutInAnyOrderReadsLikeAMap) {
  RowValues values;
  std::map<uint32_t, int64_t> ref;
  std::mt19937 rng(11);
  for (int i = 0; i < 5000; ++i) {
    uint32_t row = i < 2500 ? static_cast<uint32_t>(i * 3) : rng() % 9000;  // Appends, then any.
    int64_t v = rng() % 4 == 0 ? static_cast<int64_t>(rng()) << 20
                               : static_cast<int64_t>(rng() % 100000) - 1;
    bool replace = rng() % 2 == 0;
    values.Put(row, v, replace);
    if (replace || !ref.count(row)) ref[row] = v;
  }
  ASSERT_EQ(values.size(), ref.size());
  size_t i = 0;
  for (const auto& [row, v] : ref) {
    int64_t found = 0;
    ASSERT_TRUE(values.Find(row, &found)) << row;
    EXPECT_EQ(found, v) << row;
    EXPECT_EQ(values.row_at(i), row);
    EXPECT_EQ(values.value_at(i), v);
    ++i;
  }
  int64_t none;
  EXPECT_FALSE(values.Find(9001, &none));
  EXPECT_FALSE(values.Find(1, &none) && !ref.count(1));
}

}  // namespace
}  // namespace weft
