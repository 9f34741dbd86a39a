#include "src/importers/common/slice_tracker.h"

#include <string>

#include <gtest/gtest.h>

namespace weft {
namespace {

class SliceTrackerTest : public ::testing::Test {
 protected:
  SliceInfo Info(const char* name, const char* cat = "cat") {
    SliceInfo info;
    info.name = name ? storage_.Intern(name) : kNullStringId;
    info.cat = cat ? storage_.Intern(cat) : kNullStringId;
    return info;
  }
  uint32_t X(uint32_t track, int64_t ts, int64_t dur, const char* name) {
    Overlap overlap;
    uint32_t row = tracker_.Scoped(track, ts, dur, Info(name), &overlap);
    EXPECT_NE(row, kNoSlice) << name;
    EXPECT_EQ(overlap.conflicting_slice, kNoSlice);
    return row;
  }
  int64_t Dur(uint32_t row) { return storage_.slice.dur[row]; }
  uint32_t Depth(uint32_t row) { return storage_.slice.depth[row]; }
  uint32_t Parent(uint32_t row) { return storage_.slice.parent_id[row]; }
  int64_t Stat(Stat s) { return storage_.stats.Get(s); }

  TraceStorage storage_;
  SliceTracker tracker_{&storage_};
};

TEST_F(SliceTrackerTest, BeginEndNesting) {
  uint32_t a = tracker_.Begin(0, 100, Info("A"));
  uint32_t b = tracker_.Begin(0, 110, Info("B"));
  EXPECT_EQ(Dur(a), -1) << "open until its end";
  EXPECT_EQ(tracker_.End(0, 120, Info("B")), b);
  uint32_t c = tracker_.Begin(0, 130, Info("C"));
  EXPECT_EQ(tracker_.End(0, 140, Info("C")), c);
  EXPECT_EQ(tracker_.End(0, 200, Info("A")), a);
  EXPECT_EQ(Dur(a), 100);
  EXPECT_EQ(Dur(b), 10);
  EXPECT_EQ(Dur(c), 10);
  EXPECT_EQ(Depth(a), 0u);
  EXPECT_EQ(Parent(a), kNoSlice);
  EXPECT_EQ(Depth(b), 1u);
  EXPECT_EQ(Parent(b), a);
  EXPECT_EQ(Depth(c), 1u);
  EXPECT_EQ(Parent(c), a);
  uint32_t d = tracker_.Begin(0, 300, Info("D"));
  EXPECT_EQ(Depth(d), 0u);
  EXPECT_EQ(Stat(Stat::misplaced_end_event), 0);
}

TEST_F(SliceTrackerTest, CompleteEventsNest) {
  uint32_t a = X(0, 100, 50, "A");
  uint32_t b = X(0, 110, 10, "B");
  uint32_t c = X(0, 125, 25, "C");  // Ends exactly with A: still nested.
  uint32_t d = X(0, 150, 10, "D");  // Starts where A ends: sibling.
  EXPECT_EQ(Depth(a), 0u);
  EXPECT_EQ(Depth(b), 1u);
  EXPECT_EQ(Parent(b), a);
  EXPECT_EQ(Depth(c), 1u);
  EXPECT_EQ(Parent(c), a);
  EXPECT_EQ(Depth(d), 0u);
  EXPECT_EQ(Parent(d), kNoSlice);
  EXPECT_EQ(Dur(a), 50);
}

TEST_F(SliceTrackerTest, MixedBeginAndComplete) {
  uint32_t a = tracker_.Begin(0, 100, Info("A"));
  uint32_t x = X(0, 110, 20, "X");
  uint32_t y = X(0, 140, 5, "Y");  // X ended: sibling of X under A.
  EXPECT_EQ(tracker_.End(0, 200, Info("A")), a);
  EXPECT_EQ(Parent(x), a);
  EXPECT_EQ(Depth(y), 1u);
  EXPECT_EQ(Parent(y), a);
}

TEST_F(SliceTrackerTest, ZeroDurationQuirks) {
  // Instants at the same timestamp stack on each other.
  uint32_t i1 = X(0, 100, 0, "i1");
  uint32_t i2 = X(0, 100, 0, "i2");
  EXPECT_EQ(Depth(i1), 0u);
  EXPECT_EQ(Depth(i2), 1u);
  EXPECT_EQ(Parent(i2), i1);
  // A non-zero slice at that instant does not nest under them.
  uint32_t s = X(0, 100, 10, "s");
  EXPECT_EQ(Depth(s), 0u);
  // An instant at the end of a slice is not inside it.
  uint32_t after = X(0, 110, 0, "after");
  EXPECT_EQ(Depth(after), 0u);
  // An instant inside a slice nests.
  uint32_t p = X(0, 200, 10, "p");
  uint32_t in = X(0, 205, 0, "in");
  EXPECT_EQ(Parent(in), p);
  // A B event at an instant's timestamp does not nest under it.
  uint32_t z = X(0, 300, 0, "z");
  uint32_t b = tracker_.Begin(0, 300, Info("b"));
  EXPECT_EQ(Depth(b), 0u);
  (void)z;
}

TEST_F(SliceTrackerTest, EndMatchesByNameAndCategory) {
  uint32_t a = tracker_.Begin(0, 100, Info("A", "c1"));
  uint32_t b = tracker_.Begin(0, 110, Info("B", "c2"));
  // No match: wrong category for B, unknown name.
  EXPECT_EQ(tracker_.End(0, 120, Info("B", "c1")), kNoSlice);
  EXPECT_EQ(tracker_.End(0, 121, Info("Z", "c2")), kNoSlice);
  EXPECT_EQ(Dur(a), -1);
  EXPECT_EQ(Dur(b), -1);
  // NULL name and category match anything: the innermost open slice.
  EXPECT_EQ(tracker_.End(0, 130, Info(nullptr, nullptr)), b);
  EXPECT_EQ(Dur(b), 20);
  // A NULL name with a category matches by category only.
  EXPECT_EQ(tracker_.End(0, 140, Info(nullptr, "c1")), a);
  EXPECT_EQ(Dur(a), 40);

  // An end that matches an outer slice closes it, skipping the inner one.
  uint32_t c = tracker_.Begin(0, 200, Info("C", "c3"));
  uint32_t d = tracker_.Begin(0, 210, Info("D", "c4"));
  EXPECT_EQ(tracker_.End(0, 220, Info("C", "c3")), c);
  EXPECT_EQ(Dur(c), 20);
  EXPECT_EQ(Dur(d), -1);
  EXPECT_EQ(Stat(Stat::misplaced_end_event), 0);
}

TEST_F(SliceTrackerTest, SliceOpenPastParentEndIsClosedWithIt) {
  uint32_t a = tracker_.Begin(0, 100, Info("A"));
  uint32_t b = tracker_.Begin(0, 110, Info("B"));
  EXPECT_EQ(tracker_.End(0, 150, Info("A")), a);
  // The next event after A's end closes B at A's end, counted as misplaced.
  uint32_t c = tracker_.Begin(0, 200, Info("C"));
  EXPECT_EQ(Dur(b), 40);
  EXPECT_EQ(Stat(Stat::misplaced_end_event), 1);
  EXPECT_EQ(Depth(c), 0u);
}

TEST_F(SliceTrackerTest, EndsAtOneTimeMayComeOutermostFirst) {
  uint32_t a = tracker_.Begin(0, 100, Info("emit"));
  uint32_t b = tracker_.Begin(0, 100, Info("A"));
  uint32_t c = tracker_.Begin(0, 100, Info("emit"));
  EXPECT_EQ(tracker_.End(0, 200, Info("A")), b);
  // A ended with c open inside it: an end at A's end time still reaches c
  // (not the outer slice of the same name).
  EXPECT_EQ(tracker_.End(0, 200, Info("emit")), c);
  EXPECT_EQ(Dur(c), 100);
  EXPECT_EQ(Dur(a), -1);
  EXPECT_EQ(Stat(Stat::misplaced_end_event), 0);
}

TEST_F(SliceTrackerTest, CutCountsOncePerEndedSlice) {
  uint32_t a = tracker_.Begin(0, 100, Info("A"));
  uint32_t b = tracker_.Begin(0, 110, Info("B"));
  uint32_t c = tracker_.Begin(0, 120, Info("C"));
  EXPECT_EQ(tracker_.End(0, 150, Info("A")), a);
  // A slice begun at A's end time still nests in the open ones ...
  uint32_t d = tracker_.Begin(0, 150, Info("D"));
  EXPECT_EQ(Depth(d), 3u);
  // ... and the first event after it cuts all three at A's end.
  uint32_t e = tracker_.Begin(0, 151, Info("E"));
  EXPECT_EQ(Dur(b), 40);
  EXPECT_EQ(Dur(c), 30);
  EXPECT_EQ(Dur(d), 0);
  EXPECT_EQ(Depth(e), 0u);
  EXPECT_EQ(Stat(Stat::misplaced_end_event), 1);
}

TEST_F(SliceTrackerTest, UnmatchedEndDropsArgs) {
  uint32_t set = storage_.args.BeginSet();
  StringId k = storage_.Intern("k");
  storage_.args.AddInt(set, k, k, 1);
  set = storage_.args.FinishSet(/*shareable=*/false);
  SliceInfo info = Info("nothing");
  info.arg_set = set;
  EXPECT_EQ(tracker_.End(0, 100, info), kNoSlice);
  storage_.Finalize();
  EXPECT_EQ(storage_.args.row_count(), 0u);
}

TEST_F(SliceTrackerTest, EndArgsJoinSlice) {
  StringId k1 = storage_.Intern("k1"), k2 = storage_.Intern("k2");
  // A has its own args; B has none.
  uint32_t begin_set = storage_.args.BeginSet();
  storage_.args.AddInt(begin_set, k1, k1, 1);
  begin_set = storage_.args.FinishSet();
  SliceInfo a_info = Info("A");
  a_info.arg_set = begin_set;
  uint32_t a = tracker_.Begin(0, 100, a_info);
  uint32_t b = tracker_.Begin(0, 110, Info("B"));

  uint32_t b_end = storage_.args.BeginSet();
  storage_.args.AddInt(b_end, k2, k2, 22);
  b_end = storage_.args.FinishSet(/*shareable=*/false);
  SliceInfo b_end_info = Info("B");
  b_end_info.arg_set = b_end;
  EXPECT_EQ(tracker_.End(0, 120, b_end_info), b);

  uint32_t a_end = storage_.args.BeginSet();
  storage_.args.AddInt(a_end, k2, k2, 2);
  a_end = storage_.args.FinishSet(/*shareable=*/false);
  SliceInfo a_end_info = Info("A");
  a_end_info.arg_set = a_end;
  EXPECT_EQ(tracker_.End(0, 130, a_end_info), a);

  storage_.Finalize();
  const ArgsTable& args = storage_.args;
  uint32_t a_set = storage_.slice.arg_set_id[a];
  uint32_t b_set = storage_.slice.arg_set_id[b];
  ASSERT_NE(a_set, Uint32Column::kNull);
  ASSERT_NE(b_set, Uint32Column::kNull);
  ASSERT_GE(args.FindArg(a_set, k1), 0);
  ASSERT_GE(args.FindArg(a_set, k2), 0);
  EXPECT_EQ(args.raw_value(static_cast<uint32_t>(args.FindArg(a_set, k2))), 2);
  ASSERT_GE(args.FindArg(b_set, k2), 0);
  EXPECT_EQ(args.raw_value(static_cast<uint32_t>(args.FindArg(b_set, k2))), 22);
  EXPECT_EQ(args.FindArg(b_set, k1), -1);
  EXPECT_EQ(args.row_count(), 3u) << "no leftover rows from the end events";
}

TEST_F(SliceTrackerTest, OverlapDetection) {
  uint32_t a = X(0, 100, 50, "A");
  Overlap overlap;
  EXPECT_EQ(tracker_.Scoped(0, 120, 60, Info("B"), &overlap), kNoSlice);
  EXPECT_EQ(overlap.conflicting_slice, a);
  EXPECT_EQ(storage_.slice.row_count(), 1u) << "nothing inserted";
  // The stack is unchanged: a slice inside A still nests.
  uint32_t c = X(0, 130, 10, "C");
  EXPECT_EQ(Parent(c), a);
  // Overlap with an open B slice is not detected (its end is unknown).
  uint32_t b = tracker_.Begin(1, 100, Info("B"));
  uint32_t d = X(1, 120, 1000, "D");
  EXPECT_EQ(Parent(d), b);
}

TEST_F(SliceTrackerTest, TracksAreIndependent) {
  uint32_t a = tracker_.Begin(0, 100, Info("A"));
  uint32_t b = tracker_.Begin(7, 110, Info("B"));
  EXPECT_EQ(Depth(b), 0u);
  EXPECT_EQ(tracker_.End(0, 120, Info(nullptr, nullptr)), a);
  EXPECT_EQ(Dur(b), -1);
  EXPECT_EQ(storage_.slice.track_id[b], 7u);
  EXPECT_EQ(tracker_.OpenSliceAt(7, 130), b);
  EXPECT_EQ(tracker_.OpenSliceAt(0, 130), kNoSlice);
  EXPECT_EQ(tracker_.OpenSliceAt(3, 130), kNoSlice);
}

TEST_F(SliceTrackerTest, OpenSliceAt) {
  uint32_t a = X(0, 100, 50, "A");
  uint32_t b = X(0, 110, 10, "B");
  EXPECT_EQ(tracker_.OpenSliceAt(0, 115), b);
  EXPECT_EQ(tracker_.OpenSliceAt(0, 130), a);
  EXPECT_EQ(tracker_.OpenSliceAt(0, 200), kNoSlice);
}

TEST_F(SliceTrackerTest, ThreadTime) {
  SliceInfo info = Info("A");
  info.tts = 1000;
  uint32_t a = tracker_.Begin(0, 100, info);
  SliceInfo end = Info("A");
  end.tts = 1030;
  EXPECT_EQ(tracker_.End(0, 200, end), a);
  EXPECT_EQ(storage_.slice.thread_ts.GetInt(a), 1000);
  ASSERT_FALSE(storage_.slice.thread_dur.IsNull(a));
  EXPECT_EQ(storage_.slice.thread_dur.GetInt(a), 30);
  // Without thread time, the columns stay NULL.
  uint32_t b = X(0, 300, 10, "B");
  EXPECT_TRUE(storage_.slice.thread_ts.IsNull(b));
  EXPECT_TRUE(storage_.slice.thread_dur.IsNull(b));
}

TEST_F(SliceTrackerTest, DeepNesting) {
  std::vector<uint32_t> rows;
  for (int i = 0; i < 500; ++i) rows.push_back(tracker_.Begin(0, 100 + i, Info("n")));
  for (int i = 499; i >= 0; --i) {
    EXPECT_EQ(tracker_.End(0, 2000 - i, Info("n")), rows[static_cast<size_t>(i)]);
  }
  for (int i = 0; i < 500; ++i) {
    EXPECT_EQ(Depth(rows[static_cast<size_t>(i)]), static_cast<uint32_t>(i));
  }
}

}  // namespace
}  // namespace weft
